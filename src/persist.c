/*
 * persist.c
 *		Keeping the shared frontiers across restarts (uuid_seq.persist) and
 *		their leases, in the frontier file and, with uuid_seq.wal_frontiers,
 *		in the WAL.
 *
 * The file $PGDATA/uuid_seq.frontiers (written as a .tmp file, then
 * durable_rename) holds one word per family, and at start the fresh
 * frontiers are raised to it, so a clock that went back during the downtime
 * cannot make generation repeat itself.  It is written:
 *
 * - at clean (and immediate) shutdown by the postmaster: the frontiers;
 * - while running, by a backend about to hand out a value at or above its
 *   family's lease: leases LEASE_NS of clock time above the frontiers.  The
 *   new leases are published only once the file (and, with
 *   uuid_seq.wal_frontiers, a WAL record of them: wal.c) is durable, so the
 *   file always lies above every value handed out, and a postmaster that
 *   dies (kill -9, power loss) restarts above them too, even with the clock
 *   behind.  The price: one fsync per LEASE_NS of frontier progress, and
 *   after such a crash the frontier starts up to LEASE_NS ahead of the clock;
 * - in recovery, by the replay of a lease record that reaches this server's
 *   own lease: leases REPLAY_LEASE_NS above the replayed ones, so that a
 *   standby writes its file about once per REPLAY_LEASE_NS of the primary's
 *   frontier progress, not once per record.  The file must lie above every
 *   replayed lease: a restart replays only from the last restartpoint.
 *
 * Leases renewed in recovery (replay, hot-standby generation) cannot be
 * logged.  They are marked unlogged, and once recovery has ended the first
 * value taken from any family renews and logs them before it is handed out
 * (persist_leases_unlogged), so every value a promoted server hands out
 * lies under a logged lease.
 *
 * After a backend crash the postmaster re-initialises shared memory without
 * exiting: its on_shmem_exit callback runs with the old segment still
 * mapped, so it keeps a postmaster-local copy of the frontiers and the new
 * segment starts from the maximum of that copy and the file.
 *
 * A missing file is normal; an unreadable, truncated, damaged or foreign one
 * is reported with a WARNING and ignored: the server always starts.
 */
#include "postgres.h"

#include <fcntl.h>
#include <unistd.h>

#include "access/xlog.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "storage/ipc.h"

#include "core/frontier_file.h"
#include "guc.h"
#include "persist.h"
#include "wal.h"

#define PG_MAJOR	(PG_VERSION_NUM / 10000)

/* O_CREAT | O_EXCL alone refuses a symlink (POSIX); some platforms lack this */
#ifndef O_NOFOLLOW
#define O_NOFOLLOW	0
#endif

/* How far ahead of the frontier (in clock time) a lease reaches. */
#define LEASE_NS	INT64CONST(1000000000)

/* ... and one renewed by the replay of a lease record */
#define REPLAY_LEASE_NS	(10 * LEASE_NS)

/* the frontiers as the segment of the last crash left them (postmaster) */
static bool have_crash_copy = false;
static uint64 crash_copy[GENERATOR_COUNT];
static FrontierOrigin crash_copy_origin[GENERATOR_COUNT];

/* Read the file into words/present; false (having said why) if unusable. */
static bool
read_frontier_file(uint64 *words, bool *present)
{
	uint8		buf[FRONTIER_FILE_MAX_FAMILIES * 12 + 64];
	size_t		len;
	FILE	   *file;
	FrontierFileStatus status;

	file = AllocateFile(FRONTIER_FILE_NAME, PG_BINARY_R);
	if (file == NULL)
	{
		if (errno != ENOENT)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("could not read uuid_seq frontier file \"%s\": %m",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
		else
			elog(DEBUG1, "no uuid_seq frontier file, generators start from the clock");
		return false;
	}
	len = fread(buf, 1, sizeof(buf), file);
	if (ferror(file))
	{
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("could not read uuid_seq frontier file \"%s\": %m",
						FRONTIER_FILE_NAME),
				 errdetail("Generators start from the clock.")));
		FreeFile(file);
		return false;
	}
	FreeFile(file);

	/* one whole message per problem, so that each can be translated */
	status = frontier_file_decode(buf, len, PG_MAJOR, words, present, GENERATOR_COUNT);
	switch (status)
	{
		case FRONTIER_FILE_OK:
			return true;
		case FRONTIER_FILE_TRUNCATED:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it is truncated",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_MAGIC:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it is not a uuid_seq frontier file",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_WRONG_VERSION:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it was written by another version of uuid_seq or PostgreSQL",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_LATER_FORMAT:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it was written by a later release of uuid_seq",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_CHECKSUM:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": its checksum does not match",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_LENGTH:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it has the wrong length",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
	}
	return false;
}

