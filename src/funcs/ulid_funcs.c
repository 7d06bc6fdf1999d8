/*
 * ulid_funcs.c
 *		SQL functions for ULIDs (src/README §4): generation from the ULID frontier,
 *		per-transaction generation, the Crockford base32 text form, the time
 *		and the node id.
 *
 * ulid_generate_xact() keeps, per backend, the state of the current
 * top-level transaction: the frontier step its first call took and the low
 * field of its last value.  Later calls add 1 to the low field, so they keep
 * the first call's timestamp and stay below every value taken from the
 * frontier after that first call; the transaction reserves one frontier
 * step, never a whole millisecond.  A transaction callback forgets the state
 * at top-level commit, abort and prepare.  Nothing happens on ROLLBACK TO: the
 * values of the rolled-back subtransaction may already be out (returned to
 * the client, sent elsewhere), so they are never handed out again.
 */
#include "postgres.h"

#include "access/parallel.h"
#include "access/xact.h"
#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/rfc9562.h"
#include "core/ulid.h"
#include "funcs/ulid_funcs.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/quote.h"
#include "runtime/random.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(ulid_generate);
PG_FUNCTION_INFO_V1(ulid_generate_xact);
PG_FUNCTION_INFO_V1(uuid_to_ulid);
PG_FUNCTION_INFO_V1(ulid_to_uuid);
PG_FUNCTION_INFO_V1(ulid_timestamp);
PG_FUNCTION_INFO_V1(ulid_node_id);
PG_FUNCTION_INFO_V1(ulid_lower_bound);
PG_FUNCTION_INFO_V1(ulid_text_to_timestamptz);

/* ulid_generate_xact()'s state for the current top-level transaction */
typedef struct UlidXactState
{
	bool		active;			/* the transaction has taken its step */
	FrontierTake take;			/* that step */
	uint64		low;			/* the low field of the last value */
} UlidXactState;

static UlidXactState ulid_xact = {false};

static void
ulid_xact_callback(XactEvent event, void *arg)
{
	switch (event)
	{
		case XACT_EVENT_COMMIT:
		case XACT_EVENT_PARALLEL_COMMIT:
		case XACT_EVENT_ABORT:
		case XACT_EVENT_PARALLEL_ABORT:
		case XACT_EVENT_PREPARE:
			ulid_xact.active = false;
			break;
		default:
			break;
	}
}

void
uuid_seq_ulid_xact_init(void)
{
	RegisterXactCallback(ulid_xact_callback, NULL);
}

Datum
ulid_generate(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_ULID));
}

Datum
ulid_generate_xact(PG_FUNCTION_ARGS)
{
	FrontierValue value;

	/* PARALLEL RESTRICTED: a worker has no share of the leader's state */
	if (IsParallelWorker())
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TRANSACTION_STATE),
				 errmsg("ulid_generate_xact() cannot run in a parallel worker")));
	if (!ulid_xact.active)
	{
		family_take(FAMILY_ULID, &ulid_xact.take);
		ulid_xact.low = ulid_xact_low_start(random_u64(), uuid_seq_node_bits);
		ulid_xact.active = true;
	}
	else
	{
		if (!ulid_xact_low_next(&ulid_xact.low, uuid_seq_node_bits))
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("ULID values for this transaction are used up"),
					 errhint("Generate the rest in a new transaction.")));
		/* the step's retries and overflow are counted with the first value */
		ulid_xact.take.retries = 0;
		ulid_xact.take.overflowed = false;
	}
	ulid_encode(ulid_xact.take.word, ulid_xact.low, uuid_seq_node_bits,
				uuid_seq_node_id, value.uuid);
	family_record(FAMILY_ULID, &ulid_xact.take, &value);
	PG_RETURN_UUID_P(family_value_uuid(&value));
}

Datum
uuid_to_ulid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	text	   *result = palloc(VARHDRSZ + ULID_TEXT_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_TEXT_LEN);
	ulid_to_text(uuid->data, VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

/*
 * Parse `len` bytes of ULID text into out, or raise 22P02 saying what is
 * wrong and where: the ulid type's input and ulid_to_uuid(text).  The
 * message quotes the input, cut at 64 characters (quote.c).
 */
void
ulid_parse_or_error(const char *input, int len, uint8 out[UUID_LEN])
{
	switch (ulid_from_text(input, (size_t) len, out))
	{
		case ULID_TEXT_OK:
			break;
		case ULID_TEXT_BAD_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ulid: \"%s\"",
							quote_bytes(input, len)),
					 errdetail("A ULID is 26 characters long.")));
			break;
		case ULID_TEXT_BAD_CHAR:
			/* the position in characters, as the user counts them */
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ulid: \"%s\"",
							quote_bytes(input, len)),
					 errdetail("Character %d is not a digit of Crockford's base32, 0-9 and A-Z except I, L, O and U.",
							   pg_mbstrlen_with_len(input, (int) ulid_text_first_bad(input, (size_t) len)) + 1)));
			break;
		case ULID_TEXT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type ulid: \"%s\"",
							quote_bytes(input, len)),
					 errdetail("Character 1 is above 7: the value does not fit in 128 bits.")));
			break;
	}
}

Datum
ulid_to_uuid(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	ulid_parse_or_error(VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input), uuid->data);
	PG_RETURN_UUID_P(uuid);
}

/* The first 48 bits as Unix ms; every ULID time fits a timestamptz. */
Datum
ulid_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);

	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}

Datum
ulid_node_id(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	unsigned	bits = node_bits_arg(PG_GETARG_INT32(1));

	PG_RETURN_INT32((int32) ulid_extract_node_id(uuid->data, bits));
}

/* Partitions by creation time, as for UUIDv7 (v7_funcs.c). */
Datum
ulid_lower_bound(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at(PG_GETARG_TIMESTAMPTZ(0), &ulid_family,
										 ulid_bound_at_unix_us));
}

/* As ulid_timestamp(); 26 characters are read as a ULID's own text. */
Datum
ulid_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid;

	if (VARSIZE_ANY_EXHDR(PG_GETARG_TEXT_PP(0)) == ULID_TEXT_LEN)
		uuid = DatumGetUUIDP(DirectFunctionCall1(ulid_to_uuid, PG_GETARG_DATUM(0)));
	else
		uuid = uuid_text_arg(PG_GETARG_TEXT_PP(0));
	PG_RETURN_TIMESTAMPTZ(unix_ms_to_timestamptz(uuid_unix_ms(uuid->data)));
}
