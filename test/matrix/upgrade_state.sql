-- test/matrix/upgrade_state.sql: what pg_upgrade must carry over, printed the
-- same way on the old server before and on the new one after
-- (test/matrix/pg-upgrade.sh compares the two): uuid_seq's version, every
-- table's rows (a count and a digest of the rows in one order, the ids and
-- generated columns included), every index's definition (operator classes
-- included), every default and generated column's expression, every
-- partition's bounds.
SET TimeZone = 'UTC';
SELECT 'extension', extversion FROM pg_extension WHERE extname = 'uuid_seq';
SELECT format('SELECT %L, count(*), md5(coalesce(string_agg(t::text, %L ORDER BY t::text COLLATE "C"), %L)) FROM %s t',
              c.relname, E'\n', '', c.oid::regclass)
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
ORDER BY c.relname
\gexec
SELECT 'index', c.relname, pg_get_indexdef(c.oid)
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('i', 'I')
ORDER BY c.relname;
SELECT 'default', d.adrelid::regclass, a.attname, a.attgenerated, pg_get_expr(d.adbin, d.adrelid)
FROM pg_attrdef d
JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
JOIN pg_class c ON c.oid = d.adrelid
WHERE c.relnamespace = 'public'::regnamespace
ORDER BY c.relname, a.attname;
SELECT 'partition', c.relname, pg_get_expr(c.relpartbound, c.oid)
FROM pg_class c
WHERE c.relispartition AND c.relkind = 'r'
ORDER BY c.relname;
