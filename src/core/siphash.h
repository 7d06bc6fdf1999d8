/*
 * siphash.h
 *		SipHash-2-4, the keyed pseudorandom function of Aumasson and
 *		Bernstein ("SipHash: a fast short-input PRF", 2012): 2 compression
 *		rounds per 8-byte block, 4 finalisation rounds, a 128-bit key and a
 *		64-bit result.  The v7 facade (facade.c, src/README §17) masks a
 *		timestamp with it.
 *
 * Pure C (no PostgreSQL headers).  The key is two 64-bit halves, k0 and k1:
 * as 16 bytes, k0 is the first 8 read little-endian and k1 the last 8, the
 * byte order of the paper's test vectors.
 */
#ifndef UUID_SEQ_SIPHASH_H
#define UUID_SEQ_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#define SIPHASH_KEY_BYTES	16

typedef struct SipKey
{
	uint64_t	k0;
	uint64_t	k1;
} SipKey;

/* k0 = bytes 0-7 and k1 = bytes 8-15, each little-endian. */
extern void sipkey_from_bytes(const uint8_t bytes[SIPHASH_KEY_BYTES], SipKey *key);

/* SipHash-2-4 of the len bytes at in (in may be NULL when len is 0). */
extern uint64_t siphash24(const SipKey *key, const uint8_t *in, size_t len);

#endif							/* UUID_SEQ_SIPHASH_H */
