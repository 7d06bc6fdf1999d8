/*
 * shmem.c
 *		Shared state of uuid_seq: one frontier per family and one
 *		statistics slot per backend, in the main shared memory when
 *		preloaded, in a named DSM segment otherwise (PostgreSQL 17+).
 *
 * Preloaded, two allocations, named as pg_shmem_allocations shows them:
 * "uuid_seq" (UuidSeqShared: for each of the FAMILY_COUNT families its
 * frontier word, lease and pace anchor, three pg_atomic_uint64 on a cache
 * line of their own, and where it started from; the lease lock and the statistics epoch)
 * and "uuid_seq backend slots" (one PaddedSlot per PGPROC that can run SQL,
 * MaxBackends of them, indexed by proc number).  Without preload, on 17 and
 * later, the same two in one named DSM segment, "uuid_seq" (as
 * pg_dsm_registry_allocations shows it on 18+), attached by each backend at
 * its first use and initialised, once, by the backend that creates it,
 * under the DSM registry's lock.  src/README §11.
 *
 * Locking and memory ordering:
 * - A frontier word is only changed by pg_atomic_compare_exchange_u64 (see
 *   core/allocator.c), which is a full barrier; no lock is ever taken on it.
 *   Nor on a pace anchor, which only grows, by compare-exchange too.
 * - A lease is only raised, under lease_lock, after the file (and, with
 *   uuid_seq.wal_frontiers, the WAL record) holding the new value is
 *   durable (lease.c); the hot path only reads it.
 * - A slot is written only by the backend that owns it, bracketed by the
 *   changecount protocol (shmem.h); readers never block the owner.
 * - uuid_seq_reset_stats() only bumps stats_epoch; each owner zeroes its
 *   own counters when it next writes, and readers show zero meanwhile, so
 *   no two processes ever write the same slot.
 * - AddinShmemInitLock serialises the initialisation at startup; the DSM
 *   registry's lock on its entry serialises the named segment's.
 * - The lease lock lives inside the struct (a pointer would not do: a DSM
 *   segment lies at another address in each backend); its tranche is named
 *   "uuid_seq" in each process that uses it.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "postmaster/autovacuum.h"
#include "replication/walsender.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/memutils.h"

#include "runtime/compat.h"
#include "runtime/shmem.h"

UuidSeqShared *uuid_seq_shared = NULL;
static PaddedSlot *backend_slots = NULL;

static BackendSlot *my_slot = NULL;

/* uuid_seq_shmem_init() ran: the frontiers are in the main shared memory */
static bool preloaded_shmem = false;
static bool my_slot_claimed = false;

static shmem_startup_hook_type prev_shmem_startup_hook = NULL;
#ifdef UUID_SEQ_HAVE_SHMEM_REQUEST_HOOK
static shmem_request_hook_type prev_shmem_request_hook = NULL;
#endif

/*
 * Number of PGPROCs that can run SQL.  MaxBackends is set by then from 15 on;
 * before, _PG_init runs first, so count it as InitializeMaxBackends() does.
 */
static int
backend_slot_count(void)
{
#ifdef UUID_SEQ_HAVE_SHMEM_REQUEST_HOOK
	return MaxBackends;
#else
	return MaxConnections + autovacuum_max_workers + 1 +
		max_worker_processes + max_wal_senders;
#endif
}

static Size
slots_size(int nslots)
{
	return mul_size(nslots, sizeof(PaddedSlot));
}

static void
shmem_request(void)
{
#ifdef UUID_SEQ_HAVE_SHMEM_REQUEST_HOOK
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
#endif
	RequestAddinShmemSpace(add_size(sizeof(UuidSeqShared),
									slots_size(backend_slot_count())));
}

/*
 * Initialise fresh shared state, wherever it lies: this build's head
 * (only the named segment's is checked), every frontier 0 (no
 * value yet: restored from the file or taken from the clock later), the
 * lease lock, the statistics epoch, every slot free.
 */
static void
init_shared(UuidSeqShared *shared, PaddedSlot *slots, int nslots)
{
	memset(shared, 0, sizeof(UuidSeqShared));
	memset(slots, 0, slots_size(nslots));
	shared_head_init(&shared->head, UUID_SEQ_SHARED_LAYOUT, sizeof(UuidSeqShared));
	for (int i = 0; i < FAMILY_COUNT; i++)
	{
		pg_atomic_init_u64(&shared->frontier[i].word, 0);
		pg_atomic_init_u64(&shared->frontier[i].lease, 0);
		pg_atomic_init_u64(&shared->frontier[i].anchor, 0);
		shared->origin[i] = ORIGIN_CLOCK;
	}
	pg_atomic_init_u64(&shared->stats_epoch, 1);
	pg_atomic_init_u32(&shared->leases_unlogged, 0);
	shared->nslots = nslots;
	LWLockInitialize(&shared->lease_lock, uuid_seq_new_tranche("uuid_seq"));
}

