/*
 * raise_frontiers.c
 *		uuid_seq_raise_frontiers(): after a move off a server (a restore,
 *		pg_upgrade, a logical-replication switchover), raise every family's
 *		frontier above every key column of the current database whose
 *		DEFAULT calls one of its generators, in one statement, as pg_dump's
 *		setval() calls do for sequences (src/README §12, "Frontiers that
 *		travel").
 *
 * Finding the columns is runtime/raise_columns.c's, reading each one's
 * largest key (below the horizon) runtime/raise_read.c's.  Here: the
 * word each column needs, the one rule no column breaks, the raise, and
 * the rows.
 *
 * The options.  horizon (5 minutes unless asked): keys past the clock +
 * horizon are not raised to (RaiseOptions); lock_wait (10 s): how long
 * each table's lock is waited for, the session's lock_timeout when it is
 * shorter (runtime/raise_read.c).
 *
 * The rule.  Whatever a column's keys, the word it would raise its family
 * to lies in the horizon's tick or before, and below the family's last
 * word (keep_to_horizon()); a column that would break it is not raised.
 *
 * Raising.  Each column's largest value gives the least frontier word
 * above which this server's values lie above it (core/raise_plan.c's
 * raise_value_word(): its own word, or for the families whose node id
 * lies above the counter, one that depends on this server's node id; for
 * uuidv7(shift), the step's, the shift undone with the generator's own
 * interval arithmetic: exact for a shift of time; for months and days,
 * which the generator adds in the inserting session's time zone, the latest
 * step that can have given the key's millisecond in any zone, up to the
 * horizon (core/raise_plan.c's raise_shift_latest_step_us()).  Each family is raised
 * once, to the largest of its columns' words, through
 * lease_raise_frontier(), durably like uuid_seq_raise_frontier().  A
 * column's `raised` says whether its word lay above the frontier that
 * raise found, so keys this server made itself raise nothing, and a repeat
 * is a no-op (but for a calendar uuidv7(shift) column with keys of the
 * last two days, whose latest step lies past the horizon: each run raises
 * v7 to the horizon again).  Superuser only (in C too, for it reads every table whatever
 * its privileges); it needs the shared frontiers (preloaded, or on 17+).
 *
 * The rows.  One per column (a partitioned table's, not its partitions'),
 * its result columns named by RESULT_*; a column that is not raised has
 * raised NULL and one WARNING whose detail says why (warn_skip(), one
 * message per SkipReason), and one with keys beyond the horizon a WARNING
 * saying how many (warn_beyond()).
 */
#include "postgres.h"

#include "catalog/dependency.h"
#include "catalog/pg_proc.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "storage/proc.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/id64.h"
#include "core/raise_plan.h"
#include "core/typeid.h"
#include "core/ulid.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/raise_columns.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_seq_raise_frontiers);

/* ---- raising ----------------------------------------------------------- */

/*
 * The frontier word that covers col's largest value on this server (its
 * node id), or why none (the family's last tick, a Snowflake id in its
 * epoch's last millisecond); for uuidv7(shift), the word of the step that
 * made it.
 */
static void
cover_word(KeyColumn *col)
{
	const FrontierFamily *family = family_table[col->call.family];
	bool		covered;

	if (col->call.family == FAMILY_SNOWFLAKE &&
		col->read.value.id >> ID64_TIME_SHIFT == ID64_TIME_MAX)
	{
		col->skip = SKIP_SNOWFLAKE_LAST_MS;
		return;
	}
	if (col->call.generator->args == RAISE_ARGS_SHIFT)
		covered = raise_v7_shift_word(col->read.tick, &col->read.value,
									  col->call.shift.month, col->call.shift.day,
									  col->call.shift.time, (unsigned) uuid_seq_node_bits,
									  (uint32) uuid_seq_node_id, &col->word);
	else
		covered = raise_value_word(family, col->read.tick, &col->read.value,
								   (unsigned) uuid_seq_node_bits,
								   (uint32) uuid_seq_node_id, &col->word);
	if (covered)
		col->raisable = true;
	else
		col->skip = SKIP_NO_VALUE_ABOVE;
}

