/*
 * test_uuidv6.c
 *		The UUIDv6 family (core/uuidv6.c): RFC 9562's own example (Appendix
 *		A.5), word <-> time and word <-> value round trips, the ends of the
 *		range, the node field, uuid order of the words, and the frontier.
 *
 * The RFC's UUIDv6 is 1EC9414C-232A-6B00-B3C8-9F6BDECED846: timestamp
 * 0x1EC9414C232AB00 (2022-02-22 19:22:22 UTC), clock_seq 0x33C8, node
 * 0x9F6BDECED846 (its multicast bit set).  In this family's terms its word
 * is the timestamp << 4 | 0xC (clock_seq's top 4 bits), and its random
 * bits 0x3C8 (clock_seq's low 10) and the node.
 */
#include <string.h>

#include "rfc9562.h"
#include "unit.h"
#include "uuidv6.h"

#define RFC_TICK		UINT64_C(0x1EC9414C232AB00)
#define RFC_UNIX_US		INT64_C(1645557742000000)
#define RFC_WORD		(RFC_TICK << 4 | 0xC)
#define RFC_RANDOM		(UINT64_C(0x3C8) << 48 | UINT64_C(0x9F6BDECED846))

/* Unix us of 1582-10-15 00:00 UTC and of the last tick of 5236 */
#define FIRST_US		INT64_C(-12219292800000000)
#define LAST_US			INT64_C(103072857660684697)

static void
test_rfc_vector(void)
{
	uint8_t		want[16];
	uint8_t		bound[16];
	FrontierValue value;
	uint64_t	tick = 0;
	uint64_t	word = 0;

	CHECK(parse_uuid("1EC9414C-232A-6B00-B3C8-9F6BDECED846", want) == 0);
	uuidv6_encode(RFC_WORD, RFC_RANDOM, 0, 0, value.uuid);
	CHECK(memcmp(value.uuid, want, 16) == 0);
	CHECK(uuidv6_family.value_tick(&uuidv6_family, &value, &tick) && tick == RFC_TICK);
	CHECK(uuidv6_unix_us(value.uuid) == RFC_UNIX_US);

	/* the clock and an explicit time give its tick */
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, RFC_UNIX_US * 1000, &word) &&
		  word == RFC_TICK << 4);
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, RFC_UNIX_US * 1000 + 99, &word) &&
		  word == RFC_TICK << 4);
	CHECK(uuidv6_word_from_unix_us(RFC_UNIX_US, &word) && word == RFC_TICK << 4);
	CHECK(uuidv6_family.word_to_ns(&uuidv6_family, RFC_WORD) == RFC_UNIX_US * 1000);
	CHECK(frontier_word_ns(&uuidv6_family, RFC_WORD) == RFC_UNIX_US * 1000);

	/* its lower bound: time, version and variant */
	CHECK(parse_uuid("1EC9414C-232A-6B00-8000-000000000000", want) == 0);
	CHECK(uuidv6_bound_at_unix_us(RFC_UNIX_US, bound) && memcmp(bound, want, 16) == 0);
	CHECK(memcmp(bound, value.uuid, 16) < 0);

	/* a UUIDv7 or v1 of the same instant is no UUIDv6 */
	CHECK(parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", value.uuid) == 0);
	CHECK(!uuidv6_family.value_tick(&uuidv6_family, &value, &tick));
	CHECK(parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED846", value.uuid) == 0);
	CHECK(!uuidv6_family.value_tick(&uuidv6_family, &value, &tick));
}

/* The ends of the range, and of the clock's. */
static void
test_range(void)
{
	uint8_t		u[16];
	uint8_t		want[16];
	uint64_t	word = 0;

	CHECK(uuidv6_bound_at_unix_us(FIRST_US, u));
	CHECK(parse_uuid("00000000-0000-6000-8000-000000000000", want) == 0 &&
		  memcmp(u, want, 16) == 0);
	CHECK(uuidv6_unix_us(u) == FIRST_US);
	CHECK(!uuidv6_bound_at_unix_us(FIRST_US - 1, u));
	CHECK(!uuidv6_word_from_unix_us(INT64_MIN, &word));

	CHECK(uuidv6_word_from_unix_us(LAST_US, &word) &&
		  word >> 4 == UUIDV6_TICK_MAX - 5);	/* 0.5 us before its end */
	CHECK(uuidv6_bound_at_unix_us(LAST_US, u));
	CHECK(parse_uuid("ffffffff-ffff-6ffa-8000-000000000000", want) == 0 &&
		  memcmp(u, want, 16) == 0);
	CHECK(!uuidv6_word_from_unix_us(LAST_US + 1, &word));
	CHECK(!uuidv6_word_from_unix_us(INT64_MAX, &word));
	CHECK(uuidv6_family.max_word == UINT64_MAX);

	/* every clock reading has a word (int64 ns: 1677 to 2262), rounded down */
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, INT64_MIN, &word) &&
		  word >> 4 == GREGORIAN_TO_UNIX_100NS - (UINT64_C(1) << 63) / 100 - 1);
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, INT64_MAX, &word) &&
		  word >> 4 == GREGORIAN_TO_UNIX_100NS + (uint64_t) INT64_MAX / 100);
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, -1, &word) &&
		  word >> 4 == GREGORIAN_TO_UNIX_100NS - 1);
	CHECK(uuidv6_family.word_from_ns(&uuidv6_family, 0, &word) &&
		  word >> 4 == GREGORIAN_TO_UNIX_100NS);
	CHECK(uuidv6_family.word_to_ns(&uuidv6_family, word | 0xf) == 0);
	CHECK(uuidv6_family.word_to_ns(&uuidv6_family, (GREGORIAN_TO_UNIX_100NS - 1) << 4) == -100);
	/* words beyond int64 ns saturate */
	CHECK(uuidv6_family.word_to_ns(&uuidv6_family, 0) == INT64_MIN);
	CHECK(uuidv6_family.word_to_ns(&uuidv6_family, UINT64_MAX) == INT64_MAX);
}

