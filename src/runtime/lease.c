/*
 * lease.c
 *		The lease of each shared frontier: restored at start, extended on the
 *		hot path, renewed durably in the frontier file (uuid_seq.persist)
 *		and, with uuid_seq.wal_frontiers, logged in the WAL and replayed
 *		from it.
 *
 * What a lease is, when the file is written, the WAL records and their
 * replay, leases renewed in recovery, the copy kept across a backend crash,
 * and the locking: src/README §12 and §13, the one place they are
 * explained.  Without preload (the named segment of 17 and later) the
 * segment's creator restores the frontiers (lease_attach), and nothing runs
 * at exit: the leases alone keep every family from rewinding (§12).
 */
#include "postgres.h"

#include "access/xlog.h"
#include "miscadmin.h"
#include "storage/ipc.h"

#include "runtime/compat.h"
#include "runtime/frontier_cell.h"
#include "runtime/frontier_store.h"
#include "runtime/guc.h"
#include "runtime/lease.h"

#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "catalog/pg_control.h"
#include "common/controldata_utils.h"
#include "lib/stringinfo.h"

#include "replication/syncrep.h"

#define XLOG_UUID_SEQ_LEASES	0x00
#endif

/* How far ahead of the frontier (in clock time) a lease reaches. */
#define LEASE_NS	INT64CONST(1000000000)

/* ... and one renewed by the replay of a lease record in archive recovery */
#define REPLAY_LEASE_NS	(10 * LEASE_NS)

static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

/* the frontiers as the segment of the last crash left them (postmaster) */
static bool have_crash_copy = false;
static uint64 crash_copy[FAMILY_COUNT];
static FrontierOrigin crash_copy_origin[FAMILY_COUNT];

/* ---- the WAL ---------------------------------------------------------- */

/*
 * With uuid_seq.wal_frontiers: log the leases of every family and flush the
 * record, before they are relied on; *lsn (where given) is then the end of
 * the record.  True when the leases are in the WAL or need not be (the
 * setting is off); false in recovery, where nothing can be logged.
 */
static bool
log_leases(const uint64 leases[FAMILY_COUNT], XLogRecPtr *lsn)
{
#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR
	uint8		buf[FRONTIER_STORE_BYTES];
	XLogRecPtr	end;

	if (!uuid_seq_wal_frontiers)
		return true;
	if (RecoveryInProgress())
		return false;
	frontier_store_encode(buf, leases);
	XLogBeginInsert();
	XLogRegisterData((char *) buf, (int) sizeof(buf));
	end = XLogInsert(UUID_SEQ_RMGR_ID, XLOG_UUID_SEQ_LEASES);
	XLogFlush(end);
	if (lsn != NULL)
		*lsn = end;
#endif
	return true;
}

/*
 * Wait until the synchronous standbys (synchronous_standby_names, as
 * synchronous_commit asks, at most up to their flush) have the WAL up to
 * lsn, as a commit waits for its record; nothing to do for an invalid lsn
 * (nothing was logged) or without synchronous standbys.  A raise needs it:
 * it logs its leases without a transaction id, and the commit of a
 * statement without one waits for no standby, so a failover right after
 * it could lose the raise.  Called without lease_lock held: a standby that
 * is away must not stop every generator of the cluster.  A cancel ends the
 * wait with a WARNING, as it ends a commit's.
 */
static void
wait_for_sync_standbys(XLogRecPtr lsn)
{
#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR
	if (lsn == InvalidXLogRecPtr)
		return;
	/* as at a commit: the wait checks for cancel and termination itself */
	HOLD_INTERRUPTS();
	SyncRepWaitForLSN(lsn, false);
	RESUME_INTERRUPTS();
#endif
}

/* ---- renewal ---------------------------------------------------------- */

/*
 * An instant inside every family's range (2024-01-01 00:00 UTC, in Unix
 * ns), where lease_reach_words() measures a reach.
 */
#define LEASE_REFERENCE_NS	(INT64CONST(1704067200) * INT64CONST(1000000000))

/*
 * The number of words reach_ns of clock time spans in a family.  Every
 * family counts its ticks linearly, so that is the same anywhere in its
 * range; it is measured at LEASE_REFERENCE_NS.  (One tick, should that
 * fail: never none.)
 */
