-- Tables partitioned by the time inside their keys (README "Partitioning by
-- creation time"): the lower bound of an instant per family, native RANGE
-- partitions bounded by them, pruning, a generated created_at column, and
-- the text decoders pg_partman calls.  Same output with and without preload.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- catalog markings: IMMUTABLE (pg_partman, generated columns), STRICT,
-- PARALLEL SAFE
SELECT p.proname, pg_get_function_arguments(p.oid) AS args, p.prorettype::regtype,
       p.provolatile, p.proisstrict, p.proparallel
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname LIKE '%\_lower\_bound' OR p.proname LIKE '%\_text\_to\_timestamptz'
ORDER BY 1;

-- The families and, per family, its bound, a generator at an explicit time
-- and its extraction function.  ULID has no explicit-time generator: any
-- 128 bits whose first 48 are the milliseconds are a ULID of that time, and
-- uuid_generate_v7(t) is one.
CREATE TEMP TABLE family (name text, bound text, gen text, extract text, decode text);
INSERT INTO family VALUES
    ('v7', 'uuid_v7_lower_bound', 'uuid_generate_v7(%s)', 'uuid_v7_to_timestamptz(%s)',
     'uuid_v7_text_to_timestamptz'),
    ('ulid', 'ulid_lower_bound', 'uuid_generate_v7(%s)', 'ulid_timestamp(%s)',
     'ulid_text_to_timestamptz'),
    ('comb', 'comb_lower_bound', $$comb_new(%s, 'postgresql', 'unix_ms')$$,
     $$comb_timestamp(%s, 'postgresql', 'unix_ms')$$, 'comb_text_to_timestamptz'),
    ('comb_sqldatetime', 'comb_sqldatetime_lower_bound',
     $$comb_new(%s, 'postgresql', 'sqldatetime')$$,
     $$comb_timestamp(%s, 'postgresql', 'sqldatetime')$$,
     'comb_sqldatetime_text_to_timestamptz'),
    ('v6', 'uuid_v6_lower_bound', 'uuid_generate_v6(%s)', 'uuid_v6_to_timestamptz(%s)',
     'uuid_v6_text_to_timestamptz');

-- the value of an expression, as text
CREATE FUNCTION pg_temp.eval(expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE 'SELECT (' || expr || ')::text' INTO result;
    RETURN result;
END $$;

-- the bound of a month's first instant: the time bytes, every other bit zero
-- but version and variant
SELECT name, pg_temp.eval(format('%s(%L)', bound, '2024-03-01 00:00+00')) AS "bound of 2024-03-01"
FROM family ORDER BY name;
-- a bound is at most every value generated at its instant and above every
-- value generated a tick (1 ms, 1/300 s) before it, at random instants
SELECT name,
       bool_and(pg_temp.eval(format('%s(%L) <= %s', bound, t, format(gen, quote_literal(t))))::bool)
           AS at_most_its_values,
       bool_and(pg_temp.eval(format('%s(%L) > %s', bound, t,
                                    format(gen, quote_literal(t - interval '3.34 ms'))))::bool)
           AS above_earlier_values
FROM family,
     LATERAL (SELECT timestamptz '2000-01-01' + random() * interval '70 years' AS t
              FROM generate_series(1, 200)) r
GROUP BY name ORDER BY name;

-- Monthly partitions of a table per family, bounded by its lower bounds
-- (each bound is evaluated once, by CREATE TABLE, and stored as a constant)
DO $$
DECLARE
    f record;
BEGIN
    FOR f IN SELECT * FROM family LOOP
        EXECUTE format('CREATE TABLE keys_%s (id uuid PRIMARY KEY) PARTITION BY RANGE (id)', f.name);
        FOR m IN 0..3 LOOP
            EXECUTE format('CREATE TABLE keys_%s_m%s PARTITION OF keys_%s FOR VALUES FROM (%s(%L)) TO (%s(%L))',
                           f.name, m + 1, f.name,
                           f.bound, timestamptz '2024-01-01 00:00+00' + m * interval '1 month',
                           f.bound, timestamptz '2024-01-01 00:00+00' + (m + 1) * interval '1 month');
        END LOOP;
    END LOOP;
END $$;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bounds
FROM pg_class c WHERE c.relname IN ('keys_v7_m1', 'keys_comb_sqldatetime_m4')
ORDER BY c.relname;
-- keys generated at each month's edges, and inside, land in the partition
-- of their creation time
CREATE TEMP TABLE instants AS
SELECT t FROM (VALUES ('2024-01-01 00:00:00+00'::timestamptz), ('2024-01-31 23:59:59.999999+00'),
                      ('2024-02-01 00:00:00+00'), ('2024-02-29 23:59:59.999+00'),
                      ('2024-03-01 00:00:00+00'), ('2024-03-31 23:59:59.996667+00'),
                      ('2024-04-01 00:00:00+00'), ('2024-04-30 23:59:59.999999+00')) v(t)
UNION ALL
SELECT timestamptz '2024-01-01 00:00+00' + random() * interval '4 months - 1 ms'
FROM generate_series(1, 400);
DO $$
DECLARE
    f record;
BEGIN
    FOR f IN SELECT * FROM family LOOP
        EXECUTE format('INSERT INTO keys_%s SELECT %s FROM instants', f.name, format(f.gen, 't'));
    END LOOP;
END $$;
SELECT name, pg_temp.eval(format(
           $$SELECT count(*) FILTER (WHERE tableoid::regclass::text =
                    'keys_%s_m' || extract(month FROM %s)) || ' of ' || count(*) FROM keys_%s$$,
           name, format(extract, 'id'), name)) AS in_their_month
FROM family ORDER BY name;
-- a key of a month without a partition has nowhere to go
\set VERBOSITY terse
INSERT INTO keys_v7 VALUES (uuid_v7_lower_bound('2024-05-01 00:00+00'));
\set VERBOSITY default

-- The text decoders, called as pg_partman calls them: on key::text and on
-- the text of a partition bound; decode(encode(t)) = t at a month's start
SELECT name,
       pg_temp.eval(format('%s(%s(%L)::text)', decode, bound, '2024-03-01 00:00+00')) AS round_trip,
       pg_temp.eval(format('(SELECT bool_and(%s(id::text) = %s) FROM keys_%s)',
                           decode, format(extract, 'id'), name)) AS same_as_extraction
FROM family ORDER BY name;
-- (pg_partman reads a partition's start from its bound expression, a quoted
-- literal, and calls the decoder on it)
SELECT f.name, c.relname,
       pg_temp.eval(format('%s(%s)', f.decode,
                           (regexp_match(pg_get_expr(c.relpartbound, c.oid),
                                         $$\(([^)]+)\) TO$$))[1])) AS partition_start
FROM family f JOIN pg_class c ON c.relname = 'keys_' || f.name || '_m2'
ORDER BY f.name;
-- other text forms uuid input accepts; a ULID's own 26 characters
SELECT uuid_v7_text_to_timestamptz('{018DF6E0-0000-7000-8000-000000000000}') AS braces,
       comb_text_to_timestamptz('018df6e0000040008000000000000000') AS hex_digits,
       ulid_text_to_timestamptz(uuid_to_ulid(ulid_lower_bound('2024-03-01 00:00+00'))) AS ulid_text;
-- uuid_v7_text_to_timestamptz is NULL for another version, as
-- uuid_v7_to_timestamptz
SELECT uuid_v7_text_to_timestamptz(gen_random_uuid()::text) IS NULL AS v4_is_null;
-- text that is no uuid (22P02), a COMB whose sqldatetime bytes hold no time
-- (22008), a bound outside the family's range (22008, naming it)
SELECT comb_text_to_timestamptz('not a uuid');
SELECT ulid_text_to_timestamptz('01ARZ3NDEKTSV4RRFFQ69G5FAU');
SELECT comb_sqldatetime_text_to_timestamptz('ffffffff-ffff-4000-8000-000000000000');
SELECT uuid_v7_lower_bound('1969-12-31 23:59:59.999999+00');
SELECT ulid_lower_bound('infinity');
SELECT comb_lower_bound('10889-08-02 05:31:50.656+00');
SELECT comb_sqldatetime_lower_bound('2079-06-07 00:00+00');
SELECT comb_sqldatetime_lower_bound('1899-12-31 23:59:59.999999+00');
SELECT uuid_v7_lower_bound(NULL) IS NULL AS a, ulid_text_to_timestamptz(NULL) IS NULL AS b;

-- A UUIDv7-keyed table with a generated created_at column (the extraction
-- function is IMMUTABLE) and monthly partitions around the current month
-- (of yesterday: see below), plus one for everything older
CREATE TABLE events (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    created_at timestamptz GENERATED ALWAYS AS (uuid_v7_to_timestamptz(id)) STORED,
    payload text
) PARTITION BY RANGE (id);
SELECT date_trunc('month', now() - interval '1 day') AS m \gset
CREATE TABLE events_older PARTITION OF events
    FOR VALUES FROM (MINVALUE) TO (uuid_v7_lower_bound(:'m'::timestamptz - interval '1 month'));
CREATE TABLE events_previous PARTITION OF events
    FOR VALUES FROM (uuid_v7_lower_bound(:'m'::timestamptz - interval '1 month'))
    TO (uuid_v7_lower_bound(:'m'));
CREATE TABLE events_current PARTITION OF events
    FOR VALUES FROM (uuid_v7_lower_bound(:'m')) TO (uuid_v7_lower_bound(:'m'::timestamptz + interval '1 month'));
CREATE TABLE events_next PARTITION OF events
    FOR VALUES FROM (uuid_v7_lower_bound(:'m'::timestamptz + interval '1 month'))
    TO (uuid_v7_lower_bound(:'m'::timestamptz + interval '2 months'));
INSERT INTO events (id, payload)
SELECT uuid_generate_v7(now() - d * interval '1 day'), d || ' days ago'
FROM generate_series(1, 90) d;
INSERT INTO events (payload) SELECT 'now' FROM generate_series(1, 10);
-- every row is in the partition of its created_at
SELECT bool_and(CASE
                WHEN created_at < :'m'::timestamptz - interval '1 month' THEN 'events_older'
                WHEN created_at < :'m' THEN 'events_previous'
                WHEN created_at < :'m'::timestamptz + interval '1 month' THEN 'events_current'
                ELSE 'events_next' END = tableoid::regclass::text) AS in_their_month,
       count(*) FILTER (WHERE payload = 'now') AS generated_now
FROM events;

-- Pruning.  now() is STABLE, so the plan keeps every partition and the
-- executor removes those below the bound at its start ("Subplans Removed");
-- yesterday is always in events_current, so the same two are removed every
-- day.  Sequential scans keep the plans the same on every server version.
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SET enable_indexonlyscan = off;
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF)
SELECT * FROM events WHERE id >= uuid_v7_lower_bound(now() - interval '1 day');
SELECT bool_and(created_at >= date_trunc('milliseconds', now() - interval '1 day'))
       AS only_the_last_day,
       count(*) FILTER (WHERE payload = 'now') AS generated_now
FROM events WHERE id >= uuid_v7_lower_bound(now() - interval '1 day');
-- a parameter is pruned the same way in a generic plan
SET plan_cache_mode = force_generic_plan;
PREPARE since(timestamptz) AS SELECT * FROM events WHERE id >= uuid_v7_lower_bound($1);
EXPLAIN (COSTS OFF) EXECUTE since(now() - interval '1 day');
DEALLOCATE since;
RESET plan_cache_mode;
-- a constant bound is folded by the planner (the function is IMMUTABLE):
-- the other partitions are not in the plan at all
EXPLAIN (COSTS OFF)
SELECT * FROM keys_v7 WHERE id >= uuid_v7_lower_bound('2024-03-15 00:00+00');
RESET enable_indexscan;
RESET enable_bitmapscan;
RESET enable_indexonlyscan;
RESET max_parallel_workers_per_gather;

DROP TABLE events;
DROP TABLE keys_v7, keys_ulid, keys_comb, keys_comb_sqldatetime;
DROP TABLE family, instants;