/*
 * Round trips and order: a value gives back its tick and counter (clock_seq's
 * top 4 bits), its multicast bit is set, its node id comes back, and values of
 * larger words are larger uuids whatever their random bits and node ids.
 */
static void
test_values(void)
{
	FakeClock	rng = {.rng = 0x6a09e667f3bcc908};
	int			tick_bad = 0,
				counter_bad = 0,
				multicast_bad = 0,
				node_bad = 0,
				order_bad = 0,
				version_bad = 0,
				clock_bad = 0;

	for (int i = 0; i < 20000; i++)
	{
		uint64_t	a = fake_random_u64(&rng);
		uint64_t	b = i % 3 == 0 ? a + 1 : fake_random_u64(&rng);
		unsigned	bits = (unsigned) (i % 17);
		uint32_t	node = (uint32_t) (fake_random_u64(&rng) & ((UINT64_C(1) << bits) - 1));
		FrontierValue va,
					vb;
		uint64_t	tick = 0;
		uint64_t	word = 0;
		int			cmp;

		if (b == 0)
			continue;
		uuidv6_encode(a, fake_random_u64(&rng), bits, node, va.uuid);
		uuidv6_encode(b, fake_random_u64(&rng), (unsigned) (i % 5), 3, vb.uuid);
		tick_bad += !uuidv6_family.value_tick(&uuidv6_family, &va, &tick) || tick != a >> 4;
		counter_bad += (uint64_t) (va.uuid[8] >> 2 & 0xf) != (a & 0xf);
		multicast_bad += (va.uuid[10] & 1) != 1;
		node_bad += uuidv6_node_id(va.uuid, bits) != node;
		version_bad += uuid_rfc_version(va.uuid) != 6;
		cmp = memcmp(va.uuid, vb.uuid, 16);
		order_bad += a != b && (cmp < 0) != (a < b);

		/* a clock reading's word lies in the tick of the time it stands for */
		{
			int64_t		ns = (int64_t) (a >> 1) * (a & 1 ? 1 : -1);

			uuidv6_family.word_from_ns(&uuidv6_family, ns, &word);
			int64_t		start = uuidv6_family.word_to_ns(&uuidv6_family, word);

			clock_bad += (word & 0xf) != 0 || start > ns ||
				(start != INT64_MIN && ns - start >= 100);
		}
	}
	CHECK(tick_bad == 0);
	CHECK(counter_bad == 0);
	CHECK(multicast_bad == 0);
	CHECK(node_bad == 0);
	CHECK(order_bad == 0);
	CHECK(version_bad == 0);
	CHECK(clock_bad == 0);

	/* the node id's bits: in 8 bits byte 11, in 16 bytes 11-12; byte 10 random */
	{
		uint8_t		u[16];

		uuidv6_encode(RFC_WORD, 0, 8, 0xab, u);
		CHECK(u[10] == 0x01 && u[11] == 0xab && u[12] == 0 && uuidv6_node_id(u, 8) == 0xab);
		uuidv6_encode(RFC_WORD, UINT64_MAX, 16, 0x1234, u);
		CHECK(u[10] == 0xff && u[11] == 0x12 && u[12] == 0x34 && u[13] == 0xff &&
			  uuidv6_node_id(u, 16) == 0x1234);
		CHECK(uuidv6_node_id(u, 0) == 0);
	}
}

