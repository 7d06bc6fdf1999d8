-- test/matrix/upgrade_fixture.sql: the database that test/matrix/pg-upgrade.sh
-- makes on the older major before pg_upgrade: a key of every kind and of
-- every family (v7, ULID, TypeID, every COMB layout and strategy, TSID and
-- Snowflake, UUIDv6 and ObjectId defaults, a KSUID key, generated columns over them, sqlguid primary keys, a
-- uuid_sqlserver_ops index, an expression index, RANGE partitions bounded by
-- the lower-bound functions),
-- generated with every frontier an hour ahead of the clock (as on a server
-- whose clock or bursts ran ahead), so that a new server whose frontiers did
-- not travel makes values below these.  Run by a superuser, with the library
-- preloaded.
-- A new kind of key is one CREATE TABLE and one INSERT here (and one more
-- key column in pg-upgrade.sh's count: upgrade_raise.sql's statement finds
-- it) and one line in upgrade_verify.sql; test/t/019_families.pl fails
-- while a family has no key column here, or the count is off.
CREATE EXTENSION uuid_seq;
SET uuid_seq.clock_shift = '1 hour';

CREATE TABLE by_v7 (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    created_at timestamptz GENERATED ALWAYS AS (uuid_v7_to_timestamptz(id)) STORED,
    n int);
CREATE INDEX by_v7_created ON by_v7 (uuid_v7_to_timestamptz(id));
CREATE TABLE by_ulid (
    id uuid PRIMARY KEY DEFAULT ulid_generate(),
    ulid text GENERATED ALWAYS AS (uuid_to_ulid(id)) STORED UNIQUE,
    n int);
CREATE TABLE by_comb (
    id uuid PRIMARY KEY DEFAULT comb_new('postgresql'),
    created_at timestamptz GENERATED ALWAYS AS (comb_timestamp(id, 'postgresql')) STORED,
    n int);
CREATE TABLE by_typeid (id text PRIMARY KEY DEFAULT typeid_generate('user'), n int);
CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    public_id text GENERATED ALWAYS AS (uuid_to_typeid('user', id)) STORED UNIQUE,
    n int);
CREATE TABLE by_tsid (
    id bigint PRIMARY KEY DEFAULT tsid_generate(),
    created_at timestamptz GENERATED ALWAYS AS (tsid_to_timestamptz(id)) STORED,
    n int);
CREATE TABLE by_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_generate(), n int);
CREATE TABLE by_ksuid (
    id ksuid PRIMARY KEY DEFAULT ksuid_generate(),
    created_at timestamptz GENERATED ALWAYS AS (ksuid_to_timestamptz(id)) STORED,
    n int);
CREATE TABLE by_comb_sqldatetime (
    id uuid PRIMARY KEY DEFAULT comb_new('postgresql', 'sqldatetime'),
    created_at timestamptz GENERATED ALWAYS AS (comb_timestamp(id, 'postgresql', 'sqldatetime')) STORED,
    n int);
CREATE TABLE by_sqlguid (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int);
CREATE TABLE by_sqlguid_sqldatetime (id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'sqldatetime'), n int);
CREATE TABLE by_sqlguid_dotnet_ticks (id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'dotnet_ticks'), n int);
CREATE TABLE by_opclass (id uuid NOT NULL DEFAULT comb_new(), n int);
CREATE TABLE by_v6 (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v6(),
    created_at timestamptz GENERATED ALWAYS AS (uuid_v6_to_timestamptz(id)) STORED,
    n int);
CREATE UNIQUE INDEX by_opclass_sqlserver ON by_opclass (id uuid_sqlserver_ops);
-- the ulid type (1.4): its own btree class, amcheck'd after the upgrade
CREATE TABLE by_ulid_type (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int);
CREATE TABLE by_objectid (
    id objectid PRIMARY KEY DEFAULT objectid_generate(),
    created_at timestamptz GENERATED ALWAYS AS (objectid_to_timestamptz(id)) STORED,
    n int);

-- RANGE partitions on the key: the past, the days around now (the frontier
-- an hour ahead included), the future; no default partition, so a value
-- routed nowhere fails.
CREATE TABLE events_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int) PARTITION BY RANGE (id);
CREATE TABLE events_v7_past PARTITION OF events_v7
    FOR VALUES FROM (uuid_v7_lower_bound('2000-01-01 00:00+00'))
                 TO (uuid_v7_lower_bound(date_trunc('day', now()) - interval '1 day'));
