/*
 * uuidv6.h
 *		The UUIDv6 family (RFC 9562 §5.6; src/README §19): its frontier word,
 *		encoding, lower bound and node field.
 *
 * Pure C (no PostgreSQL headers).  A UUIDv6 is
 *
 *		time_high:32 | time_mid:16 | ver:4 | time_low:12 | var:2 |
 *		clock_seq:14 | node:48
 *
 * with a 60-bit count of 100-ns intervals since 1582-10-15 00:00 UTC in
 * time_high, time_mid and time_low (most significant first, so uuid order
 * is time order).  The frontier word is
 *
 *		tick:60 << 4 | counter:4
 *
 * the tick a 100-ns interval and the counter the top 4 bits of clock_seq,
 * which follow the time in uuid order: words order as the values do.  The
 * low 10 bits of clock_seq are random, and so is the node, its multicast
 * bit set (RFC 9562 §6.10), but for uuid_seq.node_id in the top node_bits
 * of its last five bytes.
 */
#ifndef UUID_SEQ_UUIDV6_H
#define UUID_SEQ_UUIDV6_H

#include <stdbool.h>
#include <stdint.h>

#include "allocator.h"
#include "rfc9562.h"

#define UUIDV6_COUNTER_BITS		4
#define UUIDV6_TICK_MAX			((UINT64_C(1) << 60) - 1)

/* 60 bits of 100-ns ticks from 1582-10-15: the last is in 5236 */
#define UUIDV6_RANGE \
	"1582-10-15 00:00:00 UTC to 5236-03-31 21:21:00.6846975 UTC"

extern const FrontierFamily uuidv6_family;

/*
 * The frontier word of an explicit time (Unix microseconds) with a zero
 * counter; false outside the v6 range.
 */
extern bool uuidv6_word_from_unix_us(int64_t us, uint64_t *word);

/*
 * Write the UUIDv6 of frontier word `word`: the low 10 bits of clock_seq
 * from bits 48-57 of `random`, the node from its low 48 bits with the
 * multicast bit set and node_id in the top node_bits (0..16) of the node's
 * last five bytes.
 */
extern void uuidv6_encode(uint64_t word, uint64_t random, unsigned node_bits,
						  uint32_t node_id, uint8_t out[UUID_BYTES]);

/*
 * The smallest UUIDv6 of the 100-ns tick holding an explicit time (Unix
 * microseconds): every bit zero but time, version and variant.  False
 * outside the v6 range.
 */
extern bool uuidv6_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES]);

/* The top `bits` (0..16) of a UUIDv6's node after its first byte. */
extern uint32_t uuidv6_node_id(const uint8_t u[UUID_BYTES], unsigned bits);

#endif							/* UUID_SEQ_UUIDV6_H */