/* The allocator on the v6 frontier: strictly increasing uuids, ticks kept. */
static void
test_frontier(void)
{
	FakeClock	clock = {.now = RFC_UNIX_US * 1000, .step = 0, .rng = 42};
	FrontierEnv env = {fake_now_ns, fake_random_u64, &clock, FRONTIER_ADVANCE, 8, false, 0, NULL, NULL};
	uint64_t	frontier = 0;
	FrontierCell cell = {plain_load, plain_compare_exchange, &frontier, NULL, NULL};
	FrontierValue prev = {{0}};
	int			bad = 0;
	FrontierTake take;

	/* a frozen clock: 40 values carry over ticks, each larger */
	for (int i = 0; i < 40; i++)
	{
		FrontierValue value;

		bad += frontier_take(&uuidv6_family, &cell, &env, &take) != FRONTIER_OK;
		uuidv6_encode(take.word, fake_random_u64(&clock), 8, 7, value.uuid);
		bad += i > 0 && memcmp(prev.uuid, value.uuid, 16) >= 0;
		bad += i == 0 && (take.word >> 4 != RFC_TICK || (take.word & 0xf) >= 8);
		prev = value;
	}
	CHECK(bad == 0);
	CHECK(frontier >> 4 >= RFC_TICK + 2 && frontier >> 4 <= RFC_TICK + 4);

	/* under "error", a tick's counter used up is an overflow */
	env.policy = FRONTIER_ERROR;
	clock.now += 1000;
	bad = 0;
	for (int i = 0; i < 8; i++)
		bad += frontier_take(&uuidv6_family, &cell, &env, &take) != FRONTIER_OK;
	CHECK(bad == 0);
	while (frontier_take(&uuidv6_family, &cell, &env, &take) == FRONTIER_OK)
		;
	CHECK((frontier & 0xf) == 0xf);
	CHECK(frontier_take(&uuidv6_family, &cell, &env, &take) == FRONTIER_OVERFLOW);

	/* the last word is exhausted, never wrapped */
	frontier = UINT64_MAX - 1;
	env.policy = FRONTIER_ADVANCE;
	CHECK(frontier_take(&uuidv6_family, &cell, &env, &take) == FRONTIER_OK &&
		  take.word == UINT64_MAX);
	CHECK(frontier_take(&uuidv6_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
}

void
test_uuidv6(void)
{
	test_rfc_vector();
	test_range();
	test_values();
	test_frontier();
}
