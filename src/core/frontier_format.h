/*
 * frontier_format.h
 *		The byte format of the shared frontiers: the frontier file
 *		(uuid_seq.persist) and the body of a lease record in the WAL
 *		(uuid_seq.wal_frontiers), src/README §12 and §13.
 *
 * Pure C (no PostgreSQL headers), so the decoder can be fuzzed.  Layout,
 * all integers little-endian:
 *
 *		magic u32 | format u32 | pg_major u32 | count u32
 *		count × (family u32 | word u64)
 *		checksum u64 (FNV-1a 64 of every byte before it)
 *
 * Families are identified by their number, so a file written before a family
 * existed restores the others; unknown families are ignored.  A file of an
 * earlier PostgreSQL major is read (the words do not depend on the server:
 * a file copied across pg_upgrade restores the frontiers), one of a later
 * major is not.
 */
#ifndef UUID_SEQ_FRONTIER_FORMAT_H
#define UUID_SEQ_FRONTIER_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FRONTIER_FILE_MAGIC		UINT32_C(0x71657375)	/* "useq" in the file's byte order */
#ifndef FRONTIER_FILE_FORMAT	/* test/t/013_wal_faults.pl builds the next */
#define FRONTIER_FILE_FORMAT	1
#endif
#define FRONTIER_FILE_MAX_FAMILIES 64

typedef enum FrontierFileStatus
{
	FRONTIER_FILE_OK = 0,
	FRONTIER_FILE_TRUNCATED,	/* shorter than its header says */
	FRONTIER_FILE_BAD_MAGIC,	/* not a frontier file */
	FRONTIER_FILE_WRONG_VERSION,	/* an earlier format or a later PostgreSQL
									 * major */
	FRONTIER_FILE_LATER_FORMAT, /* a format of a later release */
	FRONTIER_FILE_BAD_CHECKSUM, /* damaged */
	FRONTIER_FILE_BAD_LENGTH	/* bytes beyond the checksum, or too many */
} FrontierFileStatus;

#define FRONTIER_FILE_HEADER_BYTES	16
#define FRONTIER_FILE_ENTRY_BYTES	12
#define FRONTIER_FILE_CHECKSUM_BYTES 8

/* Bytes needed for n families (a constant expression for constant n). */
#define FRONTIER_FILE_BYTES(n) \
	(FRONTIER_FILE_HEADER_BYTES + (size_t) (n) * FRONTIER_FILE_ENTRY_BYTES + \
	 FRONTIER_FILE_CHECKSUM_BYTES)

/* Write words[0..n) as families 0..n-1 into buf (FRONTIER_FILE_BYTES(n) bytes). */
extern void frontier_file_encode(uint8_t *buf, uint32_t pg_major,
								 const uint64_t *words, unsigned n);

/*
 * Read a file of len bytes.  On FRONTIER_FILE_OK, words[i] and present[i]
 * are set for every family i < n the file holds; others are left alone.
 */
extern FrontierFileStatus frontier_file_decode(const uint8_t *buf, size_t len,
											   uint32_t pg_major,
											   uint64_t *words, bool *present,
											   unsigned n);

#endif							/* UUID_SEQ_FRONTIER_FORMAT_H */
