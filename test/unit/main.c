/*
 * main.c
 *		Runs every unit-test suite of the pure core and prints the totals.
 *
 * A broken core can make a test loop forever (an allocator that waits for
 * a clock that never moves, or whose step rule no longer advances).  Two
 * guards turn that into a failure, neither of them measuring the machine's
 * speed: the fake clock fails the run, by name, once it has been read
 * FAKE_CLOCK_FROZEN_READS times in a row without advancing (far more than
 * any test reads a frozen clock) and then jumps ahead, so that the wait
 * ends and the check after it fails; and a watchdog on the process's CPU
 * time (not the wall clock, which a busy machine or valgrind stretches)
 * stops the run after UNIT_CPU_SECONDS.  The whole run takes about a
 * second of CPU, a dozen under valgrind.
 */
#define _POSIX_C_SOURCE 200809L	/* setitimer(), sigaction() under -std=c11 */

#include <signal.h>
#include <sys/time.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

#define UNIT_CPU_SECONDS 120
#define FAKE_CLOCK_FROZEN_READS (UINT64_C(1) << 22)
#define UNIT_STRINGIFY(x) #x
#define UNIT_STRING(x) UNIT_STRINGIFY(x)

int			unit_passed = 0;
int			unit_failed = 0;

/* readings of a fake clock in a row that returned the same time */
static int64_t frozen_at;
static uint64_t frozen_reads;

int64_t
fake_now_ns(void *arg)
{
	FakeClock  *clock = arg;
	int64_t		now = clock->now;

	if (now != frozen_at)
	{
		frozen_at = now;
		frozen_reads = 0;
	}
	else if (++frozen_reads == FAKE_CLOCK_FROZEN_READS)
	{
		unit_failed++;
		fprintf(stderr, "fake clock: read %" PRIu64 " times at the same time, "
				"jumping ahead (a wait on a clock that does not move?); "
				"the check after the wait fails\n", frozen_reads);
		now = clock->now = INT64_MAX / 2;
	}
	clock->now += clock->step;
	return now;
}

int			fake_sleeps = 0;
int64_t		fake_slept = 0;

void
fake_sleep_ns(void *arg, int64_t ns)
{
	FakeClock  *clock = arg;

	fake_sleeps++;
	fake_slept += ns;
	clock->now += ns;
}

uint64_t
fake_random_u64(void *arg)
{
	FakeClock  *clock = arg;
	uint64_t	x = clock->rng ? clock->rng : 0x9e3779b97f4a7c15u;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	clock->rng = x;
	return x;
}

uint64_t
plain_load(void *cell)
{
	return *(uint64_t *) cell;
}

bool
plain_compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
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

void
fake_random_uuid(FakeClock *rng, uint8_t u[16])
{
	uint64_t	a = fake_random_u64(rng);
	uint64_t	b = fake_random_u64(rng);

	for (int i = 0; i < 8; i++)
	{
		u[i] = (uint8_t) (a >> (8 * i));
		u[8 + i] = (uint8_t) (b >> (8 * i));
	}
}

int
parse_uuid(const char *text, uint8_t out[16])
{
	int			n = 0;

	for (const char *p = text; *p && n < 32; p++)
	{
		int			v;

		if (*p == '-')
			continue;
		if (*p >= '0' && *p <= '9')
			v = *p - '0';
		else if (*p >= 'a' && *p <= 'f')
			v = *p - 'a' + 10;
		else if (*p >= 'A' && *p <= 'F')
			v = *p - 'A' + 10;
		else
			return -1;
		if (n % 2 == 0)
			out[n / 2] = (uint8_t) (v << 4);
		else
			out[n / 2] |= (uint8_t) v;
		n++;
	}
	return n == 32 ? 0 : -1;
}

/* SIGPROF: say so and fail, with async-signal-safe calls only. */
static void
unit_timeout(int signo)
{
	static const char message[] = "unit tests: no result after "
		UNIT_STRING(UNIT_CPU_SECONDS) " s of CPU time, stopped (a loop that never ends?)\n";
	ssize_t		written = write(STDERR_FILENO, message, sizeof(message) - 1);

	(void) written;
	_exit(EXIT_FAILURE);
}

int
main(void)
{
	struct sigaction timeout = {0};
	struct itimerval cpu_limit = {.it_value = {.tv_sec = UNIT_CPU_SECONDS}};

	timeout.sa_handler = unit_timeout;
	sigemptyset(&timeout.sa_mask);
	sigaction(SIGPROF, &timeout, NULL);
	setitimer(ITIMER_PROF, &cpu_limit, NULL);

	test_allocator();
	test_pacing();
	test_frontier_format();
	test_registry();
	test_clock_shift();
	test_rfc9562();
	test_uuidv6();
	test_ulid();
	test_ksuid();
	test_comb();
	test_sqlserver_order();
	test_typeid();
	test_guid_bytes();
	test_id64();
	test_raise_plan();
	test_facade();
	test_shared_head();
	test_objectid();
	test_vector_files();

	printf("%d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
