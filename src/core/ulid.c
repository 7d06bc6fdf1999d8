/*
 * ulid.c
 *		ULID (src/README §4): the family, the 80-bit part's layout, the
 *		per-transaction low bits and Crockford base32 text.
 *
 * Pure C (no PostgreSQL headers); see ulid.h for the layout.  A ULID is
 * handled as two big-endian 64-bit halves: hi = ms:48 | the top 16 bits of
 * the 80-bit part, lo = its remaining 64 bits.  The text form reads the
 * 128 bits as a 130-bit number (two leading zero bits) in 26 groups of 5,
 * most significant first, so text order (C collation) is byte order.
 */
#include <string.h>

#include "bytes.h"
#include "crockford.h"
#include "ulid.h"

static inline uint64_t
low_mask(unsigned bits)
{
	return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

static bool
ulid_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	if (ns < 0)
		return false;
	/* int64 ns end in 2262, far below 2^48 ms */
	*word = (uint64_t) (ns / FRONTIER_NS_PER_MS) << ULID_SEQ_BITS;
	return true;
}

static int64_t
ulid_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	uint64_t	ms = word >> ULID_SEQ_BITS;

	/* words past the end of int64 ns (2262) saturate */
	if (ms >= (uint64_t) (INT64_MAX / FRONTIER_NS_PER_MS))
		return INT64_MAX;
	return (int64_t) (ms * FRONTIER_NS_PER_MS);
}

static void
ulid_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
				   unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	ulid_encode(word, random, node_bits, node_id, out->uuid);
}

/* Any 128 bits are a ULID: the tick is the millisecond of its top 48. */
static bool
ulid_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
					   uint64_t *tick)
{
	*tick = get_be(value->uuid, 6);
	return true;
}

const FrontierFamily ulid_family =
FRONTIER_FAMILY("ULID", UNIX_MS48_RANGE, FRONTIER_VALUE_UUID, ULID_SEQ_BITS, true,
				UNIX_MS48_MAX, ulid_family);

unsigned
ulid_low_bits(unsigned node_bits)
{
	return 64 - node_bits;
}

void
ulid_encode(uint64_t word, uint64_t low, unsigned node_bits, uint32_t node_id,
			uint8_t out[UUID_BYTES])
{
	unsigned	low_bits = ulid_low_bits(node_bits);
	/* node:node_bits | seq:16, the top of the 80-bit part */
	uint64_t	upper = (uint64_t) (node_id & low_mask(node_bits)) << ULID_SEQ_BITS |
		(word & low_mask(ULID_SEQ_BITS));
	uint64_t	hi = (word >> ULID_SEQ_BITS) << 16 | upper >> node_bits;
	uint64_t	lo = low & low_mask(low_bits);

	if (node_bits > 0)
		lo |= upper << low_bits;
	put_be(out, 8, hi);
	put_be(out + 8, 8, lo);
}

bool
ulid_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES])
{
	uint64_t	word;

	/* a UUIDv7 word's milliseconds are the same 48 bits */
	if (!uuidv7_word_from_unix_us(us, &word))
		return false;
	memset(out, 0, UUID_BYTES);
	put_be(out, 6, word >> UUIDV7_SUBMS_BITS);
	return true;
}

uint32_t
ulid_extract_node_id(const uint8_t u[UUID_BYTES], unsigned bits)
{
	return (uint32_t) (get_be(u + 6, 2) >> (16 - bits));
}

uint64_t
ulid_xact_low_start(uint64_t random, unsigned node_bits)
{
	return random & (low_mask(ulid_low_bits(node_bits)) >> 2);
}

bool
ulid_xact_low_next(uint64_t *low, unsigned node_bits)
{
	if (*low >= low_mask(ulid_low_bits(node_bits)))
		return false;
	(*low)++;
	return true;
}

void
ulid_to_text(const uint8_t u[UUID_BYTES], char out[ULID_TEXT_LEN])
{
	uint64_t	hi = get_be(u, 8);
	uint64_t	lo = get_be(u + 8, 8);

	for (int i = 0; i < ULID_TEXT_LEN; i++)
	{
		/* bit position of the group's lowest bit in the 128-bit value */
		int			shift = 125 - 5 * i;
		uint64_t	group;

		if (shift >= 64)
			group = hi >> (shift - 64);
		else if (shift > 59)
			group = lo >> shift | hi << (64 - shift);
		else
			group = lo >> shift;
		out[i] = crockford_digits[group & 31];
	}
}

UlidTextStatus
ulid_from_text(const char *text, size_t len, uint8_t out[UUID_BYTES])
{
	uint64_t	hi = 0;
	uint64_t	lo = 0;

	/* a bad character first: one of several bytes makes the length wrong */
	if (ulid_text_first_bad(text, len) < len)
		return ULID_TEXT_BAD_CHAR;
	if (len != ULID_TEXT_LEN)
		return ULID_TEXT_BAD_LENGTH;
	for (size_t i = 0; i < ULID_TEXT_LEN; i++)
	{
		uint8_t		v = crockford_values[(unsigned char) text[i]];

		hi = hi << 5 | lo >> 59;
		lo = lo << 5 | (uint64_t) (v - 1);
	}
	/* the first character holds bits 129..125: the top two must be zero */
	if (crockford_values[(unsigned char) text[0]] - 1 > 7)
		return ULID_TEXT_OVERFLOW;
	put_be(out, 8, hi);
	put_be(out + 8, 8, lo);
	return ULID_TEXT_OK;
}

size_t
ulid_text_first_bad(const char *text, size_t len)
{
	size_t		i = 0;

	while (i < len && crockford_values[(unsigned char) text[i]] != 0)
		i++;
	return i;
}
