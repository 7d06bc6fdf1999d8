/*
 * wal.h
 *		Carrying the shared frontiers to standbys through the WAL
 *		(uuid_seq.wal_frontiers, src/README §13).
 */
#ifndef UUID_SEQ_WAL_H
#define UUID_SEQ_WAL_H

#include "generator.h"

/*
 * The custom resource manager id of uuid_seq's WAL records.  Ids 128-255
 * are for extensions; two extensions that register the same one cannot be
 * preloaded together (the server refuses to start, naming both), and a
 * server replaying these records must register it too.
 */
#define UUID_SEQ_RMGR_ID	171

/* Register the resource manager (preloaded, PostgreSQL 15 and later). */
extern void WalInit(void);

/*
 * With uuid_seq.wal_frontiers: log the leases of every family and flush the
 * record, before they are relied on.  True when the leases are in the WAL
 * or need not be (the setting is off); false in recovery, where nothing can
 * be logged: the caller must log them once recovery has ended.
 */
extern bool wal_log_leases(const uint64 leases[GENERATOR_COUNT]);

#endif							/* UUID_SEQ_WAL_H */