static uint64
lease_reach_words(const FrontierFamily *family, int64 reach_ns)
{
	uint64		from;
	uint64		to;

	if (family->word_from_ns(family, LEASE_REFERENCE_NS, &from) &&
		family->word_from_ns(family, LEASE_REFERENCE_NS + reach_ns, &to) && to > from)
		return to - from;
	return UINT64CONST(1) << family->counter_bits;
}

/*
 * A lease reach_ns of clock time above frontier word `word` of a family,
 * counted in words: a frontier beyond the clock's range (int64 ns end in
 * 2262, and a .NET-ticks frontier may lie before 1677) is leased like any
 * other.  Capped below the family's largest word, which a lease never is: a
 * file that held it would restore the family exhausted.  (A frontier at the
 * last word below it, or at it, is its own lease: the family is used up.)
 */
static uint64
lease_above(const FrontierFamily *family, uint64 word, int64 reach_ns)
{
	uint64		last = family->max_word - 1;

	if (word >= last)
		return word;
	return word + Min(lease_reach_words(family, reach_ns), last - word);
}

/*
 * Renew every family's lease to reach_ns above its frontier, or above
 * floor[i] where that is higher, make the new leases durable (the file, and
 * the WAL with uuid_seq.wal_frontiers, or mark them unlogged in recovery),
 * then publish them.  Failing to make them durable is reported at elevel; at
 * ERROR the leases stay as they were.  *lsn (where given): the end of the
 * WAL record, when one was logged.  Only with uuid_seq.persist (the lease
 * is the largest word otherwise).  The caller holds lease_lock.
 */
static void
renew_leases(UuidSeqShared *shared, const uint64 *floor, int64 reach_ns,
			 int elevel, XLogRecPtr *lsn)
{
	uint64		leases[FAMILY_COUNT];

	Assert(uuid_seq_persist);
	for (int i = 0; i < FAMILY_COUNT; i++)
	{
		uint64		frontier = Max(pg_atomic_read_u64(&shared->frontier[i].word), floor[i]);
		uint64		lease = pg_atomic_read_u64(&shared->frontier[i].lease);

		if (frontier != 0)
			lease = Max(lease, lease_above(family_table[i], frontier, reach_ns));
		leases[i] = lease;
	}
	if (!frontier_store_write(leases, elevel))
		return;
	pg_atomic_write_u32(&shared->leases_unlogged, log_leases(leases, lsn) ? 0 : 1);
	for (int i = 0; i < FAMILY_COUNT; i++)
		pg_atomic_write_u64(&shared->frontier[i].lease, leases[i]);
}

bool
lease_unlogged(UuidSeqShared *shared)
{
	/*
	 * Recovery first: a process that sees it ended (RecoveryInProgress has
	 * a barrier there) also sees the mark set while it lasted.
	 */
	return uuid_seq_wal_frontiers && !RecoveryInProgress() &&
		pg_atomic_read_u32(&shared->leases_unlogged) != 0;
}

void
lease_extend(UuidSeqShared *shared, FamilyId id, uint64 word)
{
	/*
	 * Without persist every lease is the largest word, which a family whose
	 * last word it is (v6, ULID) can take: nothing is renewed, nor written.
	 */
	if (!uuid_seq_persist)
		return;
	LWLockAcquire(&shared->lease_lock, LW_EXCLUSIVE);
	if (word >= pg_atomic_read_u64(&shared->frontier[id].lease) ||
		lease_unlogged(shared))
	{
		uint64		floor[FAMILY_COUNT] = {0};

		/* an ERROR releases the lock; the value taken is then never handed out */
		floor[id] = word;
		renew_leases(shared, floor, LEASE_NS, ERROR, NULL);
	}
	LWLockRelease(&shared->lease_lock);
}

/* ---- persist off ------------------------------------------------------ */

/*
 * With uuid_seq.persist off: remove the file of an earlier start.  It lies
 * below the values this start will hand out, which it never holds: a later
 * start with the setting on would take it for their bound.  Not in binary
 * upgrade: pg_upgrade's runs of a new server leave a copied file alone.
 */
