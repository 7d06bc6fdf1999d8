-- Generation cost, one backend: net ns per call and ratio to gen_random_uuid().
\echo '== Generation, one backend (net ns/call, median of 5; ratio to gen_random_uuid()) =='
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()', 'uuid_generate_v7()', 'uuidv7()'],
    'gen_random_uuid()');
