-- GUID byte order (src/README §15, §8): same output with and without
-- shared_preload_libraries = 'uuid_seq'.

-- catalog markings: immutable, strict and parallel safe
SELECT p.oid::regprocedure AS function, p.provolatile AS volatile,
       p.proisstrict AS strict, p.proparallel AS parallel
FROM pg_proc p
WHERE p.proname IN ('uuid_to_guid_bytes', 'uuid_from_guid_bytes', 'uuid_guid_swap')
ORDER BY p.oid::regprocedure::text;

-- GUID byte order: .NET Guid.ToByteArray() and SQL Server binary(16)
SELECT uuid_to_guid_bytes('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_from_guid_bytes('\x33221100554477668899aabbccddeeff');
SELECT uuid_guid_swap('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_guid_swap('33221100-5544-7766-8899-aabbccddeeff');
-- a uuid read from binary(16) as if it were text order, put right
SELECT uuid_guid_swap(encode('\x33221100554477668899aabbccddeeff'::bytea, 'hex')::uuid)
    AS repaired;
SELECT bool_and(uuid_from_guid_bytes(uuid_to_guid_bytes(u)) = u) AS bytes_round_trip,
       bool_and(uuid_guid_swap(uuid_guid_swap(u)) = u) AS swap_twice,
       bool_and(uuid_to_guid_bytes(u) = uuid_send(uuid_guid_swap(u))) AS swap_is_bytes,
       bool_and(substring(uuid_to_guid_bytes(u) FROM 9) = substring(uuid_send(u) FROM 9))
           AS last_eight_kept
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)) s;
-- 16 bytes exactly, or 22P02
SELECT uuid_from_guid_bytes('\x33221100554477668899aabbccddee');
SELECT uuid_from_guid_bytes('\x33221100554477668899aabbccddeeff00');
SELECT uuid_from_guid_bytes('');
\set VERBOSITY sqlstate
SELECT uuid_from_guid_bytes('\x00');
\set VERBOSITY default

-- PostgreSQL 19 casts uuid to and from bytea (explicit casts, by the
-- functions pg_catalog.bytea(uuid) and pg_catalog.uuid(bytea)) in uuid_send's
-- byte order, the text order: not the GUID order, which stays ours to give.
-- Any cast between bytea and uuid or sqlguid is core's, on every major:
SELECT count(*) AS uuid_bytea_casts_not_core
FROM pg_cast c LEFT JOIN pg_proc p ON p.oid = c.castfunc
WHERE 'bytea'::regtype IN (c.castsource, c.casttarget)
  AND ('uuid'::regtype IN (c.castsource, c.casttarget)
       OR 'sqlguid'::regtype IN (c.castsource, c.casttarget))
  AND (p.oid IS NULL OR p.pronamespace <> 'pg_catalog'::regnamespace);
-- and ours are sqlguid's to and from uuid, without a function
SELECT c.castsource::regtype, c.casttarget::regtype, c.castfunc::regprocedure,
       c.castcontext, c.castmethod
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
     AND d.refclassid = 'pg_extension'::regclass
     AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_seq')
ORDER BY 1::text, 2::text;
-- what the casts do, called at run time so that this parses on every major;
-- before 19, what they would do: uuid_send and its inverse
CREATE FUNCTION pg_temp.core_uuid_bytea(u uuid) RETURNS bytea LANGUAGE plpgsql AS $$
DECLARE
    b bytea;
BEGIN
    IF to_regprocedure('pg_catalog.bytea(uuid)') IS NULL THEN
        RETURN uuid_send(u);
    END IF;
    EXECUTE 'SELECT CAST($1 AS bytea)' INTO b USING u;
    RETURN b;
END $$;
CREATE FUNCTION pg_temp.core_bytea_uuid(b bytea) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
    u uuid;
BEGIN
    IF to_regprocedure('pg_catalog.uuid(bytea)') IS NULL THEN
        RETURN encode(b, 'hex')::uuid;
    END IF;
    EXECUTE 'SELECT CAST($1 AS uuid)' INTO u USING b;
    RETURN u;
END $$;
SELECT pg_temp.core_uuid_bytea('00112233-4455-6677-8899-aabbccddeeff') AS core_order,
       uuid_to_guid_bytes('00112233-4455-6677-8899-aabbccddeeff') AS guid_order;
SELECT bool_and(pg_temp.core_uuid_bytea(u) = uuid_send(u)) AS core_cast_is_text_order,
       bool_and(pg_temp.core_bytea_uuid(pg_temp.core_uuid_bytea(u)) = u) AS core_round_trip,
       bool_and(pg_temp.core_bytea_uuid(uuid_to_guid_bytes(u)) = uuid_guid_swap(u))
           AS guid_bytes_cast_read_swapped,
       bool_and(uuid_from_guid_bytes(pg_temp.core_uuid_bytea(u)) = uuid_guid_swap(u))
           AS cast_bytes_guid_read_swapped
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 10000)) s;
-- a sqlguid reaches bytea through uuid alone (casts do not chain), and in
-- GUID order through uuid_to_guid_bytes alone
SELECT '00112233-4455-6677-8899-aabbccddeeff'::sqlguid::bytea;
SELECT uuid_to_guid_bytes('00112233-4455-6677-8899-aabbccddeeff'::sqlguid) AS guid_order;
