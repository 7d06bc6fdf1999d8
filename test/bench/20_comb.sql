-- COMB primary keys: where each layout's keys land in which index (the
-- generation cost is in 10_generation.sh, sorting in 60_sort_index.sql).

-- 1M rows in batches of 1000 into an empty table per key, each row keyed by
-- its generator: index size and leaf density (pgstattuple) against v7
-- through the default index.
\echo '== 1M keys inserted in batches of 1000: index size and leaf density =='
CREATE EXTENSION IF NOT EXISTS pgstattuple;
CREATE TEMP TABLE bench_index_samples (n serial, key text, ms float8, index_bytes bigint, density float8);
CREATE FUNCTION bench.insert_keys(key text, definition text, index_def text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    t0 timestamptz;
BEGIN
    EXECUTE 'DROP TABLE IF EXISTS bench_keys';
    EXECUTE format('CREATE TABLE bench_keys (%s, payload int)', definition);
    IF index_def IS NOT NULL THEN
        EXECUTE format('CREATE UNIQUE INDEX bench_keys_idx ON bench_keys %s', index_def);
    END IF;
    t0 := clock_timestamp();
    FOR b IN 1..1000 LOOP
        INSERT INTO bench_keys (payload) SELECT g FROM generate_series(1, 1000) g;
    END LOOP;
    INSERT INTO bench_index_samples (key, ms, index_bytes, density)
    SELECT key, extract(epoch FROM clock_timestamp() - t0) * 1000,
           pg_relation_size(i.indexrelid), (pgstatindex(i.indexrelid::regclass)).avg_leaf_density
    FROM pg_index i WHERE i.indrelid = 'bench_keys'::regclass;
END $$;
SET client_min_messages = warning;
DO $do$
BEGIN
    PERFORM bench.insert_keys('uuid PK DEFAULT uuid_generate_v7()',
                              'id uuid PRIMARY KEY DEFAULT uuid_generate_v7()', NULL);
    PERFORM bench.insert_keys('sqlguid PK DEFAULT comb_new()',
                              'id sqlguid PRIMARY KEY DEFAULT comb_new()', NULL);
    PERFORM bench.insert_keys('uuid_sqlserver_ops unique, comb_new()',
                              'id uuid NOT NULL DEFAULT comb_new()', '(id uuid_sqlserver_ops)');
    PERFORM bench.insert_keys($$sqlguid PK, comb_new('sqlserver','sqldatetime')$$,
                              $$id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'sqldatetime')$$, NULL);
    PERFORM bench.insert_keys($$sqlguid PK, comb_new('sqlserver','dotnet_ticks')$$,
                              $$id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'dotnet_ticks')$$, NULL);
    PERFORM bench.insert_keys($$uuid PK DEFAULT comb_new('postgresql')$$,
                              $$id uuid PRIMARY KEY DEFAULT comb_new('postgresql')$$, NULL);
    PERFORM bench.insert_keys('uuid PK (default opclass) DEFAULT comb_new()',
                              'id uuid PRIMARY KEY DEFAULT comb_new()', NULL);
END $do$;
RESET client_min_messages;
DROP TABLE bench_keys;
DROP FUNCTION bench.insert_keys(text, text, text);
SELECT key, round(ms::numeric) AS ms, round(index_bytes / 1048576.0, 1) AS index_mb,
       round(index_bytes::numeric / (SELECT index_bytes FROM bench_index_samples
                                           WHERE key LIKE 'uuid PK DEFAULT uuid_generate_v7%'), 3)
           AS size_vs_v7,
       round(density::numeric, 1) AS avg_leaf_density
FROM bench_index_samples ORDER BY n;
