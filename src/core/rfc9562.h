/*
 * rfc9562.h
 *		RFC 9562 layouts: version and variant fields, the time fields of
 *		versions 1, 6 and 7, and the UUIDv7 family.
 *
 * Pure C (no PostgreSQL headers).  A uuid is 16 bytes in the order of its
 * canonical text form.
 */
#ifndef UUID_SEQ_RFC9562_H
#define UUID_SEQ_RFC9562_H

#include <stdbool.h>
#include <stdint.h>

#include "allocator.h"

#define UUID_BYTES			16

/* UUIDv7: unix_ts_ms:48 | ver:4 | rand_a:12 | var:2 | rand_b:62 (§5.7) */
#define UUIDV7_SUBMS_BITS	12
#define UUIDV7_RAND_B_BITS	62
#define NODE_BITS_MAX		16

/* 100-ns ticks from 1582-10-15 (the Gregorian epoch of v1/v6) to 1970-01-01 */
#define GREGORIAN_TO_UNIX_100NS	UINT64_C(0x01B21DD213814000)

/*
 * Set the version nibble (the high nibble of byte 6) and the RFC 9562
 * variant (the top two bits of byte 8: 10), keeping every other bit.
 */
static inline void
uuid_set_version(uint8_t u[UUID_BYTES], unsigned version)
{
	u[6] = (uint8_t) (version << 4 | (u[6] & 0x0f));
	u[8] = (uint8_t) (0x80 | (u[8] & 0x3f));
}

/*
 * The v7 frontier T = unix_ts_ms << 12 | rand_a (§6.2 method 3); the
 * family's callbacks call the functions below.
 */
extern const FrontierFamily uuidv7_family;

extern bool uuidv7_word_from_ns(int64_t ns, uint64_t *word);
extern int64_t uuidv7_word_to_ns(uint64_t word);

/*
 * The same at microsecond precision, for explicit times (Unix ns in an
 * int64 end in 2262; the v7 range goes on to 10889).
 */
extern bool uuidv7_word_from_unix_us(int64_t us, uint64_t *word);
extern int64_t uuidv7_word_to_unix_us(uint64_t word);

/*
 * Move a v7 word by delta_us, keeping its sub-ms steps apart (used by
 * uuidv7(interval)); false when the result leaves the v7 range.
 */
extern bool uuidv7_shift_word(uint64_t word, int64_t delta_us, uint64_t *shifted);

/*
 * The words uuidv7_shift_word() adds for delta_us, the same for every word
 * (whole ms times 4096, then the sub-ms part's steps); false when the
 * shift is wider than the v7 range.
 */
extern bool uuidv7_shift_words(int64_t delta_us, int64_t *words);

/*
 * Write the UUIDv7 for frontier word `word`; rand_b takes its top node_bits
 * from node_id and the rest from `random`.
 */
extern void uuidv7_encode(uint64_t word, uint64_t random, unsigned node_bits,
						  uint32_t node_id, uint8_t out[UUID_BYTES]);

/* All bits but unix_ts_ms, version and variant zero: the lower bound of a ms. */
extern void uuidv7_encode_floor(uint64_t unix_ms, uint8_t out[UUID_BYTES]);

/*
 * The smallest UUIDv7 of the millisecond that holds an explicit time (Unix
 * microseconds), as uuidv7_encode_floor(); false outside 1970 to 10889.
 */
extern bool uuidv7_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES]);

/* The top `bits` (0..16) of the 62-bit rand_b. */
extern uint32_t uuidv7_node_id(const uint8_t u[UUID_BYTES], unsigned bits);

/* The version nibble, or -1 unless the variant is RFC 9562's (10xx). */
extern int	uuid_rfc_version(const uint8_t u[UUID_BYTES]);

/* unix_ts_ms of any uuid's first 48 bits. */
extern uint64_t uuid_unix_ms(const uint8_t u[UUID_BYTES]);

/*
 * Creation time of a version 1 or 6 uuid as Unix-epoch microseconds
 * (100-ns Gregorian ticks truncated towards zero).  The caller checks the
 * version.
 */
extern int64_t uuidv1_unix_us(const uint8_t u[UUID_BYTES]);
extern int64_t uuidv6_unix_us(const uint8_t u[UUID_BYTES]);

/* The 60-bit 100-ns Gregorian timestamp of a version 6 uuid. */
extern uint64_t uuidv6_ticks(const uint8_t u[UUID_BYTES]);

#endif							/* UUID_SEQ_RFC9562_H */
