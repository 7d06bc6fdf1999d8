/*
 * ulid.h
 *		ULID (src/README §4): the family, the layout of the 80-bit part,
 *		the per-transaction low bits, and the Crockford base32 text form.
 *
 * Pure C (no PostgreSQL headers).  A ULID is stored as a uuid, 16 bytes in
 * the order of its canonical text form:
 *
 *		unix_ts_ms:48 | node:node_bits | seq:16 | low:(64 - node_bits)
 *
 * with no version or variant bits.  The frontier word is ms << 16 | seq.
 * Its text form is 26 characters of Crockford base32 (130 bits, so the
 * first character carries only the top 3 bits and is at most '7').
 */
#ifndef UUID_SEQ_ULID_H
#define UUID_SEQ_ULID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"
#include "rfc9562.h"

#define ULID_TEXT_LEN		26
#define ULID_SEQ_BITS		16

typedef enum UlidTextStatus
{
	ULID_TEXT_OK = 0,
	ULID_TEXT_BAD_LENGTH,		/* not 26 characters */
	ULID_TEXT_BAD_CHAR,			/* outside the alphabet (I, L, O, U too) */
	ULID_TEXT_OVERFLOW			/* first character above '7': over 128 bits */
} UlidTextStatus;

/*
 * The ULID frontier: ms:48 | seq:16, seq starting at random in a new ms.
 * Its encode callback is ulid_encode() with `random` as the low field.
 */
extern const FrontierFamily ulid_family;

/*
 * Width of the low field, the random bits below node and seq: 64 - node_bits.
 */
extern unsigned ulid_low_bits(unsigned node_bits);

/*
 * Write the ULID of frontier word `word`: node_id in the top node_bits of the
 * 80-bit part, then seq, then the low ulid_low_bits(node_bits) bits of `low`.
 */
extern void ulid_encode(uint64_t word, uint64_t low, unsigned node_bits,
						uint32_t node_id, uint8_t out[UUID_BYTES]);

/*
 * The smallest ULID of the millisecond that holds an explicit time (Unix
 * microseconds): its 48-bit time, the 80-bit part zero; false outside 1970
 * to 10889.
 */
extern bool ulid_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES]);

/* The top `bits` (0..16) of the 80-bit part. */
extern uint32_t ulid_extract_node_id(const uint8_t u[UUID_BYTES], unsigned bits);

/*
 * ulid_generate_xact(): the low field of a transaction's first value is
 * random with its top two bits clear, and each later value adds 1.
 * ulid_xact_low_next() returns false when the field is used up.
 */
extern uint64_t ulid_xact_low_start(uint64_t random, unsigned node_bits);
extern bool ulid_xact_low_next(uint64_t *low, unsigned node_bits);

/* 26 uppercase Crockford base32 characters (not NUL-terminated). */
extern void ulid_to_text(const uint8_t u[UUID_BYTES], char out[ULID_TEXT_LEN]);

/*
 * Parse `len` bytes of text (case-insensitive); never reads past them.  A
 * character outside the alphabet is reported before a wrong length (a
 * non-ASCII character's bytes are all outside it).  On anything but
 * ULID_TEXT_OK, `out` is unspecified.
 */
extern UlidTextStatus ulid_from_text(const char *text, size_t len,
									 uint8_t out[UUID_BYTES]);

/*
 * The offset of the first of `len` bytes outside Crockford's alphabet (I,
 * L, O and U included), or len when there is none: where
 * ULID_TEXT_BAD_CHAR lies, for its message.
 */
extern size_t ulid_text_first_bad(const char *text, size_t len);

#endif							/* UUID_SEQ_ULID_H */
