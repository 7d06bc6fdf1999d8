/*
 * shmem.h
 *		Shared state of uuid_seq: one frontier per family and one
 *		statistics slot per backend, in the main shared memory when
 *		preloaded, in a named DSM segment otherwise (PostgreSQL 17+).
 */
#ifndef UUID_SEQ_SHMEM_H
#define UUID_SEQ_SHMEM_H

#include "port/atomics.h"
#include "storage/lwlock.h"
#include "utils/uuid.h"

#include "core/registry.h"
#include "core/shared_head.h"

/* What one backend reports in uuid_seq_backends. */
typedef struct BackendStats
{
	uint64		generated;
	uint64		clock_rollbacks;
	uint64		overflows;
	uint64		cas_retries;
	int64		max_drift_ms;
	pg_uuid_t	last_value;		/* the last uuid value, if has_last_value */
	int64		last_id;		/* the last bigint value, if has_last_id */
	bool		has_last_value;
	bool		has_last_id;
} BackendStats;

/*
 * A backend's slot, written only by its owner.  Readers copy it under the
 * changecount protocol of PgBackendStatus: the owner makes changecount odd
 * while it writes, and a reader retries until it sees the same even count
 * before and after its copy.
 */
typedef struct BackendSlot
{
	uint32		changecount;
	int			pid;			/* 0 when the slot is free */
	Oid			userid;			/* session user, for visibility */
	uint64		stats_epoch;	/* stats are zero unless this is current */
	BackendStats stats;
} BackendSlot;

/*
 * A family's frontier, its lease and its pace anchor, on a cache line of
 * their own.  With uuid_seq.persist, no value at or above the lease is
 * handed out before the frontier file (and, with uuid_seq.wal_frontiers, the
 * WAL) holds a larger lease (lease.c); otherwise the lease is the largest
 * uint64.  The anchor is FrontierCell.anchor (core/allocator.h): Unix ns
 * past which, and pace_ns more, only a superuser's generation carries the
 * frontier (src/README §1, "Pacing").
 */
typedef struct SharedFrontier
{
	pg_atomic_uint64 word;
	pg_atomic_uint64 lease;
	pg_atomic_uint64 anchor;
	char		pad[PG_CACHE_LINE_SIZE - 3 * sizeof(pg_atomic_uint64)];
} SharedFrontier;

typedef union PaddedSlot
{
	BackendSlot slot;
	char		pad[2 * PG_CACHE_LINE_SIZE];
} PaddedSlot;

/* Where the frontiers live (uuid_seq_frontiers_in()). */
typedef enum FrontiersIn
{
	FRONTIERS_SESSION,			/* a backend variable per family */
	FRONTIERS_SHARED_MEMORY,	/* preloaded: the main shared memory */
	FRONTIERS_NAMED_SEGMENT		/* 17+ without preload: a named DSM segment */
} FrontiersIn;

/* Where a shared frontier started from at server start. */
typedef enum FrontierOrigin
{
	ORIGIN_CLOCK,				/* nothing saved: the clock */
	ORIGIN_FILE					/* the file written at the last shutdown */
} FrontierOrigin;

/*
 * The head of UuidSeqShared (core/shared_head.h): a backend attaching the
 * named segment checks that the build that made it laid it out as its own
 * does (a package upgrade without a restart loads a new library beside an
 * old segment of the same name).  Bump UUID_SEQ_SHARED_LAYOUT whenever
 * UuidSeqShared, SharedFrontier or BackendSlot changes.
 */
#define UUID_SEQ_SHARED_LAYOUT	2	/* 2: SharedFrontier.anchor (1.3) */

typedef struct UuidSeqShared
{
	SharedHead	head;			/* UUID_SEQ_SHARED_LAYOUT, sizeof(UuidSeqShared) */
	/* the frontiers start on a cache line of their own, as without a head */
	char		head_pad[PG_CACHE_LINE_SIZE - sizeof(SharedHead)];
	SharedFrontier frontier[FAMILY_COUNT];
	FrontierOrigin origin[FAMILY_COUNT];
	LWLock		lease_lock;		/* serialises lease extensions */
	pg_atomic_uint32 leases_unlogged;	/* 1: renewed in recovery, not in
										 * the WAL yet */
	pg_atomic_uint64 stats_epoch;	/* bumped by uuid_seq_reset_stats() */
	int			nslots;			/* entries of "uuid_seq backend slots" */
} UuidSeqShared;

/*
 * Attached shared state, or NULL: before the named segment's first use in
 * this backend, and always before 17 without preload.  lease_shared()
 * (lease.h) attaches it.
 */
extern UuidSeqShared *uuid_seq_shared;

/* Preloading only: request and initialise the shared state. */
extern void uuid_seq_shmem_init(void);

/*
 * Without preload, on 17 and later: attach the named segment "uuid_seq",
 * which holds the same UuidSeqShared (and the backend slots after it).
 * The one backend that creates it initialises it and calls restore(shared)
 * on it, under the DSM registry's lock, before any other backend can attach;
 * restore must not raise an ERROR.  Sets uuid_seq_shared; raises SQLSTATE
 * 55000 instead when another build of the library made the segment.  Before
 * 17 there is no such segment: NULL.
 */
extern UuidSeqShared *shmem_attach_named(void (*restore) (UuidSeqShared *shared));

/* Where this backend's frontiers live (or will, at first use). */
extern FrontiersIn shmem_frontiers_in(void);

/* This backend's slot (claimed on first use), or NULL without one. */
extern BackendSlot *shmem_my_slot(void);

/* Account one generated value in the owner's slot. */
extern void shmem_slot_record(BackendSlot *slot, const BackendStats *delta);

/*
 * Consistent copy of slot i; false when the slot is free.  Counters read
 * as zero when they predate the last reset.
 */
extern bool shmem_slot_read(int i, int *pid, Oid *userid, BackendStats *stats);

extern void shmem_reset_stats(void);

#endif							/* UUID_SEQ_SHMEM_H */
