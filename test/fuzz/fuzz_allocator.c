/*
 * fuzz_allocator.c
 *		libFuzzer harness for the allocator (core/allocator.c): the input
 *		drives the clock (jumps forward and back) and the overflow policy;
 *		the values taken must strictly increase, for a clock-driven family
 *		(UUIDv7) and a random-start counter family (COMB sqlserver/unix_ms)
 *		alike, and for UUIDv7 with whole ticks mixed in at random (a
 *		whole-tick value encoded with a random counter, in a tick no other
 *		value shares).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "allocator.h"
#include "comb.h"
#include "rfc9562.h"

typedef struct FuzzClock
{
	int64_t		now;
	int64_t		step;
	uint64_t	rng;
} FuzzClock;

static int64_t
fuzz_now(void *arg)
{
	FuzzClock  *clock = arg;

	clock->now += clock->step;
	return clock->now;
}

static uint64_t
fuzz_random(void *arg)
{
	FuzzClock  *clock = arg;

	clock->rng = clock->rng * 6364136223846793005u + 1442695040888963407u;
	return clock->rng >> 11;
}

static uint64_t
load(void *cell)
{
	return *(uint64_t *) cell;
}

static bool
compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
{
	uint64_t   *word = cell;

	if (*word != *expected)
	{
		*expected = *word;
		return false;
	}
	*word = desired;
	return true;
}

static void
run(const FrontierFamily *family, const uint8_t *data, size_t size, bool mixed)
{
	FuzzClock	clock = {INT64_C(1704164645678000000), 1000, 1};
	uint64_t	word = 0;
	FrontierCell cell = {load, compare_exchange, &word, NULL, NULL};
	FrontierEnv env = {fuzz_now, fuzz_random, &clock, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};
	uint64_t	prev = 0;
	bool		prev_whole = false;

	for (size_t i = 0; i + 1 < size; i += 2)
	{
		uint64_t	value;

		FrontierTake take;
		FrontierStatus status;
		int			jump = (int8_t) data[i];

		env.policy = (FrontierPolicy) (data[i + 1] % 3);
		/* small steps, or jumps of up to ±127 ms either way */
		if (data[i + 1] & 0x80)
			clock.now += (int64_t) jump * FRONTIER_NS_PER_MS;
		clock.step = 1 + (data[i + 1] >> 2 & 0x1f) * 97;
		env.whole_ticks = mixed && (fuzz_random(&clock) & 1);
		/* every whole tick carries: keep each wait within 100 readings */
		if (mixed)
			clock.step += 10000;
		status = frontier_take(family, &cell, &env, &take);
		if (status == FRONTIER_OVERFLOW && env.policy == FRONTIER_ERROR)
			continue;
		if (status != FRONTIER_OK || word != take.word)
			abort();
		value = env.whole_ticks ?
			frontier_whole_tick_word(family, take.word, fuzz_random(&clock)) : take.word;
		if (value <= prev ||
			((prev_whole || env.whole_ticks) &&
			 value >> family->counter_bits == prev >> family->counter_bits))
			abort();
		prev = value;
		prev_whole = env.whole_ticks;
	}
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run(&uuidv7_family, data, size, false);
	run(&comb_families[COMB_SQLSERVER_UNIX_MS].frontier, data, size, false);
	run(&uuidv7_family, data, size, true);
	return 0;
}
