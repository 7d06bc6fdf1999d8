/*
 * test_raise_plan.c
 *		Unit tests of core/raise_plan.c: every generator symbol and only
 *		those, the covering word of every family of the registry's
 *		family_table (the last word of a tick, none in the last tick),
 *		timestamptz + interval in UTC as PostgreSQL computes it and its
 *		inverse (overflow too), the latest step a uuidv7(shift) value can
 *		have come from in any time zone (zones of one transition of any
 *		size, and America/New_York's spring-forward), the horizon a raise
 *		keeps to and its words, the least value of a tick (an index read's
 *		bound), and the TypeID bounds: every TypeID
 *		of a prefix inside them, in uuid order by bytes, every other
 *		prefix's outside.
 */
#include <stdbool.h>
#include <string.h>

#include "comb.h"
#include "id64.h"
#include "ksuid.h"
#include "objectid.h"
#include "raise_plan.h"
#include "registry.h"
#include "rfc9562.h"
#include "sqlserver_order.h"
#include "typeid.h"
#include "ulid.h"
#include "unit.h"
#include "uuidv6.h"

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
	g = gen("gen_ulid");
	CHECK(g && g->family == &ulid_family && g->kind == RAISE_VALUE_UUID &&
		  g->args == RAISE_ARGS_NONE);
	g = gen("gen_monotonic_ulid");
	CHECK(g && g->family == &ulid_family && g->kind == RAISE_VALUE_UUID &&
		  g->args == RAISE_ARGS_NONE);
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
	g = gen("ksuid_generate");
	CHECK(g && g->family == &ksuid_family && g->kind == RAISE_VALUE_BYTES &&
		  g->args == RAISE_ARGS_NONE && raise_type_input(&ksuid_family) != NULL &&
		  strcmp(raise_type_input(&ksuid_family), "ksuid_in") == 0);
	g = gen("objectid_generate");
	CHECK(g && g->family == &objectid_family && g->kind == RAISE_VALUE_BYTES &&
		  g->args == RAISE_ARGS_NONE && raise_type_input(&objectid_family) != NULL &&
		  strcmp(raise_type_input(&objectid_family), "objectid_in") == 0);
	/* a family of another kind names no type */
	CHECK(raise_type_input(&ulid_family) == NULL);
	/* every generator of RAISE_VALUE_BYTES names its type */
	for (int id = 0; id < FAMILY_COUNT; id++)
		CHECK((family_table[id]->value_bytes != FRONTIER_VALUE_UUID &&
			   family_table[id]->value_bytes != FRONTIER_VALUE_BIGINT) ==
			  (raise_type_input(family_table[id]) != NULL));

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
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *f = family_table[id];
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

/* timestamptz + interval, as PostgreSQL 15 computes it with TimeZone UTC */
static void
test_shift_apply(void)
{
	static const struct
	{
		int64_t		us;
		int32_t		months;
		int32_t		days;
		int64_t		time_us;
		int64_t		shifted_us;
	}			cases[] = {
		/* Jan 31 + 1 month: the last day of February, leap or not */
		{INT64_C(1706695200000000), 1, 0, 0, INT64_C(1709200800000000)},
		{INT64_C(1675159200000000), 1, 0, 0, INT64_C(1677578400000000)},
		{INT64_C(1711929599999999), -1, 0, 0, INT64_C(1709251199999999)},
		{INT64_C(1709164800000000), 12, 0, 0, INT64_C(1740700800000000)},
		/* before 1970 */
		{INT64_C(-3600000000), 1, 0, 0, INT64_C(2674800000000)},
		/* issue 34's shift: 2026-11-27 12:00 to 2293 */
		{INT64_C(1795780800000000), 40000, -1120000, 0, INT64_C(10217534400000000)},
		{INT64_C(1795780800000000), 0, -3, 0, INT64_C(1795521600000000)},
		{INT64_C(1795780800000000), -13, -40, INT64_C(90000500000), INT64_C(1758200400500000)},
	};
	int64_t		us = 42;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(raise_shift_apply_us(cases[i].us, cases[i].months, cases[i].days,
								   cases[i].time_us, &us) && us == cases[i].shifted_us);
	/* every step overflow-checked */
	us = 42;
	CHECK(!raise_shift_apply_us(INT64_MAX, 0, 0, 1, &us) && us == 42);
	CHECK(!raise_shift_apply_us(INT64_MIN, 0, 0, -1, &us));
	CHECK(!raise_shift_apply_us(0, INT32_MAX, 0, 0, &us));
	CHECK(!raise_shift_apply_us(0, INT32_MIN, 0, 0, &us));
	CHECK(!raise_shift_apply_us(INT64_MAX, INT32_MAX, INT32_MAX, INT64_MAX, &us));
	CHECK(!raise_shift_apply_us(INT64_MIN, INT32_MIN, INT32_MIN, INT64_MIN, &us));
	CHECK(!raise_shift_apply_us(0, 0, INT32_MAX, 0, &us));
	CHECK(raise_shift_apply_us(0, 0, 100000, 0, &us) && us == 100000 * US_PER_DAY);
	/* within a day of INT64_MIN, with months: no overflow on the way */
	(void) raise_shift_apply_us(INT64_MIN + 1, 1, 0, 0, &us);
	(void) raise_shift_invert_us(INT64_MIN + 1, 1, 0, 0, &us);
	(void) raise_shift_invert_us(0, -1, 0, INT64_MAX, &us);
	CHECK(raise_shift_apply_us(-1, 1, 0, 0, &us) && us == 31 * US_PER_DAY - 1);
}

