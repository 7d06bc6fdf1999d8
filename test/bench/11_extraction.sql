-- Extraction and conversion cost, one backend: net ns per call and ratio to
-- uuid_v7_to_timestamptz() (generation: 10_generation.sh).  They read a
-- different value per row (a table of 2M ids of each kind), so that
-- IMMUTABLE functions are not folded into constants; the baseline is
-- count(*) over the same table.  gen_random_uuid() runs in the same rounds,
-- one call per row, for scale.
CREATE TABLE bench.ids AS
SELECT uuid_generate_v7() AS v7, ulid_generate() AS ulid, uuid_to_ulid(ulid_generate()) AS ulid_text,
       comb_new() AS comb, comb_new('sqlserver', 'sqldatetime') AS comb_sqldatetime,
       typeid_generate('user') AS typeid, uuid_to_guid_bytes(uuid_generate_v7()) AS guid_bytes
FROM generate_series(1, 2000000);
VACUUM ANALYZE bench.ids;
\echo '== Extraction and conversion, one backend (net ns/call over 2M stored ids, median of 5; ratio to uuid_v7_to_timestamptz) =='
SELECT * FROM bench.per_call(
    ARRAY['uuid_v7_to_timestamptz(v7)', 'uuid_timestamp(v7)', 'uuid_extract_timestamp(v7)',
          'uuid_version(v7)', 'uuid_node_id(v7, 8)',
          'ulid_timestamp(ulid)', 'uuid_to_ulid(ulid)', 'ulid_to_uuid(ulid_text)',
          'comb_timestamp(comb)', $$comb_timestamp(comb_sqldatetime, 'sqlserver', 'sqldatetime')$$,
          $$uuid_to_typeid('user', v7)$$, 'typeid_to_uuid(typeid)', $$typeid_to_uuid(typeid, 'user')$$,
          'typeid_prefix(typeid)', 'uuid_to_guid_bytes(v7)', 'uuid_from_guid_bytes(guid_bytes)',
          'uuid_guid_swap(v7)', 'gen_random_uuid()'],
    'uuid_v7_to_timestamptz(v7)', 2000000, 5, 'bench.ids');
DROP TABLE bench.ids;
