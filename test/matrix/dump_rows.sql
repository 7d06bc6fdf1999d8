-- test/matrix/dump_rows.sql: the rows of dump_fixture.sql's tables, as one
-- digest per table in each table's index order; the same output before the
-- dump (on 15) and after the restore (on 18) means the same rows and ids.
SELECT 'by_uuidv7' AS t, count(*), md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM by_uuidv7
UNION ALL
SELECT 'by_generate_v7', count(*), md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM by_generate_v7
UNION ALL
SELECT 'by_sqlguid', count(*), md5(string_agg(id::text || ':' || n, ',' ORDER BY id)) FROM by_sqlguid
UNION ALL
SELECT 'by_comb', count(*), md5(string_agg(id::text || ':' || n, ',' ORDER BY id USING #<#)) FROM by_comb;
