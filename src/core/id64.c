/*
 * id64.c
 *		TSID and Snowflake (src/README §16): the families, layouts,
 *		lower bounds and TSID's Crockford base32 text.
 *
 * Pure C (no PostgreSQL headers); see id64.h for the layouts.  Ids are
 * handled as uint64_t where bits are moved and as int64_t (PostgreSQL's
 * bigint) at the interface.
 */
#include "crockford.h"
#include "id64.h"

#define TSID_COUNTER_BITS	ID64_TIME_SHIFT
#define LOW_MASK(bits)		((UINT64_C(1) << (bits)) - 1)

/* Unix ns -> Unix ms, rounding down (also before 1970). */
static int64_t
ns_to_ms(int64_t ns)
{
	int64_t		ms = ns / FRONTIER_NS_PER_MS;

	return ns % FRONTIER_NS_PER_MS < 0 ? ms - 1 : ms;
}

/* ---- TSID ------------------------------------------------------------- */

static bool
tsid_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	int64_t		ms = ns_to_ms(ns) - TSID_EPOCH_MS;

	if (ms < 0 || ms > ID64_TIME_MAX)
		return false;
	*word = (uint64_t) ms << TSID_COUNTER_BITS;
	return true;
}

static int64_t
tsid_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	/* at most 2^41 ms past 2020: far inside int64 ns */
	return ((int64_t) (word >> TSID_COUNTER_BITS) + TSID_EPOCH_MS) * FRONTIER_NS_PER_MS;
}

static void
tsid_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
				   unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	unsigned	counter_bits = TSID_COUNTER_BITS - node_bits;
	uint64_t	id = (word >> TSID_COUNTER_BITS) << TSID_COUNTER_BITS |
		((uint64_t) node_id & LOW_MASK(node_bits)) << counter_bits |
		(word & LOW_MASK(counter_bits));

	out->id = (int64_t) id;
}

static bool
tsid_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
					   uint64_t *tick)
{
	return tsid_tick(value->id, tick);
}

/* not FRONTIER_FAMILY(): the node id shares the counter field */
const FrontierFamily tsid_family = {
	.name = "TSID",
	.range = TSID_RANGE,
	.value_bytes = FRONTIER_VALUE_BIGINT,
	.counter_bits = TSID_COUNTER_BITS,
	.random_start = true,
	.node_in_counter = true,
	.max_word = (uint64_t) ID64_TIME_MAX << TSID_COUNTER_BITS | LOW_MASK(TSID_COUNTER_BITS),
	.word_from_ns = tsid_family_word_from_ns,
	.word_to_ns = tsid_family_word_to_ns,
	.encode = tsid_family_encode,
	.value_tick = tsid_family_value_tick,
};

int64_t
tsid_unix_ms(int64_t id)
{
	return (int64_t) ((uint64_t) id >> ID64_TIME_SHIFT) + TSID_EPOCH_MS;
}

bool
tsid_tick(int64_t id, uint64_t *tick)
{
	if (id < 0)
		return false;
	*tick = (uint64_t) id >> ID64_TIME_SHIFT;
	return true;
}

uint32_t
tsid_extract_node_id(int64_t id, unsigned node_bits)
{
	return (uint32_t) (((uint64_t) id >> (TSID_COUNTER_BITS - node_bits)) & LOW_MASK(node_bits));
}

uint32_t
tsid_extract_counter(int64_t id, unsigned node_bits)
{
	return (uint32_t) ((uint64_t) id & LOW_MASK(TSID_COUNTER_BITS - node_bits));
}

/*
 * The text reads the 64 bits as a 65-bit number (a leading zero bit) in 13
 * groups of 5, most significant first, so text order is numeric order for
 * positive ids.
 */
void
tsid_format(int64_t id, char out[TSID_TEXT_LEN])
{
	uint64_t	v = (uint64_t) id;

	for (int i = 0; i < TSID_TEXT_LEN; i++)
		out[i] = crockford_digits[(v >> (60 - 5 * i)) & 31];
}

TsidTextStatus
tsid_parse(const char *text, size_t len, int64_t *id)
{
	uint64_t	v = 0;

	if (len != TSID_TEXT_LEN)
		return TSID_TEXT_BAD_LENGTH;
	for (size_t i = 0; i < TSID_TEXT_LEN; i++)
	{
		uint8_t		digit = crockford_values[(unsigned char) text[i]];

		if (digit == 0)
			return TSID_TEXT_BAD_CHAR;
		v = v << 5 | (uint64_t) (digit - 1);
	}
	/* the first character holds bits 64..60: bit 64 must be zero */
	if (crockford_values[(unsigned char) text[0]] - 1 > 15)
		return TSID_TEXT_OVERFLOW;
	*id = (int64_t) v;
	return TSID_TEXT_OK;
}

