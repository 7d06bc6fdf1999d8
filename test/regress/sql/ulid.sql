-- ULID functions (src/README §4, §8): same output with and without
-- shared_preload_libraries = 'uuid_seq'.  Positive clock shifts stay at 2
-- seconds, so that the suite can run again on the same server.
SET timezone = 'UTC';

-- (the catalog markings of the ULID functions are listed in v7.sql)

-- the shared vectors (vectors/ulid.tsv), both ways, in either case
CREATE TEMP TABLE vectors (t text, u uuid, note text);
INSERT INTO vectors VALUES
    ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01563e3a-b5d3-d676-4c61-efb99302bd5b', 'spec example'),
    ('01BX5ZZKBKACTAV9WEVGEMMVRZ', '015f4bff-cd73-5334-ada7-8edc1d4a6f1f', 'monotonic example'),
    ('01BX5ZZKBKACTAV9WEVGEMMVS0', '015f4bff-cd73-5334-ada7-8edc1d4a6f20', 'the next one'),
    ('00000000000000000000000000', '00000000-0000-0000-0000-000000000000', 'smallest'),
    ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'largest');
SELECT note, uuid_to_ulid(u) = t AS to_text, ulid_to_uuid(t) = u AS to_uuid,
       ulid_to_uuid(lower(t)) = u AS lower_case, ulid_timestamp(u),
       ulid_to_timestamptz(u) IS NOT DISTINCT FROM ulid_timestamp(u) AS to_timestamptz
FROM vectors;
SELECT ulid_to_uuid('01arZ3ndEKtsv4rrffQ69g5fav') AS mixed_case;

-- round trip over random values; the text is canonical (uppercase)
SELECT bool_and(ulid_to_uuid(uuid_to_ulid(u)) = u) AS uuid_round_trip,
       bool_and(uuid_to_ulid(ulid_to_uuid(lower(uuid_to_ulid(u)))) = uuid_to_ulid(u))
           AS text_round_trip,
       bool_and(uuid_to_ulid(u) ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$') AS canonical
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)) s;

-- text order (C collation) is uuid order: random values, and values that
-- share long prefixes
CREATE TEMP TABLE ordered AS
SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)
UNION ALL
SELECT encode(overlay(uuid_send(gen_random_uuid()) PLACING '\x000000'::bytea FROM 1 + n % 14),
              'hex')::uuid
FROM generate_series(1, 5000) n
UNION ALL
SELECT ulid_generate() FROM generate_series(1, 5000);
SELECT count(*) AS values,
       (SELECT array_agg(u ORDER BY u) FROM ordered) =
       (SELECT array_agg(u ORDER BY uuid_to_ulid(u) COLLATE "C") FROM ordered) AS same_order
FROM ordered;

