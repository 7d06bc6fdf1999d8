-- UUIDv7 and RFC 9562 functions (src/README §2, §7, §8): same output with and
-- without shared_preload_libraries = 'uuid_seq'.  Runs after v7_state (which
-- expects the frontier near the clock): this file moves it an hour ahead.
SET timezone = 'UTC';

-- catalog markings: arguments with defaults, volatility, strictness, parallel
-- safety, result type.  Core 18's names are called schema-qualified below:
-- on PostgreSQL 17/18 unqualified calls reach pg_catalog's copies.
SELECT p.proname, pg_get_function_arguments(p.oid) AS args,
       p.provolatile, p.proisstrict, p.proparallel, p.prorettype::regtype
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
ORDER BY 1, 2;

-- generated values: version 7, RFC variant, distinct and strictly increasing
CREATE TEMP TABLE gen AS
SELECT n, uuid_generate_v7() AS u FROM generate_series(1, 20000) n;
SELECT count(*) = count(DISTINCT u) AS distinct,
       bool_and(uuid_version(u) = 7) AS v7,
       bool_and(get_byte(uuid_send(u), 8) & 192 = 128) AS rfc_variant
FROM gen;
SELECT bool_and(u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM gen) s WHERE prev IS NOT NULL;
SELECT abs(extract(epoch FROM uuid_v7_to_timestamptz(uuid_generate_v7()) - clock_timestamp())) < 5
    AS near_now;
-- uuidv7() shares the v7 frontier with uuid_generate_v7()
SELECT bool_and(a < b) AND bool_and(b < c) AS shared_frontier
FROM (SELECT uuid_generate_v7() a, public.uuidv7() b, uuid_generate_v7() c
      FROM generate_series(1, 1000)) s;

-- rand_a holds the sub-millisecond fraction: .678901 s -> 901 us -> 0xe6a
SELECT left(uuid_generate_v7('2024-01-02 03:04:05.678901+00')::text, 18) AS v7_at;
SELECT uuid_v7_to_timestamptz(uuid_generate_v7('2024-01-02 03:04:05.678901+00')) AS ms_precision;
SELECT uuid_timestamptz_to_v7('2024-01-02 03:04:05.678901+00', true) AS lower_bound;
SELECT left(uuid_timestamptz_to_v7('2024-01-02 03:04:05.678901+00')::text, 18) AS with_random,
       uuid_version(uuid_timestamptz_to_v7('2024-01-02 03:04:05.678901+00')) AS version;
SELECT uuid_timestamp_to_v7('2024-01-02 03:04:05.678901', true) AS from_timestamp,
       uuid_v7_to_timestamp(uuid_timestamp_to_v7('2024-01-02 03:04:05.678901')) AS back;
SELECT count(DISTINCT uuid_generate_v7('2024-01-02 03:04:05+00')) AS random_rest
FROM generate_series(1, 1000);

