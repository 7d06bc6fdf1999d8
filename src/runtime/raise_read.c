/*
 * raise_read.c
 *		Reading a key column's greatest key for uuid_seq_raise_frontiers():
 *		the horizon it is read below, and the index or heap scan of its
 *		table (of every leaf partition of a partitioned one).
 *
 * No query is planned or run: each table is read here with the table and
 * index access methods, so nothing a table's owner defines takes part (row
 * security policies, rules, views, user-defined operators or operator
 * classes, inheritance children; triggers never fire on reads).  A table
 * is locked (AccessShareLock) first, checked again under the lock (its
 * kind: a table turned into a view meanwhile has nothing to scan; its
 * column's number, type and default), and read under an MVCC snapshot
 * taken after the lock (read_column()); the lock is released once the
 * table is read.  Where a valid, non-partial btree index has the column as
 * its first key and orders it in the family's order (core's uuid_ops,
 * uuid_seq's uuid_sqlserver_ops for the 'sqlserver' COMBs, integer_ops for
 * 8-byte ids, text in byte order for a TypeID prefix, the btree class the
 * extension gives a type of its own, ksuid, in byte order), the index is read
 * from its end until a value of the family appears (another version, a
 * TypeID of another prefix, a negative id are passed over); otherwise the
 * heap is read whole.  A partitioned table's column is read in every leaf
 * partition it has under its lock (its partitions' own defaults, when they
 * are the same call, are not listed again; a partition it no longer has,
 * detached meanwhile, is read and listed on its own); a table with
 * inheritance children is read alone, the children having defaults of
 * their own.
 *
 * No lock is waited for long (lock_bounded()): each table, partition and
 * index is locked in a subtransaction of its own with lock_timeout set to
 * the statement's lock_wait, and a lock that times out or whose wait
 * deadlocks (another session locked a partition and then asks for its
 * parent, which the statement holds) ends that subtransaction, not the
 * statement: the column is listed as not raised (SKIP_LOCK_TIMEOUT,
 * SKIP_DEADLOCK), an index is passed over for the heap, and the other
 * columns are read.  A table's owner cannot stop the raise of the others.
 *
 * The horizon.  Keys past the statement's horizon (RaiseOptions: 5
 * minutes ahead of the server's clock, as the generators read it, unless
 * asked) are passed over and counted: such keys are of another kind (a
 * random uuid reads as a ULID or a COMB of a random time) or
 * placeholders, and a raise to them would carry the family's frontier
 * there for good.  A uuidv7(shift) key lies the shift from its step: its
 * horizon is the horizon's instant shifted as UTC's arithmetic shifts a
 * step.  An index is read from the horizon's bound down (a scan key), never
 * key by key through them.
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/relation.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "access/tableam.h"
#include "access/xact.h"
#include "catalog/dependency.h"
#include "catalog/partition.h"
#include "catalog/pg_am.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_index.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_opfamily.h"
#include "catalog/pg_type.h"
#include "executor/tuptable.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "storage/proc.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/resowner.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/uuid.h"

#include "core/id64.h"
#include "core/raise_plan.h"
#include "core/rfc9562.h"
#include "core/sqlserver_order.h"
#include "core/typeid.h"
#include "runtime/compat.h"
#include "runtime/raise_columns.h"


/*
 * Whether a column's datum is a value of its family (a TypeID of its
 * prefix); if so, the value in value (a uuid, an id, a TypeID's uuid), its
 * tick, and a TypeID's prefix in prefix.
 */
static bool
value_of_family(const KeyColumn *col, Datum datum, FrontierValue *value,
				uint64 *tick, char prefix[TYPEID_PREFIX_MAX + 1])
{
	const FrontierFamily *family = family_table[col->call.family];

	switch (col->call.order)
	{
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			memcpy(value->uuid, DatumGetUUIDP(datum)->data, UUID_BYTES);
			return family->value_tick(family, value, tick);
		case ORDER_INT8:
			{
				int64		id = DatumGetInt64(datum);

				value->id = id;
				if (col->call.family == FAMILY_SNOWFLAKE)
					return snowflake_tick(id, col->call.epoch_ms, tick);
				return tsid_tick(id, tick);
			}
		case ORDER_BYTES:
			memcpy(value->bytes, DatumGetPointer(datum), family->value_bytes);
			return family->value_tick(family, value, tick);
		case ORDER_TYPEID:
			{
				text	   *t = DatumGetTextPP(datum);
				const char *s = VARDATA_ANY(t);
				size_t		prefix_len;

				if (typeid_from_text(s, VARSIZE_ANY_EXHDR(t), &prefix_len, value->uuid) != TYPEID_OK)
					return false;
				if (col->call.prefix != NULL &&
					(prefix_len != strlen(col->call.prefix) || memcmp(s, col->call.prefix, prefix_len) != 0))
					return false;
				memcpy(prefix, s, prefix_len);
				prefix[prefix_len] = '\0';
				return family->value_tick(family, value, tick);
			}
	}
	return false;
}