static void
remove_old_file(void)
{
	if (!IsBinaryUpgrade && frontier_store_remove())
		ereport(LOG,
				(errcode(ERRCODE_SUCCESSFUL_COMPLETION),
				 errmsg("uuid_seq removed its frontier file \"%s\" because uuid_seq.persist is off",
						FRONTIER_FILE_NAME),
				 errdetail("The values generated while it is off are kept nowhere; the next start with it on begins from the clock.")));
}

/*
 * Whether this start begins with recovery (the control file says the server
 * did not shut down cleanly), whose replay may meet lease records: a server
 * with persist off refuses them (uuid_seq_redo), and a refused start must
 * leave the file as it was, so the removal waits for the end of redo
 * (uuid_seq_redo_cleanup).  Lease records exist from PostgreSQL 15 only.
 */
static bool
start_replays_wal(void)
{
#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR
	bool		crc_ok;
	ControlFileData *control = get_controlfile(DataDir, &crc_ok);
	bool		replays = !crc_ok || control->state != DB_SHUTDOWNED;

	pfree(control);
	return replays;
#else
	return false;
#endif
}

/* ---- replay ----------------------------------------------------------- */

/* Raise an atomic word to at least value. */
static void
raise_word(pg_atomic_uint64 *word, uint64 value)
{
	uint64		current = pg_atomic_read_u64(word);

	while (current < value && !pg_atomic_compare_exchange_u64(word, &current, value))
		;
}

bool
lease_raise_frontier(UuidSeqShared *shared, FamilyId id, uint64 word, uint64 *before)
{
	uint64		found;
	bool		raised;
	XLogRecPtr	lsn = InvalidXLogRecPtr;

	LWLockAcquire(&shared->lease_lock, LW_EXCLUSIVE);
	found = pg_atomic_read_u64(&shared->frontier[id].word);
	if (before != NULL)
		*before = found;
	raised = word > found;
	if (raised)
	{
		if (uuid_seq_persist)
		{
			uint64		floor[FAMILY_COUNT] = {0};

			/* an ERROR releases the lock; the frontier stays as it was */
			floor[id] = word;
			renew_leases(shared, floor, LEASE_NS, ERROR, &lsn);
		}
		frontier_cell_raise_anchor(shared, id, word);
		raise_word(&shared->frontier[id].word, word);
	}
	LWLockRelease(&shared->lease_lock);
	wait_for_sync_standbys(lsn);
	return raised;
}

#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR

/*
 * Raise the frontiers to the leases a primary logged (words[i] where
 * present[i]); where one reaches this server's own lease, renew this
 * server's leases above them first.
 */
static void
replay_leases(UuidSeqShared *shared, const uint64 *words, const bool *present)
{
	uint64		floor[FAMILY_COUNT] = {0};
	bool		beyond_lease = false;

	for (int i = 0; i < FAMILY_COUNT; i++)
	{
		if (!present[i])
			continue;
		frontier_cell_raise_anchor(shared, i, words[i]);
		raise_word(&shared->frontier[i].word, words[i]);
		if (words[i] >= pg_atomic_read_u64(&shared->frontier[i].lease))
			beyond_lease = true;
	}
	if (!beyond_lease)
		return;					/* the file already lies above the record */

	/*
	 * This server's own leases (and file) must then cover the raised
	 * frontiers before replay goes on: a restartpoint past this record would
	 * leave the file as its only copy.  A failed write stops replay (ERROR
	 * is FATAL in the startup process), which retries the record when the
	 * server starts again.
	 *
	 * In archive recovery (a standby, a point-in-time recovery) the records
	 * come one per second of another server's frontier progress, so the
	 * leases reach REPLAY_LEASE_NS ahead.  A server's own crash recovery
	 * meets only the last few records above its file (an immediate shutdown
	 * saves the frontiers themselves, below the last leases): there they
	 * reach LEASE_NS ahead, as while running, so that a crash after it
	 * restarts at most about LEASE_NS ahead, as after any other crash.
	 */
	LWLockAcquire(&shared->lease_lock, LW_EXCLUSIVE);
	renew_leases(shared, floor,
				 ArchiveRecoveryRequested ? REPLAY_LEASE_NS : LEASE_NS, ERROR, NULL);
	LWLockRelease(&shared->lease_lock);
}