/*
 * The one rule no column breaks: the word it would raise its family to
 * keeps within the horizon (raise_word_within_horizon()), so that no raise
 * carries a frontier past the clock + horizon, nor exhausts a family.  A
 * column that would break it is not raised; but one whose word is the
 * latest step a calendar shift allows (the key's own step, in UTC, lying
 * within the horizon: its read keeps to it) is raised to the horizon's last
 * word, the latest its step can be.
 */
static void
keep_to_horizon(KeyColumn *col, const RaiseOptions *opts)
{
	const FrontierFamily *family = family_table[col->call.family];

	if (!col->raisable ||
		raise_word_within_horizon(family, col->word, opts->horizon_at_ns))
		return;
	if (col->call.generator->args == RAISE_ARGS_SHIFT &&
		RAISE_SHIFT_IS_CALENDAR(col->call.shift.month, col->call.shift.day) &&
		raise_horizon_last_word(family, opts->horizon_at_ns, &col->word))
		return;
	col->raisable = false;
	col->skip = SKIP_PAST_HORIZON;
}

/*
 * Read a key column and work out the word it needs (or why none).
 * *leaves: the partitions reached as part of a partitioned table.
 */
static void
plan_column(KeyColumn *col, const ExtensionObjects *ext, const RaiseOptions *opts,
			MemoryContext per_value, List **leaves)
{
	set_horizon(col, opts);
	if (col->skip == SKIP_NONE)
		read_column(col, ext, opts, per_value, leaves);
	if (col->read.found && col->skip == SKIP_NONE && !col->gone)
		cover_word(col);
	keep_to_horizon(col, opts);
}

/* Raise each family once, to the largest word of its columns. */
static void
raise_families(List *columns)
{
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		uint64		word = 0;
		bool		any = false;
		uint64		before;
		ListCell   *lc;

		foreach(lc, columns)
		{
			KeyColumn  *col = lfirst(lc);

			if (col->raisable && col->call.family == (FamilyId) id)
			{
				word = any ? Max(word, col->word) : col->word;
				any = true;
			}
		}
		if (!any)
			continue;
		lease_raise_frontier(uuid_seq_shared, (FamilyId) id, word, &before);
		foreach(lc, columns)
		{
			KeyColumn  *col = lfirst(lc);

			if (col->raisable && col->call.family == (FamilyId) id)
				col->raised = col->word > before;
		}
	}
}

/* ---- the function ------------------------------------------------------ */

/* A column's largest value as the column shows it. */
static text *
shown_value(const KeyColumn *col)
{
	switch (col->call.order)
	{
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			if (col->ulid)
			{
				char		buf[ULID_TEXT_LEN];

				ulid_to_text(col->read.value.uuid, buf);
				return cstring_to_text_with_len(buf, ULID_TEXT_LEN);
			}
			else
			{
				pg_uuid_t	uuid;

				memcpy(uuid.data, col->read.value.uuid, UUID_BYTES);
				return cstring_to_text(DatumGetCString(DirectFunctionCall1(uuid_out,
																		   UUIDPGetDatum(&uuid))));
			}
		case ORDER_INT8:
			return cstring_to_text(psprintf(INT64_FORMAT, col->read.value.id));
		case ORDER_BYTES:
			{
				/* by the column type's own output function */
				Oid			output;
				bool		varlena;

				getTypeOutputInfo(getBaseType(col->atttypid), &output, &varlena);
				return cstring_to_text(OidOutputFunctionCall(output,
															 PointerGetDatum(col->read.value.bytes)));
			}
		case ORDER_TYPEID:
			{
				char		buf[TYPEID_TEXT_MAX];
				size_t		len;

				typeid_to_text(col->read.found_prefix, strlen(col->read.found_prefix), col->read.value.uuid,
							   buf, &len);
				return cstring_to_text_with_len(buf, (int) len);
			}
	}
	return NULL;
}

