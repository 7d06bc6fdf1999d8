/*
 * test_allocator.c
 *		Unit tests of the monotonic allocator (core/allocator.c) over a fake
 *		clock: the step rule, bursts, clock rollback, each overflow policy,
 *		the maximum, contention, a randomised monotonicity property,
 *		and whole ticks (one value per tick) alone and mixed with clock
 *		steps.  Pacing has its own file, test_pacing.c.
 */
#include <string.h>

#include "comb.h"
#include "allocator.h"
#include "rfc9562.h"
#include "unit.h"

#define MS	FRONTIER_NS_PER_MS
/* 2024-01-02 03:04:05.678 UTC */
#define T0	(INT64_C(1704164645678) * MS)

static FrontierEnv
env_for(FakeClock *clock, FrontierPolicy policy)
{
	FrontierEnv env = {fake_now_ns, fake_random_u64, clock, policy, 0, false, 0, NULL, NULL};

	return env;
}

static FrontierCell
cell_for(uint64_t *word)
{
	FrontierCell cell = {plain_load, plain_compare_exchange, word, NULL, NULL};

	return cell;
}

/* A clock that advances takes the clock word every time. */
static void
test_clock_driven(void)
{
	FakeClock	clock = {T0, MS, 0};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	uint64_t	expect;

	for (int i = 0; i < 10; i++)
	{
		FrontierTake take;

		CHECK(uuidv7_word_from_ns(T0 + i * MS, &expect));
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == expect);
		CHECK(!take.overflowed && take.retries == 0);
		CHECK(word == take.word);
	}
}

/* A burst above 4096 per ms on a frozen clock carries into the next ms. */
static void
test_burst(void)
{
	FakeClock	clock = {T0, 0, 0};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	uint64_t	first;
	uint64_t	prev = 0;
	int			overflows = 0;

	CHECK(uuidv7_word_from_ns(T0, &first));
	for (int i = 0; i < 10000; i++)
	{
		FrontierTake take;

		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		if (i == 0)
			CHECK(take.word == first);
		else
			CHECK(take.word == prev + 1);
		overflows += take.overflowed;
		prev = take.word;
	}
	/* 10000 steps from T0's fraction: ran ahead into the following ms */
	CHECK(prev == first + 9999);
	CHECK((prev >> 12) > (first >> 12));
	/* only the carry out of the clock's own ms counts as an overflow */
	CHECK(overflows == 1);
}

/* A clock that goes back never rewinds the frontier and never raises. */
static void
test_clock_rollback(void)
{
	FakeClock	clock = {T0, 0, 0};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ERROR);
	FrontierTake take;
	uint64_t	before;

	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	before = take.word;
	clock.now = T0 - 3600 * INT64_C(1000) * MS;	/* one hour back */
	for (int i = 0; i < 9000; i++)	/* more than one tick's worth */
	{
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == before + 1);
		before = take.word;
	}
}

/* FRONTIER_ERROR refuses to carry out of the clock's own tick. */
static void
test_policy_error(void)
{
	FakeClock	clock = {T0, 0, 0};
	uint64_t	clock_word;
	uint64_t	word;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ERROR);
	FrontierTake take;

	CHECK(uuidv7_word_from_ns(T0, &clock_word));
	word = clock_word | 0xfff;	/* the last step of the clock's ms */
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OVERFLOW);
	CHECK(word == (clock_word | 0xfff));	/* nothing taken */

	/* one step short of the end still works */
	word = (clock_word | 0xfff) - 1;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == (clock_word | 0xfff));
}

