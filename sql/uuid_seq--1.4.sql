/* uuid_seq--1.4.sql: install script of uuid_seq 1.4 */

-- The whole current catalog in one file.  Each release's upgrade script
-- (uuid_seq--1.3--1.4.sql, ...) makes the same objects from the version
-- before: test/regress/sql/upgrade.sql compares 1.0 and 1.1 brought up to
-- date with a fresh install of this script, member by member.
--
-- The extension is trusted: this script runs as a superuser for whoever may
-- create the extension, with the target schema on search_path.  Every call
-- of a catalog function is schema-qualified (pg_catalog.format()), so that
-- no look-alike planted there can run (SECURITY.md).

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

-- With zero = false (the default) these fill the random bits afresh on every
-- call, so they are VOLATILE: as STABLE, a query that names one call could
-- run it twice (a pulled-up subquery) and see two values.  A call with zero
-- => true is the millisecond's lower bound, uuid_v7_lower_bound(ts), which
-- is IMMUTABLE: the planner support function simplifies such a call into it,
-- so that `id >= uuid_timestamptz_to_v7(t, true)` (pg_uuidv7's way to write
-- a range scan) stays an index bound.
CREATE FUNCTION uuid_seq_v7_bound_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'uuid_seq_v7_bound_support'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero bool DEFAULT false)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_timestamptz_to_v7'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE
SUPPORT uuid_seq_v7_bound_support;

CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero bool DEFAULT false)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_timestamp_to_v7'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE
SUPPORT uuid_seq_v7_bound_support;

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

CREATE FUNCTION uuid_seq_reset_stats()
RETURNS void
AS 'MODULE_PATHNAME', 'uuid_seq_reset_stats'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

REVOKE ALL ON FUNCTION uuid_seq_reset_stats() FROM PUBLIC;

CREATE FUNCTION uuid_seq_library_version()
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'uuid_seq_library_version'
LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;

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

-- TypeID (src/README §14): a uuid under a type prefix, as the TypeID
-- specification (version 0.3) writes it; typeid_generate() takes a step of
-- the v7 frontier, like uuid_generate_v7()

