-- TypeID (src/README §14, §8): same output with and without
-- shared_preload_libraries = 'uuid_seq'.
SET timezone = 'UTC';

-- catalog markings: conversions immutable, strict and parallel safe;
-- typeid_generate() volatile and parallel restricted like the other generators
SELECT p.oid::regprocedure AS function, p.provolatile AS volatile,
       p.proisstrict AS strict, p.proparallel AS parallel
FROM pg_proc p
WHERE p.proname IN ('uuid_to_typeid', 'typeid_to_uuid', 'typeid_prefix', 'typeid_generate')
ORDER BY p.oid::regprocedure::text;

-- The examples of the TypeID specification, version 0.3 (jetify-com/typeid,
-- spec/valid.yml, "last updated 2024-04-10 for version 0.3.0"): each decodes
-- to its prefix and uuid, and the uuid under the prefix encodes back to it.
CREATE TEMP TABLE spec_valid (name text, typeid text, prefix text, u uuid);
INSERT INTO spec_valid VALUES
    ('nil', '00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'),
    ('one', '00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'),
    ('ten', '0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'),
    ('sixteen', '0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'),
    ('thirty-two', '00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'),
    ('max-valid', '7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ('valid-alphabet', 'prefix_0123456789abcdefghjkmnpqrs', 'prefix',
     '0110c853-1d09-52d8-d73e-1194e95b5f19'),
    ('valid-uuidv7', 'prefix_01h455vb4pex5vsknk084sn02q', 'prefix',
     '01890a5d-ac96-774b-bcce-b302099a8057'),
    ('prefix-underscore', 'pre_fix_00000000000000000000000000', 'pre_fix',
     '00000000-0000-0000-0000-000000000000');
SELECT name, typeid_to_uuid(typeid) = u AS to_uuid,
       typeid_to_uuid(typeid, prefix) = u AS with_prefix,
       typeid_prefix(typeid) = prefix AS prefix,
       uuid_to_typeid(prefix, u) = typeid AS to_typeid
FROM spec_valid ORDER BY name;

