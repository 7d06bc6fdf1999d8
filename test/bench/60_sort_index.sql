-- Sort and index build in SQL Server order: 2M random uuids, ORDER BY and
-- CREATE INDEX with the default uuid opclass against uuid_sqlserver_ops and
-- the sqlguid type (whose default opclass is SQL Server order).
SET work_mem = '1GB';
SET maintenance_work_mem = '1GB';
SET max_parallel_maintenance_workers = 0;
CREATE TABLE bench.sorted AS
SELECT u, u::sqlguid AS g
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 2000000)) s;
VACUUM ANALYZE bench.sorted;

\echo '== Sort, 2M random uuids (ms, median of 5; ratio to the default order) =='
SELECT * FROM bench.per_statement(
    ARRAY['ORDER BY u', 'ORDER BY u USING #<#', 'ORDER BY g (sqlguid)'],
    ARRAY['SELECT u FROM bench.sorted ORDER BY u OFFSET 2000000',
          'SELECT u FROM bench.sorted ORDER BY u USING #<# OFFSET 2000000',
          'SELECT g FROM bench.sorted ORDER BY g OFFSET 2000000'],
    'ORDER BY u');

\echo '== Index build, 2M random uuids (ms, median of 5; ratio to the default opclass) =='
SELECT * FROM bench.per_statement(
    ARRAY['(u)', '(u uuid_sqlserver_ops)', '(g) sqlguid'],
    ARRAY['CREATE INDEX sorted_idx ON bench.sorted (u); DROP INDEX bench.sorted_idx',
          'CREATE INDEX sorted_idx ON bench.sorted (u uuid_sqlserver_ops); DROP INDEX bench.sorted_idx',
          'CREATE INDEX sorted_idx ON bench.sorted (g); DROP INDEX bench.sorted_idx'],
    '(u)');
DROP TABLE bench.sorted;