/* The family's order of two values as value_of_family() gives them. */
static int
compare_values(const KeyColumn *col, const FrontierValue *a, const FrontierValue *b)
{
	switch (col->call.order)
	{
		case ORDER_SQLSERVER:
			return sqlserver_cmp(a->uuid, b->uuid);
		case ORDER_INT8:
			return (a->id > b->id) - (a->id < b->id);
		case ORDER_BYTES:
			return memcmp(a->bytes, b->bytes, family_table[col->call.family]->value_bytes);
		case ORDER_UUID:
		case ORDER_TYPEID:
			break;
	}
	return memcmp(a->uuid, b->uuid, UUID_BYTES);
}

/* What consider() made of a datum. */
typedef enum Considered
{
	CONSIDERED_OTHER,			/* no value of the family */
	CONSIDERED_BEYOND,			/* one beyond the horizon: counted, passed over */
	CONSIDERED_VALUE			/* one within it (the largest so far or not) */
} Considered;

/*
 * Take a datum of the column into account.  Allocates in the current
 * context.
 */
static Considered
consider(KeyColumn *col, Datum datum)
{
	FrontierValue value;
	uint64		tick;
	char		prefix[TYPEID_PREFIX_MAX + 1];

	if (!value_of_family(col, datum, &value, &tick, prefix))
		return CONSIDERED_OTHER;
	if (col->read.has_horizon && (col->read.none_plausible || tick > col->read.horizon_tick))
	{
		if (col->read.beyond == 0 || tick < col->read.beyond_tick)
			col->read.beyond_tick = tick;
		col->read.beyond++;
		return CONSIDERED_BEYOND;
	}
	if (!col->read.found || compare_values(col, &value, &col->read.value) > 0)
	{
		col->read.found = true;
		col->read.value = value;
		col->read.tick = tick;
		if (col->call.order == ORDER_TYPEID)
			memcpy(col->read.found_prefix, prefix, strlen(prefix) + 1);
	}
	return CONSIDERED_VALUE;
}

/* Where a column's horizon lies in its family's range. */
typedef enum HorizonPlace
{
	HORIZON_WITHIN,				/* at a word of the family */
	HORIZON_BEFORE,				/* before its first: every key lies beyond */
	HORIZON_PAST				/* past its last: none does */
} HorizonPlace;

/*
 * The word of col's horizon, opts->horizon_at_ns; for uuidv7(shift), the
 * latest value a step at that instant gives in any session's time zone
 * (raise_shift_latest_value_us()), its keys lying that far from their
 * steps: a key a zone put later than UTC's arithmetic does is read, its
 * step then kept to the horizon, rather than taken for one past it.
 * SKIP_SHIFT_OUT_OF_RANGE where the shift leaves int64 (the generator
 * refuses it at every step).
 */
static HorizonPlace
horizon_word(KeyColumn *col, const RaiseOptions *opts, uint64 *word)
{
	const FrontierFamily *family = family_table[col->call.family];
	int64		ns = opts->horizon_at_ns;

	if (col->call.generator->args == RAISE_ARGS_SHIFT)
	{
		int64		us;

		if (!raise_shift_latest_value_us(ns / 1000, col->call.shift.month, col->call.shift.day,
										 col->call.shift.time, &us))
		{
			col->skip = SKIP_SHIFT_OUT_OF_RANGE;
			return HORIZON_PAST;
		}
		if (uuidv7_word_from_unix_us(us, word))
			return HORIZON_WITHIN;
		return us < 0 ? HORIZON_BEFORE : HORIZON_PAST;
	}
	if (family->word_from_ns(family, ns, word))
		return HORIZON_WITHIN;
	return ns < family->word_to_ns(family, 0) ? HORIZON_BEFORE : HORIZON_PAST;
}

