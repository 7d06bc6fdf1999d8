/*
 * bytes.h
 *		Fixed-width unsigned integers in byte strings, big-endian (the fields
 *		of a uuid's layouts) and little-endian (the frontier file): the one
 *		set of byte helpers of the pure core.
 */
#ifndef UUID_SEQ_BYTES_H
#define UUID_SEQ_BYTES_H

#include <stdint.h>

/* The n (at most 8) bytes at p as an unsigned integer, most significant first. */
static inline uint64_t
get_be(const uint8_t *p, int n)
{
	uint64_t	v = 0;

	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* The low n bytes of v at p, most significant first. */
static inline void
put_be(uint8_t *p, int n, uint64_t v)
{
	for (int i = n - 1; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t) v;
}

/* The n (at most 8) bytes at p as an unsigned integer, least significant first. */
static inline uint64_t
get_le(const uint8_t *p, int n)
{
	uint64_t	v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* The low n bytes of v at p, least significant first. */
static inline void
put_le(uint8_t *p, int n, uint64_t v)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t) v;
}

#endif							/* UUID_SEQ_BYTES_H */
