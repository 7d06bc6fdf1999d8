/*
 * test_pacing.c
 *		Unit tests of pacing in the allocator (core/allocator.c, src/README
 *		§1) over a fake clock that sleeps: no carry of a paced caller takes
 *		a frontier more than pace_ns past the later of its clock and the
 *		pace anchor, which the clock, raises and exempt carries move; from
 *		the clock, after a raise an hour ahead, after a clock that went
 *		back, after an exempt burst, and at random.
 */
#include "allocator.h"
#include "rfc9562.h"
#include "unit.h"

#define MS	FRONTIER_NS_PER_MS
/* 2024-01-02 03:04:05.678 UTC */
#define T0	(INT64_C(1704164645678) * MS)

/* env.unpaced for the pacing tests: counts its calls, answers unpaced_answer */
static int	unpaced_calls;
static bool unpaced_answer;

static bool
count_unpaced(void *arg)
{
	(void) arg;
	unpaced_calls++;
	return unpaced_answer;
}

/*
 * A paced caller: pace_ns of a second, not exempt (count_unpaced, reset),
 * sleeping on the fake clock.
 */
static FrontierEnv
paced_env(FakeClock *clock, FrontierPolicy policy)
{
	FrontierEnv env = {fake_now_ns, fake_random_u64, clock, policy, 0, false, 0, NULL, NULL};

	fake_sleeps = 0;
	fake_slept = 0;
	env.pace_ns = FRONTIER_PACE_NS;
	env.unpaced = count_unpaced;
	env.sleep = fake_sleep_ns;
	unpaced_answer = false;
	unpaced_calls = 0;
	return env;
}

/*
 * A frontier word, its pace anchor and the caller's copy of it;
 * anchor_loads and anchor_writes count the loads and writes of
 * counted_cell's anchor.
 */
typedef struct PacedCell
{
	uint64_t	word;
	uint64_t	anchor;
	int64_t		seen;
} PacedCell;

static int	anchor_loads;
static int	anchor_writes;
static PacedCell *counted_cell;

static uint64_t
counting_load(void *cell)
{
	if (counted_cell != NULL && cell == &counted_cell->anchor)
		anchor_loads++;
	return plain_load(cell);
}

static bool
counting_compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
{
	bool		done = plain_compare_exchange(cell, expected, desired);

	if (done && counted_cell != NULL && cell == &counted_cell->anchor)
		anchor_writes++;
	return done;
}

static FrontierCell
paced_cell(PacedCell *paced)
{
	FrontierCell cell = {counting_load, counting_compare_exchange, &paced->word,
	&paced->anchor, &paced->seen};

	return cell;
}

/* Where a v7 word's tick starts, in Unix ns. */
static int64_t
tick_ns(uint64_t word)
{
	return uuidv7_family.word_to_ns(&uuidv7_family, word & ~UINT64_C(0xfff));
}

/* How far the tick of a taken word lies past the clock reading it was taken against. */
static int64_t
ahead_ns(const FrontierTake *take)
{
	return tick_ns(take->word) - take->clock_ns;
}

/*
 * A raise of the frontier to v7 word `word`, as the runtime makes one: the
 * word, then the anchor to its time.
 */
static void
raise_to(PacedCell *paced, const FrontierCell *cell, uint64_t word)
{
	paced->word = word;
	frontier_anchor_raise(cell, uuidv7_family.word_to_ns(&uuidv7_family, word));
}

/*
 * Paced takes until the first that sleeps (or, under FRONTIER_ERROR, is
 * refused), at most `limit`: how many took a value without sleeping; every
 * one's tick checked to lie at most pace_ns past `bound`.
 */
static int
takes_before_sleep(PacedCell *paced, const FrontierCell *cell, FrontierEnv *env,
				   int64_t bound, int limit)
{
	int			taken = 0;

	while (taken < limit)
	{
		FrontierTake take;
		int			sleeps = fake_sleeps;

		if (frontier_take(&uuidv7_family, cell, env, &take) != FRONTIER_OK ||
			fake_sleeps != sleeps)
			break;
		CHECK(tick_ns(take.word) <= bound + FRONTIER_PACE_NS);
		taken++;
	}
	return taken;
}

