/*
 * crockford.h
 *		Crockford's base32 alphabet, shared by the text forms of ULID (26
 *		characters) and TSID (13 characters).
 *
 * Pure C (no PostgreSQL headers).  Digits are written uppercase and read in
 * either case; I, L, O and U, which Crockford's decoder would map to other
 * digits, are refused, as the ULID and TSID specifications' codecs do.
 */
#ifndef UUID_SEQ_CROCKFORD_H
#define UUID_SEQ_CROCKFORD_H

#include <stdint.h>

/* The 32 digits, most significant last: "0123456789ABCDEFGHJKMNPQRSTVWXYZ". */
extern const char crockford_digits[33];

/* A character's digit value + 1, or 0 when it is not a digit. */
extern const uint8_t crockford_values[256];

#endif							/* UUID_SEQ_CROCKFORD_H */
