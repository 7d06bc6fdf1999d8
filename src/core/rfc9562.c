/*
 * rfc9562.c
 *		RFC 9562 layouts: version and variant fields, the time fields of
 *		versions 1, 6 and 7, and the UUIDv7 family.
 *
 * Pure C (no PostgreSQL headers).  The v7 frontier word is
 * T = unix_ts_ms << 12 | rand_a, where rand_a is the sub-millisecond
 * fraction floor(ns_within_ms * 4096 / 1e6) (RFC 9562 §6.2, method 3), as
 * PostgreSQL 18's uuidv7() fills it.  One millisecond holds 4096 steps.
 */
#include <string.h>

#include "bytes.h"
#include "rfc9562.h"

bool
uuidv7_word_from_ns(int64_t ns, uint64_t *word)
{
	uint64_t	ms;
	uint64_t	fraction;

	if (ns < 0)
		return false;
	ms = (uint64_t) ns / FRONTIER_NS_PER_MS;	/* int64 ns end in 2262, below 2^48 ms */
	fraction = ((uint64_t) ns % FRONTIER_NS_PER_MS << UUIDV7_SUBMS_BITS) / FRONTIER_NS_PER_MS;
	*word = ms << UUIDV7_SUBMS_BITS | fraction;
	return true;
}

int64_t
uuidv7_word_to_ns(uint64_t word)
{
	uint64_t	ms = word >> UUIDV7_SUBMS_BITS;
	uint64_t	fraction = word & ((1 << UUIDV7_SUBMS_BITS) - 1);

	/* int64 ns end in 2262; later words (far beyond any clock) saturate */
	if (ms >= (uint64_t) (INT64_MAX / FRONTIER_NS_PER_MS))
		return INT64_MAX;
	/* the smallest ns within the ms whose fraction is `fraction` (rounded up) */
	return (int64_t) (ms * FRONTIER_NS_PER_MS +
					  ((fraction * FRONTIER_NS_PER_MS + (1 << UUIDV7_SUBMS_BITS) - 1)
					   >> UUIDV7_SUBMS_BITS));
}

void
uuidv7_encode(uint64_t word, uint64_t random, unsigned node_bits,
			  uint32_t node_id, uint8_t out[UUID_BYTES])
{
	uint64_t	rand_b = random & ((UINT64_C(1) << UUIDV7_RAND_B_BITS) - 1);

	if (node_bits > 0)
	{
		unsigned	free_bits = UUIDV7_RAND_B_BITS - node_bits;

		rand_b = (uint64_t) node_id << free_bits |
			(rand_b & ((UINT64_C(1) << free_bits) - 1));
	}
	/* unix_ts_ms, then its low 4 bits (replaced by the version) and rand_a */
	put_be(out, 6, word >> UUIDV7_SUBMS_BITS);
	put_be(out + 6, 2, word);
	put_be(out + 8, 8, rand_b);
	uuid_set_version(out, 7);
}

void
uuidv7_encode_floor(uint64_t unix_ms, uint8_t out[UUID_BYTES])
{
	put_be(out, 6, unix_ms);
	memset(out + 6, 0, UUID_BYTES - 6);
	uuid_set_version(out, 7);
}

bool
uuidv7_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES])
{
	uint64_t	word;

	if (!uuidv7_word_from_unix_us(us, &word))
		return false;
	uuidv7_encode_floor(word >> UUIDV7_SUBMS_BITS, out);
	return true;
}

/* The family's callbacks: the functions above, which need no context. */
static bool
v7_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	return uuidv7_word_from_ns(ns, word);
}

static int64_t
v7_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	return uuidv7_word_to_ns(word);
}

static void
v7_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
				 unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	uuidv7_encode(word, random, node_bits, node_id, out->uuid);
}

static bool
v7_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
					 uint64_t *tick)
{
	if (uuid_rfc_version(value->uuid) != 7)
		return false;
	*tick = uuid_unix_ms(value->uuid);
	return true;
}