static void
uuid_seq_redo(XLogReaderState *record)
{
	uint64		words[FAMILY_COUNT] = {0};
	bool		present[FAMILY_COUNT] = {0};
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;

	if (info != XLOG_UUID_SEQ_LEASES)
		elog(PANIC, "uuid_seq_redo: unknown op code %u", info);

	/*
	 * A server that replays leases must keep them in its file: a restart
	 * replays only from the last restartpoint, and a promotion after it
	 * would start below the primary's values.  Without uuid_seq.persist
	 * there is no file, so stop here, as a server with wal_frontiers and
	 * without persist does not start (guc.c); the record is replayed again
	 * at the next start.
	 */
	if (!uuid_seq_persist)
		ereport(FATAL,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_seq cannot replay lease records with uuid_seq.persist off"),
				 errdetail("A server that replays lease records keeps them in its frontier file across restarts."),
				 errhint("Turn uuid_seq.persist on and start the server again: replay continues from this record.")));
	switch (frontier_store_decode((const uint8 *) XLogRecGetData(record),
								  XLogRecGetDataLen(record), words, present))
	{
		case FRONTIER_FILE_OK:
			break;
		case FRONTIER_FILE_LATER_FORMAT:
			/* a primary running a later uuid_seq than this server */
			ereport(FATAL,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("uuid_seq cannot replay a lease record of a later release"),
					 errdetail("The primary's uuid_seq writes a frontier format later than %d, the one uuid_seq %s reads.",
							   FRONTIER_FILE_FORMAT, UUID_SEQ_VERSION),
					 errhint("Install the primary's version of uuid_seq on this server, then start it again.")));
			break;
		default:
			elog(PANIC, "uuid_seq_redo: damaged lease record");
	}
	replay_leases(uuid_seq_shared, words, present);
}

/*
 * The end of redo, in the startup process: replay met no lease record it
 * refused, so a start with persist off removes the file now (its removal
 * waited, restore_frontiers).  A crash recovery with nothing to redo does
 * not get here: the file then stays until the next clean start.
 */
static void
uuid_seq_redo_cleanup(void)
{
	if (!uuid_seq_persist)
		remove_old_file();
}

/* The leases of a record, by family name (pg_walinspect shows them). */
static void
uuid_seq_desc(StringInfo buf, XLogReaderState *record)
{
	uint64		words[FAMILY_COUNT] = {0};
	bool		present[FAMILY_COUNT] = {0};
	const char *sep = "";

	if (frontier_store_decode((const uint8 *) XLogRecGetData(record),
							  XLogRecGetDataLen(record), words, present) != FRONTIER_FILE_OK)
	{
		appendStringInfo(buf, "undecodable, %u bytes", XLogRecGetDataLen(record));
		return;
	}
	for (int i = 0; i < FAMILY_COUNT; i++)
	{
		if (!present[i])
			continue;
		appendStringInfo(buf, "%s%s " UINT64_FORMAT, sep, family_names[i], words[i]);
		sep = ", ";
	}
}

static const char *
uuid_seq_identify(uint8 info)
{
	return (info & ~XLR_INFO_MASK) == XLOG_UUID_SEQ_LEASES ? "LEASES" : NULL;
}

static RmgrData uuid_seq_rmgr = {
	.rm_name = "uuid_seq",
	.rm_redo = uuid_seq_redo,
	.rm_desc = uuid_seq_desc,
	.rm_identify = uuid_seq_identify,
	.rm_cleanup = uuid_seq_redo_cleanup,
};

#endif							/* UUID_SEQ_HAVE_CUSTOM_RMGR */

/* ---- start and exit --------------------------------------------------- */

