/*
 * id64_funcs.c
 *		SQL functions for the 8-byte ids (src/README §16): TSID and Snowflake
 *		generation from their frontiers, their times, lower bounds, node and
 *		counter fields, TSID's text form, and pg_partman's decoders.
 *
 * A Snowflake epoch is a finite timestamptz in whole milliseconds (22008,
 * 22023 otherwise); the frontier counts Unix milliseconds, so ids of every
 * epoch come from one frontier.  Snowflake's node field is 10 bits wide and
 * holds uuid_seq.node_id, which must then be below 1024: a node id that fits
 * uuid_seq.node_bits but not the field is refused at the call (22023), not
 * at start, so the uuid families keep every node id they allow.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "core/id64.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/quote.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(tsid_generate);
PG_FUNCTION_INFO_V1(snowflake_generate);
PG_FUNCTION_INFO_V1(tsid_to_timestamptz);
PG_FUNCTION_INFO_V1(snowflake_to_timestamptz);
PG_FUNCTION_INFO_V1(tsid_to_text);
PG_FUNCTION_INFO_V1(tsid_from_text);
PG_FUNCTION_INFO_V1(tsid_lower_bound);
PG_FUNCTION_INFO_V1(snowflake_lower_bound);
PG_FUNCTION_INFO_V1(tsid_text_to_timestamptz);
PG_FUNCTION_INFO_V1(snowflake_text_to_timestamptz);
PG_FUNCTION_INFO_V1(tsid_node_id);
PG_FUNCTION_INFO_V1(tsid_counter);
PG_FUNCTION_INFO_V1(snowflake_node_id);
PG_FUNCTION_INFO_V1(snowflake_counter);

/* A Unix-ms time as a timestamptz: false past the type's end. */
static bool
unix_ms_timestamptz(int64 unix_ms, TimestampTz *ts)
{
	return unix_ms <= PG_INT64_MAX / 1000 && unix_ms >= PG_INT64_MIN / 1000 &&
		!pg_sub_s64_overflow(unix_ms * 1000, UNIX_TO_PG_EPOCH_US, ts) &&
		IS_VALID_TIMESTAMP(*ts);
}

/* The time of a TSID, or 22008 past the type's end. */
static TimestampTz
tsid_time(int64 id)
{
	TimestampTz ts;

	if (!unix_ms_timestamptz(tsid_unix_ms(id), &ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("the time of TSID " INT64_FORMAT " is out of range for type timestamp with time zone", id)));
	return ts;
}

/* ---- generation ------------------------------------------------------- */

Datum
tsid_generate(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(family_next_id(FAMILY_TSID));
}

/* 22008: the clock lies outside the range of an epoch's Snowflake ids. */
pg_noreturn static void
clock_out_of_range(TimestampTz epoch)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("the clock is outside the range of Snowflake ids of epoch %s",
					timestamptz_to_str(epoch)),
			 errdetail("Snowflake ids hold 2^41 milliseconds (69 years) from their epoch."),
			 errhint("Check the system clock, uuid_seq.clock_shift and the epoch.")));
}

Datum
snowflake_generate(PG_FUNCTION_ARGS)
{
	int64		epoch_ms = snowflake_epoch_arg(PG_GETARG_TIMESTAMPTZ(0));
	FrontierTake take;
	int64		now_ms;
	FrontierValue value;

	if (uuid_seq_node_id > SNOWFLAKE_NODE_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_seq.node_id %d does not fit in a Snowflake's %d-bit node field",
						uuid_seq_node_id, SNOWFLAKE_NODE_BITS),
				 errhint("Give this server a node id below %d to generate Snowflake ids.",
						 SNOWFLAKE_NODE_MAX + 1)));

	/*
	 * A clock past the epoch's range gives no id: refuse it before taking a
	 * step, or the frontier, which every epoch shares, would move out there
	 * (and stay, leased) for an id never handed out.  A clock before the
	 * epoch takes its step as usual: the frontier stays at the clock.
	 */
	now_ms = family_clock_ns() / 1000000;
	if (now_ms - epoch_ms > ID64_TIME_MAX)
		clock_out_of_range(PG_GETARG_TIMESTAMPTZ(0));
	family_take(FAMILY_SNOWFLAKE, &take);
	if (!snowflake_compose(take.word, epoch_ms, (uint32) uuid_seq_node_id, &value.id))
		clock_out_of_range(PG_GETARG_TIMESTAMPTZ(0));
	family_record(FAMILY_SNOWFLAKE, &take, &value);
	PG_RETURN_INT64(value.id);
}

/* ---- times and bounds ------------------------------------------------- */

Datum
tsid_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(tsid_time(PG_GETARG_INT64(0)));
}

