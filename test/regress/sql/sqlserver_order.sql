-- SQL Server order (src/README §5): uuid_sqlserver_cmp, the #<# #<=# #>=# #>#
-- operators, the uuid_sqlserver_ops operator class and the sqlguid type,
-- against the ranked vectors and the mssql_key oracle of
-- vectors/sqlserver_order.sql.  comb.sql, which runs next, uses mssql_key.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- the oracle and the vectors, as in vectors/sqlserver_order.sql
CREATE FUNCTION mssql_key(u uuid) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT substring(b from 11 for 6) || substring(b from 9 for 2)
      || substring(b from 8 for 1) || substring(b from 7 for 1)
      || substring(b from 6 for 1) || substring(b from 5 for 1)
      || substring(b from 4 for 1) || substring(b from 3 for 1)
      || substring(b from 2 for 1) || substring(b from 1 for 1)
  FROM (SELECT uuid_send(u) AS b) s $$;
CREATE TABLE sqlserver_order_vectors (rank int PRIMARY KEY, u uuid NOT NULL);
INSERT INTO sqlserver_order_vectors VALUES
 (1,'00000000-0000-0000-0000-000000000000'),
 (2,'01000000-0000-0000-0000-000000000000'),
 (3,'ff000000-0000-0000-0000-000000000000'),
 (4,'00000001-0000-0000-0000-000000000000'),
 (5,'ffffffff-0100-0000-0000-000000000000'),
 (6,'00000000-0001-0000-0000-000000000000'),
 (7,'ffffffff-ffff-0100-0000-000000000000'),
 (8,'00000000-0000-0001-0000-000000000000'),
 (9,'ffffffff-ffff-ffff-0001-000000000000'),
 (10,'00000000-0000-0000-0100-000000000000'),
 (11,'ffffffff-ffff-ffff-ffff-000000000001'),
 (12,'00000000-0000-0000-0000-000000000002'),
 (13,'00000000-0000-0000-0000-000000000100'),
 (14,'ffffffff-ffff-ffff-ffff-00ffffffffff'),
 (15,'00000000-0000-0000-0000-010000000000'),
 (16,'8dd5bca5-6abe-4f73-b4b7-393ae6bbb849'),
 (17,'00000000-0000-0000-0000-7fffffffffff'),
 (18,'00000000-0000-0000-0000-800000000000'),
 (19,'55666bee-b3a0-4bf5-81a7-86ff976e763f'),
 (20,'00000000-0000-0000-0000-ffffffffffff'),
 (21,'ffffffff-ffff-ffff-ffff-ffffffffffff');

-- catalog markings of every function, operator and class of this file
SELECT p.proname, pg_get_function_arguments(p.oid) AS args, p.prorettype::regtype,
       p.provolatile, p.proisstrict, p.proparallel, p.proleakproof, l.lanname
FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname LIKE 'uuid\_sqlserver%' OR p.proname LIKE '%sqlguid%'
ORDER BY 1, 2;
SELECT o.oprname, o.oprleft::regtype, o.oprright::regtype, o.oprcode,
       c.oprname AS commutator, n.oprname AS negator, o.oprrest, o.oprjoin,
       o.oprcanmerge, o.oprcanhash
FROM pg_operator o
JOIN pg_depend d ON d.classid = 'pg_operator'::regclass AND d.objid = o.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
LEFT JOIN pg_operator c ON c.oid = o.oprcom
LEFT JOIN pg_operator n ON n.oid = o.oprnegate
ORDER BY o.oprleft::regtype::text, o.oprright::regtype::text, o.oprname;
SELECT c.opcname, a.amname, c.opcintype::regtype, c.opcdefault, f.opfname
FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
JOIN pg_opfamily f ON f.oid = c.opcfamily
WHERE c.opcname IN ('uuid_sqlserver_ops', 'sqlguid_ops', 'sqlguid_hash_ops')
ORDER BY 1;
SELECT f.opfname, a.amname, o.amoplefttype::regtype, o.amoprighttype::regtype,
       o.amopstrategy, o.amopopr::regoperator
FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname IN ('uuid_sqlserver_ops', 'sqlguid_hash_ops')
ORDER BY 1, 2, o.amoplefttype::regtype::text, o.amoprighttype::regtype::text, 5;
SELECT f.opfname, a.amname, p.amproclefttype::regtype, p.amprocrighttype::regtype,
       p.amprocnum, p.amproc::regprocedure
FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.opfname IN ('uuid_sqlserver_ops', 'sqlguid_hash_ops')
ORDER BY 1, 2, p.amproclefttype::regtype::text, p.amprocrighttype::regtype::text, 5;
SELECT opcname, amvalidate(oid) FROM pg_opclass
WHERE opcname IN ('uuid_sqlserver_ops', 'sqlguid_ops', 'sqlguid_hash_ops') ORDER BY 1;

-- the 21 vectors: the oracle's order is the ranking, and so are ours
SELECT bool_and(rank = r) AS oracle_ranks
FROM (SELECT rank, row_number() OVER (ORDER BY mssql_key(u)) r
      FROM sqlserver_order_vectors) x;
SELECT rank, u FROM sqlserver_order_vectors ORDER BY u USING #<#;
SELECT array_agg(rank ORDER BY u::sqlguid) AS sqlguid_order,
       array_agg(rank ORDER BY u USING #>#) AS descending
FROM sqlserver_order_vectors;
-- every pair of vectors, through the function and every operator
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE sign(uuid_sqlserver_cmp(a.u, b.u)) <> sign(a.rank - b.rank)) AS cmp_wrong,
       count(*) FILTER (WHERE (a.u #<# b.u) <> (a.rank < b.rank)
                           OR (a.u #<=# b.u) <> (a.rank <= b.rank)
                           OR (a.u #>=# b.u) <> (a.rank >= b.rank)
                           OR (a.u #># b.u) <> (a.rank > b.rank)) AS operators_wrong
FROM sqlserver_order_vectors a, sqlserver_order_vectors b;

-- property test: random pairs, and pairs from a four-byte alphabet
-- (00 0f f0 ff) whose leading bytes often tie, against the oracle
CREATE TEMP TABLE pairs AS
SELECT gen_random_uuid() AS a, gen_random_uuid() AS b FROM generate_series(1, 10000)
UNION ALL
SELECT translate(md5('a' || n), '123456789abcde', '00000000000000')::uuid,
       translate(md5('b' || n), '123456789abcde', '00000000000000')::uuid
FROM generate_series(1, 10000) n;
INSERT INTO pairs SELECT a, a FROM pairs LIMIT 1000;
-- pairs that differ in one byte, 1000 for each of the 16 positions
CREATE TEMP TABLE byte_pairs AS
SELECT pos, a, encode(set_byte(uuid_send(a), pos, (random() * 255)::int), 'hex')::uuid AS b
FROM generate_series(0, 15) pos, LATERAL (
    SELECT gen_random_uuid() AS a FROM generate_series(1, 1000) WHERE pos >= 0) r;
-- the operators that disagree with the oracle keys ka, kb on a pair: the
-- #-operators, and sqlguid's against sqlguid and uuid both ways (callers
-- pass the keys as columns, so that the function is inlined)
CREATE FUNCTION disagreements(a uuid, b uuid, ka bytea, kb bytea) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
  SELECT (sign(uuid_sqlserver_cmp(a, b)) <> sign((ka > kb)::int - (ka < kb)::int))::int
       + ((a #<# b) <> (ka < kb))::int + ((a #<=# b) <> (ka <= kb))::int
       + ((a #>=# b) <> (ka >= kb))::int + ((a #># b) <> (ka > kb))::int
       + ((a::sqlguid < b::sqlguid) <> (ka < kb))::int
       + ((a::sqlguid <= b::sqlguid) <> (ka <= kb))::int
       + ((a::sqlguid = b::sqlguid) <> (ka = kb))::int
       + ((a::sqlguid <> b::sqlguid) <> (ka <> kb))::int
       + ((a::sqlguid >= b::sqlguid) <> (ka >= kb))::int
       + ((a::sqlguid > b::sqlguid) <> (ka > kb))::int
       + ((a::sqlguid < b) <> (ka < kb))::int + ((a::sqlguid <= b) <> (ka <= kb))::int
       + ((a::sqlguid = b) <> (ka = kb))::int + ((a::sqlguid <> b) <> (ka <> kb))::int
       + ((a::sqlguid >= b) <> (ka >= kb))::int + ((a::sqlguid > b) <> (ka > kb))::int
       + ((a < b::sqlguid) <> (ka < kb))::int + ((a <= b::sqlguid) <> (ka <= kb))::int
       + ((a = b::sqlguid) <> (ka = kb))::int + ((a <> b::sqlguid) <> (ka <> kb))::int
       + ((a >= b::sqlguid) <> (ka >= kb))::int + ((a > b::sqlguid) <> (ka > kb))::int $$;
SELECT count(*) >= 20000 AS enough_pairs, count(*) FILTER (WHERE a = b) AS equal_pairs,
       sum(disagreements(a, b, ka, kb)) AS disagreements,
       sum(disagreements(b, a, kb, ka)) AS swapped
FROM (SELECT a, b, mssql_key(a) AS ka, mssql_key(b) AS kb FROM pairs OFFSET 0) p;
SELECT pos, count(*) AS pairs, sum(disagreements(a, b, ka, kb)) AS disagreements,
       count(*) FILTER (WHERE sign(uuid_sqlserver_cmp(a, b)) <>
                              sign(get_byte(uuid_send(a), pos) - get_byte(uuid_send(b), pos)))
           AS decided_elsewhere
FROM (SELECT pos, a, b, mssql_key(a) AS ka, mssql_key(b) AS kb FROM byte_pairs OFFSET 0) p
GROUP BY pos ORDER BY pos;

-- sorts above 10k rows (abbreviated keys) match the oracle: random values,
-- COMBs, values that tie on every abbreviated byte (abbreviation aborts),
-- in memory and spilled to disk
CREATE TEMP TABLE sortable AS
SELECT n, u FROM (
    SELECT n, gen_random_uuid() AS u FROM generate_series(1, 30000) n
    UNION ALL
    SELECT n, comb_new() FROM generate_series(30001, 50000) n
    UNION ALL
    SELECT n, ('00000000-0000-4000-8000-' || lpad(to_hex(n % 3), 12, '0'))::uuid
    FROM generate_series(50001, 50100) n) s;
CREATE TEMP TABLE ties AS
SELECT n, (lpad(to_hex(n), 8, '0') || '-' || substr(md5(n::text), 1, 4) || '-4' ||
           substr(md5(n::text), 5, 3) || '-8000-000000000000')::uuid AS u
FROM generate_series(1, 30000) n;
SELECT count(*) AS tie_rows, count(DISTINCT mssql_key(u)) AS distinct_keys,
       count(DISTINCT substring(mssql_key(u) from 1 for 8)) AS distinct_abbreviations
FROM ties;
CREATE TEMP TABLE oracle_rank AS
SELECT 'sortable' AS t, u, row_number() OVER (ORDER BY mssql_key(u), n) AS r FROM sortable
UNION ALL
SELECT 'ties', u, row_number() OVER (ORDER BY mssql_key(u), n) FROM ties;
-- whether query returns the rows of table tab in the oracle's order
-- (descending: reversed)
CREATE FUNCTION sorted_like_oracle(tab text, query text, descending bool DEFAULT false)
RETURNS bool LANGUAGE plpgsql AS $$
DECLARE
    result bool;
BEGIN
    EXECUTE format('SELECT bool_and(o.u = s.u) AND count(*) = (SELECT count(*) FROM %I)
                    FROM (SELECT u, CASE WHEN %L THEN count(*) OVER () + 1 - row_number() OVER ()
                                         ELSE row_number() OVER () END AS r FROM (%s) q) s
                    JOIN oracle_rank o ON o.t = %L AND o.r = s.r', tab, descending, query, tab)
    INTO result;
    RETURN result;
END $$;
SELECT t, sorted_like_oracle(t, format('SELECT u FROM %I ORDER BY u USING #<#', t)) AS using_op,
       sorted_like_oracle(t, format('SELECT u::sqlguid FROM %I ORDER BY 1', t)) AS sqlguid,
       sorted_like_oracle(t, format('SELECT u FROM %I ORDER BY u USING #>#', t), true)
           AS descending
FROM (VALUES ('sortable'), ('ties')) v(t);
SET work_mem = '64kB';
SELECT t, sorted_like_oracle(t, format('SELECT u FROM %I ORDER BY u USING #<#', t)) AS external_sort,
       sorted_like_oracle(t, format('SELECT u::sqlguid FROM %I ORDER BY 1', t)) AS external_sqlguid
FROM (VALUES ('sortable'), ('ties')) v(t);
RESET work_mem;

-- an index with the operator class: built by sort (abbreviated keys), then
-- grown by inserts, with duplicates (deduplication: btequalimage); amcheck
-- finds it consistent, and ORDER BY ... USING #<# reads it in order
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TABLE mixed (n serial, u uuid);
INSERT INTO mixed (u) SELECT u FROM sortable;
INSERT INTO mixed (u) SELECT u FROM ties;
CREATE INDEX mixed_sqlserver ON mixed (u uuid_sqlserver_ops);
INSERT INTO mixed (u) SELECT comb_new('sqlserver', 'sqldatetime') FROM generate_series(1, 5000);
INSERT INTO mixed (u) SELECT gen_random_uuid() FROM generate_series(1, 5000);
INSERT INTO mixed (u) SELECT u FROM mixed WHERE n % 10 = 0;
SELECT bt_index_check('mixed_sqlserver', true) AS index_check,
       bt_index_parent_check('mixed_sqlserver', true) AS parent_check;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM mixed ORDER BY u USING #<# LIMIT 10;
EXPLAIN (COSTS OFF) SELECT * FROM mixed WHERE u #># '00000000-0000-0000-0000-800000000000';
-- comparisons with a sqlguid are in the same operator family
EXPLAIN (COSTS OFF) SELECT * FROM mixed WHERE u = '8dd5bca5-6abe-4f73-b4b7-393ae6bbb849'::sqlguid;
SELECT bool_and(mssql_key(u) >= mssql_key(prev)) AS index_order
FROM (SELECT u, lag(u) OVER () AS prev
      FROM (SELECT u FROM mixed ORDER BY u USING #<#) s) t;
SELECT count(*) = (SELECT count(*) FROM mixed
                   WHERE mssql_key(u) > mssql_key('00000000-0000-0000-0000-800000000000'))
    AS range_scan
FROM mixed WHERE u #># '00000000-0000-0000-0000-800000000000';
RESET enable_seqscan;
RESET enable_bitmapscan;
DROP TABLE mixed;

-- sqlguid: uuid's text and binary forms, casts, hashing, and SQL Server
-- order for comparisons that involve it
SELECT '8DD5BCA5-6ABE-4F73-B4B7-393AE6BBB849'::sqlguid AS text_in,
       '{8dd5bca5-6abe-4f73-b4b7-393ae6bbb849}'::sqlguid::text AS braces,
       sqlguid_send('8dd5bca5-6abe-4f73-b4b7-393ae6bbb849') =
           uuid_send('8dd5bca5-6abe-4f73-b4b7-393ae6bbb849') AS same_binary;
SELECT 'not a guid'::sqlguid;
SELECT t.typname, t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcategory
FROM pg_type t WHERE t.typname IN ('uuid', 'sqlguid') ORDER BY 1;
SELECT castsource::regtype, casttarget::regtype, castfunc, castcontext, castmethod
FROM pg_cast WHERE castsource = 'sqlguid'::regtype OR casttarget = 'sqlguid'::regtype
ORDER BY castsource::regtype::text;
-- uuid -> sqlguid is an assignment cast, sqlguid -> uuid implicit
CREATE TEMP TABLE guids (g sqlguid, u uuid);
INSERT INTO guids VALUES (gen_random_uuid(), NULL);
UPDATE guids SET u = g;
SELECT g = u AS equal, uuid_version(g) AS implicit_to_uuid FROM guids;
SELECT pg_typeof(g) FROM guids WHERE g = (SELECT u FROM guids);
-- an unknown literal compares as sqlguid
SELECT '01000000-0000-0000-0000-000000000000'::sqlguid < '00000000-0000-0000-0000-000000000002'
    AS sqlserver_lt,
       '01000000-0000-0000-0000-000000000000'::uuid < '00000000-0000-0000-0000-000000000002'
    AS uuid_lt;
-- hashing is uuid's, so hash joins and hash aggregates mix the two types
CREATE TEMP TABLE guid_rows AS
SELECT n, u, u::sqlguid AS g FROM sortable WHERE n % 50 = 0;
ANALYZE guid_rows;
SELECT sqlguid_hash(g) = uuid_hash(u) AND sqlguid_hash_extended(g, 7) = uuid_hash_extended(u, 7)
    AS same_hash
FROM guid_rows LIMIT 1;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM guid_rows a JOIN guid_rows b ON a.g = b.u;
SELECT count(*) AS hash_join FROM guid_rows a JOIN guid_rows b ON a.g = b.u;
RESET enable_mergejoin;
RESET enable_nestloop;
SET enable_sort = off;
SELECT count(*) AS hash_aggregate FROM (SELECT g FROM guid_rows GROUP BY g) s;
RESET enable_sort;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM guid_rows a JOIN guid_rows b ON a.u = b.g;
SELECT count(*) AS merge_join FROM guid_rows a JOIN guid_rows b ON a.u = b.g;
RESET enable_hashjoin;
RESET enable_nestloop;
-- a sqlguid primary key serves lookups by uuid and by sqlguid
CREATE TABLE guid_pk (id sqlguid PRIMARY KEY);
INSERT INTO guid_pk SELECT DISTINCT u FROM sortable;
ANALYZE guid_pk;
PREPARE by_uuid(uuid) AS SELECT id FROM guid_pk WHERE id = $1;
PREPARE by_uuid_reversed(uuid) AS SELECT id FROM guid_pk WHERE $1 = id;
PREPARE by_range(uuid) AS SELECT id FROM guid_pk WHERE id > $1;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) EXECUTE by_uuid('8dd5bca5-6abe-4f73-b4b7-393ae6bbb849');
EXPLAIN (COSTS OFF) EXECUTE by_uuid_reversed('8dd5bca5-6abe-4f73-b4b7-393ae6bbb849');
EXPLAIN (COSTS OFF) EXECUTE by_range('00000000-0000-0000-0000-800000000000');
EXPLAIN (COSTS OFF) SELECT id FROM guid_pk ORDER BY id LIMIT 5;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) = (SELECT count(*) FROM sortable
                   WHERE mssql_key(u) > mssql_key('00000000-0000-0000-0000-800000000000'))
    AS range_in_sqlserver_order
FROM guid_pk WHERE id > '00000000-0000-0000-0000-800000000000'::uuid;
SELECT bt_index_check('guid_pk_pkey', true) AS pk_check;
-- min() and max() of sqlguid are SQL Server's, read from the index's ends
SELECT min(id) = (SELECT id FROM guid_pk ORDER BY id LIMIT 1) AS min_sqlserver,
       max(id) = (SELECT id FROM guid_pk ORDER BY id DESC LIMIT 1) AS max_sqlserver,
       max(id) = (SELECT u FROM sortable ORDER BY mssql_key(u) DESC LIMIT 1) AS max_oracle,
       max(id::uuid::text) <> max(id)::text AS differs_from_uuid_order
FROM guid_pk;
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$ BEGIN RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || query; END $$;
-- no plan node aggregates (a node's name, after any "->"; 19 annotates the
-- Result that replaces the aggregate with "Replaces: MinMaxAggregate")
SELECT bool_or(line LIKE '%Index Only Scan Backward using guid_pk_pkey%') AS max_reads_index_end,
       bool_and(line !~ '^ *(-> +)?(Partial |Finalize )?[A-Za-z]*Aggregate\M') AS no_aggregation
FROM pg_temp.plan_of('SELECT max(id) FROM guid_pk') line;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET enable_indexonlyscan = off;
SET enable_indexscan = off;
SET enable_bitmapscan = off;
SELECT min(id) = (SELECT id FROM guid_pk ORDER BY id LIMIT 1) AS parallel_min,
       max(id) = (SELECT id FROM guid_pk ORDER BY id DESC LIMIT 1) AS parallel_max
FROM guid_pk;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET enable_indexonlyscan;
RESET enable_indexscan;
RESET enable_bitmapscan;
DROP TABLE guid_pk;

-- NULL in, NULL out
SELECT uuid_sqlserver_cmp(NULL, '00000000-0000-0000-0000-000000000000') IS NULL AS a,
       uuid_sqlserver_cmp('00000000-0000-0000-0000-000000000000', NULL) IS NULL AS b,
       (NULL::uuid #<# '00000000-0000-0000-0000-000000000000') IS NULL AS c,
       (NULL::sqlguid < '00000000-0000-0000-0000-000000000000') IS NULL AS d,
       NULL::sqlguid::uuid IS NULL AS e;