/* Raise the freshly initialised frontiers to what was saved. */
static void
restore_frontiers(UuidSeqShared *shared)
{
	uint64		words[FAMILY_COUNT] = {0};
	bool		present[FAMILY_COUNT] = {0};

	if (!uuid_seq_persist)
	{
		/* nothing to lease: the hot path never reaches a lease */
		for (int i = 0; i < FAMILY_COUNT; i++)
			pg_atomic_write_u64(&shared->frontier[i].lease, PG_UINT64_MAX);

		/* the file of an earlier start goes, once this start is sure */
		if (!start_replays_wal())
			remove_old_file();
	}
	else if (frontier_store_read(words, present))
	{
		for (int i = 0; i < FAMILY_COUNT; i++)
		{
			const FrontierFamily *family = family_table[i];

			/*
			 * A word in the family's first tick is one it never used: 0 is
			 * saved for a family without a value, and earlier releases
			 * restored that as the end of the first tick, which was then
			 * saved and shown as a frontier of 1970 (1900, year 1) restored
			 * from the file.  Such a family starts from the clock.  (Only a
			 * clock in the first tick of the family's range, the first
			 * millisecond of 1970 say, could have made a value there.)
			 */
			if (!present[i] || words[i] >> family->counter_bits == 0)
				continue;

			/*
			 * From the end of the saved word's tick: the node id (or
			 * node_bits) may have changed since the file was written, and
			 * in ULID, TSID and Snowflake values the node id lies above the
			 * counter, so a value of that tick with another node id could
			 * lie below the values already handed out.  At most one tick is
			 * skipped, as by uuid_seq_raise_frontier().
			 */
			words[i] = Min(words[i] | frontier_counter_mask(family), family->max_word);
			pg_atomic_write_u64(&shared->frontier[i].word, words[i]);
			shared->origin[i] = ORIGIN_FILE;
		}
		ereport(LOG,
				(errcode(ERRCODE_SUCCESSFUL_COMPLETION),
				 errmsg("uuid_seq restored its frontiers from \"%s\"",
						FRONTIER_FILE_NAME)));
	}

	/* after a crash: never below what the old segment had reached */
	if (have_crash_copy)
	{
		for (int i = 0; i < FAMILY_COUNT; i++)
		{
			if (crash_copy[i] > pg_atomic_read_u64(&shared->frontier[i].word))
			{
				pg_atomic_write_u64(&shared->frontier[i].word, crash_copy[i]);
				shared->origin[i] = crash_copy_origin[i];
			}
		}
	}

	/*
	 * A restored frontier may lie ahead of the clock (its lease, after a
	 * crash): paced generation carries it at most a second past that
	 */
	for (int i = 0; i < FAMILY_COUNT; i++)
		if (pg_atomic_read_u64(&shared->frontier[i].word) != 0)
			frontier_cell_raise_anchor(shared, i, pg_atomic_read_u64(&shared->frontier[i].word));

	/* the first value above a restored frontier renews its lease */
	if (uuid_seq_persist)
		for (int i = 0; i < FAMILY_COUNT; i++)
			pg_atomic_write_u64(&shared->frontier[i].lease,
								pg_atomic_read_u64(&shared->frontier[i].word));
}

UuidSeqShared *
lease_attach(void)
{
	return shmem_attach_named(restore_frontiers);
}

/*
 * on_shmem_exit callback of the postmaster.  code 0: the postmaster is
 * exiting; save the file.  Otherwise shared memory is being reset after a
 * crash: keep the frontiers for restore_frontiers().
 */
static void
save_frontiers(int code, Datum arg)
{
	UuidSeqShared *shared = (UuidSeqShared *) DatumGetPointer(arg);
	uint64		words[FAMILY_COUNT];

	for (int i = 0; i < FAMILY_COUNT; i++)
	{
		words[i] = pg_atomic_read_u64(&shared->frontier[i].word);
		crash_copy[i] = Max(crash_copy[i], words[i]);
		crash_copy_origin[i] = shared->origin[i];
	}
	have_crash_copy = true;

	/*
	 * Not in binary upgrade: pg_upgrade's runs of a new server would leave
	 * an all-zero file where the old one is to be copied.
	 */
	if (code == 0 && uuid_seq_persist && !IsBinaryUpgrade)
		(void) frontier_store_write(words, LOG);
}

/*
 * After the shared state is made (the previous hook, uuid_seq_shmem_init's,
 * initialises it): in the postmaster, which makes a fresh segment at every
 * start and after every crash, restore the frontiers and arrange to save
 * them.  A backend attaching to the segment has nothing to do.
 */
static void
lease_startup(void)
{
	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	if (IsUnderPostmaster)
		return;
	restore_frontiers(uuid_seq_shared);
	on_shmem_exit(save_frontiers, PointerGetDatum(uuid_seq_shared));
}

void
uuid_seq_lease_init(void)
{
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = lease_startup;
#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR
	RegisterCustomRmgr(UUID_SEQ_RMGR_ID, &uuid_seq_rmgr);
#endif
}
