/*
 * raise_plan.c
 *		The generators a key column's default can call, and the arithmetic
 *		of raising a frontier above a column's values (see raise_plan.h).
 *
 * Pure C (no PostgreSQL headers).  Every product and sum that could leave
 * int64 is checked with the compiler's overflow builtins.
 */
#include <string.h>

#include "clock_shift.h"
#include "comb.h"
#include "id64.h"
#include "raise_plan.h"
#include "rfc9562.h"
#include "sqlserver_order.h"
#include "ulid.h"

#define US_PER_HOUR			INT64_C(3600000000)
#define US_PER_DAY			(24 * US_PER_HOUR)
#define US_PER_MS			INT64_C(1000)
/* the widest change of UTC offset a day can bring: -12:00 to +14:00 */
#define OFFSET_CHANGE_MAX	(26 * US_PER_HOUR)

/*
 * Every C function that takes a frontier step.  The SQL names may be
 * anything (the extension is relocatable, and core 18's uuidv7() has an
 * SQL name of its own); the C symbols are the module's.
 */
static const RaiseGenerator generators[] = {
	{"uuid_generate_v7", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"uuid_seq_uuidv7", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"uuid_seq_uuidv7_shift", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_SHIFT},
	{"typeid_generate", &uuidv7_family, RAISE_VALUE_TYPEID, RAISE_ARGS_PREFIX},
	{"ulid_generate", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"ulid_generate_xact", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"comb_new", &comb_families[COMB_SQLSERVER_UNIX_MS].frontier, RAISE_VALUE_UUID,
	RAISE_ARGS_NONE},
	{"comb_new_layout", NULL, RAISE_VALUE_UUID, RAISE_ARGS_COMB},
	{"tsid_generate", &tsid_family, RAISE_VALUE_BIGINT, RAISE_ARGS_NONE},
	{"snowflake_generate", &snowflake_family, RAISE_VALUE_BIGINT, RAISE_ARGS_EPOCH},
};

const RaiseGenerator *
raise_generator_of_symbol(const char *symbol, size_t len)
{
	for (size_t i = 0; i < sizeof(generators) / sizeof(generators[0]); i++)
		if (strlen(generators[i].symbol) == len &&
			memcmp(generators[i].symbol, symbol, len) == 0)
			return &generators[i];
	return NULL;
}

bool
raise_cover_word(const FrontierFamily *family, uint64_t tick, uint64_t *word)
{
	uint64_t	last;

	if (tick > family->max_word >> family->counter_bits)
		return false;
	last = tick << family->counter_bits | frontier_counter_mask(family);
	if (last >= family->max_word)
		return false;
	*word = last;
	return true;
}

/* Whether family is one of the COMB families in SQL Server order. */
static bool
in_sqlserver_order(const FrontierFamily *family)
{
	for (int kind = 0; kind < COMB_KIND_COUNT; kind++)
		if (family == &comb_families[kind].frontier)
			return comb_families[kind].layout == COMB_LAYOUT_SQLSERVER;
	return false;
}

/*
 * An 8-byte id: time | node | counter in 22 bits, the node field's width
 * (TSID: node_bits; Snowflake: always 10) and the server's node id decide.
 */
static bool
id64_value_word(const FrontierFamily *family, uint64_t tick, int64_t id,
				unsigned node_bits, uint32_t node_id, uint64_t *word)
{
	unsigned	counter_bits = family == &tsid_family ?
		ID64_TIME_SHIFT - node_bits : SNOWFLAKE_COUNTER_BITS;
	unsigned	field_bits = ID64_TIME_SHIFT - counter_bits;
	uint64_t	low = (uint64_t) id & ((UINT64_C(1) << ID64_TIME_SHIFT) - 1);
	uint64_t	node = low >> counter_bits;
	uint64_t	counter = low & ((UINT64_C(1) << counter_bits) - 1);
	uint64_t	first;

	if (tick > family->max_word >> family->counter_bits)
		return false;
	first = tick << family->counter_bits;
	/* a node id the field cannot hold takes no value: the safe word */
	if (node_id >= (UINT64_C(1) << field_bits) || node > node_id)
		return raise_cover_word(family, tick, word);
	if (node < node_id)
	{
		/*
		 * Every value of this tick from this node lies above: its first
		 * word, never the word before, which lies in the tick before and
		 * would be restored after a restart with another node id only to
		 * that tick's end (src/README §12)
		 */
		*word = first;
		return *word < family->max_word;
	}
	*word = first | counter;
	return *word < family->max_word;
}

/* Two uuid values in their family's order (SQL Server's, or uuid order). */
static int
value_cmp(bool sqlserver, const FrontierValue *a, const FrontierValue *b)
{
	return sqlserver ? sqlserver_cmp(a->uuid, b->uuid) : memcmp(a->uuid, b->uuid, 16);
}

