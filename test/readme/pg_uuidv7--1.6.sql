-- Stand-in for pg_uuidv7 1.6 (see pg_uuidv7.control): its five functions
-- with their names, argument types, defaults, volatility and strictness,
-- written in SQL.  Only what the README's migration steps need: they must
-- be real functions a column DEFAULT, a view or an index can depend on.
\echo Use "CREATE EXTENSION pg_uuidv7" to load this file. \quit

-- the current millisecond in bytes 0-5 of a random uuid, version 7
CREATE FUNCTION uuid_generate_v7() RETURNS uuid
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE AS $$
	SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
		PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
		FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;

CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
	SELECT to_timestamp(('x' || substr(replace($1::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)
$$;

CREATE FUNCTION uuid_timestamptz_to_v7(timestamptz, zero bool = false) RETURNS uuid
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
	SELECT encode(set_bit(set_bit(overlay(
		CASE WHEN $2 THEN '\x00000000000040008000000000000000'::bytea ELSE uuid_send(gen_random_uuid()) END
		PLACING substring(int8send(floor(extract(epoch FROM $1) * 1000)::bigint) FROM 3)
		FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;

CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
	SELECT uuid_v7_to_timestamptz($1) AT TIME ZONE 'UTC'
$$;

CREATE FUNCTION uuid_timestamp_to_v7(timestamp, zero bool = false) RETURNS uuid
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
	SELECT uuid_timestamptz_to_v7($1 AT TIME ZONE 'UTC', $2)
$$;