/*
 * The hint of warn_beyond(): the time the nearest key beyond reads as
 * (for uuidv7(shift), the key's own), and what raises past them safely.
 */
static int
beyond_hint(const KeyColumn *col)
{
	const FrontierFamily *family = family_table[col->call.family];
	int64		ns = family->word_to_ns(family, col->read.beyond_tick << family->counter_bits);

	if (ns == PG_INT64_MAX)
		return errhint("The nearest of them reads as a time after 2262.  If they are real keys (a server whose clock ran ahead made them), run the statement again with a horizon that reaches them, uuid_seq_raise_frontiers(horizon => interval); a horizon that reaches a key of another kind carries family \"%s\" there for good.",
					   family_names[col->call.family]);
	return errhint("The nearest of them reads as %s.  If they are real keys (a server whose clock ran ahead made them), run the statement again with a horizon that reaches them, uuid_seq_raise_frontiers(horizon => interval); a horizon that reaches a key of another kind carries family \"%s\" there for good.",
				   timestamptz_to_str(unix_us_to_timestamptz(ns / 1000)),
				   family_names[col->call.family]);
}

/*
 * The WARNING for a column with keys beyond its horizon: how many (a count
 * where the column was read whole), the nearest, and how to raise past them
 * if they are real.
 */
static void
warn_beyond(const KeyColumn *col, const RaiseOptions *opts)
{
	const char *family = family_names[col->call.family];

	if (col->read.beyond_uncounted)
		ereport(WARNING,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("column \"%s\" of relation \"%s\".\"%s\" has keys too far ahead of the server's clock",
						NameStr(col->attname), col->nspname, col->relname),
				 errdetail("Keys more than %s ahead (the horizon) are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family \"%s\" is raised above the column's other keys only.",
						   opts->horizon_text, family),
				 beyond_hint(col)));
	else
		ereport(WARNING,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg_plural("column \"%s\" of relation \"%s\".\"%s\" has %llu key too far ahead of the server's clock",
							   "column \"%s\" of relation \"%s\".\"%s\" has %llu keys too far ahead of the server's clock",
							   (unsigned long) Min(col->read.beyond, ULONG_MAX),
							   NameStr(col->attname), col->nspname, col->relname,
							   (unsigned long long) col->read.beyond),
				 errdetail("Keys more than %s ahead (the horizon) are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family \"%s\" is raised above the column's other keys only.",
						   opts->horizon_text, family),
				 beyond_hint(col)));
}

/* The primary message of warn_skip()'s WARNINGs. */
static int
not_raised(const KeyColumn *col)
{
	return errmsg("column \"%s\" of relation \"%s\".\"%s\" is not raised",
				  NameStr(col->attname), col->nspname, col->relname);
}

/* The hint of most of them. */
static int
raise_by_hand(void)
{
	return errhint("Raise its family's frontier with uuid_seq_raise_frontier(family, greatest key).");
}

