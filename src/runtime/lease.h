/*
 * lease.h
 *		The lease: how far each shared frontier may advance before the
 *		frontier file (and, with uuid_seq.wal_frontiers, the WAL) holds a
 *		larger value; restored at start, renewed, logged and replayed here.
 *		The design: src/README §12 and §13.
 */
#ifndef UUID_SEQ_LEASE_H
#define UUID_SEQ_LEASE_H

#include "runtime/guc.h"
#include "runtime/shmem.h"

/*
 * The custom resource manager id of uuid_seq's WAL records.  Ids 128-255
 * are for extensions; two extensions that register the same one cannot be
 * preloaded together (the server refuses to start, naming both), and a
 * server replaying these records must register it too.
 */
#define UUID_SEQ_RMGR_ID	171

/*
 * Preloading only: restore the frontiers whenever the postmaster makes the
 * shared state (after uuid_seq_shmem_init's hook), keep them when it goes,
 * and register the resource manager (PostgreSQL 15 and later).
 */
extern void uuid_seq_lease_init(void);

/*
 * The shared frontiers, or NULL when there are none (before 17 without
 * preload).  Without preload, on 17 and later, the first call in a backend
 * attaches the named segment (lease_attach), whose first user restores the
 * frontiers from the file, as the postmaster does when preloaded.
 */
extern UuidSeqShared *lease_attach(void);

static inline UuidSeqShared *
lease_shared(void)
{
	if (likely(uuid_seq_shared != NULL))
		return uuid_seq_shared;
	return lease_attach();
}

/*
 * True when the published leases were renewed in recovery and recovery has
 * since ended: the next value must log them first (lease_extend).
 */
extern bool lease_unlogged(UuidSeqShared *shared);

/*
 * Make the file (and the WAL) cover `word` of family id, renewing every
 * lease durably: before a value at or above its family's lease, or under
 * unlogged leases, is handed out.  Raises an ERROR if they cannot be made
 * durable; the value is then never handed out.
 */
extern void lease_extend(UuidSeqShared *shared, FamilyId id, uint64 word);

/*
 * Raise family id's frontier to at least word, after a lease above it is
 * durable (the file, and the WAL with uuid_seq.wal_frontiers): every later
 * value of the family lies above.  With uuid_seq.wal_frontiers it returns
 * once the synchronous standbys have that WAL, as a commit would.  False
 * when the frontier already was.  With `before`, also the frontier the
 * raise found.
 */
extern bool lease_raise_frontier(UuidSeqShared *shared, FamilyId id, uint64 word,
								 uint64 *before);

/*
 * The hot path: word, just taken from family id, is covered on return.
 * Without uuid_seq.wal_frontiers (the default) no lease is ever unlogged,
 * and the test costs no call.
 */
static inline void
lease_cover(UuidSeqShared *shared, FamilyId id, uint64 word)
{
	if (word >= pg_atomic_read_u64(&shared->frontier[id].lease) ||
		(uuid_seq_wal_frontiers && lease_unlogged(shared)))
		lease_extend(shared, id, word);
}

#endif							/* UUID_SEQ_LEASE_H */
