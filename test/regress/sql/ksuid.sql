-- KSUID (src/README §20, since 1.4): the ksuid type (Segment's vectors,
-- text and binary I/O, errors, order, hashing, min/max, bytea casts), the
-- generator, the time of a KSUID and its lower bounds (an index range scan
-- and RANGE partitions), the raise's errors, and what uuid_seq_state()
-- shows.  Same output with and without preload (the raise itself:
-- raise_frontier.sql, raise_frontiers.sql).  Generated values and times
-- never show: only comparisons do.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- catalog markings: the generator VOLATILE and PARALLEL RESTRICTED, the
-- rest IMMUTABLE and PARALLEL SAFE; all STRICT
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       p.prorettype::regtype
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname ~ '^ksuid_'
ORDER BY p.proname, p.pronargs;
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE typname = 'ksuid';

-- Segment's README: its inspected KSUIDs, raw bytes, time and payload; the
-- smallest and largest KSUIDs
SELECT k, k::bytea AS raw, ksuid_to_timestamptz(k) AS time,
       substr(k::bytea, 5) AS payload, k::text::ksuid = k AS round_trip
FROM (VALUES ('0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid), ('0ujzPyRiIAffKhBux4PvQdDqMHY'),
             ('000000000000000000000000000'), ('aWgEPTl1tmebfsQzFP4bxwgy80V')) v(k);
SELECT '\x0669f7efb5a1cd34b5f99d1154fb6853345c9735'::bytea::ksuid AS from_bytes,
       '\xffffffffffffffffffffffffffffffffffffffff'::bytea::ksuid AS max;
-- binary I/O: send and receive are the 20 bytes
SELECT ksuid_send('0ujtsYcgvSTl8PAuAdqWYSMnLOv') AS sent;

-- bad text: 22P02, the position of a bad character; above the largest
SELECT 'aWgEPTl1tmebfsQzFP4bxwgy80!'::ksuid;
SELECT '0ujtsYcgv-Tl8PAuAdqWYSMnLOv'::ksuid;
-- a bad character before the length: 27 characters, é of two bytes
SELECT '0ujtsYcgvSTl8PAuAdqWYSMnLév'::ksuid;
SELECT 'aWgEPTl1tmebfsQzFP4bxwgy80W'::ksuid;
SELECT 'aaaaaaaaaaaaaaaaaaaaaaaaaaa'::ksuid;
SELECT '0ujtsYcgvSTl8PAuAdqWYSMnLO'::ksuid;
SELECT ''::ksuid;
SELECT '\x0669f7'::bytea::ksuid;

-- order is byte order and text order (C collation), in btree and sorts;
-- hashing: a hash join and a hash index find the same rows
CREATE TEMP TABLE ks AS
SELECT ('\x' || md5(i::text) || lpad(to_hex(i), 8, '0'))::bytea::ksuid AS k
FROM generate_series(1, 2000) i;
SELECT (SELECT array_agg(k ORDER BY k) FROM ks) =
       (SELECT array_agg(k ORDER BY k::bytea) FROM ks) AS byte_order,
       (SELECT array_agg(k ORDER BY k) FROM ks) =
       (SELECT array_agg(k ORDER BY k::text COLLATE "C") FROM ks) AS text_order,
       (SELECT min(k) FROM ks) = (SELECT k FROM ks ORDER BY k LIMIT 1) AS min,
       (SELECT max(k) FROM ks) = (SELECT k FROM ks ORDER BY k DESC LIMIT 1) AS max;
SELECT count(*) FILTER (WHERE a.k < b.k) AS lt, count(*) FILTER (WHERE a.k <= b.k) AS le,
       count(*) FILTER (WHERE a.k = b.k) AS eq, count(*) FILTER (WHERE a.k <> b.k) AS ne,
       count(*) FILTER (WHERE a.k >= b.k) AS ge, count(*) FILTER (WHERE a.k > b.k) AS gt
FROM (SELECT k FROM ks LIMIT 40) a, (SELECT k FROM ks LIMIT 40) b;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) AS hash_joined FROM ks a JOIN ks b USING (k);
RESET enable_mergejoin;
RESET enable_nestloop;
CREATE INDEX ks_hash ON ks USING hash (k);
CREATE INDEX ks_btree ON ks (k);
SET enable_seqscan = off;
SELECT count(*) AS found FROM ks a WHERE EXISTS (SELECT FROM ks b WHERE b.k = a.k);
RESET enable_seqscan;
SELECT ksuid_hash('0ujtsYcgvSTl8PAuAdqWYSMnLOv')::int8 & 4294967295 =
       ksuid_hash_extended('0ujtsYcgvSTl8PAuAdqWYSMnLOv', 0) & 4294967295 AS seed_0_is_hash,
       ksuid_hash_extended('0ujtsYcgvSTl8PAuAdqWYSMnLOv', 0) <>
       ksuid_hash_extended('0ujtsYcgvSTl8PAuAdqWYSMnLOv', 1) AS seeded;

