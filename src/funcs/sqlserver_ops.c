/*
 * sqlserver_ops.c
 *		SQL Server's uniqueidentifier order for uuid and sqlguid (src/README §5):
 *		uuid_sqlserver_cmp(), the functions of the #<# #<=# #>=# #>#
 *		operators (and of sqlguid's <, <=, >=, >), the transition functions
 *		of min(sqlguid) and max(sqlguid), and the sortsupport of the btree
 *		operator classes, with abbreviated keys.
 *
 * The order itself is core/sqlserver_order.c.  uuid and sqlguid share
 * their representation (16 bytes, pass by reference), so each function
 * serves every pairing of the two types.
 *
 * Abbreviation follows core's uuid sortsupport (utils/adt/uuid.c): the key
 * is the first bytes of the order packed into a Datum and compared
 * unsigned; a HyperLogLog estimate of the keys' cardinality aborts it when
 * the keys turn out to tell too few values apart.
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "fmgr.h"
#include "lib/hyperloglog.h"
#include "utils/sortsupport.h"
#include "utils/uuid.h"

#include "core/sqlserver_order.h"
#include "runtime/compat.h"

PG_FUNCTION_INFO_V1(uuid_sqlserver_cmp);
PG_FUNCTION_INFO_V1(uuid_sqlserver_lt);
PG_FUNCTION_INFO_V1(uuid_sqlserver_le);
PG_FUNCTION_INFO_V1(uuid_sqlserver_ge);
PG_FUNCTION_INFO_V1(uuid_sqlserver_gt);
PG_FUNCTION_INFO_V1(uuid_sqlserver_sortsupport);
PG_FUNCTION_INFO_V1(uuid_sqlserver_smaller);
PG_FUNCTION_INFO_V1(uuid_sqlserver_larger);

/* Abbreviation state, in the sort's ssup_cxt. */
typedef struct SqlserverSortState
{
	int64		input_count;	/* keys converted */
	bool		estimating;		/* still counting distinct keys */
	hyperLogLogState abbr_card; /* distinct abbreviated keys */
} SqlserverSortState;

static int
sqlserver_args_cmp(FunctionCallInfo fcinfo)
{
	return sqlserver_cmp(PG_GETARG_UUID_P(0)->data, PG_GETARG_UUID_P(1)->data);
}

Datum
uuid_sqlserver_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(sqlserver_args_cmp(fcinfo));
}

Datum
uuid_sqlserver_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(sqlserver_args_cmp(fcinfo) < 0);
}

Datum
uuid_sqlserver_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(sqlserver_args_cmp(fcinfo) <= 0);
}

Datum
uuid_sqlserver_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(sqlserver_args_cmp(fcinfo) >= 0);
}

Datum
uuid_sqlserver_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(sqlserver_args_cmp(fcinfo) > 0);
}

/* The transition functions of min(sqlguid) and max(sqlguid). */
Datum
uuid_sqlserver_smaller(PG_FUNCTION_ARGS)
{
	return sqlserver_args_cmp(fcinfo) <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1);
}

Datum
uuid_sqlserver_larger(PG_FUNCTION_ARGS)
{
	return sqlserver_args_cmp(fcinfo) >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1);
}

/* The full comparison, for sorts and for ties of abbreviated keys. */
static int
sqlserver_fastcmp(Datum x, Datum y, SortSupport ssup)
{
	return sqlserver_cmp(DatumGetUUIDP(x)->data, DatumGetUUIDP(y)->data);
}

static Datum
sqlserver_abbrev_convert(Datum original, SortSupport ssup)
{
	SqlserverSortState *state = ssup->ssup_extra;
	uint64		key = sqlserver_abbrev_key(DatumGetUUIDP(original)->data,
										   sizeof(Datum));

	state->input_count++;
	if (state->estimating)
		addHyperLogLog(&state->abbr_card,
					   DatumGetUInt32(hash_uint32((uint32) key ^ (uint32) (key >> 32))));
	return (Datum) key;
}

/*
 * Core's rule: from 10,000 rows on, give up when fewer than one key in
 * about 2,000 is distinct; once more than 100,000 distinct keys are seen,
 * stop estimating for good.
 */
static bool
sqlserver_abbrev_abort(int memtupcount, SortSupport ssup)
{
	SqlserverSortState *state = ssup->ssup_extra;
	double		distinct;

	if (memtupcount < 10000 || state->input_count < 10000 || !state->estimating)
		return false;
	distinct = estimateHyperLogLog(&state->abbr_card);
	if (distinct > 100000.0)
	{
		state->estimating = false;
		return false;
	}
	return distinct < state->input_count / 2000.0 + 0.5;
}

Datum
uuid_sqlserver_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = sqlserver_fastcmp;
	ssup->ssup_extra = NULL;
	if (ssup->abbreviate)
	{
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);
		SqlserverSortState *state = palloc(sizeof(SqlserverSortState));

		state->input_count = 0;
		state->estimating = true;
		initHyperLogLog(&state->abbr_card, 10);
		ssup->ssup_extra = state;
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = sqlserver_abbrev_convert;
		ssup->abbrev_abort = sqlserver_abbrev_abort;
		ssup->abbrev_full_comparator = sqlserver_fastcmp;
		MemoryContextSwitchTo(oldcontext);
	}
	PG_RETURN_VOID();
}