-- bad text: 22P02 quoting the input, whatever the class
CREATE FUNCTION pg_temp.decode_error(t text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM ulid_to_uuid(t);
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
SELECT note, pg_temp.decode_error(t)
FROM (VALUES ('empty', ''),
             ('25 characters', '01ARZ3NDEKTSV4RRFFQ69G5FA'),
             ('27 characters', '01ARZ3NDEKTSV4RRFFQ69G5FAVV'),
             ('uuid text', '01563e3a-b5d3-d676-4c61-efb99302bd5b'),
             ('I', '01ARZ3NDEKTSV4RRFFQ69G5FAI'),
             ('L', '01ARZ3NDEKTSV4RRFFQ69G5FAL'),
             ('O', '01ARZ3NDEKTSV4RRFFQ69G5FAO'),
             ('U', '01ARZ3NDEKTSV4RRFFQ69G5FAU'),
             ('lowercase u', 'u1ARZ3NDEKTSV4RRFFQ69G5FAV'),
             ('hyphen', '01ARZ3NDEK-SV4RRFFQ69G5FAV'),
             ('space', ' 1ARZ3NDEKTSV4RRFFQ69G5FAV'),
             ('non-ASCII', '01ARZ3NDEKTSV4RRFFQ69G5Fé'),
             ('first above 7', '80000000000000000000000000'),
             ('all Z', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ')) v(note, t);
-- with its detail
SELECT ulid_to_uuid('01ARZ3NDEKTSV4RRFFQ69G5FAU');
SELECT ulid_to_uuid('8ZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT ulid_to_uuid('01ARZ3NDEK');

-- the node id is the top of the 80-bit part; bits outside 0..16 are 22023
SELECT ulid_node_id(u, 0) AS node0, ulid_node_id(u, 8) AS node8,
       ulid_node_id(u, 16) AS node16
FROM (SELECT '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid AS u) s;
\set VERBOSITY sqlstate
SELECT ulid_node_id(ulid_generate(), 17);
SELECT ulid_node_id(ulid_generate(), -1);
\set VERBOSITY default

-- ulid_generate(): distinct, strictly increasing, near the clock
CREATE TEMP TABLE gen AS
SELECT n, ulid_generate() AS u FROM generate_series(1, 20000) n;
SELECT count(*) = count(DISTINCT u) AS distinct,
       bool_and(abs(extract(epoch FROM ulid_timestamp(u) - clock_timestamp())) < 5) AS near_now
FROM gen;
SELECT bool_and(u > prev) AS increasing,
       bool_and(uuid_to_ulid(u) COLLATE "C" > uuid_to_ulid(prev) COLLATE "C") AS text_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM gen) s WHERE prev IS NOT NULL;

-- the clock jumps: ahead, then an hour back; values keep increasing, and a
-- clock that went back never raises, even with on_overflow = error
SET uuid_seq.clock_shift = '2 seconds';
CREATE TEMP TABLE ahead AS SELECT ulid_generate() AS u;
SELECT abs(extract(epoch FROM ulid_timestamp(u) - clock_timestamp()) - 2) < 1 AS two_seconds_ahead
FROM ahead;
SET uuid_seq.on_overflow = error;
SET uuid_seq.clock_shift = '-1 hour';
SELECT bool_and(u > (SELECT u FROM ahead)) AS above_frontier,
       count(DISTINCT u) AS distinct
FROM (SELECT ulid_generate() AS u FROM generate_series(1, 10000)) s;
RESET uuid_seq.on_overflow;
RESET uuid_seq.clock_shift;
SELECT ulid_generate() > (SELECT u FROM ahead) AS still_increasing;
-- a clock before 1970 went back like any other: the frontier continues
SET uuid_seq.clock_shift = '-100 years';
SELECT ulid_generate() > (SELECT u FROM ahead) AS before_1970_continues;
SELECT ulid_generate_xact() > (SELECT u FROM ahead) AS xact_continues;
RESET uuid_seq.clock_shift;

-- ulid_generate_xact(): one frontier step per transaction; later calls keep
-- its timestamp and add 1 to the low 64 bits (node_bits = 0 here)
CREATE FUNCTION pg_temp.high64(u uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || left(replace(u::text, '-', ''), 16))::bit(64)::bigint $$;
CREATE FUNCTION pg_temp.low64(u uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || right(replace(u::text, '-', ''), 16))::bit(64)::bigint $$;
CREATE TEMP TABLE xact_values (n serial, tx int, u uuid);
BEGIN;
INSERT INTO xact_values (tx, u) SELECT 1, ulid_generate_xact() FROM generate_series(1, 1000);
SAVEPOINT s;
SELECT ulid_generate_xact() AS in_savepoint \gset
ROLLBACK TO SAVEPOINT s;
-- not rewound: a value handed out in the savepoint is never repeated
SELECT ulid_generate_xact() > :'in_savepoint'::uuid AS after_rollback_to;
INSERT INTO xact_values (tx, u) SELECT 1, ulid_generate_xact() FROM generate_series(1, 1000);
-- a ulid_generate() value taken meanwhile is above the transaction's values
SELECT ulid_generate() > ulid_generate_xact() AS frontier_above_xact;
COMMIT;
BEGIN;
INSERT INTO xact_values (tx, u) SELECT 2, ulid_generate_xact() FROM generate_series(1, 1000);
COMMIT;
-- an aborted transaction's step is not reused either
BEGIN;
SELECT ulid_generate_xact() AS aborted \gset
ROLLBACK;
BEGIN;
INSERT INTO xact_values (tx, u) SELECT 3, ulid_generate_xact() FROM generate_series(1, 1000);
COMMIT;
-- per transaction: one timestamp and seq; the low bits start below 2^62 and
-- count up by 1 (tx 1: two values between its inserts, in the savepoint and
-- after it, make one step of 3)
SELECT tx, count(*) AS values, count(DISTINCT u) AS distinct,
       count(DISTINCT pg_temp.high64(u)) AS steps,
       count(DISTINCT ulid_timestamp(u)) AS timestamps,
       bool_and(pg_temp.low64(u) BETWEEN 0 AND 4611686018427387904 + 3000) AS low_below_2_62,
       (SELECT array_agg(DISTINCT d ORDER BY d)
        FROM (SELECT pg_temp.low64(u) - pg_temp.low64(lag(u) OVER (ORDER BY n)) AS d
              FROM xact_values x WHERE x.tx = v.tx) s
        WHERE d IS NOT NULL) AS low_increments
FROM xact_values v GROUP BY tx ORDER BY tx;
-- strictly increasing within and across transactions, a new step for each
SELECT bool_and(u > prev) AS increasing,
       bool_and(pg_temp.high64(u) > pg_temp.high64(prev)) FILTER (WHERE tx <> prev_tx)
           AS new_step_across
FROM (SELECT tx, u, lag(u) OVER (ORDER BY n) AS prev, lag(tx) OVER (ORDER BY n) AS prev_tx
      FROM xact_values) s
WHERE prev IS NOT NULL;
SELECT pg_temp.high64(:'aborted') > (SELECT max(pg_temp.high64(u)) FROM xact_values WHERE tx = 2)
       AND pg_temp.high64(:'aborted') < (SELECT min(pg_temp.high64(u)) FROM xact_values WHERE tx = 3)
    AS abort_took_its_own_step;
-- each autocommit statement is a transaction of its own
CREATE TEMP TABLE autocommit AS SELECT ulid_generate_xact() AS a, ulid_generate_xact() AS b;
SELECT pg_temp.high64(a) = pg_temp.high64(b) AS same_statement_same_step,
       ulid_generate_xact() > greatest(a, b) AS next_statement_above,
       pg_temp.high64(ulid_generate_xact()) > pg_temp.high64(a) AS next_statement_new_step
FROM autocommit;

-- NULL in, NULL out
SELECT uuid_to_ulid(NULL) IS NULL AS a,
       ulid_to_uuid(NULL) IS NULL AS b,
       ulid_timestamp(NULL) IS NULL AS c,
       ulid_to_timestamptz(NULL) IS NULL AS c2,
       ulid_node_id(NULL, 8) IS NULL AS d,
       ulid_node_id(ulid_generate(), NULL) IS NULL AS e;

-- the ULID frontier in uuid_seq_state() covers the last value
SELECT pg_temp.high64(frontier) >= pg_temp.high64((SELECT u FROM gen ORDER BY u DESC LIMIT 1)) AS frontier_covers_last,
       uuid_to_ulid(frontier) IS NOT NULL AS shown
FROM uuid_seq_state() WHERE family = 'ulid';

-- a later statement never returns a smaller value, also in a plan forced
-- parallel (see v7.sql): ulid_generate() is PARALLEL RESTRICTED
SELECT CASE WHEN current_setting('server_version_num')::int >= 160000
            THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END AS force_parallel \gset
SET uuid_seq.clock_shift = '2 seconds';
SELECT ulid_generate() AS ulid \gset
RESET uuid_seq.clock_shift;
SET :force_parallel = on;
SELECT ulid_generate() > :'ulid' AS ulid_later;
RESET :force_parallel;