/* The WARNING for a column whose default cannot be read. */
static void
warn_skip_default(const KeyColumn *col)
{
	switch (col->skip)
	{
		case SKIP_NOT_PLAIN_CALL:
			ereport(WARNING,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED), not_raised(col),
					 errdetail("Its default is not a plain call of a generator."),
					 raise_by_hand()));
			break;
		case SKIP_CONVERTED:
			ereport(WARNING,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED), not_raised(col),
					 errdetail("Its default converts its generator's values to type \"%s\".",
							   format_type_be(col->skip_typid)),
					 raise_by_hand()));
			break;
		case SKIP_TYPE_MISMATCH:
			ereport(WARNING,
					(errcode(ERRCODE_DATATYPE_MISMATCH), not_raised(col),
					 errdetail("A column of type \"%s\" does not hold its generator's values.",
							   format_type_with_typemod(col->skip_typid, col->skip_typmod)),
					 raise_by_hand()));
			break;
		case SKIP_COMB_NOT_CONSTANT:
			ereport(WARNING,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED), not_raised(col),
					 errdetail("Its COMB layout or strategy is not a constant."),
					 raise_by_hand()));
			break;
		case SKIP_COMB_NO_FAMILY:
			ereport(WARNING,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE), not_raised(col),
					 errdetail("Its COMB layout and strategy name no family."),
					 raise_by_hand()));
			break;
		case SKIP_EPOCH_NOT_CONSTANT:
			ereport(WARNING,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED), not_raised(col),
					 errdetail("Its Snowflake epoch is not a constant."),
					 raise_by_hand()));
			break;
		case SKIP_EPOCH_NOT_WHOLE_MS:
			ereport(WARNING,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE), not_raised(col),
					 errdetail("Its Snowflake epoch is no finite whole millisecond."),
					 raise_by_hand()));
			break;
		case SKIP_SHIFT_NOT_CONSTANT:
			ereport(WARNING,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED), not_raised(col),
					 errdetail("Its uuidv7() shift is not a constant."),
					 raise_by_hand()));
			break;
		case SKIP_SHIFT_OUT_OF_RANGE:
			ereport(WARNING,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), not_raised(col),
					 errdetail("Its uuidv7() shift lies outside the UUIDv7 range."),
					 raise_by_hand()));
			break;
		case SKIP_BAD_PREFIX:
			ereport(WARNING,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE), not_raised(col),
					 errdetail("Its TypeID prefix breaks the prefix rule."),
					 raise_by_hand()));
			break;
		default:
			break;
	}
}

/* The WARNING for a column of no table, or one changed meanwhile. */
static void
warn_skip_relation(const KeyColumn *col)
{
	switch (col->skip)
	{
		case SKIP_VIEW:
			ereport(WARNING,
					(errcode(ERRCODE_WRONG_OBJECT_TYPE), not_raised(col),
					 errdetail("It is a view's column: the rows are its tables'."),
					 raise_by_hand()));
			break;
		case SKIP_FOREIGN_TABLE:
			ereport(WARNING,
					(errcode(ERRCODE_WRONG_OBJECT_TYPE), not_raised(col),
					 errdetail("It is a foreign table's column: the rows are on another server."),
					 raise_by_hand()));
			break;
		case SKIP_NOT_TABLE:
			ereport(WARNING,
					(errcode(ERRCODE_WRONG_OBJECT_TYPE), not_raised(col),
					 errdetail("It is no table's column."),
					 raise_by_hand()));
			break;
		case SKIP_RELKIND_CHANGED:
			ereport(WARNING,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), not_raised(col),
					 errdetail("Its table became another kind of relation while the statement waited for it."),
					 errhint("Run the statement again.")));
			break;
		case SKIP_TYPE_CHANGED:
			ereport(WARNING,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), not_raised(col),
					 errdetail("Its type changed while the statement waited for its table."),
					 errhint("Run the statement again.")));
			break;
		case SKIP_DEFAULT_CHANGED:
			ereport(WARNING,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), not_raised(col),
					 errdetail("Its default changed while the statement waited for its table."),
					 errhint("Run the statement again.")));
			break;
		default:
			break;
	}
}

/* The hint of warn_skip_lock()'s WARNINGs: what raises the column later. */
static int
raise_later(void)
{
	return errhint("Run the statement again once the lock is released (the columns it raised now raise nothing twice), or raise its family's frontier with uuid_seq_raise_frontier(family, greatest key).");
}

