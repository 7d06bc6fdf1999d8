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