/* FRONTIER_WAIT spins into the next tick when at most 1 ms ahead. */
static void
test_policy_wait(void)
{
	FakeClock	clock = {T0, 1000, 0};	/* 1 us per reading */
	uint64_t	clock_word;
	uint64_t	word;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_WAIT);
	FrontierTake take;

	CHECK(uuidv7_word_from_ns(T0, &clock_word));
	word = clock_word | 0xfff;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	/* it waited for the clock: the value is the clock's, in the next ms */
	CHECK((take.word >> 12) == (clock_word >> 12) + 1);
	CHECK(take.clock_ns >= (T0 / MS + 1) * MS);
	CHECK(uuidv7_word_from_ns(take.clock_ns, &clock_word) && take.word == clock_word);
	CHECK(take.overflowed);

	/* a frontier more than 1 ms ahead advances instead of waiting */
	clock.now = T0;
	CHECK(uuidv7_word_from_ns(T0 + 5 * MS, &word));
	word |= 0xfff;
	{
		uint64_t	start = word;

		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == start + 1);
		CHECK(clock.now == T0 + 1000);	/* read the clock once */
	}
}

/* The frontier never wraps; the clock must lie in the family's range. */
static void
test_limits(void)
{
	FakeClock	clock = {T0, 0, 0};
	uint64_t	word = uuidv7_family.max_word;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	FrontierTake take;

	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
	CHECK(word == uuidv7_family.max_word);

	word = 0;
	clock.now = -1;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_CLOCK_OUT_OF_RANGE);
	clock.now = 0;				/* 1970-01-01 00:00:00 is the first instant */
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == 0 + 1);	/* the frontier starts at 0, so 0 + 1 */
}

/*
 * A clock below a family's range is a clock that went back: with a frontier
 * it continues from it, under every policy; without one there is no value.
 * Above the range nothing continues.
 */
static void
test_clock_below_range(void)
{
	static const FrontierPolicy policies[] = {FRONTIER_ADVANCE, FRONTIER_WAIT, FRONTIER_ERROR};
	const FrontierFamily *sqldatetime = &comb_families[COMB_SQLSERVER_SQLDATETIME].frontier;
	/* 199 years before 1970, and 1899-12-31 */
	const int64_t before_1970 = -INT64_C(6279897600) * 1000000000;
	const int64_t before_1900 = -INT64_C(2208988801) * 1000000000;

	for (int p = 0; p < 3; p++)
	{
		FakeClock	clock = {T0, 0, 7};
		uint64_t	word = 0;
		FrontierCell cell = cell_for(&word);
		FrontierEnv env = env_for(&clock, policies[p]);
		FrontierTake take;
		uint64_t	last;

		/* v7: nothing to continue from, then a frontier to continue from */
		clock.now = before_1970;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_CLOCK_OUT_OF_RANGE);
		CHECK(word == 0);
		clock.now = T0;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		last = take.word;
		clock.now = before_1970;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == last + 1 && !take.overflowed);

		/* sqldatetime: below 1900 continues, above 2079 does not */
		word = 0;
		clock.now = before_1900;
		CHECK(frontier_take(sqldatetime, &cell, &env, &take) == FRONTIER_CLOCK_OUT_OF_RANGE);
		clock.now = T0;
		CHECK(frontier_take(sqldatetime, &cell, &env, &take) == FRONTIER_OK);
		last = take.word;
		clock.now = before_1900;
		CHECK(frontier_take(sqldatetime, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == last + 1);
		clock.now = INT64_MAX;	/* 2262: past 2079 */
		CHECK(frontier_take(sqldatetime, &cell, &env, &take) == FRONTIER_CLOCK_OUT_OF_RANGE);
		CHECK(word == last + 1);
	}
}

/* Another writer between load and compare-exchange: retry above it. */
static uint64_t contended_word;
static int	contended_left;

static bool
contended_compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
{
	if (contended_left > 0)
	{
		contended_left--;
		contended_word += 100;	/* someone else took values meanwhile */
	}
	return plain_compare_exchange(cell, expected, desired);
}

static void
test_contention(void)
{
	FakeClock	clock = {T0, 0, 0};
	FrontierCell cell = {plain_load, contended_compare_exchange, &contended_word, NULL, NULL};
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	FrontierTake take;

	CHECK(uuidv7_word_from_ns(T0, &contended_word));
	contended_left = 3;
	{
		uint64_t	start = contended_word;

		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.retries == 3);
		CHECK(take.word == start + 300 + 1);
	}
}

