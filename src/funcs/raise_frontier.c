/*
 * raise_frontier.c
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
 *
 * The horizon.  A key whose tick lies after the clock + horizon is refused
 * (22023): the horizon is RAISE_HORIZON_DEFAULT_US (5 minutes, as
 * uuid_seq_raise_frontiers()'s) unless the call gives one, so that the
 * hint of a WARNING followed by hand, or a random uuid in a ULID or COMB
 * column, cannot carry a family far ahead (to its end) without its asking.
 */
#include "postgres.h"

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/id64.h"
#include "core/raise_plan.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/lease.h"
#include "runtime/quote.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_seq_raise_frontier);
PG_FUNCTION_INFO_V1(uuid_seq_raise_frontier_id);
PG_FUNCTION_INFO_V1(uuid_seq_raise_frontier_bytes);

/* The family named by an argument, or 22023 listing the names. */
static FamilyId
family_arg(const text *name)
{
	FamilyId	id = family_by_name(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name));
	StringInfoData names;

	if (id != FAMILY_COUNT)
		return id;
	initStringInfo(&names);
	for (int i = 0; i < FAMILY_COUNT; i++)
		appendStringInfo(&names, "%s\"%s\"", i == 0 ? "" : ", ", family_names[i]);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown uuid_seq family \"%s\"", quote_text(name)),
			 errdetail("The families are %s.", names.data)));
	pg_unreachable();
}

/*
 * The family named by an argument, which must hold values `width` bytes
 * wide, those of the key's type (typname): 22023 otherwise.
 */
static FamilyId
family_of_width(const text *name, unsigned width, const char *typname)
{
	FamilyId	id = family_arg(name);
	unsigned	holds = family_table[id]->value_bytes;

	if (holds == width)
		return id;
	if (holds == FRONTIER_VALUE_UUID)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_seq family \"%s\" holds uuid values, not %s",
						family_names[id], typname),
				 errhint("Pass the family's largest key as a uuid.")));
	if (holds == FRONTIER_VALUE_BIGINT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_seq family \"%s\" holds bigint values, not %s",
						family_names[id], typname),
				 errhint("Pass the family's largest key as a bigint.")));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("uuid_seq family \"%s\" holds values of %u bytes, not %s",
					family_names[id], holds, typname),
			 errhint("Pass the family's largest key as a value of its own type.")));
	pg_unreachable();
}

/*
 * The horizon instant (Unix ns) of argument `arg` (an interval), or the
 * default one where the call gives none: 22023 for a negative one.
 */
static int64
horizon_arg(FunctionCallInfo fcinfo, int arg)
{
	int64		clock_ns = family_clock_ns();
	Interval   *horizon;
	int64		at_ns;

	if (PG_NARGS() <= arg)
	{
		(void) raise_horizon_at_ns(clock_ns, 0, 0, RAISE_HORIZON_DEFAULT_US, &at_ns);
		return at_ns;
	}
	horizon = PG_GETARG_INTERVAL_P(arg);
	if (!raise_horizon_at_ns(clock_ns, horizon->month, horizon->day, horizon->time, &at_ns))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("horizon must not be negative")));
	return at_ns;
}

/*
 * The primary message of a key past the horizon: a uuid or a key of a type
 * of its own (shown), or an id.
 */
static int
past_horizon_msg(const char *shown, int64 id, FamilyId family)
{
	if (shown != NULL && family_table[family]->value_bytes != FRONTIER_VALUE_UUID)
		return errmsg("key \"%s\" lies past the horizon of family \"%s\"", shown,
					  family_names[family]);
	if (shown != NULL)
		return errmsg("uuid \"%s\" lies past the horizon of family \"%s\"", shown,
					  family_names[family]);
	return errmsg("id " INT64_FORMAT " lies past the horizon of family \"%s\"", id,
				  family_names[family]);
}

/*
 * Its detail: the key's time (ns, Unix; INT64_MAX past 2262) and how far
 * the horizon lies, the default one or the one given.
 */