static void
shmem_startup(void)
{
	bool		found;
	bool		slots_found;
	int			nslots = backend_slot_count();

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	uuid_seq_shared = ShmemInitStruct("uuid_seq", sizeof(UuidSeqShared), &found);
	backend_slots = ShmemInitStruct("uuid_seq backend slots", slots_size(nslots),
									&slots_found);
	Assert(found == slots_found);
	if (!found)
		init_shared(uuid_seq_shared, backend_slots, nslots);
	LWLockRelease(AddinShmemInitLock);
	uuid_seq_register_tranche(uuid_seq_shared->lease_lock.tranche, "uuid_seq");
}

void
uuid_seq_shmem_init(void)
{
	preloaded_shmem = true;
#ifdef UUID_SEQ_HAVE_SHMEM_REQUEST_HOOK
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = shmem_request;
#else
	shmem_request();
#endif
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = shmem_startup;
}

#ifdef UUID_SEQ_HAVE_DSM_REGISTRY

/* the named segment's restore callback, for its init callback */
static void (*segment_restore) (UuidSeqShared *shared) = NULL;

/* The named segment: the struct, then the slots on a cache line boundary. */
static Size
segment_slots_offset(void)
{
	return TYPEALIGN(PG_CACHE_LINE_SIZE, sizeof(UuidSeqShared));
}

static Size
segment_size(void)
{
	return add_size(segment_slots_offset(), slots_size(MaxBackends));
}

/*
 * GetNamedDSMSegment's init callback: run once, by the segment's creator.
 * It must never raise an ERROR: older 17 and 18 minors keep the segment
 * registered but half-initialised after one, for every later backend.  So
 * restore only warns (lease.c), and the layout is checked after the call.
 */
static void
init_segment(UUID_SEQ_DSM_INIT_ARGS(ptr))
{
	UuidSeqShared *shared = ptr;

	init_shared(shared, (PaddedSlot *) ((char *) ptr + segment_slots_offset()),
				MaxBackends);
	segment_restore(shared);
}

/* Refuse (55000) a named segment that another build of the library made. */
static void
check_segment_head(const SharedHead *head)
{
	switch (shared_head_check(head, UUID_SEQ_SHARED_LAYOUT, sizeof(UuidSeqShared)))
	{
		case SHARED_HEAD_OK:
			return;
		case SHARED_HEAD_NOT_OURS:
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("the uuid_seq shared frontiers were made by another build of the library"),
					 errdetail("The named segment \"uuid_seq\" does not start with the mark of uuid_seq."),
					 errhint("Restart the server.")));
			break;
		case SHARED_HEAD_OTHER_LAYOUT:
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("the uuid_seq shared frontiers were made by another build of the library"),
					 errdetail("The named segment \"uuid_seq\" has layout %u, this library expects layout %u.",
							   head->layout, UUID_SEQ_SHARED_LAYOUT),
					 errhint("Restart the server.")));
			break;
		case SHARED_HEAD_OTHER_SIZE:
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("the uuid_seq shared frontiers were made by another build of the library"),
					 errdetail("The named segment \"uuid_seq\" holds %llu bytes of shared state, this library expects %llu.",
							   (unsigned long long) head->size,
							   (unsigned long long) sizeof(UuidSeqShared)),
					 errhint("Restart the server.")));
			break;
	}
}

UuidSeqShared *
shmem_attach_named(void (*restore) (UuidSeqShared *shared))
{
	bool		found;
	char	   *segment;

	Assert(uuid_seq_shared == NULL && !process_shared_preload_libraries_in_progress);
	segment_restore = restore;
	segment = uuid_seq_get_named_segment("uuid_seq", segment_size(), init_segment, &found);

	/*
	 * The segment outlives a package upgrade until the restart, and keeps
	 * its name (a name per version would make two sets of frontiers, and
	 * duplicates).  GetNamedDSMSegment refuses a segment of another size
	 * itself and reports no size; a changed layout of the same size is
	 * caught here, before anything of the segment is used.
	 */
	check_segment_head(&((UuidSeqShared *) segment)->head);
	uuid_seq_register_tranche(((UuidSeqShared *) segment)->lease_lock.tranche, "uuid_seq");
	backend_slots = (PaddedSlot *) (segment + segment_slots_offset());
	uuid_seq_shared = (UuidSeqShared *) segment;
	return uuid_seq_shared;
}

