/*
 * ulid_type.c
 *		The ulid type (src/README §4): its text input and output, the
 *		conversions its casts call, and gen_ulid() and gen_monotonic_ulid(),
 *		pgx_ulid's generators, on the ULID frontier.
 *
 * A ulid is stored as a uuid is (16 bytes, the ULID's 128 bits big-endian),
 * so the casts to and from uuid need no function, its binary I/O,
 * comparisons and hashes are core's uuid functions (LANGUAGE internal in
 * the scripts) and uuid order is ULID order.  Only its text differs: 26
 * characters of Crockford's base32 (core/ulid.c).  A timestamp without time
 * zone is read and written as UTC, so that both conversions are IMMUTABLE
 * (a generated column, an index) and each undoes the other.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/rfc9562.h"
#include "core/ulid.h"
#include "funcs/ulid_funcs.h"
#include "runtime/family.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(ulid_in);
PG_FUNCTION_INFO_V1(ulid_out);
PG_FUNCTION_INFO_V1(ulid_to_bytea);
PG_FUNCTION_INFO_V1(ulid_from_bytea);
PG_FUNCTION_INFO_V1(ulid_uuid_same);
PG_FUNCTION_INFO_V1(ulid_to_timestamp);
PG_FUNCTION_INFO_V1(timestamp_to_ulid);
PG_FUNCTION_INFO_V1(gen_ulid);
PG_FUNCTION_INFO_V1(gen_monotonic_ulid);

Datum
ulid_in(PG_FUNCTION_ARGS)
{
	const char *input = PG_GETARG_CSTRING(0);
	pg_uuid_t  *ulid = palloc(sizeof(pg_uuid_t));

	ulid_parse_or_error(input, (int) strlen(input), ulid->data);
	PG_RETURN_UUID_P(ulid);
}

Datum
ulid_out(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *ulid = PG_GETARG_UUID_P(0);
	char	   *result = palloc(ULID_TEXT_LEN + 1);

	ulid_to_text(ulid->data, result);
	result[ULID_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

/* The 16 bytes, big-endian: what pgx_ulid's cast to bytea gives. */
Datum
ulid_to_bytea(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *ulid = PG_GETARG_UUID_P(0);
	bytea	   *result = palloc(VARHDRSZ + UUID_LEN);

	SET_VARSIZE(result, VARHDRSZ + UUID_LEN);
	memcpy(VARDATA(result), ulid->data, UUID_LEN);
	PG_RETURN_BYTEA_P(result);
}

Datum
ulid_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *input = PG_GETARG_BYTEA_PP(0);
	pg_uuid_t  *ulid;

	if (VARSIZE_ANY_EXHDR(input) != UUID_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid length of ULID bytes: %d",
						(int) VARSIZE_ANY_EXHDR(input)),
				 errdetail("A ULID is 16 bytes long.")));
	ulid = palloc(sizeof(pg_uuid_t));
	memcpy(ulid->data, VARDATA_ANY(input), UUID_LEN);
	PG_RETURN_UUID_P(ulid);
}

/* ulid_to_uuid(ulid), ulid_from_uuid(uuid): the same 16 bytes. */
Datum
ulid_uuid_same(PG_FUNCTION_ARGS)
{
	PG_RETURN_DATUM(PG_GETARG_DATUM(0));
}

/* The millisecond, as UTC: every ULID time fits a timestamp. */
Datum
ulid_to_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *ulid = PG_GETARG_UUID_P(0);

	PG_RETURN_TIMESTAMP((Timestamp) unix_ms_to_timestamptz(uuid_unix_ms(ulid->data)));
}

/*
 * The smallest ULID of the millisecond, for a range scan or a partition
 * bound: timestamp_to_ulid() reads a timestamp as UTC, timestamptz_to_ulid()
 * is this on a timestamptz (the same microseconds since 2000).  22008
 * outside 1970 to 10889.
 */
Datum
timestamp_to_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at((TimestampTz) PG_GETARG_TIMESTAMP(0),
										 &ulid_family, ulid_bound_at_unix_us));
}

/* Both generators are ulid_generate(): one step of the ULID frontier. */
Datum
gen_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_ULID));
}

Datum
gen_monotonic_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_ULID));
}
