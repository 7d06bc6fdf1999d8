-- Generation and extraction cost, one backend: net ns per call and ratio to
-- gen_random_uuid().
\echo '== Generation, one backend (net ns/call, median of 5; ratio to gen_random_uuid()) =='
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()', 'uuid_generate_v7()', 'uuidv7()'],
    'gen_random_uuid()');

-- Extraction reads a different value per row (a table of 2M ids), so that
-- IMMUTABLE functions are not folded into constants.
CREATE TABLE bench.ids AS SELECT uuid_generate_v7() AS u FROM generate_series(1, 2000000);
VACUUM ANALYZE bench.ids;
\echo '== Extraction, one backend (net ns/call over 2M stored ids, median of 5) =='
SELECT * FROM bench.per_call(
    ARRAY['uuid_v7_to_timestamptz(u)', 'uuid_timestamp(u)', 'uuid_extract_timestamp(u)',
          'uuid_version(u)', 'uuid_node_id(u, 8)'],
    'uuid_v7_to_timestamptz(u)', 2000000, 5, 'bench.ids');
DROP TABLE bench.ids;