#else

UuidSeqShared *
shmem_attach_named(void (*restore) (UuidSeqShared *shared))
{
	return NULL;
}

#endif							/* UUID_SEQ_HAVE_DSM_REGISTRY */

FrontiersIn
shmem_frontiers_in(void)
{
	if (preloaded_shmem)
		return FRONTIERS_SHARED_MEMORY;
#ifdef UUID_SEQ_HAVE_DSM_REGISTRY
	return FRONTIERS_NAMED_SEGMENT;
#else
	return FRONTIERS_SESSION;
#endif
}

static inline void
slot_write_begin(BackendSlot *slot)
{
	slot->changecount++;
	pg_write_barrier();
}

static inline void
slot_write_end(BackendSlot *slot)
{
	pg_write_barrier();
	slot->changecount++;
}

static void
release_slot(int code, Datum arg)
{
	slot_write_begin(my_slot);
	my_slot->pid = 0;
	slot_write_end(my_slot);
	my_slot = NULL;
}

BackendSlot *
shmem_my_slot(void)
{
	int			procno;

	if (my_slot_claimed)
		return my_slot;
	my_slot_claimed = true;
	if (uuid_seq_shared == NULL || MyProc == NULL)
		return NULL;
	procno = UUID_SEQ_MY_PROC_NUMBER;
	if (procno < 0 || procno >= uuid_seq_shared->nslots)
		return NULL;

	my_slot = &backend_slots[procno].slot;
	slot_write_begin(my_slot);
	my_slot->pid = MyProcPid;
	my_slot->userid = GetSessionUserId();
	my_slot->stats_epoch = pg_atomic_read_u64(&uuid_seq_shared->stats_epoch);
	memset(&my_slot->stats, 0, sizeof(BackendStats));
	slot_write_end(my_slot);
	before_shmem_exit(release_slot, (Datum) 0);
	return my_slot;
}

void
shmem_slot_record(BackendSlot *slot, const BackendStats *delta)
{
	uint64		epoch = pg_atomic_read_u64(&uuid_seq_shared->stats_epoch);
	BackendStats *stats = &slot->stats;

	slot_write_begin(slot);
	if (slot->stats_epoch != epoch)
	{
		memset(stats, 0, sizeof(BackendStats));
		slot->stats_epoch = epoch;
	}
	stats->generated += delta->generated;
	stats->clock_rollbacks += delta->clock_rollbacks;
	stats->overflows += delta->overflows;
	stats->cas_retries += delta->cas_retries;
	stats->max_drift_ms = Max(stats->max_drift_ms, delta->max_drift_ms);
	if (delta->has_last_value)
	{
		stats->last_value = delta->last_value;
		stats->has_last_value = true;
	}
	if (delta->has_last_id)
	{
		stats->last_id = delta->last_id;
		stats->has_last_id = true;
	}
	slot_write_end(slot);
}

bool
shmem_slot_read(int i, int *pid, Oid *userid, BackendStats *stats)
{
	volatile BackendSlot *slot = &backend_slots[i].slot;
	BackendSlot copy;

	for (;;)
	{
		uint32		before = slot->changecount;

		pg_read_barrier();
		memcpy(&copy, (BackendSlot *) slot, sizeof(BackendSlot));
		pg_read_barrier();
		if (before == slot->changecount && (before & 1) == 0)
			break;
		CHECK_FOR_INTERRUPTS();
	}
	if (copy.pid == 0)
		return false;
	*pid = copy.pid;
	*userid = copy.userid;
	*stats = copy.stats;
	if (copy.stats_epoch != pg_atomic_read_u64(&uuid_seq_shared->stats_epoch))
	{
		/* reset since the owner last wrote: counters read as zero */
		stats->generated = stats->clock_rollbacks = stats->overflows = 0;
		stats->cas_retries = 0;
		stats->max_drift_ms = 0;
	}
	return true;
}

void
shmem_reset_stats(void)
{
	if (uuid_seq_shared != NULL)
		pg_atomic_fetch_add_u64(&uuid_seq_shared->stats_epoch, 1);
}
