-- uuid_seq_raise_frontiers() (since 1.3, src/README §12): after a move off
-- a server, every family's frontier raised above every key column of the
-- database whose DEFAULT calls a generator, one row per column.
-- Expected output: raise_frontiers.out with the library preloaded,
-- raise_frontiers_1.out without (no shared frontier to raise: 55000).
-- It reads every table of its database, so it runs in a database of its
-- own: the other tests' tables (explicit future keys among them) are left
-- alone.  Each key lies just past its family's frontier (by 50 ms), so that
-- the suite can run again on the same server.
SET timezone = 'UTC';
SET client_min_messages = warning;
-- (what an interrupted run left)
DROP DATABASE IF EXISTS regression_uuid_seq_raise;
DROP ROLE IF EXISTS regress_uuid_seq_raisers;
DROP ROLE IF EXISTS regress_uuid_seq_owner;

-- catalog markings; EXECUTE is not granted to PUBLIC
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       p.proretset, pg_get_function_result(p.oid) AS result,
       NOT EXISTS (SELECT FROM aclexplode(p.proacl) a WHERE a.grantee = 0) AS public_may_not
FROM pg_proc p WHERE p.proname = 'uuid_seq_raise_frontiers';

CREATE DATABASE regression_uuid_seq_raise TEMPLATE template0;
\c regression_uuid_seq_raise
SET timezone = 'UTC';
SET client_min_messages = warning;
CREATE EXTENSION uuid_seq;

-- a role without the privilege: 42501; given EXECUTE, still 42501 (the
-- function reads every table whatever its privileges)
CREATE ROLE regress_uuid_seq_raisers;
SET ROLE regress_uuid_seq_raisers;
SELECT * FROM uuid_seq_raise_frontiers();
RESET ROLE;
GRANT EXECUTE ON FUNCTION uuid_seq_raise_frontiers(interval, interval) TO regress_uuid_seq_raisers;
SET ROLE regress_uuid_seq_raisers;
SELECT * FROM uuid_seq_raise_frontiers();
RESET ROLE;
REVOKE EXECUTE ON FUNCTION uuid_seq_raise_frontiers(interval, interval) FROM regress_uuid_seq_raisers;

-- no key column yet: no rows
SELECT * FROM uuid_seq_raise_frontiers();

-- A key column of every kind.  Each gets keys of its family from just past
-- the family's frontier (t, per family), made for explicit times, so the
-- frontier lies below them, as after a restore from a server that ran
-- ahead.  `expected` holds each column's largest key in its family's order.
-- (A KSUID's or an ObjectId's tick is a second, and a raise takes its
-- frontier to the end of one: their keys lie a second further.)
CREATE TEMP TABLE ahead AS
SELECT family, greatest(clock_timestamp(), frontier_time) + interval '50 ms'
       + CASE WHEN family IN ('ksuid', 'objectid') THEN interval '1 second' ELSE interval '0' END AS t
FROM uuid_seq_state();
CREATE FUNCTION t(f text) RETURNS timestamptz LANGUAGE sql
AS $$ SELECT t FROM ahead WHERE family = f $$;
CREATE TEMP TABLE expected (tbl regclass, col name, max_value text);

CREATE TABLE by_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
INSERT INTO by_v7 VALUES (uuid_generate_v7(t('v7') - interval '1 day'), 1),
                         (uuid_generate_v7(t('v7')), 2);
-- the extension's uuidv7() (on 17 and later, pg_catalog has one of its own,
-- which takes no frontier step: this is public's)
CREATE TABLE by_uuidv7 (id uuid DEFAULT public.uuidv7(), n int);
INSERT INTO by_uuidv7 VALUES (uuid_generate_v7(t('v7')), 1);
-- uuidv7(shift) adds the shift to its output only: its values lie an hour
-- ahead of the step that made them
CREATE TABLE by_uuidv7_shift (id uuid DEFAULT public.uuidv7('1 hour'), n int);
INSERT INTO by_uuidv7_shift VALUES (uuid_generate_v7(t('v7') + interval '1 hour'), 1);
CREATE TABLE by_v6 (id uuid PRIMARY KEY DEFAULT uuid_generate_v6(), n int);
INSERT INTO by_v6 VALUES (uuid_generate_v6(t('v6') - interval '1 day'), 1),
                         (uuid_generate_v6(t('v6')), 2);
