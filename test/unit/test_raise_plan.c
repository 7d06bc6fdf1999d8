/*
 * test_raise_plan.c
 *		Unit tests of core/raise_plan.c: every generator symbol and only
 *		those, the covering word of each family (the last word of a tick,
 *		none in the last tick), the least and the most move of a
 *		uuidv7(shift) interval (months, days, UTC offsets, overflow), the
 *		step a shifted value came from, and the TypeID bounds: every TypeID
 *		of a prefix inside them, in uuid order by bytes, every other
 *		prefix's outside.
 */
#include <stdbool.h>
#include <string.h>

#include "comb.h"
#include "id64.h"
#include "raise_plan.h"
#include "rfc9562.h"
#include "sqlserver_order.h"
#include "typeid.h"
#include "ulid.h"
#include "unit.h"

#define US_PER_HOUR	INT64_C(3600000000)
#define US_PER_DAY	(24 * US_PER_HOUR)

static const RaiseGenerator *
gen(const char *symbol)
{
	return raise_generator_of_symbol(symbol, strlen(symbol));
}

static void
test_symbols(void)
{
	const RaiseGenerator *g;

	g = gen("uuid_generate_v7");
	CHECK(g && g->family == &uuidv7_family && g->kind == RAISE_VALUE_UUID &&
		  g->args == RAISE_ARGS_NONE);
	g = gen("uuid_seq_uuidv7");
	CHECK(g && g->family == &uuidv7_family && g->args == RAISE_ARGS_NONE);
	g = gen("uuid_seq_uuidv7_shift");
	CHECK(g && g->family == &uuidv7_family && g->args == RAISE_ARGS_SHIFT);
	g = gen("typeid_generate");
	CHECK(g && g->family == &uuidv7_family && g->kind == RAISE_VALUE_TYPEID &&
		  g->args == RAISE_ARGS_PREFIX);
	g = gen("ulid_generate");
	CHECK(g && g->family == &ulid_family);
	g = gen("ulid_generate_xact");
	CHECK(g && g->family == &ulid_family);
	g = gen("comb_new");
	CHECK(g && g->family == &comb_families[COMB_SQLSERVER_UNIX_MS].frontier &&
		  g->args == RAISE_ARGS_NONE);
	g = gen("comb_new_layout");
	CHECK(g && g->family == NULL && g->args == RAISE_ARGS_COMB);
	g = gen("tsid_generate");
	CHECK(g && g->family == &tsid_family && g->kind == RAISE_VALUE_BIGINT);
	g = gen("snowflake_generate");
	CHECK(g && g->family == &snowflake_family && g->kind == RAISE_VALUE_BIGINT &&
		  g->args == RAISE_ARGS_EPOCH);

	/* explicit times, conversions and random uuids take no step */
	CHECK(gen("uuid_generate_v7_at") == NULL);
	CHECK(gen("comb_new_at") == NULL);
	CHECK(gen("uuid_seq_uuidv4") == NULL);
	CHECK(gen("uuid_timestamptz_to_v7") == NULL);
	CHECK(gen("uuid_seq_raise_frontier") == NULL);
	/* compared whole, not as a prefix */
	CHECK(raise_generator_of_symbol("comb_new_layout", 8) != NULL);	/* "comb_new" */
	CHECK(raise_generator_of_symbol("comb_new", 7) == NULL);
	CHECK(gen("") == NULL);
}

static void
test_cover_word(void)
{
	const FrontierFamily *families[] = {
		&uuidv7_family, &ulid_family, &tsid_family, &snowflake_family,
		&comb_families[COMB_SQLSERVER_UNIX_MS].frontier,
		&comb_families[COMB_POSTGRESQL_SQLDATETIME].frontier,
		&comb_families[COMB_SQLSERVER_DOTNET_TICKS].frontier,
	};

	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
	{
		const FrontierFamily *f = families[i];
		uint64_t	last_tick = f->max_word >> f->counter_bits;
		uint64_t	word = 0;

		/* the tick's last word: every word of a later tick is above it */
		CHECK(raise_cover_word(f, 1000, &word) &&
			  word == (UINT64_C(1000) << f->counter_bits | frontier_counter_mask(f)) &&
			  word + 1 == UINT64_C(1001) << f->counter_bits);
		CHECK(raise_cover_word(f, 0, &word) && word == frontier_counter_mask(f));
		CHECK(raise_cover_word(f, last_tick - 1, &word) && word < f->max_word);
		/* nothing lies above the last tick, or beyond it */
		word = 42;
		CHECK(!raise_cover_word(f, last_tick, &word) && word == 42);
		CHECK(!raise_cover_word(f, last_tick + 1, &word));
		CHECK(!raise_cover_word(f, UINT64_MAX, &word));
	}
}