-- the ends of the range
SELECT uuid_timestamptz_to_v7('1970-01-01 00:00:00+00', true) AS first,
       uuid_timestamptz_to_v7('10889-08-02 05:31:50.655+00', true) AS last,
       uuid_v7_to_timestamptz('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_time;

-- extraction, with the RFC 9562 Appendix A vectors (2022-02-22 19:22:22 UTC)
-- and v1/v6 values 0.5 us before 1970 (floored to the microsecond)
SELECT v, uuid_version(v::uuid), uuid_timestamp(v::uuid),
       public.uuid_extract_timestamp(v::uuid), public.uuid_extract_version(v::uuid),
       uuid_v7_to_timestamptz(v::uuid), uuid_v7_to_timestamp(v::uuid)
FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'),
             ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
             ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
             ('13813ffb-1dd2-11b2-8000-000000000000'),
             ('1b21dd21-3813-6ffb-8000-000000000000'),
             ('919108f7-52d1-4320-9bac-f847db4148a8'),
             ('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'),
             ('00000000-0000-0000-0000-000000000000'),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff')) t(v);

-- node bits
SELECT uuid_node_id('017f22e2-79b0-7cc3-a5c4-dc0c0c07398f', 8) AS node8,
       uuid_node_id('017f22e2-79b0-7cc3-a5c4-dc0c0c07398f', 16) AS node16,
       uuid_node_id('017f22e2-79b0-7cc3-a5c4-dc0c0c07398f', 0) AS node0;

-- uuidv4(): version 4, RFC variant, random
SELECT count(DISTINCT u) AS distinct, bool_and(uuid_version(u) = 4) AS v4
FROM (SELECT public.uuidv4() u FROM generate_series(1, 1000)) s;

-- uuidv7(interval): shifts the output only, never the frontier
SELECT abs(extract(epoch FROM uuid_v7_to_timestamptz(public.uuidv7('1 day')) - clock_timestamp())
           - 86400) < 5 AS day_ahead,
       abs(extract(epoch FROM uuid_v7_to_timestamptz(public.uuidv7('-1 year')) - (clock_timestamp() - interval '1 year'))) < 5 AS year_back;
CREATE TEMP TABLE shifted AS SELECT public.uuidv7('1 hour') AS u;
SELECT uuid_generate_v7() < (SELECT u FROM shifted) AS frontier_not_pushed;

-- NULL in, NULL out
SELECT uuid_generate_v7(NULL::timestamptz) IS NULL AS a,
       uuid_v7_to_timestamptz(NULL) IS NULL AS b,
       uuid_v7_to_timestamp(NULL) IS NULL AS c,
       uuid_timestamptz_to_v7(NULL) IS NULL AS d,
       uuid_timestamptz_to_v7(now(), NULL) IS NULL AS e,
       uuid_timestamp_to_v7(NULL) IS NULL AS f,
       uuid_timestamp(NULL) IS NULL AS g,
       uuid_version(NULL) IS NULL AS h,
       uuid_node_id(NULL, 8) IS NULL AS i,
       uuid_node_id(public.uuidv7(), NULL) IS NULL AS j,
       public.uuidv7(NULL) IS NULL AS k,
       public.uuid_extract_timestamp(NULL) IS NULL AS l,
       public.uuid_extract_version(NULL) IS NULL AS m;

-- errors: out of range (22008), bad node bits (22023)
SELECT uuid_generate_v7('1969-12-31 23:59:59.999999+00');
SELECT uuid_generate_v7('infinity');
SELECT uuid_timestamptz_to_v7('-infinity', true);
SELECT uuid_timestamptz_to_v7('10889-08-02 05:31:50.656+00', true);
SELECT uuid_timestamp_to_v7('294276-12-31 23:59:59');
SELECT public.uuidv7('300000 years');
\set VERBOSITY sqlstate
SELECT public.uuidv7('-100 years');
SELECT public.uuidv7('9000 years');
SELECT uuid_node_id(public.uuidv7(), 17);
SELECT uuid_node_id(public.uuidv7(), -1);
\set VERBOSITY default

-- uuid_seq.clock_shift moves every generator's clock (its checks of the
-- text: clock_shift.sql)
-- (a positive shift runs the shared frontier ahead: keep it small, so that
-- the suite can run again on the same server)
SET uuid_seq.clock_shift = '2 seconds';
SELECT abs(extract(epoch FROM uuid_v7_to_timestamptz(uuid_generate_v7()) - clock_timestamp())
           - 2) < 1 AS two_seconds_ahead;
-- the clock goes back an hour: generation continues from the frontier,
-- even with on_overflow = error (a clock that went back never raises)
CREATE TEMP TABLE before_rollback AS SELECT uuid_generate_v7() AS u;
SET uuid_seq.on_overflow = error;
SET uuid_seq.clock_shift = '-1 hour';
SELECT bool_and(u > (SELECT u FROM before_rollback)) AS above_frontier,
       count(DISTINCT u) AS distinct
FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 10000)) s;
RESET uuid_seq.on_overflow;
-- a clock before 1970 went back like any other: the frontier continues
SET uuid_seq.clock_shift = '-199 years';
SELECT public.uuidv7() > (SELECT u FROM before_rollback) AS before_1970_continues,
       uuid_generate_v7() > (SELECT u FROM before_rollback) AS v7_continues;
