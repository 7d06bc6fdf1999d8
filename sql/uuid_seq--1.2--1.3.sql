/* uuid_seq--1.2--1.3.sql: upgrade of uuid_seq 1.2 to 1.3 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.3'" to load this file. \quit

-- Every object this script makes is made the same way by uuid_seq--1.3.sql,
-- the full install script (test/regress/sql/upgrade.sql compares them).
-- Calls of catalog functions are schema-qualified (SECURITY.md).

-- First, the library: a server keeps the one it loaded (preloaded, or
-- earlier in this session) until it restarts, and an older one lacks the
-- functions below.  The first of them is made under a handler that says
-- so, before anything changes, rather than "could not find function".
-- (The direct updates from 1.0 and 1.1, which the Makefile joins from the
-- chain, start with these lines, up to the end of this statement.)
DO $$
BEGIN
    CREATE FUNCTION uuid_seq_library_version()
    RETURNS pg_catalog.text
    AS 'MODULE_PATHNAME', 'uuid_seq_library_version'
    LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
EXCEPTION WHEN undefined_function THEN
    RAISE EXCEPTION 'uuid_seq''s library in this session is older than its 1.3 update script'
        USING ERRCODE = 'object_not_in_prerequisite_state',
              DETAIL = 'The server (or this session) loaded the library before the new version was installed, and keeps it until it restarts.',
              HINT = 'Restart the server (pg_ctl restart, or systemctl restart postgresql) so that it loads the new library, then run ALTER EXTENSION uuid_seq UPDATE again.';
END
$$;

COMMENT ON FUNCTION uuid_seq_library_version() IS
    'the version of uuid_seq''s library this session runs (the server''s until it restarts)';

-- uuid_seq_raise_frontier() (1.2) keeps its forms, and refuses a key more
-- than 5 minutes past the clock (in C); the raise past one is asked for
-- with a horizon.  An 8-byte id's takes the epoch too (TSID's own,
-- 2020-01-01, for 'tsid'): a third argument of type interval beside the
-- epoch's would make `uuid_seq_raise_frontier('snowflake', id,
-- '2015-01-01+00')` ambiguous.
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

COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.uuid) IS
    'raise a family''s shared frontier so that every later value lies above the given one, at most 5 minutes past the clock (superuser); false when it already did';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.int8) IS
    'raise an 8-byte family''s shared frontier so that every later id lies above the given one, at most 5 minutes past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz) IS
    'raise the snowflake family''s shared frontier above an id of the given epoch, at most 5 minutes past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.uuid, pg_catalog.interval) IS
    'raise a family''s shared frontier above the given value, at most the horizon past the clock (superuser)';
COMMENT ON FUNCTION uuid_seq_raise_frontier(pg_catalog.text, pg_catalog.int8, pg_catalog.timestamptz, pg_catalog.interval) IS
    'raise an 8-byte family''s shared frontier above an id of the given epoch, at most the horizon past the clock (superuser)';

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
