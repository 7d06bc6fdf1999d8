/*
 * persist.h
 *		Keeping the shared frontiers across restarts (uuid_seq.persist) and
 *		their leases (in the WAL too with uuid_seq.wal_frontiers).
 */
#ifndef UUID_SEQ_PERSIST_H
#define UUID_SEQ_PERSIST_H

#include "shmem.h"

#define FRONTIER_FILE_NAME	"uuid_seq.frontiers"

/* Raise the freshly initialised frontiers to what was saved; postmaster only. */
extern void persist_restore(UuidSeqShared *shared);

/* Arrange for the frontiers to be saved when the postmaster's shmem goes. */
extern void persist_register(UuidSeqShared *shared);

/*
 * True when the published leases were renewed in recovery and recovery has
 * since ended: the next value must log them first (persist_extend_lease).
 */
extern bool persist_leases_unlogged(UuidSeqShared *shared);

/*
 * Make the file (and the WAL) cover `word`, just taken from family id and at
 * or above its lease or under unlogged leases, before it is handed out:
 * renews every lease durably.
 */
extern void persist_extend_lease(UuidSeqShared *shared, GeneratorId id,
								 uint64 word);

/*
 * Raise the frontiers to the leases a primary logged (words[i] where
 * present[i]) and renew this server's leases above them: the redo of a
 * lease record (wal.c).
 */
extern void persist_replay(UuidSeqShared *shared, const uint64 *words,
						   const bool *present);

#endif							/* UUID_SEQ_PERSIST_H */