static void
test_shift_floor(void)
{
	int64_t		us = 0;

	/* a time shift moves every instant by exactly itself */
	CHECK(raise_shift_floor_us(0, 0, US_PER_HOUR, &us) && us == US_PER_HOUR);
	CHECK(raise_shift_floor_us(0, 0, -5 * 60 * INT64_C(1000000), &us) &&
		  us == -5 * 60 * INT64_C(1000000));
	CHECK(raise_shift_floor_us(0, 0, 0, &us) && us == 0);
	/* a day: 24 hours less the widest change of UTC offset */
	CHECK(raise_shift_floor_us(0, 1, 0, &us) && us == US_PER_DAY - 26 * US_PER_HOUR);
	CHECK(raise_shift_floor_us(0, -1, 0, &us) && us == -US_PER_DAY - 26 * US_PER_HOUR);
	CHECK(raise_shift_floor_us(0, 10, 0, &us) && us == 10 * US_PER_DAY - 26 * US_PER_HOUR);
	/* a month: 28 days forward (Jan 31 + 1 mon = Feb 28), 31 back */
	CHECK(raise_shift_floor_us(1, 0, 0, &us) && us == 28 * US_PER_DAY - 26 * US_PER_HOUR);
	CHECK(raise_shift_floor_us(-1, 0, 0, &us) && us == -31 * US_PER_DAY - 26 * US_PER_HOUR);
	CHECK(raise_shift_floor_us(12, 0, 0, &us) && us == 12 * 28 * US_PER_DAY - 26 * US_PER_HOUR);
	/* the fields add up */
	CHECK(raise_shift_floor_us(1, 2, 3, &us) &&
		  us == 30 * US_PER_DAY - 26 * US_PER_HOUR + 3);
	/* too far either way, or beyond int64 */
	us = 42;
	CHECK(!raise_shift_floor_us(0, 0, RAISE_SHIFT_MAX_US + 1, &us) && us == 42);
	CHECK(!raise_shift_floor_us(0, 0, -RAISE_SHIFT_MAX_US - 1, &us));
	CHECK(raise_shift_floor_us(0, 0, RAISE_SHIFT_MAX_US, &us) && us == RAISE_SHIFT_MAX_US);
	CHECK(!raise_shift_floor_us(INT32_MAX, INT32_MAX, INT64_MAX, &us));
	CHECK(!raise_shift_floor_us(INT32_MIN, INT32_MIN, INT64_MIN, &us));
	CHECK(!raise_shift_floor_us(0, 0, INT64_MIN, &us));
	CHECK(!raise_shift_floor_us(0, INT32_MIN, 0, &us));
}

