-- Edge inputs for every SQL function of the extension (src/README §8), driven by
-- the catalog so that a new function is covered as soon as it exists: each
-- argument in turn takes NULL and the edge values of its type (nil and max
-- uuid, the smallest and largest KSUID; ±infinity, 1970-01-01, just before
-- it and the last instant PostgreSQL represents; empty, huge and non-ASCII text (13 two-byte
-- characters are as many bytes as a ULID's text); empty, 16-byte, 17-byte
-- and huge bytea; extreme integers and intervals) while the others hold an
-- ordinary value.  Each call shows its result (IMMUTABLE functions), "value"
-- (others) or the SQLSTATE it raised.

SET TimeZone = 'UTC';
SET DateStyle = 'ISO';

CREATE FUNCTION pg_temp.outcome(call text, show_value bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE 'SELECT (' || call || ')::text' INTO result;
    RETURN CASE WHEN result IS NULL THEN 'NULL'
                WHEN show_value THEN result
                ELSE 'value' END;
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END $$;

-- an ordinary value per argument name (or type), and the edge values per type
CREATE TEMP TABLE ordinary (name text, type regtype, val text);
INSERT INTO ordinary VALUES
    ('layout', 'text', '''sqlserver'''),
    ('strategy', 'text', '''unix_ms'''),
    ('from_layout', 'text', '''sqlserver'''),
    ('to_layout', 'text', '''postgresql'''),
    ('key', 'text', '''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'''),
    ('prefix', 'text', '''user'''),
    ('typeid', 'text', '''user_01h455vb4pex5vsknk084sn02q'''),
    (NULL, 'text', '''01ARZ3NDEKTSV4RRFFQ69G5FAV'''),
    (NULL, 'uuid', '''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'''),
    (NULL, 'sqlguid', '''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'''),
    (NULL, 'objectid', '''507f1f77bcf86cd799439011'''),
    (NULL, 'ulid', '''01FWHE4YDGFK1SHH6W1G60EECF'''),
    (NULL, 'ksuid', '''0ujtsYcgvSTl8PAuAdqWYSMnLOv'''),
    (NULL, 'bytea', '''\x33221100554477668899aabbccddeeff'''),
    (NULL, 'timestamptz', '''2024-01-02 03:04:05.678+00'''),
    (NULL, 'timestamp', '''2024-01-02 03:04:05.678'''),
    (NULL, 'interval', '''1 day'''),
    (NULL, 'int4', '8'),
    (NULL, 'int8', '8'),
    (NULL, 'bool', 'true');
CREATE TEMP TABLE edge (type regtype, val text);
INSERT INTO edge VALUES
    ('uuid', 'NULL'),
    ('uuid', '''00000000-0000-0000-0000-000000000000'''),
    ('uuid', '''ffffffff-ffff-ffff-ffff-ffffffffffff'''),
    ('sqlguid', 'NULL'),
    ('sqlguid', '''00000000-0000-0000-0000-000000000000'''),
    ('sqlguid', '''ffffffff-ffff-ffff-ffff-ffffffffffff'''),
    ('objectid', 'NULL'),
    ('objectid', '''000000000000000000000000'''),
    ('objectid', '''ffffffffffffffffffffffff'''),
    ('ulid', 'NULL'),
    ('ulid', '''00000000000000000000000000'''),
    ('ulid', '''7ZZZZZZZZZZZZZZZZZZZZZZZZZ'''),
    ('ksuid', 'NULL'),
    ('ksuid', '''000000000000000000000000000'''),
    ('ksuid', '''aWgEPTl1tmebfsQzFP4bxwgy80V'''),
    ('timestamptz', 'NULL'),
    ('timestamptz', '''-infinity'''),
    ('timestamptz', '''infinity'''),
    ('timestamptz', '''1969-12-31 23:59:59.999999+00'''),
    ('timestamptz', '''1970-01-01 00:00:00+00'''),
    ('timestamptz', '''294276-12-31 23:59:59.999999+00'''),
    ('timestamp', 'NULL'),
    ('timestamp', '''-infinity'''),
    ('timestamp', '''infinity'''),
    ('timestamp', '''1969-12-31 23:59:59.999999'''),
    ('timestamp', '''1970-01-01 00:00:00'''),
    ('timestamp', '''294276-12-31 23:59:59.999999'''),
    ('interval', 'NULL'),
    ('interval', '''-178000000 years'''),
    ('interval', '''178000000 years'''),
    ('text', 'NULL'),
    ('text', ''''''),
    ('text', 'repeat(''Z'', 1000000)'),
    ('text', '''é'''),
    ('text', 'repeat(''Ä'', 13)'),
    ('bytea', 'NULL'),
    ('bytea', ''''''),
    ('bytea', '''\xffffffffffffffffffffffffffffffff'''),
    ('bytea', '''\x33221100554477668899aabbccddeeff00'''),
    ('bytea', 'decode(repeat(''00'', 1000000), ''hex'')'),
    ('int4', 'NULL'),
    ('int4', '-1'),
    ('int4', '2147483647'),
    ('int8', 'NULL'),
    ('int8', '-1'),
    ('int8', '9223372036854775807'),
    ('bool', 'NULL');

-- the extension's functions callable from SQL (not type I/O or support),
-- but uuid_seq_raise_frontiers(), whose ordinary call raises the cluster's
-- frontiers to the keys of this database's tables (raise_frontiers.sql
-- tries its arguments, in a database of its own)
CREATE TEMP TABLE fn AS
SELECT p.oid, p.proname, p.provolatile = 'i' AS immutable,
       p.proargtypes::regtype[] AS types, p.proargnames AS names
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.prokind = 'f' AND p.pronargs > 0
  AND NOT p.proargtypes::regtype[] && ARRAY['internal', 'cstring']::regtype[]
  AND p.proname <> 'uuid_seq_raise_frontiers';

-- the calls: argument i (types[] counts from 0, names[] from 1; the output
-- numbers arguments from 1) takes each edge value of its type
CREATE TEMP TABLE calls AS
-- (a function is named without its schema: on PostgreSQL 17 and later some of
-- ours share a name with pg_catalog's, which regprocedure would qualify)
SELECT regexp_replace(f.oid::regprocedure::text, '^[^(]*\.', '') AS function,
       i + 1 AS arg, x.val AS input,
       format('%s(%s)', f.oid::regproc,
              (SELECT string_agg(CASE WHEN j = i THEN x.val
                                      ELSE (SELECT o.val FROM ordinary o
                                            WHERE o.type = f.types[j]
                                              AND (o.name = f.names[j + 1] OR o.name IS NULL)
                                            ORDER BY o.name NULLS LAST LIMIT 1)
                                 END || '::' || f.types[j], ', ' ORDER BY j)
               FROM generate_subscripts(f.types, 1) j)) AS call,
       f.immutable
FROM fn f, generate_subscripts(f.types, 1) i
JOIN edge x ON true
WHERE x.type = f.types[i];

-- every argument type has edge values
SELECT DISTINCT t AS type_without_edges
FROM fn, unnest(types) t WHERE t NOT IN (SELECT type FROM edge);

SELECT function, arg, left(input, 40) AS input, pg_temp.outcome(call, immutable) AS outcome
FROM calls ORDER BY function::text, arg, input;

-- an argument repeated in an error message is cut after 64 characters: a
-- 3 MB one never goes whole into the message and the server log
\set VERBOSITY default
SELECT typeid_to_uuid(repeat('a', 3000000) || '_01h455vb4pex5vsknk084sn02q');
SELECT uuid_to_typeid(repeat('b', 100), '00000000-0000-0000-0000-000000000000');
SELECT typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', repeat('c', 100));
SELECT ulid_to_uuid(repeat('Z', 100000));
SELECT comb_new(repeat('d', 100000));
SELECT uuid_v7_text_to_timestamptz(repeat('0', 100000));
-- (64 characters or fewer are quoted whole)
SELECT ulid_to_uuid(repeat('Z', 64));
