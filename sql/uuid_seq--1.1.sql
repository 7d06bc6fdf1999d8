/* uuid_seq--1.1.sql: install script of uuid_seq 1.1 */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION uuid_seq" to load this file. \quit

-- UUIDv7 (src/README §2), drop-in names of pg_uuidv7
--
-- Every generator that takes a frontier step is PARALLEL RESTRICTED, and so
-- is uuid_seq_state(): without preload a parallel worker has frontiers of its
-- own, so a value taken there could fall below this session's earlier ones.

CREATE FUNCTION uuid_generate_v7()
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_generate_v7'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

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
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuidv7(shift interval)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_seq_uuidv7_shift'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_extract_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'uuid_seq_extract_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_extract_version(uuid)
RETURNS smallint
AS 'MODULE_PATHNAME', 'uuid_seq_extract_version'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Observability (src/README §6)

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
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

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

-- ULID (src/README §4): stored as uuid, 26-character Crockford base32 text

CREATE FUNCTION ulid_generate()
RETURNS uuid
AS 'MODULE_PATHNAME', 'ulid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

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

-- COMB (src/README §3)

CREATE FUNCTION comb_new()
RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_new'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION comb_new(layout text, strategy text DEFAULT 'unix_ms')
RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_new_layout'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION comb_new(ts timestamptz, layout text DEFAULT 'sqlserver',
                         strategy text DEFAULT 'unix_ms')
RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_new_at'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION comb_timestamp(u uuid, layout text DEFAULT 'sqlserver',
                               strategy text DEFAULT 'unix_ms')
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'comb_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION comb_is_dotnet_ticks(u uuid)
RETURNS bool
AS 'MODULE_PATHNAME', 'comb_is_dotnet_ticks'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- SQL Server order for uuid (src/README §5): operators and the btree operator
-- class uuid_sqlserver_ops, whose family also holds sqlguid's default class
-- and the comparisons between sqlguid and uuid (below)

CREATE FUNCTION uuid_sqlserver_cmp(uuid, uuid)
RETURNS int4
AS 'MODULE_PATHNAME', 'uuid_sqlserver_cmp'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlserver_lt(uuid, uuid)
RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_lt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlserver_le(uuid, uuid)
RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_le'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlserver_ge(uuid, uuid)
RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_ge'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlserver_gt(uuid, uuid)
RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_gt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlserver_sortsupport(internal)
RETURNS void
AS 'MODULE_PATHNAME', 'uuid_sqlserver_sortsupport'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR #<# (
    LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = uuid_sqlserver_lt,
    COMMUTATOR = #>#, NEGATOR = #>=#,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel);

CREATE OPERATOR #<=# (
    LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = uuid_sqlserver_le,
    COMMUTATOR = #>=#, NEGATOR = #>#,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel);

CREATE OPERATOR #>=# (
    LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = uuid_sqlserver_ge,
    COMMUTATOR = #<=#, NEGATOR = #<#,
    RESTRICT = scalargesel, JOIN = scalargejoinsel);

CREATE OPERATOR #># (
    LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = uuid_sqlserver_gt,
    COMMUTATOR = #<#, NEGATOR = #<=#,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

CREATE OPERATOR CLASS uuid_sqlserver_ops
FOR TYPE uuid USING btree AS
    OPERATOR 1 #<#,
    OPERATOR 2 #<=#,
    OPERATOR 3 =,
    OPERATOR 4 #>=#,
    OPERATOR 5 #>#,
    FUNCTION 1 uuid_sqlserver_cmp(uuid, uuid),
    FUNCTION 2 uuid_sqlserver_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);

-- sqlguid (src/README §5): a uuid whose default order is SQL Server's.  Its I/O,
-- equality and hash functions are core's uuid functions; its comparisons
-- are the uuid_sqlserver_* C functions.

CREATE TYPE sqlguid;

CREATE FUNCTION sqlguid_in(cstring)
RETURNS sqlguid
AS 'uuid_in'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION sqlguid_out(sqlguid)
RETURNS cstring
AS 'uuid_out'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION sqlguid_recv(internal)
RETURNS sqlguid
AS 'uuid_recv'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION sqlguid_send(sqlguid)
RETURNS bytea
AS 'uuid_send'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE sqlguid (
    INPUT = sqlguid_in,
    OUTPUT = sqlguid_out,
    RECEIVE = sqlguid_recv,
    SEND = sqlguid_send,
    LIKE = uuid);

