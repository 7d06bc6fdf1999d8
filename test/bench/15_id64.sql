-- 8-byte ids (TSID, Snowflake), one backend: net ns per call and ratio to
-- gen_random_uuid(), in the same interleaved rounds as the uuid generators and
-- the two bigint references, a sequence's nextval() (bigserial's default) and
-- pgEdge's snowflake.nextval() (where setup.sql created it).
CREATE SEQUENCE bench.id64_seq;
\echo '== 8-byte ids, one backend (net ns/call, median of 7 interleaved rounds; ratio to gen_random_uuid()) =='
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()', 'uuid_generate_v7()', 'tsid_generate()', 'snowflake_generate()',
          $$snowflake_generate('2015-01-01+00')$$, $$nextval('bench.id64_seq')$$]
    || CASE WHEN EXISTS (SELECT FROM pg_extension WHERE extname = 'snowflake')
            THEN ARRAY['snowflake.nextval()'] ELSE '{}' END,
    'gen_random_uuid()', 5000000, 7);
DROP SEQUENCE bench.id64_seq;

-- Decoding and text, over 2M stored ids of each kind (not folded into
-- constants); uuid_v7_to_timestamptz and uuid_to_ulid in the same rounds for
-- scale.
CREATE TABLE bench.ids64 AS
SELECT tsid_generate() AS tsid, snowflake_generate() AS sf, tsid_to_text(tsid_generate()) AS tsid_text,
       uuid_generate_v7() AS v7, now() + g * interval '1 ms' AS ts
FROM generate_series(1, 2000000) g;
VACUUM ANALYZE bench.ids64;
\echo '== 8-byte ids: decoding and text (net ns/call over 2M stored ids, median of 5; ratio to uuid_v7_to_timestamptz) =='
SELECT * FROM bench.per_call(
    ARRAY['tsid_to_timestamptz(tsid)', 'snowflake_to_timestamptz(sf)', 'tsid_to_text(tsid)',
          'tsid_from_text(tsid_text)', 'tsid_node_id(tsid, 8)', 'snowflake_node_id(sf)',
          'tsid_lower_bound(ts)', 'snowflake_lower_bound(ts)',
          'uuid_v7_to_timestamptz(v7)', 'uuid_to_ulid(v7)'],
    'uuid_v7_to_timestamptz(v7)', 2000000, 5, 'bench.ids64');
DROP TABLE bench.ids64;