SET uuid_seq.clock_shift = '-1 hour';
SET uuid_seq.on_overflow = wait;
SELECT uuid_version(uuid_generate_v7()) AS wait_policy_generates;
SET uuid_seq.on_overflow = sideways;
RESET uuid_seq.on_overflow;
RESET uuid_seq.clock_shift;

-- an ordinary role may read the clock shift but not move it, nor freeze
-- the clock (42501)
CREATE ROLE regress_uuid_seq_plain;
SET ROLE regress_uuid_seq_plain;
\set VERBOSITY sqlstate
SET uuid_seq.clock_shift = '1 hour';
SET uuid_seq.clock_frozen = on;
SHOW uuid_seq.clock_shift;
\set VERBOSITY default
SET uuid_seq.on_overflow = wait;
SELECT uuid_version(uuid_generate_v7()) AS plain_role_generates;
RESET ROLE;
DROP ROLE regress_uuid_seq_plain;

-- uuid_timestamptz_to_v7() is VOLATILE (since 1.2): a query that names one
-- call sees one value, also where the planner pulls the subquery up
SELECT x = x AS one_call_one_value
FROM (SELECT uuid_timestamptz_to_v7(now()) AS x) s;
SELECT x = x AS one_call_one_value
FROM (SELECT uuid_timestamp_to_v7(localtimestamp) AS x) s;

-- uuid_v7_lower_bound() is IMMUTABLE: a usable index bound; and so is
-- uuid_timestamptz_to_v7(ts, true) (pg_uuidv7's way to write it), which the
-- planner simplifies into it, and uuid_timestamp_to_v7(ts, true)
CREATE TABLE events (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload int);
INSERT INTO events (payload) SELECT g FROM generate_series(1, 1000) g;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id >= uuid_v7_lower_bound(now() - interval '1 hour');
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour', true);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id >= uuid_timestamp_to_v7(localtimestamp - interval '1 hour', true);
-- (with zero => false, or not a constant, it stays a volatile call)
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour');
RESET enable_seqscan;
SELECT count(*) AS last_hour FROM events
WHERE id >= uuid_v7_lower_bound(now() - interval '1 hour');
SELECT count(*) AS last_hour FROM events
WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour', true);
-- the simplified call gives what the call itself gives, errors included
-- (random() >= 0 is true, but no constant: the call itself runs)
SELECT ts, uuid_timestamptz_to_v7(ts, true) = uuid_timestamptz_to_v7(ts, random() >= 0) AS same
FROM (VALUES (timestamptz '2024-01-02 03:04:05.678901+00'), ('1970-01-01 00:00+00'),
             ('10889-08-02 05:31:50.655+00')) t(ts);
SELECT uuid_timestamp_to_v7('2024-01-02 03:04:05.678', true) =
       uuid_v7_lower_bound('2024-01-02 03:04:05.678+00') AS timestamp_read_as_utc;
\set VERBOSITY terse
SELECT uuid_timestamptz_to_v7('1969-12-31 23:59:59.999+00', true);
SELECT uuid_timestamptz_to_v7('1969-12-31 23:59:59.999+00', random() >= 0);
SELECT uuid_timestamptz_to_v7('-infinity', true);
\set VERBOSITY default
DROP TABLE events;

-- a later statement never returns a smaller value, also when the plan would
-- run in a parallel worker (which, without preload, has frontiers of its
-- own): the generators are PARALLEL RESTRICTED and stay in this backend.
-- (debug_parallel_query was force_parallel_mode before 16)
SELECT CASE WHEN current_setting('server_version_num')::int >= 160000
            THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END AS force_parallel \gset
SET uuid_seq.clock_shift = '2 seconds';
SELECT uuid_generate_v7() AS v7 \gset
RESET uuid_seq.clock_shift;
SET :force_parallel = on;
SELECT public.uuidv7() > :'v7' AS uuidv7_later,
       uuid_generate_v7() > :'v7' AS v7_later,
       public.uuidv7('0 s') > :'v7' AS shifted_later;
-- and uuid_seq_state() shows this backend's frontier, still ahead
SELECT frontier_time > now() + interval '1 second' AS state_of_this_backend
FROM uuid_seq_state() WHERE family = 'v7';
RESET :force_parallel;
