-- The ulid type (src/README §4): pgx_ulid's drop-in.  Text I/O, binary form,
-- casts, operators and their classes, min/max, bounds, generators, and
-- pgx_ulid's own test values and README examples.  Same output with and
-- without shared_preload_libraries = 'uuid_seq'.
SET timezone = 'UTC';

-- the type: stored as uuid is, so binary-coercible with it
SELECT t.typname, t.typlen, t.typbyval, t.typalign, t.typstorage,
       t.typinput::regproc, t.typreceive::regproc, t.typsend::regproc
FROM pg_type t WHERE t.typname IN ('uuid', 'ulid') ORDER BY 1;
-- every cast, with its context: i implicit, a assignment, e explicit
SELECT castsource::regtype, casttarget::regtype, castfunc::regprocedure, castcontext,
       castmethod
FROM pg_cast WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype
ORDER BY 1::text, 2::text;

-- pgx_ulid's test values: its text, integer's bytes, uuid, bytea and times
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid AS text_in,
       lower('01GV5PA9EQG7D82Q3Y4PKBZSYV')::ulid AS lower_in,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::text AS text_out,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::uuid AS to_uuid,
       '0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid::ulid AS from_uuid,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::bytea AS to_bytea;
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp AS to_timestamp,
       '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamptz AS to_timestamptz,
       '2023-03-10 12:00:49.111'::timestamp::ulid AS from_timestamp,
       '2023-03-10 12:00:49.111'::timestamptz::ulid AS from_timestamptz;
