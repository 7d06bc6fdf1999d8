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
 * The rule.  Whatever a column's keys, the word it would raise its family
 * to lies in the horizon's tick or before, and below the family's last
 * word (keep_to_horizon()); a column that would break it is not raised.
 *
 * Raising.  Each column's largest value gives the least frontier word
 * above which this server's values lie above it (core/raise_plan.c's
 * raise_value_word(): its own word, or for the families whose node id
 * lies above the counter, one that depends on this server's node id; for
 * uuidv7(shift), the step's, the shift undone with the generator's own
 * interval arithmetic in UTC: exact for days and time, the last step that
 * can have given the key's millisecond for months).  Each family is raised once, to the largest of its columns'
 * words, through lease_raise_frontier(), durably like
 * uuid_seq_raise_frontier().  A column's `raised` says whether its word lay
 * above the frontier that raise found, so keys this server made itself
 * raise nothing, and a repeat is a no-op.  Superuser only (in C too, for it
 * reads every table whatever its privileges), preloaded only.
 */
#include "postgres.h"

#include "catalog/dependency.h"
#include "catalog/pg_proc.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/id64.h"
#include "core/raise_plan.h"
#include "core/typeid.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/raise_columns.h"

PG_FUNCTION_INFO_V1(uuid_seq_raise_frontiers);

/* ---- raising ----------------------------------------------------------- */

/*
 * The frontier word that covers col's largest value on this server (its
 * node id), or col->skip (the family's last tick, a Snowflake id in its
 * epoch's last millisecond); for uuidv7(shift), the word of the step that
 * made it.
 */
static void
cover_word(KeyColumn *col)
{
	const FrontierFamily *family = family_table[col->family];
	bool		covered;

	if (col->family == FAMILY_SNOWFLAKE &&
		col->value.id >> ID64_TIME_SHIFT == ID64_TIME_MAX)
	{
		col->skip = "no Snowflake id of its epoch can lie above its largest one";
		return;
	}
	if (col->generator->args == RAISE_ARGS_SHIFT)
		covered = raise_v7_shift_word(col->tick, &col->value, col->shift.month, col->shift.day,
									  col->shift.time, (unsigned) uuid_seq_node_bits,
									  (uint32) uuid_seq_node_id, &col->word);
	else
		covered = raise_value_word(family, col->tick, &col->value,
								   (unsigned) uuid_seq_node_bits,
								   (uint32) uuid_seq_node_id, &col->word);
	if (covered)
		col->raisable = true;
	else
		col->skip = "no value of its family can lie above its largest one";
}

/*
 * The one rule no column breaks: the word it would raise its family to
 * keeps within the horizon (raise_word_within_horizon()), so that no raise
 * carries a frontier more than HORIZON_NS past the clock, nor exhausts a
 * family.  A column that would break it is not raised.
 */
static void
keep_to_horizon(KeyColumn *col, int64 clock_ns)
{
	if (col->raisable &&
		!raise_word_within_horizon(family_table[col->family], col->word, clock_ns, HORIZON_NS))
	{
		col->raisable = false;
		col->skip = "the frontier its largest key needs lies more than 1 day ahead of the server's clock";
	}
}

/*
 * Read a key column and work out the word it needs (or why none).
 * *leaves: the partitions reached as part of a partitioned table.
 */
static void
plan_column(KeyColumn *col, const ExtensionObjects *ext, int64 clock_ns,
			MemoryContext per_value, List **leaves)
{
	set_horizon(col, clock_ns);
	if (col->skip == NULL)
		read_column(col, ext, per_value, leaves);
	if (col->found && col->skip == NULL && !col->gone)
		cover_word(col);
	keep_to_horizon(col, clock_ns);
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

			if (col->raisable && col->family == (FamilyId) id)
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

			if (col->raisable && col->family == (FamilyId) id)
				col->raised = col->word > before;
		}
	}
}

/* ---- the function ------------------------------------------------------ */

/* A column's largest value as the column shows it. */
static text *
shown_value(const KeyColumn *col)
{
	switch (col->order)
	{
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			{
				pg_uuid_t	uuid;

				memcpy(uuid.data, col->value.uuid, UUID_BYTES);
				return cstring_to_text(DatumGetCString(DirectFunctionCall1(uuid_out,
																		   UUIDPGetDatum(&uuid))));
			}
		case ORDER_INT8:
			return cstring_to_text(psprintf(INT64_FORMAT, col->value.id));
		case ORDER_TYPEID:
			{
				char		buf[TYPEID_TEXT_MAX];
				size_t		len;

				typeid_to_text(col->found_prefix, strlen(col->found_prefix), col->value.uuid,
							   buf, &len);
				return cstring_to_text_with_len(buf, (int) len);
			}
	}
	return NULL;
}