/*
 * Set col's bound: the least value of tick `next` (raise_tick_bound()),
 * below which every key of an earlier tick lies; a TypeID's as the text of
 * its prefix.  None where no key of the family lies there.
 */
static void
set_bound(KeyColumn *col, const FrontierFamily *family, uint64 next)
{
	char		buf[TYPEID_TEXT_MAX];
	size_t		len;

	if (!raise_tick_bound(family, col->call.epoch_ms, next, &col->read.bound))
		return;
	if (col->call.order != ORDER_TYPEID || col->call.prefix == NULL)
	{
		col->read.has_bound = true;
		return;
	}
	if (typeid_to_text(col->call.prefix, strlen(col->call.prefix), col->read.bound.uuid,
					   buf, &len) != TYPEID_OK)
		return;
	col->read.has_bound = true;
	col->read.bound_text = pnstrdup(buf, len);
}

/*
 * Set col's horizon (horizon_word()), and the least value of the tick
 * after it, where an index scan stops.  Before the family's range (a clock
 * before 2020 and TSIDs, a shift back before 1970), every key lies beyond
 * it; past it, or past the clock's range (INT64_MAX), none.
 */
void
set_horizon(KeyColumn *col, const RaiseOptions *opts)
{
	const FrontierFamily *family = family_table[col->call.family];
	uint64		word;

	if (opts->horizon_at_ns == PG_INT64_MAX)
		return;					/* a horizon past the clock's range: none */
	switch (horizon_word(col, opts, &word))
	{
		case HORIZON_PAST:
			return;
		case HORIZON_BEFORE:
			/* the least value of all (a TypeID's is read key by key) */
			col->read.has_horizon = true;
			col->read.none_plausible = true;
			memset(&col->read.bound, 0, sizeof(col->read.bound));
			col->read.has_bound = col->call.order != ORDER_TYPEID;
			return;
		case HORIZON_WITHIN:
			break;
	}
	col->read.has_horizon = true;
	col->read.horizon_tick = word >> family->counter_bits;
	if (col->read.horizon_tick >= family->max_word >> family->counter_bits)
	{
		/* no key lies beyond the family's last tick */
		col->read.has_horizon = false;
		return;
	}
	set_bound(col, family, col->read.horizon_tick + 1);
}

/* How lock_bounded() ended. */
typedef enum LockOutcome
{
	LOCK_HAD,					/* locked, and the relation is there */
	LOCK_GONE,					/* dropped while the statement waited */
	LOCK_TIMED_OUT,				/* held by another session past the wait */
	LOCK_DEADLOCKED				/* the wait deadlocked */
} LockOutcome;

/* Release a lock lock_bounded() had, from the owner it lies with. */
static void
unlock_bounded(Oid relid)
{
	ResourceOwner owner = CurrentResourceOwner;

	CurrentResourceOwner = CurTransactionResourceOwner;
	UnlockRelationOid(relid, AccessShareLock);
	CurrentResourceOwner = owner;
}

/*
 * Lock relation relid in AccessShareLock, waiting at most wait_ms (0: not
 * at all).  The wait is a subtransaction's with lock_timeout set to
 * wait_ms, so that a timeout or a deadlock (40P01: the deadlock detector
 * chose this wait) ends the subtransaction, whose locks go with it, and
 * leaves the statement and the locks it holds; any other error (a cancel)
 * is raised again.  A lock had moves to the transaction's resource owner
 * (CurTransactionResourceOwner), not the statement's: unlock_bounded()
 * releases it there.
 */