void
persist_restore(UuidSeqShared *shared)
{
	uint64		words[GENERATOR_COUNT] = {0};
	bool		present[GENERATOR_COUNT] = {0};

	if (!uuid_seq_persist)
	{
		/* nothing to lease: the hot path never reaches a lease */
		for (int i = 0; i < GENERATOR_COUNT; i++)
			pg_atomic_write_u64(&shared->frontier[i].lease, PG_UINT64_MAX);
	}
	else if (read_frontier_file(words, present))
	{
		for (int i = 0; i < GENERATOR_COUNT; i++)
		{
			if (!present[i])
				continue;
			pg_atomic_write_u64(&shared->frontier[i].word, words[i]);
			shared->origin[i] = ORIGIN_FILE;
		}
		ereport(LOG,
				(errmsg("uuid_seq restored its frontiers from \"%s\"",
						FRONTIER_FILE_NAME)));
	}

	/* after a crash: never below what the old segment had reached */
	if (have_crash_copy)
	{
		for (int i = 0; i < GENERATOR_COUNT; i++)
		{
			if (crash_copy[i] > pg_atomic_read_u64(&shared->frontier[i].word))
			{
				pg_atomic_write_u64(&shared->frontier[i].word, crash_copy[i]);
				shared->origin[i] = crash_copy_origin[i];
			}
		}
	}

	/* the first value above a restored frontier renews its lease */
	if (uuid_seq_persist)
		for (int i = 0; i < GENERATOR_COUNT; i++)
			pg_atomic_write_u64(&shared->frontier[i].lease,
								pg_atomic_read_u64(&shared->frontier[i].word));
}

/*
 * Write words to the file durably; false (having reported at elevel) if not.
 *
 * The .tmp file is always one this call creates: whatever is at its name (the
 * leftover of an interrupted write, a file we may not write, a symlink
 * planted there) is removed first, never opened, and the file is created
 * with O_CREAT | O_EXCL, which fails rather than follow a symlink (so does
 * O_NOFOLLOW, where the platform has it).  durable_rename then fsyncs the
 * .tmp, renames it over the frontier file and fsyncs the directory.  The
 * rename is the only step that changes the frontier file, so a write that
 * fails leaves it as it was; the .tmp is removed on every failure.
 *
 * Called by a backend holding the lease lock, or by the postmaster at exit,
 * when no backend is left: never two at once.
 */
static bool
write_frontier_file(const uint64 *words, int elevel)
{
	const char *tmp = FRONTIER_FILE_NAME ".tmp";
	uint8		buf[FRONTIER_FILE_MAX_FAMILIES * 12 + 64];
	size_t		len = frontier_file_size(GENERATOR_COUNT);
	int			fd;
	int			save_errno;
	int			rc;

	StaticAssertStmt(GENERATOR_COUNT <= FRONTIER_FILE_MAX_FAMILIES,
					 "too many families for the frontier file");
	frontier_file_encode(buf, PG_MAJOR, words, GENERATOR_COUNT);

	if (unlink(tmp) != 0 && errno != ENOENT)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not remove uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}
	fd = OpenTransientFile(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | PG_BINARY);
	if (fd < 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not create uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}

	errno = 0;
	if (write(fd, buf, len) != (ssize_t) len)
	{
		/* a short write that sets no errno is taken to mean a full disk */
		save_errno = errno != 0 ? errno : ENOSPC;
		(void) CloseTransientFile(fd);
		(void) unlink(tmp);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not write uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}
	if (CloseTransientFile(fd) != 0)
	{
		save_errno = errno;
		(void) unlink(tmp);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not close uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}

	/* at elevel ERROR durable_rename throws: remove the .tmp on the way out */
	PG_TRY();
	{
		rc = durable_rename(tmp, FRONTIER_FILE_NAME, elevel);
	}
	PG_CATCH();
	{
		(void) unlink(tmp);
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (rc != 0)
		(void) unlink(tmp);
	return rc == 0;
}

