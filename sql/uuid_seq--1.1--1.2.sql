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

-- Frontiers that travel (src/README §12): after a dump and restore or a
-- pg_upgrade, raise a family's shared frontier above the keys brought over,
-- as setval(seq, max(id)) does for a sequence.  It changes server-wide state
-- (durably, like a lease): EXECUTE is revoked from PUBLIC.
CREATE FUNCTION uuid_seq_raise_frontier(family text, past uuid)
RETURNS boolean
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(text, uuid) FROM PUBLIC;

-- min(uuid) and max(uuid), which core has only from PostgreSQL 20 on (where
-- pg_catalog's win unqualified calls): uuid order, with their sort
-- operators, so that they read the end of a uuid index.
CREATE FUNCTION uuid_seq_uuid_larger(uuid, uuid) RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuid_larger'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_seq_uuid_smaller(uuid, uuid) RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuid_smaller'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE AGGREGATE min(uuid) (
    SFUNC = uuid_seq_uuid_smaller, STYPE = uuid, COMBINEFUNC = uuid_seq_uuid_smaller,
    SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
CREATE AGGREGATE max(uuid) (
    SFUNC = uuid_seq_uuid_larger, STYPE = uuid, COMBINEFUNC = uuid_seq_uuid_larger,
    SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);

COMMENT ON FUNCTION uuid_seq_raise_frontier(text, uuid) IS
    'raise a family''s shared frontier so that every later value lies above the given one (superuser); false when it already did';
COMMENT ON FUNCTION uuid_seq_uuid_larger(uuid, uuid) IS 'larger in uuid order';
COMMENT ON FUNCTION uuid_seq_uuid_smaller(uuid, uuid) IS 'smaller in uuid order';
COMMENT ON AGGREGATE min(uuid) IS 'minimum in uuid order (core has it from PostgreSQL 20 on)';
COMMENT ON AGGREGATE max(uuid) IS 'maximum in uuid order (core has it from PostgreSQL 20 on)';