-- pgx_ulid's functions under their names
SELECT ulid_from_uuid('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS ulid_from_uuid,
       ulid_to_uuid('01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid) AS ulid_to_uuid,
       ulid_to_bytea('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS ulid_to_bytea;
SELECT ulid_to_timestamp('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS ulid_to_timestamp,
       ulid_to_timestamptz('01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid) AS ulid_to_timestamptz,
       ulid_timestamptz('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS ulid_timestamptz,
       timestamp_to_ulid('2023-03-10 12:00:49.111') AS timestamp_to_ulid,
       timestamptz_to_ulid('2023-03-10 12:00:49.111+00') AS timestamptz_to_ulid;
-- ulid_to_uuid() of text is still ours (an unknown literal is text)
SELECT ulid_to_uuid('01gv5pa9eqg7d82q3y4pkbzsyv') AS text_arg,
       pg_typeof(ulid_to_uuid('01GV5PA9EQG7D82Q3Y4PKBZSYV')) AS result;

-- the extremes, and a time zone that changes nothing (timestamp is UTC)
SELECT '00000000000000000000000000'::ulid AS smallest,
       '7zzzzzzzzzzzzzzzzzzzzzzzzz'::ulid AS largest,
       '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid::uuid AS largest_uuid;
SET timezone = 'America/New_York';
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid::timestamp AS utc_in_new_york,
       '2023-03-10 12:00:49.111'::timestamp::ulid AS utc_bound;
SET timezone = 'UTC';
-- a bound drops the sub-millisecond part and every random bit
SELECT '2023-03-10 12:00:49.111999'::timestamp::ulid AS floor_ms,
       '1970-01-01 00:00:00'::timestamp::ulid AS epoch,
       '10889-08-02 05:31:50.655'::timestamp::ulid AS last_ms;

-- bad input: 22P02 naming what is wrong and where
CREATE FUNCTION pg_temp.input_error(t text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    PERFORM t::ulid;
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ' ' || detail;
END $$;
SELECT note, pg_temp.input_error(t)
FROM (VALUES ('empty', ''),
             ('25 characters', '01GV5PA9EQG7D82Q3Y4PKBZSY'),
             ('27 characters', '01GV5PA9EQG7D82Q3Y4PKBZSYVV'),
             ('uuid text', '0186cb65-25d7-81da-815c-7e25a6bfe7db'),
             ('U last', '01GV5PA9EQG7D82Q3Y4PKBZSYU'),
             ('I first', 'I1GV5PA9EQG7D82Q3Y4PKBZSYV'),
             ('l at 10', '01GV5PA9ElG7D82Q3Y4PKBZSYV'),
             ('o and u', '01GV5oA9EQG7D82Q3Y4PKBZSuV'),
             ('space at 14', '01GV5PA9EQG7D 2Q3Y4PKBZSYV'),
             ('non-ASCII at 3', '01éV5PA9EQG7D82Q3Y4PKBZSY'),
             ('non-ASCII, 26 characters', '01éV5PA9EQG7D82Q3Y4PKBZSYV'),
             ('8 first', '81GV5PA9EQG7D82Q3Y4PKBZSYV'),
             ('all Z', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ'),
             ('all z, a U', 'zzzzzzzzzzzzzzzzzzzzzzzzzU')) v(note, t);
-- as a client sees it
SELECT '01GV5PA9EQG7D82Q3Y4PKBZSYU'::ulid;
SELECT '81GV5PA9EQG7D82Q3Y4PKBZSYV'::ulid;
-- bytea: 16 bytes both ways, any other length 22P02
SELECT '\x0186cb6525d781da815c7e25a6bfe7db'::bytea::ulid AS from_bytea,
       ulid_from_bytea('\x0186cb6525d781da815c7e25a6bfe7db') AS ulid_from_bytea;
SELECT '\x0186cb6525d781da815c7e25a6bfe7'::bytea::ulid;
\set VERBOSITY sqlstate
SELECT '\x'::bytea::ulid;
SELECT '\x0186cb6525d781da815c7e25a6bfe7db00'::bytea::ulid;
-- times outside 1970 to 10889: 22008
SELECT '1969-12-31 23:59:59.999'::timestamp::ulid;
SELECT 'infinity'::timestamptz::ulid;
SELECT '10889-08-02 05:31:50.656'::timestamp::ulid;
\set VERBOSITY default

-- the binary form is uuid's: 16 bytes, big-endian
SELECT ulid_send('01GV5PA9EQG7D82Q3Y4PKBZSYV') AS send,
       ulid_send('01GV5PA9EQG7D82Q3Y4PKBZSYV') =
           uuid_send('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS same_as_uuid;

-- order: ulid order is the text's (C collation) and the bytes'
CREATE TEMP TABLE ordered AS
SELECT gen_random_uuid()::ulid AS id FROM generate_series(1, 5000)
UNION ALL
SELECT encode(overlay(uuid_send(gen_random_uuid()) PLACING '\x000000'::bytea FROM 1 + n % 14),
              'hex')::uuid::ulid
FROM generate_series(1, 3000) n;
SELECT (SELECT array_agg(id ORDER BY id) FROM ordered) =
       (SELECT array_agg(id ORDER BY id::text COLLATE "C") FROM ordered) AS text_order,
       (SELECT array_agg(id ORDER BY id) FROM ordered) =
       (SELECT array_agg(id ORDER BY id::uuid) FROM ordered) AS uuid_order,
       (SELECT array_agg(id ORDER BY id) FROM ordered) =
       (SELECT array_agg(id ORDER BY id::bytea) FROM ordered) AS byte_order;
-- every operator against its comparison of the text, on pairs that share
-- prefixes; and the same for (ulid, uuid) and (uuid, ulid)
CREATE TEMP TABLE pairs AS
SELECT a.id AS a, b.id AS b FROM (SELECT id FROM ordered LIMIT 300) a,
     (SELECT id FROM ordered ORDER BY id DESC LIMIT 30) b
UNION ALL SELECT id, id FROM ordered;
SELECT bool_and((a < b) = (a::text COLLATE "C" < b::text COLLATE "C") AND
                (a <= b) = (a::text COLLATE "C" <= b::text COLLATE "C") AND
                (a = b) = (a::text = b::text) AND (a <> b) = (a::text <> b::text) AND
                (a >= b) = (a::text COLLATE "C" >= b::text COLLATE "C") AND
                (a > b) = (a::text COLLATE "C" > b::text COLLATE "C")) AS ulid_ulid,
       bool_and((a < b::uuid) = (a::text COLLATE "C" < b::text COLLATE "C") AND
                (a <= b::uuid) = (a::text COLLATE "C" <= b::text COLLATE "C") AND
                (a = b::uuid) = (a::text = b::text) AND (a <> b::uuid) = (a::text <> b::text) AND
                (a >= b::uuid) = (a::text COLLATE "C" >= b::text COLLATE "C") AND
                (a > b::uuid) = (a::text COLLATE "C" > b::text COLLATE "C")) AS ulid_uuid,
       bool_and((a::uuid < b) = (a::text COLLATE "C" < b::text COLLATE "C") AND
                (a::uuid <= b) = (a::text COLLATE "C" <= b::text COLLATE "C") AND
                (a::uuid = b) = (a::text = b::text) AND (a::uuid <> b) = (a::text <> b::text) AND
                (a::uuid >= b) = (a::text COLLATE "C" >= b::text COLLATE "C") AND
                (a::uuid > b) = (a::text COLLATE "C" > b::text COLLATE "C")) AS uuid_ulid,
       count(*) FILTER (WHERE a = b) >= 8000 AS equal_pairs
FROM pairs;
-- the operators each mixed comparison resolves to (no ambiguity)
SELECT o.oprname, o.oprleft::regtype, o.oprright::regtype, o.oprcode
FROM pg_operator o
WHERE 'ulid'::regtype IN (o.oprleft, o.oprright) ORDER BY 2::text, 3::text, 1;
SELECT pg_typeof(min(id)) AS min_type, min(id) = (SELECT id FROM ordered ORDER BY id LIMIT 1) AS min,
       max(id) = (SELECT id FROM ordered ORDER BY id DESC LIMIT 1) AS max
FROM ordered;

-- the classes are the defaults: a primary key, a hash index, hash and merge
-- joins with uuid, and min/max reading the index's ends
SELECT c.opcname, a.amname, c.opcdefault
FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
WHERE c.opcintype = 'ulid'::regtype ORDER BY 1;
-- (the plans' text differs by major: each is checked for the node it needs)
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END $$;
CREATE TABLE ulid_keys (id ulid PRIMARY KEY, u uuid);
INSERT INTO ulid_keys SELECT id, id FROM ordered;
CREATE INDEX ulid_keys_hash ON ulid_keys USING hash (id);
ANALYZE ulid_keys;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT pg_temp.plan_of('SELECT max(id) FROM ulid_keys')
    LIKE '%Index Only Scan Backward using ulid_keys_pkey%' AS max_reads_index_end;
SELECT max(id) = (SELECT max(id::text COLLATE "C") FROM ulid_keys)::ulid AS max_from_index
FROM ulid_keys;
-- a range scan on uuid bounds (ulid_lower_bound()) and on ulid bounds
SELECT pg_temp.plan_of($$SELECT id FROM ulid_keys
    WHERE id >= ulid_lower_bound('2023-09-15') AND id < ulid_lower_bound('2023-09-16')$$)
    LIKE '%Index Only Scan using ulid_keys_pkey%Index Cond: ((id >= %::uuid) AND (id < %::uuid))%'
    AS uuid_bounds_scan,
       pg_temp.plan_of($$SELECT id FROM ulid_keys
    WHERE id BETWEEN '2023-09-15'::timestamp::ulid AND '2023-09-16'::timestamp::ulid$$)
    LIKE '%Index Only Scan using ulid_keys_pkey%Index Cond: ((id >= %::ulid) AND (id <= %::ulid))%'
    AS ulid_bounds_scan;
SELECT count(*) = (SELECT count(*) FROM ulid_keys
                   WHERE id::text COLLATE "C" >= '01HAB269000000000000000000') AS range_count
FROM ulid_keys WHERE id >= '2023-09-15'::timestamptz::ulid;
SELECT pg_temp.plan_of($$SELECT id FROM ulid_keys WHERE id = '01GV5PA9EQG7D82Q3Y4PKBZSYV'$$)
    LIKE '%Index Scan using ulid_keys_hash%' AS hash_index_scan;
RESET enable_bitmapscan;
SET enable_indexscan = off;
SET enable_nestloop = off;
SET enable_mergejoin = off;
SELECT pg_temp.plan_of('SELECT count(*) FROM ulid_keys a JOIN ulid_keys b ON a.id = b.u')
    LIKE '%Hash Join%' AS hash_join;
SELECT count(*) AS hash_joined FROM ulid_keys a JOIN ulid_keys b ON a.id = b.u;
SET enable_hashjoin = off;
SET enable_mergejoin = on;
SELECT pg_temp.plan_of('SELECT count(*) FROM ulid_keys a JOIN ulid_keys b ON a.id = b.u')
    LIKE '%Merge Join%' AS merge_join;
SELECT count(*) AS merge_joined FROM ulid_keys a JOIN ulid_keys b ON a.id = b.u;
RESET enable_hashjoin;
RESET enable_mergejoin;
RESET enable_nestloop;
RESET enable_indexscan;
RESET enable_seqscan;
SELECT count(*) AS hash_grouped FROM (SELECT id FROM ulid_keys GROUP BY id) s;
SELECT ulid_hash('01GV5PA9EQG7D82Q3Y4PKBZSYV') =
           uuid_hash('0186cb65-25d7-81da-815c-7e25a6bfe7db') AS uuid_hash,
       ulid_hash_extended('01GV5PA9EQG7D82Q3Y4PKBZSYV', 7) =
           uuid_hash_extended('0186cb65-25d7-81da-815c-7e25a6bfe7db', 7) AS uuid_hash_extended;
DROP TABLE ulid_keys;

-- casts in context: uuid -> ulid on assignment, ulid -> uuid and bytea
-- implicitly, times only explicitly
CREATE TEMP TABLE mixed (id ulid, u uuid, b bytea, ts timestamptz);
INSERT INTO mixed (id) VALUES ('0186cb65-25d7-81da-815c-7e25a6bfe7db'::uuid);
UPDATE mixed SET u = id, b = id;
SELECT id, u, b, encode(id, 'hex') AS implicit_bytea, uuid_to_ulid(id) AS implicit_uuid,
       pg_typeof(id = u) AS mixed_compare
FROM mixed WHERE id = u AND u = id;
UPDATE mixed SET ts = id;
UPDATE mixed SET id = now();
-- (terse: 19 words the hint of a missing operator otherwise)
\set VERBOSITY terse
SELECT gen_ulid() = now();
\set VERBOSITY default

-- ALTER COLUMN ... TYPE between uuid and ulid: the table is not rewritten,
-- its indexes are rebuilt (their classes change)
CREATE TABLE uuid_to_ulid_keys (id uuid PRIMARY KEY DEFAULT ulid_generate(), n int);
INSERT INTO uuid_to_ulid_keys (n) SELECT n FROM generate_series(1, 100) n;
CREATE TEMP TABLE before AS
SELECT pg_relation_filenode('uuid_to_ulid_keys') AS heap,
       pg_relation_filenode('uuid_to_ulid_keys_pkey') AS pkey,
       (SELECT array_agg(id ORDER BY n) FROM uuid_to_ulid_keys) AS ids;
ALTER TABLE uuid_to_ulid_keys ALTER id TYPE ulid;
SELECT pg_relation_filenode('uuid_to_ulid_keys') = heap AS heap_kept,
       pg_relation_filenode('uuid_to_ulid_keys_pkey') = pkey AS pkey_kept,
       (SELECT array_agg(id::uuid ORDER BY n) FROM uuid_to_ulid_keys) = ids AS same_keys,
       pg_get_expr(d.adbin, d.adrelid) AS default
FROM before, pg_attrdef d WHERE d.adrelid = 'uuid_to_ulid_keys'::regclass;
ALTER TABLE uuid_to_ulid_keys ALTER id TYPE uuid;
SELECT pg_relation_filenode('uuid_to_ulid_keys') = heap AS heap_kept_back
FROM before;
DROP TABLE uuid_to_ulid_keys;

-- partitions by ulid bounds, from a time or from ulid_lower_bound()
CREATE TABLE ulid_parts (id ulid PRIMARY KEY DEFAULT gen_ulid()) PARTITION BY RANGE (id);
CREATE TABLE ulid_parts_2023 PARTITION OF ulid_parts
    FOR VALUES FROM ('2023-01-01'::timestamptz::ulid) TO (ulid_lower_bound('2024-01-01'));
CREATE TABLE ulid_parts_rest PARTITION OF ulid_parts DEFAULT;
SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE relname = 'ulid_parts_2023';
INSERT INTO ulid_parts VALUES ('01GV5PA9EQG7D82Q3Y4PKBZSYV'), (DEFAULT);
SELECT tableoid::regclass, id = '01GV5PA9EQG7D82Q3Y4PKBZSYV' AS pgx_ulid_value
FROM ulid_parts ORDER BY id;
DROP TABLE ulid_parts;

-- the generators: VOLATILE, PARALLEL RESTRICTED, on the ULID frontier that
-- ulid_generate() takes from
SELECT p.proname, p.provolatile, p.proparallel, p.prorettype::regtype
FROM pg_proc p WHERE p.proname IN ('gen_ulid', 'gen_monotonic_ulid', 'ulid_generate') ORDER BY 1;
CREATE TEMP TABLE gen AS
SELECT n, CASE n % 3 WHEN 0 THEN gen_ulid() WHEN 1 THEN gen_monotonic_ulid()
                     ELSE ulid_generate()::ulid END AS id
FROM generate_series(1, 20000) n;
SELECT count(*) = count(DISTINCT id) AS distinct,
       bool_and(abs(extract(epoch FROM id::timestamptz - clock_timestamp())) < 5) AS near_now
FROM gen;
SELECT bool_and(id > prev) AS increasing,
       bool_and(id::text COLLATE "C" > prev::text COLLATE "C") AS text_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen) s WHERE prev IS NOT NULL;
-- a clock that went back: still above every earlier value
SET uuid_seq.clock_shift = '-1 hour';
SELECT gen_ulid() > (SELECT max(id) FROM gen) AS gen_ulid_above,
       gen_monotonic_ulid() > (SELECT max(id) FROM gen) AS gen_monotonic_ulid_above;
RESET uuid_seq.clock_shift;

-- pgx_ulid's README, its examples unchanged (but CREATE EXTENSION uuid_seq)
CREATE TABLE users (
  id ulid NOT NULL DEFAULT gen_ulid() PRIMARY KEY,
  name text NOT NULL
);
DROP TABLE users;
CREATE TABLE users (
  id ulid NOT NULL DEFAULT gen_monotonic_ulid() PRIMARY KEY,
  name text NOT NULL
);
INSERT INTO users (id, name) VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'spec'),
                                    ('01HAB2690000000000000000ZZ', '2023-09-15');
INSERT INTO users (name) VALUES ('now');
SELECT * FROM users WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
ALTER TABLE users
ADD COLUMN created_at timestamp GENERATED ALWAYS AS (id::timestamp) STORED;
-- gets all users where the ID was created on 2023-09-15, without using another column and taking advantage of the index
SELECT * FROM users WHERE id BETWEEN '2023-09-15'::timestamp::ulid AND '2023-09-16'::timestamp::ulid;
SELECT name, created_at = id::timestamptz::timestamp AS created_at FROM users ORDER BY id;
DROP TABLE users;
