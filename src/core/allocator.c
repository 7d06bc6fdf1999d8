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

/* The pace anchor's time (FrontierCell.anchor): Unix ns, 0 before any. */
static int64_t
anchor_load(const FrontierCell *cell)
{
	return (int64_t) cell->load(cell->anchor);
}

void
frontier_anchor_raise(const FrontierCell *cell, int64_t ns)
{
	uint64_t	current;

	if (cell->anchor == NULL)
		return;
	current = cell->load(cell->anchor);
	while ((int64_t) current < ns &&
		   !cell->compare_exchange(cell->anchor, &current, (uint64_t) ns))
		;
}

/*
 * The clock moves the anchor too, in steps of FRONTIER_ANCHOR_STEP_NS: a
 * reading more than a step past it becomes the anchor.  A reading within a
 * step of the caller's copy
 * (anchor_seen) is within a step of the anchor: no load; otherwise one, in
 * the frontier's cache line, about ten times a second per caller, and a
 * write about ten times a second while the clock runs.
 */
static void
anchor_follow_clock(const FrontierCell *cell, const FrontierEnv *env, int64_t now)
{
	int64_t		anchor;

	/*
	 * now - seen, wrapped: exact where now >= seen, and negative (within)
	 * where now < seen, but for differences past int64's range, which wrap
	 * to a positive one and take the load: never "within" wrongly
	 */
	if ((cell->anchor_seen != NULL &&
		 (int64_t) ((uint64_t) now - (uint64_t) *cell->anchor_seen) <= FRONTIER_ANCHOR_STEP_NS) ||
		cell->anchor == NULL || env->pace_ns <= 0)
		return;
	anchor = anchor_load(cell);
	if (!ns_within(anchor, now, FRONTIER_ANCHOR_STEP_NS))
	{
		frontier_anchor_raise(cell, now);
		anchor = now;
	}
	if (cell->anchor_seen != NULL)
		*cell->anchor_seen = anchor;
}

/* What pacing says of one carry (pace_carry()). */
typedef enum PaceVerdict
{
	PACE_WITHIN,				/* within the bound: carry */
	PACE_EXEMPT,				/* past it, but the caller is exempt: carry,
								 * then raise the anchor */
	PACE_WAIT					/* past it: wait (or refuse, under
								 * FRONTIER_ERROR) */
} PaceVerdict;

/*
 * Pacing of a carry into the tick starting at tick_ns against the clock
 * reading `now` (see FrontierEnv): within pace_ns of the later of the clock
 * and the anchor, or else exempt, or else PACE_WAIT with *wait_ns how much
 * later the clock must read for it to fit.  *exempt caches the answer of
 * env->unpaced for this take (-1: not asked yet).
 */
static PaceVerdict
pace_carry(const FrontierCell *cell, const FrontierEnv *env, int64_t now,
		   int64_t tick_ns, int *exempt, int64_t *wait_ns)
{
	if (env->pace_ns <= 0 || ns_within(now, tick_ns, env->pace_ns) ||
		(cell->anchor != NULL && ns_within(anchor_load(cell), tick_ns, env->pace_ns)))
		return PACE_WITHIN;
	if (*exempt < 0)
		*exempt = env->unpaced != NULL && env->unpaced(env->arg);
	if (*exempt)
		return PACE_EXEMPT;
	/* tick_ns - pace_ns - now > 0, without overflow */
	*wait_ns = (int64_t) ((uint64_t) tick_ns - (uint64_t) now - (uint64_t) env->pace_ns);
	return PACE_WAIT;
}

/*
 * Under FRONTIER_WAIT, spin until the clock reaches tick_ns, at most a
 * tick away; true once it has, false should the clock go back meanwhile.
 */
static bool
spin_to_tick(const FrontierEnv *env, int64_t now, int64_t tick_ns)
{
	int64_t		started = now;

	while (now < tick_ns && now >= started)
		now = env->now_ns(env->arg);
	return now >= tick_ns;
}

/*
 * The clock word of reading `now` (whole ticks: without its counter);
 * false when the reading gives none.  A clock below the family's range is a
 * clock that went back: it continues from the frontier `last` as from any
 * clock behind it (clock word 0).  A clock above the range, or one with no
 * frontier to continue from, gives no value.
 */
static bool
clock_word_at(const FrontierFamily *family, const FrontierEnv *env, int64_t now,
			  uint64_t last, uint64_t *clock_word)
{
	if (!family->word_from_ns(family, now, clock_word))
	{
		if (last == 0 || now >= family->word_to_ns(family, 0))
			return false;
		*clock_word = 0;
	}
	if (env->whole_ticks)
		*clock_word &= ~frontier_counter_mask(family);
	return true;
}

/*
 * Whole ticks are the step rule with a counter that has one step: a clock
 * word without its counter (later than the frontier only when its tick is),
 * a fresh counter start at the tick's last counter, a counter_max of 0 (so
 * every other step carries), and a carry that lands on the last counter of
 * the next tick.
 *
 * Each clock reading may move the pace anchor (anchor_follow_clock()); the
 * compare-exchange loop then works against that reading, and a wait (the
 * wait policy's spin, or pacing's sleep) starts over from a fresh one.
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

		if (!clock_word_at(family, env, now, last, &clock_word))
			return FRONTIER_CLOCK_OUT_OF_RANGE;
		anchor_follow_clock(cell, env, now);

		/* compare-exchange loop against this clock reading */
		while (!must_wait)
		{
			uint64_t	next;
			bool		carried;
			bool		at_clock_tick;
			PaceVerdict pace = PACE_WITHIN;
			int64_t		wait_ns;
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
				 * Wait for the tick we would carry into, then start over
				 * from a fresh reading; should the clock go back meanwhile,
				 * carry.
				 */
				if (spin_to_tick(env, now, taken_tick_ns(family, env, next)))
				{
					waited = true;
					must_wait = true;
					continue;
				}
			}
			if (carried)
				pace = pace_carry(cell, env, now, taken_tick_ns(family, env, next),
								  &exempt, &wait_ns);
			if (pace == PACE_WAIT)
			{
				/*
				 * Sleep while the carry does not fit, then start over from
				 * a fresh reading (and anchor), which decides again.
				 */
				if (env->policy == FRONTIER_ERROR)
					return FRONTIER_PACED;
				env->sleep(env->arg, wait_ns);
				waited = true;
				must_wait = true;
				continue;
			}

			if (cell->compare_exchange(cell->cell, &last, next))
			{
				if (pace == PACE_EXEMPT)
					frontier_anchor_raise(cell, taken_tick_ns(family, env, next));
				take->word = next;
				take->clock_ns = now;
				take->overflowed = waited || (carried && at_clock_tick);
				return FRONTIER_OK;
			}
			take->retries++;
		}
	}
}