/* The time of a Snowflake id, or 22008 for a negative one. */
static TimestampTz
snowflake_time(int64 id, int64 epoch_ms)
{
	int64		unix_ms;
	TimestampTz ts;

	if (!snowflake_unix_ms(id, epoch_ms, &unix_ms))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("Snowflake id " INT64_FORMAT " holds no time", id),
				 errdetail("A Snowflake id is positive: its time lies in bits 22 to 62.")));
	if (!unix_ms_timestamptz(unix_ms, &ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("the time of Snowflake id " INT64_FORMAT " is out of range for type timestamp with time zone", id)));
	return ts;
}

Datum
snowflake_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(snowflake_time(PG_GETARG_INT64(0),
										 snowflake_epoch_arg(PG_GETARG_TIMESTAMPTZ(1))));
}

/* The lower bound of ts for an epoch; false outside the epoch's range. */
static bool
lower_bound(TimestampTz ts, int64 epoch_ms, int64 *id)
{
	int64		unix_us;

	return timestamptz_try_unix_us(ts, &unix_us) &&
		id64_lower_bound(unix_us, epoch_ms, id);
}

Datum
tsid_lower_bound(PG_FUNCTION_ARGS)
{
	int64		id;

	if (!lower_bound(PG_GETARG_TIMESTAMPTZ(0), TSID_EPOCH_MS, &id))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for TSID, which holds times from %s",
						TSID_RANGE)));
	PG_RETURN_INT64(id);
}

Datum
snowflake_lower_bound(PG_FUNCTION_ARGS)
{
	TimestampTz epoch = PG_GETARG_TIMESTAMPTZ(1);
	int64		id;

	if (!lower_bound(PG_GETARG_TIMESTAMPTZ(0), snowflake_epoch_arg(epoch), &id))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for Snowflake ids of epoch %s, which hold 2^41 milliseconds (69 years) from it",
						timestamptz_to_str(epoch))));
	PG_RETURN_INT64(id);
}

/* ---- text ------------------------------------------------------------- */

Datum
tsid_to_text(PG_FUNCTION_ARGS)
{
	text	   *result = palloc(VARHDRSZ + TSID_TEXT_LEN);

	SET_VARSIZE(result, VARHDRSZ + TSID_TEXT_LEN);
	tsid_format(PG_GETARG_INT64(0), VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

/* A TSID's 13 characters, or 22P02 quoting the text. */
static int64
tsid_text_or_error(const char *chars, int len)
{
	int64		id = 0;

	switch (tsid_parse(chars, len, &id))
	{
		case TSID_TEXT_OK:
			return id;
		case TSID_TEXT_BAD_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type tsid: \"%s\"", quote_bytes(chars, len)),
					 errdetail("A TSID is 13 characters long.")));
			break;
		case TSID_TEXT_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type tsid: \"%s\"", quote_bytes(chars, len)),
					 errdetail("A TSID is written with 0-9 and A-Z except I, L, O and U (Crockford's base32).")));
			break;
		case TSID_TEXT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type tsid: \"%s\"", quote_bytes(chars, len)),
					 errdetail("A TSID's first character is at most F: larger values do not fit in 64 bits.")));
			break;
	}
	pg_unreachable();
}

Datum
tsid_from_text(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);

	PG_RETURN_INT64(tsid_text_or_error(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input)));
}

/*
 * A key as pg_partman hands it to a decoder: key::text (decimal), or the
 * text of a partition bound.  A TSID may also be its 13 characters, and 13
 * characters are always read so: as decimal they would be below 10^13, the
 * ids of the first 2.4 seconds of 2020, while 1 TSID text in 1.15 million is
 * all digits.
 */
static int64
key_text_to_id(text *key, bool tsid_chars)
{
	char	   *chars = text_to_cstring(key);

	if (tsid_chars && strlen(chars) == TSID_TEXT_LEN)
		return tsid_text_or_error(chars, TSID_TEXT_LEN);
	return DatumGetInt64(DirectFunctionCall1(int8in, CStringGetDatum(chars)));
}

Datum
tsid_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	int64		id = key_text_to_id(PG_GETARG_TEXT_PP(0), true);

	PG_RETURN_TIMESTAMPTZ(tsid_time(id));
}

Datum
snowflake_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	int64		id = key_text_to_id(PG_GETARG_TEXT_PP(0), false);

	PG_RETURN_TIMESTAMPTZ(snowflake_time(id, SNOWFLAKE_TWITTER_EPOCH_MS));
}

/* ---- fields ----------------------------------------------------------- */

Datum
tsid_node_id(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) tsid_extract_node_id(PG_GETARG_INT64(0),
										 node_bits_arg(PG_GETARG_INT32(1))));
}

Datum
tsid_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) tsid_extract_counter(PG_GETARG_INT64(0),
										 node_bits_arg(PG_GETARG_INT32(1))));
}

Datum
snowflake_node_id(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) snowflake_extract_node_id(PG_GETARG_INT64(0)));
}

Datum
snowflake_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) snowflake_extract_counter(PG_GETARG_INT64(0)));
}