bool
raise_value_word(const FrontierFamily *family, uint64_t tick, const FrontierValue *value,
				 unsigned node_bits, uint32_t node_id, uint64_t *word)
{
	bool		sqlserver = in_sqlserver_order(family);
	uint64_t	lo,
				hi;
	FrontierValue next;

	if (family == &tsid_family || family == &snowflake_family)
		return id64_value_word(family, tick, value->id, node_bits, node_id, word);
	if (tick > family->max_word >> family->counter_bits)
		return false;

	/*
	 * The least word c of the tick's words whose next word's smallest value
	 * (every random bit zero) on this server lies above the value: every
	 * value of a word above c does, words ordering as values do.  The
	 * tick's last word always covers it.  Never a word of the tick before,
	 * even where this server's values of the whole tick lie above (a larger
	 * node id): a restart restores a saved word only to the end of its own
	 * tick, for another node id's sake (src/README §12), which must be the
	 * value's.
	 */
	lo = tick << family->counter_bits;
	hi = lo | frontier_counter_mask(family);
	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;

		family->encode(family, mid + 1, 0, node_bits, node_id, &next);
		if (value_cmp(sqlserver, &next, value) > 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (lo >= family->max_word)
		return false;
	*word = lo;
	return true;
}

bool
raise_shift_floor_us(int32_t months, int32_t days, int64_t time_us, int64_t *floor_us)
{
	int64_t		total = time_us;

	/* a month is 28 days at least, and 31 at most (going back) */
	if (!interval_add_units(&total, months, (months > 0 ? 28 : 31) * US_PER_DAY) ||
		!interval_add_units(&total, days, US_PER_DAY))
		return false;
	/*
	 * Calendar steps keep the local time: the UTC offsets at the two ends
	 * differ by at most OFFSET_CHANGE_MAX, however many changes lie between
	 */
	if ((months != 0 || days != 0) &&
		__builtin_sub_overflow(total, OFFSET_CHANGE_MAX, &total))
		return false;
	if (total > RAISE_SHIFT_MAX_US || total < -RAISE_SHIFT_MAX_US)
		return false;
	*floor_us = total;
	return true;
}

bool
raise_shift_ceiling_us(int32_t months, int32_t days, int64_t time_us, int64_t *ceiling_us)
{
	int64_t		floor_us;

	/* x + shift <= x + c  <=>  (x + c) - shift >= x: the negation's floor */
	if (months == INT32_MIN || days == INT32_MIN || time_us == INT64_MIN ||
		!raise_shift_floor_us(-months, -days, -time_us, &floor_us))
		return false;
	*ceiling_us = -floor_us;
	return true;
}

uint64_t
raise_v7_unshift_tick(uint64_t tick, int64_t floor_us)
{
	int64_t		end_us;
	int64_t		base_ms;

	/*
	 * The value lies before the end of its millisecond, (tick + 1) ms; its
	 * step lies at least floor_us before the value.  (tick < 2^48 and
	 * |floor_us| <= 2^60: no overflow.)
	 */
	if (tick > UNIX_MS48_MAX)
		tick = UNIX_MS48_MAX;
	end_us = ((int64_t) tick + 1) * US_PER_MS - 1 - floor_us;
	if (end_us < 0)
		return 0;
	base_ms = end_us / US_PER_MS;
	return (uint64_t) base_ms;
}

bool
raise_v7_shift_word(uint64_t tick, const FrontierValue *value, int32_t months,
					int32_t days, int64_t time_us, unsigned node_bits, uint32_t node_id,
					uint64_t *word)
{
	int64_t		words;
	int64_t		floor_us;
	uint64_t	above;

	if (months == 0 && days == 0)
	{
		/* the step's word is the value's less `words`: cover that */
		if (!uuidv7_shift_words(time_us, &words) ||
			!raise_value_word(&uuidv7_family, tick, value, node_bits, node_id, &above))
			return false;
		if (words >= 0 && above < (uint64_t) words)
			*word = 0;
		else if (words < 0 && above >= uuidv7_family.max_word - (uint64_t) -words)
			return false;
		else
			*word = above - (uint64_t) words;
		return true;
	}
	if (!raise_shift_floor_us(months, days, time_us, &floor_us))
		return false;
	return raise_cover_word(&uuidv7_family, raise_v7_unshift_tick(tick, floor_us), word);
}

size_t
raise_typeid_bounds(const char *prefix, size_t len,
					char lo[RAISE_TYPEID_BOUND_MAX], char hi[RAISE_TYPEID_BOUND_MAX])
{
	size_t		n = 0;

	if (len > TYPEID_PREFIX_MAX)
		len = TYPEID_PREFIX_MAX;
	memcpy(lo, prefix, len);
	memcpy(hi, prefix, len);
	n = len;
	if (len > 0)
	{
		lo[n] = hi[n] = '_';
		n++;
	}
	/* a suffix's first character is '0' to '7' (128 of its 130 bits) */
	lo[n] = '0';
	hi[n] = '8';
	return n + 1;
}