static LockOutcome
lock_bounded(Oid relid, int wait_ms)
{
	MemoryContext context = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	volatile LockOutcome outcome = LOCK_HAD;

	if (wait_ms == 0)
	{
		bool		locked;

		CurrentResourceOwner = CurTransactionResourceOwner;
		locked = ConditionalLockRelationOid(relid, AccessShareLock);
		CurrentResourceOwner = owner;
		if (!locked)
			return LOCK_TIMED_OUT;
	}
	else
	{
		BeginInternalSubTransaction(NULL);
		MemoryContextSwitchTo(context);
		PG_TRY();
		{
			int			nest = NewGUCNestLevel();
			char		timeout[16];

			snprintf(timeout, sizeof(timeout), "%d", wait_ms);
			(void) set_config_option("lock_timeout", timeout, PGC_SUSET, PGC_S_SESSION,
									 GUC_ACTION_SAVE, true, 0, false);
			LockRelationOid(relid, AccessShareLock);
			AtEOXact_GUC(true, nest);
			ReleaseCurrentSubTransaction();
		}
		PG_CATCH();
		{
			ErrorData  *edata;

			MemoryContextSwitchTo(context);
			edata = CopyErrorData();
			FlushErrorState();
			RollbackAndReleaseCurrentSubTransaction();
			MemoryContextSwitchTo(context);
			CurrentResourceOwner = owner;
			if (edata->sqlerrcode == ERRCODE_LOCK_NOT_AVAILABLE)
				outcome = LOCK_TIMED_OUT;
			else if (edata->sqlerrcode == ERRCODE_T_R_DEADLOCK_DETECTED)
				outcome = LOCK_DEADLOCKED;
			else
				ReThrowError(edata);
			FreeErrorData(edata);
		}
		PG_END_TRY();
		MemoryContextSwitchTo(context);
		CurrentResourceOwner = owner;
	}
	if (outcome == LOCK_HAD && !SearchSysCacheExists1(RELOID, ObjectIdGetDatum(relid)))
	{
		unlock_bounded(relid);
		return LOCK_GONE;
	}
	return outcome;
}

/*
 * Whether an index of rel lists column attnum first in col's family order:
 * a valid, live, non-partial btree whose first key is the column itself
 * and whose operator family is the family's order, known by OID.
 */
static bool
index_fits(Relation index, AttrNumber attnum, const KeyColumn *col,
		   const ExtensionObjects *ext)
{
	Form_pg_index form = index->rd_index;
	Oid			opfamily;

	if (index->rd_rel->relam != BTREE_AM_OID || !form->indisvalid ||
		!form->indisready || !form->indislive || form->indcheckxmin ||
		form->indnkeyatts < 1 || form->indkey.values[0] != attnum ||
		!heap_attisnull(index->rd_indextuple, Anum_pg_index_indpred, NULL))
		return false;
	opfamily = index->rd_opfamily[0];
	switch (col->call.order)
	{
		case ORDER_UUID:
			/* a ulid's btree family is uuid order too */
			return opfamily == ext->uuid_family ||
				(OidIsValid(ext->ulid_family) && opfamily == ext->ulid_family);
		case ORDER_SQLSERVER:
			return OidIsValid(ext->sqlserver_family) && opfamily == ext->sqlserver_family;
		case ORDER_INT8:
			return opfamily == INTEGER_BTREE_FAM_OID && index->rd_opcintype[0] == INT8OID;
		case ORDER_BYTES:
			/* the extension's own btree class of the type, in byte order */
			return index->rd_opcintype[0] == getBaseType(col->atttypid) &&
				getExtensionOfObject(OperatorFamilyRelationId, opfamily) == ext->extension;
		case ORDER_TYPEID:
			/*
			 * Byte order (COLLATE "C", or text_pattern_ops), and a prefix to
			 * bound the range with.  (Other collations are read whole: none
			 * is known to order every TypeID as its bytes.)
			 */
			return col->call.prefix != NULL &&
				(opfamily == TEXT_PATTERN_BTREE_FAM_OID ||
				 (opfamily == TEXT_BTREE_FAM_OID &&
				  index->rd_indcollation[0] == C_COLLATION_OID));
	}
	return false;
}

/*
 * The first index of rel that fits (opened, locked), or NULL.  An index
 * not locked in time is passed over: the heap holds the same keys.
 */
static Relation
fitting_index(Relation rel, AttrNumber attnum, const KeyColumn *col,
			  const ExtensionObjects *ext, const RaiseOptions *opts)
{
	List	   *indexes = RelationGetIndexList(rel);
	ListCell   *lc;

	foreach(lc, indexes)
	{
		Relation	index;

		if (lock_bounded(lfirst_oid(lc), opts->lock_wait_ms) != LOCK_HAD)
			continue;
		index = index_open(lfirst_oid(lc), NoLock);
		if (index_fits(index, attnum, col, ext))
			return index;
		index_close(index, NoLock);
		unlock_bounded(lfirst_oid(lc));
	}
	return NULL;
}

