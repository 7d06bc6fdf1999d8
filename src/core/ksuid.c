/*
 * ksuid.c
 *		KSUID (src/README §20): the family, its layout and base62 text.
 *
 * Pure C (no PostgreSQL headers); see ksuid.h for the layout.  The text
 * form treats the 20 bytes as one 160-bit number in five 32-bit limbs,
 * most significant first: written by repeated division by 62, read by
 * multiplying by 62 and adding, a carry out of the top limb being a value
 * above 2^160 - 1.
 */
#include <string.h>

#include "bytes.h"
#include "ksuid.h"

#define NS_PER_S	INT64_C(1000000000)
#define LIMBS		(KSUID_BYTES / 4)

static const char base62_digits[] =
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* a / b rounded down (b > 0) */
static int64_t
floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b < 0);
}

static bool
ksuid_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	int64_t		s = floor_div(ns, NS_PER_S) - KSUID_EPOCH_S;

	if (s < 0 || (uint64_t) s > KSUID_FAMILY_MAX_TICK)
		return false;
	*word = (uint64_t) s << KSUID_COUNTER_BITS;
	return true;
}

static int64_t
ksuid_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	/* at most 2^32 s past 2014: far inside int64 ns (2262) */
	return ((int64_t) (word >> KSUID_COUNTER_BITS) + KSUID_EPOCH_S) * NS_PER_S;
}

static void
ksuid_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
					unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	uint64_t	part = random;

	if (node_bits > 0)
		part = (uint64_t) node_id << (64 - node_bits) |
			(random & (UINT64_MAX >> node_bits));
	put_be(out->bytes, 8, word);
	put_be(out->bytes + 8, 8, part);
	memset(out->bytes + 16, 0, 4);
}

/* Any 160 bits are a KSUID: the tick is its time field. */
static bool
ksuid_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
						uint64_t *tick)
{
	*tick = get_be(value->bytes, 4);
	return true;
}

const FrontierFamily ksuid_family =
FRONTIER_FAMILY("KSUID", KSUID_RANGE, FRONTIER_VALUE_KSUID, KSUID_COUNTER_BITS, true,
				KSUID_FAMILY_MAX_TICK, ksuid_family);

int64_t
ksuid_unix_seconds(const uint8_t k[KSUID_BYTES])
{
	return (int64_t) get_be(k, 4) + KSUID_EPOCH_S;
}

bool
ksuid_bound_at_unix_us(int64_t us, uint8_t out[KSUID_BYTES])
{
	int64_t		s = floor_div(us, 1000000) - KSUID_EPOCH_S;

	if (s < 0 || s > (int64_t) UINT32_MAX)
		return false;
	memset(out, 0, KSUID_BYTES);
	put_be(out, 4, (uint64_t) s);
	return true;
}

void
ksuid_to_text(const uint8_t k[KSUID_BYTES], char out[KSUID_TEXT_LEN])
{
	uint32_t	limb[LIMBS];

	for (int i = 0; i < LIMBS; i++)
		limb[i] = (uint32_t) get_be(k + 4 * i, 4);
	/* the least significant digit first, from the end */
	for (int pos = KSUID_TEXT_LEN - 1; pos >= 0; pos--)
	{
		uint64_t	rem = 0;

		for (int i = 0; i < LIMBS; i++)
		{
			uint64_t	cur = rem << 32 | limb[i];

			limb[i] = (uint32_t) (cur / 62);
			rem = cur % 62;
		}
		out[pos] = base62_digits[rem];
	}
}

/* The value of a base62 digit, or -1. */
static int
digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 36;
	return -1;
}

KsuidTextStatus
ksuid_from_text(const char *text, size_t len, uint8_t out[KSUID_BYTES], size_t *bad_pos)
{
	uint32_t	limb[LIMBS] = {0};
	bool		overflow = false;
	size_t		first_bad = 0;

	/* a bad character first: one of several bytes makes the length wrong */
	while (first_bad < len && digit_value(text[first_bad]) >= 0)
		first_bad++;
	if (first_bad < len)
	{
		*bad_pos = first_bad;
		return KSUID_TEXT_BAD_CHAR;
	}
	if (len != KSUID_TEXT_LEN)
		return KSUID_TEXT_BAD_LENGTH;
	for (size_t pos = 0; pos < len; pos++)
	{
		int			d = digit_value(text[pos]);
		uint64_t	carry;

		/* limb = limb * 62 + d, from the least significant limb up */
		carry = (uint64_t) d;
		for (int i = LIMBS - 1; i >= 0; i--)
		{
			uint64_t	cur = (uint64_t) limb[i] * 62 + carry;

			limb[i] = (uint32_t) cur;
			carry = cur >> 32;
		}
		/* every character is checked before an overflow is reported */
		overflow |= carry != 0;
	}
	if (overflow)
		return KSUID_TEXT_OVERFLOW;
	for (int i = 0; i < LIMBS; i++)
		put_be(out + 4 * i, 4, limb[i]);
	return KSUID_TEXT_OK;
}