static void
test_shift_ceiling(void)
{
	int64_t		us = 0;

	/* a time shift moves every instant by exactly itself */
	CHECK(raise_shift_ceiling_us(0, 0, US_PER_HOUR, &us) && us == US_PER_HOUR);
	CHECK(raise_shift_ceiling_us(0, 0, -US_PER_HOUR, &us) && us == -US_PER_HOUR);
	/* a day: 24 hours and the widest change of UTC offset */
	CHECK(raise_shift_ceiling_us(0, 1, 0, &us) && us == US_PER_DAY + 26 * US_PER_HOUR);
	CHECK(raise_shift_ceiling_us(0, -1, 0, &us) && us == -US_PER_DAY + 26 * US_PER_HOUR);
	/* a month: 31 days forward, 28 back */
	CHECK(raise_shift_ceiling_us(1, 0, 0, &us) && us == 31 * US_PER_DAY + 26 * US_PER_HOUR);
	CHECK(raise_shift_ceiling_us(-1, 0, 0, &us) && us == -28 * US_PER_DAY + 26 * US_PER_HOUR);
	/* never below the floor */
	for (int32_t m = -3; m <= 3; m++)
		for (int32_t d = -3; d <= 3; d++)
		{
			int64_t		lo = 0,
						hi = 0;

			CHECK(raise_shift_floor_us(m, d, 5, &lo) && raise_shift_ceiling_us(m, d, 5, &hi) &&
				  lo <= hi);
		}
	/* too far either way, or not negatable */
	us = 42;
	CHECK(!raise_shift_ceiling_us(0, 0, RAISE_SHIFT_MAX_US + 1, &us) && us == 42);
	CHECK(!raise_shift_ceiling_us(INT32_MIN, 0, 0, &us));
	CHECK(!raise_shift_ceiling_us(0, INT32_MIN, 0, &us));
	CHECK(!raise_shift_ceiling_us(0, 0, INT64_MIN, &us));
	CHECK(!raise_shift_ceiling_us(INT32_MAX, INT32_MAX, INT64_MAX, &us));
}

static void
test_v7_unshift(void)
{
	/* no shift: the value's own tick */
	CHECK(raise_v7_unshift_tick(1000, 0) == 1000);
	/* +1 hour: the step lies an hour before */
	CHECK(raise_v7_unshift_tick(10000000, 3600000000) == 10000000 - 3600000);
	/* -5 minutes: after */
	CHECK(raise_v7_unshift_tick(10000000, -300000000) == 10000000 + 300000);
	/* a part of a millisecond rounds towards the later tick */
	CHECK(raise_v7_unshift_tick(1000, 1) == 1000);
	CHECK(raise_v7_unshift_tick(1000, 999) == 1000);
	CHECK(raise_v7_unshift_tick(1000, 1000) == 999);
	CHECK(raise_v7_unshift_tick(1000, -1) == 1001);
	CHECK(raise_v7_unshift_tick(1000, -1000) == 1001);
	CHECK(raise_v7_unshift_tick(1000, -1001) == 1002);
	/* before 1970: clamped to 0; the far ends do not overflow */
	CHECK(raise_v7_unshift_tick(5, 3600000000) == 0);
	CHECK(raise_v7_unshift_tick(0, RAISE_SHIFT_MAX_US) == 0);
	CHECK(raise_v7_unshift_tick(UNIX_MS48_MAX, -RAISE_SHIFT_MAX_US) ==
		  (uint64_t) (((int64_t) UNIX_MS48_MAX + 1) * 1000 - 1 + RAISE_SHIFT_MAX_US) / 1000);
	CHECK(raise_v7_unshift_tick(UINT64_MAX, 0) == UNIX_MS48_MAX);
}

/* a family's order of two values */
static int
family_cmp(const FrontierFamily *f, const FrontierValue *a, const FrontierValue *b)
{
	if (f->value_bytes == FRONTIER_VALUE_BIGINT)
		return (a->id > b->id) - (a->id < b->id);
	for (int kind = 0; kind < COMB_KIND_COUNT; kind++)
		if (f == &comb_families[kind].frontier && comb_families[kind].layout == COMB_LAYOUT_SQLSERVER)
			return sqlserver_cmp(a->uuid, b->uuid);
	return memcmp(a->uuid, b->uuid, 16);
}

/*
 * raise_value_word(): a value this server made needs its own word; any
 * value of the tick is covered by the word returned (every value of a later
 * word, whatever its random bits, lies above), and by no smaller word of the
 * tick (the word's own smallest value does not).  The word lies in the
 * value's tick, so that a restart, which restores a saved word to the end
 * of its tick whatever the node id is then (src/README §12), stays above
 * the value with any node id.
 */