/* A scan key on the index's first column: `strategy` value. */
static void
index_key(ScanKey key, Relation index, StrategyNumber strategy, Datum value)
{
	Oid			family = index->rd_opfamily[0];
	Oid			type = index->rd_opcintype[0];

	ScanKeyInit(key, 1, strategy,
				get_opcode(get_opfamily_member(family, type, type, strategy)), value);
	key->sk_collation = index->rd_indcollation[0];
}

/* col's bound (set_horizon()) as a datum of the index's column. */
static Datum
bound_datum(const KeyColumn *col)
{
	switch (col->call.order)
	{
		case ORDER_INT8:
			return Int64GetDatum(col->read.bound.id);
		case ORDER_TYPEID:
			return PointerGetDatum(cstring_to_text(col->read.bound_text));
		case ORDER_BYTES:
			{
				unsigned	width = family_table[col->call.family]->value_bytes;
				void	   *bytes = palloc(width);

				memcpy(bytes, col->read.bound.bytes, width);
				return PointerGetDatum(bytes);
			}
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			break;
	}
	{
		pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

		memcpy(uuid->data, col->read.bound.uuid, UUID_BYTES);
		return UUIDPGetDatum(uuid);
	}
}

/*
 * The scan keys of an index read of col: the values below its horizon's
 * bound, or with `beyond` those from it on; a TypeID's within its prefix.
 * Returns how many.
 */
static int
index_keys(const KeyColumn *col, Relation index, bool beyond, ScanKeyData keys[2])
{
	int			nkeys = 0;

	if (col->call.order == ORDER_TYPEID)
	{
		char		lo[RAISE_TYPEID_BOUND_MAX];
		char		hi[RAISE_TYPEID_BOUND_MAX];
		size_t		len = raise_typeid_bounds(col->call.prefix, strlen(col->call.prefix), lo, hi);

		index_key(&keys[nkeys++], index, BTGreaterEqualStrategyNumber,
				  beyond ? bound_datum(col) :
				  PointerGetDatum(cstring_to_text_with_len(lo, (int) len)));
		index_key(&keys[nkeys++], index, BTLessStrategyNumber,
				  beyond || !col->read.has_bound ?
				  PointerGetDatum(cstring_to_text_with_len(hi, (int) len)) :
				  bound_datum(col));
	}
	else if (beyond || col->read.has_bound)
		index_key(&keys[nkeys++], index,
				  beyond ? BTGreaterEqualStrategyNumber : BTLessStrategyNumber,
				  bound_datum(col));
	else
	{
		/* IS NOT NULL, wherever the index puts its NULLs */
		ScanKeyEntryInitialize(&keys[nkeys++], SK_ISNULL | SK_SEARCHNOTNULL, 1,
							   InvalidStrategy, InvalidOid, InvalidOid, InvalidOid,
							   (Datum) 0);
	}
	return nkeys;
}

/*
 * Read column attnum of rel through an index in the family's order: from
 * the horizon's bound down until a value of the family within the horizon
 * appears.  Then, where a bound was set, look from the bound up for one key
 * of the family beyond the horizon (they are not counted: an index scan
 * never passes over them one by one).
 */
static void
read_index(KeyColumn *col, Relation rel, Relation index, AttrNumber attnum,
		   Snapshot snapshot, MemoryContext per_value)
{
	bool		desc = (index->rd_indoption[0] & INDOPTION_DESC) != 0;
	TupleTableSlot *slot = table_slot_create(rel, NULL);

	for (int pass = 0; pass < 2; pass++)
	{
		bool		beyond = pass == 1;
		ScanKeyData keys[2];
		int			nkeys;
		IndexScanDesc scan;

		/* largest first; the keys beyond, from the bound up */
		ScanDirection direction = desc != beyond ?
			ForwardScanDirection : BackwardScanDirection;

		if (beyond && (!col->read.has_bound || col->read.beyond_uncounted))
			break;
		nkeys = index_keys(col, index, beyond, keys);
		scan = uuid_seq_index_beginscan(rel, index, snapshot, nkeys);
		index_rescan(scan, keys, nkeys, NULL, 0);
		while (index_getnext_slot(scan, direction, slot))
		{
			bool		isnull;
			Datum		datum;
			Considered	considered = CONSIDERED_OTHER;

			CHECK_FOR_INTERRUPTS();
			datum = slot_getattr(slot, attnum, &isnull);
			if (!isnull)
			{
				MemoryContext old = MemoryContextSwitchTo(per_value);

				considered = consider(col, datum);
				MemoryContextSwitchTo(old);
				MemoryContextReset(per_value);
			}

			/*
			 * below the bound, the first value of the family from the end is
			 * the largest within the horizon (a key of the tick after it
			 * can lie below the bound, and is passed over); from the bound
			 * up, any is beyond it
			 */
			if (beyond && considered != CONSIDERED_OTHER)
			{
				col->read.beyond_uncounted = true;
				break;
			}
			if (considered == CONSIDERED_VALUE)
				break;
		}
		index_endscan(scan);
	}
	ExecDropSingleTupleTableSlot(slot);
}

