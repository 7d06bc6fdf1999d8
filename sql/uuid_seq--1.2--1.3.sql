/* uuid_seq--1.2--1.3.sql: upgrade of uuid_seq 1.2 to 1.3 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.3'" to load this file. \quit

-- Every object this script makes is made the same way by uuid_seq--1.3.sql,
-- the full install script (test/regress/sql/upgrade.sql compares them).
-- Calls of catalog functions are schema-qualified (SECURITY.md).

-- After a move off a server (a restore, pg_upgrade, a logical-replication
-- switchover): every family's frontier raised above every key column of
-- this database whose DEFAULT calls a generator, one row per column, as
-- pg_dump's setval() calls do for sequences (src/README §12).  It reads
-- every table whatever its privileges: superuser only (in C too), EXECUTE
-- revoked from PUBLIC.
CREATE FUNCTION uuid_seq_raise_frontiers(
    OUT table_name pg_catalog.regclass, OUT column_name pg_catalog.name,
    OUT family pg_catalog.text, OUT raised pg_catalog.bool,
    OUT max_value pg_catalog.text)
RETURNS SETOF pg_catalog.record
AS 'MODULE_PATHNAME', 'uuid_seq_raise_frontiers'
LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE ROWS 10;

REVOKE ALL ON FUNCTION uuid_seq_raise_frontiers() FROM PUBLIC;

COMMENT ON FUNCTION uuid_seq_raise_frontiers() IS
    'raise every family''s shared frontier above every key column of this database whose default calls a generator (superuser); one row per column';
