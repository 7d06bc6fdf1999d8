/*
 * persist.h
 *		Keeping the shared frontiers across restarts (uuid_seq.persist).
 */
#ifndef UUID_SEQ_PERSIST_H
#define UUID_SEQ_PERSIST_H

#include "shmem.h"

#define FRONTIER_FILE_NAME	"uuid_seq.frontiers"

/* Raise the freshly initialised frontiers to what was saved; postmaster only. */
extern void persist_restore(UuidSeqShared *shared);

/* Arrange for the frontiers to be saved when the postmaster's shmem goes. */
extern void persist_register(UuidSeqShared *shared);

#endif							/* UUID_SEQ_PERSIST_H */