CREATE CAST (uuid AS sqlguid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (sqlguid AS uuid) WITHOUT FUNCTION AS IMPLICIT;

-- comparison functions for (sqlguid, sqlguid), (sqlguid, uuid), (uuid, sqlguid)
CREATE FUNCTION sqlguid_eq(sqlguid, sqlguid) RETURNS bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_ne(sqlguid, sqlguid) RETURNS bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_lt(sqlguid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_lt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_le(sqlguid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_le'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_ge(sqlguid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_ge'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_gt(sqlguid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_gt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_cmp(sqlguid, sqlguid) RETURNS int4
AS 'MODULE_PATHNAME', 'uuid_sqlserver_cmp'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION sqlguid_uuid_eq(sqlguid, uuid) RETURNS bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_ne(sqlguid, uuid) RETURNS bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_lt(sqlguid, uuid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_lt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_le(sqlguid, uuid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_le'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_ge(sqlguid, uuid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_ge'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_gt(sqlguid, uuid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_gt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION sqlguid_uuid_cmp(sqlguid, uuid) RETURNS int4
AS 'MODULE_PATHNAME', 'uuid_sqlserver_cmp'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_sqlguid_eq(uuid, sqlguid) RETURNS bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_ne(uuid, sqlguid) RETURNS bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_lt(uuid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_lt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_le(uuid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_le'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_ge(uuid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_ge'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_gt(uuid, sqlguid) RETURNS bool
AS 'MODULE_PATHNAME', 'uuid_sqlserver_gt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_sqlguid_cmp(uuid, sqlguid) RETURNS int4
AS 'MODULE_PATHNAME', 'uuid_sqlserver_cmp'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION sqlguid_hash(sqlguid) RETURNS int4 AS 'uuid_hash'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sqlguid_hash_extended(sqlguid, int8) RETURNS int8 AS 'uuid_hash_extended'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

-- =, <> and the order operators in SQL Server order, for each pairing
CREATE OPERATOR = (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = sqlguid, RIGHTARG = sqlguid, FUNCTION = sqlguid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

CREATE OPERATOR = (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = sqlguid, RIGHTARG = uuid, FUNCTION = sqlguid_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

CREATE OPERATOR = (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = uuid, RIGHTARG = sqlguid, FUNCTION = uuid_sqlguid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

-- sqlguid's default btree class joins uuid_sqlserver_ops's family, with the
-- comparisons between the two types
CREATE OPERATOR CLASS sqlguid_ops
DEFAULT FOR TYPE sqlguid USING btree FAMILY uuid_sqlserver_ops AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 sqlguid_cmp(sqlguid, sqlguid),
    FUNCTION 2 uuid_sqlserver_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);

ALTER OPERATOR FAMILY uuid_sqlserver_ops USING btree ADD
    OPERATOR 1 < (sqlguid, uuid),
    OPERATOR 2 <= (sqlguid, uuid),
    OPERATOR 3 = (sqlguid, uuid),
    OPERATOR 4 >= (sqlguid, uuid),
    OPERATOR 5 > (sqlguid, uuid),
    FUNCTION 1 sqlguid_uuid_cmp(sqlguid, uuid),
    OPERATOR 1 < (uuid, sqlguid),
    OPERATOR 2 <= (uuid, sqlguid),
    OPERATOR 3 = (uuid, sqlguid),
    OPERATOR 4 >= (uuid, sqlguid),
    OPERATOR 5 > (uuid, sqlguid),
    FUNCTION 1 uuid_sqlguid_cmp(uuid, sqlguid);

-- hashing is uuid's: one hash family for both types
CREATE OPERATOR CLASS sqlguid_hash_ops
DEFAULT FOR TYPE sqlguid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 sqlguid_hash(sqlguid),
    FUNCTION 2 sqlguid_hash_extended(sqlguid, int8);

ALTER OPERATOR FAMILY sqlguid_hash_ops USING hash ADD
    OPERATOR 1 = (uuid, uuid),
    FUNCTION 1 uuid_hash(uuid),
    FUNCTION 2 uuid_hash_extended(uuid, int8),
    OPERATOR 1 = (sqlguid, uuid),
    OPERATOR 1 = (uuid, sqlguid);