CREATE TABLE by_ulid (id uuid PRIMARY KEY DEFAULT ulid_generate(), n int);
INSERT INTO by_ulid VALUES (ulid_lower_bound(t('ulid')), 1);
CREATE TABLE by_ulid_xact (id uuid DEFAULT ulid_generate_xact(), n int);
INSERT INTO by_ulid_xact VALUES (ulid_lower_bound(t('ulid')), 1);
-- the ulid type (1.4) and its generators, found by what they are; a uuid
-- column of gen_ulid() too (read whole: no index)
CREATE TABLE by_ulid_monotonic (id ulid DEFAULT gen_monotonic_ulid(), n int);
INSERT INTO by_ulid_monotonic VALUES (ulid_lower_bound(t('ulid')), 1);
CREATE TABLE by_gen_ulid_uuid (id uuid DEFAULT gen_ulid(), n int);
INSERT INTO by_gen_ulid_uuid VALUES (ulid_lower_bound(t('ulid')), 1);
-- sqlguid: read through its primary key, in SQL Server order; a key of an
-- older time with larger leading bytes sorts first in uuid order, not here
CREATE TABLE by_sqlguid (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int);
INSERT INTO by_sqlguid VALUES (comb_new(t('comb_sqlserver_unix_ms')), 1),
    (('ffffffff-ffff-4fff-bfff-' || substr(replace(comb_new(t('comb_sqlserver_unix_ms') - interval '1 day')::text, '-', ''), 21))::uuid, 2);