/*
 * The WARNING for a column with keys beyond its horizon: how many (a count
 * where the column was read whole), and how to raise past them if they are
 * real.
 */
static void
warn_beyond(const KeyColumn *col)
{
	const char *family = family_names[col->family];
	const char *key = "key";
	const char *epoch = "";

	/* the call that raises past one of them, as the column holds it */
	if (col->order == ORDER_TYPEID)
		key = "typeid_to_uuid(key)";
	else if (col->sqlguid)
		key = "key::uuid";
	else if (col->family == FAMILY_SNOWFLAKE && col->epoch_ms != SNOWFLAKE_TWITTER_EPOCH_MS)
	{
		/* the epoch, in UTC whatever the session's settings */
		Timestamp	ts = col->epoch_ms * 1000 -
			(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
		struct pg_tm tm;
		fsec_t		fsec;

		if (timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) == 0)
			epoch = psprintf(", '%04d-%02d-%02d %02d:%02d:%02d.%03d+00'",
							 tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min,
							 tm.tm_sec, (int) (fsec / 1000));
		else
			epoch = ", epoch";
	}
	if (col->beyond_uncounted)
		ereport(WARNING,
				(errmsg("column %s of %s.%s has keys more than 1 day ahead of the server's clock: ignored",
						NameStr(col->attname), col->nspname, col->relname),
				 errdetail("Keys that far ahead are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family %s is raised above the column's other keys only.",
						   family),
				 errhint("If they are real keys, raise past them deliberately with uuid_seq_raise_frontier('%s', %s%s).",
						 family, key, epoch)));
	else
		ereport(WARNING,
				(errmsg_plural("column %s of %s.%s has %llu key more than 1 day ahead of the server's clock: ignored",
							   "column %s of %s.%s has %llu keys more than 1 day ahead of the server's clock: ignored",
							   (unsigned long) Min(col->beyond, ULONG_MAX),
							   NameStr(col->attname), col->nspname, col->relname,
							   (unsigned long long) col->beyond),
				 errdetail("Keys that far ahead are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family %s is raised above the column's other keys only.",
						   family),
				 errhint("If they are real keys, raise past them deliberately with uuid_seq_raise_frontier('%s', %s%s).",
						 family, key, epoch)));
}

Datum
uuid_seq_raise_frontiers(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ExtensionObjects ext = {0};
	List	   *columns;
	ListCell   *lc;
	MemoryContext per_value;
	int64		clock_ns;
	List	   *leaves = NIL;

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
	InitMaterializedSRF(fcinfo, 0);
	find_extension_objects(&ext);
	columns = find_key_columns(&ext);
	mark_covered_partitions(columns);

	clock_ns = family_clock_ns();
	per_value = AllocSetContextCreate(CurrentMemoryContext, "uuid_seq_raise_frontiers value",
									  ALLOCSET_SMALL_SIZES);
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->skip == NULL && !col->covered)
			plan_column(col, &ext, clock_ns, per_value, &leaves);
	}

	/*
	 * A partition that its partitioned table's read did not reach (detached
	 * while the statement waited, or its table's column not read): its
	 * default still calls the generator, so it is read, and listed, alone
	 */
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->covered && !list_member_oid(leaves, col->relid))
		{
			col->covered = false;
			plan_column(col, &ext, clock_ns, per_value, &leaves);
		}
	}
	MemoryContextDelete(per_value);

	raise_families(columns);

	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);
		Datum		values[5];
		bool		nulls[5] = {0};

		if (col->covered || col->gone)
			continue;
		values[0] = ObjectIdGetDatum(col->relid);
		values[1] = NameGetDatum(&col->attname);
		if (col->has_family)
			values[2] = CStringGetTextDatum(family_names[col->family]);
		else
			nulls[2] = true;
		if (col->found)
			values[4] = PointerGetDatum(shown_value(col));
		else
			nulls[4] = true;
		if (col->beyond_uncounted || col->beyond > 0)
			warn_beyond(col);
		if (col->skip != NULL)
		{
			ereport(WARNING,
					(errmsg("column %s of %s.%s is not raised: %s",
							NameStr(col->attname), col->nspname, col->relname, col->skip),
					 errhint("Raise its family's frontier with uuid_seq_raise_frontier(family, greatest key).")));
			nulls[3] = true;
		}
		else
			values[3] = BoolGetDatum(col->raised);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