/* The WARNING for a column whose table's (or partition's) lock it had not. */
static void
warn_skip_lock(const KeyColumn *col, const RaiseOptions *opts)
{
	if (col->skip == SKIP_LOCK_TIMEOUT && col->skip_partition == NULL)
		ereport(WARNING,
				(errcode(ERRCODE_LOCK_NOT_AVAILABLE), not_raised(col),
				 errdetail("Another session held a lock on its table for more than %s (lock_wait, or lock_timeout where shorter).",
						   opts->lock_wait_text),
				 raise_later()));
	else if (col->skip == SKIP_LOCK_TIMEOUT)
		ereport(WARNING,
				(errcode(ERRCODE_LOCK_NOT_AVAILABLE), not_raised(col),
				 errdetail("Another session held a lock on its partition \"%s\".\"%s\" for more than %s (lock_wait, or lock_timeout where shorter).",
						   col->skip_partition_nsp, col->skip_partition, opts->lock_wait_text),
				 raise_later()));
	else if (col->skip_partition == NULL)
		ereport(WARNING,
				(errcode(ERRCODE_T_R_DEADLOCK_DETECTED), not_raised(col),
				 errdetail("Waiting for the lock on its table deadlocked with another session."),
				 raise_later()));
	else
		ereport(WARNING,
				(errcode(ERRCODE_T_R_DEADLOCK_DETECTED), not_raised(col),
				 errdetail("Waiting for the lock on its partition \"%s\".\"%s\" deadlocked with another session.",
						   col->skip_partition_nsp, col->skip_partition),
				 raise_later()));
}

/* The WARNING for a column whose largest key cannot be raised to. */
static void
warn_skip_raise(const KeyColumn *col, const RaiseOptions *opts)
{
	switch (col->skip)
	{
		case SKIP_SNOWFLAKE_LAST_MS:
			ereport(WARNING,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), not_raised(col),
					 errdetail("No Snowflake id of its epoch can lie above its largest one."),
					 raise_by_hand()));
			break;
		case SKIP_NO_VALUE_ABOVE:
			ereport(WARNING,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), not_raised(col),
					 errdetail("No value of its family can lie above its largest one."),
					 raise_by_hand()));
			break;
		case SKIP_PAST_HORIZON:
			ereport(WARNING,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE), not_raised(col),
					 errdetail("The frontier its largest key needs lies more than %s ahead of the server's clock (the horizon).",
							   opts->horizon_text),
					 errhint("If its keys are real, run the statement again with a horizon that reaches them, uuid_seq_raise_frontiers(horizon => interval).")));
			break;
		default:
			break;
	}
}

/* The WARNING for a column that is not raised: one message per reason. */
static void
warn_skip(const KeyColumn *col, const RaiseOptions *opts)
{
	if (col->skip <= SKIP_BAD_PREFIX)
		warn_skip_default(col);
	else if (col->skip <= SKIP_DEFAULT_CHANGED)
		warn_skip_relation(col);
	else if (col->skip <= SKIP_DEADLOCK)
		warn_skip_lock(col, opts);
	else
		warn_skip_raise(col, opts);
}

/* The columns of uuid_seq_raise_frontiers()'s rows, by attribute number. */
enum
{
	RESULT_TABLE_NAME,			/* regclass */
	RESULT_COLUMN_NAME,			/* name */
	RESULT_FAMILY,				/* text: NULL where the call names none */
	RESULT_RAISED,				/* bool: NULL where it is not raised */
	RESULT_MAX_VALUE,			/* text: NULL where no key was found */
	RESULT_COLUMNS
};