-- generation: strictly increasing within a session (cross-session order:
-- the isolation test ksuid_shared_frontier), the time the clock's second,
-- the text 27 base62 characters
SELECT ksuid_to_timestamptz(ksuid_generate()) BETWEEN date_trunc('second', now() - interval '1 minute')
       AND now() + interval '1 minute' AS near_clock;
WITH g AS (SELECT n, ksuid_generate() AS k FROM generate_series(1, 5000) n)
SELECT bool_and(k > prev) AS increasing, bool_and(k::text ~ '^[0-9A-Za-z]{27}$') AS text_form,
       count(DISTINCT substr(k::bytea, 17)) > 4900 AS random_tail
FROM (SELECT k, lag(k) OVER (ORDER BY n) AS prev FROM g) s WHERE prev IS NOT NULL;

-- lower bounds: the second's smallest KSUID (payload zero), the epoch and
-- the type's last second; 22008 outside
SELECT ksuid_lower_bound('2017-10-10 04:00:47.9+00') AS bound,
       ksuid_lower_bound('2017-10-10 04:00:47.9+00') <= '0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid AS below,
       ksuid_lower_bound('2017-10-10 04:00:48+00') > '0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid AS above_next,
       ksuid_lower_bound('2014-05-13 16:53:20+00') AS epoch,
       ksuid_lower_bound('2150-06-19 23:21:35.5+00') AS last;
SELECT ksuid_lower_bound('2014-05-13 16:53:19.999999+00');
SELECT ksuid_lower_bound('2150-06-19 23:21:36+00');
SELECT ksuid_lower_bound('infinity');
-- an index range scan by time, and RANGE partitions on those bounds
CREATE TEMP TABLE kt (k ksuid PRIMARY KEY);
INSERT INTO kt SELECT ('\x' || lpad(to_hex(107608000 + i), 8, '0') || md5(i::text))::bytea::ksuid
FROM generate_series(0, 99) i;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM kt
WHERE k >= ksuid_lower_bound('2017-10-10 04:00:10+00') AND k < ksuid_lower_bound('2017-10-10 04:00:20+00');
SELECT count(*) FROM kt
WHERE k >= ksuid_lower_bound('2017-10-10 04:00:10+00') AND k < ksuid_lower_bound('2017-10-10 04:00:20+00');
RESET enable_seqscan;
CREATE TEMP TABLE kp (k ksuid NOT NULL DEFAULT ksuid_generate()) PARTITION BY RANGE (k);
CREATE TEMP TABLE kp_old PARTITION OF kp
    FOR VALUES FROM (MINVALUE) TO (ksuid_lower_bound('2020-01-01+00'));
CREATE TEMP TABLE kp_new PARTITION OF kp
    FOR VALUES FROM (ksuid_lower_bound('2020-01-01+00')) TO (MAXVALUE);
INSERT INTO kp VALUES ('0ujtsYcgvSTl8PAuAdqWYSMnLOv'), (DEFAULT);
SELECT tableoid::regclass AS partition, ksuid_to_timestamptz(k) < '2020-01-01+00' AS old FROM kp ORDER BY k;

-- the raise's form for a ksuid, its errors whatever the preload: a family
-- of another width (both ways), a key in the family's last second
SELECT uuid_seq_raise_frontier('v7', '0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid);
SELECT uuid_seq_raise_frontier('tsid', '0ujtsYcgvSTl8PAuAdqWYSMnLOv'::ksuid);
SELECT uuid_seq_raise_frontier('ksuid', '018cc820-db2e-7000-8000-000000000000'::uuid);
SELECT uuid_seq_raise_frontier('ksuid', 1);
SELECT uuid_seq_raise_frontier('ksuid', 'aWgEPTl1tmebfsQzFP4bxwgy80V'::ksuid);
SELECT uuid_seq_raise_frontier('ksuid', 'aWgEPTl1tmebfsQzFP4bxwgy80V'::ksuid, '1000 years');

-- uuid_seq_state(): the family's row, its time but neither a uuid nor an id
SELECT family, frontier IS NULL AS no_uuid, frontier_id IS NULL AS no_id,
       frontier_time BETWEEN now() - interval '1 minute' AND now() + interval '1 minute' AS near_clock
FROM uuid_seq_state() WHERE family = 'ksuid';
