-- Observability (src/README §6).  Expected output: v7_state.out with the library
-- preloaded (shared frontier, per-backend slots), v7_state_1.out without
-- before 17 (frontiers per session, the 8-byte families refuse),
-- v7_state_2.out without on 17 and later (the named segment).
-- Runs right after setup: it expects the frontier near the real clock.
-- Passes on a fresh server and on one that has generated values and
-- restarted (the test suite runs it on both).
SET timezone = 'UTC';
SELECT uuid_version(uuid_generate_v7()) AS warm_up;
SELECT ulid_generate() IS NOT NULL AS ulid_warm_up;
SELECT uuid_version(uuid_generate_v6()) AS v6_warm_up;
SELECT tsid_generate() > 0 AS tsid_warm_up, snowflake_generate() > 0 AS snowflake_warm_up;
SELECT ksuid_generate() IS NOT NULL AS ksuid_warm_up;
SELECT objectid_generate() IS NOT NULL AS objectid_warm_up;

-- the settings and their contexts (node_id and node_bits need preloading)
SELECT name, setting, vartype, context FROM pg_settings
WHERE name LIKE 'uuid\_seq.%' ORDER BY name;

-- (restored_from is 'clock' on a server's first start and 'file' once it
-- has restarted: either here, so that installcheck passes on any preloaded
-- server; test/t/003_restart.pl checks which)
-- (the 8-byte families show their frontier in frontier_id: id64.sql)
SELECT family, shared, frontier IS NOT NULL AS has_frontier,
       frontier_id IS NOT NULL AS has_frontier_id,
       abs(extract(epoch FROM frontier_time - clock_timestamp())) < 5 AS near_now,
       uuid_version(frontier) AS version,
       restored_from IN ('clock', 'file') AS clock_or_file, node_id, node_bits,
       uuid_seq_frontiers_in() AS frontiers_in
FROM uuid_seq_state() WHERE family NOT LIKE 'comb\_%' ORDER BY family;
-- (the COMB families' rows: comb.sql)
-- the frontier is the last value's time: nothing generated lies above it
SELECT uuid_v7_to_timestamptz(u) <= (SELECT frontier_time FROM uuid_seq_state() WHERE family = 'v7')
    AS frontier_covers_last
FROM (SELECT uuid_generate_v7() u) s;

-- this backend's slot
SELECT uuid_seq_reset_stats();
SELECT count(*) FROM (SELECT uuid_generate_v7() FROM generate_series(1, 100)) s;
-- (overflows and cas_retries depend on speed and load: 005_overflow.pl)
SELECT generated, last_value IS NOT NULL AS has_last, clock_rollbacks,
       max_drift_ms < 5000 AS drift_small
FROM uuid_seq_backends WHERE pid = pg_backend_pid();
-- a clock that goes back is counted, and the frontier runs ahead of it
SET uuid_seq.clock_shift = '-1 hour';
SELECT count(*) FROM (SELECT uuid_generate_v7() FROM generate_series(1, 10)) s;
RESET uuid_seq.clock_shift;
SELECT generated, clock_rollbacks, max_drift_ms >= 3599000 AS drift_seen
FROM uuid_seq_backends WHERE pid = pg_backend_pid();
CREATE TEMP TABLE latest AS SELECT uuid_generate_v7() AS u;
SELECT last_value = (SELECT u FROM latest) AS last_value_tracks
FROM uuid_seq_backends WHERE pid = pg_backend_pid();
SELECT uuid_seq_reset_stats();
SELECT generated, clock_rollbacks, max_drift_ms
FROM uuid_seq_backends WHERE pid = pg_backend_pid();

-- everyone may read the view; other roles' rows only for members of
-- pg_read_all_stats; reset is superuser-only
SELECT has_table_privilege('public', 'uuid_seq_backends', 'SELECT') AS view_public,
       has_function_privilege('public', 'uuid_seq_reset_stats()', 'EXECUTE') AS reset_public;
CREATE ROLE regress_uuid_seq_watcher;
SET ROLE regress_uuid_seq_watcher;
SELECT count(*) AS visible FROM uuid_seq_backends;
\set VERBOSITY sqlstate
SELECT uuid_seq_reset_stats();
\set VERBOSITY default
RESET ROLE;
GRANT pg_read_all_stats TO regress_uuid_seq_watcher;
SET ROLE regress_uuid_seq_watcher;
SELECT count(*) AS visible FROM uuid_seq_backends WHERE pid = pg_backend_pid();
RESET ROLE;
DROP ROLE regress_uuid_seq_watcher;
