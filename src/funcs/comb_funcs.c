/*
 * comb_funcs.c
 *		SQL functions for COMBs (src/README §3): comb_new() and its overloads,
 *		comb_timestamp(), comb_is_dotnet_ticks() and comb_convert().
 *
 * The layouts, strategies and their families live in core/comb.c; this
 * file turns the layout and strategy names into a family (SQLSTATE 22023
 * listing the valid names), takes frontier words through runtime/family.c and
 * reports times outside a strategy's range (22008).
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/comb.h"
#include "runtime/family.h"
#include "runtime/quote.h"
#include "runtime/random.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(comb_new);
PG_FUNCTION_INFO_V1(comb_new_layout);
PG_FUNCTION_INFO_V1(comb_new_at);
PG_FUNCTION_INFO_V1(comb_timestamp);
PG_FUNCTION_INFO_V1(comb_is_dotnet_ticks);
PG_FUNCTION_INFO_V1(comb_convert);
PG_FUNCTION_INFO_V1(comb_lower_bound);
PG_FUNCTION_INFO_V1(comb_sqldatetime_lower_bound);
PG_FUNCTION_INFO_V1(comb_text_to_timestamptz);
PG_FUNCTION_INFO_V1(comb_sqldatetime_text_to_timestamptz);

pg_noreturn static void
report_unknown_layout(const text *layout)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("COMB layout must be \"sqlserver\" or \"postgresql\", not \"%s\"",
					quote_text(layout))));
}

/* The layout named by an argument, or 22023. */
static CombLayout
comb_layout_arg(const text *layout)
{
	CombLayout	result = COMB_LAYOUT_SQLSERVER;

	if (!comb_layout_from_name(VARDATA_ANY(layout), VARSIZE_ANY_EXHDR(layout), &result))
		report_unknown_layout(layout);
	return result;
}

/* The family named by a layout and a strategy argument, or 22023. */
static CombKind
comb_kind_arg(const text *layout, const text *strategy)
{
	CombKind	kind = COMB_SQLSERVER_UNIX_MS;

	switch (comb_kind_from_names(VARDATA_ANY(layout), VARSIZE_ANY_EXHDR(layout),
								 VARDATA_ANY(strategy), VARSIZE_ANY_EXHDR(strategy),
								 &kind))
	{
		case COMB_NAME_OK:
			break;
		case COMB_UNKNOWN_LAYOUT:
			report_unknown_layout(layout);
			break;
		case COMB_UNKNOWN_STRATEGY:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("COMB strategy must be \"unix_ms\", \"sqldatetime\" or \"dotnet_ticks\", not \"%s\"",
							quote_text(strategy))));
			break;
		case COMB_UNSUPPORTED_PAIR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("COMB layout \"%s\" takes strategy \"unix_ms\" or \"sqldatetime\", not \"%s\"",
							quote_text(layout), quote_text(strategy)),
					 errhint("Strategy \"dotnet_ticks\" needs layout \"sqlserver\".")));
			break;
	}
	return kind;
}

Datum
comb_new(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(family_next_uuid(FAMILY_COMB_SQLSERVER_UNIX_MS));
}

Datum
comb_new_layout(PG_FUNCTION_ARGS)
{
	CombKind	kind = comb_kind_arg(PG_GETARG_TEXT_PP(0), PG_GETARG_TEXT_PP(1));
	FamilyId	id = family_id_of(&comb_families[kind].frontier);

	/* every COMB kind is registered (test/unit/test_family_list.c) */
	Assert(id != FAMILY_COUNT);
	PG_RETURN_UUID_P(family_next_uuid(id));
}

/*
 * A COMB for an explicit time: never reads or moves a frontier (explicit
 * times stand outside the monotonic stream, src/README §1).
 */
Datum
comb_new_at(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	CombKind	kind = comb_kind_arg(PG_GETARG_TEXT_PP(1), PG_GETARG_TEXT_PP(2));
	const FrontierFamily *family = &comb_families[kind].frontier;
	int64		unix_us;
	uint64		word;
	pg_uuid_t  *uuid;

	if (!timestamptz_try_unix_us(ts, &unix_us) ||
		!comb_word_at_unix_us(kind, unix_us, random_u64(), &word))
		report_time_out_of_range(family);
	uuid = palloc(sizeof(pg_uuid_t));
	comb_encode(kind, word, random_u64(), uuid->data);
	PG_RETURN_UUID_P(uuid);
}

