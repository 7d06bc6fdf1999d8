/*
 * unit.h
 *		A minimal harness for the pure core's unit tests: CHECK counts a
 *		pass or prints the failing expression; main() prints
 *		"N passed, N failed" and fails if anything did.
 */
#ifndef UUID_SEQ_UNIT_H
#define UUID_SEQ_UNIT_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

extern int	unit_passed;
extern int	unit_failed;

#define CHECK(cond) \
	do { \
		if (cond) \
			unit_passed++; \
		else \
		{ \
			unit_failed++; \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)

/* A clock for tests: returns *now and then advances it by step. */
typedef struct FakeClock
{
	int64_t		now;
	int64_t		step;
	uint64_t	rng;			/* xorshift state for random_bits */
} FakeClock;

extern int64_t fake_now_ns(void *arg);

/*
 * A sleep on a FakeClock: advances it by ns, and counts the calls and the
 * ns asked for in fake_sleeps and fake_slept.
 */
extern void fake_sleep_ns(void *arg, int64_t ns);
extern int	fake_sleeps;
extern int64_t fake_slept;
extern uint64_t fake_random_u64(void *arg);

/* A backend-local frontier cell. */
extern uint64_t plain_load(void *cell);
extern bool plain_compare_exchange(void *cell, uint64_t *expected, uint64_t desired);

/* 16 random bytes from the xorshift state of rng. */
extern void fake_random_uuid(FakeClock *rng, uint8_t u[16]);

/* Parse "00112233-4455-..." into 16 bytes; 0 on success. */
extern int	parse_uuid(const char *text, uint8_t out[16]);

/* The suites, one per core file. */
extern void test_allocator(void);
extern void test_pacing(void);
extern void test_frontier_format(void);
extern void test_registry(void);
extern void test_clock_shift(void);
extern void test_rfc9562(void);
extern void test_uuidv6(void);
extern void test_ulid(void);
extern void test_ksuid(void);
extern void test_comb(void);
extern void test_sqlserver_order(void);
extern void test_typeid(void);
extern void test_guid_bytes(void);
extern void test_id64(void);
extern void test_raise_plan(void);
extern void test_facade(void);
extern void test_shared_head(void);
extern void test_objectid(void);
extern void test_vector_files(void);

#endif							/* UUID_SEQ_UNIT_H */
