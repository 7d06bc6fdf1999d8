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
