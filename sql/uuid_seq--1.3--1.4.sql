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