-- The specification's invalid examples (spec/invalid.yml, same version):
-- every one is refused with 22P02 by each function that reads a TypeID.
CREATE FUNCTION pg_temp.outcome(call text, t text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE format('SELECT (%s)::text', call) USING t INTO result;
    RETURN 'accepted ' || result;
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;
CREATE TEMP TABLE spec_invalid (name text, typeid text);
INSERT INTO spec_invalid VALUES
    ('prefix-uppercase', 'PREFIX_00000000000000000000000000'),
    ('prefix-numeric', '12345_00000000000000000000000000'),
    ('prefix-period', 'pre.fix_00000000000000000000000000'),
    ('prefix-non-ascii', 'préfix_00000000000000000000000000'),
    ('prefix-spaces', '  prefix_00000000000000000000000000'),
    ('prefix-64-chars',
     'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000'),
    ('separator-empty-prefix', '_00000000000000000000000000'),
    ('separator-empty', '_'),
    ('suffix-short', 'prefix_1234567890123456789012345'),
    ('suffix-long', 'prefix_123456789012345678901234567'),
    ('suffix-spaces', 'prefix_1234567890123456789012345 '),
    ('suffix-uppercase', 'prefix_0123456789ABCDEFGHJKMNPQRS'),
    ('suffix-hyphens', 'prefix_123456789-123456789-123456'),
    ('suffix-wrong-alphabet', 'prefix_ooooooiiiiiiuuuuuuulllllll'),
    ('suffix-ambiguous-crockford', 'prefix_i23456789ol23456789oi23456'),
    ('suffix-hyphens-crockford', 'prefix_123456789-0123456789-0123456'),
    ('suffix-overflow', 'prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz'),
    ('prefix-underscore-start', '_prefix_00000000000000000000000000'),
    ('prefix-underscore-end', 'prefix__00000000000000000000000000');
SELECT name, pg_temp.outcome('typeid_to_uuid($1)', typeid) AS to_uuid,
       pg_temp.outcome('typeid_to_uuid($1, ''prefix'')', typeid) AS with_prefix,
       pg_temp.outcome('typeid_prefix($1)', typeid) AS prefix
FROM spec_invalid ORDER BY name;
SELECT (SELECT count(*) FROM spec_valid) AS valid_examples,
       (SELECT count(*) FROM spec_invalid) AS invalid_examples;

-- the messages: 22P02 quotes the input and says which rule it breaks
SELECT typeid_to_uuid('user_01H455VB4PEX5VSKNK084SN02Q');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02l');
SELECT typeid_to_uuid('user_81h455vb4pex5vsknk084sn02q');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02');
SELECT typeid_prefix('User_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('_01h455vb4pex5vsknk084sn02q');
SELECT typeid_prefix('user__01h455vb4pex5vsknk084sn02q');
-- a prefix other than the one asked for
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', 'post');
SELECT typeid_to_uuid('01h455vb4pex5vsknk084sn02q', 'user');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', '');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', 'user') AS same_prefix;

-- a bad prefix given as an argument: 22023 naming the rule
SELECT uuid_to_typeid('User', '01890a5d-ac96-774b-bcce-b302099a8057');
SELECT uuid_to_typeid('user_', '01890a5d-ac96-774b-bcce-b302099a8057');
SELECT uuid_to_typeid(repeat('a', 64), '01890a5d-ac96-774b-bcce-b302099a8057');
SELECT typeid_generate('user-account');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', 'User');
\set VERBOSITY sqlstate
SELECT typeid_generate('_');
SELECT typeid_to_uuid('bad!_01h455vb4pex5vsknk084sn02q');
\set VERBOSITY default

-- the longest prefix, an empty one, underscores inside
SELECT uuid_to_typeid(repeat('z', 63), 'ffffffff-ffff-ffff-ffff-ffffffffffff') AS longest;
SELECT uuid_to_typeid('', '01890a5d-ac96-774b-bcce-b302099a8057') AS no_prefix,
       typeid_prefix('01h455vb4pex5vsknk084sn02q') = '' AS empty_not_null,
       uuid_to_typeid('a_b__c', '01890a5d-ac96-774b-bcce-b302099a8057') AS underscores,
       typeid_prefix('a_b__c_01h455vb4pex5vsknk084sn02q') AS split_at_last;

-- round trip over random uuids and prefixes; the text is canonical
SELECT bool_and(typeid_to_uuid(uuid_to_typeid(p, u), p) = u) AS uuid_round_trip,
       bool_and(typeid_prefix(uuid_to_typeid(p, u)) = p) AS prefix_round_trip,
       bool_and(uuid_to_typeid(p, u) ~ '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$')
           AS canonical
FROM (SELECT gen_random_uuid() AS u,
             (ARRAY['', 'user', 'pre_fix', 'a', repeat('q', 63)])[1 + n % 5] AS p
      FROM generate_series(1, 10000) n) s;

-- text order (C collation) under one prefix is uuid order
CREATE TEMP TABLE ordered AS
SELECT gen_random_uuid() AS u FROM generate_series(1, 5000);
SELECT (SELECT array_agg(u ORDER BY u) FROM ordered) =
       (SELECT array_agg(u ORDER BY uuid_to_typeid('user', u) COLLATE "C") FROM ordered)
           AS same_order;

-- typeid_generate(): the next value of the v7 frontier, as
-- uuid_generate_v7() would take it, so the two interleave in order
CREATE TEMP TABLE steps AS
SELECT n, CASE WHEN n % 2 = 0 THEN typeid_to_uuid(typeid_generate('order'), 'order')
               ELSE uuid_generate_v7() END AS u
FROM generate_series(1, 2000) n;
SELECT count(*) AS values,
       bool_and(uuid_version(u) = 7) AS all_v7,
       bool_and(u > prev) AS strictly_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM steps) s
WHERE prev IS NOT NULL;
SELECT typeid_generate('') ~ '^0[0-9a-hjkmnp-tv-z]{25}$' AS no_prefix,
       typeid_generate('user') ~ '^user_0[0-9a-hjkmnp-tv-z]{25}$' AS with_prefix;

-- a stored generated column, which only an immutable function may fill
CREATE TEMP TABLE users (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    name text,
    public_id text GENERATED ALWAYS AS (uuid_to_typeid('user', id)) STORED);
INSERT INTO users (id, name) VALUES ('01890a5d-ac96-774b-bcce-b302099a8057', 'ada');
INSERT INTO users (name) SELECT 'user ' || n FROM generate_series(1, 100) n;
SELECT public_id FROM users WHERE name = 'ada';
SELECT count(*) AS users,
       bool_and(typeid_to_uuid(public_id, 'user') = id) AS public_id_is_id
FROM users;
UPDATE users SET id = '00000000-0000-0000-0000-000000000001' WHERE name = 'ada';
SELECT public_id FROM users WHERE name = 'ada';
