-- test/matrix/upgrade_raise.sql: the runbook after pg_upgrade (as after a
-- restore, docs/operations.md): the one statement, uuid_seq_raise_frontiers(),
-- which finds every key column of upgrade_fixture.sql by its default and
-- raises each family's frontier above the column's greatest key in the
-- family's own order (SQL Server order for the 'sqlserver' COMBs).  Run by a
-- superuser on the new server before anything generates; one line per key
-- column, table|column|family|raised (pg-upgrade.sh requires raised = t
-- everywhere: the old keys lie an hour ahead of the new server's frontiers,
-- past the default horizon of 5 minutes: the runbook's horizon for an old
-- server whose frontiers ran ahead).
SELECT table_name, column_name, family, raised
FROM uuid_seq_raise_frontiers(horizon => '2 hours')
ORDER BY table_name::text, column_name;