static int
past_horizon_detail(int64 ns, bool given)
{
	char		default_horizon[RAISE_INTERVAL_TEXT_MAX];

	raise_interval_text(0, 0, RAISE_HORIZON_DEFAULT_US, default_horizon,
						sizeof(default_horizon));
	if (ns == PG_INT64_MAX && given)
		return errdetail("Its time lies after 2262, further ahead of the server's clock than the horizon given.");
	if (ns == PG_INT64_MAX)
		return errdetail("Its time lies after 2262, more than %s ahead of the server's clock: a key of another kind (a random uuid in a ULID or COMB column) reads as one of a random time, and a raise to it would carry the family there for good.",
						 default_horizon);
	if (given)
		return errdetail("Its time, %s, lies further ahead of the server's clock than the horizon given.",
						 timestamptz_to_str(unix_us_to_timestamptz(ns / 1000)));
	return errdetail("Its time, %s, lies more than %s ahead of the server's clock: a key of another kind (a random uuid in a ULID or COMB column) reads as one of a random time, and a raise to it would carry the family there for good.",
					 timestamptz_to_str(unix_us_to_timestamptz(ns / 1000)), default_horizon);
}

/*
 * Raise family id's frontier to word, the last of the tick a key was taken
 * in (raise_cover_word()), if it lies within the horizon at_ns (the call's
 * argument `horizon`, where it has one): 22023 otherwise, naming the key (a
 * uuid's text, shown, or the id); 55000 without preload.  (A key of the
 * family's last tick was refused before: 22008.)
 */
static bool
raise_to_word(FamilyId id, uint64 word, int64 at_ns, FunctionCallInfo fcinfo, int horizon,
			  const char *shown, int64 past_id)
{
	const FrontierFamily *family = family_table[id];
	bool		given = PG_NARGS() > horizon;

	if (!raise_word_within_horizon(family, word, at_ns))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 past_horizon_msg(shown, past_id, id),
				 past_horizon_detail(family->word_to_ns(family, word >> family->counter_bits
														<< family->counter_bits), given),
				 given ? 0 :
				 errhint("If it is a real key, pass a horizon that reaches it: uuid_seq_raise_frontier(family, key, horizon => interval).")));
	if (lease_shared() == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontier() needs the shared frontiers"),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));
	return lease_raise_frontier(uuid_seq_shared, id, word, NULL);
}

Datum
uuid_seq_raise_frontier(PG_FUNCTION_ARGS)
{
	FamilyId	id = family_of_width(PG_GETARG_TEXT_PP(0), FRONTIER_VALUE_UUID, "uuid");
	pg_uuid_t  *past = PG_GETARG_UUID_P(1);
	const FrontierFamily *family = family_table[id];
	char	   *shown = DatumGetCString(DirectFunctionCall1(uuid_out, UUIDPGetDatum(past)));
	FrontierValue value;
	uint64		tick;
	uint64		word;
	int64		at_ns = horizon_arg(fcinfo, 2);

	memcpy(value.uuid, past->data, UUID_LEN);
	if (!family->value_tick(family, &value, &tick))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("uuid \"%s\" holds no valid time for %s", shown, family->name),
				 errdetail("The %s family holds times from %s.", family->name, family->range)));
	if (!raise_cover_word(family, tick, &word))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("no %s value can lie above uuid \"%s\"", family->name, shown),
				 errdetail("It is in the last tick %s holds, which holds times from %s.",
						   family->name, family->range)));
	PG_RETURN_BOOL(raise_to_word(id, word, at_ns, fcinfo, 2, shown, 0));
}

/*
 * The bigint form, for TSID and Snowflake; a Snowflake id's time counts
 * from its epoch (the third argument, Twitter's when absent); a TSID's from
 * 2020, which the third argument, where given, must be (the fourth form's
 * horizon comes after it).
 */