/*
 * n values from a frontier starting at 0: the number of takes that failed
 * or did not increase, and in *max_ahead how far their ticks ran ahead of
 * their clock readings.
 */
static int
burst_from_zero(FakeClock *clock, const FrontierEnv *env, int n, int64_t *max_ahead)
{
	PacedCell	paced = {0, 0, 0};
	FrontierCell cell = paced_cell(&paced);
	uint64_t	prev = 0;
	int			bad = 0;

	clock->now = T0;
	*max_ahead = 0;
	for (int i = 0; i < n; i++)
	{
		FrontierTake take;

		if (frontier_take(&uuidv7_family, &cell, env, &take) != FRONTIER_OK ||
			take.word <= prev)
			bad++;
		prev = take.word;
		if (ahead_ns(&take) > *max_ahead)
			*max_ahead = ahead_ns(&take);
	}
	return bad;
}

/*
 * Pacing from the clock: a paced burst of whole ticks (one value a
 * millisecond), or of 4096 steps a tick, runs at most pace_ns ahead of the
 * clock, then sleeps until the clock lets it carry; an exempt caller runs
 * ahead; the exemption is asked only when a carry would pass the bound; the
 * error policy refuses the carry and leaves the frontier.
 */
static void
test_pacing_clock(void)
{
	static const bool whole[] = {true, false};

	for (int w = 0; w < 2; w++)
	{
		/* a clock slower than the burst: 1 us, or 10 ns, per reading */
		FakeClock	clock = {T0, whole[w] ? 1000 : 10, 0};
		FrontierEnv env = paced_env(&clock, FRONTIER_ADVANCE);
		/* a paced burst: 1.2 s of ticks, whole or 4096 steps each */
		int			n = whole[w] ? 1200 : 1200 * 4096;
		int64_t		max_ahead;

		env.whole_ticks = whole[w];
		CHECK(burst_from_zero(&clock, &env, n, &max_ahead) == 0);
		CHECK(max_ahead <= FRONTIER_PACE_NS);
		CHECK(max_ahead > FRONTIER_PACE_NS - 10 * MS);
		/* it slept, as long as the clock had to go, no longer */
		CHECK(fake_sleeps > 0 && clock.now > T0 + 190 * MS);
		CHECK(fake_slept < 200 * MS);
		/* asked once per take that would pass the bound, at most */
		CHECK(unpaced_calls > 0 && unpaced_calls <= n);

		/* the same burst, exempt: it runs ahead, never sleeping */
		unpaced_answer = true;
		fake_sleeps = 0;
		CHECK(burst_from_zero(&clock, &env, n, &max_ahead) == 0);
		CHECK(max_ahead > FRONTIER_PACE_NS + 100 * MS);
		CHECK(fake_sleeps == 0);
	}

	{
		FakeClock	clock = {T0, 0, 0};
		PacedCell	paced = {0, 0, 0};
		FrontierCell cell = paced_cell(&paced);
		FrontierEnv env = paced_env(&clock, FRONTIER_ERROR);
		FrontierTake take;
		uint64_t	clock_word;

		/* error: a carry past the bound is refused, a step within the tick is not */
		CHECK(uuidv7_word_from_ns(T0 + FRONTIER_PACE_NS, &clock_word));
		paced.word = clock_word | 0xfff;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_PACED);
		CHECK(paced.word == (clock_word | 0xfff));
		paced.word = (clock_word | 0xfff) - 1;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		env.whole_ticks = true;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_PACED);
		CHECK(fake_sleeps == 0);

		/* no carry past the bound: the exemption is never asked */
		env.whole_ticks = false;
		env.policy = FRONTIER_ADVANCE;
		unpaced_calls = 0;
		paced.word = 0;
		for (int i = 0; i < 10000; i++)
			CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(unpaced_calls == 0);
	}
}