/*
 * raise_shift_invert_us(): the last instant whose shift lies at or before
 * the value; the instant itself for days and time
 */
static void
test_shift_invert(void)
{
	FakeClock	rng = {.rng = 34};
	int64_t		us = 42;
	int			exact = 0,
				last = 0,
				runs = 20000;

	for (int r = 0; r < runs; r++)
	{
		/* 1970 to 10889, shifts of up to 100 years, 1000 days, 2 days */
		int64_t		base = (int64_t) (fake_random_u64(&rng) % (UNIX_MS48_MAX * 1000));
		int32_t		months = (int32_t) (fake_random_u64(&rng) % 2401) - 1200;
		int32_t		days = (int32_t) (fake_random_u64(&rng) % 2001) - 1000;
		int64_t		time_us = (int64_t) (fake_random_u64(&rng) % (4 * US_PER_DAY)) - 2 * US_PER_DAY;
		int64_t		value,
					found,
					after;

		if (r % 3 == 0)
			months = 0;
		if (r % 5 == 0)
			/* the last hours of a month */
			base = base / (30 * US_PER_DAY) * (30 * US_PER_DAY) - (fake_random_u64(&rng) % (4 * US_PER_DAY));
		if (!raise_shift_apply_us(base, months, days, time_us, &value) ||
			!raise_shift_invert_us(value, months, days, time_us, &found) ||
			!raise_shift_apply_us(found, months, days, time_us, &us) ||
			!raise_shift_apply_us(found + 1, months, days, time_us, &after))
			continue;
		if (found == base && (months != 0 || r % 3 == 0))
			exact++;
		/* no later instant gives the value or one before it */
		if (found >= base && found - base < 4 * US_PER_DAY && us <= value && after > value)
			last++;
	}
	CHECK(last == runs);
	CHECK(exact > runs * 9 / 10);

	/* days and time: exactly the instant that gave the value */
	CHECK(raise_shift_invert_us(INT64_C(1795521600000000), 0, -3, 0, &us) &&
		  us == INT64_C(1795780800000000));
	/* Feb 28, 10:00, 2023: Jan 28 10:00 to Jan 31 10:00 give it */
	CHECK(raise_shift_invert_us(INT64_C(1677578400000000), 1, 0, 0, &us) &&
		  us == INT64_C(1675159200000000));
	/* Feb 27: only Jan 27, up to its time of day */
	CHECK(raise_shift_invert_us(INT64_C(1677578400000000) - US_PER_DAY, 1, 0, 0, &us) &&
		  us == INT64_C(1675159200000000) - 4 * US_PER_DAY);
	/* Mar 30 and 31 - 1 month land on Feb 29 2024: the later one */
	CHECK(raise_shift_invert_us(INT64_C(1709251199999999) - 10 * US_PER_HOUR, -1, 0, 0, &us) &&
		  us == INT64_C(1711929599999999) - 10 * US_PER_HOUR);
	/* + 1 month: Mar 29 2023 has no day before it, Feb 28 all lands before */
	CHECK(raise_shift_invert_us(INT64_C(1680066000000000), 1, 0, 0, &us) &&
		  us == INT64_C(1677628799999999));
	/* issue 34's shift: a key of 2262-04-01 came from a step of 1995-05-14 */
	CHECK(raise_shift_invert_us(INT64_C(9222422400000000), 40000, -1120000, 0, &us) &&
		  us == INT64_C(800409600000000));
	CHECK(raise_shift_apply_us(us, 40000, -1120000, 0, &us) &&
		  us == INT64_C(9222422400000000));
	us = 42;
	CHECK(!raise_shift_invert_us(INT64_MIN, 0, 0, 1, &us) && us == 42);
	CHECK(!raise_shift_invert_us(INT64_MAX, 0, -1, 0, &us));
	CHECK(!raise_shift_invert_us(0, INT32_MIN, 0, 0, &us));
	CHECK(!raise_shift_invert_us(INT64_MAX, INT32_MAX, INT32_MIN, INT64_MIN, &us));
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
	return memcmp(a->bytes, b->bytes, f->value_bytes);
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
	FakeClock	rng = {.rng = 42};

	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *f = family_table[id];
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

/*
 * raise_v7_shift_word(): the step of a value uuidv7(shift) made, exact for
 * a shift of time; for a calendar one, at or after the step, by at most
 * what the time zones (raise_shift_latest_step_us()) and a month's clamped
 * days allow
 */
static void
test_v7_shift_word(void)
{
	FakeClock	rng = {.rng = 7};
	const int64_t zones_ms = (RAISE_TZ_OFFSET_MAX_US - RAISE_TZ_OFFSET_MIN_US) / 1000;
	int			own = 0,
				covered = 0,
				tried[2] = {0, 0},
				runs = 3000;
	uint64_t	c = 0;
	FrontierValue v;

	for (int r = 0; r < runs; r++)
	{
		/* a step of this server, then its output shifted as the generator does */
		uint64_t	step = (UINT64_C(1600000000000) + fake_random_u64(&rng) % 100000000000) << 12 |
			(fake_random_u64(&rng) & 0xfff);
		int32_t		months = r % 3 == 0 ? 0 : (int32_t) (fake_random_u64(&rng) % 61) - 30;
		int32_t		days = r % 3 == 0 ? 0 : (int32_t) (fake_random_u64(&rng) % 201) - 100;
		int64_t		time_us = (int64_t) (fake_random_u64(&rng) % (4 * US_PER_DAY)) - 2 * US_PER_DAY;
		int64_t		base = uuidv7_word_to_unix_us(step);
		int64_t		shifted;
		uint64_t	out,
					tick;
		bool		calendar = RAISE_SHIFT_IS_CALENDAR(months, days);

		if (!raise_shift_apply_us(base, months, days, time_us, &shifted) ||
			!uuidv7_shift_word(step, shifted - base, &out))
			continue;
		uuidv7_family.encode(&uuidv7_family, out, fake_random_u64(&rng), 4, 3, &v);
		uuidv7_family.value_tick(&uuidv7_family, &v, &tick);
		tried[calendar]++;
		if (!raise_v7_shift_word(tick, &v, months, days, time_us, 4, 3, &c))
			continue;
		if (!calendar && c == step)
			own++;
		/* (the value's millisecond's last microsecond: 1 ms more) */
		if (calendar && c >= step &&
			(int64_t) ((c >> 12) - (step >> 12)) <= 2 * zones_ms + 3 * 86400000 + 1)
			covered++;
	}
	CHECK(own == tried[0] && own > runs / 4);
	CHECK(covered == tried[1] && covered > runs / 2);

	/* a fresh key of uuidv7('1 hour'): its step's word */
	uuidv7_family.encode(&uuidv7_family, (UINT64_C(1795780800000) + 3600000) << 12 | 5, 0, 0, 0,
						 &v);
	CHECK(raise_v7_shift_word(UINT64_C(1795780800000) + 3600000, &v, 0, 0, US_PER_HOUR, 0, 0,
							  &c) && c == (UINT64_C(1795780800000) << 12 | 5));
	/* of uuidv7('-3 days'): up to 26 h after it, as any zone allows */
	uuidv7_family.encode(&uuidv7_family, (UINT64_C(1795780800000) - 3 * 86400000) << 12 | 5, 0,
						 0, 0, &v);
	CHECK(raise_v7_shift_word(UINT64_C(1795780800000) - 3 * 86400000, &v, 0, -3, 0, 0, 0, &c) &&
		  c == ((UINT64_C(1795780800000) + (uint64_t) zones_ms) << 12 | 0xfff));
	/*
	 * a month, for a key of 2023-02-28 10:00 UTC: the local date and time
	 * up to Mar 1 00:00 (+14 h), a month after Feb 1 00:00, whose instant
	 * at -12 h is Feb 1 12:00 UTC
	 */
	CHECK(raise_v7_shift_word(UINT64_C(1677578400000), &v, 1, 0, 0, 0, 0, &c) &&
		  c == (UINT64_C(1675252800000) << 12 | 0xfff));
	/* a step before 1970, or a shift past the range */
	CHECK(raise_v7_shift_word(5, &v, 0, 0, INT64_C(3600000000), 0, 0, &c) && c == 0);
	CHECK(raise_v7_shift_word(5, &v, 1, 0, 0, 0, 0, &c) && c == 0xfff);
	CHECK(!raise_v7_shift_word(5, &v, 0, 0, -(int64_t) UNIX_MS48_MAX * 1000, 0, 0, &c));
	CHECK(!raise_v7_shift_word(5, &v, 0, 0, INT64_MIN, 0, 0, &c));
	CHECK(!raise_v7_shift_word(5, &v, 0, INT32_MIN, INT64_MIN, 0, 0, &c));
	CHECK(!raise_v7_shift_word(UNIX_MS48_MAX + 1, &v, 1, 0, 0, 0, 0, &c));
}

/*
 * A time zone of one transition, for test_latest_step(): before instant
 * `at` its UTC offset is `before`, from it on `after`; a local date and
 * time is read back (PostgreSQL's DetermineTimeZoneOffset()) at the offset
 * it has on either side, and one in the gap or the overlap at either
 * (gap_before) of the two.
 */
typedef struct TestZone
{
	int64_t		at;
	int64_t		before;
	int64_t		after;
	bool		gap_before;
} TestZone;

static int64_t
zone_offset(const TestZone *z, int64_t instant)
{
	return instant < z->at ? z->before : z->after;
}

static int64_t
zone_instant(const TestZone *z, int64_t local)
{
	bool		as_before = local - z->before < z->at;
	bool		as_after = local - z->after >= z->at;

	if (as_before && as_after)
		return local - (z->gap_before ? z->before : z->after);	/* overlap */
	if (as_before)
		return local - z->before;
	if (as_after)
		return local - z->after;
	return local - (z->gap_before ? z->before : z->after);	/* gap */
}

/* timestamptz + interval in zone z, as timestamptz_pl_interval() does */
static bool
zone_apply(const TestZone *z, int64_t us, int32_t months, int32_t days, int64_t time_us,
		   int64_t *out)
{
	int64_t		local;

	if (months != 0)
	{
		if (!raise_shift_apply_us(us + zone_offset(z, us), months, 0, 0, &local))
			return false;
		us = zone_instant(z, local);
	}
	if (days != 0)
	{
		if (!raise_shift_apply_us(us + zone_offset(z, us), 0, days, 0, &local))
			return false;
		us = zone_instant(z, local);
	}
	*out = us + time_us;
	return true;
}

/*
 * raise_shift_latest_value_us(): no step of a session in any zone (offsets
 * -12 to +14 h, one transition of any size within them) gives a value
 * after the latest value the step allows, and that is not much later; for
 * a shift of time, the step shifted
 */
static void
test_latest_value(void)
{
	FakeClock	rng = {.rng = 43};
	const int64_t span = RAISE_TZ_OFFSET_MAX_US - RAISE_TZ_OFFSET_MIN_US;
	int			covered = 0,
				near = 0,
				runs = 40000;
	int64_t		us = 42;

	for (int r = 0; r < runs; r++)
	{
		int64_t		step = INT64_C(1600000000000000) +
			(int64_t) (fake_random_u64(&rng) % INT64_C(100000000000000));
		int32_t		months = r % 3 == 0 ? 0 : (int32_t) (fake_random_u64(&rng) % 61) - 30;
		int32_t		days = r % 3 == 1 ? 0 : (int32_t) (fake_random_u64(&rng) % 401) - 200;
		int64_t		time_us = (int64_t) (fake_random_u64(&rng) % (4 * US_PER_DAY)) - 2 * US_PER_DAY;
		TestZone	z;
		int64_t		value,
					utc,
					latest;

		z.before = RAISE_TZ_OFFSET_MIN_US + (int64_t) (fake_random_u64(&rng) % (span / 900000000 + 1)) * 900000000;
		z.after = RAISE_TZ_OFFSET_MIN_US + (int64_t) (fake_random_u64(&rng) % (span / 900000000 + 1)) * 900000000;
		z.at = step + (int64_t) (fake_random_u64(&rng) % (400 * US_PER_DAY)) - 200 * US_PER_DAY;
		z.gap_before = fake_random_u64(&rng) & 1;
		if (!zone_apply(&z, step, months, days, time_us, &value) ||
			!raise_shift_apply_us(step, months, days, time_us, &utc) ||
			!raise_shift_latest_value_us(step, months, days, time_us, &latest))
			continue;
		if (latest >= value)
			covered++;
		/*
		 * and not much later than UTC's: two spans of offsets, the end of
		 * a day and a month's clamp
		 */
		if (latest - utc <= 2 * span + 4 * US_PER_DAY)
			near++;
	}
	CHECK(covered == runs);
	CHECK(near == runs);

	/*
	 * A fall-back: America/New_York (-4 h, then -5 h from the first Sunday
	 * of November 2025, 06:00 UTC), uuidv7('110 days') at 2025-09-01 16:00
	 * UTC gives 2025-12-20 17:00 UTC, an hour past UTC's arithmetic
	 */
	{
		TestZone	ny = {INT64_C(1762063200000000), -4 * US_PER_HOUR, -5 * US_PER_HOUR, true};
		int64_t		step = INT64_C(1756742400000000);
		int64_t		value,
					utc,
					latest;

		CHECK(zone_apply(&ny, step, 0, 110, 0, &value) &&
			  value == step + 110 * US_PER_DAY + US_PER_HOUR);
		CHECK(raise_shift_apply_us(step, 0, 110, 0, &utc) && utc == value - US_PER_HOUR);
		CHECK(raise_shift_latest_value_us(step, 0, 110, 0, &latest) &&
			  latest >= value && latest == utc + span);
	}
	/* time alone: exact; the ends of int64 */
	CHECK(raise_shift_latest_value_us(INT64_C(1795867200000000), 0, 0, US_PER_HOUR, &us) &&
		  us == INT64_C(1795867200000000) + US_PER_HOUR);
	us = 42;
	CHECK(!raise_shift_latest_value_us(INT64_MAX, 0, 0, 1, &us) && us == 42);
	CHECK(!raise_shift_latest_value_us(INT64_MAX - span, 0, 1, 0, &us));
	CHECK(!raise_shift_latest_value_us(INT64_MAX - 2 * span - US_PER_DAY, 1, 1, 0, &us));
	CHECK(!raise_shift_latest_value_us(0, INT32_MIN, 0, 0, &us));
}

/*
 * raise_shift_latest_step_us(): no step of a session in any zone (offsets
 * -12 to +14 h, one transition of any size within them) gives a value
 * after the latest step the value allows; for a shift of time, the step
 * itself
 */
static void
test_latest_step(void)
{
	FakeClock	rng = {.rng = 41};
	const int64_t span = RAISE_TZ_OFFSET_MAX_US - RAISE_TZ_OFFSET_MIN_US;
	int			covered = 0,
				near = 0,
				runs = 40000;
	int64_t		us = 42;

	for (int r = 0; r < runs; r++)
	{
		int64_t		step = INT64_C(1600000000000000) +
			(int64_t) (fake_random_u64(&rng) % INT64_C(100000000000000));
		int32_t		months = r % 3 == 0 ? 0 : (int32_t) (fake_random_u64(&rng) % 61) - 30;
		int32_t		days = r % 3 == 1 ? 0 : (int32_t) (fake_random_u64(&rng) % 401) - 200;
		int64_t		time_us = (int64_t) (fake_random_u64(&rng) % (4 * US_PER_DAY)) - 2 * US_PER_DAY;
		TestZone	z;
		int64_t		value,
					latest;

		/* a transition between the step and its value, of any size */
		z.before = RAISE_TZ_OFFSET_MIN_US + (int64_t) (fake_random_u64(&rng) % (span / 900000000 + 1)) * 900000000;
		z.after = RAISE_TZ_OFFSET_MIN_US + (int64_t) (fake_random_u64(&rng) % (span / 900000000 + 1)) * 900000000;
		if (r % 2)
		{
			/* a DST change: an hour (or two, as Antarctica/Troll's) */
			z.after = z.before + (r % 4 == 1 ? 1 : 2) * US_PER_HOUR * (r % 8 < 4 ? 1 : -1);
			if (z.after > RAISE_TZ_OFFSET_MAX_US || z.after < RAISE_TZ_OFFSET_MIN_US)
				z.after = z.before;
		}
		z.at = step + (int64_t) (fake_random_u64(&rng) % (400 * US_PER_DAY)) - 200 * US_PER_DAY;
		z.gap_before = fake_random_u64(&rng) & 1;
		if (r % 3 == 2)
			days = 0;
		if (!zone_apply(&z, step, months, days, time_us, &value) ||
			!raise_shift_latest_step_us(value, months, days, time_us, &latest))
			continue;
		if (latest >= step)
			covered++;
		/* and not much later: two spans of offsets, and a month's clamp */
		if (latest - step <= 2 * span + 3 * US_PER_DAY)
			near++;
	}
	CHECK(covered == runs);
	CHECK(near == runs);

	/*
	 * The case: America/New_York (-5 h, then -4 h from the second
	 * Sunday of March 2027, 07:00 UTC), uuidv7('110 days'), a step 45 min
	 * past a clock of 2026-11-28 12:00 UTC: UTC's arithmetic finds a step
	 * an hour before it, the latest step lies after it
	 */
	{
		TestZone	ny = {INT64_C(1805094000000000), -5 * US_PER_HOUR, -4 * US_PER_HOUR, true};
		int64_t		step = INT64_C(1795867200000000) + 45 * 60 * INT64_C(1000000);
		int64_t		value,
					utc,
					latest;

		CHECK(zone_apply(&ny, step, 0, 110, 0, &value));
		CHECK(raise_shift_invert_us(value, 0, 110, 0, &utc) && utc == step - US_PER_HOUR);
		CHECK(raise_shift_latest_step_us(value, 0, 110, 0, &latest) &&
			  latest >= step && latest == utc + span);
	}
	/* time alone: exact; the ends of int64 */
	CHECK(raise_shift_latest_step_us(INT64_C(1795867200000000), 0, 0, US_PER_HOUR, &us) &&
		  us == INT64_C(1795867200000000) - US_PER_HOUR);
	us = 42;
	CHECK(!raise_shift_latest_step_us(INT64_MIN, 0, 0, 1, &us) && us == 42);
	CHECK(!raise_shift_latest_step_us(INT64_MAX, 0, 1, 0, &us));
	CHECK(!raise_shift_latest_step_us(INT64_MAX - span, 1, 1, 0, &us));
	CHECK(!raise_shift_latest_step_us(0, INT32_MIN, 0, 0, &us));
}

/*
 * raise_horizon_at_ns(): the clock + the interval in UTC, the clock's
 * nanoseconds kept; a month as the calendar has it; negative refused;
 * saturated past int64
 */
static void
test_horizon_at(void)
{
	const int64_t clock_ns = INT64_C(1795780800000000123);	/* 2026-11-27 12:00 UTC */
	int64_t		at = 42;

	CHECK(raise_horizon_at_ns(clock_ns, 0, 0, RAISE_HORIZON_DEFAULT_US, &at) &&
		  at == clock_ns + INT64_C(300000000000));
	CHECK(raise_horizon_at_ns(clock_ns, 0, 0, 0, &at) && at == clock_ns);
	CHECK(raise_horizon_at_ns(clock_ns, 0, 1, 0, &at) && at == clock_ns + 1000 * US_PER_DAY);
	/* Jan 31 2027 + 1 month: Feb 28, 28 days */
	CHECK(raise_horizon_at_ns(INT64_C(1801915200000000000), 1, 0, 0, &at) &&
		  at == INT64_C(1801915200000000000) + 28 * 1000 * US_PER_DAY);
	/* before 1970 too */
	CHECK(raise_horizon_at_ns(-1, 0, 0, 1, &at) && at == 999);
	/* negative, or mixed to a negative total */
	at = 42;
	CHECK(!raise_horizon_at_ns(clock_ns, 0, 0, -1, &at) && at == 42);
	CHECK(!raise_horizon_at_ns(clock_ns, 0, 1, -US_PER_DAY - 1, &at));
	CHECK(raise_horizon_at_ns(clock_ns, 0, 1, -US_PER_HOUR, &at) &&
		  at == clock_ns + 23000 * US_PER_HOUR);
	/* past the clock's range (2262): no bound; past int64's microseconds */
	CHECK(raise_horizon_at_ns(clock_ns, 3600, 0, 0, &at) && at == INT64_MAX);
	CHECK(raise_horizon_at_ns(clock_ns, INT32_MAX, INT32_MAX, INT64_MAX, &at) && at == INT64_MAX);
	CHECK(!raise_horizon_at_ns(clock_ns, INT32_MIN, INT32_MIN, INT64_MIN, &at));
	CHECK(!raise_horizon_at_ns(clock_ns, 0, -INT32_MAX, 0, &at));
}

/*
 * raise_horizon_last_word(), raise_word_within_horizon(): the horizon's
 * tick, never the family's last word; past the family's range, any word but
 * the last; before it, none
 */
static void
test_within_horizon(void)
{
	const int64_t day_ns = INT64_C(86400000000000);
	const int64_t clock_ns = INT64_C(1795780800000000000);
	uint64_t	limit,
				last = 42;

	uuidv7_family.word_from_ns(&uuidv7_family, clock_ns + day_ns, &limit);
	CHECK(raise_horizon_last_word(&uuidv7_family, clock_ns + day_ns, &last) &&
		  last == (limit | 0xfff));
	CHECK(raise_word_within_horizon(&uuidv7_family, limit, clock_ns + day_ns));
	CHECK(raise_word_within_horizon(&uuidv7_family, limit | 0xfff, clock_ns + day_ns));
	CHECK(!raise_word_within_horizon(&uuidv7_family, (limit | 0xfff) + 1, clock_ns + day_ns));
	/* a year ahead, 2262, the family's end */
	CHECK(!raise_word_within_horizon(&uuidv7_family, limit + (UINT64_C(365) * 86400000 << 12),
									 clock_ns + day_ns));
	uuidv7_family.word_from_ns(&uuidv7_family, INT64_MAX, &limit);
	CHECK(!raise_word_within_horizon(&uuidv7_family, limit, clock_ns + day_ns));
	CHECK(raise_word_within_horizon(&uuidv7_family, limit, INT64_MAX));
	/* INT64_MAX: past the clock's range, so a v7 word of 2300 too */
	CHECK(raise_word_within_horizon(&uuidv7_family, limit + (UINT64_C(40) * 365 * 86400000 << 12),
									INT64_MAX));
	CHECK(raise_horizon_last_word(&uuidv7_family, INT64_MAX, &last) &&
		  last == uuidv7_family.max_word - 1);
	CHECK(!raise_word_within_horizon(&uuidv7_family, uuidv7_family.max_word, INT64_MAX));
	CHECK(!raise_word_within_horizon(&uuidv7_family, uuidv7_family.max_word - 1, clock_ns));
	/* TSID's range starts in 2020: a clock before it has no horizon */
	last = 42;
	CHECK(!raise_horizon_last_word(&tsid_family, 0, &last) && last == 42);
	CHECK(!raise_word_within_horizon(&tsid_family, 0, day_ns));
	CHECK(raise_word_within_horizon(&tsid_family, 0, clock_ns + day_ns));
	/* a horizon past the family's end (TSID's, 2089), or none: any word but the last */
	CHECK(raise_horizon_last_word(&tsid_family, INT64_C(4102444800000000000), &last) &&
		  last == tsid_family.max_word - 1);
	CHECK(raise_word_within_horizon(&snowflake_family, snowflake_family.max_word - 1, INT64_MAX));
	CHECK(!raise_word_within_horizon(&snowflake_family, snowflake_family.max_word, INT64_MAX));
}

/* raise_interval_text(): the messages' words for a horizon */
static void
test_interval_text(void)
{
	static const struct
	{
		int32_t		months;
		int32_t		days;
		int64_t		time_us;
		const char *text;
	}			cases[] = {
		{0, 0, RAISE_HORIZON_DEFAULT_US, "5 minutes"},
		{0, 1, 0, "1 day"},
		{0, 1, 2 * US_PER_HOUR, "1 day 2 hours"},
		{18, 0, 0, "1 year 6 months"},
		{0, 0, 1500000, "1.5 seconds"},
		{0, 0, 3723000001, "1 hour 2 minutes 3.000001 seconds"},
		{0, 0, -500000, "-0.5 seconds"},
		{0, 2, -US_PER_HOUR, "2 days -1 hour"},
		{0, 0, 0, "0 seconds"},
		{INT32_MAX, INT32_MAX, INT64_MAX,
		"178956970 years 7 months 2147483647 days 2562047788 hours 54.775807 seconds"},
	};
	char		buf[RAISE_INTERVAL_TEXT_MAX];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		raise_interval_text(cases[i].months, cases[i].days, cases[i].time_us, buf, sizeof(buf));
		CHECK(strcmp(buf, cases[i].text) == 0);
	}
	/* cut at the buffer's end */
	raise_interval_text(0, 1, 2 * US_PER_HOUR, buf, 8);
	CHECK(strcmp(buf, "1 day 2") == 0);
}

