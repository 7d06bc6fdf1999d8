/*
 * partition_funcs.c
 *		SQL functions for tables partitioned by the time inside their keys
 *		(README "Partitioning by creation time"): for each family whose values
 *		sort by time in plain uuid order, the lower bound of an instant and
 *		the time of a key given as text.
 *
 * The families and their prefixes: UUIDv7 (uuid_v7_), ULID (ulid_) and the
 * COMBs of layout "postgresql", strategy "unix_ms" (comb_) or "sqldatetime"
 * (comb_sqldatetime_).  A sqlserver COMB sorts by time only in SQL Server
 * order, so it has neither: comb_convert() moves it to the postgresql layout.
 *
 *	<prefix>lower_bound(timestamptz) -> uuid
 *		the smallest value of the family's tick (1 ms, 1/300 s) holding the
 *		instant, so [bound(a), bound(b)) holds exactly the values created in
 *		[a, b) when a and b start ticks (a month's first instant does);
 *		22008 outside the family's range.  A partition bound, and pg_partman's
 *		p_time_encoder.
 *	<prefix>text_to_timestamptz(text) -> timestamptz
 *		the creation time of a key written as text (uuid_in's forms; a ULID
 *		also as its 26 characters), as the family's extraction function reads
 *		it.  pg_partman 5.2's p_time_decoder, which it calls on key::text and
 *		on the text of a partition bound.
 *
 * All of them are IMMUTABLE, STRICT and PARALLEL SAFE: pg_partman refuses
 * other encoders and decoders, and a generated column or an index
 * expression needs IMMUTABLE.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/comb.h"
#include "core/rfc9562.h"
#include "core/ulid.h"
#include "funcs/comb_funcs.h"
#include "funcs/ulid_funcs.h"
#include "runtime/quote.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_v7_lower_bound);
PG_FUNCTION_INFO_V1(ulid_lower_bound);
PG_FUNCTION_INFO_V1(comb_lower_bound);
PG_FUNCTION_INFO_V1(comb_sqldatetime_lower_bound);
PG_FUNCTION_INFO_V1(uuid_v7_text_to_timestamptz);
PG_FUNCTION_INFO_V1(ulid_text_to_timestamptz);
PG_FUNCTION_INFO_V1(comb_text_to_timestamptz);
PG_FUNCTION_INFO_V1(comb_sqldatetime_text_to_timestamptz);

/* A core function writing the lower bound of a Unix-microsecond time. */
typedef bool (*LowerBoundFn) (int64_t unix_us, uint8_t out[UUID_BYTES]);

/*
 * The lower bound of the timestamptz argument, or 22008 naming the family's
 * range (infinities, and times outside it).
 */
static Datum
lower_bound(FunctionCallInfo fcinfo, const FrontierFamily *family, LowerBoundFn bound)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	int64		unix_us;

	if (!timestamptz_try_unix_us(ts, &unix_us) || !bound(unix_us, uuid->data))
		report_time_out_of_range(family);
	PG_RETURN_UUID_P(uuid);
}

static bool
comb_unix_ms_bound(int64_t unix_us, uint8_t out[UUID_BYTES])
{
	return comb_bound_at_unix_us(COMB_POSTGRESQL_UNIX_MS, unix_us, out);
}

static bool
comb_sqldatetime_bound(int64_t unix_us, uint8_t out[UUID_BYTES])
{
	return comb_bound_at_unix_us(COMB_POSTGRESQL_SQLDATETIME, unix_us, out);
}

Datum
uuid_v7_lower_bound(PG_FUNCTION_ARGS)
{
	return lower_bound(fcinfo, &uuidv7_family, uuidv7_bound_at_unix_us);
}

Datum
ulid_lower_bound(PG_FUNCTION_ARGS)
{
	return lower_bound(fcinfo, &ulid_family, ulid_bound_at_unix_us);
}

Datum
comb_lower_bound(PG_FUNCTION_ARGS)
{
	return lower_bound(fcinfo, &comb_families[COMB_POSTGRESQL_UNIX_MS].frontier,
					   comb_unix_ms_bound);
}

Datum
comb_sqldatetime_lower_bound(PG_FUNCTION_ARGS)
{
	return lower_bound(fcinfo, &comb_families[COMB_POSTGRESQL_SQLDATETIME].frontier,
					   comb_sqldatetime_bound);
}

/* The text argument as a uuid, with uuid_in's forms and errors (22P02). */
static pg_uuid_t *
uuid_arg(FunctionCallInfo fcinfo)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);

	/* no uuid's text is this long: uuid_in would repeat all of it */
	if (VARSIZE_ANY_EXHDR(arg) > QUOTE_MAX_CHARS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type uuid: \"%s\"", quote_text(arg))));
	return DatumGetUUIDP(DirectFunctionCall1(uuid_in,
											 CStringGetDatum(text_to_cstring(arg))));
}

/* As uuid_v7_to_timestamptz(): NULL for a uuid of another version. */
Datum
uuid_v7_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = uuid_arg(fcinfo);

	if (uuid_rfc_version(uuid->data) != 7)
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}

/* As ulid_timestamp(); 26 characters are read as a ULID's own text. */
Datum
ulid_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid;

	if (VARSIZE_ANY_EXHDR(PG_GETARG_TEXT_PP(0)) == ULID_TEXT_LEN)
		uuid = DatumGetUUIDP(DirectFunctionCall1(ulid_to_uuid, PG_GETARG_DATUM(0)));
	else
		uuid = uuid_arg(fcinfo);
	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}

/* As comb_timestamp(key::uuid, 'postgresql', 'unix_ms'). */
Datum
comb_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(comb_time_of(COMB_POSTGRESQL_UNIX_MS, uuid_arg(fcinfo)));
}

/* As comb_timestamp(key::uuid, 'postgresql', 'sqldatetime'). */
Datum
comb_sqldatetime_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(comb_time_of(COMB_POSTGRESQL_SQLDATETIME, uuid_arg(fcinfo)));
}