-- the same order in a uuid column whose only index is in uuid order: read
-- whole
CREATE TABLE by_comb_uuid (id uuid PRIMARY KEY DEFAULT comb_new('sqlserver'), n int);
INSERT INTO by_comb_uuid SELECT id::uuid, n FROM by_sqlguid;
CREATE TABLE by_comb_opclass (id uuid NOT NULL DEFAULT comb_new('sqlserver', 'sqldatetime'), n int);
CREATE UNIQUE INDEX ON by_comb_opclass (id uuid_sqlserver_ops);
INSERT INTO by_comb_opclass VALUES (comb_new(t('comb_sqlserver_sqldatetime'), 'sqlserver', 'sqldatetime'), 1);
CREATE TABLE by_comb_postgresql (id uuid PRIMARY KEY DEFAULT comb_new('postgresql'), n int);
INSERT INTO by_comb_postgresql VALUES (comb_new(t('comb_postgresql_unix_ms'), 'postgresql'), 1);
CREATE TABLE by_comb_named (id uuid DEFAULT comb_new(strategy => 'sqldatetime', layout => 'postgresql'), n int);
INSERT INTO by_comb_named VALUES (comb_new(t('comb_postgresql_sqldatetime'), 'postgresql', 'sqldatetime'), 1);
CREATE TABLE by_comb_ticks (id uuid DEFAULT comb_new('sqlserver', 'dotnet_ticks'), n int);
INSERT INTO by_comb_ticks VALUES (comb_new(t('comb_sqlserver_dotnet_ticks'), 'sqlserver', 'dotnet_ticks'), 1);
-- TypeID text: through a COLLATE "C" index, within its prefix (a TypeID of
-- another prefix sorts above, and is not its default's); varchar(100) and
-- no index: read whole
CREATE TABLE by_typeid (id text COLLATE "C" PRIMARY KEY DEFAULT typeid_generate('user'), n int);
INSERT INTO by_typeid VALUES (uuid_to_typeid('user', uuid_generate_v7(t('v7'))), 1),
                             (uuid_to_typeid('zebra', uuid_generate_v7(t('v7') + interval '1 day')), 2),
                             ('not a typeid', 3);
CREATE TABLE by_typeid_varchar (id varchar(100) DEFAULT typeid_generate('order'), n int);
INSERT INTO by_typeid_varchar VALUES (uuid_to_typeid('order', uuid_generate_v7(t('v7'))), 1);
CREATE TABLE by_tsid (id bigint PRIMARY KEY DEFAULT tsid_generate(), n int);
INSERT INTO by_tsid VALUES (tsid_lower_bound(t('tsid')), 1), (-5, 2);
CREATE TABLE by_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_generate(), n int);
INSERT INTO by_snowflake VALUES (snowflake_lower_bound(t('snowflake')), 1);
CREATE TABLE by_snowflake_2015 (id bigint PRIMARY KEY DEFAULT snowflake_generate('2015-01-01 00:00+00'), n int);
INSERT INTO by_snowflake_2015 VALUES (snowflake_lower_bound(t('snowflake'), '2015-01-01 00:00+00'), 1);
-- ksuid: through its primary key (the extension's btree class, in byte
-- order) from the horizon's bound down, past the largest KSUID (2150);
-- without an index, read whole
CREATE TABLE by_ksuid (id ksuid PRIMARY KEY DEFAULT ksuid_generate(), n int);
INSERT INTO by_ksuid VALUES (ksuid_lower_bound(t('ksuid')), 1), ('aWgEPTl1tmebfsQzFP4bxwgy80V', 2);
CREATE TABLE by_ksuid_heap (id ksuid DEFAULT ksuid_generate(), n int);
INSERT INTO by_ksuid_heap VALUES (ksuid_lower_bound(t('ksuid')), 1);
-- objectid: the same, past the largest ObjectId (2106)
CREATE TABLE by_objectid (id objectid PRIMARY KEY DEFAULT objectid_generate(), n int);
INSERT INTO by_objectid VALUES (objectid_lower_bound(t('objectid')), 1), ('ffffffffffffffffffffffff', 2);
CREATE TABLE by_objectid_heap (id objectid DEFAULT objectid_generate(), n int);
INSERT INTO by_objectid_heap VALUES (objectid_lower_bound(t('objectid')), 1);
-- a random uuid above every v7 key: not a v7 value, passed over
-- (and NULLs, which its unique index puts last)
CREATE TABLE by_v7_mixed (id uuid UNIQUE DEFAULT uuid_generate_v7(), n int);
INSERT INTO by_v7_mixed VALUES (uuid_generate_v7(t('v7')), 1),
                               ('ffffffff-ffff-4fff-bfff-ffffffffffff', 2), (NULL, 3), (NULL, 4);
-- no rows, and only NULLs: nothing to raise
CREATE TABLE by_v7_empty (id uuid DEFAULT uuid_generate_v7(), n int);
CREATE TABLE by_v7_nulls (id uuid DEFAULT uuid_generate_v7(), n int);
INSERT INTO by_v7_nulls VALUES (NULL, 1);
-- a domain over uuid
CREATE DOMAIN order_key AS uuid CHECK (VALUE IS NOT NULL);
CREATE TABLE by_domain (id order_key DEFAULT uuid_generate_v7(), n int);
INSERT INTO by_domain VALUES (uuid_generate_v7(t('v7')), 1);

