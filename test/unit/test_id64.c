/*
 * test_id64.c
 *		TSID and Snowflake (core/id64.c): the specifications' own examples,
 *		the text codec, the lower bounds and the two frontiers.
 *
 * Vectors: tsid-creator's codec gives 38352658567418872 <-> 01221H8Q1MMZR
 * (its README prints the number and another id's text from two calls);
 * Twitter's Tweet object example (id 1050118621198921728, created_at
 * "Wed Oct 10 20:19:24 +0000 2018"); Discord's API reference
 * (175928847299117063: 2016-04-30 11:18:25.796 UTC, worker 1, process 0,
 * increment 7); pgEdge snowflake's documentation (136169504773242881:
 * 2024-01-11 13:08:59.845-05 with its 2023-01-01 epoch).
 */
#include <string.h>

#include "id64.h"
#include "unit.h"

#define MS		INT64_C(1000000)
#define DISCORD_EPOCH_MS	INT64_C(1420070400000)	/* 2015-01-01 UTC */
#define PGEDGE_EPOCH_MS		INT64_C(1672531200000)	/* 2023-01-01 UTC */

static void
test_tsid_text(void)
{
	char		text[TSID_TEXT_LEN];
	int64_t		id = 0;
	FakeClock	rng = {0};

	tsid_format(INT64_C(38352658567418872), text);
	CHECK(memcmp(text, "01221H8Q1MMZR", TSID_TEXT_LEN) == 0);
	CHECK(tsid_parse("01221H8Q1MMZR", 13, &id) == TSID_TEXT_OK &&
		  id == INT64_C(38352658567418872));
	CHECK(tsid_parse("01221h8q1mmzr", 13, &id) == TSID_TEXT_OK &&
		  id == INT64_C(38352658567418872));
	/* 2020-04-15 19:59:46.360 UTC */
	CHECK(tsid_unix_ms(INT64_C(38352658567418872)) == INT64_C(1586980786360));

	/* the ends: every 64-bit value has a text, bit 64 must be zero */
	tsid_format(0, text);
	CHECK(memcmp(text, "0000000000000", TSID_TEXT_LEN) == 0);
	tsid_format(-1, text);
	CHECK(memcmp(text, "FZZZZZZZZZZZZ", TSID_TEXT_LEN) == 0);
	CHECK(tsid_parse("FZZZZZZZZZZZZ", 13, &id) == TSID_TEXT_OK && id == -1);
	CHECK(tsid_parse("7ZZZZZZZZZZZZ", 13, &id) == TSID_TEXT_OK && id == INT64_MAX);
	CHECK(tsid_parse("G000000000000", 13, &id) == TSID_TEXT_OVERFLOW);
	CHECK(tsid_parse("Z000000000000", 13, &id) == TSID_TEXT_OVERFLOW);

	/* length and alphabet */
	CHECK(tsid_parse("01221H8Q1MMZ", 12, &id) == TSID_TEXT_BAD_LENGTH);
	CHECK(tsid_parse("01221H8Q1MMZRR", 14, &id) == TSID_TEXT_BAD_LENGTH);
	CHECK(tsid_parse("", 0, &id) == TSID_TEXT_BAD_LENGTH);
	CHECK(tsid_parse("01221H8Q1MMZI", 13, &id) == TSID_TEXT_BAD_CHAR);
	CHECK(tsid_parse("01221H8Q1MMZL", 13, &id) == TSID_TEXT_BAD_CHAR);
	CHECK(tsid_parse("01221H8Q1MMZO", 13, &id) == TSID_TEXT_BAD_CHAR);
	CHECK(tsid_parse("01221H8Q1MMZU", 13, &id) == TSID_TEXT_BAD_CHAR);
	CHECK(tsid_parse("01221H8Q1MM-R", 13, &id) == TSID_TEXT_BAD_CHAR);
	CHECK(tsid_parse("01221H8Q1MM\0R", 13, &id) == TSID_TEXT_BAD_CHAR);

	/* round trip, and text order is numeric order for positive ids */
	for (int i = 0; i < 1000; i++)
	{
		int64_t		a = (int64_t) (fake_random_u64(&rng) >> 1);
		int64_t		b = (int64_t) (fake_random_u64(&rng) >> 1);
		char		ta[TSID_TEXT_LEN];
		char		tb[TSID_TEXT_LEN];
		int			cmp;

		tsid_format(a, ta);
		tsid_format(b, tb);
		CHECK(tsid_parse(ta, TSID_TEXT_LEN, &id) == TSID_TEXT_OK && id == a);
		cmp = memcmp(ta, tb, TSID_TEXT_LEN);
		CHECK((cmp < 0) == (a < b) && (cmp == 0) == (a == b));
	}
}

