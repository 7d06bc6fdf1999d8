-- The keyed v4 facade of a UUIDv7 (src/README §17): the UUIDv47 reference's
-- published vectors, the round trip and the bits it changes, errors, the
-- key setting and what an ordinary role sees of it, index use of a lookup
-- by facade, the view pattern, and uuid_seq.v7_rand_a.  Same output with
-- and without shared_preload_libraries = 'uuid_seq'.
SET TimeZone = 'UTC';

-- the result of a statement, or its SQLSTATE alone (PostgreSQL's own
-- messages, e.g. about reading a setting, differ between majors)
CREATE FUNCTION pg_temp.try(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE query INTO result;
    RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END $$;

-- The reference's key, k0 = 0x0123456789abcdef and k1 = 0xfedcba9876543210,
-- as 16 bytes: each half little-endian.  Its README's example value, then
-- the values of its tests.c (craft_v7 of ts = 0x100000 * i + 123, rand_a =
-- 0xaaa ^ 7i, rand_b = 0x0123456789abcdef ^ 0x1111111111111111 * i, and of
-- 0x123456789abc, 0xabc, 0x0123456789abcdef), each with the facade the
-- reference header computes.
CREATE TEMP TABLE reference (v7 uuid, facade uuid);
INSERT INTO reference VALUES
    ('00000000-0000-7000-8000-000000000000', '22d97126-9609-4000-8000-000000000000'),
    ('00000000-007b-7aaa-8123-456789abcdef', 'b108050e-46b6-4aaa-8123-456789abcdef'),
    ('00000010-007b-7aad-9032-547698badcfe', 'bc75bd50-97ef-4aad-9032-547698badcfe'),
    ('00000020-007b-7aa4-a301-6745ab89efcd', 'a3e09c87-bf85-4aa4-a301-6745ab89efcd'),
    ('00000030-007b-7abf-b210-7654ba98fedc', '4a643a79-6975-4abf-b210-7654ba98fedc'),
    ('00000040-007b-7ab6-8567-0123cdef89ab', 'ba071f02-23bd-4ab6-8567-0123cdef89ab'),
    ('00000050-007b-7a89-9476-1032dcfe98ba', 'b215242c-6fb1-4a89-9476-1032dcfe98ba'),
    ('00000060-007b-7a80-a745-2301efcdab89', 'e8e788cf-ded6-4a80-a745-2301efcdab89'),
    ('00000070-007b-7a9b-b654-3210fedcba98', '3d4b88de-ece3-4a9b-b654-3210fedcba98'),
    ('00000080-007b-7a92-89ab-cdef01234567', '9d9bd354-51fe-4a92-89ab-cdef01234567'),
    ('00000090-007b-7a95-98ba-dcfe10325476', 'f261fb3c-8b2e-4a95-98ba-dcfe10325476'),
    ('000000a0-007b-7aec-ab89-efcd23016745', '31c34e74-1771-4aec-ab89-efcd23016745'),
    ('000000b0-007b-7ae7-ba98-fedc32107654', '928f4297-9c9b-4ae7-ba98-fedc32107654'),
    ('000000c0-007b-7afe-8def-89ab45670123', 'b8c1b1f0-8831-4afe-8def-89ab45670123'),
    ('000000d0-007b-7af1-9cfe-98ba54761032', '3994c161-2a72-4af1-9cfe-98ba54761032'),
    ('000000e0-007b-7ac8-afcd-ab8967452301', 'fae6e510-f8b5-4ac8-afcd-ab8967452301'),
    ('000000f0-007b-7ac3-bedc-ba9876543210', 'ce171cbd-d0f1-4ac3-bedc-ba9876543210'),
    ('12345678-9abc-7abc-8123-456789abcdef', '386ef887-69df-4abc-8123-456789abcdef');
SELECT v7, uuid_v7_facade(v7, '\xefcdab89674523011032547698badcfe') AS facade,
       uuid_v7_facade(v7, '\xefcdab89674523011032547698badcfe') = facade AS as_reference,
       uuid_v7_from_facade(facade, '\xefcdab89674523011032547698badcfe') = v7 AS back
FROM reference;
-- a key that differs in one bit decodes elsewhere (tests.c checks it too)
SELECT bool_and(uuid_v7_from_facade(facade, '\xefcdab89674523011032547698badcff') <> v7)
    AS other_key_differs
FROM reference;

-- SipHash-2-4's test key (bytes 00 to 0f) and the v7 whose SipHash message
-- is 00 01 ... 09: its mask is the low 48 bits of the published SipHash
-- vector of that message, f3 b9 dd 94 c5 bb 5d 7a (0x7a5dbbc594ddb9f3)
SELECT uuid_v7_facade('00000000-0000-7001-8203-040506070809',
                      '\x000102030405060708090a0b0c0d0e0f') AS siphash_vector;

-- generated values under random keys: the round trip, version 4 and the
-- RFC variant, and only the time (the first 12 hex digits) and the version
-- digit change
CREATE TEMP TABLE gen AS
SELECT n, uuid_generate_v7() AS v7, decode(md5(n::text) , 'hex') AS key
FROM generate_series(1, 20000) n;
SELECT count(*) AS n,
       bool_and(uuid_v7_from_facade(uuid_v7_facade(v7, key), key) = v7) AS round_trip,
       bool_and(uuid_version(uuid_v7_facade(v7, key)) = 4) AS version_4,
       bool_and(substr(uuid_v7_facade(v7, key)::text, 20) = substr(v7::text, 20)
                AND substr(uuid_v7_facade(v7, key)::text, 16, 4) = substr(v7::text, 16, 4))
           AS rest_unchanged,
       count(DISTINCT left(uuid_v7_facade(v7, key)::text, 13)) > 19990 AS time_masked
FROM gen;

-- errors: a key that is not 16 bytes, an input that is not a v7 (or for
-- decoding, not a v4); no message quotes the key or the uuid
SELECT uuid_v7_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x0001020304050607');
SELECT uuid_v7_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f10');
SELECT uuid_v7_from_facade('919108f7-52d1-4320-9bac-f847db4148a8', ''::bytea);
SELECT uuid_v7_facade('919108f7-52d1-4320-9bac-f847db4148a8', '\x000102030405060708090a0b0c0d0e0f');
SELECT uuid_v7_facade('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f');
SELECT uuid_v7_from_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f');
SELECT uuid_v7_from_facade('c232ab00-9414-11ec-b3c8-9f6bdeced846', '\x000102030405060708090a0b0c0d0e0f');
SELECT v, pg_temp.try(format('SELECT uuid_v7_facade(%L, %L)', v, '\x000102030405060708090a0b0c0d0e0f')) AS facade,
       pg_temp.try(format('SELECT uuid_v7_from_facade(%L, %L)', v, '\x000102030405060708090a0b0c0d0e0f')) AS from_facade
FROM (VALUES ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('00000000-0000-7000-0000-000000000000'), ('00000000-0000-4000-e000-000000000000'),
             ('00000000-0000-8000-8000-000000000000'), ('00000000-0000-6000-8000-000000000000')) t(v);
-- STRICT: NULL in, NULL out
SELECT uuid_v7_facade(NULL, '\x000102030405060708090a0b0c0d0e0f') IS NULL AS a,
       uuid_v7_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', NULL) IS NULL AS b,
       uuid_v7_from_facade(NULL) IS NULL AS c;

-- The key setting.  None yet: the functions without a key say which
-- setting to set.
SELECT uuid_v7_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000');
-- the key's 16 bytes in hex, as the bytea's, with or without a colon
-- between k0's 8 and k1's 8 (the uuid47 extension's form): the same key
SET uuid_seq.facade_key = 'efcdab89674523011032547698badcfe';
SELECT uuid_v7_facade('00000000-0000-7000-8000-000000000000') AS hex_bytes;
SET uuid_seq.facade_key = 'EFCDAB8967452301:1032547698BADCFE';
SELECT uuid_v7_facade('00000000-0000-7000-8000-000000000000') AS halves,
       uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000') AS back;
SELECT bool_and(uuid_v7_facade(v7) = uuid_v7_facade(v7, '\xefcdab89674523011032547698badcfe'))
    AS same_as_bytea
FROM gen;
-- text that is neither form is refused, and not quoted
SET uuid_seq.facade_key = 'not a key: 0123456789abcdef';
SET uuid_seq.facade_key = '0123456789abcdef:0123456789abcdef0';
SET uuid_seq.facade_key = '\xefcdab89674523011032547698badcfe';
SHOW uuid_seq.facade_key;
-- never kept in a catalog every role can read
ALTER ROLE CURRENT_USER SET uuid_seq.facade_key = 'efcdab89674523011032547698badcfe';
ALTER DATABASE contrib_regression SET uuid_seq.facade_key = 'efcdab89674523011032547698badcfe';
-- (the session's key, without its text in the statement: docs/facade.md)
ALTER ROLE CURRENT_USER SET uuid_seq.facade_key FROM CURRENT;
CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql
SET uuid_seq.facade_key = 'efcdab89674523011032547698badcfe' AS 'SELECT 1';
CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql
SET uuid_seq.facade_key FROM CURRENT AS 'SELECT 1';
SELECT count(*) AS stored FROM pg_db_role_setting
WHERE array_to_string(setconfig, ',') LIKE '%facade_key%';
-- nor listed by SHOW ALL or pg_settings, even for a superuser
SELECT count(*) AS listed FROM pg_settings WHERE name = 'uuid_seq.facade_key';
-- the key file's path is set in the server's configuration only, and
-- shown to superusers (test/t/018_facade.pl reads keys from files)
SHOW uuid_seq.facade_key_file;
SET uuid_seq.facade_key_file = 'facade.key';
SELECT context, setting FROM pg_settings WHERE name = 'uuid_seq.facade_key_file';

-- The configured key is the cluster's: PUBLIC may not use it (42501), a
-- role it is granted to may.  The keyed forms stay PUBLIC's.
CREATE ROLE regress_uuid_seq_api;
CREATE ROLE regress_uuid_seq_monitor IN ROLE pg_read_all_settings;
SELECT p.oid::regprocedure AS function, p.proacl IS NOT NULL AS revoked,
       has_function_privilege('public', p.oid, 'EXECUTE') AS public_executes
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname IN ('uuid_v7_facade', 'uuid_v7_from_facade')
ORDER BY p.proname, p.pronargs;
SET ROLE regress_uuid_seq_api;
SELECT pg_temp.try($$SELECT uuid_v7_facade('00000000-0000-7000-8000-000000000000')$$) AS facade,
       pg_temp.try($$SELECT uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000')$$) AS from_facade,
       pg_temp.try($$SELECT uuid_v7_facade('00000000-0000-7000-8000-000000000000', '\xefcdab89674523011032547698badcfe')$$) AS keyed;
RESET ROLE;
GRANT EXECUTE ON FUNCTION uuid_v7_facade(uuid), uuid_v7_from_facade(uuid) TO regress_uuid_seq_api;

-- A role granted the key uses it without seeing it: SHOW, current_setting(),
-- pg_settings, pg_file_settings and SET all refuse or show nothing.
SET ROLE regress_uuid_seq_api;
SELECT uuid_v7_facade('00000000-0000-7000-8000-000000000000') AS uses_key,
       uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000') AS decodes;
SELECT pg_temp.try('SHOW uuid_seq.facade_key') AS show,
       pg_temp.try($$SELECT current_setting('uuid_seq.facade_key')$$) AS current_setting,
       pg_temp.try($$SELECT current_setting('uuid_seq.facade_key', true)$$) AS missing_ok,
       pg_temp.try($$SELECT count(*) FROM pg_settings WHERE name LIKE 'uuid\_seq.facade%'$$) AS pg_settings,
       pg_temp.try('SELECT count(*) FROM pg_file_settings') AS pg_file_settings,
       pg_temp.try($$SELECT set_config('uuid_seq.facade_key', '', false)$$) AS set_config,
       pg_temp.try('SHOW uuid_seq.facade_key_file') AS show_file;
SET uuid_seq.facade_key = '';
RESET ROLE;
-- pg_read_all_settings lets a role read superuser-only settings: this one it
-- sees as "(hidden)", and pg_settings does not list it
SET ROLE regress_uuid_seq_monitor;
SHOW uuid_seq.facade_key;
SELECT current_setting('uuid_seq.facade_key') AS current_setting,
       (SELECT count(*) FROM pg_settings WHERE name = 'uuid_seq.facade_key') AS listed;
RESET ROLE;

-- A lookup by facade uses the primary key's index, directly and in a
-- prepared statement's generic plan; with the key as a constant the
-- conversion is folded into the index condition.
CREATE TABLE items (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload int);
INSERT INTO items (payload) SELECT n FROM generate_series(1, 10000) n;
ANALYZE items;
EXPLAIN (COSTS OFF)
SELECT payload FROM items WHERE id = uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000');
PREPARE by_facade(uuid) AS SELECT payload FROM items WHERE id = uuid_v7_from_facade($1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_facade('22d97126-9609-4000-8000-000000000000');
RESET plan_cache_mode;
EXPLAIN (COSTS OFF)
SELECT payload FROM items
WHERE id = uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000', '\xefcdab89674523011032547698badcfe');
SELECT payload = 5000 AS found
FROM items WHERE id = uuid_v7_from_facade((SELECT uuid_v7_facade(id) FROM items WHERE payload = 5000));
SELECT count(*) AS found FROM (SELECT uuid_v7_facade(id) f FROM items WHERE payload % 100 = 0) s
JOIN items ON items.id = uuid_v7_from_facade(s.f);

-- The view pattern: the API reads facades, never the v7, nor the key.
CREATE VIEW api_items AS SELECT uuid_v7_facade(id) AS id, payload FROM items;
GRANT SELECT ON api_items TO regress_uuid_seq_api;
SET ROLE regress_uuid_seq_api;
SELECT count(*) AS rows, bool_and(uuid_version(id) = 4) AS all_v4 FROM api_items;
SELECT pg_temp.try('SELECT count(*) FROM items') AS table_itself;
RESET ROLE;
SELECT count(*) AS same_rows FROM api_items a JOIN items i ON i.id = uuid_v7_from_facade(a.id);
DROP VIEW api_items;
DROP TABLE items;
RESET uuid_seq.facade_key;
REVOKE EXECUTE ON FUNCTION uuid_v7_facade(uuid), uuid_v7_from_facade(uuid) FROM regress_uuid_seq_api;
DROP ROLE regress_uuid_seq_api;
DROP ROLE regress_uuid_seq_monitor;

-- uuid_seq.v7_rand_a = random: every v7 takes a millisecond of its own and
-- a random rand_a; mixed at random with 'fraction' on one frontier, values
-- still strictly increase, and no value shares the millisecond of a random
-- one.  Superuser-only.
CREATE TEMP TABLE mixed (n int, random bool, u uuid);
DO $$
BEGIN
    FOR n IN 1..3000 LOOP
        PERFORM set_config('uuid_seq.v7_rand_a',
                           CASE WHEN random() < 0.5 THEN 'random' ELSE 'fraction' END, false);
        INSERT INTO mixed VALUES (n, current_setting('uuid_seq.v7_rand_a') = 'random',
                                  uuid_generate_v7());
    END LOOP;
END $$;
RESET uuid_seq.v7_rand_a;
SELECT count(*) FILTER (WHERE random) > 1000 AS both_modes,
       bool_and(u > prev) AS increasing
FROM (SELECT random, u, lag(u) OVER (ORDER BY n) AS prev FROM mixed) s WHERE prev IS NOT NULL;
SELECT count(*) AS random_sharing_a_millisecond
FROM mixed r JOIN mixed o ON o.n <> r.n AND left(o.u::text, 13) = left(r.u::text, 13)
WHERE r.random;
SELECT count(DISTINCT substr(u::text, 16, 3)) > 1000 AS rand_a_random,
       bool_and(uuid_version(u) = 7) AS v7
FROM mixed WHERE random;
-- an explicit time keeps its millisecond, and its rand_a is random too
SET uuid_seq.v7_rand_a = 'random';
SELECT count(DISTINCT left(uuid_generate_v7('2024-01-02 03:04:05.678901+00')::text, 13)) AS ms,
       count(DISTINCT substr(uuid_generate_v7('2024-01-02 03:04:05.678901+00')::text, 16, 3)) > 100
           AS rand_a_random
FROM generate_series(1, 1000);
SELECT left(uuid_generate_v7('2024-01-02 03:04:05.678901+00')::text, 13) AS ms;
RESET uuid_seq.v7_rand_a;
CREATE ROLE regress_uuid_seq_app;
SET ROLE regress_uuid_seq_app;
SELECT pg_temp.try($$SELECT set_config('uuid_seq.v7_rand_a', 'random', false)$$) AS set_by_app;
RESET ROLE;
DROP ROLE regress_uuid_seq_app;