Datum
uuid_seq_raise_frontier_id(PG_FUNCTION_ARGS)
{
	FamilyId	id = family_of_width(PG_GETARG_TEXT_PP(0), FRONTIER_VALUE_BIGINT, "bigint");
	const FrontierFamily *family = family_table[id];
	int64		past = PG_GETARG_INT64(1);
	int64		at_ns = horizon_arg(fcinfo, 3);
	bool		valid;
	uint64		tick;
	uint64		word;

	if (PG_NARGS() > 2 && id != FAMILY_SNOWFLAKE &&
		snowflake_epoch_arg(PG_GETARG_TIMESTAMPTZ(2)) != TSID_EPOCH_MS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("only the snowflake family takes an epoch"),
				 errdetail("Family \"%s\" has the fixed epoch 2020-01-01 00:00:00+00, the only one it takes.",
						   family_names[id])));
	if (PG_NARGS() > 2 && id == FAMILY_SNOWFLAKE)
		valid = snowflake_tick(past, snowflake_epoch_arg(PG_GETARG_TIMESTAMPTZ(2)), &tick);
	else
	{
		/* the family's own reading (a Snowflake id's in Twitter's epoch) */
		FrontierValue value = {.id = past};

		valid = family->value_tick(family, &value, &tick);
	}

	/*
	 * The Snowflake frontier counts Unix milliseconds and would take the
	 * raise, but no id of this epoch lies above its last millisecond: refuse
	 * it as a family's last tick is refused.
	 */
	if (id == FAMILY_SNOWFLAKE && valid && past >> ID64_TIME_SHIFT == ID64_TIME_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("no Snowflake id of its epoch can lie above id " INT64_FORMAT, past),
				 errdetail("It is in the last millisecond of its epoch's range: Snowflake ids hold 2^41 milliseconds (69 years) from their epoch.")));
	if (!valid)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("id " INT64_FORMAT " holds no valid time for %s", past, family->name),
				 errdetail("Its ids are positive, their time in bits 22 to 62.")));
	if (!raise_cover_word(family, tick, &word))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("no %s value can lie above id " INT64_FORMAT, family->name, past),
				 errdetail("It is in the last tick %s holds, which holds times from %s.",
						   family->name, family->range)));
	PG_RETURN_BOOL(raise_to_word(id, word, at_ns, fcinfo, 3, NULL, past));
}

/*
 * The form for a family of another width (a KSUID's 20 bytes, an
 * ObjectId's 12): one C function behind uuid_seq_raise_frontier(text,
 * ksuid) and the like, its key a fixed-length type of the family's width
 * (the SQL signature names it), read as bytes and shown by its own output
 * function.
 */
Datum
uuid_seq_raise_frontier_bytes(PG_FUNCTION_ARGS)
{
	Oid			keytype = get_fn_expr_argtype(fcinfo->flinfo, 1);
	int16		typlen = get_typlen(keytype);
	FamilyId	id = family_of_width(PG_GETARG_TEXT_PP(0), typlen > 0 ? (unsigned) typlen : 0,
									 format_type_be(keytype));
	const FrontierFamily *family = family_table[id];
	Oid			output;
	bool		varlena;
	char	   *shown;
	FrontierValue value;
	uint64		tick;
	uint64		word;
	int64		at_ns = horizon_arg(fcinfo, 2);

	getTypeOutputInfo(keytype, &output, &varlena);
	shown = OidOutputFunctionCall(output, PG_GETARG_DATUM(1));
	memcpy(value.bytes, PG_GETARG_POINTER(1), family->value_bytes);
	if (!family->value_tick(family, &value, &tick))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("key \"%s\" holds no valid time for %s", shown, family->name),
				 errdetail("The %s family holds times from %s.", family->name, family->range)));
	if (!raise_cover_word(family, tick, &word))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("no %s value can lie above key \"%s\"", family->name, shown),
				 errdetail("It is in the last tick %s holds, which holds times from %s.",
						   family->name, family->range)));
	PG_RETURN_BOOL(raise_to_word(id, word, at_ns, fcinfo, 2, shown, 0));
}
