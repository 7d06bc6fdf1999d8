-- min(uuid) and max(uuid) (since 1.2; core has them from PostgreSQL 20 on):
-- uuid order, as ORDER BY sorts; NULL without rows; through their sort
-- operators they read the end of a uuid index.  Same output with and
-- without shared_preload_libraries = 'uuid_seq'.
SELECT max(u), min(u)
FROM (VALUES ('7fffffff-ffff-ffff-ffff-ffffffffffff'::uuid),
             ('80000000-0000-0000-0000-000000000000'), (NULL),
             ('00000000-0000-0000-0000-000000000001')) v(u);
-- values equal in their first 8 bytes, differing in byte 8 (group 1) or
-- only in byte 15 (group 2): every byte counts, and the first row is
-- neither the greatest nor the least
SELECT g, max(u), min(u)
FROM (VALUES (1, '01234567-89ab-7def-9000-000000000000'::uuid),
             (1, '01234567-89ab-7def-bfff-ffffffffffff'),
             (1, '01234567-89ab-7def-8fff-ffffffffffff'),
             (2, '01234567-89ab-7def-8000-000000000005'),
             (2, '01234567-89ab-7def-8000-000000000009'),
             (2, '01234567-89ab-7def-8000-000000000001')) v(g, u)
GROUP BY g ORDER BY g;
SELECT max(u) IS NULL AS max_null, min(u) IS NULL AS min_null
FROM (SELECT gen_random_uuid() u) s WHERE false;

CREATE TABLE minmax_items (id uuid PRIMARY KEY);
INSERT INTO minmax_items SELECT gen_random_uuid() FROM generate_series(1, 5000);
ANALYZE minmax_items;
SELECT max(id) = (SELECT id FROM minmax_items ORDER BY id DESC LIMIT 1) AS max_is_last,
       min(id) = (SELECT id FROM minmax_items ORDER BY id LIMIT 1) AS min_is_first
FROM minmax_items;
-- grouped, and in parallel (the combine function)
SELECT bool_and(m = (SELECT id FROM minmax_items i WHERE left(i.id::text, 1) = g
                     ORDER BY id DESC LIMIT 1)) AS grouped_max
FROM (SELECT left(id::text, 1) g, max(id) m FROM minmax_items GROUP BY 1) s;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT max(id) = (SELECT id FROM minmax_items ORDER BY id DESC LIMIT 1) AS parallel_max
FROM minmax_items;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- the end of the primary key's index (the plan's text differs by major)
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END $$;
SELECT pg_temp.plan_of('SELECT max(id) FROM minmax_items')
           LIKE '%Index Only Scan Backward using minmax_items_pkey%' AS max_reads_index_end,
       pg_temp.plan_of('SELECT min(id) FROM minmax_items')
           LIKE '%Index Only Scan using minmax_items_pkey%' AS min_reads_index_start;
DROP TABLE minmax_items;
