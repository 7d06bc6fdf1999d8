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

-- pg_catalog.format() and pg_catalog.current_schema(), qualified: the script
-- runs as a superuser for whoever may create the extension (it is trusted),
-- and a look-alike in the target schema could match a call better
-- (SECURITY.md).
DO $$
BEGIN
    EXECUTE pg_catalog.format($sql$
        ALTER FUNCTION %1$I.uuid_timestamptz_to_v7(timestamptz, bool)
            VOLATILE SUPPORT %1$I.uuid_seq_v7_bound_support;
        ALTER FUNCTION %1$I.uuid_timestamp_to_v7(timestamp, bool)
            VOLATILE SUPPORT %1$I.uuid_seq_v7_bound_support;
    $sql$, pg_catalog.current_schema());
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

-- 8-byte time-ordered ids (src/README §16): TSID (tsid-creator's layout,
-- milliseconds since 2020) and Snowflake (Twitter's layout, milliseconds
-- since an epoch given as an argument, Twitter's by default), each with a
-- frontier of its own.  Generators are PARALLEL RESTRICTED like the others.
CREATE FUNCTION tsid_generate() RETURNS bigint
AS 'MODULE_PATHNAME', 'tsid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION snowflake_generate(
    epoch timestamptz DEFAULT '2010-11-04 01:42:54.657+00') RETURNS bigint
AS 'MODULE_PATHNAME', 'snowflake_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION tsid_to_timestamptz(id bigint) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'tsid_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION snowflake_to_timestamptz(
    id bigint, epoch timestamptz DEFAULT '2010-11-04 01:42:54.657+00') RETURNS timestamptz
AS 'MODULE_PATHNAME', 'snowflake_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_to_text(id bigint) RETURNS text
AS 'MODULE_PATHNAME', 'tsid_to_text'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_from_text(t text) RETURNS bigint
AS 'MODULE_PATHNAME', 'tsid_from_text'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_lower_bound(ts timestamptz) RETURNS bigint
AS 'MODULE_PATHNAME', 'tsid_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION snowflake_lower_bound(
    ts timestamptz, epoch timestamptz DEFAULT '2010-11-04 01:42:54.657+00') RETURNS bigint
AS 'MODULE_PATHNAME', 'snowflake_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'tsid_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION snowflake_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'snowflake_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_node_id(id bigint, node_bits int) RETURNS int
AS 'MODULE_PATHNAME', 'tsid_node_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION tsid_counter(id bigint, node_bits int) RETURNS int
AS 'MODULE_PATHNAME', 'tsid_counter'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION snowflake_node_id(id bigint) RETURNS int
AS 'MODULE_PATHNAME', 'snowflake_node_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION snowflake_counter(id bigint) RETURNS int
AS 'MODULE_PATHNAME', 'snowflake_counter'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The bigint form of uuid_seq_raise_frontier(), for the 8-byte families; a
-- Snowflake id's time counts from its epoch (Twitter's without the third
-- argument, which only 'snowflake' takes).
CREATE FUNCTION uuid_seq_raise_frontier(family text, past bigint)
RETURNS boolean
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_id'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

CREATE FUNCTION uuid_seq_raise_frontier(family text, past bigint, epoch timestamptz)
RETURNS boolean
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_id'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(text, bigint, timestamptz) FROM PUBLIC;

-- The 8-byte families' values are bigints: uuid_seq_state() gains
-- frontier_id and uuid_seq_backends last_id (the uuid columns stay NULL for
-- them).  A set-returning function's columns cannot change in place, so
-- both are made again, as pg_stat_statements does across its versions.
DROP VIEW uuid_seq_backends;
DROP FUNCTION uuid_seq_backend_stats();
DROP FUNCTION uuid_seq_state();

CREATE FUNCTION uuid_seq_state(
    OUT family text,
    OUT shared bool,
    OUT frontier uuid,
    OUT frontier_time timestamptz,
    OUT restored_from text,
    OUT node_id int,
    OUT node_bits int,
    OUT frontier_id bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'uuid_seq_state'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_seq_backend_stats(
    OUT pid int,
    OUT generated bigint,
    OUT last_value uuid,
    OUT clock_rollbacks bigint,
    OUT overflows bigint,
    OUT max_drift_ms bigint,
    OUT cas_retries bigint,
    OUT last_id bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'uuid_seq_backend_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE VIEW uuid_seq_backends AS
    SELECT pid, generated, last_value, clock_rollbacks, overflows,
           max_drift_ms, cas_retries, last_id
    FROM uuid_seq_backend_stats();

GRANT SELECT ON uuid_seq_backends TO PUBLIC;

COMMENT ON FUNCTION tsid_generate() IS
    'next TSID of the TSID frontier: 41 bits of ms since 2020, node id and counter in 22';
COMMENT ON FUNCTION snowflake_generate(timestamptz) IS
    'next Snowflake id of the Snowflake frontier: ms since the epoch, 10-bit node, 12-bit counter';
COMMENT ON FUNCTION tsid_to_timestamptz(bigint) IS 'creation time of a TSID';
COMMENT ON FUNCTION snowflake_to_timestamptz(bigint, timestamptz) IS
    'creation time of a Snowflake id of an epoch';
COMMENT ON FUNCTION tsid_to_text(bigint) IS 'the 13-character Crockford base32 text of a TSID';
COMMENT ON FUNCTION tsid_from_text(text) IS 'the TSID of its 13-character text (any case)';
COMMENT ON FUNCTION tsid_lower_bound(timestamptz) IS
    'the smallest TSID of the millisecond of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION snowflake_lower_bound(timestamptz, timestamptz) IS
    'the smallest Snowflake id of the millisecond of an instant: a partition bound';
COMMENT ON FUNCTION tsid_text_to_timestamptz(text) IS
    'creation time of a TSID written as text (decimal or 13 characters): pg_partman''s time decoder';
COMMENT ON FUNCTION snowflake_text_to_timestamptz(text) IS
    'creation time of a Snowflake id of Twitter''s epoch written as text: pg_partman''s time decoder';
COMMENT ON FUNCTION tsid_node_id(bigint, int) IS 'the node id of a TSID made with node_bits node bits';
COMMENT ON FUNCTION tsid_counter(bigint, int) IS 'the counter of a TSID made with node_bits node bits';
COMMENT ON FUNCTION snowflake_node_id(bigint) IS 'the 10-bit node field of a Snowflake id';
COMMENT ON FUNCTION snowflake_counter(bigint) IS 'the 12-bit counter of a Snowflake id';
COMMENT ON FUNCTION uuid_seq_raise_frontier(text, bigint) IS
    'raise an 8-byte family''s shared frontier so that every later id lies above the given one (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(text, bigint, timestamptz) IS
    'raise the snowflake family''s shared frontier above an id of the given epoch (superuser)';
COMMENT ON FUNCTION uuid_seq_state() IS
    'one row per generator family: its frontier (hidden from roles without pg_read_all_stats when shared), where it started, the node settings';
COMMENT ON FUNCTION uuid_seq_backend_stats() IS
    'rows of the uuid_seq_backends view';
COMMENT ON VIEW uuid_seq_backends IS
    'per backend: values generated, last value (uuid, or bigint in last_id), clock rollbacks, overflows, drift ahead of the clock, compare-exchange retries';