/* A lease reach_ns of clock time above frontier word `word` of a family. */
static uint64
lease_above(const FrontierFamily *family, uint64 word, int64 reach_ns)
{
	int64		ns = frontier_word_ns(family, word);
	uint64		lease;

	if (ns > PG_INT64_MAX - reach_ns ||
		!family->word_from_ns(family, ns + reach_ns, &lease) || lease <= word)
		return family->max_word;
	return lease;
}

/*
 * Renew every family's lease to reach_ns above its frontier, or above
 * floor[i] where that is higher, make the new leases durable (the file, and
 * the WAL with uuid_seq.wal_frontiers, or mark them unlogged in recovery),
 * then publish them.  Failing to make them durable is reported at elevel; at
 * ERROR the leases stay as they were.  Only with uuid_seq.persist (the lease
 * is the largest word otherwise).  The caller holds lease_lock.
 */
static void
renew_leases(UuidSeqShared *shared, const uint64 *floor, int64 reach_ns,
			 int elevel)
{
	uint64		leases[GENERATOR_COUNT];

	Assert(uuid_seq_persist);
	for (int i = 0; i < GENERATOR_COUNT; i++)
	{
		uint64		frontier = Max(pg_atomic_read_u64(&shared->frontier[i].word), floor[i]);
		uint64		lease = pg_atomic_read_u64(&shared->frontier[i].lease);

		if (frontier != 0)
			lease = Max(lease, lease_above(generator_families[i], frontier, reach_ns));
		leases[i] = lease;
	}
	if (!write_frontier_file(leases, elevel))
		return;
	pg_atomic_write_u32(&shared->leases_unlogged, wal_log_leases(leases) ? 0 : 1);
	for (int i = 0; i < GENERATOR_COUNT; i++)
		pg_atomic_write_u64(&shared->frontier[i].lease, leases[i]);
}

bool
persist_leases_unlogged(UuidSeqShared *shared)
{
	/*
	 * Recovery first: a process that sees it ended (RecoveryInProgress has
	 * a barrier there) also sees the mark set while it lasted.
	 */
	return uuid_seq_wal_frontiers && !RecoveryInProgress() &&
		pg_atomic_read_u32(&shared->leases_unlogged) != 0;
}

void
persist_extend_lease(UuidSeqShared *shared, GeneratorId id, uint64 word)
{
	LWLockAcquire(shared->lease_lock, LW_EXCLUSIVE);
	if (word >= pg_atomic_read_u64(&shared->frontier[id].lease) ||
		persist_leases_unlogged(shared))
	{
		uint64		floor[GENERATOR_COUNT] = {0};

		/* an ERROR releases the lock; the value taken is then never handed out */
		floor[id] = word;
		renew_leases(shared, floor, LEASE_NS, ERROR);
	}
	LWLockRelease(shared->lease_lock);
}

/* Raise an atomic word to at least value. */
static void
raise_word(pg_atomic_uint64 *word, uint64 value)
{
	uint64		current = pg_atomic_read_u64(word);

	while (current < value && !pg_atomic_compare_exchange_u64(word, &current, value))
		;
}

void
persist_replay(UuidSeqShared *shared, const uint64 *words, const bool *present)
{
	uint64		floor[GENERATOR_COUNT] = {0};
	bool		beyond_lease = false;

	for (int i = 0; i < GENERATOR_COUNT; i++)
	{
		if (!present[i])
			continue;
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
	 */
	LWLockAcquire(shared->lease_lock, LW_EXCLUSIVE);
	renew_leases(shared, floor, REPLAY_LEASE_NS, ERROR);
	LWLockRelease(shared->lease_lock);
}

/*
 * on_shmem_exit callback of the postmaster.  code 0: the postmaster is
 * exiting; save the file.  Otherwise shared memory is being reset after a
 * crash: keep the frontiers for persist_restore().
 */
static void
persist_at_exit(int code, Datum arg)
{
	UuidSeqShared *shared = (UuidSeqShared *) DatumGetPointer(arg);
	uint64		words[GENERATOR_COUNT];

	for (int i = 0; i < GENERATOR_COUNT; i++)
	{
		words[i] = pg_atomic_read_u64(&shared->frontier[i].word);
		crash_copy[i] = Max(crash_copy[i], words[i]);
		crash_copy_origin[i] = shared->origin[i];
	}
	have_crash_copy = true;

	if (code == 0 && uuid_seq_persist)
		(void) write_frontier_file(words, LOG);
}

void
persist_register(UuidSeqShared *shared)
{
	if (!IsUnderPostmaster)
		on_shmem_exit(persist_at_exit, PointerGetDatum(shared));
}