/*
 * raise_tick_bound(): for every family, the bound lies in its tick, and
 * the last value of the tick before (its last word, every random bit and
 * node id set) lies below it in the family's order; a Snowflake id's in
 * its epoch, none past the epoch's range, the least id before it.  No
 * value of the tick lies below it, whatever its random bits, node and
 * server bits (another generator's: a v6 node without its multicast bit,
 * an ObjectId of another server).
 */
#define SERVER_BITS	UINT64_C(0xbcf86cd799)	/* this server's ObjectId bits */

/*
 * No value of tick `next` lies below its bound: the first and last words'
 * with random bits all 0 and all 1, node 0 and 255, from this server and
 * from one of ObjectId server bits 0, and a v6 node without the multicast
 * bit this one sets (another generator's).
 */
static void
tick_bound_least(const FrontierFamily *f, uint64_t next, const FrontierValue *bound)
{
	for (int server = 0; server < 2; server++)
	{
		objectid_set_server_bits(server ? SERVER_BITS : 0);
		for (uint64_t random = 0;; random = UINT64_MAX)
		{
			for (uint32_t node = 0; node < 256; node += 255)
			{
				FrontierValue v;

				f->encode(f, next << f->counter_bits, random, node ? 8 : 0, node, &v);
				if (f == &uuidv6_family)
					v.uuid[10] &= 0xfe;
				CHECK(family_cmp(f, bound, &v) <= 0);
				f->encode(f, (next << f->counter_bits) | frontier_counter_mask(f),
						  random, node ? 8 : 0, node, &v);
				CHECK(family_cmp(f, bound, &v) <= 0);
			}
			if (random == UINT64_MAX)
				break;
		}
	}
}

