-- ULID cost, one backend: net ns per call and ratio to gen_random_uuid().
-- uuid_to_ulid() and ulid_to_uuid() are IMMUTABLE, so a constant argument
-- would be folded at plan time: they are measured on generated values, and
-- their own cost is the difference from the expression they wrap.
\echo '== ULID, one backend (net ns/call, median of 5; ratio to gen_random_uuid()) =='
CREATE TEMP TABLE ulid_bench AS
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()', 'uuid_generate_v7()', 'ulid_generate()', 'ulid_generate_xact()',
          'uuid_to_ulid(ulid_generate())', 'ulid_to_uuid(uuid_to_ulid(ulid_generate()))'],
    'gen_random_uuid()');
SELECT * FROM ulid_bench;
\echo '== ULID text conversions alone (differences of the medians above) =='
WITH m AS (SELECT expression, net_ns FROM ulid_bench),
     ref AS (SELECT net_ns FROM m WHERE expression = 'gen_random_uuid()')
SELECT d.expression, d.net_ns, round(d.net_ns / (SELECT net_ns FROM ref), 3) AS ratio
FROM (SELECT 'uuid_to_ulid(u)' AS expression,
             (SELECT net_ns FROM m WHERE expression = 'uuid_to_ulid(ulid_generate())') -
             (SELECT net_ns FROM m WHERE expression = 'ulid_generate()') AS net_ns
      UNION ALL
      SELECT 'ulid_to_uuid(t)',
             (SELECT net_ns FROM m WHERE expression = 'ulid_to_uuid(uuid_to_ulid(ulid_generate()))') -
             (SELECT net_ns FROM m WHERE expression = 'uuid_to_ulid(ulid_generate())')) d;
