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

#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "parser/parse_func.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/rfc9562.h"
#include "core/uuidv6.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/quote.h"
#include "runtime/random.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_generate_v7);
PG_FUNCTION_INFO_V1(uuid_generate_v7_at);
PG_FUNCTION_INFO_V1(uuid_timestamptz_to_v7);
PG_FUNCTION_INFO_V1(uuid_timestamp_to_v7);
PG_FUNCTION_INFO_V1(uuid_seq_v7_bound_support);
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
PG_FUNCTION_INFO_V1(uuid_v7_lower_bound);
PG_FUNCTION_INFO_V1(uuid_v7_text_to_timestamptz);

/*
 * Encode a v7 word with this server's node bits and fresh random bits (and
 * under uuid_seq.v7_rand_a = random, a random rand_a).
 */
static void
v7_from_word(uint64 word, FrontierValue *value)
{
	uuidv7_encode(family_value_word(FAMILY_V7, word), random_u64(),
				  uuid_seq_node_bits, uuid_seq_node_id, value->uuid);
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
	FrontierValue value;
	pg_uuid_t  *uuid;

	if (!zero)
	{
		v7_from_word(word, &value);
		return family_value_uuid(&value);
	}
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
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_V7));
}

Datum
uuid_seq_uuidv7(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_V7));
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
	FrontierValue value;

	/* a shift longer than the whole v7 range can only leave it */
	if (!uuidv7_shift_in_range(shift))
		report_time_out_of_range(&uuidv7_family);
	family_take(FAMILY_V7, &take);
	base = unix_us_to_timestamptz(uuidv7_word_to_unix_us(take.word));
	shifted = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
													  TimestampTzGetDatum(base),
													  IntervalPGetDatum(shift)));
	if (TIMESTAMP_NOT_FINITE(shifted) ||
		!uuidv7_shift_word(take.word, shifted - base, &word))
		report_time_out_of_range(&uuidv7_family);
	v7_from_word(word, &value);
	family_record(FAMILY_V7, &take, &value);
	PG_RETURN_UUID_P(family_value_uuid(&value));
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

/*
 * Planner support of uuid_timestamptz_to_v7(ts, zero) and
 * uuid_timestamp_to_v7(ts, zero), which are VOLATILE (random bits unless
 * zero).  A call whose zero is the constant true is the millisecond's lower
 * bound, uuid_v7_lower_bound(ts), which is immutable: simplified into it, so
 * that `id >= uuid_timestamptz_to_v7(t, true)`, pg_uuidv7's way to write a
 * range scan, stays an index bound.  A timestamp argument is read as UTC, as
 * timezone('UTC', ts) reads it.  Either function is looked up in the schema
 * of the call's own function (the extension is relocatable).
 *
 * Both lookups name their schema: a name resolved through search_path here
 * would reach whatever a role that can create in a schema on the planning
 * session's path had planted there (a superuser's query then running it).
 * These are the only names the C code looks up (SECURITY.md); keep any new
 * lookup qualified the same way.
 */
Datum
uuid_seq_v7_bound_support(PG_FUNCTION_ARGS)
{
	Node	   *request = (Node *) PG_GETARG_POINTER(0);
	FuncExpr   *call;
	Node	   *ts;
	Const	   *zero;
	char	   *schema;
	Oid			bound;

	if (!IsA(request, SupportRequestSimplify))
		PG_RETURN_POINTER(NULL);
	call = ((SupportRequestSimplify *) request)->fcall;
	if (list_length(call->args) != 2 || !IsA(lsecond(call->args), Const))
		PG_RETURN_POINTER(NULL);
	zero = lsecond_node(Const, call->args);
	if (zero->constisnull || !DatumGetBool(zero->constvalue))
		PG_RETURN_POINTER(NULL);

	ts = linitial(call->args);
	if (exprType(ts) == TIMESTAMPOID)
	{
		Oid			args[2] = {TEXTOID, TIMESTAMPOID};
		Oid			timezone = LookupFuncName(list_make2(makeString("pg_catalog"),
														 makeString("timezone")),
											  2, args, false);

		ts = (Node *) makeFuncExpr(timezone, TIMESTAMPTZOID,
								   list_make2(makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
														CStringGetTextDatum("UTC"),
														false, false),
											  ts),
								   InvalidOid, DEFAULT_COLLATION_OID,
								   COERCE_EXPLICIT_CALL);
	}
	else if (exprType(ts) != TIMESTAMPTZOID)
		PG_RETURN_POINTER(NULL);

	schema = get_namespace_name(get_func_namespace(call->funcid));
	if (schema == NULL)
		PG_RETURN_POINTER(NULL);
	bound = LookupFuncName(list_make2(makeString(schema), makeString("uuid_v7_lower_bound")),
						   1, (Oid[]) {TIMESTAMPTZOID}, true);
	if (!OidIsValid(bound))
		PG_RETURN_POINTER(NULL);
	PG_RETURN_POINTER(makeFuncExpr(bound, UUIDOID, list_make1(ts),
								   InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
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

	/* a UUIDv6 keeps it in its node (src/README §18), any other in rand_b */
	if (uuid_rfc_version(uuid->data) == 6)
		PG_RETURN_INT32((int32) uuidv6_node_id(uuid->data, bits));
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

/*
 * Partitions by creation time (src/README §3, "Partition bounds"): the
 * lower bound of an instant (a partition bound, pg_partman's
 * p_time_encoder) and the time of a key given as text (its
 * p_time_decoder).
 */
Datum
uuid_v7_lower_bound(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at(PG_GETARG_TIMESTAMPTZ(0), &uuidv7_family,
										 uuidv7_bound_at_unix_us));
}

/* As uuid_v7_to_timestamptz(): NULL for a uuid of another version. */
Datum
uuid_v7_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = uuid_text_arg(PG_GETARG_TEXT_PP(0));

	if (!is_v7(uuid))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}
