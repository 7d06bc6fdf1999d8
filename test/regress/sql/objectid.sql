-- The objectid type (src/README §18): MongoDB's 12-byte ObjectId, its text
-- (24 hexadecimal digits) and rs/xid's, order, hashing, bytea, time and
-- lower bounds.  Same output with and without shared_preload_libraries.

-- catalog markings: every function immutable, strict, parallel safe
SELECT p.oid::regprocedure AS function, p.provolatile AS volatile,
       p.proisstrict AS strict, p.proparallel AS parallel, p.proleakproof AS leakproof
FROM pg_proc p
WHERE p.proname LIKE 'objectid%'
ORDER BY p.oid::regprocedure::text;
SELECT t.typlen, t.typbyval, t.typalign, t.typstorage
FROM pg_type t WHERE t.oid = 'objectid'::regtype;

-- MongoDB's manual: ObjectId("507f1f77bcf86cd799439011").getTimestamp()
SET TimeZone = 'UTC';
SELECT '507f1f77bcf86cd799439011'::objectid AS id,
       objectid_to_timestamptz('507f1f77bcf86cd799439011') AS created;
-- input in either case, output lowercase
SELECT '507F1F77BCF86CD799439011'::objectid = '507f1f77bcf86cd799439011'::objectid AS either_case,
       '507F1F77BCF86CD799439011'::objectid::text AS lowercase;
-- the ObjectId specification: seconds are unsigned (2038, 2106, not before 1970)
SELECT id, objectid_to_timestamptz(id::objectid)
FROM (VALUES ('000000000000000000000000'), ('7fffffff0000000000000000'),
             ('800000000000000000000000'), ('ffffffffffffffffffffffff')) v(id);

-- errors: 22P02, saying which character or what length
SELECT '507f1f77bcf86cd79943901g'::objectid;
SELECT 'x07f1f77bcf86cd799439011'::objectid;
SELECT '507f-1f77'::objectid;
SELECT '507f1f77bcf86cd79943901'::objectid;
SELECT '507f1f77bcf86cd7994390110'::objectid;
SELECT ''::objectid;
SELECT ' 507f1f77bcf86cd799439011'::objectid;
\set VERBOSITY sqlstate
SELECT 'zz'::objectid;
\set VERBOSITY default

-- order: unsigned bytes, the time first; btree and hash classes
CREATE TEMP TABLE oids (id objectid PRIMARY KEY);
INSERT INTO oids VALUES ('ffffffff0000000000000000'), ('000000000000000000000001'),
    ('507f1f77bcf86cd799439011'), ('507f1f77bcf86cd799439012'),
    ('507f1f780000000000000000'), ('80000000ffffffffffffffff');
SELECT id FROM oids ORDER BY id;
SELECT min(id), max(id) FROM oids;
SELECT count(*) FILTER (WHERE a.id < b.id) AS lt, count(*) FILTER (WHERE a.id <= b.id) AS le,
       count(*) FILTER (WHERE a.id = b.id) AS eq, count(*) FILTER (WHERE a.id <> b.id) AS ne,
       count(*) FILTER (WHERE a.id >= b.id) AS ge, count(*) FILTER (WHERE a.id > b.id) AS gt,
       bool_and(sign(objectid_cmp(a.id, b.id)) =
                sign(CASE WHEN a.id::text < b.id::text COLLATE "C" THEN -1
                          WHEN a.id::text > b.id::text COLLATE "C" THEN 1 ELSE 0 END))
           AS cmp_is_text_order
