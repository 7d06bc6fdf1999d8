-- The tables every client test of test/clients/ uses: one per kind of key,
-- each with the DEFAULT docs/clients.md shows, and one with array columns.
-- test/clients/run.sh runs this in each client's fresh database.
CREATE EXTENSION uuid_seq;

CREATE TABLE k_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), note text);
CREATE TABLE k_ulid (id uuid PRIMARY KEY DEFAULT ulid_generate(), note text);
-- the ulid type (1.4), pgx_ulid's DEFAULT
CREATE TABLE k_ulid_type (id ulid PRIMARY KEY DEFAULT gen_ulid(), note text);
CREATE TABLE k_typeid (id text PRIMARY KEY DEFAULT typeid_generate('item'), note text);
CREATE TABLE k_sqlguid (id sqlguid PRIMARY KEY DEFAULT comb_new(), note text);

-- a 'sqlserver' COMB in a uuid column, indexed in SQL Server order
CREATE TABLE k_comb (id uuid NOT NULL DEFAULT comb_new(), note text);
CREATE UNIQUE INDEX k_comb_id ON k_comb (id uuid_sqlserver_ops);

CREATE TABLE k_tsid (id bigint PRIMARY KEY DEFAULT tsid_generate(), note text);
CREATE TABLE k_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_generate(), note text);

-- arrays of keys, written and read as the client's lists
CREATE TABLE k_arrays (name text PRIMARY KEY, guids sqlguid[], ids bigint[]);