/* A family whose counter starts at random: 14 bits in 1 ms ticks. */
#define counter_family	(comb_families[COMB_SQLSERVER_UNIX_MS].frontier)

static void
test_random_start(void)
{
	FakeClock	clock = {T0, 0, 42};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	FrontierTake take;
	uint64_t	first;
	int			distinct_starts = 0;
	uint64_t	last_start = UINT64_MAX;

	for (int i = 0; i < 100; i++)
	{
		clock.now = T0 + i * MS;
		CHECK(frontier_take(&counter_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK((take.word >> 14) == (uint64_t) (T0 / MS + i));
		CHECK((take.word & 0x3fff) < 0x2000);	/* top bit clear */
		distinct_starts += (take.word & 0x3fff) != last_start;
		last_start = take.word & 0x3fff;
	}
	CHECK(distinct_starts > 90);

	/* within a tick: frontier + 1 */
	first = take.word;
	CHECK(frontier_take(&counter_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == first + 1);
	CHECK(frontier_word_ns(&counter_family, take.word) == T0 / MS * MS + 99 * MS);
}

/* Random clock jumps, forward and back: the output strictly increases. */
static void
test_monotonic_property(void)
{
	FrontierPolicy policies[] = {FRONTIER_ADVANCE, FRONTIER_ERROR};

	for (int p = 0; p < 2; p++)
	{
		FakeClock	clock = {T0, 0, 7};
		uint64_t	word = 0;
		FrontierCell cell = cell_for(&word);
		FrontierEnv env = env_for(&clock, policies[p]);
		uint64_t	prev = 0;
		int			bad = 0;

		for (int i = 0; i < 200000; i++)
		{
			FrontierTake take;
			uint64_t	r = fake_random_u64(&clock);
			FrontierStatus status;

			/* mostly tiny steps, sometimes big jumps either way */
			if (r % 100 == 0)
				clock.now += (int64_t) (r >> 40) - (int64_t) (UINT64_C(1) << 23);
			else
				clock.now += (int64_t) (r % 300);
			if (clock.now < 0)
				clock.now = T0;
			status = frontier_take(&uuidv7_family, &cell, &env, &take);
			if (status == FRONTIER_OVERFLOW && policies[p] == FRONTIER_ERROR)
				continue;
			if (status != FRONTIER_OK || take.word <= prev)
				bad++;
			prev = take.word;
		}
		CHECK(bad == 0);
	}
}

/*
 * Whole ticks: each value takes a tick of its own and leaves the frontier
 * at the tick's last word; a clock that moves 1 us per value makes them run
 * ahead, one tick each; a clock 2 ms apart gives the clock's own ticks.
 */
static void
test_whole_ticks(void)
{
	FakeClock	clock = {T0 + 300 * 1000, 1000, 0};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ADVANCE);
	FrontierTake take;
	uint64_t	tick0 = (uint64_t) (T0 / MS);

	env.whole_ticks = true;
	for (uint64_t i = 0; i < 10; i++)
	{
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == ((tick0 + i) << 12 | 0xfff));
		CHECK(word == take.word);
		/*
		 * the first takes the clock's tick, the second carries out of it
		 * (an overflow), the rest carry a frontier already ahead
		 */
		CHECK(take.overflowed == (i == 1));
	}
	clock.step = 2 * MS;
	clock.now = T0 + 100 * MS;
	for (uint64_t i = 0; i < 10; i++)
	{
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == ((tick0 + 100 + 2 * i) << 12 | 0xfff));
		CHECK(!take.overflowed);
	}
	CHECK(frontier_whole_tick_word(&uuidv7_family, take.word, 0x123456) ==
		  ((tick0 + 118) << 12 | 0x456));

	/*
	 * A clock step earlier in the clock's tick leaves the rest of that tick
	 * to steps, never to a whole-tick value: it takes the next tick.
	 */
	clock.step = 0;
	clock.now = T0 + 200 * MS + 500 * 1000;
	env.whole_ticks = false;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == ((tick0 + 200) << 12 | 2048));
	env.whole_ticks = true;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == ((tick0 + 201) << 12 | 0xfff));
	CHECK(take.overflowed);
	/* and a step after it continues in the tick after that */
	env.whole_ticks = false;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == ((tick0 + 202) << 12));

	/* the last tick is used up by one value */
	word = (UNIX_MS48_MAX - 1) << 12 | 5;
	env.whole_ticks = true;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == uuidv7_family.max_word);
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
}