/* col's row, and its WARNINGs. */
static void
put_row(ReturnSetInfo *rsinfo, const KeyColumn *col, const RaiseOptions *opts)
{
	Datum		values[RESULT_COLUMNS];
	bool		nulls[RESULT_COLUMNS] = {0};

	values[RESULT_TABLE_NAME] = ObjectIdGetDatum(col->relid);
	values[RESULT_COLUMN_NAME] = NameGetDatum(&col->attname);
	if (col->call.has_family)
		values[RESULT_FAMILY] = CStringGetTextDatum(family_names[col->call.family]);
	else
		nulls[RESULT_FAMILY] = true;
	if (col->read.found)
		values[RESULT_MAX_VALUE] = PointerGetDatum(shown_value(col));
	else
		nulls[RESULT_MAX_VALUE] = true;
	if (col->read.beyond_uncounted || col->read.beyond > 0)
		warn_beyond(col, opts);
	if (col->skip != SKIP_NONE)
	{
		warn_skip(col, opts);
		nulls[RESULT_RAISED] = true;
	}
	else
		values[RESULT_RAISED] = BoolGetDatum(col->raised);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

/*
 * Read every key column, and work out the word each needs.  A partition
 * that its partitioned table's read did not reach (detached while the
 * statement waited, or its table's column not read): its default still
 * calls the generator, so it is read, and listed, alone.
 */
static void
plan_columns(List *columns, const ExtensionObjects *ext, const RaiseOptions *opts)
{
	MemoryContext per_value = AllocSetContextCreate(CurrentMemoryContext,
													"uuid_seq_raise_frontiers value",
													ALLOCSET_SMALL_SIZES);
	List	   *leaves = NIL;
	ListCell   *lc;

	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->skip == SKIP_NONE && !col->covered)
			plan_column(col, ext, opts, per_value, &leaves);
	}
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->covered && !list_member_oid(leaves, col->relid))
		{
			col->covered = false;
			plan_column(col, ext, opts, per_value, &leaves);
		}
	}
	MemoryContextDelete(per_value);
}

/*
 * The statement's options from its arguments: the horizon past the
 * server's clock, each lock's wait (lock_wait, or the session's
 * lock_timeout where it is shorter; 0 waits not at all), and their texts
 * for the messages.  22023 for either negative.
 */
static void
raise_options(const Interval *horizon, const Interval *lock_wait, RaiseOptions *opts)
{
	int64		wait_at_ns;

	opts->clock_ns = family_clock_ns();
	if (!raise_horizon_at_ns(opts->clock_ns, horizon->month, horizon->day, horizon->time,
							 &opts->horizon_at_ns))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("horizon must not be negative")));
	raise_interval_text(horizon->month, horizon->day, horizon->time, opts->horizon_text,
						sizeof(opts->horizon_text));
	if (!raise_horizon_at_ns(0, lock_wait->month, lock_wait->day, lock_wait->time,
							 &wait_at_ns))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("lock_wait must not be negative")));
	/* in whole ms, rounded up (lock_timeout's unit); at most INT_MAX ms */
	opts->lock_wait_ms = (int) Min((wait_at_ns / 1000000) + (wait_at_ns % 1000000 != 0), INT_MAX);
	if (LockTimeout > 0 && LockTimeout < opts->lock_wait_ms)
	{
		opts->lock_wait_ms = LockTimeout;
		raise_interval_text(0, 0, (int64) LockTimeout * 1000, opts->lock_wait_text,
							sizeof(opts->lock_wait_text));
	}
	else
		raise_interval_text(lock_wait->month, lock_wait->day, lock_wait->time,
							opts->lock_wait_text, sizeof(opts->lock_wait_text));
}

Datum
uuid_seq_raise_frontiers(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ExtensionObjects ext = {0};
	RaiseOptions opts;
	List	   *columns;
	ListCell   *lc;

	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("must be superuser to run uuid_seq_raise_frontiers()"),
				 errdetail("It reads every key column of the database, whatever its privileges and row security policies.")));
	if (lease_shared() == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontiers() needs the shared frontiers"),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));

	ext.extension = getExtensionOfObject(ProcedureRelationId, fcinfo->flinfo->fn_oid);
	if (!OidIsValid(ext.extension))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontiers() must be called as a member of extension uuid_seq")));
	raise_options(PG_GETARG_INTERVAL_P(0), PG_GETARG_INTERVAL_P(1), &opts);
	InitMaterializedSRF(fcinfo, 0);
	find_extension_objects(&ext);
	columns = find_key_columns(&ext);
	mark_covered_partitions(columns);
	plan_columns(columns, &ext, &opts);
	raise_families(columns);
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (!col->covered && !col->gone)
			put_row(rsinfo, col, &opts);
	}
	return (Datum) 0;
}
