/* uuid_seq--1.0--1.1.sql: upgrade of uuid_seq 1.0 to 1.1 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.1'" to load this file. \quit

-- Every generator that takes a frontier step is PARALLEL RESTRICTED, and so
-- is uuid_seq_state(): without preload a parallel worker has frontiers of its
-- own, so a value taken there could fall below this session's earlier ones.
-- The names are qualified with the extension's schema (the script's
-- current_schema()): on PostgreSQL 18, pg_catalog's uuidv7() would win an
-- unqualified name.
-- pg_catalog.format() and pg_catalog.current_schema(), qualified: the script
-- runs as a superuser for whoever may create the extension (it is trusted),
-- and a look-alike in the target schema could match a call better
-- (SECURITY.md).
DO $$
BEGIN
    EXECUTE pg_catalog.format($sql$
        ALTER FUNCTION %1$I.uuid_generate_v7() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuidv7() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuidv7(interval) PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.ulid_generate() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.comb_new() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.comb_new(text, text) PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuid_seq_state() PARALLEL RESTRICTED;
        $sql$, pg_catalog.current_schema());
END
$$;

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
COMMENT ON FUNCTION uuid_timestamp(uuid) IS
    'creation time of a version 1, 6 or 7 uuid; NULL for others';
COMMENT ON FUNCTION uuid_version(uuid) IS
    'version of an RFC 9562 uuid; NULL for other variants';
COMMENT ON FUNCTION uuid_node_id(uuid, int) IS
    'the node id in the top bits of a UUIDv7''s random part (uuid_seq.node_bits)';
COMMENT ON FUNCTION uuid_seq_state() IS
    'one row per generator family: its frontier (hidden from roles without pg_read_all_stats when shared), where it started, the node settings';
COMMENT ON FUNCTION uuid_seq_backend_stats() IS
    'rows of the uuid_seq_backends view';
COMMENT ON VIEW uuid_seq_backends IS
    'per backend: values generated, last value, clock rollbacks, overflows, drift ahead of the clock, compare-exchange retries';
COMMENT ON FUNCTION uuid_seq_reset_stats() IS
    'zero the counters of uuid_seq_backends (superuser)';
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