FROM oids a, oids b;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM oids WHERE id >= '507f1f77bcf86cd799439012';
SELECT id FROM oids WHERE id >= '507f1f77bcf86cd799439012' AND id < '800000000000000000000000';
RESET enable_seqscan;
CREATE TEMP TABLE oids_hashed AS SELECT id FROM oids;
CREATE INDEX oids_hashed_id ON oids_hashed USING hash (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM oids_hashed WHERE id = '507f1f77bcf86cd799439011';
SELECT * FROM oids_hashed WHERE id = '507f1f77bcf86cd799439011';
RESET enable_seqscan;
RESET enable_bitmapscan;
-- hash joins and GROUP BY hash it; equal values hash equally
SELECT objectid_hash('507f1f77bcf86cd799439011') = objectid_hash('507F1F77BCF86CD799439011') AS same_hash,
       objectid_hash('507f1f77bcf86cd799439011') <> objectid_hash('507f1f77bcf86cd799439012') AS differs,
       objectid_hash_extended('507f1f77bcf86cd799439011', 0) <>
           objectid_hash_extended('507f1f77bcf86cd799439011', 1) AS seeded;
SET enable_sort = off;
SELECT count(*) FROM (SELECT id FROM oids UNION SELECT id FROM oids) u;
RESET enable_sort;

-- bytea, both ways; the binary send form is the same 12 bytes
SELECT '507f1f77bcf86cd799439011'::objectid::bytea AS bytes,
       '\x507f1f77bcf86cd799439011'::bytea::objectid AS id,
       objectid_send('507f1f77bcf86cd799439011') =
           '507f1f77bcf86cd799439011'::objectid::bytea AS send_is_bytes;
SELECT '\x507f1f77bcf86cd7994390'::bytea::objectid;
SELECT '\x507f1f77bcf86cd79943901100'::bytea::objectid;
-- no implicit cast either way
SELECT castcontext FROM pg_cast
WHERE castsource = 'objectid'::regtype OR casttarget = 'objectid'::regtype ORDER BY 1;

-- lower bounds: the second of an instant, every other byte zero
SELECT objectid_lower_bound('2012-10-17 21:13:27.999999+00') AS bound,
       objectid_lower_bound('1970-01-01 00:00:00+00') AS first,
       objectid_lower_bound('2106-02-07 06:28:15.999999+00') AS last;
SELECT objectid_lower_bound('2012-10-17 21:13:27+00') <= '507f1f77bcf86cd799439011'
       AND '507f1f77bcf86cd799439011' < objectid_lower_bound('2012-10-17 21:13:28+00')
       AS in_its_second;
SELECT objectid_lower_bound('1969-12-31 23:59:59.999999+00');
SELECT objectid_lower_bound('2106-02-07 06:28:16+00');
SELECT objectid_lower_bound('infinity');
-- a range of creation times through the primary key
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM oids
WHERE id >= objectid_lower_bound('2012-10-17 00:00+00')
  AND id < objectid_lower_bound('2012-10-18 00:00+00');
RESET enable_seqscan;

-- rs/xid's text: its README's id, 2011-03-22 17:50:19 UTC
SELECT objectid_from_xid_text('9m4e2mr0ui3e8a215n4g') AS id,
       objectid_to_xid_text('4d88e15b60f486e428412dc9') AS xid,
       objectid_to_timestamptz(objectid_from_xid_text('9m4e2mr0ui3e8a215n4g')) AS created,
       objectid_from_xid_text('9M4E2MR0UI3E8A215N4G') AS either_case;
SELECT objectid_to_xid_text('000000000000000000000000'),
       objectid_to_xid_text('ffffffffffffffffffffffff');
-- both texts round-trip and order as the values do
SELECT bool_and(objectid_from_xid_text(objectid_to_xid_text(id)) = id) AS xid_round_trip,
       bool_and(id::text::objectid = id) AS hex_round_trip,
       array_agg(id ORDER BY id) = array_agg(id ORDER BY objectid_to_xid_text(id) COLLATE "C")
           AS xid_order
FROM (SELECT encode(substring(uuid_send(gen_random_uuid()) FROM 1 FOR 12), 'hex')::objectid AS id
      FROM generate_series(1, 5000)) s;
-- errors
SELECT objectid_from_xid_text('9m4e2mr0ui3e8a215nwg');
SELECT objectid_from_xid_text('9m4e2mr0ui3e8a215n4');
SELECT objectid_from_xid_text('9m4e2mr0ui3e8a215n4h');
SELECT objectid_from_xid_text(repeat('9', 100));
RESET TimeZone;

-- generation (the rest of this file): one step of the objectid frontier
-- each, above every earlier one, the middle bytes this server's; without
-- the shared frontiers (13 to 16 without preload) it refuses (55000), and
-- the checks after it find no table (objectid_1.out)
SELECT p.provolatile AS volatile, p.proparallel AS parallel
FROM pg_proc p WHERE p.oid = 'objectid_generate()'::regprocedure;
SELECT uuid_seq_frontiers_in() = 'session' AS refuses;
CREATE TEMP TABLE gen AS
SELECT n, objectid_generate() AS id FROM generate_series(1, 20000) n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(DISTINCT substring(id::bytea FROM 5 FOR 5)) AS middles,
       bool_and(objectid_to_timestamptz(id) BETWEEN now() - interval '1 hour'
                                                AND now() + interval '1 hour') AS near_now
FROM gen;
SELECT bool_and(id > prev) AS increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen) s WHERE prev IS NOT NULL;
-- within a second the counter counts up by one
SELECT bool_and(objectid_to_timestamptz(id) > objectid_to_timestamptz(prev)
                OR ('x' || encode(substring(id::bytea FROM 10), 'hex'))::bit(24)::int =
                   ('x' || encode(substring(prev::bytea FROM 10), 'hex'))::bit(24)::int + 1)
           AS counts_up
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen) s WHERE prev IS NOT NULL;