/*
 * However far ahead a raise puts a frontier (an hour here), paced carries
 * take it at most pace_ns past the raised point: exactly 1,000 whole ticks
 * of a raised v7 word (its last fraction, 999,756 ns into its tick), then
 * advance and wait sleep until the clock gets within pace_ns of the next
 * tick, error refuses.  Without the anchor the frontier, far ahead of the
 * clock, is carried at once neither: the first carry would sleep an hour.
 */
static void
test_pacing_raise(void)
{
	static const FrontierPolicy policies[] = {FRONTIER_ADVANCE, FRONTIER_WAIT, FRONTIER_ERROR};

	for (int p = 0; p < 3; p++)
	{
		FakeClock	clock = {T0, 1000, 0};
		PacedCell	paced = {0, 0, 0};
		FrontierCell cell = paced_cell(&paced);
		FrontierEnv env = paced_env(&clock, policies[p]);
		FrontierTake take;
		uint64_t	raised;
		int64_t		raised_ns;

		env.whole_ticks = true;
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(uuidv7_word_from_ns(T0 + 3600 * 1000 * MS, &raised));
		raise_to(&paced, &cell, raised | 0xfff);
		raised_ns = tick_ns(raised) + 999756;
		CHECK((int64_t) paced.anchor == raised_ns);

		CHECK(takes_before_sleep(&paced, &cell, &env, raised_ns, 5000) == 1000);
		if (policies[p] == FRONTIER_ERROR)
		{
			CHECK(paced.word == (((raised >> 12) + 1000) << 12 | 0xfff));
			CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_PACED);
			CHECK(fake_sleeps == 0);
			continue;
		}
		/* the 1,001st slept until the clock reached the raised point */
		CHECK(paced.word == (((raised >> 12) + 1001) << 12 | 0xfff));
		CHECK(fake_sleeps == 1);
		CHECK(fake_slept > 3599 * 1000 * MS && fake_slept <= 3601 * 1000 * MS);
		CHECK(clock.now >= raised_ns);
		CHECK(tick_ns(paced.word) <= clock.now + FRONTIER_PACE_NS);
	}
}

/*
 * A clock that goes back: the readings before moved the anchor, so paced
 * carries continue from the frontier for at least pace_ns less an anchor
 * step, at most pace_ns past where the clock stood; and the clock wrote the
 * anchor at most ten times a second, and loaded it only
 * to do so.
 */
static void
test_pacing_clock_back(void)
{
	static PacedCell paced;
	FakeClock	clock = {T0, MS, 0};
	FrontierCell cell = paced_cell(&paced);
	FrontierEnv env = paced_env(&clock, FRONTIER_ADVANCE);
	FrontierTake take;
	int64_t		stood;
	int			taken;

	counted_cell = &paced;
	anchor_loads = 0;
	anchor_writes = 0;

	env.whole_ticks = true;
	for (int i = 0; i < 5000; i++)	/* 5 s of clock, a reading a ms */
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	stood = take.clock_ns;
	CHECK(anchor_writes >= 5000 * MS / (FRONTIER_ANCHOR_STEP_NS) - 1);
	CHECK(anchor_writes <= 5000 * MS / (FRONTIER_ANCHOR_STEP_NS) + 1);
	/*
	 * and loaded it only to move it (a load to decide, one to raise): the
	 * caller's copy said when, not a load per take
	 */
	CHECK(anchor_loads <= 2 * anchor_writes + 2);
	CHECK((int64_t) paced.anchor <= stood);
	CHECK((int64_t) paced.anchor > stood - FRONTIER_ANCHOR_STEP_NS - MS);

	clock.now = T0 - 3600 * 1000 * MS;	/* an hour back */
	clock.step = 1000;
	taken = takes_before_sleep(&paced, &cell, &env, stood, 5000);
	CHECK(taken >= 1000 - FRONTIER_ANCHOR_STEP_NS / MS);
	CHECK(taken <= 1000);
}