/* Whole ticks under the error and wait policies. */
static void
test_whole_tick_policies(void)
{
	FakeClock	clock = {T0 + 100 * 1000, 1000, 0};
	uint64_t	word = 0;
	FrontierCell cell = cell_for(&word);
	FrontierEnv env = env_for(&clock, FRONTIER_ERROR);
	FrontierTake take;
	uint64_t	tick0 = (uint64_t) (T0 / MS);

	env.whole_ticks = true;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == (tick0 << 12 | 0xfff));
	/* the clock's tick has no second value */
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OVERFLOW);
	CHECK(word == (tick0 << 12 | 0xfff));

	/* wait: spins to the start of the next tick, not to its last word */
	env.policy = FRONTIER_WAIT;
	CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == ((tick0 + 1) << 12 | 0xfff));
	CHECK(take.overflowed);
	CHECK(take.clock_ns >= (int64_t) (tick0 + 1) * MS);
	CHECK(take.clock_ns < (int64_t) (tick0 + 1) * MS + 10 * 1000);
}

/*
 * Whole ticks mixed at random with clock steps on one frontier, over a
 * clock that jumps both ways: the values, encoded as the glue encodes them
 * (a whole-tick value with a random counter), strictly increase, and no
 * value shares the tick of a whole-tick value.
 */
static void
test_whole_ticks_mixed(void)
{
	static const FrontierPolicy policies[] = {FRONTIER_ADVANCE, FRONTIER_WAIT, FRONTIER_ERROR};

	for (int p = 0; p < 3; p++)
	{
		FakeClock	clock = {T0, 0, 11};
		uint64_t	word = 0;
		FrontierCell cell = cell_for(&word);
		FrontierEnv env = env_for(&clock, policies[p]);
		uint64_t	prev = 0;
		uint64_t	prev_tick = 0;
		bool		prev_whole = false;
		int			bad = 0;
		int			whole = 0;

		for (int i = 0; i < 200000; i++)
		{
			FrontierTake take;
			uint64_t	r = fake_random_u64(&clock);
			uint64_t	value;
			FrontierStatus status;

			if (r % 100 == 0)
				clock.now += (int64_t) (r >> 44) - (int64_t) (UINT64_C(1) << 19);
			else
				clock.now += (int64_t) (r % 1000);
			clock.step = 1 + (int64_t) (r >> 60);	/* waiting needs a clock that moves */
			env.whole_ticks = (r >> 8) % 3 == 0;
			status = frontier_take(&uuidv7_family, &cell, &env, &take);
			if (status == FRONTIER_OVERFLOW && policies[p] == FRONTIER_ERROR)
				continue;
			if (status != FRONTIER_OK)
			{
				bad++;
				continue;
			}
			value = env.whole_ticks ?
				frontier_whole_tick_word(&uuidv7_family, take.word, fake_random_u64(&clock)) :
				take.word;
			if (value <= prev && i > 0)
				bad++;
			if ((prev_whole || env.whole_ticks) && (value >> 12) == prev_tick && i > 0)
				bad++;
			if (env.whole_ticks && (take.word & 0xfff) != 0xfff)
				bad++;
			whole += env.whole_ticks;
			prev = value;
			prev_tick = value >> 12;
			prev_whole = env.whole_ticks;
		}
		CHECK(bad == 0);
		CHECK(whole > 50000);
	}
}

void
test_allocator(void)
{
	test_clock_driven();
	test_burst();
	test_clock_rollback();
	test_policy_error();
	test_policy_wait();
	test_limits();
	test_clock_below_range();
	test_contention();
	test_random_start();
	test_monotonic_property();
	test_whole_ticks();
	test_whole_tick_policies();
	test_whole_ticks_mixed();
}
