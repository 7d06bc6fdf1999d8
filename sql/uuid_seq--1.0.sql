/* uuid_seq--1.0.sql: install script of uuid_seq 1.0 */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION uuid_seq" to load this file. \quit

-- UUIDv7 (SPEC §2), drop-in names of pg_uuidv7

CREATE FUNCTION uuid_generate_v7()
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_generate_v7'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_generate_v7(ts timestamptz)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_generate_v7_at'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_to_timestamptz(u uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'uuid_v7_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_to_timestamp(u uuid)
RETURNS timestamp
AS 'MODULE_PATHNAME', 'uuid_v7_to_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero bool DEFAULT false)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_timestamptz_to_v7'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero bool DEFAULT false)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_timestamp_to_v7'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_timestamp(u uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'uuid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_version(u uuid)
RETURNS smallint
AS 'MODULE_PATHNAME', 'uuid_version'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_node_id(u uuid, bits int)
RETURNS int
AS 'MODULE_PATHNAME', 'uuid_node_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- PostgreSQL 18's functions, on every server version (C symbols prefixed)

CREATE FUNCTION uuidv4()
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuidv4'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuidv7()
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuidv7'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuidv7(shift interval)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuidv7_shift'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_extract_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'uuid_seq_extract_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_extract_version(uuid)
RETURNS smallint
AS 'MODULE_PATHNAME', 'uuid_seq_extract_version'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Observability (SPEC §6)

CREATE FUNCTION uuid_seq_state(
    OUT family text,
    OUT shared bool,
    OUT frontier uuid,
    OUT frontier_time timestamptz,
    OUT restored_from text,
    OUT node_id int,
    OUT node_bits int)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'uuid_seq_state'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_seq_backend_stats(
    OUT pid int,
    OUT generated bigint,
    OUT last_value uuid,
    OUT clock_rollbacks bigint,
    OUT overflows bigint,
    OUT max_drift_ms bigint,
    OUT cas_retries bigint)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'uuid_seq_backend_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE VIEW uuid_seq_backends AS
    SELECT pid, generated, last_value, clock_rollbacks, overflows,
           max_drift_ms, cas_retries
    FROM uuid_seq_backend_stats();

GRANT SELECT ON uuid_seq_backends TO PUBLIC;

CREATE FUNCTION uuid_seq_reset_stats()
RETURNS void
AS 'MODULE_PATHNAME', 'uuid_seq_reset_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

REVOKE ALL ON FUNCTION uuid_seq_reset_stats() FROM PUBLIC;

-- ULID (SPEC §4): stored as uuid, 26-character Crockford base32 text

CREATE FUNCTION ulid_generate()
RETURNS uuid
AS 'MODULE_PATHNAME', 'ulid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_generate_xact()
RETURNS uuid
AS 'MODULE_PATHNAME', 'ulid_generate_xact'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_to_ulid(u uuid)
RETURNS text
AS 'MODULE_PATHNAME', 'uuid_to_ulid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_to_uuid(t text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'ulid_to_uuid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_timestamp(u uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'ulid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_node_id(u uuid, bits int)
RETURNS int
AS 'MODULE_PATHNAME', 'ulid_node_id'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
