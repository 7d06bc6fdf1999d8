/*
 * allocator.c
 *		The monotonic allocator: the step rule, the overflow policy and the
 *		compare-exchange loop, over an injected clock and storage
 *		(src/README §1).
 *
 * Pure C (no PostgreSQL headers); see allocator.h for the word layout.
 *
 * Concurrency: the only shared state is the frontier word behind
 * FrontierCell.  A value is taken by one successful compare-exchange from
 * the word the step was computed from to the step's result, so every taken
 * value is larger than every value taken before it from the same cell,
 * whatever the clocks of the callers say.  A failed compare-exchange
 * recomputes the step from the value it observed.
 */
#include <stddef.h>

#include "allocator.h"

FrontierStatus
frontier_step(const FrontierFamily *family, uint64_t last, uint64_t clock_word,
			  uint64_t fresh, uint64_t counter_max, uint64_t *next, bool *carried)
{
	uint64_t	mask = frontier_counter_mask(family);

	if (clock_word > last)
	{
		*next = clock_word | fresh;
		*carried = false;
		return FRONTIER_OK;
	}
	if (last >= family->max_word)
		return FRONTIER_EXHAUSTED;
	if ((last & mask) < counter_max)
	{
		*next = last + 1;
		*carried = false;
		return FRONTIER_OK;
	}
	/* the tick is used up: the first word of the next one */
	if ((last | mask) >= family->max_word)
		return FRONTIER_EXHAUSTED;
	*next = (last | mask) + 1;
	*carried = true;
	return FRONTIER_OK;
}

int64_t
frontier_word_ns(const FrontierFamily *family, uint64_t word)
{
	if (family->random_start)
		word &= ~frontier_counter_mask(family);
	return family->word_to_ns(family, word);
}

/* A counter start for a fresh tick: random, below half the counter's range. */
static uint64_t
fresh_counter(const FrontierFamily *family, const FrontierEnv *env,
			  uint64_t counter_max)
{
	if (!family->random_start || counter_max == 0)
		return 0;
	return env->random_bits(env->arg) & (counter_max >> 1);
}

/* later - now <= span (span >= 0), without overflow for any two readings */
static bool
ns_within(int64_t now, int64_t later, int64_t span)
{
	return later <= now || (uint64_t) later - (uint64_t) now <= (uint64_t) span;
}

/* later - now <= 1 ms */
static bool
ns_within_ms(int64_t now, int64_t later)
{
	return ns_within(now, later, FRONTIER_NS_PER_MS);
}

/*
 * When a taken word's tick starts: whole-tick words hold the tick's last
 * counter, which is not when the value was made.
 */
static int64_t
taken_tick_ns(const FrontierFamily *family, const FrontierEnv *env, uint64_t word)
{
	if (env->whole_ticks)
		word &= ~frontier_counter_mask(family);
	return frontier_word_ns(family, word);
}

/*
 * Whether a carry from `last` to `next` against the clock reading `now`
 * must be paced (see FrontierEnv): it lands more than pace_ns past the
 * clock, from a frontier at most twice pace_ns past it.  *exempt caches the
 * answer of env->unpaced for this take (-1: not asked yet).
 */
static bool
carry_paced(const FrontierFamily *family, const FrontierEnv *env, int64_t now,
			uint64_t last, uint64_t next, int *exempt)
{
	if (env->pace_ns <= 0 ||
		ns_within(now, taken_tick_ns(family, env, next), env->pace_ns) ||
		!ns_within(now, family->word_to_ns(family, last & ~frontier_counter_mask(family)),
				   2 * env->pace_ns))
		return false;
	if (*exempt < 0)
		*exempt = env->unpaced != NULL && env->unpaced(env->arg);
	return !*exempt;
}

/*
 * Whole ticks are the step rule with a counter that has one step: a clock
 * word without its counter (later than the frontier only when its tick is),
 * a fresh counter start at the tick's last counter, a counter_max of 0 (so
 * every other step carries), and a carry that lands on the last counter of
 * the next tick.
 */
FrontierStatus
frontier_take(const FrontierFamily *family, const FrontierCell *cell,
			  const FrontierEnv *env, FrontierTake *take)
{
	uint64_t	last = cell->load(cell->cell);
	uint64_t	mask = frontier_counter_mask(family);
	uint64_t	counter_max = env->whole_ticks ? 0 :
		frontier_counter_max(family, env->node_bits);
	uint64_t	fresh = 0;
	bool		have_fresh = false;
	bool		waited = false;
	int			exempt = -1;

	take->retries = 0;
	for (;;)
	{
		int64_t		now = env->now_ns(env->arg);
		uint64_t	clock_word;
		bool		must_wait = false;

		if (!family->word_from_ns(family, now, &clock_word))
		{
			/*
			 * A clock below the family's range is a clock that went back:
			 * continue from the frontier as from any clock behind it.  A
			 * clock above the range, or one with no frontier to continue
			 * from, gives no value.
			 */
			if (last == 0 || now >= family->word_to_ns(family, 0))
				return FRONTIER_CLOCK_OUT_OF_RANGE;
			clock_word = 0;
		}
		if (env->whole_ticks)
			clock_word &= ~mask;

		/* compare-exchange loop against this clock reading */
		while (!must_wait)
		{
			uint64_t	next;
			bool		carried;
			bool		at_clock_tick;
			FrontierStatus status;

			if (clock_word > last && !have_fresh)
			{
				fresh = env->whole_ticks ? mask :
					fresh_counter(family, env, counter_max);
				have_fresh = true;
			}
			status = frontier_step(family, last, clock_word, fresh, counter_max,
								   &next, &carried);
			if (status != FRONTIER_OK)
				return status;
			if (env->whole_ticks)
				next |= mask;

			at_clock_tick = (last >> family->counter_bits) ==
				(clock_word >> family->counter_bits);
			if (carried && env->policy == FRONTIER_ERROR && at_clock_tick)
				return FRONTIER_OVERFLOW;
			if (carried && env->policy == FRONTIER_WAIT &&
				ns_within_ms(now, taken_tick_ns(family, env, next)))
			{
				/*
				 * Spin until the clock reaches the tick we would carry into,
				 * then start over from a fresh reading.  Should the clock go
				 * back meanwhile, stop waiting and carry.
				 */
				int64_t		next_tick_ns = taken_tick_ns(family, env, next);
				int64_t		started = now;

				while (now < next_tick_ns && now >= started)
					now = env->now_ns(env->arg);
				if (now >= next_tick_ns)
				{
					waited = true;
					must_wait = true;
					continue;
				}
			}
			if (carried && carry_paced(family, env, now, last, next, &exempt))
			{
				/*
				 * Spin until the clock is within pace_ns of the tick we
				 * would carry into (at most a tick, or pace_ns when another
				 * caller's carry put the frontier there), then start over
				 * from a fresh reading, which decides again: should the
				 * clock go back meanwhile, it may find the frontier far
				 * enough ahead to carry.
				 */
				int64_t		target = taken_tick_ns(family, env, next) - env->pace_ns;
				int64_t		started = now;

				if (env->policy == FRONTIER_ERROR)
					return FRONTIER_PACED;
				while (now < target && now >= started)
					now = env->now_ns(env->arg);
				waited = true;
				must_wait = true;
				continue;
			}

			if (cell->compare_exchange(cell->cell, &last, next))
			{
				take->word = next;
				take->clock_ns = now;
				take->overflowed = waited || (carried && at_clock_tick);
				return FRONTIER_OK;
			}
			take->retries++;
		}
	}
}