static void
test_value_word(void)
{
	const FrontierFamily *families[] = {
		&uuidv7_family, &ulid_family, &tsid_family, &snowflake_family,
		&comb_families[COMB_SQLSERVER_UNIX_MS].frontier,
		&comb_families[COMB_POSTGRESQL_UNIX_MS].frontier,
		&comb_families[COMB_SQLSERVER_SQLDATETIME].frontier,
		&comb_families[COMB_POSTGRESQL_SQLDATETIME].frontier,
		&comb_families[COMB_SQLSERVER_DOTNET_TICKS].frontier,
	};
	FakeClock	rng = {.rng = 42};

	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
	{
		const FrontierFamily *f = families[i];
		bool		node_family = f == &ulid_family || f == &tsid_family ||
			f == &snowflake_family;
		int			own = 0,
					covered = 0,
					least = 0,
					in_tick = 0,
					after_restart = 0,
					runs = 2000;

		for (int r = 0; r < runs; r++)
		{
			unsigned	nb = (f == &snowflake_family) ? 10 : (unsigned) (fake_random_u64(&rng) % 9);
			uint32_t	node = nb ? (uint32_t) (fake_random_u64(&rng) % (UINT64_C(1) << nb)) : 0;
			uint32_t	other = nb ? (uint32_t) (fake_random_u64(&rng) % (UINT64_C(1) << nb)) : 0;
			uint64_t	cmax = frontier_counter_max(f, nb);
			uint64_t	tick = (f == &snowflake_family ? UINT64_C(1700000000000) : 1000000) +
				fake_random_u64(&rng) % 1000000;
			uint64_t	w = tick << f->counter_bits | (fake_random_u64(&rng) % (cmax + 1));
			uint64_t	t2,
						c = 0;
			FrontierValue v,
						above;

			/* this server's own value: its word */
			f->encode(f, w, fake_random_u64(&rng), nb, node, &v);
			CHECK(f->value_tick(f, &v, &t2) && t2 == tick);
			if (raise_value_word(f, tick, &v, nb, node, &c) && c == w)
				own++;

			/* another server's (another node id, where there is one) */
			f->encode(f, w, fake_random_u64(&rng), nb, node_family ? other : node, &v);
			if (!raise_value_word(f, tick, &v, nb, node, &c))
				continue;
			f->encode(f, c + 1, 0, nb, node, &above);
			if (family_cmp(f, &above, &v) > 0)
			{
				FrontierValue top;

				/* and with every random bit set */
				f->encode(f, c + 1, UINT64_MAX, nb, node, &top);
				if (family_cmp(f, &top, &v) > 0)
					covered++;
			}
			if (c == tick << f->counter_bits ||
				(f->encode(f, c, 0, nb, node, &above), family_cmp(f, &above, &v) <= 0))
				least++;
			if (c >> f->counter_bits == tick)
				in_tick++;

			/*
			 * a restart with another node id (any, under any node_bits)
			 * restores the raised word to the end of its tick: the next
			 * value lies above
			 */
			{
				unsigned	nb2 = (f == &snowflake_family) ? 10 : (unsigned) (fake_random_u64(&rng) % 9);
				uint32_t	node2 = nb2 ? (uint32_t) (fake_random_u64(&rng) % (UINT64_C(1) << nb2)) : 0;
				uint64_t	restored = c | frontier_counter_mask(f);

				f->encode(f, restored + 1, 0, nb2, node2, &above);
				if (restored < f->max_word && family_cmp(f, &above, &v) > 0)
					after_restart++;
			}
		}
		CHECK(own == runs);
		CHECK(covered == runs);
		CHECK(least == runs);
		CHECK(in_tick == runs);
		CHECK(after_restart == runs);
	}

	/*
	 * the node id cases, by hand: ULID under 4 node bits, server node 5 (a
	 * smaller node id's value: the tick's first word, not the word before)
	 */
	{
		uint64_t	tick = 1700000000000,
					w = tick << 16 | 77,
					c = 0;
		FrontierValue v;

		ulid_family.encode(&ulid_family, w, 123, 4, 3, &v);
		CHECK(raise_value_word(&ulid_family, tick, &v, 4, 5, &c) && c == tick << 16);
		ulid_family.encode(&ulid_family, w, 123, 4, 5, &v);
		CHECK(raise_value_word(&ulid_family, tick, &v, 4, 5, &c) && c == w);
		ulid_family.encode(&ulid_family, w, 123, 4, 9, &v);
		CHECK(raise_value_word(&ulid_family, tick, &v, 4, 5, &c) && c == (tick << 16 | 0xffff));
	}
	/* Snowflake: the node field is 10 bits whatever node_bits says */
	{
		uint64_t	tick = 1700000000000,
					c = 0;
		FrontierValue v = {.id = (int64_t) ((tick - 1288834974657) << 22 | 7 << 12 | 99)};

		CHECK(raise_value_word(&snowflake_family, tick, &v, 0, 7, &c) && c == (tick << 12 | 99));
		CHECK(raise_value_word(&snowflake_family, tick, &v, 0, 8, &c) && c == tick << 12);
		CHECK(raise_value_word(&snowflake_family, tick, &v, 0, 6, &c) && c == (tick << 12 | 4095));
		/* a node id past the field: the tick's last word */
		CHECK(raise_value_word(&snowflake_family, tick, &v, 0, 1024, &c) && c == (tick << 12 | 4095));
	}
	/* TSID: the node takes the counter's top node_bits */
	{
		uint64_t	tick = 100000000,
					c = 0;
		FrontierValue v = {.id = (int64_t) (tick << 22 | 2 << 18 | 5)};

		CHECK(raise_value_word(&tsid_family, tick, &v, 4, 2, &c) && c == (tick << 22 | 5));
		CHECK(raise_value_word(&tsid_family, tick, &v, 4, 3, &c) && c == tick << 22);
		CHECK(raise_value_word(&tsid_family, tick, &v, 4, 1, &c) && c == (tick << 22 | 0x3fffff));
		/* no node bits: the value's own word */
		CHECK(raise_value_word(&tsid_family, tick, &v, 0, 0, &c) && c == (tick << 22 | 2 << 18 | 5));
	}
	/* tick 0, and the last tick: nothing lies above */
	{
		uint64_t	c = 42;
		FrontierValue v = {{0}};

		CHECK(raise_value_word(&ulid_family, 0, &v, 0, 0, &c) && c == 0);
		CHECK(!raise_value_word(&uuidv7_family, UNIX_MS48_MAX + 1, &v, 0, 0, &c));
		memset(v.uuid, 0xff, 16);
		v.uuid[6] = 0x7f;
		CHECK(!raise_value_word(&uuidv7_family, UNIX_MS48_MAX, &v, 0, 0, &c));
		v.id = INT64_MAX;
		CHECK(!raise_value_word(&tsid_family, ID64_TIME_MAX, &v, 0, 0, &c));
	}
}