/* The text of a uuid, for messages. */
static char *
uuid_text(pg_uuid_t *uuid)
{
	return DatumGetCString(DirectFunctionCall1(uuid_out, UUIDPGetDatum(uuid)));
}

/*
 * The time a COMB of the given kind carries (its layout's time bytes alone,
 * never the version nibble or the marker), or 22008 when they hold no valid
 * time (sqldatetime ticks past midnight, .NET ticks past 9999).
 */
static TimestampTz
comb_time_of(CombKind kind, pg_uuid_t *uuid)
{
	const FrontierFamily *family = &comb_families[kind].frontier;
	uint64		word;

	if (!comb_decode_word(kind, uuid->data, &word))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("uuid \"%s\" holds no valid time for %s",
						uuid_text(uuid), family->name),
				 errdetail("The %s family holds times from %s.", family->name, family->range)));
	return unix_us_to_timestamptz(comb_word_to_unix_us(kind, word));
}

/*
 * The time a COMB carries, read from the bytes of its layout alone (never
 * the version nibble); NULL for a 'dotnet_ticks' value without the marker.
 */
Datum
comb_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	CombKind	kind = comb_kind_arg(PG_GETARG_TEXT_PP(1), PG_GETARG_TEXT_PP(2));

	if (kind == COMB_SQLSERVER_DOTNET_TICKS && !comb_has_dotnet_marker(uuid->data))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(comb_time_of(kind, uuid));
}

Datum
comb_is_dotnet_ticks(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(comb_has_dotnet_marker(PG_GETARG_UUID_P(0)->data));
}

/*
 * The same time, counter and random bits in the other layout (src/README
 * §3, "Converting"); the same layout returns the input.  A .NET-ticks COMB
 * (sqlserver only) has no postgresql layout: 22023.
 */
Datum
comb_convert(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *in = PG_GETARG_UUID_P(0);
	CombLayout	from = comb_layout_arg(PG_GETARG_TEXT_PP(1));
	CombLayout	to = comb_layout_arg(PG_GETARG_TEXT_PP(2));
	pg_uuid_t  *out = palloc(sizeof(pg_uuid_t));

	if (!comb_convert_layout(from, to, in->data, out->data))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid \"%s\" is a COMB of strategy \"dotnet_ticks\", which has no layout \"postgresql\"",
						uuid_text(in)),
				 errdetail("Its byte 6 carries the .NET-ticks marker, and its ticks fill the bits of the postgresql version and variant."),
				 errhint("COMBs of strategy \"unix_ms\" and \"sqldatetime\" convert between layouts.")));
	PG_RETURN_UUID_P(out);
}

/*
 * Partitions by creation time, as for UUIDv7 (v7_funcs.c), for the COMBs
 * that sort by time in uuid order: layout "postgresql", strategy "unix_ms"
 * (comb_) or "sqldatetime" (comb_sqldatetime_).  A sqlserver COMB sorts by
 * time only in SQL Server order: comb_convert() moves it to the postgresql
 * layout.
 */
static bool
comb_unix_ms_bound(int64_t unix_us, uint8_t out[UUID_LEN])
{
	return comb_bound_at_unix_us(COMB_POSTGRESQL_UNIX_MS, unix_us, out);
}

static bool
comb_sqldatetime_bound(int64_t unix_us, uint8_t out[UUID_LEN])
{
	return comb_bound_at_unix_us(COMB_POSTGRESQL_SQLDATETIME, unix_us, out);
}

Datum
comb_lower_bound(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at(PG_GETARG_TIMESTAMPTZ(0),
										 &comb_families[COMB_POSTGRESQL_UNIX_MS].frontier,
										 comb_unix_ms_bound));
}

Datum
comb_sqldatetime_lower_bound(PG_FUNCTION_ARGS)
{
	PG_RETURN_UUID_P(uuid_lower_bound_at(PG_GETARG_TIMESTAMPTZ(0),
										 &comb_families[COMB_POSTGRESQL_SQLDATETIME].frontier,
										 comb_sqldatetime_bound));
}

/* As comb_timestamp(key::uuid, 'postgresql', 'unix_ms'). */
Datum
comb_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(comb_time_of(COMB_POSTGRESQL_UNIX_MS,
									   uuid_text_arg(PG_GETARG_TEXT_PP(0))));
}

/* As comb_timestamp(key::uuid, 'postgresql', 'sqldatetime'). */
Datum
comb_sqldatetime_text_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(comb_time_of(COMB_POSTGRESQL_SQLDATETIME,
									   uuid_text_arg(PG_GETARG_TEXT_PP(0))));
}
