-- The keyed v4 facade (1.3), one backend: net ns per call of uuid_v7_facade()
-- and uuid_v7_from_facade(), with a key argument and with the key of
-- uuid_seq.facade_key, over 2M stored values (so that nothing IMMUTABLE is
-- folded into a constant), next to gen_random_uuid() in the same rounds.
-- (Generation under uuid_seq.v7_rand_a: 31_facade_leak.sql.)
SET uuid_seq.facade_key = '000102030405060708090a0b0c0d0e0f';
CREATE TABLE bench.facades AS
SELECT v7, uuid_v7_facade(v7) AS facade
FROM (SELECT uuid_generate_v7() AS v7 FROM generate_series(1, 2000000)) s;
VACUUM ANALYZE bench.facades;
\echo '== Facade, one backend (net ns/call over 2M stored ids, median of 5; ratio to gen_random_uuid()) =='
SELECT * FROM bench.per_call(
    ARRAY['gen_random_uuid()',
          'uuid_v7_facade(v7)', $$uuid_v7_facade(v7, '\x000102030405060708090a0b0c0d0e0f')$$,
          'uuid_v7_from_facade(facade)',
          $$uuid_v7_from_facade(facade, '\x000102030405060708090a0b0c0d0e0f')$$,
          'uuid_v7_to_timestamptz(v7)'],
    'gen_random_uuid()', 2000000, 5, 'bench.facades');
DROP TABLE bench.facades;

RESET uuid_seq.facade_key;
