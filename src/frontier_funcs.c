/*
 * frontier_funcs.c
 *		uuid_seq_raise_frontier(family, past): the counterpart of
 *		setval(seq, max(id)) for a family's shared frontier, so that keys
 *		brought from elsewhere (a dump, pg_upgrade) stay below every later
 *		value (src/README §12).
 *
 * The frontier is raised to the last word of the tick `past` was taken in,
 * so every later value lies in a later tick: above `past` in the family's
 * order whatever its counter, random bits and node id (a ULID's node bits
 * lie above its counter).  At most one tick is skipped.  Durable like a
 * lease (lease.c).  EXECUTE is revoked from PUBLIC.
 */
#include "postgres.h"

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/uuid.h"

#include "compat.h"
#include "lease.h"
#include "quote.h"

PG_FUNCTION_INFO_V1(uuid_seq_raise_frontier);

/* The family named by an argument, or 22023 listing the names. */
static GeneratorId
family_arg(const text *name)
{
	StringInfoData names;

	for (int id = 0; id < GENERATOR_COUNT; id++)
		if (strlen(generator_names[id]) == VARSIZE_ANY_EXHDR(name) &&
			memcmp(generator_names[id], VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name)) == 0)
			return (GeneratorId) id;

	initStringInfo(&names);
	for (int id = 0; id < GENERATOR_COUNT; id++)
		appendStringInfo(&names, "%s%s", id == 0 ? "" : ", ", generator_names[id]);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown uuid_seq family \"%s\"", quote_text(name)),
			 errdetail("The families are %s.", names.data)));
	pg_unreachable();
}

Datum
uuid_seq_raise_frontier(PG_FUNCTION_ARGS)
{
	GeneratorId id = family_arg(PG_GETARG_TEXT_PP(0));
	pg_uuid_t  *past = PG_GETARG_UUID_P(1);
	const FrontierFamily *family = generator_families[id];
	uint64		tick;
	uint64		word;

	if (!family->value_tick(family, past->data, &tick))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("uuid \"%s\" holds no valid time for %s",
						DatumGetCString(DirectFunctionCall1(uuid_out, UUIDPGetDatum(past))),
						family->name),
				 errdetail("%s holds times from %s.", family->name, family->range)));
	word = tick << family->counter_bits | frontier_counter_mask(family);
	if (word >= family->max_word)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("no %s value can lie above uuid \"%s\"", family->name,
						DatumGetCString(DirectFunctionCall1(uuid_out, UUIDPGetDatum(past)))),
				 errdetail("It is in the last tick %s holds, which holds times from %s.",
						   family->name, family->range)));
	if (uuid_seq_shared == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontier() needs the shared frontiers"),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));
	PG_RETURN_BOOL(lease_raise_frontier(uuid_seq_shared, id, word));
}