/* Read column attnum of rel whole. */
static void
read_heap(KeyColumn *col, Relation rel, AttrNumber attnum, Snapshot snapshot,
		  MemoryContext per_value)
{
	TupleTableSlot *slot = table_slot_create(rel, NULL);
	TableScanDesc scan = uuid_seq_table_beginscan(rel, snapshot);

	while (table_scan_getnextslot(scan, ForwardScanDirection, slot))
	{
		bool		isnull;
		Datum		datum;

		CHECK_FOR_INTERRUPTS();
		datum = slot_getattr(slot, attnum, &isnull);
		if (!isnull)
		{
			MemoryContext old = MemoryContextSwitchTo(per_value);

			consider(col, datum);
			MemoryContextSwitchTo(old);
			MemoryContextReset(per_value);
		}
	}
	table_endscan(scan);
	ExecDropSingleTupleTableSlot(slot);
}

/*
 * Read col's column in rel (the column's own table, or a partition of it),
 * which the caller has locked: under a snapshot taken now, after the lock,
 * so that a rewrite of the table (ALTER TABLE ... TYPE) that committed
 * while the statement waited for the lock is seen, not a table that looks
 * empty.  Its indexes are locked while read, and released.
 */
static void
read_table(KeyColumn *col, Relation rel, AttrNumber attnum, const ExtensionObjects *ext,
		   const RaiseOptions *opts, MemoryContext per_value)
{
	Relation	index = fitting_index(rel, attnum, col, ext, opts);
	Snapshot	snapshot = RegisterSnapshot(GetLatestSnapshot());

	if (index != NULL)
	{
		Oid			indexid = RelationGetRelid(index);

		read_index(col, rel, index, attnum, snapshot, per_value);
		index_close(index, NoLock);
		unlock_bounded(indexid);
	}
	else
		read_heap(col, rel, attnum, snapshot, per_value);
	UnregisterSnapshot(snapshot);
}

/*
 * What became of col's column while the statement waited for its table's
 * lock (rel, locked): SKIP_NONE when it is as it was found (the same kind
 * of relation, and the column with the same number, type and default: a
 * rename is taken as it is), *dropped when it was dropped, otherwise how it
 * changed.  Nothing of rel is read before this says SKIP_NONE: a table
 * turned into a view (CREATE RULE "_RETURN", before 16) has no storage to
 * scan.
 */
static SkipReason
column_change(KeyColumn *col, Relation rel, bool *dropped)
{
	TupleDesc	desc = RelationGetDescr(rel);
	Form_pg_attribute att;
	char	   *adbin_text;

	*dropped = false;
	if (rel->rd_rel->relkind != col->relkind)
		return SKIP_RELKIND_CHANGED;
	if (col->attnum < 1 || col->attnum > desc->natts ||
		TupleDescAttr(desc, col->attnum - 1)->attisdropped)
	{
		*dropped = true;
		return SKIP_NONE;
	}
	att = TupleDescAttr(desc, col->attnum - 1);
	col->attname = att->attname;
	if (att->atttypid != col->atttypid)
		return SKIP_TYPE_CHANGED;
	adbin_text = effective_default_text(col->relid, col->attnum, att->atttypid);
	if (adbin_text == NULL || strcmp(adbin_text, col->default_text) != 0)
		return SKIP_DEFAULT_CHANGED;
	return SKIP_NONE;
}

/* The number of rel's live column named `name`, or InvalidAttrNumber. */
static AttrNumber
attnum_of(Relation rel, const char *name)
{
	TupleDesc	desc = RelationGetDescr(rel);

	for (int i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		if (!att->attisdropped && strcmp(NameStr(att->attname), name) == 0)
			return att->attnum;
	}
	return InvalidAttrNumber;
}