/* ---- Snowflake -------------------------------------------------------- */

static bool
snowflake_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	if (ns < 0)
		return false;
	/* int64 ns end in 2262, far below 2^48 ms */
	*word = (uint64_t) (ns / FRONTIER_NS_PER_MS) << SNOWFLAKE_COUNTER_BITS;
	return true;
}

static int64_t
snowflake_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	uint64_t	ms = word >> SNOWFLAKE_COUNTER_BITS;

	/* words past the end of int64 ns (2262) saturate */
	if (ms >= (uint64_t) (INT64_MAX / FRONTIER_NS_PER_MS))
		return INT64_MAX;
	return (int64_t) ms * FRONTIER_NS_PER_MS;
}

/* Twitter's epoch; a word outside its range gives 0 (never handed out) */
static void
snowflake_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
						unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	if (!snowflake_compose(word, SNOWFLAKE_TWITTER_EPOCH_MS, node_id, &out->id))
		out->id = 0;
}

static bool
snowflake_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
							uint64_t *tick)
{
	return snowflake_tick(value->id, SNOWFLAKE_TWITTER_EPOCH_MS, tick);
}

const FrontierFamily snowflake_family =
FRONTIER_FAMILY("Snowflake", UNIX_MS48_RANGE, FRONTIER_VALUE_BIGINT,
				SNOWFLAKE_COUNTER_BITS, false, UNIX_MS48_MAX, snowflake_family);

bool
snowflake_compose(uint64_t word, int64_t epoch_ms, uint32_t node_id, int64_t *id)
{
	int64_t		ms = (int64_t) (word >> SNOWFLAKE_COUNTER_BITS);

	/* words hold at most 2^48 ms: no overflow for any epoch in int64 ms */
	if (epoch_ms > ms || ms - epoch_ms > ID64_TIME_MAX)
		return false;
	*id = (int64_t) ((uint64_t) (ms - epoch_ms) << ID64_TIME_SHIFT |
					 (uint64_t) (node_id & SNOWFLAKE_NODE_MAX) << SNOWFLAKE_COUNTER_BITS |
					 (word & LOW_MASK(SNOWFLAKE_COUNTER_BITS)));
	return true;
}

bool
snowflake_unix_ms(int64_t id, int64_t epoch_ms, int64_t *unix_ms)
{
	int64_t		ms = id >> ID64_TIME_SHIFT;

	if (id < 0 || (epoch_ms > 0 && ms > INT64_MAX - epoch_ms))
		return false;
	*unix_ms = ms + epoch_ms;
	return true;
}

bool
snowflake_tick(int64_t id, int64_t epoch_ms, uint64_t *tick)
{
	int64_t		ms;

	if (!snowflake_unix_ms(id, epoch_ms, &ms) || ms < 0 || (uint64_t) ms > UNIX_MS48_MAX)
		return false;
	*tick = (uint64_t) ms;
	return true;
}

uint32_t
snowflake_extract_node_id(int64_t id)
{
	return (uint32_t) (((uint64_t) id >> SNOWFLAKE_COUNTER_BITS) & SNOWFLAKE_NODE_MAX);
}

uint32_t
snowflake_extract_counter(int64_t id)
{
	return (uint32_t) ((uint64_t) id & LOW_MASK(SNOWFLAKE_COUNTER_BITS));
}

/* ---- both ------------------------------------------------------------- */

bool
id64_lower_bound(int64_t unix_us, int64_t epoch_ms, int64_t *id)
{
	int64_t		epoch_us;
	int64_t		us;

	/* epochs and times of PostgreSQL's range: no overflow below */
	if (epoch_ms > INT64_MAX / 1000 || epoch_ms < INT64_MIN / 1000)
		return false;
	epoch_us = epoch_ms * 1000;
	if ((epoch_us > 0 && unix_us < INT64_MIN + epoch_us) ||
		(epoch_us < 0 && unix_us > INT64_MAX + epoch_us))
		return false;
	us = unix_us - epoch_us;
	if (us < 0 || us / 1000 > ID64_TIME_MAX)
		return false;
	*id = (us / 1000) << ID64_TIME_SHIFT;
	return true;
}
