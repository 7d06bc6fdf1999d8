/*
 * uuidv6.c
 *		The UUIDv6 family (see uuidv6.h; src/README §19).
 *
 * Pure C (no PostgreSQL headers).  The clock's Unix nanoseconds (int64:
 * 1677 to 2262) all lie within the v6 range (1582 to 5236), so every clock
 * reading has a word; explicit times (microseconds) are checked against
 * both ends.
 */
#include <string.h>

#include "bytes.h"
#include "rfc9562.h"
#include "uuidv6.h"

#define NODE_TAIL_BITS	40		/* the node's last five bytes */
#define CLOCK_SEQ_RANDOM_BITS	(14 - UUIDV6_COUNTER_BITS)
#define LOW_MASK(bits)	((UINT64_C(1) << (bits)) - 1)

/* Unix us of the first and the last tick of the range */
#define UNIX_US_MIN		(-(int64_t) (GREGORIAN_TO_UNIX_100NS / 10))
#define UNIX_US_MAX		((int64_t) ((UUIDV6_TICK_MAX - GREGORIAN_TO_UNIX_100NS) / 10))

static bool
v6_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	/* ns / 100 rounded down, then from 1582: never below 0 nor above 2^60 */
	int64_t		ticks = ns / 100 - (ns % 100 < 0);

	*word = (uint64_t) (ticks + (int64_t) GREGORIAN_TO_UNIX_100NS) << UUIDV6_COUNTER_BITS;
	return true;
}

static int64_t
v6_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	int64_t		ticks = (int64_t) (word >> UUIDV6_COUNTER_BITS) -
		(int64_t) GREGORIAN_TO_UNIX_100NS;

	/* int64 ns span 1677 to 2262; ticks outside saturate */
	if (ticks > INT64_MAX / 100)
		return INT64_MAX;
	if (ticks < INT64_MIN / 100)
		return INT64_MIN;
	return ticks * 100;
}

/* The time fields, version and variant of tick `tick`; the rest zero. */
static void
encode_time(uint64_t tick, uint8_t out[UUID_BYTES])
{
	memset(out, 0, UUID_BYTES);
	put_be(out, 4, tick >> 28);		/* time_high */
	put_be(out + 4, 2, tick >> 12);	/* time_mid */
	put_be(out + 6, 2, tick);	/* time_low, its top nibble the version's */
	uuid_set_version(out, 6);
}

void
uuidv6_encode(uint64_t word, uint64_t random, unsigned node_bits,
			  uint32_t node_id, uint8_t out[UUID_BYTES])
{
	uint64_t	counter = word & LOW_MASK(UUIDV6_COUNTER_BITS);
	uint64_t	clock_seq = counter << CLOCK_SEQ_RANDOM_BITS |
		(random >> 48 & LOW_MASK(CLOCK_SEQ_RANDOM_BITS));
	uint64_t	tail = random & LOW_MASK(NODE_TAIL_BITS);

	if (node_bits > 0)
	{
		unsigned	free_bits = NODE_TAIL_BITS - node_bits;

		tail = (uint64_t) node_id << free_bits | (tail & LOW_MASK(free_bits));
	}
	encode_time(word >> UUIDV6_COUNTER_BITS, out);
	put_be(out + 8, 2, clock_seq);
	/* the node's first byte random, its multicast bit set (§6.10) */
	out[10] = (uint8_t) (random >> NODE_TAIL_BITS) | 0x01;
	put_be(out + 11, 5, tail);
	uuid_set_version(out, 6);
}

static void
v6_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
		  unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	uuidv6_encode(word, random, node_bits, node_id, out->uuid);
}

static bool
v6_value_tick(const FrontierFamily *family, const FrontierValue *value, uint64_t *tick)
{
	if (uuid_rfc_version(value->uuid) != 6)
		return false;
	*tick = uuidv6_ticks(value->uuid);
	return true;
}

/* the time fields alone: encode() sets the node's multicast bit */
static void
v6_tick_bound(const FrontierFamily *family, uint64_t tick, FrontierValue *out)
{
	encode_time(tick, out->uuid);
}

/*
 * A fresh tick starts its counter at random below 8, as the other families
 * with a counter of their own do (src/README §1): clock_seq stays mostly
 * random, as RFC 9562 §5.6 asks, and a tick keeps at least 8 steps.
 */
const FrontierFamily uuidv6_family =
FRONTIER_FAMILY_BOUNDED("UUIDv6", UUIDV6_RANGE, FRONTIER_VALUE_UUID, UUIDV6_COUNTER_BITS,
						true, UUIDV6_TICK_MAX, v6);

bool
uuidv6_word_from_unix_us(int64_t us, uint64_t *word)
{
	if (us < UNIX_US_MIN || us > UNIX_US_MAX)
		return false;
	*word = (uint64_t) (us * 10 + (int64_t) GREGORIAN_TO_UNIX_100NS) << UUIDV6_COUNTER_BITS;
	return true;
}

bool
uuidv6_bound_at_unix_us(int64_t us, uint8_t out[UUID_BYTES])
{
	uint64_t	word;

	if (!uuidv6_word_from_unix_us(us, &word))
		return false;
	encode_time(word >> UUIDV6_COUNTER_BITS, out);
	return true;
}

uint32_t
uuidv6_node_id(const uint8_t u[UUID_BYTES], unsigned bits)
{
	if (bits == 0)
		return 0;
	return (uint32_t) (get_be(u + 11, 5) >> (NODE_TAIL_BITS - bits));
}
