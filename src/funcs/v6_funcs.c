/*
 * v6_funcs.c
 *		SQL functions for UUIDv6 (src/README §19): the generator on the v6
 *		frontier, a UUIDv6 of an explicit time, the time of a UUIDv6, and
 *		its partition bounds (src/README §3).
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/uuidv6.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/quote.h"
#include "runtime/random.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_generate_v6);
PG_FUNCTION_INFO_V1(uuid_generate_v6_at);
PG_FUNCTION_INFO_V1(uuid_v6_to_timestamptz);
PG_FUNCTION_INFO_V1(uuid_v6_lower_bound);
PG_FUNCTION_INFO_V1(uuid_v6_text_to_timestamptz);

Datum
uuid_generate_v6(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_V6));
}

/*
 * The instant's 100-ns tick (microseconds: its tenth digit is 0), the rest
 * as a generated value has it, with the whole clock_seq random: no
 * frontier is touched, so there is no counter to keep.  22008 outside
 * 1582-10-15 to 5236.
 */
Datum
uuid_generate_v6_at(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	uint64		random = random_u64();
	int64		unix_us;
	uint64		word;

	if (!timestamptz_try_unix_us(ts, &unix_us) || !uuidv6_word_from_unix_us(unix_us, &word))
		report_time_out_of_range(&uuidv6_family);
	/* random's top 4 bits, which uuidv6_encode() leaves alone, as the counter */
	uuidv6_encode(word | random >> (64 - UUIDV6_COUNTER_BITS), random,
				  uuid_seq_node_bits, uuid_seq_node_id, uuid->data);
	PG_RETURN_UUID_P(uuid);
}

/* The time of a UUIDv6 (its 100-ns ticks cut to microseconds), or NULL. */
static Datum
v6_time(FunctionCallInfo fcinfo, const pg_uuid_t *uuid)
{
	if (uuid_rfc_version(uuid->data) != 6)
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_us_to_timestamptz(uuidv6_unix_us(uuid->data)));
}

Datum
uuid_v6_to_timestamptz(PG_FUNCTION_ARGS)
{
	return v6_time(fcinfo, PG_GETARG_UUID_P(0));
}

Datum
uuid_v6_lower_bound(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at(PG_GETARG_TIMESTAMPTZ(0), &uuidv6_family,
										 uuidv6_bound_at_unix_us));
}

/* As uuid_v6_to_timestamptz(): NULL for a uuid of another version. */
Datum
uuid_v6_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	return v6_time(fcinfo, uuid_text_arg(PG_GETARG_TEXT_PP(0)));
}
