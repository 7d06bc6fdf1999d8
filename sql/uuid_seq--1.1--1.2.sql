/* uuid_seq--1.1--1.2.sql: upgrade of uuid_seq 1.1 to 1.2 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.2'" to load this file. \quit

-- From 1.2 on there is no full install script: CREATE EXTENSION runs
-- uuid_seq--1.1.sql and then the upgrade scripts, as contrib modules do.

-- With zero = false (the default) these fill the random bits afresh on every
-- call, so they are VOLATILE: as STABLE, a query that names one call could
-- run it twice (a pulled-up subquery) and see two values.  A call with zero
-- => true is the millisecond's lower bound, uuid_v7_lower_bound(ts), which
-- is IMMUTABLE: the planner support function below simplifies such a call
-- into it, so that `id >= uuid_timestamptz_to_v7(t, true)` (pg_uuidv7's way
-- to write a range scan) stays an index bound.  The names are qualified with
-- the extension's schema (the script's current_schema()).
CREATE FUNCTION uuid_seq_v7_bound_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'uuid_seq_v7_bound_support'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_seq_v7_bound_support(internal) IS
    'planner support: uuid_timestamptz_to_v7(ts, true) and uuid_timestamp_to_v7(ts, true) become uuid_v7_lower_bound(ts)';

DO $$
BEGIN
    EXECUTE format($sql$
        ALTER FUNCTION %1$I.uuid_timestamptz_to_v7(timestamptz, bool)
            VOLATILE SUPPORT %1$I.uuid_seq_v7_bound_support;
        ALTER FUNCTION %1$I.uuid_timestamp_to_v7(timestamp, bool)
            VOLATILE SUPPORT %1$I.uuid_seq_v7_bound_support;
    $sql$, current_schema());
END
$$;