static void
test_snowflake_vectors(void)
{
	int64_t		ms = 0;
	uint64_t	tick = 0;

	/* Twitter: created_at Wed Oct 10 20:19:24 +0000 2018 */
	CHECK(snowflake_unix_ms(INT64_C(1050118621198921728), SNOWFLAKE_TWITTER_EPOCH_MS, &ms) &&
		  ms == INT64_C(1539202764211));
	/* Discord: 2016-04-30 11:18:25.796 UTC, worker 1, process 0, increment 7 */
	CHECK(snowflake_unix_ms(INT64_C(175928847299117063), DISCORD_EPOCH_MS, &ms) &&
		  ms == INT64_C(1462015105796));
	CHECK(snowflake_extract_node_id(INT64_C(175928847299117063)) == (1 << 5 | 0));
	CHECK(snowflake_extract_counter(INT64_C(175928847299117063)) == 7);
	/* pgEdge snowflake 2.x: 2024-01-11 18:08:59.845 UTC */
	CHECK(snowflake_unix_ms(INT64_C(136169504773242881), PGEDGE_EPOCH_MS, &ms) &&
		  ms == INT64_C(1704996539845));

	/* a negative id has no time */
	CHECK(!snowflake_unix_ms(-1, SNOWFLAKE_TWITTER_EPOCH_MS, &ms));
	CHECK(!snowflake_tick(-1, SNOWFLAKE_TWITTER_EPOCH_MS, &tick));
	CHECK(snowflake_tick(INT64_C(1050118621198921728), SNOWFLAKE_TWITTER_EPOCH_MS, &tick) &&
		  tick == UINT64_C(1539202764211));

	/* compose is the inverse, and refuses times outside the epoch's range */
	{
		int64_t		id = 0;
		uint64_t	word = UINT64_C(1462015105796) << SNOWFLAKE_COUNTER_BITS | 7;

		CHECK(snowflake_compose(word, DISCORD_EPOCH_MS, 32, &id) &&
			  id == INT64_C(175928847299117063));
		CHECK(!snowflake_compose(word, INT64_C(1462015105797), 32, &id));
		CHECK(snowflake_compose(word, INT64_C(1462015105796), 32, &id) &&
			  id == (32 << 12 | 7));
		CHECK(!snowflake_compose(word, INT64_C(1462015105796) - ID64_TIME_MAX - 1, 32, &id));
		CHECK(snowflake_compose(word, INT64_C(1462015105796) - ID64_TIME_MAX, 32, &id) &&
			  id == (INT64_MAX & ~INT64_C(0x3fffff)) + (32 << 12 | 7));
	}
}

