-- Keys for ids that must not reveal their creation time (docs/facade.md,
-- "Choosing when ids must not reveal time"), against bigserial in the same
-- run: one backend inserts 1M rows into an empty
-- (id <key> PRIMARY KEY, payload int), the keys interleaved and their order
-- reversed every other round, median of 3 rounds; then each primary key's
-- size and leaf density (pgstattuple) from the last round.  "v7 + facade"
-- stores the v7: the facade is computed where an id is shown
-- (30_facade.sql has its cost per id).
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS pgstattuple;
CREATE TEMP TABLE secret_keys (n int, label text, coltype text, expr text);
INSERT INTO secret_keys VALUES
    (1, 'bigserial', 'bigserial', NULL),
    (2, 'uuid_generate_v7() (v7 + facade)', 'uuid', 'uuid_generate_v7()'),
    (3, 'ulid_generate()', 'uuid', 'ulid_generate()'),
    (4, 'typeid_generate(''user''), text COLLATE "C"', 'text COLLATE "C"', 'typeid_generate(''user'')'),
    (5, 'typeid_generate(''user''), text (the database''s collation)', 'text', 'typeid_generate(''user'')'),
    (6, 'gen_random_uuid() (v4)', 'uuid', 'gen_random_uuid()');
TRUNCATE bench.samples;
SELECT format('DROP TABLE IF EXISTS bench.secret_%s', k.n),
       format('CREATE TABLE bench.secret_%s (id %s PRIMARY KEY %s, payload int)',
              k.n, k.coltype, coalesce('DEFAULT ' || k.expr, '')),
       format('INSERT INTO bench.samples SELECT %L, bench.time_ms(%L)', k.label,
              format('INSERT INTO bench.secret_%s (payload) SELECT g FROM generate_series(1, 1000000) g', k.n))
FROM generate_series(1, 3) r CROSS JOIN secret_keys k
ORDER BY r, CASE WHEN r % 2 = 0 THEN -k.n ELSE k.n END
\gexec
\echo '== Keys that hide their creation time: 1M-row inserts, one backend (ms, median of 3; ratio to bigserial) =='
SELECT * FROM bench.summary('bigserial');
\echo '== ... their primary keys (last round) =='
WITH i AS (
    SELECT k.label, c.oid AS index, pg_relation_size(c.oid) AS bytes
    FROM secret_keys k
    JOIN pg_index x ON x.indrelid = format('bench.secret_%s', k.n)::regclass AND x.indisprimary
    JOIN pg_class c ON c.oid = x.indexrelid)
SELECT label, round(bytes / 1048576.0, 1) AS index_mb,
       round(bytes::numeric / (SELECT bytes FROM i WHERE label = 'bigserial'), 2) AS ratio,
       round((pgstatindex(index::regclass)).avg_leaf_density::numeric, 1) AS leaf_density
FROM i ORDER BY bytes, label;
SELECT format('DROP TABLE bench.secret_%s', n) FROM secret_keys
\gexec
