/*
 * v7_funcs.c
 *		SQL functions for UUIDv7 and the other RFC 9562 versions (src/README §2):
 *		the pg_uuidv7-compatible names and core 18's uuidv4(), uuidv7(),
 *		uuidv7(interval), uuid_extract_timestamp() and uuid_extract_version().
 *
 * The core 18 functions have C symbols prefixed with uuid_seq_ so that they
 * never clash with the server's own.
 */
#include "postgres.h"

#include <math.h>

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "generator.h"
#include "guc.h"
#include "timeconv.h"
#include "random.h"

PG_FUNCTION_INFO_V1(uuid_generate_v7);
PG_FUNCTION_INFO_V1(uuid_generate_v7_at);
PG_FUNCTION_INFO_V1(uuid_timestamptz_to_v7);
PG_FUNCTION_INFO_V1(uuid_timestamp_to_v7);
PG_FUNCTION_INFO_V1(uuid_v7_to_timestamptz);
PG_FUNCTION_INFO_V1(uuid_v7_to_timestamp);
PG_FUNCTION_INFO_V1(uuid_timestamp);
PG_FUNCTION_INFO_V1(uuid_version);
PG_FUNCTION_INFO_V1(uuid_node_id);
PG_FUNCTION_INFO_V1(uuid_seq_uuidv4);
PG_FUNCTION_INFO_V1(uuid_seq_uuidv7);
PG_FUNCTION_INFO_V1(uuid_seq_uuidv7_shift);
PG_FUNCTION_INFO_V1(uuid_seq_extract_timestamp);
PG_FUNCTION_INFO_V1(uuid_seq_extract_version);

/* Encode a v7 word with this server's node bits and fresh random bits. */
static pg_uuid_t *
v7_from_word(uint64 word)
{
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	uuidv7_encode(word, random_u64(), uuid_seq_node_bits, uuid_seq_node_id,
				  uuid->data);
	return uuid;
}

/* The next value of the v7 frontier as a uuid. */
static pg_uuid_t *
v7_next(void)
{
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	generator_next(GENERATOR_V7, uuid->data);
	return uuid;
}

/* The v7 word of an explicit time, or 22008. */
static uint64
v7_word_at(TimestampTz ts)
{
	uint64		word;

	if (!uuidv7_word_from_unix_us(timestamptz_unix_us_or_error(ts, &uuidv7_family), &word))
		report_time_out_of_range(&uuidv7_family);
	return word;
}

/* uuid_timestamptz_to_v7 and uuid_timestamp_to_v7: the same microseconds */
static pg_uuid_t *
v7_at(TimestampTz ts, bool zero)
{
	uint64		word = v7_word_at(ts);
	pg_uuid_t  *uuid;

	if (!zero)
		return v7_from_word(word);
	uuid = palloc(sizeof(pg_uuid_t));
	uuidv7_encode_floor(word >> UUIDV7_SUBMS_BITS, uuid->data);
	return uuid;
}

static bool
is_v7(const pg_uuid_t *uuid)
{
	return uuid_rfc_version(uuid->data) == 7;
}

Datum
uuid_generate_v7(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(v7_next());
}

Datum
uuid_seq_uuidv7(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(v7_next());
}

/*
 * uuidv7(shift interval): the frontier advances with the unshifted clock,
 * like uuidv7(); the shift is added to the output only (so no caller can
 * push the frontier into the future), using timestamptz + interval as core
 * 18 does.
 */
Datum
uuid_seq_uuidv7_shift(PG_FUNCTION_ARGS)
{
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	FrontierTake take;
	TimestampTz base;
	TimestampTz shifted;
	uint64		word;
	pg_uuid_t  *uuid;

	/* a shift longer than the whole v7 range can only leave it */
	if (fabs(interval_approx_us(shift)) > (double) UNIX_MS48_MAX * 1000)
		report_time_out_of_range(&uuidv7_family);
	generator_take(GENERATOR_V7, &take);
	base = unix_us_to_timestamptz(uuidv7_word_to_unix_us(take.word));
	shifted = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
													  TimestampTzGetDatum(base),
													  IntervalPGetDatum(shift)));
	if (TIMESTAMP_NOT_FINITE(shifted) ||
		!uuidv7_shift_word(take.word, shifted - base, &word))
		report_time_out_of_range(&uuidv7_family);
	uuid = v7_from_word(word);
	generator_record(GENERATOR_V7, &take, uuid->data);
	PG_RETURN_UUID_P(uuid);
}

Datum
uuid_generate_v7_at(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(v7_at(PG_GETARG_TIMESTAMPTZ(0), false));
}

Datum
uuid_timestamptz_to_v7(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(v7_at(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1)));
}

/* timestamp without time zone is read as UTC */
Datum
uuid_timestamp_to_v7(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(v7_at((TimestampTz) PG_GETARG_TIMESTAMP(0), PG_GETARG_BOOL(1)));
}

Datum
uuid_v7_to_timestamptz(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);

	if (!is_v7(uuid))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}

Datum
uuid_v7_to_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);

	if (!is_v7(uuid))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMP((Timestamp) unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}

/* Creation time of a v1, v6 or v7 uuid; with_v6 = false is core 18's set. */
static Datum
creation_time(FunctionCallInfo fcinfo, bool with_v6)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);

	switch (uuid_rfc_version(uuid->data))
	{
		case 1:
			PG_RETURN_TIMESTAMPTZ(unix_us_to_timestamptz(uuidv1_unix_us(uuid->data)));
		case 6:
			if (!with_v6)
				break;
			PG_RETURN_TIMESTAMPTZ(unix_us_to_timestamptz(uuidv6_unix_us(uuid->data)));
		case 7:
			PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
	}
	PG_RETURN_NULL();
}

Datum
uuid_timestamp(PG_FUNCTION_ARGS)
{
	return creation_time(fcinfo, true);
}

Datum
uuid_seq_extract_timestamp(PG_FUNCTION_ARGS)
{
	return creation_time(fcinfo, false);
}

static Datum
version_of(FunctionCallInfo fcinfo)
{
	int			version = uuid_rfc_version(PG_GETARG_UUID_P(0)->data);

	if (version < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT16((int16) version);
}

Datum
uuid_version(PG_FUNCTION_ARGS)
{
	return version_of(fcinfo);
}

Datum
uuid_seq_extract_version(PG_FUNCTION_ARGS)
{
	return version_of(fcinfo);
}

Datum
uuid_node_id(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	unsigned	bits = node_bits_arg(PG_GETARG_INT32(1));

	PG_RETURN_INT32((int32) uuidv7_node_id(uuid->data, bits));
}

Datum
uuid_seq_uuidv4(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	random_bytes(uuid->data, UUID_LEN);
	uuid_set_version(uuid->data, 4);
	PG_RETURN_UUID_P(uuid);
}