/*
 * An exempt caller's carries past the bound raise the anchor as they go:
 * after its burst, 3 s ahead, paced carries reach at most pace_ns past its
 * last tick.
 */
static void
test_pacing_exempt(void)
{
	FakeClock	clock = {T0, 1000, 0};
	PacedCell	paced = {0, 0, 0};
	FrontierCell cell = paced_cell(&paced);
	FrontierEnv env = paced_env(&clock, FRONTIER_ADVANCE);
	FrontierTake take;
	int64_t		last_tick;
	int			taken;

	env.whole_ticks = true;
	unpaced_answer = true;
	for (int i = 0; i < 3000; i++)
		CHECK(frontier_take(&uuidv7_family, &cell, &env, &take) == FRONTIER_OK);
	last_tick = tick_ns(take.word);
	CHECK(last_tick > T0 + 2900 * MS);
	CHECK(fake_sleeps == 0);
	/* raised about once a second of carries: within pace_ns of the last */
	CHECK((int64_t) paced.anchor <= last_tick);
	CHECK((int64_t) paced.anchor >= last_tick - FRONTIER_PACE_NS);
	/* asked once a second of carries (when one passes the anchor's bound) */
	CHECK(unpaced_calls >= 2 && unpaced_calls <= 3);

	unpaced_answer = false;
	taken = takes_before_sleep(&paced, &cell, &env, (int64_t) paced.anchor, 5000);
	CHECK(taken <= 1000);
	CHECK(fake_sleeps == 1);
}

/*
 * Paced and exempt callers, whole ticks or not, under every policy, with
 * raises and a clock that jumps either way by up to 2 s: the values
 * strictly increase, and no paced take leaves the frontier's tick more than
 * pace_ns past the furthest of every clock reading, raise and exempt
 * carry so far.
 */
static void
test_pacing_property(void)
{
	FakeClock	clock = {T0, 1000, 5};
	PacedCell	paced = {0, 0, 0};
	FrontierCell cell = paced_cell(&paced);
	FrontierEnv env = paced_env(&clock, FRONTIER_ADVANCE);
	int64_t		furthest = T0;
	uint64_t	prev = 0;
	int			bad = 0;
	int			refused = 0;

	for (int i = 0; i < 100000; i++)
	{
		FrontierTake take;
		uint64_t	r = fake_random_u64(&clock);
		FrontierStatus status;

		if (r % 200 == 0)
			clock.now += (int64_t) (r >> 12 & 0xfff) * MS - 2048 * MS;
		if (r % 5000 == 1)
		{
			uint64_t	word;

			/* a raise, up to 17 minutes ahead of the clock */
			CHECK(uuidv7_word_from_ns(clock.now + (int64_t) (r >> 20 & 0xfffff) * MS, &word));
			if (word > paced.word)
			{
				raise_to(&paced, &cell, word | 0xfff);
				furthest = furthest > (int64_t) paced.anchor ? furthest : (int64_t) paced.anchor;
			}
		}
		env.policy = (FrontierPolicy) (r >> 40) % 3;
		env.whole_ticks = (r >> 44) % 2 == 0;
		unpaced_answer = (r >> 48) % 10 == 0;
		status = frontier_take(&uuidv7_family, &cell, &env, &take);
		if (status == FRONTIER_OVERFLOW || status == FRONTIER_PACED)
		{
			refused++;
			continue;
		}
		if (status != FRONTIER_OK || take.word <= prev)
			bad++;
		prev = take.word;
		if (take.clock_ns > furthest)
			furthest = take.clock_ns;
		if (unpaced_answer && tick_ns(take.word) > furthest)
			furthest = tick_ns(take.word);
		if (!unpaced_answer && tick_ns(take.word) > furthest + FRONTIER_PACE_NS)
			bad++;
	}
	CHECK(bad == 0);
	CHECK(refused > 0 && fake_sleeps > 0);
}

void
test_pacing(void)
{
	test_pacing_clock();
	test_pacing_raise();
	test_pacing_clock_back();
	test_pacing_exempt();
	test_pacing_property();
}