/* raise_v7_shift_word(): exact for a time shift, a tick's end otherwise */
static void
test_v7_shift_word(void)
{
	FakeClock	rng = {.rng = 7};
	int			own = 0,
				runs = 2000;
	uint64_t	c = 0;
	FrontierValue v;

	for (int r = 0; r < runs; r++)
	{
		/* a step of this server, then its output shifted by up to ±2 days */
		uint64_t	step = (UINT64_C(1600000000000) + fake_random_u64(&rng) % 100000000) << 12 |
			(fake_random_u64(&rng) & 0xfff);
		int64_t		shift_us = (int64_t) (fake_random_u64(&rng) % (4 * 86400000000ULL)) -
			2 * INT64_C(86400000000);
		uint64_t	out,
					tick;

		if (!uuidv7_shift_word(step, shift_us, &out))
			continue;
		uuidv7_family.encode(&uuidv7_family, out, fake_random_u64(&rng), 4, 3, &v);
		uuidv7_family.value_tick(&uuidv7_family, &v, &tick);
		if (raise_v7_shift_word(tick, &v, 0, 0, shift_us, 4, 3, &c) && c == step)
			own++;
	}
	CHECK(own == runs);

	/* months or days: the last word of the last tick the step can lie in */
	uuidv7_family.encode(&uuidv7_family, UINT64_C(1700000000000) << 12 | 5, 0, 0, 0, &v);
	CHECK(raise_v7_shift_word(UINT64_C(1700000000000), &v, 0, 1, 0, 0, 0, &c) &&
		  c == ((UINT64_C(1700000000000) + 7200000) << 12 | 0xfff));
	CHECK(raise_v7_shift_word(UINT64_C(1700000000000), &v, -1, 0, 0, 0, 0, &c) &&
		  c == ((UINT64_C(1700000000000) + 31 * UINT64_C(86400000) + 26 * 3600000) << 12 | 0xfff));
	/* a step before 1970, or a shift past the range */
	CHECK(raise_v7_shift_word(5, &v, 0, 0, INT64_C(3600000000), 0, 0, &c) && c == 0);
	CHECK(!raise_v7_shift_word(5, &v, 0, 0, -(int64_t) UNIX_MS48_MAX * 1000, 0, 0, &c));
	CHECK(!raise_v7_shift_word(5, &v, 0, 0, INT64_MIN, 0, 0, &c));
}

