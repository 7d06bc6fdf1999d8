/*
 * ksuid.h
 *		KSUID, Segment's K-Sortable Unique IDentifier (src/README §20): the
 *		family, its layout, and the 27-character base62 text form.
 *
 * Pure C (no PostgreSQL headers).  A KSUID is 20 bytes:
 *
 *		seconds since 2014-05-13 16:53:20 UTC (1400000000):32 | payload:128
 *
 * big-endian, so byte order is time order; the text is the 160 bits as a
 * base62 number (0-9, A-Z, a-z, ASCII order) zero-padded to 27 characters,
 * so text order (C collation) is byte order too.  uuid_seq fills the
 * payload as counter:32 | node:node_bits | random:(96 - node_bits), and
 * its frontier word is seconds << 32 | counter: a counter, not the payload
 * of Segment's Sequence, orders the values of one second.
 */
#ifndef UUID_SEQ_KSUID_H
#define UUID_SEQ_KSUID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"

#define KSUID_BYTES			FRONTIER_VALUE_KSUID
#define KSUID_TEXT_LEN		27
#define KSUID_EPOCH_S		INT64_C(1400000000)
#define KSUID_COUNTER_BITS	32

/*
 * The generator's range: the type holds seconds up to 2^32 - 1 past the
 * epoch (2150-06-19 23:21:35 UTC), the family all but that last second,
 * whose last word would be the largest uint64, which the leases keep for
 * a frontier without persistence (src/README §12).
 */
#define KSUID_FAMILY_MAX_TICK	(UINT64_C(0xFFFFFFFF) - 1)
#define KSUID_RANGE \
	"2014-05-13 16:53:20 UTC to 2150-06-19 23:21:34 UTC"
/* the type's: ksuid_bound_at_unix_us() takes its last second too */
#define KSUID_TYPE_RANGE \
	"2014-05-13 16:53:20 UTC to 2150-06-19 23:21:35 UTC"

typedef enum KsuidTextStatus
{
	KSUID_TEXT_OK = 0,
	KSUID_TEXT_BAD_LENGTH,		/* not 27 characters */
	KSUID_TEXT_BAD_CHAR,		/* outside 0-9, A-Z, a-z */
	KSUID_TEXT_OVERFLOW			/* above 2^160 - 1 ("aWgEPTl1tmebfsQzFP4bxwgy80V") */
} KsuidTextStatus;

/*
 * The KSUID frontier: seconds:32 | counter:32, the counter starting at
 * random below 2^31 in a new second.  Its encode callback writes the
 * counter in bytes 4-7, node_id in the top node_bits of bytes 8-15 and
 * `random` below it; bytes 16-19 stay zero (ksuid_generate() fills them
 * with 32 more random bits; the smallest value of a word has them zero).
 */
extern const FrontierFamily ksuid_family;

/* The seconds since the Unix epoch of a KSUID (its time field). */
extern int64_t ksuid_unix_seconds(const uint8_t k[KSUID_BYTES]);

/*
 * The smallest KSUID of the second that holds an explicit time (Unix
 * microseconds): its time field, the payload zero; false outside the
 * type's range (1400000000 to 1400000000 + 2^32 - 1 s).
 */
extern bool ksuid_bound_at_unix_us(int64_t us, uint8_t out[KSUID_BYTES]);

/* 27 base62 characters (not NUL-terminated). */
extern void ksuid_to_text(const uint8_t k[KSUID_BYTES], char out[KSUID_TEXT_LEN]);

/*
 * Parse `len` bytes of text; never reads past them.  *bad_pos is the
 * 0-based position of the first character outside the alphabet
 * (KSUID_TEXT_BAD_CHAR, reported before a wrong length: a non-ASCII
 * character's bytes are all outside it).  On anything but KSUID_TEXT_OK, `out` is
 * unspecified.
 */
extern KsuidTextStatus ksuid_from_text(const char *text, size_t len,
									   uint8_t out[KSUID_BYTES], size_t *bad_pos);

#endif							/* UUID_SEQ_KSUID_H */
