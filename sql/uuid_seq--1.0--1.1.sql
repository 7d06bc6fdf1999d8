/* uuid_seq--1.0--1.1.sql: upgrade of uuid_seq 1.0 to 1.1 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION uuid_seq UPDATE TO '1.1'" to load this file. \quit

-- Every generator that takes a frontier step is PARALLEL RESTRICTED, and so
-- is uuid_seq_state(): without preload a parallel worker has frontiers of its
-- own, so a value taken there could fall below this session's earlier ones.
-- The names are qualified with the extension's schema (the script's
-- current_schema()): on PostgreSQL 18, pg_catalog's uuidv7() would win an
-- unqualified name.
DO $$
BEGIN
    EXECUTE format($sql$
        ALTER FUNCTION %1$I.uuid_generate_v7() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuidv7() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuidv7(interval) PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.ulid_generate() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.comb_new() PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.comb_new(text, text) PARALLEL RESTRICTED;
        ALTER FUNCTION %1$I.uuid_seq_state() PARALLEL RESTRICTED;
        $sql$, current_schema());
END
$$;