/*
 * Why col is not raised when the lock of its table, or of its partition
 * part (NULL: the table's own), was not had (lock_bounded()).
 */
static void
lock_not_had(KeyColumn *col, Oid part, LockOutcome outcome)
{
	col->skip = outcome == LOCK_DEADLOCKED ? SKIP_DEADLOCK : SKIP_LOCK_TIMEOUT;
	if (OidIsValid(part))
	{
		col->skip_partition_nsp = get_namespace_name(get_rel_namespace(part));
		col->skip_partition = get_rel_name(part);
	}
}

/*
 * Read col's column in leaf partition `relid` of its partitioned table,
 * locked first and checked under the lock (a partition is never a view,
 * and its column has its parent's type: checked all the same).  A foreign
 * table's rows are not read, with a WARNING; a partitioned one's are its
 * own partitions'.  A partition not locked in time leaves col not raised.
 */
static void
read_leaf(KeyColumn *col, Oid relid, const ExtensionObjects *ext, const RaiseOptions *opts,
		  MemoryContext per_value)
{
	LockOutcome outcome = lock_bounded(relid, opts->lock_wait_ms);
	Relation	part;
	AttrNumber	attnum;

	if (outcome == LOCK_GONE)
		return;					/* dropped meanwhile */
	if (outcome != LOCK_HAD)
	{
		lock_not_had(col, relid, outcome);
		return;
	}
	part = relation_open(relid, NoLock);
	if (part->rd_rel->relkind == RELKIND_FOREIGN_TABLE)
		ereport(WARNING,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("partition \"%s\" of table \"%s\".\"%s\" is a foreign table",
						RelationGetRelationName(part), col->nspname, col->relname),
				 errdetail("Its rows are on another server: uuid_seq_raise_frontiers() does not read them."),
				 errhint("Raise its family's frontier above its keys with uuid_seq_raise_frontier(family, greatest key).")));
	else if (part->rd_rel->relkind == RELKIND_RELATION &&
			 (attnum = attnum_of(part, NameStr(col->attname))) != InvalidAttrNumber &&
			 TupleDescAttr(RelationGetDescr(part), attnum - 1)->atttypid == col->atttypid)
		read_table(col, part, attnum, ext, opts, per_value);
	relation_close(part, NoLock);
	unlock_bounded(relid);
}

/*
 * Read a key column: a table's, or every leaf partition of a partitioned
 * one.  Each table is locked (AccessShareLock, lock_bounded()) before it
 * is read, and the column checked again under the lock; its lock is
 * released once it is read (the table is never used again: what was read
 * is copied), so a database of many tables and partitions never holds one
 * lock per table at once.  A partitioned table's own lock is held while
 * its partitions are read; one of them not locked in time ends the read.
 * col->gone: the table or the column was dropped meanwhile.  *leaves: the
 * partitions of col, under its lock (read, or not read with col).
 */
void
read_column(KeyColumn *col, const ExtensionObjects *ext, const RaiseOptions *opts,
			MemoryContext per_value, List **leaves)
{
	LockOutcome outcome = lock_bounded(col->relid, opts->lock_wait_ms);
	Relation	rel;
	List	   *parts;
	ListCell   *lc;

	if (outcome == LOCK_GONE)
	{
		col->gone = true;		/* dropped meanwhile */
		return;
	}
	if (outcome != LOCK_HAD)
	{
		lock_not_had(col, InvalidOid, outcome);
		return;
	}
	rel = relation_open(col->relid, NoLock);
	col->skip = column_change(col, rel, &col->gone);
	if (!col->gone && col->skip == SKIP_NONE)
	{
		if (col->relkind != RELKIND_PARTITIONED_TABLE)
			read_table(col, rel, col->attnum, ext, opts, per_value);
		else
		{
			/* the partitions as they are under the lock, each locked as read */
			parts = list_delete_first(find_all_inheritors(col->relid, NoLock, NULL));
			*leaves = list_concat(*leaves, parts);
			foreach(lc, parts)
			{
				read_leaf(col, lfirst_oid(lc), ext, opts, per_value);
				if (col->skip != SKIP_NONE)
					break;
			}
		}
	}
	relation_close(rel, NoLock);
	unlock_bounded(col->relid);
}