static void
test_readers_and_bounds(void)
{
	/* a TSID with node_bits 4, node 5, counter 3 */
	int64_t		tsid = INT64_C(1000) << 22 | 5 << 18 | 3;
	int64_t		id = -1;

	CHECK(tsid_extract_node_id(tsid, 4) == 5 && tsid_extract_counter(tsid, 4) == 3);
	CHECK(tsid_extract_node_id(tsid, 0) == 0 && tsid_extract_counter(tsid, 0) == (5 << 18 | 3));
	CHECK(tsid_extract_node_id(tsid, 16) == (5 << 12) && tsid_extract_counter(tsid, 16) == 3);
	CHECK(tsid_unix_ms(tsid) == TSID_EPOCH_MS + 1000);
	/* past 2089 tsid-creator's ids are negative: the time reads unsigned */
	CHECK(tsid_unix_ms(INT64_MIN) == TSID_EPOCH_MS + (INT64_C(1) << 41));

	/* TSID bounds: 2020-01-01 to 2089-09-06 15:47:35.551 UTC, floor of the ms */
	CHECK(id64_lower_bound(TSID_EPOCH_MS * 1000, TSID_EPOCH_MS, &id) && id == 0);
	CHECK(id64_lower_bound(TSID_EPOCH_MS * 1000 + 1999, TSID_EPOCH_MS, &id) &&
		  id == INT64_C(1) << 22);
	CHECK(!id64_lower_bound(TSID_EPOCH_MS * 1000 - 1, TSID_EPOCH_MS, &id));
	CHECK(id64_lower_bound((TSID_EPOCH_MS + ID64_TIME_MAX) * 1000 + 999, TSID_EPOCH_MS, &id) &&
		  id == ID64_TIME_MAX << 22);
	CHECK(!id64_lower_bound((TSID_EPOCH_MS + ID64_TIME_MAX + 1) * 1000, TSID_EPOCH_MS, &id));
	CHECK(!id64_lower_bound(INT64_MIN, TSID_EPOCH_MS, &id));
	CHECK(!id64_lower_bound(INT64_MAX, -TSID_EPOCH_MS, &id));
	CHECK(!id64_lower_bound(0, INT64_MAX, &id));
	/* Twitter's example lies in the millisecond of its bound */
	CHECK(id64_lower_bound(INT64_C(1539202764211) * 1000 + 500, SNOWFLAKE_TWITTER_EPOCH_MS, &id) &&
		  id == (INT64_C(1050118621198921728) & ~INT64_C(0x3fffff)));
}

/* Take n values of a family against a clock; false if any fails to increase. */
static bool
take_increasing(const FrontierFamily *family, FakeClock *clock, unsigned node_bits,
				uint64_t *frontier, int n, uint64_t *words)
{
	FrontierEnv env = {fake_now_ns, fake_random_u64, clock, FRONTIER_ADVANCE, node_bits, false, 0, NULL, NULL};
	FrontierCell cell = {plain_load, plain_compare_exchange, frontier, NULL, NULL};
	uint64_t	last = *frontier;

	for (int i = 0; i < n; i++)
	{
		FrontierTake take;

		if (frontier_take(family, &cell, &env, &take) != FRONTIER_OK || take.word <= last)
			return false;
		last = words[i] = take.word;
	}
	return true;
}

