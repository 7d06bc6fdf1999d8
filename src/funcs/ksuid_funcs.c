/*
 * ksuid_funcs.c
 *		The ksuid type and the KSUID family (src/README §20): text and
 *		binary I/O, comparisons, hashing, min/max, the bytea casts,
 *		ksuid_generate(), the time of a KSUID and the lower bound of an
 *		instant.
 *
 * A ksuid is 20 bytes passed by reference (internallength 20), compared
 * as bytes: its order is its time's, then its payload's, and its text's in
 * C collation.  ksuid_generate() takes a step of the KSUID frontier
 * (family_next_value()) and fills bytes 16-19, which the core's encoding
 * leaves zero, with 32 more random bits.
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "core/ksuid.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/quote.h"
#include "runtime/random.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(ksuid_in);
PG_FUNCTION_INFO_V1(ksuid_out);
PG_FUNCTION_INFO_V1(ksuid_recv);
PG_FUNCTION_INFO_V1(ksuid_send);
PG_FUNCTION_INFO_V1(ksuid_cmp);
PG_FUNCTION_INFO_V1(ksuid_lt);
PG_FUNCTION_INFO_V1(ksuid_le);
PG_FUNCTION_INFO_V1(ksuid_eq);
PG_FUNCTION_INFO_V1(ksuid_ne);
PG_FUNCTION_INFO_V1(ksuid_ge);
PG_FUNCTION_INFO_V1(ksuid_gt);
PG_FUNCTION_INFO_V1(ksuid_hash);
PG_FUNCTION_INFO_V1(ksuid_hash_extended);
PG_FUNCTION_INFO_V1(ksuid_larger);
PG_FUNCTION_INFO_V1(ksuid_smaller);
PG_FUNCTION_INFO_V1(ksuid_from_bytea);
PG_FUNCTION_INFO_V1(ksuid_to_bytea);
PG_FUNCTION_INFO_V1(ksuid_generate);
PG_FUNCTION_INFO_V1(ksuid_timestamp);
PG_FUNCTION_INFO_V1(ksuid_lower_bound);

#define PG_GETARG_KSUID(n)	((uint8 *) PG_GETARG_POINTER(n))

static uint8 *
ksuid_copy(const uint8 *bytes)
{
	uint8	   *k = palloc(KSUID_BYTES);

	memcpy(k, bytes, KSUID_BYTES);
	return k;
}

Datum
ksuid_in(PG_FUNCTION_ARGS)
{
	char	   *s = PG_GETARG_CSTRING(0);
	uint8	   *k = palloc(KSUID_BYTES);
	size_t		pos = 0;

	switch (ksuid_from_text(s, strlen(s), k, &pos))
	{
		case KSUID_TEXT_OK:
			break;
		case KSUID_TEXT_BAD_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ksuid: \"%s\"",
							quote_bytes(s, (int) strlen(s))),
					 errdetail("A KSUID is 27 characters long.")));
			break;
		case KSUID_TEXT_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ksuid: \"%s\"",
							quote_bytes(s, (int) strlen(s))),
					 errdetail("Character %d is not a base62 digit: a KSUID is written with 0-9, A-Z and a-z.",
							   (int) pos + 1)));
			break;
		case KSUID_TEXT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ksuid: \"%s\"",
							quote_bytes(s, (int) strlen(s))),
					 errdetail("A KSUID is at most \"aWgEPTl1tmebfsQzFP4bxwgy80V\": larger values do not fit in 20 bytes.")));
			break;
	}
	PG_RETURN_POINTER(k);
}

Datum
ksuid_out(PG_FUNCTION_ARGS)
{
	char	   *s = palloc(KSUID_TEXT_LEN + 1);

	ksuid_to_text(PG_GETARG_KSUID(0), s);
	s[KSUID_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(s);
}

Datum
ksuid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);

	PG_RETURN_POINTER(ksuid_copy((const uint8 *) pq_getmsgbytes(buf, KSUID_BYTES)));
}

Datum
ksuid_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_KSUID(0), KSUID_BYTES);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

static int
cmp_args(FunctionCallInfo fcinfo)
{
	return memcmp(PG_GETARG_KSUID(0), PG_GETARG_KSUID(1), KSUID_BYTES);
}

Datum
ksuid_cmp(PG_FUNCTION_ARGS)
{
	int			c = cmp_args(fcinfo);

	PG_RETURN_INT32((c > 0) - (c < 0));
}

Datum
ksuid_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) < 0);
}

Datum
ksuid_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) <= 0);
}

Datum
ksuid_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) == 0);
}

Datum
ksuid_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) != 0);
}

Datum
ksuid_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) >= 0);
}

Datum
ksuid_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) > 0);
}

Datum
ksuid_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_KSUID(0), KSUID_BYTES);
}

Datum
ksuid_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_KSUID(0), KSUID_BYTES, PG_GETARG_INT64(1));
}

Datum
ksuid_larger(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cmp_args(fcinfo) >= 0 ? PG_GETARG_KSUID(0) : PG_GETARG_KSUID(1));
}

Datum
ksuid_smaller(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cmp_args(fcinfo) <= 0 ? PG_GETARG_KSUID(0) : PG_GETARG_KSUID(1));
}

/* bytea -> ksuid: exactly 20 bytes, as Segment's FromBytes takes them. */
Datum
ksuid_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	if (VARSIZE_ANY_EXHDR(b) != KSUID_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid length of KSUID bytes: %d", (int) VARSIZE_ANY_EXHDR(b)),
				 errdetail("A KSUID is exactly 20 bytes.")));
	PG_RETURN_POINTER(ksuid_copy((const uint8 *) VARDATA_ANY(b)));
}

Datum
ksuid_to_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = palloc(VARHDRSZ + KSUID_BYTES);

	SET_VARSIZE(b, VARHDRSZ + KSUID_BYTES);
	memcpy(VARDATA(b), PG_GETARG_KSUID(0), KSUID_BYTES);
	PG_RETURN_BYTEA_P(b);
}

Datum
ksuid_generate(PG_FUNCTION_ARGS)
{
	FrontierValue value;

	family_next_value(FAMILY_KSUID, &value);
	random_bytes(value.bytes + 16, 4);
	PG_RETURN_POINTER(ksuid_copy(value.bytes));
}

/* The KSUID's time field: whole seconds, every value has one. */
Datum
ksuid_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(unix_us_to_timestamptz(ksuid_unix_seconds(PG_GETARG_KSUID(0)) *
												 USECS_PER_SEC));
}

/*
 * The smallest KSUID of the second holding ts (the payload zero), for
 * range scans and partition bounds (src/README §3, "Partition bounds").
 */
Datum
ksuid_lower_bound(PG_FUNCTION_ARGS)
{
	int64		us;
	uint8	   *k = palloc(KSUID_BYTES);

	if (!timestamptz_try_unix_us(PG_GETARG_TIMESTAMPTZ(0), &us) ||
		!ksuid_bound_at_unix_us(us, k))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for KSUID, which holds times from %s",
						KSUID_TYPE_RANGE)));
	PG_RETURN_POINTER(k);
}