CREATE TABLE events_v7_now PARTITION OF events_v7
    FOR VALUES FROM (uuid_v7_lower_bound(date_trunc('day', now()) - interval '1 day'))
                 TO (uuid_v7_lower_bound(date_trunc('day', now()) + interval '3 days'));
CREATE TABLE events_v7_future PARTITION OF events_v7
    FOR VALUES FROM (uuid_v7_lower_bound(date_trunc('day', now()) + interval '3 days'))
                 TO (uuid_v7_lower_bound('2100-01-01 00:00+00'));
CREATE TABLE events_ulid (id uuid PRIMARY KEY DEFAULT ulid_generate(), n int) PARTITION BY RANGE (id);
CREATE TABLE events_ulid_past PARTITION OF events_ulid
    FOR VALUES FROM (ulid_lower_bound('2000-01-01 00:00+00'))
                 TO (ulid_lower_bound(date_trunc('day', now()) - interval '1 day'));
CREATE TABLE events_ulid_now PARTITION OF events_ulid
    FOR VALUES FROM (ulid_lower_bound(date_trunc('day', now()) - interval '1 day'))
                 TO (ulid_lower_bound(date_trunc('day', now()) + interval '3 days'));
CREATE TABLE events_comb (id uuid PRIMARY KEY DEFAULT comb_new('postgresql'), n int) PARTITION BY RANGE (id);
CREATE TABLE events_comb_past PARTITION OF events_comb
    FOR VALUES FROM (comb_lower_bound('2000-01-01 00:00+00'))
                 TO (comb_lower_bound(date_trunc('day', now()) - interval '1 day'));
CREATE TABLE events_comb_now PARTITION OF events_comb
    FOR VALUES FROM (comb_lower_bound(date_trunc('day', now()) - interval '1 day'))
                 TO (comb_lower_bound(date_trunc('day', now()) + interval '3 days'));
CREATE TABLE events_tsid (id bigint PRIMARY KEY DEFAULT tsid_generate(), n int) PARTITION BY RANGE (id);
CREATE TABLE events_tsid_past PARTITION OF events_tsid
    FOR VALUES FROM (tsid_lower_bound('2020-01-01 00:00+00'))
                 TO (tsid_lower_bound(date_trunc('day', now()) - interval '1 day'));
CREATE TABLE events_tsid_now PARTITION OF events_tsid
    FOR VALUES FROM (tsid_lower_bound(date_trunc('day', now()) - interval '1 day'))
                 TO (tsid_lower_bound(date_trunc('day', now()) + interval '3 days'));

INSERT INTO by_v7 (n) SELECT generate_series(1, 2000);
INSERT INTO by_ulid (n) SELECT generate_series(1, 2000);
INSERT INTO by_comb (n) SELECT generate_series(1, 2000);
INSERT INTO by_typeid (n) SELECT generate_series(1, 2000);
INSERT INTO users (n) SELECT generate_series(1, 2000);
INSERT INTO by_tsid (n) SELECT generate_series(1, 2000);
INSERT INTO by_snowflake (n) SELECT generate_series(1, 2000);
INSERT INTO by_ksuid (n) SELECT generate_series(1, 2000);
INSERT INTO by_comb_sqldatetime (n) SELECT generate_series(1, 2000);
INSERT INTO by_sqlguid (n) SELECT generate_series(1, 2000);
INSERT INTO by_sqlguid_sqldatetime (n) SELECT generate_series(1, 2000);
INSERT INTO by_sqlguid_dotnet_ticks (n) SELECT generate_series(1, 2000);
INSERT INTO by_opclass (n) SELECT generate_series(1, 2000);
INSERT INTO by_ulid_type (n) SELECT generate_series(1, 2000);
INSERT INTO by_v6 (n) SELECT generate_series(1, 2000);
INSERT INTO by_objectid (n) SELECT generate_series(1, 2000);
INSERT INTO events_v7 (n) SELECT generate_series(1, 2000);
INSERT INTO events_v7 (id, n) VALUES (uuid_generate_v7('2020-06-01 00:00+00'), 0);
INSERT INTO events_ulid (n) SELECT generate_series(1, 2000);
INSERT INTO events_ulid (id, n) VALUES (ulid_lower_bound('2020-06-01 00:00+00'), 0);
INSERT INTO events_comb (n) SELECT generate_series(1, 2000);
INSERT INTO events_comb (id, n) VALUES (comb_new('2020-06-01 00:00+00'::timestamptz, 'postgresql'), 0);
INSERT INTO events_tsid (n) SELECT generate_series(1, 2000);
INSERT INTO events_tsid (id, n) VALUES (tsid_lower_bound('2020-06-01 00:00+00'), 0);