CREATE FUNCTION uuid_to_typeid(prefix text, u uuid)
RETURNS text
AS 'MODULE_PATHNAME', 'uuid_to_typeid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_to_uuid(typeid text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'typeid_to_uuid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_to_uuid(typeid text, prefix text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'typeid_to_uuid_prefix'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_prefix(typeid text)
RETURNS text
AS 'MODULE_PATHNAME', 'typeid_prefix'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION typeid_generate(prefix text)
RETURNS text
AS 'MODULE_PATHNAME', 'typeid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

-- GUID byte order (src/README §15): .NET's Guid.ToByteArray() and SQL
-- Server's binary(16) store the first three groups little-endian

CREATE FUNCTION uuid_to_guid_bytes(u uuid)
RETURNS bytea
AS 'MODULE_PATHNAME', 'uuid_to_guid_bytes'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_from_guid_bytes(b bytea)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_from_guid_bytes'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_guid_swap(u uuid)
RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_guid_swap'
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

-- min() and max() of sqlguid in SQL Server order (a uuid's min/max, where the
-- server has them, would use uuid order); SORTOP lets them read the first or
-- last entry of a sqlguid index

CREATE FUNCTION sqlguid_smaller(sqlguid, sqlguid) RETURNS sqlguid
AS 'MODULE_PATHNAME', 'uuid_sqlserver_smaller'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION sqlguid_larger(sqlguid, sqlguid) RETURNS sqlguid
AS 'MODULE_PATHNAME', 'uuid_sqlserver_larger'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE AGGREGATE min(sqlguid) (
    SFUNC = sqlguid_smaller, STYPE = sqlguid, COMBINEFUNC = sqlguid_smaller,
    SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE max(sqlguid) (
    SFUNC = sqlguid_larger, STYPE = sqlguid, COMBINEFUNC = sqlguid_larger,
    SORTOP = >, PARALLEL = SAFE);

-- comb_convert(): a COMB moved between the sqlserver and postgresql layouts,
-- time, counter and random bits kept (src/README §3)

CREATE FUNCTION comb_convert(u uuid, from_layout text, to_layout text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_convert'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_convert(uuid, text, text) IS
    'the same COMB (time, counter, random bits) in the other layout, sqlserver or postgresql; lossless both ways';

-- Partitioning by the time inside keys: for each family that sorts by time
-- in uuid order, the smallest value of an instant (a partition bound,
-- pg_partman's p_time_encoder) and the time of a key as text (pg_partman's
-- p_time_decoder); IMMUTABLE, as pg_partman and generated columns require

CREATE FUNCTION uuid_v7_lower_bound(ts timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME', 'uuid_v7_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_lower_bound(ts timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME', 'ulid_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_lower_bound(ts timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_sqldatetime_lower_bound(ts timestamptz) RETURNS uuid
AS 'MODULE_PATHNAME', 'comb_sqldatetime_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_v7_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'uuid_v7_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'ulid_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'comb_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION comb_sqldatetime_text_to_timestamptz(key text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'comb_sqldatetime_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_v7_lower_bound(timestamptz) IS
    'the smallest UUIDv7 of the millisecond of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION ulid_lower_bound(timestamptz) IS
    'the smallest ULID of the millisecond of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION comb_lower_bound(timestamptz) IS
    'the smallest COMB (postgresql, unix_ms) of the millisecond of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION comb_sqldatetime_lower_bound(timestamptz) IS
    'the smallest COMB (postgresql, sqldatetime) of the 1/300 s of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION uuid_v7_text_to_timestamptz(text) IS
    'creation time (ms) of a UUIDv7 written as text; NULL for other versions: pg_partman''s time decoder';
COMMENT ON FUNCTION ulid_text_to_timestamptz(text) IS
    'creation time (ms) of a ULID written as uuid text or as its 26 characters: pg_partman''s time decoder';
COMMENT ON FUNCTION comb_text_to_timestamptz(text) IS
    'creation time of a COMB (postgresql, unix_ms) written as text: pg_partman''s time decoder';
COMMENT ON FUNCTION comb_sqldatetime_text_to_timestamptz(text) IS
    'creation time of a COMB (postgresql, sqldatetime) written as text: pg_partman''s time decoder';

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

-- The raise past a key further ahead of the clock than the default
-- horizon (5 minutes), which the forms above refuse: asked for with a
-- horizon.  An 8-byte id's takes the epoch too (TSID's own, 2020-01-01, for
-- 'tsid'): a third argument of type interval beside the epoch's would make
-- `uuid_seq_raise_frontier('snowflake', id, '2015-01-01+00')` ambiguous.
CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past pg_catalog.uuid,
                                        horizon pg_catalog.interval)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past pg_catalog.int8,
                                        epoch pg_catalog.timestamptz,
                                        horizon pg_catalog.interval)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_id'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.uuid, pg_catalog.interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz, pg_catalog.interval) FROM PUBLIC;

-- After a move off a server (a restore, pg_upgrade, a logical-replication
-- switchover): every family's frontier raised above every key column of
-- this database whose DEFAULT calls a generator, one row per column, as
-- pg_dump's setval() calls do for sequences (src/README §12).  Keys past
-- the clock + horizon are not raised to; no table's lock is waited for
-- longer than lock_wait.  It reads every table whatever its privileges:
-- superuser only (in C too), EXECUTE revoked from PUBLIC.
CREATE FUNCTION uuid_seq_raise_frontiers(
    horizon pg_catalog.interval DEFAULT '5 minutes',
    lock_wait pg_catalog.interval DEFAULT '10 seconds',
    OUT table_name pg_catalog.regclass, OUT column_name pg_catalog.name,
    OUT family pg_catalog.text, OUT raised pg_catalog.bool,
    OUT max_value pg_catalog.text)
RETURNS SETOF pg_catalog.record
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontiers'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 10;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontiers(pg_catalog.interval, pg_catalog.interval) FROM PUBLIC;

-- Descriptions, for \df+, \do+, \dT+ and \dx+

COMMENT ON FUNCTION uuid_generate_v7() IS
    'next UUIDv7 of the v7 frontier: above every earlier value of this backend (of the cluster when preloaded)';
COMMENT ON FUNCTION uuid_generate_v7(timestamptz) IS
    'a UUIDv7 for the given instant, random rest; never moves a frontier';
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'creation time (ms) of a UUIDv7; NULL for other versions';
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'creation time (ms, UTC, without time zone) of a UUIDv7; NULL for other versions';
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, bool) IS
    'a UUIDv7 for the given instant; with zero => true the smallest UUIDv7 of its millisecond, a range-scan bound';
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, bool) IS
    'as uuid_timestamptz_to_v7, for a timestamp read as UTC';
COMMENT ON FUNCTION uuid_seq_v7_bound_support(internal) IS
    'planner support: uuid_timestamptz_to_v7(ts, true) and uuid_timestamp_to_v7(ts, true) become uuid_v7_lower_bound(ts)';
COMMENT ON FUNCTION uuid_timestamp(uuid) IS
    'creation time of a version 1, 6 or 7 uuid; NULL for others';
COMMENT ON FUNCTION uuid_version(uuid) IS
    'version of an RFC 9562 uuid; NULL for other variants';
COMMENT ON FUNCTION uuid_node_id(uuid, int) IS
    'the node id (uuid_seq.node_bits) in the top bits of a UUIDv7''s random part, or of a UUIDv6''s node after its first byte';
COMMENT ON FUNCTION uuid_seq_state() IS
    'one row per generator family: its frontier (hidden from roles without pg_read_all_stats when shared), where it started, the node settings';
COMMENT ON FUNCTION uuid_seq_backend_stats() IS
    'rows of the uuid_seq_backends view';
COMMENT ON VIEW uuid_seq_backends IS
    'per backend: values generated, last value (uuid, or bigint in last_id), clock rollbacks, overflows, drift ahead of the clock, compare-exchange retries';
COMMENT ON FUNCTION uuid_seq_reset_stats() IS
    'zero the counters of uuid_seq_backends (superuser)';
COMMENT ON FUNCTION uuid_seq_library_version() IS
    'the version of uuid_seq''s library this session runs (the server''s until it restarts)';
COMMENT ON FUNCTION ulid_generate() IS
    'next ULID of the ULID frontier, stored as uuid';
COMMENT ON FUNCTION ulid_generate_xact() IS
    'a ULID: one frontier step per transaction, +1 for each later call in it';
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS
    'the 26-character Crockford base32 text of a ULID';
COMMENT ON FUNCTION ulid_to_uuid(text) IS
    'a ULID''s text (any case) as uuid';
COMMENT ON FUNCTION ulid_timestamp(uuid) IS
    'creation time (ms) of a ULID';
COMMENT ON FUNCTION ulid_node_id(uuid, int) IS
    'the node id in the top bits of a ULID''s 80-bit part (uuid_seq.node_bits)';
COMMENT ON FUNCTION uuid_to_typeid(text, uuid) IS
    'the TypeID text of a uuid under a type prefix (TypeID spec 0.3)';
COMMENT ON FUNCTION typeid_to_uuid(text) IS
    'the uuid of a TypeID''s text';
COMMENT ON FUNCTION typeid_to_uuid(text, text) IS
    'the uuid of a TypeID''s text, whose prefix must be the given one';
COMMENT ON FUNCTION typeid_prefix(text) IS
    'the type prefix of a TypeID''s text ('''' when it has none)';
COMMENT ON FUNCTION typeid_generate(text) IS
    'a TypeID of the next UUIDv7 of the v7 frontier, under a type prefix';
COMMENT ON FUNCTION comb_new() IS
    'next COMB, layout sqlserver, strategy unix_ms (RT.Comb Provider.Sql)';
COMMENT ON FUNCTION comb_new(text, text) IS
    'next COMB of a layout (sqlserver, postgresql) and strategy (unix_ms, sqldatetime, dotnet_ticks)';
COMMENT ON FUNCTION comb_new(timestamptz, text, text) IS
    'a COMB for the given instant; never moves a frontier';
COMMENT ON FUNCTION comb_timestamp(uuid, text, text) IS
    'creation time of a COMB of the given layout and strategy';
COMMENT ON FUNCTION comb_is_dotnet_ticks(uuid) IS
    'whether a uuid carries the .NET-ticks COMB marker (IsComb)';
COMMENT ON FUNCTION uuid_sqlserver_cmp(uuid, uuid) IS
    'compare two uuids in SQL Server''s uniqueidentifier order';
COMMENT ON FUNCTION uuid_sqlserver_lt(uuid, uuid) IS 'implementation of #<# (SQL Server order)';
COMMENT ON FUNCTION uuid_sqlserver_le(uuid, uuid) IS 'implementation of #<=# (SQL Server order)';
COMMENT ON FUNCTION uuid_sqlserver_ge(uuid, uuid) IS 'implementation of #>=# (SQL Server order)';
COMMENT ON FUNCTION uuid_sqlserver_gt(uuid, uuid) IS 'implementation of #># (SQL Server order)';
COMMENT ON FUNCTION uuid_sqlserver_sortsupport(internal) IS
    'sort support (abbreviated keys) for SQL Server order';
COMMENT ON OPERATOR #<# (uuid, uuid) IS 'less than, in SQL Server order';
COMMENT ON OPERATOR #<=# (uuid, uuid) IS 'less than or equal, in SQL Server order';
COMMENT ON OPERATOR #>=# (uuid, uuid) IS 'greater than or equal, in SQL Server order';
COMMENT ON OPERATOR #># (uuid, uuid) IS 'greater than, in SQL Server order';
COMMENT ON OPERATOR CLASS uuid_sqlserver_ops USING btree IS
    'btree order of uuid as SQL Server orders uniqueidentifier';
COMMENT ON TYPE sqlguid IS
    'a uuid whose default order is SQL Server''s uniqueidentifier order';
COMMENT ON FUNCTION sqlguid_in(cstring) IS 'I/O';
COMMENT ON FUNCTION sqlguid_out(sqlguid) IS 'I/O';
COMMENT ON FUNCTION sqlguid_recv(internal) IS 'I/O';
COMMENT ON FUNCTION sqlguid_send(sqlguid) IS 'I/O';
COMMENT ON FUNCTION sqlguid_hash(sqlguid) IS 'hash (as uuid)';
COMMENT ON FUNCTION sqlguid_hash_extended(sqlguid, int8) IS 'hash (as uuid)';
COMMENT ON OPERATOR CLASS sqlguid_ops USING btree IS 'SQL Server order';
COMMENT ON OPERATOR CLASS sqlguid_hash_ops USING hash IS 'hash of uuid';
COMMENT ON OPERATOR FAMILY uuid_sqlserver_ops USING btree IS
    'SQL Server order of uuid and sqlguid, and between them';
COMMENT ON OPERATOR FAMILY sqlguid_hash_ops USING hash IS
    'hash of uuid and sqlguid, and equality between them';
COMMENT ON FUNCTION sqlguid_smaller(sqlguid, sqlguid) IS 'smaller in SQL Server order';
COMMENT ON FUNCTION sqlguid_larger(sqlguid, sqlguid) IS 'larger in SQL Server order';
COMMENT ON AGGREGATE min(sqlguid) IS 'minimum in SQL Server order';
COMMENT ON AGGREGATE max(sqlguid) IS 'maximum in SQL Server order';
COMMENT ON FUNCTION uuid_to_guid_bytes(uuid) IS
    'the 16 bytes of .NET Guid.ToByteArray() and SQL Server binary(16) (first three groups little-endian)';
COMMENT ON FUNCTION uuid_from_guid_bytes(bytea) IS
    'the uuid of 16 bytes in .NET Guid.ToByteArray() and SQL Server binary(16) order';
COMMENT ON FUNCTION uuid_guid_swap(uuid) IS
    'a uuid with its first three groups byte-reversed: repairs a GUID read in the wrong byte order (its own inverse)';
-- pg_catalog.format() and pg_catalog.current_schema(), qualified: the script
-- runs as a superuser for whoever may create the extension (it is trusted),
-- and a look-alike in the target schema could match a call better
-- (SECURITY.md).
DO $$
DECLARE
    pair record;
BEGIN
    -- sqlguid's comparisons, with each other and with uuid, in SQL Server order
    FOR pair IN SELECT * FROM (VALUES ('sqlguid', 'sqlguid', 'sqlguid'),
                                      ('sqlguid', 'uuid', 'sqlguid_uuid'),
                                      ('uuid', 'sqlguid', 'uuid_sqlguid')) p(l, r, fn)
    LOOP
        EXECUTE pg_catalog.format($sql$
            COMMENT ON FUNCTION %3$s_eq(%1$s, %2$s) IS 'implementation of =';
            COMMENT ON FUNCTION %3$s_ne(%1$s, %2$s) IS 'implementation of <>';
            COMMENT ON FUNCTION %3$s_lt(%1$s, %2$s) IS 'implementation of < (SQL Server order)';
            COMMENT ON FUNCTION %3$s_le(%1$s, %2$s) IS 'implementation of <= (SQL Server order)';
            COMMENT ON FUNCTION %3$s_ge(%1$s, %2$s) IS 'implementation of >= (SQL Server order)';
            COMMENT ON FUNCTION %3$s_gt(%1$s, %2$s) IS 'implementation of > (SQL Server order)';
            COMMENT ON FUNCTION %3$s_cmp(%1$s, %2$s) IS 'compare in SQL Server order';
            COMMENT ON OPERATOR = (%1$s, %2$s) IS 'equal';
            COMMENT ON OPERATOR <> (%1$s, %2$s) IS 'not equal';
            COMMENT ON OPERATOR < (%1$s, %2$s) IS 'less than, in SQL Server order';
            COMMENT ON OPERATOR <= (%1$s, %2$s) IS 'less than or equal, in SQL Server order';
            COMMENT ON OPERATOR >= (%1$s, %2$s) IS 'greater than or equal, in SQL Server order';
            COMMENT ON OPERATOR > (%1$s, %2$s) IS 'greater than, in SQL Server order';
            $sql$, pair.l, pair.r, pair.fn);
    END LOOP;
    -- core 18's names: qualified, as pg_catalog's copies win unqualified
    -- names on 17 and 18
    EXECUTE pg_catalog.format($sql$
        COMMENT ON FUNCTION %1$I.uuidv4() IS
            'a random (version 4) uuid, as PostgreSQL 18''s uuidv4()';
        COMMENT ON FUNCTION %1$I.uuidv7() IS
            'next UUIDv7 of the v7 frontier, as uuid_generate_v7()';
        COMMENT ON FUNCTION %1$I.uuidv7(interval) IS
            'next UUIDv7 of the v7 frontier with the interval added to its time only';
        COMMENT ON FUNCTION %1$I.uuid_extract_timestamp(uuid) IS
            'creation time of a version 1 or 7 uuid, as PostgreSQL 18''s';
        COMMENT ON FUNCTION %1$I.uuid_extract_version(uuid) IS
            'version of an RFC 9562 uuid, as PostgreSQL 18''s';
        $sql$, pg_catalog.current_schema());
END
$$;

COMMENT ON FUNCTION uuid_seq_raise_frontier(text, uuid) IS
    'raise a family''s shared frontier so that every later value lies above the given one, at most 5 minutes past the clock (superuser); false when it already did';
COMMENT ON FUNCTION uuid_seq_uuid_larger(uuid, uuid) IS 'larger in uuid order';
COMMENT ON FUNCTION uuid_seq_uuid_smaller(uuid, uuid) IS 'smaller in uuid order';
COMMENT ON AGGREGATE min(uuid) IS 'minimum in uuid order (core has it from PostgreSQL 20 on)';
COMMENT ON AGGREGATE max(uuid) IS 'maximum in uuid order (core has it from PostgreSQL 20 on)';
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
    'raise an 8-byte family''s shared frontier so that every later id lies above the given one, at most 5 minutes past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(text, bigint, timestamptz) IS
    'raise the snowflake family''s shared frontier above an id of the given epoch, at most 5 minutes past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.uuid, pg_catalog.interval) IS
    'raise a family''s shared frontier above the given value, at most the horizon past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz, pg_catalog.interval) IS
    'raise an 8-byte family''s shared frontier above an id of the given epoch, at most the horizon past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontiers(pg_catalog.interval, pg_catalog.interval) IS
    'raise every family''s shared frontier above every key column of this database whose default calls a generator, up to the clock + horizon (superuser); one row per column';

-- The keyed v4 facade of a UUIDv7 (src/README §17), byte-compatible with
-- UUIDv47: the time field XORed with a SipHash-2-4 mask of the value's own
-- random bits, version 7 written as 4.  With a key argument (16 bytes, k0
-- then k1, each little-endian) they depend on their arguments alone:
-- IMMUTABLE.  Without one they use the superuser-only setting
-- uuid_seq.facade_key, which can change: STABLE, so that
-- `WHERE id = uuid_v7_from_facade($1)` still uses an index; EXECUTE on them
-- is revoked from PUBLIC (below).  Types are qualified like calls
-- (SECURITY.md).
CREATE FUNCTION uuid_v7_facade(id pg_catalog.uuid, key pg_catalog.bytea)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_v7_facade_keyed'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_from_facade(facade pg_catalog.uuid, key pg_catalog.bytea)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_v7_from_facade_keyed'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_facade(id pg_catalog.uuid)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_v7_facade'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_from_facade(facade pg_catalog.uuid)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_v7_from_facade'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

-- The configured key is the cluster's, every database's: it is for the
-- roles a superuser grants it to, not for whoever can log in (the owner of
-- another database would decode the application's facades).  The keyed
-- forms carry their own key and stay executable by PUBLIC.
REVOKE ALL ON FUNCTION uuid_v7_facade(pg_catalog.uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_v7_from_facade(pg_catalog.uuid) FROM PUBLIC;

COMMENT ON FUNCTION uuid_v7_facade(pg_catalog.uuid, pg_catalog.bytea) IS
    'the version 4 facade of a UUIDv7 under a 16-byte key (UUIDv47: its time masked with SipHash-2-4)';
COMMENT ON FUNCTION uuid_v7_from_facade(pg_catalog.uuid, pg_catalog.bytea) IS
    'the UUIDv7 of a version 4 facade under a 16-byte key (UUIDv47)';
COMMENT ON FUNCTION uuid_v7_facade(pg_catalog.uuid) IS
    'the version 4 facade of a UUIDv7 under the key of uuid_seq.facade_key (UUIDv47)';
COMMENT ON FUNCTION uuid_v7_from_facade(pg_catalog.uuid) IS
    'the UUIDv7 of a version 4 facade under the key of uuid_seq.facade_key (UUIDv47)';

-- ulid_timestamp() under the name the other decoders have
-- (uuid_v7_to_timestamptz, tsid_to_timestamptz, ulid_text_to_timestamptz):
-- the same C function.
CREATE FUNCTION ulid_to_timestamptz(u pg_catalog.uuid)
RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'ulid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION ulid_to_timestamptz(pg_catalog.uuid) IS
    'creation time (ms) of a ULID; the same as ulid_timestamp()';

-- Where the frontiers live (src/README §11): 'shared memory' (preloaded),
-- 'named segment' (17 and later without preload: a named DSM segment) or
-- 'session' (13 to 16 without preload: each backend's own).  A function of
-- its own rather than a column of uuid_seq_state(), which an update could
-- change only by dropping it under its users' views.  Fixed from server
-- start (and by the build), so never different within a statement, but a
-- restart can change it: STABLE, not IMMUTABLE.  A parallel worker answers
-- as its leader: PARALLEL SAFE.
CREATE FUNCTION uuid_seq_frontiers_in()
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'uuid_seq_frontiers_in'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_seq_frontiers_in() IS
    'where the frontiers live: shared memory (preloaded), named segment (17+ without preload) or session';

-- objectid (src/README §18): MongoDB's 12-byte ObjectId, 4 bytes of Unix
-- seconds, 5 fixed per server, a 3-byte counter; written as 24 hexadecimal
-- digits.  Not named xid: that is core's transaction id.  Compared as
-- unsigned bytes, so that byte order (and the order of either text form)
-- is creation order on one server.  Types and catalog functions are
-- qualified (SECURITY.md).

CREATE TYPE objectid;

CREATE FUNCTION objectid_in(pg_catalog.cstring)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_in'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION objectid_out(objectid)
RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME', 'objectid_out'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION objectid_recv(pg_catalog.internal)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_recv'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION objectid_send(objectid)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'objectid_send'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE objectid (
    INPUT = objectid_in,
    OUTPUT = objectid_out,
    RECEIVE = objectid_recv,
    SEND = objectid_send,
    INTERNALLENGTH = 12,
    ALIGNMENT = char,
    STORAGE = plain);

CREATE FUNCTION objectid_eq(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_eq'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_ne(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_ne'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_lt(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_lt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_le(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_le'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_ge(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_ge'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_gt(objectid, objectid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'objectid_gt'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_cmp(objectid, objectid) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'objectid_cmp'
LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION objectid_hash(objectid) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'objectid_hash'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_hash_extended(objectid, pg_catalog.int8) RETURNS pg_catalog.int8
AS 'MODULE_PATHNAME', 'objectid_hash_extended'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = objectid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);

CREATE OPERATOR CLASS objectid_ops
DEFAULT FOR TYPE objectid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 objectid_cmp(objectid, objectid),
    FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

CREATE OPERATOR CLASS objectid_hash_ops
DEFAULT FOR TYPE objectid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 objectid_hash(objectid),
    FUNCTION 2 objectid_hash_extended(objectid, pg_catalog.int8);

-- min() and max(); SORTOP lets them read the first or last index entry
CREATE FUNCTION objectid_smaller(objectid, objectid) RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_smaller'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_larger(objectid, objectid) RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_larger'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE AGGREGATE min(objectid) (
    SFUNC = objectid_smaller, STYPE = objectid, COMBINEFUNC = objectid_smaller,
    SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE max(objectid) (
    SFUNC = objectid_larger, STYPE = objectid, COMBINEFUNC = objectid_larger,
    SORTOP = >, PARALLEL = SAFE);

-- The 12 bytes as bytea (BSON's and the drivers' binary form), both ways;
-- explicit, as 12 is not every bytea's length.  Text casts are the type's
-- I/O.
CREATE FUNCTION objectid_to_bytea(id objectid) RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'objectid_to_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_from_bytea(b pg_catalog.bytea) RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_from_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (objectid AS pg_catalog.bytea)
    WITH FUNCTION objectid_to_bytea(objectid);
CREATE CAST (pg_catalog.bytea AS objectid)
    WITH FUNCTION objectid_from_bytea(pg_catalog.bytea);

-- Its time (seconds), and the smallest ObjectId of an instant's second: a
-- range-scan and partition bound (IMMUTABLE, as pg_partman requires)
CREATE FUNCTION objectid_to_timestamptz(id objectid) RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'objectid_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_lower_bound(ts pg_catalog.timestamptz) RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- rs/xid's text of the same 12 bytes: 20 characters of base32hex (0-9,
-- a-v), which order as the bytes do
CREATE FUNCTION objectid_to_xid_text(id objectid) RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'objectid_to_xid_text'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION objectid_from_xid_text(t pg_catalog.text) RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_from_xid_text'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON TYPE objectid IS
    'MongoDB''s 12-byte ObjectId (seconds, 5 bytes per server, counter), as 24 hexadecimal digits';
COMMENT ON FUNCTION objectid_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION objectid_out(objectid) IS 'I/O';
COMMENT ON FUNCTION objectid_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION objectid_send(objectid) IS 'I/O';
COMMENT ON FUNCTION objectid_eq(objectid, objectid) IS 'implementation of =';
COMMENT ON FUNCTION objectid_ne(objectid, objectid) IS 'implementation of <>';
COMMENT ON FUNCTION objectid_lt(objectid, objectid) IS 'implementation of <';
COMMENT ON FUNCTION objectid_le(objectid, objectid) IS 'implementation of <=';
COMMENT ON FUNCTION objectid_ge(objectid, objectid) IS 'implementation of >=';
COMMENT ON FUNCTION objectid_gt(objectid, objectid) IS 'implementation of >';
COMMENT ON FUNCTION objectid_cmp(objectid, objectid) IS 'compare in byte order';
COMMENT ON FUNCTION objectid_hash(objectid) IS 'hash';
COMMENT ON FUNCTION objectid_hash_extended(objectid, pg_catalog.int8) IS 'hash';
COMMENT ON OPERATOR = (objectid, objectid) IS 'equal';
COMMENT ON OPERATOR <> (objectid, objectid) IS 'not equal';
COMMENT ON OPERATOR < (objectid, objectid) IS 'less than';
COMMENT ON OPERATOR <= (objectid, objectid) IS 'less than or equal';
COMMENT ON OPERATOR >= (objectid, objectid) IS 'greater than or equal';
COMMENT ON OPERATOR > (objectid, objectid) IS 'greater than';
COMMENT ON OPERATOR CLASS objectid_ops USING btree IS 'byte order: creation order on one server';
COMMENT ON OPERATOR FAMILY objectid_ops USING btree IS 'byte order of objectid';
COMMENT ON OPERATOR CLASS objectid_hash_ops USING hash IS 'hash of objectid';
COMMENT ON OPERATOR FAMILY objectid_hash_ops USING hash IS 'hash of objectid';
COMMENT ON FUNCTION objectid_smaller(objectid, objectid) IS 'smaller of two ObjectIds';
COMMENT ON FUNCTION objectid_larger(objectid, objectid) IS 'larger of two ObjectIds';
COMMENT ON AGGREGATE min(objectid) IS 'minimum ObjectId';
COMMENT ON AGGREGATE max(objectid) IS 'maximum ObjectId';
COMMENT ON FUNCTION objectid_to_bytea(objectid) IS 'the 12 bytes of an ObjectId';
COMMENT ON FUNCTION objectid_from_bytea(pg_catalog.bytea) IS 'the ObjectId of 12 bytes';
COMMENT ON CAST (objectid AS pg_catalog.bytea) IS 'the 12 bytes of an ObjectId';
COMMENT ON CAST (pg_catalog.bytea AS objectid) IS 'the ObjectId of 12 bytes';
COMMENT ON FUNCTION objectid_to_timestamptz(objectid) IS
    'creation time (seconds) of an ObjectId';
COMMENT ON FUNCTION objectid_lower_bound(pg_catalog.timestamptz) IS
    'the smallest ObjectId of the second of an instant: a range-scan and partition bound';
COMMENT ON FUNCTION objectid_to_xid_text(objectid) IS
    'the 20-character rs/xid text (base32hex, lowercase) of an ObjectId''s 12 bytes';
COMMENT ON FUNCTION objectid_from_xid_text(pg_catalog.text) IS
    'the ObjectId of an rs/xid text (20 characters, either case)';

-- The ulid type (src/README §4), pgx_ulid's drop-in: a ULID stored as a uuid
-- is (16 bytes, binary-coercible with uuid both ways), written as its 26
-- Crockford base32 characters.  Binary I/O, comparisons and hashes are
-- core's uuid functions: uuid order is ULID order (the text's order).  The
-- functions and operator classes take pgx_ulid's names where ours had none.
CREATE TYPE ulid;

CREATE FUNCTION ulid_in(pg_catalog.cstring) RETURNS ulid
AS 'MODULE_PATHNAME', 'ulid_in'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME', 'ulid_out'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_recv(pg_catalog.internal) RETURNS ulid AS 'uuid_recv'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS pg_catalog.bytea AS 'uuid_send'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ulid (
    INPUT = ulid_in,
    OUTPUT = ulid_out,
    RECEIVE = ulid_recv,
    SEND = ulid_send,
    LIKE = pg_catalog.uuid);

-- To uuid implicitly (every uuid function takes a ulid; the same bytes),
-- from uuid on assignment (INSERT, UPDATE, ALTER COLUMN ... TYPE ulid):
-- implicit both ways, as pgx_ulid has them, would make ulid = uuid
-- ambiguous (docs/ulid.md, "Casts").
CREATE CAST (pg_catalog.uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS pg_catalog.uuid) WITHOUT FUNCTION AS IMPLICIT;

-- comparisons of (ulid, ulid), (ulid, uuid) and (uuid, ulid): uuid's
CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_lt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_le'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_ge'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS pg_catalog.bool AS 'uuid_gt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS pg_catalog.int4 AS 'uuid_cmp'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_sortsupport(pg_catalog.internal) RETURNS pg_catalog.void
AS 'uuid_sortsupport'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ulid_uuid_eq(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_ne(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_lt(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_lt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_le(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_le'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_ge(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_ge'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_gt(ulid, pg_catalog.uuid) RETURNS pg_catalog.bool AS 'uuid_gt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ulid_uuid_cmp(ulid, pg_catalog.uuid) RETURNS pg_catalog.int4 AS 'uuid_cmp'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_ulid_eq(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_eq'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_ne(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_ne'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_lt(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_lt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_le(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_le'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_ge(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_ge'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_gt(pg_catalog.uuid, ulid) RETURNS pg_catalog.bool AS 'uuid_gt'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION uuid_ulid_cmp(pg_catalog.uuid, ulid) RETURNS pg_catalog.int4 AS 'uuid_cmp'
LANGUAGE internal IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION ulid_hash(ulid) RETURNS pg_catalog.int4 AS 'uuid_hash'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_hash_extended(ulid, pg_catalog.int8) RETURNS pg_catalog.int8
AS 'uuid_hash_extended'
LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);

CREATE OPERATOR = (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = ulid, RIGHTARG = pg_catalog.uuid, FUNCTION = ulid_uuid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);

CREATE OPERATOR = (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = pg_catalog.uuid, RIGHTARG = ulid, FUNCTION = uuid_ulid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);

-- the default classes, btree and hash, with the comparisons to uuid in their
-- families (and uuid's own, which a merge join of ulid = uuid sorts the
-- uuid side with): an index on a ulid serves id >= ulid_lower_bound(ts) too
CREATE OPERATOR CLASS ulid_btree_ops
DEFAULT FOR TYPE ulid USING btree AS
    OPERATOR 1 <,
    OPERATOR 2 <=,
    OPERATOR 3 =,
    OPERATOR 4 >=,
    OPERATOR 5 >,
    FUNCTION 1 ulid_cmp(ulid, ulid),
    FUNCTION 2 ulid_sortsupport(pg_catalog.internal),
    FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

ALTER OPERATOR FAMILY ulid_btree_ops USING btree ADD
    OPERATOR 1 < (ulid, pg_catalog.uuid),
    OPERATOR 2 <= (ulid, pg_catalog.uuid),
    OPERATOR 3 = (ulid, pg_catalog.uuid),
    OPERATOR 4 >= (ulid, pg_catalog.uuid),
    OPERATOR 5 > (ulid, pg_catalog.uuid),
    FUNCTION 1 ulid_uuid_cmp(ulid, pg_catalog.uuid),
    OPERATOR 1 < (pg_catalog.uuid, ulid),
    OPERATOR 2 <= (pg_catalog.uuid, ulid),
    OPERATOR 3 = (pg_catalog.uuid, ulid),
    OPERATOR 4 >= (pg_catalog.uuid, ulid),
    OPERATOR 5 > (pg_catalog.uuid, ulid),
    FUNCTION 1 uuid_ulid_cmp(pg_catalog.uuid, ulid),
    OPERATOR 1 pg_catalog.< (pg_catalog.uuid, pg_catalog.uuid),
    OPERATOR 2 pg_catalog.<= (pg_catalog.uuid, pg_catalog.uuid),
    OPERATOR 3 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
    OPERATOR 4 pg_catalog.>= (pg_catalog.uuid, pg_catalog.uuid),
    OPERATOR 5 pg_catalog.> (pg_catalog.uuid, pg_catalog.uuid),
    FUNCTION 1 pg_catalog.uuid_cmp(pg_catalog.uuid, pg_catalog.uuid),
    FUNCTION 2 (pg_catalog.uuid, pg_catalog.uuid) pg_catalog.uuid_sortsupport(pg_catalog.internal);

CREATE OPERATOR CLASS ulid_hash_ops
DEFAULT FOR TYPE ulid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 ulid_hash(ulid),
    FUNCTION 2 ulid_hash_extended(ulid, pg_catalog.int8);

ALTER OPERATOR FAMILY ulid_hash_ops USING hash ADD
    OPERATOR 1 pg_catalog.= (pg_catalog.uuid, pg_catalog.uuid),
    FUNCTION 1 pg_catalog.uuid_hash(pg_catalog.uuid),
    FUNCTION 2 pg_catalog.uuid_hash_extended(pg_catalog.uuid, pg_catalog.int8),
    OPERATOR 1 = (ulid, pg_catalog.uuid),
    OPERATOR 1 = (pg_catalog.uuid, ulid);

-- min() and max(), reading the ends of a ulid index (SORTOP)
CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
AS 'MODULE_PATHNAME', 'uuid_seq_uuid_smaller'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
AS 'MODULE_PATHNAME', 'uuid_seq_uuid_larger'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE AGGREGATE min(ulid) (
    SFUNC = ulid_smaller, STYPE = ulid, COMBINEFUNC = ulid_smaller,
    SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE max(ulid) (
    SFUNC = ulid_larger, STYPE = ulid, COMBINEFUNC = ulid_larger,
    SORTOP = >, PARALLEL = SAFE);

-- Conversions, by pgx_ulid's names: to uuid and bytea the same 16 bytes; to
-- a time its millisecond (a timestamp as UTC, so IMMUTABLE), from a time
-- the smallest ULID of its millisecond (every random bit 0: a range scan's
-- or a partition's bound).  pgx_ulid's ulid_to_timestamptz(ulid) is ours on
-- uuid, which a ulid casts to implicitly; its cast takes ulid_timestamptz(),
-- as a cast whose function takes uuid would rely on the cast to uuid, which
-- pg_dump (pg_upgrade) may restore after it.
CREATE FUNCTION ulid_from_uuid(u pg_catalog.uuid) RETURNS ulid
AS 'MODULE_PATHNAME', 'ulid_uuid_same'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_uuid(u ulid) RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'ulid_uuid_same'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_bytea(u ulid) RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'ulid_to_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_bytea(b pg_catalog.bytea) RETURNS ulid
AS 'MODULE_PATHNAME', 'ulid_from_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_timestamp(u ulid) RETURNS pg_catalog.timestamp
AS 'MODULE_PATHNAME', 'ulid_to_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_timestamptz(u ulid) RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'ulid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timestamp_to_ulid(ts pg_catalog.timestamp) RETURNS ulid
AS 'MODULE_PATHNAME', 'timestamp_to_ulid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION timestamptz_to_ulid(ts pg_catalog.timestamptz) RETURNS ulid
AS 'MODULE_PATHNAME', 'timestamp_to_ulid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- To bytea implicitly, as pgx_ulid (the same bytes; no other cast of ulid
-- competes with it); every other explicitly (docs/ulid.md, "Casts")
CREATE CAST (ulid AS pg_catalog.bytea) WITH FUNCTION ulid_to_bytea(ulid) AS IMPLICIT;
CREATE CAST (pg_catalog.bytea AS ulid) WITH FUNCTION ulid_from_bytea(pg_catalog.bytea);
CREATE CAST (ulid AS pg_catalog.timestamp) WITH FUNCTION ulid_to_timestamp(ulid);
CREATE CAST (pg_catalog.timestamp AS ulid) WITH FUNCTION timestamp_to_ulid(pg_catalog.timestamp);
CREATE CAST (ulid AS pg_catalog.timestamptz) WITH FUNCTION ulid_timestamptz(ulid);
CREATE CAST (pg_catalog.timestamptz AS ulid)
    WITH FUNCTION timestamptz_to_ulid(pg_catalog.timestamptz);

-- pgx_ulid's generators, on the ULID frontier as ulid_generate() (both
-- strictly increasing cluster-wide)
CREATE FUNCTION gen_ulid() RETURNS ulid
AS 'MODULE_PATHNAME', 'gen_ulid'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION gen_monotonic_ulid() RETURNS ulid
AS 'MODULE_PATHNAME', 'gen_monotonic_ulid'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON TYPE ulid IS
    'a ULID: 16 bytes as uuid, written as 26 Crockford base32 characters (pgx_ulid''s type)';
COMMENT ON AGGREGATE min(ulid) IS 'minimum in ULID order';
COMMENT ON AGGREGATE max(ulid) IS 'maximum in ULID order';
COMMENT ON FUNCTION ulid_from_uuid(pg_catalog.uuid) IS
    'a uuid''s 16 bytes as a ulid (pgx_ulid''s name)';
COMMENT ON FUNCTION ulid_to_uuid(ulid) IS
    'a ulid''s 16 bytes as a uuid (pgx_ulid''s name)';
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS
    'a ulid''s 16 bytes, big-endian';
COMMENT ON FUNCTION ulid_from_bytea(pg_catalog.bytea) IS
    '16 bytes as a ulid';
COMMENT ON FUNCTION ulid_to_timestamp(ulid) IS
    'creation time (ms) of a ULID, as a timestamp in UTC';
COMMENT ON FUNCTION ulid_timestamptz(ulid) IS
    'creation time (ms) of a ULID: the cast to timestamptz (ulid_to_timestamptz() takes a ulid too)';
COMMENT ON FUNCTION timestamp_to_ulid(pg_catalog.timestamp) IS
    'the smallest ULID of the millisecond of a timestamp read as UTC: a range scan''s or partition''s bound';
COMMENT ON FUNCTION timestamptz_to_ulid(pg_catalog.timestamptz) IS
    'the smallest ULID of the millisecond of an instant: a range scan''s or partition''s bound';
COMMENT ON FUNCTION gen_ulid() IS
    'next ULID of the ULID frontier, as ulid (pgx_ulid''s name)';
COMMENT ON FUNCTION gen_monotonic_ulid() IS
    'next ULID of the ULID frontier, as ulid; the same as gen_ulid() (pgx_ulid''s name)';
COMMENT ON FUNCTION ulid_in(pg_catalog.cstring) IS 'I/O';
COMMENT ON FUNCTION ulid_out(ulid) IS 'I/O';
COMMENT ON FUNCTION ulid_recv(pg_catalog.internal) IS 'I/O';
COMMENT ON FUNCTION ulid_send(ulid) IS 'I/O';
COMMENT ON FUNCTION ulid_sortsupport(pg_catalog.internal) IS 'sort support (as uuid)';
COMMENT ON FUNCTION ulid_hash(ulid) IS 'hash (as uuid)';
COMMENT ON FUNCTION ulid_hash_extended(ulid, pg_catalog.int8) IS 'hash (as uuid)';
COMMENT ON FUNCTION ulid_smaller(ulid, ulid) IS 'smaller in ULID order';
COMMENT ON FUNCTION ulid_larger(ulid, ulid) IS 'larger in ULID order';
COMMENT ON OPERATOR CLASS ulid_btree_ops USING btree IS 'ULID order (uuid order)';
COMMENT ON OPERATOR FAMILY ulid_btree_ops USING btree IS
    'ULID order, ulid with ulid and with uuid';
COMMENT ON OPERATOR CLASS ulid_hash_ops USING hash IS 'hash of uuid';
COMMENT ON OPERATOR FAMILY ulid_hash_ops USING hash IS
    'hash of uuid, ulid with ulid and with uuid';
-- the comparisons of ulid with ulid and with uuid, in ULID order (uuid order);
-- pg_catalog.format() qualified (SECURITY.md)
DO $$
DECLARE
    pair record;
BEGIN
    FOR pair IN SELECT * FROM (VALUES ('ulid', 'ulid', 'ulid'),
                                      ('ulid', 'pg_catalog.uuid', 'ulid_uuid'),
                                      ('pg_catalog.uuid', 'ulid', 'uuid_ulid')) p(l, r, fn)
    LOOP
        EXECUTE pg_catalog.format($sql$
            COMMENT ON FUNCTION %3$s_eq(%1$s, %2$s) IS 'implementation of =';
            COMMENT ON FUNCTION %3$s_ne(%1$s, %2$s) IS 'implementation of <>';
            COMMENT ON FUNCTION %3$s_lt(%1$s, %2$s) IS 'implementation of < (ULID order)';
            COMMENT ON FUNCTION %3$s_le(%1$s, %2$s) IS 'implementation of <= (ULID order)';
            COMMENT ON FUNCTION %3$s_ge(%1$s, %2$s) IS 'implementation of >= (ULID order)';
            COMMENT ON FUNCTION %3$s_gt(%1$s, %2$s) IS 'implementation of > (ULID order)';
            COMMENT ON FUNCTION %3$s_cmp(%1$s, %2$s) IS 'compare in ULID order';
            COMMENT ON OPERATOR = (%1$s, %2$s) IS 'equal';
            COMMENT ON OPERATOR <> (%1$s, %2$s) IS 'not equal';
            COMMENT ON OPERATOR < (%1$s, %2$s) IS 'less than, in ULID order';
            COMMENT ON OPERATOR <= (%1$s, %2$s) IS 'less than or equal, in ULID order';
            COMMENT ON OPERATOR >= (%1$s, %2$s) IS 'greater than or equal, in ULID order';
            COMMENT ON OPERATOR > (%1$s, %2$s) IS 'greater than, in ULID order';
            $sql$, pair.l, pair.r, pair.fn);
    END LOOP;
END
$$;
-- UUIDv6 (src/README §19): RFC 9562's field-compatible version 1 in time
-- order, on a frontier of its own like UUIDv7's; uuid-ossp's and
-- pg_uuidv7's naming (uuid_generate_v1() ... uuid_generate_v7()).  Its
-- creation time is also uuid_timestamp()'s; the core 18 name
-- uuid_extract_timestamp() reads versions 1 and 7 alone, as core's does.
CREATE FUNCTION uuid_generate_v6()
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_generate_v6'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_generate_v6(ts pg_catalog.timestamptz)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_generate_v6_at'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v6_to_timestamptz(u pg_catalog.uuid)
RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'uuid_v6_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v6_lower_bound(ts pg_catalog.timestamptz)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'uuid_v6_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v6_text_to_timestamptz(key pg_catalog.text)
RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'uuid_v6_text_to_timestamptz'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_generate_v6() IS
    'next UUIDv6 of the v6 frontier: above every earlier value of this backend (of the cluster when preloaded)';
COMMENT ON FUNCTION uuid_generate_v6(pg_catalog.timestamptz) IS
    'a UUIDv6 for the given instant, random clock sequence and node; never moves a frontier';
COMMENT ON FUNCTION uuid_v6_to_timestamptz(pg_catalog.uuid) IS
    'creation time (us) of a UUIDv6; NULL for other versions';
COMMENT ON FUNCTION uuid_v6_lower_bound(pg_catalog.timestamptz) IS
    'the smallest UUIDv6 of the 100 ns of an instant: a partition bound, pg_partman''s time encoder';
COMMENT ON FUNCTION uuid_v6_text_to_timestamptz(pg_catalog.text) IS
    'creation time (us) of a UUIDv6 written as text; NULL for other versions: pg_partman''s time decoder';

-- KSUID (src/README §20): Segment's K-Sortable Unique IDentifier, a type of
-- its own.  20 bytes (4-byte big-endian seconds since 2014-05-13 16:53:20
-- UTC, then a 16-byte payload), passed by reference; text is 27 base62
-- characters (0-9, A-Z, a-z); order is byte order, the text's in C
-- collation.  ksuid_generate() takes a step of the family's frontier,
-- monotonic cluster-wide like the others (PARALLEL RESTRICTED).
CREATE TYPE ksuid;

CREATE FUNCTION ksuid_in(pg_catalog.cstring)
RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_in'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ksuid_out(ksuid)
RETURNS pg_catalog.cstring
AS 'MODULE_PATHNAME', 'ksuid_out'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ksuid_recv(pg_catalog.internal)
RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_recv'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ksuid_send(ksuid)
RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'ksuid_send'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ksuid (
    INPUT = ksuid_in,
    OUTPUT = ksuid_out,
    RECEIVE = ksuid_recv,
    SEND = ksuid_send,
    INTERNALLENGTH = 20,
    ALIGNMENT = char,
    STORAGE = plain);

CREATE FUNCTION ksuid_eq(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_eq' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_ne(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_ne' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_lt(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_lt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_le(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_le' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_ge(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_ge' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_gt(ksuid, ksuid) RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'ksuid_gt' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_cmp(ksuid, ksuid) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'ksuid_cmp' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_hash(ksuid) RETURNS pg_catalog.int4
AS 'MODULE_PATHNAME', 'ksuid_hash' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION ksuid_hash_extended(ksuid, pg_catalog.int8) RETURNS pg_catalog.int8
AS 'MODULE_PATHNAME', 'ksuid_hash_extended' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE OPERATOR = (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_eq,
    COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = pg_catalog.eqsel, JOIN = pg_catalog.eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_ne,
    COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = pg_catalog.neqsel, JOIN = pg_catalog.neqjoinsel);
CREATE OPERATOR < (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_lt,
    COMMUTATOR = >, NEGATOR = >=,
    RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel);
CREATE OPERATOR <= (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_le,
    COMMUTATOR = >=, NEGATOR = >,
    RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel);
CREATE OPERATOR >= (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_ge,
    COMMUTATOR = <=, NEGATOR = <,
    RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel);
CREATE OPERATOR > (
    LEFTARG = ksuid, RIGHTARG = ksuid, FUNCTION = ksuid_gt,
    COMMUTATOR = <, NEGATOR = <=,
    RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel);

CREATE OPERATOR CLASS ksuid_ops
DEFAULT FOR TYPE ksuid USING btree AS
    OPERATOR 1 < (ksuid, ksuid),
    OPERATOR 2 <= (ksuid, ksuid),
    OPERATOR 3 = (ksuid, ksuid),
    OPERATOR 4 >= (ksuid, ksuid),
    OPERATOR 5 > (ksuid, ksuid),
    FUNCTION 1 ksuid_cmp(ksuid, ksuid),
    FUNCTION 4 pg_catalog.btequalimage(pg_catalog.oid);

CREATE OPERATOR CLASS ksuid_hash_ops
DEFAULT FOR TYPE ksuid USING hash AS
    OPERATOR 1 = (ksuid, ksuid),
    FUNCTION 1 ksuid_hash(ksuid),
    FUNCTION 2 ksuid_hash_extended(ksuid, pg_catalog.int8);

CREATE FUNCTION ksuid_smaller(ksuid, ksuid) RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_smaller' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_larger(ksuid, ksuid) RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_larger' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE AGGREGATE min(ksuid) (
    SFUNC = ksuid_smaller, STYPE = ksuid, COMBINEFUNC = ksuid_smaller,
    SORTOP = <, PARALLEL = SAFE);
CREATE AGGREGATE max(ksuid) (
    SFUNC = ksuid_larger, STYPE = ksuid, COMBINEFUNC = ksuid_larger,
    SORTOP = >, PARALLEL = SAFE);

-- bytea both ways, explicit: the 20 bytes as they are (Segment's Bytes()
-- and FromBytes()), 22P02 for another length
CREATE FUNCTION ksuid_to_bytea(ksuid) RETURNS pg_catalog.bytea
AS 'MODULE_PATHNAME', 'ksuid_to_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ksuid_from_bytea(pg_catalog.bytea) RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (ksuid AS pg_catalog.bytea) WITH FUNCTION ksuid_to_bytea(ksuid);
CREATE CAST (pg_catalog.bytea AS ksuid) WITH FUNCTION ksuid_from_bytea(pg_catalog.bytea);

CREATE FUNCTION ksuid_generate()
RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION ksuid_to_timestamptz(k ksuid)
RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'ksuid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION ksuid_lower_bound(ts pg_catalog.timestamptz)
RETURNS ksuid
AS 'MODULE_PATHNAME', 'ksuid_lower_bound'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- uuid_seq_raise_frontier() for the ksuid family, its key a ksuid
CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past ksuid)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_bytes'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past ksuid,
                                        horizon pg_catalog.interval)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_bytes'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, ksuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, ksuid, pg_catalog.interval) FROM PUBLIC;

COMMENT ON TYPE ksuid IS
    'KSUID (Segment''s): 4-byte seconds since 2014-05-13 16:53:20 UTC and a 16-byte payload, 27 base62 characters';
COMMENT ON FUNCTION ksuid_in(pg_catalog.cstring) IS 'input of ksuid: 27 base62 characters';
COMMENT ON FUNCTION ksuid_out(ksuid) IS 'output of ksuid: 27 base62 characters';
COMMENT ON FUNCTION ksuid_recv(pg_catalog.internal) IS 'binary input of ksuid: its 20 bytes';
COMMENT ON FUNCTION ksuid_send(ksuid) IS 'binary output of ksuid: its 20 bytes';
COMMENT ON FUNCTION ksuid_eq(ksuid, ksuid) IS 'equal';
COMMENT ON FUNCTION ksuid_ne(ksuid, ksuid) IS 'not equal';
COMMENT ON FUNCTION ksuid_lt(ksuid, ksuid) IS 'less than';
COMMENT ON FUNCTION ksuid_le(ksuid, ksuid) IS 'less than or equal';
COMMENT ON FUNCTION ksuid_ge(ksuid, ksuid) IS 'greater than or equal';
COMMENT ON FUNCTION ksuid_gt(ksuid, ksuid) IS 'greater than';
COMMENT ON FUNCTION ksuid_cmp(ksuid, ksuid) IS 'btree comparison of ksuid: byte order';
COMMENT ON FUNCTION ksuid_hash(ksuid) IS 'hash of ksuid';
COMMENT ON FUNCTION ksuid_hash_extended(ksuid, pg_catalog.int8) IS 'hash of ksuid, with a seed';
COMMENT ON OPERATOR = (ksuid, ksuid) IS 'equal';
COMMENT ON OPERATOR <> (ksuid, ksuid) IS 'not equal';
COMMENT ON OPERATOR < (ksuid, ksuid) IS 'less than';
COMMENT ON OPERATOR <= (ksuid, ksuid) IS 'less than or equal';
COMMENT ON OPERATOR >= (ksuid, ksuid) IS 'greater than or equal';
COMMENT ON OPERATOR > (ksuid, ksuid) IS 'greater than';
COMMENT ON OPERATOR CLASS ksuid_ops USING btree IS 'byte order: time, then payload';
COMMENT ON OPERATOR FAMILY ksuid_ops USING btree IS 'byte order: time, then payload';
COMMENT ON OPERATOR CLASS ksuid_hash_ops USING hash IS 'hash of ksuid';
COMMENT ON OPERATOR FAMILY ksuid_hash_ops USING hash IS 'hash of ksuid';
COMMENT ON FUNCTION ksuid_smaller(ksuid, ksuid) IS 'the smaller of two ksuids (min)';
COMMENT ON FUNCTION ksuid_larger(ksuid, ksuid) IS 'the larger of two ksuids (max)';
COMMENT ON AGGREGATE min(ksuid) IS 'smallest ksuid';
COMMENT ON AGGREGATE max(ksuid) IS 'largest ksuid';
COMMENT ON FUNCTION ksuid_to_bytea(ksuid) IS 'the 20 bytes of a ksuid';
COMMENT ON FUNCTION ksuid_from_bytea(pg_catalog.bytea) IS 'the ksuid of 20 bytes';
COMMENT ON CAST (ksuid AS pg_catalog.bytea) IS 'the 20 bytes of a ksuid';
COMMENT ON CAST (pg_catalog.bytea AS ksuid) IS 'the ksuid of 20 bytes';
COMMENT ON FUNCTION ksuid_generate() IS
    'a new KSUID, time-ordered and monotonic across the cluster (seconds, then a counter)';
COMMENT ON FUNCTION ksuid_to_timestamptz(ksuid) IS 'creation time (s) of a KSUID';
COMMENT ON FUNCTION ksuid_lower_bound(pg_catalog.timestamptz) IS
    'smallest KSUID of the second holding a time (payload zero), for range scans and partition bounds';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, ksuid) IS
    'raise the ksuid family''s frontier above a KSUID (superuser by default)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, ksuid, pg_catalog.interval) IS
    'raise the ksuid family''s frontier above a KSUID past the default horizon (superuser by default)';
-- The next ObjectId of the objectid frontier (src/README §18): its
-- seconds, this server's 5 bytes (node_id in their top node_bits, under
-- it a hash of the system identifier), a counter; above every earlier one
-- of the cluster.  PARALLEL RESTRICTED as every generator.
CREATE FUNCTION objectid_generate()
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_generate'
LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION objectid_generate() IS
    'next ObjectId of the objectid frontier: seconds, this server''s 5 bytes, a counter; above every earlier one of the cluster';

-- uuid_seq_raise_frontier() for the objectid family, its key an objectid
-- (the C function of every family of a type of its own)
CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past objectid)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_bytes'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

CREATE FUNCTION uuid_seq_raise_frontier(family pg_catalog.text, past objectid,
                                        horizon pg_catalog.interval)
RETURNS pg_catalog.bool
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontier_bytes'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, objectid) FROM PUBLIC;
REVOKE ALL ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, objectid, pg_catalog.interval) FROM PUBLIC;

COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, objectid) IS
    'raise the objectid family''s frontier above an ObjectId (superuser by default)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, objectid, pg_catalog.interval) IS
    'raise the objectid family''s frontier above an ObjectId past the default horizon (superuser by default)';