const FrontierFamily uuidv7_family =
FRONTIER_FAMILY("UUIDv7", UNIX_MS48_RANGE, FRONTIER_VALUE_UUID, UUIDV7_SUBMS_BITS,
				false, UNIX_MS48_MAX, v7_family);

uint32_t
uuidv7_node_id(const uint8_t u[UUID_BYTES], unsigned bits)
{
	uint64_t	rand_b = get_be(u + 8, 8) & ((UINT64_C(1) << UUIDV7_RAND_B_BITS) - 1);

	if (bits == 0)
		return 0;
	return (uint32_t) (rand_b >> (UUIDV7_RAND_B_BITS - bits));
}

int
uuid_rfc_version(const uint8_t u[UUID_BYTES])
{
	if ((u[8] & 0xc0) != 0x80)
		return -1;
	return u[6] >> 4;
}

uint64_t
uuid_unix_ms(const uint8_t u[UUID_BYTES])
{
	return get_be(u, 6);
}

/*
 * 100-ns Gregorian ticks -> Unix us: the ticks are truncated to us first
 * (floor, also before 1970), as core's uuid_extract_timestamp does.
 */
static int64_t
gregorian_to_unix_us(uint64_t ticks)
{
	return (int64_t) (ticks / 10) - (int64_t) (GREGORIAN_TO_UNIX_100NS / 10);
}

int64_t
uuidv1_unix_us(const uint8_t u[UUID_BYTES])
{
	/* time_low (bytes 0-3), time_mid (4-5), time_high (low 12 bits of 6-7) */
	uint64_t	ticks = (get_be(u + 6, 2) & 0x0fff) << 48 |
		get_be(u + 4, 2) << 32 |
		get_be(u, 4);

	return gregorian_to_unix_us(ticks);
}

uint64_t
uuidv6_ticks(const uint8_t u[UUID_BYTES])
{
	/* time_high (bytes 0-3), time_mid (4-5), time_low (low 12 bits of 6-7) */
	return get_be(u, 4) << 28 | get_be(u + 4, 2) << 12 | (get_be(u + 6, 2) & 0x0fff);
}

int64_t
uuidv6_unix_us(const uint8_t u[UUID_BYTES])
{
	return gregorian_to_unix_us(uuidv6_ticks(u));
}

bool
uuidv7_word_from_unix_us(int64_t us, uint64_t *word)
{
	uint64_t	ms;

	if (us < 0)
		return false;
	ms = (uint64_t) us / 1000;
	if (ms > UNIX_MS48_MAX)
		return false;
	*word = ms << UUIDV7_SUBMS_BITS |
		((uint64_t) us % 1000 << UUIDV7_SUBMS_BITS) / 1000;
	return true;
}

int64_t
uuidv7_word_to_unix_us(uint64_t word)
{
	return (int64_t) ((word >> UUIDV7_SUBMS_BITS) * 1000 +
					  ((word & ((1 << UUIDV7_SUBMS_BITS) - 1)) * 1000 >> UUIDV7_SUBMS_BITS));
}

bool
uuidv7_shift_words(int64_t delta_us, int64_t *words)
{
	int64_t		delta_ms = delta_us / 1000;
	int64_t		rest_us = delta_us % 1000;

	if (rest_us < 0)
	{
		/* floor division, so the sub-ms part is in 0..999 */
		delta_ms -= 1;
		rest_us += 1000;
	}
	if (delta_ms > (int64_t) UNIX_MS48_MAX || delta_ms < -(int64_t) UNIX_MS48_MAX)
		return false;
	*words = delta_ms * (1 << UUIDV7_SUBMS_BITS) + (rest_us << UUIDV7_SUBMS_BITS) / 1000;
	return true;
}

bool
uuidv7_shift_word(uint64_t word, int64_t delta_us, uint64_t *shifted)
{
	int64_t		words;
	int64_t		result;

	if (!uuidv7_shift_words(delta_us, &words))
		return false;
	result = (int64_t) word + words;
	if (result < 0 || (uint64_t) result > uuidv7_family.max_word)
		return false;
	*shifted = (uint64_t) result;
	return true;
}
