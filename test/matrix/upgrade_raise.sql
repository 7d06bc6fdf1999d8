-- test/matrix/upgrade_raise.sql: docs/operations.md's runbook after pg_upgrade (as
-- after a restore): one uuid_seq_raise_frontier(family, greatest key) per
-- key column of upgrade_fixture.sql, the greatest in the family's own order
-- (SQL Server order for the 'sqlserver' COMBs).  Run by a superuser on the
-- new server before anything generates.
SELECT uuid_seq_raise_frontier('v7', max(id)) FROM by_v7;
SELECT uuid_seq_raise_frontier('v7', max(id)) FROM users;
SELECT uuid_seq_raise_frontier('v7', max(typeid_to_uuid(id))) FROM by_typeid;
SELECT uuid_seq_raise_frontier('v7', max(id)) FROM events_v7;
SELECT uuid_seq_raise_frontier('ulid', max(id)) FROM by_ulid;
SELECT uuid_seq_raise_frontier('ulid', max(id)) FROM events_ulid;
SELECT uuid_seq_raise_frontier('comb_postgresql_unix_ms', max(id)) FROM by_comb;
SELECT uuid_seq_raise_frontier('comb_postgresql_unix_ms', max(id)) FROM events_comb;
SELECT uuid_seq_raise_frontier('tsid', max(id)) FROM by_tsid;
SELECT uuid_seq_raise_frontier('tsid', max(id)) FROM events_tsid;
SELECT uuid_seq_raise_frontier('snowflake', max(id)) FROM by_snowflake;
SELECT uuid_seq_raise_frontier('comb_sqlserver_unix_ms', max(id)::uuid) FROM by_sqlguid;
SELECT uuid_seq_raise_frontier('comb_sqlserver_unix_ms', max(id::sqlguid)::uuid) FROM by_opclass;
