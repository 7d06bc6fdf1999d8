/* uuid_seq--1.3--1.4.sql: upgrade of uuid_seq 1.3 to 1.4 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.4'" to load this file. \quit

-- Every object this script makes is made the same way by uuid_seq--1.4.sql,
-- the full install script (test/regress/sql/upgrade.sql compares them).
-- Calls of catalog functions are schema-qualified (SECURITY.md).

-- First, the library: a server keeps the one it loaded (preloaded, or
-- earlier in this session) until it restarts, and 1.3's lacks the
-- functions below.  1.3 made uuid_seq_library_version(), so the check asks
-- it, before anything changes, rather than fail at the first new function
-- with "could not find function".  (Versions compare as numbers: 1.10 is
-- later than 1.4.)
DO $$
BEGIN
    IF pg_catalog.string_to_array(uuid_seq_library_version(), '.')::pg_catalog.int4[]
       OPERATOR(pg_catalog.<) '{1,4}'::pg_catalog.int4[] THEN
        RAISE EXCEPTION 'uuid_seq''s library in this session (%) is older than its 1.4 update script',
                        uuid_seq_library_version()
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'The server (or this session) loaded the library before the new version was installed, and keeps it until it restarts.',
                  HINT = 'Restart the server (pg_ctl restart, or systemctl restart postgresql) so that it loads the new library, then run ALTER EXTENSION uuid_seq UPDATE again.';
    END IF;
END
$$;

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
COMMENT ON FUNCTION uuid_node_id(pg_catalog.uuid, pg_catalog.int4) IS
    'the node id (uuid_seq.node_bits) in the top bits of a UUIDv7''s random part, or of a UUIDv6''s node after its first byte';

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
