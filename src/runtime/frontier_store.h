/*
 * frontier_store.h
 *		The frontier file's I/O ($PGDATA/uuid_seq.frontiers), and the
 *		encoding of every family's word that it shares with the WAL's lease
 *		records.
 */
#ifndef UUID_SEQ_FRONTIER_STORE_H
#define UUID_SEQ_FRONTIER_STORE_H

#include "core/frontier_format.h"
#include "core/registry.h"

#define FRONTIER_FILE_NAME	"uuid_seq.frontiers"

/* Bytes of one encoding of every family's word. */
#define FRONTIER_STORE_BYTES	FRONTIER_FILE_BYTES(FAMILY_COUNT)

/* Encode words[] for this PostgreSQL major. */
extern void frontier_store_encode(uint8 buf[FRONTIER_STORE_BYTES],
								  const uint64 words[FAMILY_COUNT]);

/*
 * Decode len bytes written for this PostgreSQL major: words[i] and
 * present[i] for every family i the encoding holds.
 */
extern FrontierFileStatus frontier_store_decode(const uint8 *buf, size_t len,
												uint64 words[FAMILY_COUNT],
												bool present[FAMILY_COUNT]);

/*
 * Read the file into words[]/present[]; false when it is missing, or
 * unusable (reported with a WARNING: the server always starts).
 */
extern bool frontier_store_read(uint64 words[FAMILY_COUNT],
								bool present[FAMILY_COUNT]);

/*
 * Replace the file durably by one holding words[]; false (having reported
 * at elevel) if not, the file then unchanged.  Never called by two
 * processes at once (the caller holds the lease lock, or is the postmaster
 * at exit).
 */
extern bool frontier_store_write(const uint64 words[FAMILY_COUNT], int elevel);

/*
 * Remove the file durably; false when there was none, or it could not be
 * removed (reported with a WARNING).  Called by the postmaster at start.
 */
extern bool frontier_store_remove(void);

#endif							/* UUID_SEQ_FRONTIER_STORE_H */
