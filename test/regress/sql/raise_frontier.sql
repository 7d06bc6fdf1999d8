-- uuid_seq_raise_frontier(family, past) (since 1.2, src/README §12): every
-- later value of the family lies above `past`, as setval(seq, max(id)) does
-- for a sequence; `past` is a uuid, or a bigint for the 8-byte families
-- (§16: TSID, and Snowflake with an epoch as third argument).  A uuid
-- written as a bare literal needs its cast: 'unknown' matches both forms.
-- Expected output: raise_frontier.out with the library preloaded,
-- raise_frontier_1.out without (no shared frontier to raise: 55000).  The frontiers are raised just past where they are (by 50 ms, and
-- 1.5 s for the runbook's keys), so that the suite can run again on the same
-- server.
SET timezone = 'UTC';

-- catalog markings; EXECUTE is not granted to PUBLIC
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       NOT EXISTS (SELECT FROM aclexplode(p.proacl) a WHERE a.grantee = 0) AS public_may_not
FROM pg_proc p WHERE p.proname = 'uuid_seq_raise_frontier';
CREATE ROLE regress_uuid_seq_raiser;
SET ROLE regress_uuid_seq_raiser;
SELECT uuid_seq_raise_frontier('v7', '018cc820-db2e-7000-8000-000000000000'::uuid);
SELECT uuid_seq_raise_frontier('tsid', 1);
SELECT uuid_seq_raise_frontier('snowflake', 1, '2015-01-01 00:00+00');
RESET ROLE;
DROP ROLE regress_uuid_seq_raiser;

-- a family it does not know: 22023, naming them
SELECT uuid_seq_raise_frontier('v8', '018cc820-db2e-7000-8000-000000000000'::uuid);
SELECT uuid_seq_raise_frontier('v8', 1);
-- a key of the other kind, an epoch for a family without one: 22023
SELECT uuid_seq_raise_frontier('v7', 38352658567418872);
SELECT uuid_seq_raise_frontier('tsid', '018cc820-db2e-7000-8000-000000000000'::uuid);
SELECT uuid_seq_raise_frontier('tsid', 38352658567418872, '2015-01-01 00:00+00');
SELECT uuid_seq_raise_frontier('snowflake', 1, '2015-01-01 00:00:00.0005+00');
-- a uuid that is no value of the family, or that nothing can exceed: 22008
SELECT uuid_seq_raise_frontier('v7', '919108f7-52d1-4320-9bac-f847db4148a8'::uuid);
SELECT uuid_seq_raise_frontier('comb_sqlserver_sqldatetime', 'ffffffff-ffff-4fff-bfff-ffffffffffff'::uuid);
SELECT uuid_seq_raise_frontier('v7', 'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid);
SELECT uuid_seq_raise_frontier('ulid', 'ffffffff-ffff-0000-0000-000000000000'::uuid);
SELECT uuid_seq_raise_frontier('v6', '919108f7-52d1-4320-9bac-f847db4148a8'::uuid);
SELECT uuid_seq_raise_frontier('v6', 'ffffffff-ffff-6fff-bfff-ffffffffffff'::uuid);
-- the same for ids: negative ones, the last millisecond of the range (of
-- the epoch's, for Snowflake), an infinite epoch
SELECT uuid_seq_raise_frontier('tsid', -1);
SELECT uuid_seq_raise_frontier('snowflake', -4194304, '2015-01-01 00:00+00');
SELECT uuid_seq_raise_frontier('tsid', 9223372036854775807);
SELECT uuid_seq_raise_frontier('snowflake', 9223372036850581504);
SELECT uuid_seq_raise_frontier('snowflake', 9223372036850581504, '2015-01-01 00:00+00');
SELECT uuid_seq_raise_frontier('snowflake', 1, 'infinity');
-- NULL (max() of no rows): nothing happens
SELECT uuid_seq_raise_frontier('v7', NULL::uuid) IS NULL AS no_op,
       uuid_seq_raise_frontier('tsid', NULL::bigint) IS NULL AS no_op_id,
       uuid_seq_raise_frontier('snowflake', 1, NULL) IS NULL AS no_op_epoch;

-- for every family a key just above its frontier (and the clock), a uuid
-- or an id; after the raise the next value lies above it, in the family's
-- order
CREATE TEMP TABLE ahead AS
SELECT family,
       CASE family
       WHEN 'v7' THEN uuid_generate_v7(t)
       WHEN 'ulid' THEN ulid_lower_bound(t)
       WHEN 'comb_sqlserver_unix_ms' THEN comb_new(t)
       WHEN 'comb_postgresql_unix_ms' THEN comb_new(t, 'postgresql')
       WHEN 'comb_sqlserver_sqldatetime' THEN comb_new(t, 'sqlserver', 'sqldatetime')
       WHEN 'comb_postgresql_sqldatetime' THEN comb_new(t, 'postgresql', 'sqldatetime')
       WHEN 'comb_sqlserver_dotnet_ticks' THEN comb_new(t, 'sqlserver', 'dotnet_ticks')
       WHEN 'v6' THEN uuid_generate_v6(t)
       END AS past,
       CASE family
       WHEN 'tsid' THEN tsid_lower_bound(t)
       WHEN 'snowflake' THEN snowflake_lower_bound(t)
       END AS past_id,
       -- (a KSUID's or an ObjectId's tick is a second: a second further)
       CASE family WHEN 'ksuid' THEN ksuid_lower_bound(t + interval '1 second') END AS past_ksuid,
       CASE family WHEN 'objectid' THEN objectid_lower_bound(t + interval '1 second') END
           AS past_objectid
FROM (SELECT family, greatest(clock_timestamp(), frontier_time) + interval '50 ms' AS t
      FROM uuid_seq_state()) s;
SELECT count(*) AS families, count(past) AS uuid_keys, count(past_id) AS id_keys,
       count(past_ksuid) AS ksuid_keys, count(past_objectid) AS objectid_keys FROM ahead;
CREATE FUNCTION pg_temp.raise(family text, past uuid, past_id bigint, past_ksuid ksuid,
                              past_objectid objectid)
RETURNS boolean
LANGUAGE sql AS $$
    SELECT CASE WHEN past_ksuid IS NOT NULL THEN uuid_seq_raise_frontier(family, past_ksuid)
                WHEN past_objectid IS NOT NULL THEN uuid_seq_raise_frontier(family, past_objectid)
                WHEN past_id IS NULL THEN uuid_seq_raise_frontier(family, past)
                ELSE uuid_seq_raise_frontier(family, past_id) END
$$;
SELECT family, pg_temp.raise(family, past, past_id, past_ksuid, past_objectid) AS raised FROM ahead ORDER BY family;
SELECT family,
       CASE family
       WHEN 'v7' THEN uuid_generate_v7() > past
       WHEN 'ulid' THEN ulid_generate() > past
       WHEN 'comb_sqlserver_unix_ms' THEN comb_new() #># past
       WHEN 'comb_postgresql_unix_ms' THEN comb_new('postgresql') > past
       WHEN 'comb_sqlserver_sqldatetime' THEN comb_new('sqlserver', 'sqldatetime') #># past
       WHEN 'comb_postgresql_sqldatetime' THEN comb_new('postgresql', 'sqldatetime') > past
       WHEN 'comb_sqlserver_dotnet_ticks' THEN comb_new('sqlserver', 'dotnet_ticks') #># past
       WHEN 'tsid' THEN tsid_generate() > past_id
       WHEN 'snowflake' THEN snowflake_generate() > past_id
       WHEN 'v6' THEN uuid_generate_v6() > past
       WHEN 'ksuid' THEN ksuid_generate() > past_ksuid
       WHEN 'objectid' THEN objectid_generate() > past_objectid
       END AS next_is_above
FROM ahead
WHERE (SELECT bool_and(shared) FROM uuid_seq_state())  -- (without preload: no rows)
ORDER BY family;
-- again: the frontier already lies above, nothing to do
SELECT family, pg_temp.raise(family, past, past_id, past_ksuid, past_objectid) AS raised FROM ahead ORDER BY family;
-- a Snowflake id of another epoch: its time counts from that epoch, and
-- every epoch's ids come from the one frontier
CREATE TEMP TABLE ahead_2015 AS
SELECT snowflake_lower_bound(greatest(clock_timestamp(), frontier_time) + interval '50 ms',
                             '2015-01-01 00:00+00') AS past
FROM uuid_seq_state() WHERE family = 'snowflake';
SELECT uuid_seq_raise_frontier('snowflake', past, '2015-01-01 00:00+00') AS raised FROM ahead_2015;
SELECT snowflake_generate('2015-01-01 00:00+00') > past AS next_is_above,
       snowflake_generate() > snowflake_lower_bound(snowflake_to_timestamptz(past, '2015-01-01 00:00+00'))
           AS next_of_twitter_epoch_is_above
FROM ahead_2015 WHERE (SELECT bool_and(shared) FROM uuid_seq_state());
SELECT uuid_seq_raise_frontier('snowflake', past, '2015-01-01 00:00+00') AS raised_again,
       uuid_seq_raise_frontier('snowflake', snowflake_lower_bound(snowflake_to_timestamptz(past, '2015-01-01 00:00+00')))
           AS raised_in_twitter_epoch
FROM ahead_2015;
-- an id far below the frontier: nothing to do
SELECT uuid_seq_raise_frontier('tsid', 0) AS tsid_raised,
       uuid_seq_raise_frontier('snowflake', 0) AS snowflake_raised;

-- The horizon (since 1.3): a key more than 5 minutes past the clock is
-- refused (22023) unless the call passes a horizon that reaches it, so that
-- no key of another kind, placeholder or WARNING's hint followed by hand
-- carries a family far ahead.  Far keys, the message:
SELECT uuid_seq_raise_frontier('ulid', ulid_lower_bound('2100-01-01 00:00+00'));
SELECT uuid_seq_raise_frontier('v7', uuid_v7_lower_bound('2300-01-01 00:00+00'));
SELECT uuid_seq_raise_frontier('tsid', tsid_lower_bound('2080-01-01 00:00+00'));
SELECT uuid_seq_raise_frontier('snowflake', snowflake_lower_bound('2070-01-01 00:00+00', '2015-01-01 00:00+00'),
                               '2015-01-01 00:00+00');
SELECT uuid_seq_raise_frontier('ulid', ulid_lower_bound('2100-01-01 00:00+00'), horizon => '1 year');
-- a negative horizon; TSID takes its own epoch (2020) beside a horizon,
-- and no other
SELECT uuid_seq_raise_frontier('ulid', ulid_lower_bound('2000-01-01 00:00+00'), '-1 second');
SELECT uuid_seq_raise_frontier('tsid', 0, '2015-01-01 00:00+00', '1 hour');
SELECT uuid_seq_raise_frontier('tsid', 0, '2020-01-01 00:00+00', '1 hour') AS tsid_raised,
       uuid_seq_raise_frontier('tsid', 0, '2020-01-01 00:00+00') AS tsid_raised_3;
-- With the clock an hour back, the keys raised to above lie past the
-- default horizon: refused, every family; with horizon => '2 hours' they
-- lie within it (and raise nothing: the frontiers lie above them).
CREATE FUNCTION pg_temp.sqlstate(call text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE call;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END
$$;
SET uuid_seq.clock_shift = '-1 hour';
SELECT family,
       pg_temp.sqlstate(CASE WHEN past_ksuid IS NOT NULL
           THEN format('SELECT uuid_seq_raise_frontier(%L, %L::ksuid)', family, past_ksuid)
           WHEN past_objectid IS NOT NULL
           THEN format('SELECT uuid_seq_raise_frontier(%L, %L::objectid)', family, past_objectid)
           WHEN past_id IS NULL
           THEN format('SELECT uuid_seq_raise_frontier(%L, %L::uuid)', family, past)
           ELSE format('SELECT uuid_seq_raise_frontier(%L, %s)', family, past_id) END) AS default_horizon,
       CASE WHEN past_ksuid IS NOT NULL THEN uuid_seq_raise_frontier(family, past_ksuid, '2 hours')
            WHEN past_objectid IS NOT NULL THEN uuid_seq_raise_frontier(family, past_objectid, '2 hours')
            WHEN past_id IS NULL THEN uuid_seq_raise_frontier(family, past, '2 hours')
            WHEN family = 'tsid' THEN uuid_seq_raise_frontier(family, past_id, '2020-01-01 00:00+00', '2 hours')
            ELSE uuid_seq_raise_frontier(family, past_id, '2010-11-04 01:42:54.657+00', '2 hours')
       END AS raised_within_2_hours
FROM ahead ORDER BY family;
RESET uuid_seq.clock_shift;

-- the runbook's line after a restore: one statement per key column
CREATE TABLE restored (id uuid PRIMARY KEY);
INSERT INTO restored
SELECT uuid_generate_v7(greatest(clock_timestamp(), frontier_time) + n * interval '1 ms')
FROM uuid_seq_state(), generate_series(1, 1500) n WHERE family = 'v7';
SELECT uuid_seq_raise_frontier('v7', max(id)) AS raised FROM restored;
SELECT uuid_generate_v7() > max(id) AS above_every_restored_key FROM restored
WHERE (SELECT bool_and(shared) FROM uuid_seq_state());
DROP TABLE restored;
