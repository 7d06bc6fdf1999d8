-- test/matrix/upgrade_verify.sql: after pg_upgrade and the runbook, on the
-- new server (run with ON_ERROR_STOP, the clock not shifted): every btree
-- index of the tables passes amcheck's bt_index_check with heapallindexed
-- (the sqlguid and uuid_sqlserver_ops ones above all: their order is
-- uuid_seq's own), every default still generates, above every old value of
-- its table in the family's order, new rows land in the partition of now and
-- old times in the past one, and generated columns agree with their keys.
CREATE EXTENSION amcheck;

SELECT 'bt_index_check' AS step, count(*) AS indexes
FROM (SELECT bt_index_check(c.oid, true)
      FROM pg_class c JOIN pg_am am ON am.oid = c.relam
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'i' AND am.amname = 'btree') s;

-- new_above(table, key, partition): 100 rows from the table's defaults; each
-- key (an expression in the family's order) must be above the greatest old
-- one, and with a partition named, every row must land there.  A failure is
-- printed and kept in failures, and the script fails at the end, so that
-- every table is reported.
CREATE TEMP TABLE failures (what text);
CREATE FUNCTION pg_temp.new_above(tbl regclass, key text, part text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    above boolean;
    parts text;
BEGIN
    EXECUTE format($q$
        WITH old AS (SELECT max(%1$s) AS k FROM %2$s),
             ins AS (INSERT INTO %2$s (n) SELECT -g FROM generate_series(1, 100) g
                     RETURNING %1$s AS k, tableoid::regclass::text AS part)
        SELECT (SELECT min(k) FROM ins) > (SELECT k FROM old),
               (SELECT string_agg(DISTINCT part, ',') FROM ins)$q$, key, tbl)
    INTO above, parts;
    IF NOT above THEN
        INSERT INTO failures VALUES (format('%s: new values are NOT above the old ones', tbl));
        RETURN format('%s: new values are NOT above the old ones', tbl);
    END IF;
    IF part IS NOT NULL AND parts <> part THEN
        INSERT INTO failures VALUES (format('%s: new rows went to %s, not %s', tbl, parts, part));
        RETURN format('%s: new rows went to %s, not %s', tbl, parts, part);
    END IF;
    RETURN format('%s: 100 new values above the old ones%s', tbl,
                  CASE WHEN part IS NOT NULL THEN ', in ' || part ELSE '' END);
END
$$;

SELECT pg_temp.new_above('by_v7', 'id');
SELECT pg_temp.new_above('by_ulid', 'id');
SELECT pg_temp.new_above('by_comb', 'id');
SELECT pg_temp.new_above('by_typeid', 'typeid_to_uuid(id)');
SELECT pg_temp.new_above('users', 'id');
SELECT pg_temp.new_above('by_tsid', 'id');
SELECT pg_temp.new_above('by_snowflake', 'id');
SELECT pg_temp.new_above('by_ksuid', 'id');
SELECT pg_temp.new_above('by_comb_sqldatetime', 'id');
SELECT pg_temp.new_above('by_sqlguid', 'id');
SELECT pg_temp.new_above('by_sqlguid_sqldatetime', 'id');
SELECT pg_temp.new_above('by_sqlguid_dotnet_ticks', 'id');
SELECT pg_temp.new_above('by_opclass', 'id::sqlguid');
SELECT pg_temp.new_above('by_ulid_type', 'id');
SELECT pg_temp.new_above('by_v6', 'id');
SELECT pg_temp.new_above('by_objectid', 'id');
SELECT pg_temp.new_above('events_v7', 'id', 'events_v7_now');
SELECT pg_temp.new_above('events_ulid', 'id', 'events_ulid_now');
SELECT pg_temp.new_above('events_comb', 'id', 'events_comb_now');
SELECT pg_temp.new_above('events_tsid', 'id', 'events_tsid_now');

-- old times route to the past partitions
DO $$
BEGIN
    ASSERT (SELECT tableoid::regclass::text FROM events_v7 WHERE n = 0) = 'events_v7_past';
    INSERT INTO events_v7 (id, n) VALUES (uuid_generate_v7('2021-06-01 00:00+00'), -1000);
    ASSERT (SELECT tableoid::regclass::text FROM events_v7 WHERE n = -1000) = 'events_v7_past';
    INSERT INTO events_ulid (id, n) VALUES (ulid_lower_bound('2021-06-01 00:00+00'), -1000);
    ASSERT (SELECT tableoid::regclass::text FROM events_ulid WHERE n = -1000) = 'events_ulid_past';
    INSERT INTO events_comb (id, n) VALUES (comb_new('2021-06-01 00:00+00'::timestamptz, 'postgresql'), -1000);
    ASSERT (SELECT tableoid::regclass::text FROM events_comb WHERE n = -1000) = 'events_comb_past';
    INSERT INTO events_tsid (id, n) VALUES (tsid_lower_bound('2021-06-01 00:00+00'), -1000);
    ASSERT (SELECT tableoid::regclass::text FROM events_tsid WHERE n = -1000) = 'events_tsid_past';
    ASSERT NOT EXISTS (SELECT FROM by_tsid WHERE created_at IS DISTINCT FROM tsid_to_timestamptz(id));
    ASSERT NOT EXISTS (SELECT FROM by_v7 WHERE created_at IS DISTINCT FROM uuid_v7_to_timestamptz(id));
    ASSERT NOT EXISTS (SELECT FROM by_v6 WHERE created_at IS DISTINCT FROM uuid_v6_to_timestamptz(id));
    ASSERT NOT EXISTS (SELECT FROM by_ksuid WHERE created_at IS DISTINCT FROM ksuid_to_timestamptz(id));
    ASSERT NOT EXISTS (SELECT FROM by_ulid WHERE ulid IS DISTINCT FROM uuid_to_ulid(id));
    ASSERT NOT EXISTS (SELECT FROM by_comb WHERE created_at IS DISTINCT FROM comb_timestamp(id, 'postgresql'));
    ASSERT NOT EXISTS (SELECT FROM users WHERE public_id IS DISTINCT FROM uuid_to_typeid('user', id));
END
$$;

-- the new rows too pass amcheck
SELECT 'bt_index_check after inserts' AS step, count(*) AS indexes
FROM (SELECT bt_index_check(c.oid, true)
      FROM pg_class c JOIN pg_am am ON am.oid = c.relam
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'i' AND am.amname = 'btree') s;

DO $$
BEGIN
    IF EXISTS (SELECT FROM failures) THEN
        RAISE EXCEPTION '% of the tables failed: %', (SELECT count(*) FROM failures),
            (SELECT string_agg(what, '; ') FROM failures);
    END IF;
END
$$;
