/*
 * siphash.c
 *		SipHash-2-4 (see siphash.h), written from the paper's description:
 *		the state is four 64-bit words initialised from the key and the
 *		constant "somepseudorandomlygeneratedbytes"; each 8-byte block of
 *		the message, read little-endian, is XORed into v3, mixed by two
 *		SipRounds and XORed into v0; the last block holds the remaining
 *		bytes and, in its top byte, the message length modulo 256; then
 *		0xff is XORed into v2, four SipRounds follow, and the result is
 *		v0 ^ v1 ^ v2 ^ v3.
 */
#include "bytes.h"
#include "siphash.h"

#define ROTATE_LEFT(x, b)	((uint64_t) ((x) << (b)) | ((x) >> (64 - (b))))

typedef struct SipState
{
	uint64_t	v0;
	uint64_t	v1;
	uint64_t	v2;
	uint64_t	v3;
} SipState;

/* One SipRound: add-rotate-xor over the four words. */
static inline void
sip_round(SipState *s)
{
	s->v0 += s->v1;
	s->v1 = ROTATE_LEFT(s->v1, 13);
	s->v1 ^= s->v0;
	s->v0 = ROTATE_LEFT(s->v0, 32);
	s->v2 += s->v3;
	s->v3 = ROTATE_LEFT(s->v3, 16);
	s->v3 ^= s->v2;
	s->v0 += s->v3;
	s->v3 = ROTATE_LEFT(s->v3, 21);
	s->v3 ^= s->v0;
	s->v2 += s->v1;
	s->v1 = ROTATE_LEFT(s->v1, 17);
	s->v1 ^= s->v2;
	s->v2 = ROTATE_LEFT(s->v2, 32);
}

/* Absorb one 8-byte message word with c = 2 compression rounds. */
static inline void
sip_compress(SipState *s, uint64_t m)
{
	s->v3 ^= m;
	sip_round(s);
	sip_round(s);
	s->v0 ^= m;
}

void
sipkey_from_bytes(const uint8_t bytes[SIPHASH_KEY_BYTES], SipKey *key)
{
	key->k0 = get_le(bytes, 8);
	key->k1 = get_le(bytes + 8, 8);
}

uint64_t
siphash24(const SipKey *key, const uint8_t *in, size_t len)
{
	SipState	s = {
		.v0 = key->k0 ^ UINT64_C(0x736f6d6570736575),	/* "somepseu" */
		.v1 = key->k1 ^ UINT64_C(0x646f72616e646f6d),	/* "dorandom" */
		.v2 = key->k0 ^ UINT64_C(0x6c7967656e657261),	/* "lygenera" */
		.v3 = key->k1 ^ UINT64_C(0x7465646279746573),	/* "tedbytes" */
	};
	size_t		whole = len - len % 8;
	uint64_t	last = (uint64_t) (len & 0xff) << 56;

	for (size_t i = 0; i < whole; i += 8)
		sip_compress(&s, get_le(in + i, 8));
	/* the 0 to 7 bytes left, little-endian below the length byte */
	for (size_t i = whole; i < len; i++)
		last |= (uint64_t) in[i] << (8 * (i - whole));
	sip_compress(&s, last);

	/* finalisation: d = 4 rounds */
	s.v2 ^= 0xff;
	for (int i = 0; i < 4; i++)
		sip_round(&s);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}