static void
test_tick_bound(void)
{
	const int64_t epoch_ms = INT64_C(1288834974657);	/* Twitter's */
	const int64_t clock_ns = INT64_C(1795780800000000000);

	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *f = family_table[id];
		uint64_t	word;

		objectid_set_server_bits(SERVER_BITS);
		CHECK(f->word_from_ns(f, clock_ns, &word));
		for (uint64_t next = word >> f->counter_bits;
			 next < (word >> f->counter_bits) + 3; next++)
		{
			FrontierValue bound;
			FrontierValue below;
			uint64_t	tick;

			CHECK(raise_tick_bound(f, epoch_ms, next, &bound));
			if (f->value_bytes == FRONTIER_VALUE_BIGINT)
			{
				/* the id's time: ms past its epoch */
				int64_t		ms = (int64_t) next - (f == &snowflake_family ? epoch_ms : 0);

				CHECK(bound.id == ms << ID64_TIME_SHIFT);
				below.id = bound.id - 1;
				if (f == &snowflake_family)
					CHECK(snowflake_tick(bound.id, epoch_ms, &tick) && tick == next &&
						  snowflake_tick(below.id, epoch_ms, &tick) && tick == next - 1);
				else
					CHECK(tsid_tick(bound.id, &tick) && tick == next &&
						  tsid_tick(below.id, &tick) && tick == next - 1);
			}
			else
			{
				/* the last value of the tick before: every bit it has set */
				f->encode(f, (next << f->counter_bits) - 1, UINT64_MAX, 8, 255, &below);
				CHECK(f->value_tick(f, &bound, &tick) && tick == next);
				CHECK(f->value_tick(f, &below, &tick) && tick == next - 1);
				tick_bound_least(f, next, &bound);
			}
			CHECK(family_cmp(f, &below, &bound) < 0);
		}
	}
	objectid_set_server_bits(0);
	/* Snowflake: ids of the epoch's past, and past its range */
	{
		FrontierValue bound;

		CHECK(raise_tick_bound(&snowflake_family, epoch_ms, 1000, &bound) && bound.id == 0);
		CHECK(raise_tick_bound(&snowflake_family, epoch_ms, (uint64_t) epoch_ms + 5, &bound) &&
			  bound.id == INT64_C(5) << ID64_TIME_SHIFT);
		CHECK(raise_tick_bound(&snowflake_family, epoch_ms,
							   (uint64_t) (epoch_ms + ID64_TIME_MAX), &bound) &&
			  bound.id == ID64_TIME_MAX << ID64_TIME_SHIFT);
		CHECK(!raise_tick_bound(&snowflake_family, epoch_ms,
								(uint64_t) (epoch_ms + ID64_TIME_MAX + 1), &bound));
		CHECK(!raise_tick_bound(&tsid_family, 0, (uint64_t) ID64_TIME_MAX + 1, &bound));
	}
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
	test_shift_apply();
	test_shift_invert();
	test_v7_shift_word();
	test_latest_step();
	test_latest_value();
	test_horizon_at();
	test_within_horizon();
	test_interval_text();
	test_tick_bound();
	test_typeid_bounds();
}