static void
test_tsid_frontier(void)
{
	static uint64_t words[200];
	/* 2024-01-02 03:04:05.678 UTC, a frozen clock */
	FakeClock	clock = {.now = INT64_C(1704164645678) * MS, .step = 0};
	uint64_t	frontier = 0;
	int64_t		prev = 0;
	bool		node_ok = true;
	bool		increasing = true;

	/* node_bits 16: 64 counters per ms, so 200 values run 3 ms ahead */
	CHECK(take_increasing(&tsid_family, &clock, 16, &frontier, 200, words));
	for (int i = 0; i < 200; i++)
	{
		FrontierValue value;
		int64_t		id;

		tsid_family.encode(&tsid_family, words[i], 0, 16, 0xbeef, &value);
		id = value.id;
		node_ok &= tsid_extract_node_id(id, 16) == 0xbeef && tsid_extract_counter(id, 16) < 64;
		increasing &= id > prev;
		prev = id;
	}
	CHECK(node_ok && increasing);
	CHECK(tsid_unix_ms(prev) - INT64_C(1704164645678) == 3);
	/* the first counter of a fresh ms is random, below half the range */
	CHECK((words[0] & 0x3fffff) < 32);

	/*
	 * A frontier kept under node_bits 0 (a counter above 63) is used up
	 * under node_bits 16: the next value is in the next ms.
	 */
	{
		uint64_t	kept = (UINT64_C(1704164645678) - TSID_EPOCH_MS) << 22 | 1000;
		uint64_t	next[1];

		uint64_t	kept_tick = kept >> 22;

		CHECK(take_increasing(&tsid_family, &clock, 16, &kept, 1, next));
		CHECK(next[0] == (kept_tick + 1) << 22);
	}

	/* before 2020 with no frontier there is no TSID; after one, continue */
	{
		FakeClock	early = {.now = (TSID_EPOCH_MS - 1) * MS, .step = 0};
		FrontierEnv env = {fake_now_ns, fake_random_u64, &early, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};
		uint64_t	none = 0;
		uint64_t	some = UINT64_C(5) << 22;
		FrontierCell cell = {plain_load, plain_compare_exchange, &none, NULL, NULL};
		FrontierTake take;

		CHECK(frontier_take(&tsid_family, &cell, &env, &take) == FRONTIER_CLOCK_OUT_OF_RANGE);
		cell.cell = &some;
		CHECK(frontier_take(&tsid_family, &cell, &env, &take) == FRONTIER_OK &&
			  take.word == (UINT64_C(5) << 22 | 1));
	}

	/* the last ms: values until its counters are used up, then exhausted */
	{
		uint64_t	last = (uint64_t) ID64_TIME_MAX << 22 | 60;	/* counter 60 of 63 */
		FrontierEnv env = {fake_now_ns, fake_random_u64, &clock, FRONTIER_ADVANCE, 16, false, 0, NULL, NULL};
		FrontierCell cell = {plain_load, plain_compare_exchange, &last, NULL, NULL};
		FrontierTake take;
		int			taken = 0;

		while (frontier_take(&tsid_family, &cell, &env, &take) == FRONTIER_OK)
			taken++;
		CHECK(taken == 3);
		CHECK(frontier_take(&tsid_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
	}
}

static void
test_snowflake_frontier(void)
{
	static uint64_t words[5000];
	FakeClock	clock = {.now = INT64_C(1704164645678) * MS + 123, .step = 0};
	uint64_t	frontier = 0;
	int64_t		prev = 0;
	bool		increasing = true;
	int64_t		id = 0;

	/* 4,096 per ms from counter 0, then the next ms */
	CHECK(take_increasing(&snowflake_family, &clock, 0, &frontier, 5000, words));
	CHECK(words[0] == UINT64_C(1704164645678) << 12);
	CHECK(words[4095] == (UINT64_C(1704164645678) << 12 | 4095));
	CHECK(words[4096] == UINT64_C(1704164645679) << 12);
	for (int i = 0; i < 5000; i++)
	{
		CHECK(snowflake_compose(words[i], PGEDGE_EPOCH_MS, 1023, &id));
		increasing &= id > prev && snowflake_extract_node_id(id) == 1023;
		prev = id;
	}
	CHECK(increasing);

	/* encode writes Twitter's epoch, and value_tick reads it back */
	{
		FrontierValue value;
		uint64_t	tick = 0;

		snowflake_family.encode(&snowflake_family, words[4096], 0, 0, 7, &value);
		CHECK(snowflake_family.value_tick(&snowflake_family, &value, &tick) &&
			  tick == UINT64_C(1704164645679));
		snowflake_family.encode(&snowflake_family, 5, 0, 0, 7, &value); /* 1970 */
		CHECK(value.id == 0);
	}
}

void
test_id64(void)
{
	test_tsid_text();
	test_snowflake_vectors();
	test_readers_and_bounds();
	test_tsid_frontier();
	test_snowflake_frontier();
}
