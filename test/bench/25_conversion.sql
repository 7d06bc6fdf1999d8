-- COMB conversion, partition bounds and text decoders (1.1), one backend:
-- net ns per call over 1M stored values (so that nothing IMMUTABLE is folded
-- into a constant) next to gen_random_uuid() over the same rows.
CREATE TABLE bench.keys AS
SELECT comb_new() AS comb, comb_new('postgresql') AS pg_comb,
       clock_timestamp() AS ts, uuid_generate_v7()::text AS v7_text
FROM generate_series(1, 1000000);
VACUUM ANALYZE bench.keys;
\echo '== Conversion, bounds and decoders, one backend (net ns/call over 1M stored values, median of 5; ratio to gen_random_uuid()) =='
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()',
          $$comb_convert(comb, 'sqlserver', 'postgresql')$$,
          $$comb_convert(pg_comb, 'postgresql', 'sqlserver')$$,
          'uuid_v7_lower_bound(ts)', 'ulid_lower_bound(ts)', 'comb_lower_bound(ts)',
          'comb_sqldatetime_lower_bound(ts)',
          'uuid_v7_text_to_timestamptz(v7_text)', 'comb_text_to_timestamptz(v7_text)'],
    'gen_random_uuid()', 1000000, 5, 'bench.keys');
DROP TABLE bench.keys;