/* memcmp of two byte strings of their lengths, as text in "C" order */
static int
c_order(const char *a, size_t alen, const char *b, size_t blen)
{
	int			c = memcmp(a, b, alen < blen ? alen : blen);

	return c != 0 ? c : (alen > blen) - (alen < blen);
}

static void
test_typeid_bounds(void)
{
	static const char *const prefixes[] = {"", "user", "a", "pre_fix",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk"};
	const size_t n_prefixes = sizeof(prefixes) / sizeof(prefixes[0]);
	char		lo[RAISE_TYPEID_BOUND_MAX];
	char		hi[RAISE_TYPEID_BOUND_MAX];
	FakeClock	rng = {.rng = 20261126};
	size_t		n;

	n = raise_typeid_bounds("user", 4, lo, hi);
	CHECK(n == 6 && memcmp(lo, "user_0", 6) == 0 && memcmp(hi, "user_8", 6) == 0);
	n = raise_typeid_bounds("", 0, lo, hi);
	CHECK(n == 1 && lo[0] == '0' && hi[0] == '8');
	n = raise_typeid_bounds(prefixes[4], strlen(prefixes[4]), lo, hi);
	CHECK(n == RAISE_TYPEID_BOUND_MAX);

	for (size_t p = 0; p < n_prefixes; p++)
	{
		int			inside = 0,
					ordered = 0,
					others_outside = 0,
					pairs = 0;

		n = raise_typeid_bounds(prefixes[p], strlen(prefixes[p]), lo, hi);
		for (int i = 0; i < 2000; i++)
		{
			uint8_t		a[UUID_BYTES],
						b[UUID_BYTES];
			char		ta[TYPEID_TEXT_MAX],
						tb[TYPEID_TEXT_MAX];
			size_t		la,
						lb;
			int			ucmp,
						tcmp;

			fake_random_uuid(&rng, a);
			fake_random_uuid(&rng, b);
			/* the extremes too */
			if (i == 0)
				memset(a, 0, UUID_BYTES);
			if (i == 1)
				memset(a, 0xff, UUID_BYTES);
			typeid_to_text(prefixes[p], strlen(prefixes[p]), a, ta, &la);
			typeid_to_text(prefixes[p], strlen(prefixes[p]), b, tb, &lb);
			if (c_order(ta, la, lo, n) >= 0 && c_order(ta, la, hi, n) < 0)
				inside++;
			ucmp = memcmp(a, b, UUID_BYTES);
			tcmp = c_order(ta, la, tb, lb);
			if ((ucmp > 0) == (tcmp > 0) && (ucmp < 0) == (tcmp < 0))
				ordered++;
			pairs++;

			/* a TypeID of every other prefix lies outside */
			for (size_t q = 0; q < n_prefixes; q++)
			{
				if (q == p)
					continue;
				typeid_to_text(prefixes[q], strlen(prefixes[q]), a, tb, &lb);
				if (c_order(tb, lb, lo, n) < 0 || c_order(tb, lb, hi, n) >= 0)
					others_outside++;
			}
		}
		CHECK(inside == 2000);
		CHECK(ordered == pairs);
		CHECK(others_outside == 2000 * (int) (n_prefixes - 1));
	}
}

void
test_raise_plan(void)
{
	test_symbols();
	test_cover_word();
	test_value_word();
	test_shift_floor();
	test_shift_ceiling();
	test_v7_unshift();
	test_v7_shift_word();
	test_typeid_bounds();
}