-- A domain's default: a column of the domain (or of a domain over it
-- without a default of its own) that has no default of its own is a key
-- column; one with a default of its own, a view's and one of a domain over
-- it with another default are not.
CREATE DOMAIN v7_key AS uuid DEFAULT uuid_generate_v7();
CREATE DOMAIN v7_key_not_null AS v7_key NOT NULL;
CREATE DOMAIN v7_key_random AS v7_key DEFAULT gen_random_uuid();
CREATE DOMAIN invoice_key AS sqlguid DEFAULT comb_new();
CREATE TABLE by_domain_default (id v7_key PRIMARY KEY, n int);
INSERT INTO by_domain_default VALUES (uuid_generate_v7(t('v7')), 1);
CREATE TABLE by_domain_nested (id v7_key_not_null, n int);
INSERT INTO by_domain_nested VALUES (uuid_generate_v7(t('v7')), 1);
CREATE TABLE by_domain_sqlguid (id invoice_key PRIMARY KEY, n int);
INSERT INTO by_domain_sqlguid VALUES (comb_new(t('comb_sqlserver_unix_ms')), 1);
CREATE TABLE by_domain_own_default (id v7_key DEFAULT gen_random_uuid(), n int);
CREATE TABLE by_domain_random (id v7_key_random, n int);
CREATE VIEW by_domain_view AS SELECT * FROM by_domain_default;
-- and what depends on a generator otherwise, with a WARNING each: a view
-- that makes keys, a function that makes them (its argument's default), a
-- rule
CREATE VIEW fresh_ids AS SELECT uuid_generate_v7() AS id;
CREATE FUNCTION new_id(made uuid DEFAULT ulid_generate()) RETURNS uuid
LANGUAGE sql AS 'SELECT made';
CREATE TABLE audit (id bigint, n int);
CREATE RULE audit_ids AS ON INSERT TO by_domain_random
    DO ALSO INSERT INTO audit VALUES (tsid_generate(), NEW.n);

-- Keys more than a day ahead of the server's clock (the horizon) are not
-- raised to, with one WARNING per column: a random uuid (gen_random_uuid()'s
-- kind) in a ULID column, where any 128 bits read as a ULID (this one of
-- the year 5281), through the primary key ("keys") and read whole (counted);
-- a NEWID()-style v4 in a sqlguid COMB column, whose last six bytes read as
-- a time of the year 10397; a v7 placeholder of 2300.  uuidv7(shift) keys
-- lie the shift ahead of their steps: 30 hours ahead is within its horizon.
CREATE TABLE by_ulid_v4 (id uuid PRIMARY KEY DEFAULT ulid_generate(), n int);
INSERT INTO by_ulid_v4 VALUES (ulid_lower_bound(t('ulid')), 1),
                              ('5f0c7a3e-9b1d-4e8a-a6f2-3c4d5e6f7a8b', 2);
CREATE TABLE by_ulid_v4_whole (id uuid DEFAULT ulid_generate(), n int);
INSERT INTO by_ulid_v4_whole VALUES ('5f0c7a3e-9b1d-4e8a-a6f2-3c4d5e6f7a8b', 1),
                                    (ulid_lower_bound(t('ulid')), 2),
                                    ('c3b9e1a4-2d7f-4a6b-8c5e-9f0a1b2c3d4e', 3);
-- a ulid column read through its primary key (ulid_btree_ops): the key
-- beyond is not counted
CREATE TABLE by_ulid_type (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int);
INSERT INTO by_ulid_type VALUES (ulid_lower_bound(t('ulid')), 1),
                                ('5f0c7a3e-9b1d-4e8a-a6f2-3c4d5e6f7a8b'::uuid, 2);
CREATE TABLE by_sqlguid_newid (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int);
INSERT INTO by_sqlguid_newid VALUES (comb_new(t('comb_sqlserver_unix_ms')), 1),
                                    ('b1a6c3e4-7d2f-4c89-9e0a-f1e2d3c4b5a6', 2);
CREATE TABLE by_v7_placeholder (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
INSERT INTO by_v7_placeholder VALUES (uuid_generate_v7(t('v7')), 1),
                                     (uuid_generate_v7('2300-01-01 00:00+00'), 2);
CREATE TABLE by_uuidv7_shift_30h (id uuid DEFAULT public.uuidv7('30 hours'), n int);
INSERT INTO by_uuidv7_shift_30h VALUES (uuid_generate_v7(t('v7') + interval '30 hours'), 1);
-- the same through an index in descending order, a TypeID's index within
-- its prefix, and the 8-byte ids' (a TSID of 2080, a Snowflake of 2070)
CREATE TABLE by_ulid_desc (id uuid NOT NULL DEFAULT ulid_generate(), n int);
CREATE UNIQUE INDEX ON by_ulid_desc (id DESC);
INSERT INTO by_ulid_desc VALUES (ulid_lower_bound(t('ulid')), 1),
                                ('5f0c7a3e-9b1d-4e8a-a6f2-3c4d5e6f7a8b', 2);
CREATE TABLE by_typeid_far (id text COLLATE "C" PRIMARY KEY DEFAULT typeid_generate('user'), n int);
INSERT INTO by_typeid_far VALUES (uuid_to_typeid('user', uuid_generate_v7(t('v7'))), 1),
                                 (uuid_to_typeid('user', uuid_generate_v7('2300-01-01 00:00+00')), 2);
CREATE TABLE by_tsid_far (id bigint PRIMARY KEY DEFAULT tsid_generate(), n int);
INSERT INTO by_tsid_far VALUES (tsid_lower_bound(t('tsid')), 1),
                               (tsid_lower_bound('2080-01-01 00:00+00'), 2);
CREATE TABLE by_snowflake_far (id bigint PRIMARY KEY DEFAULT snowflake_generate('2015-01-01 00:00+00'), n int);
INSERT INTO by_snowflake_far VALUES
    (snowflake_lower_bound(t('snowflake'), '2015-01-01 00:00+00'), 1),
    (snowflake_lower_bound('2070-01-01 00:00+00', '2015-01-01 00:00+00'), 2);

INSERT INTO expected VALUES
    ('by_domain_default', 'id', (SELECT max(id)::text FROM by_domain_default)),
    ('by_domain_nested', 'id', (SELECT max(id)::text FROM by_domain_nested)),
    ('by_domain_sqlguid', 'id', (SELECT max(id)::text FROM by_domain_sqlguid)),
    ('by_ulid_v4', 'id', (SELECT id::text FROM by_ulid_v4 WHERE n = 1)),
    ('by_ulid_v4_whole', 'id', (SELECT id::text FROM by_ulid_v4_whole WHERE n = 2)),
    ('by_ulid_type', 'id', (SELECT id::text FROM by_ulid_type WHERE n = 1)),
    ('by_sqlguid_newid', 'id', (SELECT id::text FROM by_sqlguid_newid WHERE n = 1)),
    ('by_v7_placeholder', 'id', (SELECT id::text FROM by_v7_placeholder WHERE n = 1)),
    ('by_uuidv7_shift_30h', 'id', (SELECT max(id)::text FROM by_uuidv7_shift_30h)),
    ('by_ulid_desc', 'id', (SELECT id::text FROM by_ulid_desc WHERE n = 1)),
    ('by_typeid_far', 'id', (SELECT id FROM by_typeid_far WHERE n = 1)),
    ('by_tsid_far', 'id', (SELECT id::text FROM by_tsid_far WHERE n = 1)),
    ('by_snowflake_far', 'id', (SELECT id::text FROM by_snowflake_far WHERE n = 1));

INSERT INTO expected VALUES
    ('by_v7', 'id', (SELECT max(id)::text FROM by_v7)),
    ('by_uuidv7', 'id', (SELECT max(id)::text FROM by_uuidv7)),
    ('by_uuidv7_shift', 'id', (SELECT max(id)::text FROM by_uuidv7_shift)),
    ('by_v6', 'id', (SELECT max(id)::text FROM by_v6)),
    ('by_ulid', 'id', (SELECT max(id)::text FROM by_ulid)),
    ('by_ulid_xact', 'id', (SELECT max(id)::text FROM by_ulid_xact)),
    ('by_ulid_monotonic', 'id', (SELECT max(id)::text FROM by_ulid_monotonic)),
    ('by_gen_ulid_uuid', 'id', (SELECT max(id)::text FROM by_gen_ulid_uuid)),
    ('by_sqlguid', 'id', (SELECT id::text FROM by_sqlguid WHERE n = 1)),
    ('by_comb_uuid', 'id', (SELECT id::text FROM by_comb_uuid WHERE n = 1)),
    ('by_comb_opclass', 'id', (SELECT max(id)::text FROM by_comb_opclass)),
    ('by_comb_postgresql', 'id', (SELECT max(id)::text FROM by_comb_postgresql)),
    ('by_comb_named', 'id', (SELECT max(id)::text FROM by_comb_named)),
    ('by_comb_ticks', 'id', (SELECT max(id)::text FROM by_comb_ticks)),
    ('by_typeid', 'id', (SELECT id FROM by_typeid WHERE n = 1)),
    ('by_typeid_varchar', 'id', (SELECT max(id) FROM by_typeid_varchar)),
    ('by_tsid', 'id', (SELECT max(id)::text FROM by_tsid)),
    ('by_snowflake', 'id', (SELECT max(id)::text FROM by_snowflake)),
    ('by_snowflake_2015', 'id', (SELECT max(id)::text FROM by_snowflake_2015)),
    ('by_ksuid', 'id', (SELECT id::text FROM by_ksuid WHERE n = 1)),
    ('by_ksuid_heap', 'id', (SELECT max(id)::text FROM by_ksuid_heap)),
    ('by_objectid', 'id', (SELECT id::text FROM by_objectid WHERE n = 1)),
    ('by_objectid_heap', 'id', (SELECT max(id)::text FROM by_objectid_heap)),
    ('by_v7_mixed', 'id', (SELECT id::text FROM by_v7_mixed WHERE n = 1)),
    ('by_domain', 'id', (SELECT max(id)::text FROM by_domain));

-- A partitioned table: one row, read in every partition; a partition whose
-- own default is the same call is not listed again, one with another is.
CREATE TABLE events (id uuid DEFAULT uuid_generate_v7(), n int) PARTITION BY RANGE (n);
CREATE TABLE events_low PARTITION OF events FOR VALUES FROM (0) TO (10);
CREATE TABLE events_high PARTITION OF events FOR VALUES FROM (10) TO (100)
    PARTITION BY RANGE (n);
CREATE TABLE events_high_a PARTITION OF events_high FOR VALUES FROM (10) TO (50);
CREATE TABLE events_other (id uuid, n int);
ALTER TABLE events_other ALTER COLUMN id SET DEFAULT ulid_generate();
ALTER TABLE events ATTACH PARTITION events_other FOR VALUES FROM (100) TO (200);
INSERT INTO events VALUES (uuid_generate_v7(t('v7') - interval '1 hour'), 1),
                          (uuid_generate_v7(t('v7')), 20),
                          (ulid_lower_bound(t('ulid')), 150);
-- (events' largest v7 key: events_other's ULID key, made at t('ulid'), can
-- lie a millisecond above it, t being read per family as the clock moves)
INSERT INTO expected VALUES
    ('events', 'id', (SELECT max(id)::text FROM events WHERE n < 100)),
    ('events_other', 'id', (SELECT max(id)::text FROM events_other));
-- Inheritance: the parent's rows alone; the child has a default of its own.
CREATE TABLE animals (id bigint DEFAULT tsid_generate(), n int);
CREATE TABLE cats () INHERITS (animals);
INSERT INTO animals VALUES (tsid_lower_bound(t('tsid')), 1);
INSERT INTO cats VALUES (tsid_lower_bound(t('tsid') + interval '10 ms'), 2);
INSERT INTO expected VALUES
    ('animals', 'id', (SELECT max(id)::text FROM ONLY animals)),
    ('cats', 'id', (SELECT max(id)::text FROM cats));

-- What is listed but not read, with a WARNING saying why: a default that is
-- not one plain call, one that converts the values, an argument that is not
-- a constant, a column type that does not hold the values (blank-padded
-- TypeIDs), a view's default.
CREATE TABLE by_expression (id text DEFAULT uuid_to_typeid('user', uuid_generate_v7()), n int);
CREATE TABLE by_text (id text DEFAULT uuid_generate_v7(), n int);
CREATE TABLE by_setting (id uuid DEFAULT comb_new(current_setting('application_name')), n int);
CREATE TABLE by_char (id char(40) DEFAULT typeid_generate('user'), n int);
CREATE VIEW by_v7_view AS SELECT * FROM by_v7;
ALTER VIEW by_v7_view ALTER COLUMN id SET DEFAULT uuid_generate_v7();
-- and what is not listed at all: generated columns, explicit times
CREATE TABLE by_generated (id uuid DEFAULT uuid_generate_v7(),
    created timestamptz GENERATED ALWAYS AS (uuid_v7_to_timestamptz(id)) STORED,
    made uuid DEFAULT uuid_generate_v7('2000-01-01 00:00+00'));

-- Nothing a table's owner defines takes part: row security that hides
-- every row, even from the owner, and operators planted first on
-- search_path that fail when called.
CREATE ROLE regress_uuid_seq_owner;
CREATE TABLE hidden (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
INSERT INTO hidden VALUES (uuid_generate_v7(t('v7')), 1);
ALTER TABLE hidden OWNER TO regress_uuid_seq_owner;
ALTER TABLE hidden ENABLE ROW LEVEL SECURITY;
ALTER TABLE hidden FORCE ROW LEVEL SECURITY;
CREATE POLICY nothing ON hidden USING (false);
INSERT INTO expected VALUES ('hidden', 'id', (SELECT max(id)::text FROM hidden));
CREATE SCHEMA trap;
CREATE FUNCTION trap.gt(uuid, uuid) RETURNS boolean LANGUAGE plpgsql
AS $$ BEGIN RAISE EXCEPTION 'a planted operator ran'; END $$;
CREATE OPERATOR trap.> (LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = trap.gt);
CREATE OPERATOR trap.< (LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = trap.gt);
SET search_path = trap, public, pg_catalog;

-- The statement.  Every column of the current database whose default calls
-- a generator, with its family; raised: its largest key lay above the
-- family's frontier; largest_ok: max_value is the largest key in the
-- family's order.
SELECT r.table_name, r.column_name, r.family, r.raised,
       r.max_value IS NOT DISTINCT FROM e.max_value AS largest_ok
FROM uuid_seq_raise_frontiers() r
LEFT JOIN expected e ON e.tbl = r.table_name AND e.col = r.column_name
ORDER BY r.table_name::text, r.column_name;
RESET search_path;

-- After it, each default's next key lies above its column's largest, in
-- its family's order (without preload: no rows).
CREATE FUNCTION pg_temp.new_key(tbl regclass, n int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    k text;
BEGIN
    EXECUTE pg_catalog.format('INSERT INTO %s (n) VALUES (%s) RETURNING id::text', tbl, n) INTO k;
    RETURN k;
END
$$;
CREATE TEMP TABLE next_keys AS
SELECT e.tbl, e.max_value,
       pg_temp.new_key(e.tbl, CASE WHEN e.tbl = 'events_other'::regclass THEN 100 ELSE 0 END) AS next_key
FROM expected e
WHERE (SELECT bool_and(shared) FROM uuid_seq_state());
SELECT tbl, CASE
       WHEN tbl IN ('by_sqlguid'::regclass, 'by_comb_uuid', 'by_comb_opclass', 'by_comb_ticks',
                    'by_sqlguid_newid', 'by_domain_sqlguid')
           THEN next_key::uuid #># max_value::uuid
       WHEN tbl IN ('by_ulid_type'::regclass, 'by_ulid_monotonic')
           THEN next_key::ulid > max_value::ulid
       WHEN tbl IN ('by_typeid'::regclass, 'by_typeid_varchar', 'by_typeid_far')
           THEN typeid_to_uuid(next_key) > typeid_to_uuid(max_value)
       WHEN tbl IN ('by_tsid'::regclass, 'by_snowflake', 'by_snowflake_2015', 'animals', 'cats',
                    'by_tsid_far', 'by_snowflake_far')
           THEN next_key::bigint > max_value::bigint
       WHEN tbl IN ('by_ksuid'::regclass, 'by_ksuid_heap')
           THEN next_key::ksuid > max_value::ksuid
       WHEN tbl IN ('by_objectid'::regclass, 'by_objectid_heap')
           THEN next_key::objectid > max_value::objectid
       ELSE next_key::uuid > max_value::uuid
       END AS next_is_above
FROM next_keys
ORDER BY tbl::text;

-- A repeat finds nothing to raise.
SELECT count(*) AS columns, count(*) FILTER (WHERE raised) AS raised,
       count(*) FILTER (WHERE raised IS NULL) AS not_read
FROM uuid_seq_raise_frontiers();

-- The horizon: 5 minutes past the clock unless the call asks for more.
-- With the clock a day back (uuid_seq.clock_shift), the keys made at t lie
-- past the default horizon and are not raised to (by_v7's key of t - 1 day
-- is its largest within it; by_ulid's and by_tsid's only ones are past
-- it); with horizon => '2 days' they lie within it again, and raise
-- nothing (the frontiers lie above them already).
SET uuid_seq.clock_shift = '-1 day';
SET client_min_messages = error;
SELECT r.table_name, r.raised, r.max_value IS NOT DISTINCT FROM e.max_value AS largest
FROM uuid_seq_raise_frontiers() r JOIN expected e ON e.tbl = r.table_name
WHERE r.table_name IN ('by_v7'::regclass, 'by_ulid', 'by_tsid') ORDER BY 1::text;
SELECT r.table_name, r.raised, r.max_value IS NOT DISTINCT FROM e.max_value AS largest
FROM uuid_seq_raise_frontiers(horizon => '2 days') r JOIN expected e ON e.tbl = r.table_name
WHERE r.table_name IN ('by_v7'::regclass, 'by_ulid', 'by_tsid') ORDER BY 1::text;
SET client_min_messages = warning;
RESET uuid_seq.clock_shift;
-- A negative horizon or lock_wait: 22023; NULL: nothing (STRICT).
SELECT * FROM uuid_seq_raise_frontiers(horizon => '-1 second');
SELECT * FROM uuid_seq_raise_frontiers(lock_wait => '1 day -25 hours');
SELECT count(*) AS no_rows FROM uuid_seq_raise_frontiers(NULL, '1 second');

-- The horizon follows the clock as the generators read it, with
-- uuid_seq.clock_shift: three days behind, every key lies beyond it (the
-- oldest, by_v7's, a day before its t: a day's margin however long the
-- statements before took), and nothing is raised.
SET uuid_seq.clock_shift = '-3 days';
SET client_min_messages = error;
SELECT table_name, raised, max_value FROM uuid_seq_raise_frontiers()
WHERE table_name IN ('by_v7'::regclass, 'by_ulid', 'by_tsid');
SET client_min_messages = warning;
RESET uuid_seq.clock_shift;

-- The extension is relocatable: the function finds its generators by what
-- they are, in whatever schema.
CREATE SCHEMA moved;
ALTER EXTENSION uuid_seq SET SCHEMA moved;
SELECT count(*) AS columns, count(*) FILTER (WHERE raised) AS raised
FROM moved.uuid_seq_raise_frontiers();
ALTER EXTENSION uuid_seq SET SCHEMA public;

\c contrib_regression
DROP DATABASE regression_uuid_seq_raise;
DROP ROLE regress_uuid_seq_raisers;
DROP ROLE regress_uuid_seq_owner;
