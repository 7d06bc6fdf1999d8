/*
 * test_ulid.c
 *		Unit tests of the ULID core (core/ulid.c): the spec's ULIDs,
 *		a random round trip, text order against byte order, every class of
 *		bad text, the layout with node bits, the per-transaction low bits and
 *		the ULID frontier (a new ms, carry, clock rollback).
 */
#include <string.h>

#include "ulid.h"
#include "unit.h"

#define MS	FRONTIER_NS_PER_MS
/* 2024-01-02 03:04:05.678 UTC */
#define T0_MS	INT64_C(1704164645678)

/*
 * The ULID specification's examples (github.com/ulid/spec: its canonical
 * example and its monotonic pair) and the two ends of the range.
 */
static const struct
{
	const char *text;
	const char *uuid;
}			vectors[] = {
	{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "01563e3a-b5d3-d676-4c61-efb99302bd5b"},
	{"01BX5ZZKBKACTAV9WEVGEMMVRZ", "015f4bff-cd73-5334-ada7-8edc1d4a6f1f"},
	{"01BX5ZZKBKACTAV9WEVGEMMVS0", "015f4bff-cd73-5334-ada7-8edc1d4a6f20"},
	{"00000000000000000000000000", "00000000-0000-0000-0000-000000000000"},
	{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
};

static void
test_vectors(void)
{
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
	{
		uint8_t		expect[UUID_BYTES];
		uint8_t		u[UUID_BYTES];
		char		text[ULID_TEXT_LEN];
		char		lower[ULID_TEXT_LEN];

		CHECK(parse_uuid(vectors[i].uuid, expect) == 0);
		ulid_to_text(expect, text);
		CHECK(memcmp(text, vectors[i].text, ULID_TEXT_LEN) == 0);
		CHECK(ulid_from_text(vectors[i].text, ULID_TEXT_LEN, u) == ULID_TEXT_OK);
		CHECK(memcmp(u, expect, UUID_BYTES) == 0);
		/* input is case-insensitive */
		for (int j = 0; j < ULID_TEXT_LEN; j++)
			lower[j] = vectors[i].text[j] >= 'A' ? vectors[i].text[j] - 'A' + 'a'
				: vectors[i].text[j];
		CHECK(ulid_from_text(lower, ULID_TEXT_LEN, u) == ULID_TEXT_OK);
		CHECK(memcmp(u, expect, UUID_BYTES) == 0);
	}
	/* the spec example's time: 2016-07-30 23:54:10.259 UTC */
	{
		uint8_t		u[UUID_BYTES];

		CHECK(ulid_from_text(vectors[0].text, ULID_TEXT_LEN, u) == ULID_TEXT_OK);
		CHECK(uuid_unix_ms(u) == UINT64_C(1469922850259));
	}
}

/* uuid -> text -> uuid is the identity; text is uppercase, first char <= 7. */
static void
test_round_trip(void)
{
	FakeClock	rng = {0, 0, 42};
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		uint8_t		u[UUID_BYTES];
		uint8_t		back[UUID_BYTES];
		char		text[ULID_TEXT_LEN];

		fake_random_uuid(&rng, u);
		/* also values sharing long prefixes and runs of 0x00/0xff */
		if (i % 3 == 1)
			memset(u + 4 + i % 9, 0xff, 3);
		else if (i % 3 == 2)
			memset(u + i % 12, 0, 4);
		ulid_to_text(u, text);
		if (ulid_from_text(text, ULID_TEXT_LEN, back) != ULID_TEXT_OK ||
			memcmp(u, back, UUID_BYTES) != 0 || text[0] > '7')
			bad++;
		for (int j = 0; j < ULID_TEXT_LEN; j++)
			if (strchr("0123456789ABCDEFGHJKMNPQRSTVWXYZ", text[j]) == NULL)
				bad++;
	}
	CHECK(bad == 0);
}

static int
sign(int v)
{
	return (v > 0) - (v < 0);
}

/* memcmp of the texts agrees with memcmp of the bytes (C collation). */
static void
test_text_order(void)
{
	FakeClock	rng = {0, 0, 7};
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		uint8_t		a[UUID_BYTES];
		uint8_t		b[UUID_BYTES];
		char		ta[ULID_TEXT_LEN];
		char		tb[ULID_TEXT_LEN];

		fake_random_uuid(&rng, a);
		memcpy(b, a, UUID_BYTES);
		/* equal up to byte i % 16, differing there by a single bit */
		b[i % 16] ^= (uint8_t) (1 << (i % 8));
		/* and every other time random after it */
		if (i % 2)
		{
			uint8_t		tail[UUID_BYTES];

			fake_random_uuid(&rng, tail);
			memcpy(b + i % 16 + 1, tail, UUID_BYTES - 1 - i % 16);
		}
		ulid_to_text(a, ta);
		ulid_to_text(b, tb);
		if (sign(memcmp(ta, tb, ULID_TEXT_LEN)) != sign(memcmp(a, b, UUID_BYTES)))
			bad++;
	}
	CHECK(bad == 0);
}

static void
test_bad_text(void)
{
	uint8_t		u[UUID_BYTES];
	char		buf[ULID_TEXT_LEN + 1];
	const char *good = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

	/* lengths */
	CHECK(ulid_from_text("", 0, u) == ULID_TEXT_BAD_LENGTH);
	CHECK(ulid_from_text(good, 25, u) == ULID_TEXT_BAD_LENGTH);
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5FAVX", 27, u) == ULID_TEXT_BAD_LENGTH);

	/* each character outside the alphabet, at the first and last position */
	for (int c = 0; c < 256; c++)
	{
		bool		valid = c < 128 &&
			strchr("0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz", c) != NULL &&
			c != 0;

		memcpy(buf, good, ULID_TEXT_LEN);
		buf[ULID_TEXT_LEN - 1] = (char) c;
		CHECK((ulid_from_text(buf, ULID_TEXT_LEN, u) == ULID_TEXT_OK) == valid);
		if (!valid)
		{
			CHECK(ulid_from_text(buf, ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
			buf[ULID_TEXT_LEN - 1] = 'V';
			buf[0] = (char) c;
			CHECK(ulid_from_text(buf, ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
		}
	}
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5FAI", ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5FAl", ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5FAO", ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5FAu", ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
	/* a bad character before the length: 26 characters, one of two bytes (é) */
	CHECK(ulid_from_text("01ARZ3NDEKTSV4RRFFQ69G5F\xc3\xa9V", 27, u) == ULID_TEXT_BAD_CHAR &&
		  ulid_text_first_bad("01ARZ3NDEKTSV4RRFFQ69G5F\xc3\xa9V", 27) == 24);
	CHECK(ulid_from_text("01-", 3, u) == ULID_TEXT_BAD_CHAR);
	CHECK(ulid_from_text("01563e3a-b5d3-d676-4c61-efb99302bd5b", 36, u) == ULID_TEXT_BAD_CHAR &&
		  ulid_text_first_bad("01563e3a-b5d3-d676-4c61-efb99302bd5b", 36) == 8);

	/* the first character: '7' is the largest that fits 128 bits */
	CHECK(ulid_from_text("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", ULID_TEXT_LEN, u) == ULID_TEXT_OK);
	CHECK(ulid_from_text("80000000000000000000000000", ULID_TEXT_LEN, u) == ULID_TEXT_OVERFLOW);
	CHECK(ulid_from_text("ZZZZZZZZZZZZZZZZZZZZZZZZZZ", ULID_TEXT_LEN, u) == ULID_TEXT_OVERFLOW);
	CHECK(ulid_from_text("z0000000000000000000000000", ULID_TEXT_LEN, u) == ULID_TEXT_OVERFLOW);
	/* a bad character wins over an overflowing first one */
	CHECK(ulid_from_text("8000000000000000000000000U", ULID_TEXT_LEN, u) == ULID_TEXT_BAD_CHAR);
}

/* Where the first bad character lies: what the type's input message names. */
static void
test_first_bad(void)
{
	const char *good = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
	char		buf[ULID_TEXT_LEN];

	CHECK(ulid_text_first_bad(good, ULID_TEXT_LEN) == ULID_TEXT_LEN);
	CHECK(ulid_text_first_bad("01arz3ndektsv4rrffq69g5fav", ULID_TEXT_LEN) == ULID_TEXT_LEN);
	CHECK(ulid_text_first_bad("", 0) == 0);
	/* an overflowing first character is in the alphabet */
	CHECK(ulid_text_first_bad("ZZZZZZZZZZZZZZZZZZZZZZZZZZ", ULID_TEXT_LEN) == ULID_TEXT_LEN);
	/* each position, and the first of two bad ones */
	for (size_t at = 0; at < ULID_TEXT_LEN; at++)
	{
		memcpy(buf, good, ULID_TEXT_LEN);
		buf[at] = 'U';
		CHECK(ulid_text_first_bad(buf, ULID_TEXT_LEN) == at);
		buf[ULID_TEXT_LEN - 1] = '-';
		CHECK(ulid_text_first_bad(buf, ULID_TEXT_LEN) == at);
	}
	/* never past len: a NUL or a bad byte after it is not read */
	CHECK(ulid_text_first_bad("01AR-", 4) == 4);
	CHECK(ulid_text_first_bad("\xc3\xa9", 2) == 0);
}

static void
test_layout(void)
{
	uint64_t	word = (uint64_t) T0_MS << ULID_SEQ_BITS | 0x1234;
	uint8_t		u[UUID_BYTES];
	uint8_t		expect[UUID_BYTES];

	CHECK(ulid_low_bits(0) == 64 && ulid_low_bits(16) == 48);

	/* no node bits: seq in bytes 6-7, low in bytes 8-15 */
	ulid_encode(word, UINT64_C(0x0123456789abcdef), 0, 0, u);
	CHECK(parse_uuid("018cc820-db2e-1234-0123-456789abcdef", expect) == 0);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);
	CHECK(uuid_unix_ms(u) == (uint64_t) T0_MS);
	CHECK(ulid_extract_node_id(u, 0) == 0);

	/* 16 node bits: node, seq, then 48 low bits */
	ulid_encode(word, UINT64_MAX, 16, 0xbeef, u);
	CHECK(parse_uuid("018cc820-db2e-beef-1234-ffffffffffff", expect) == 0);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);
	CHECK(ulid_extract_node_id(u, 16) == 0xbeef);
	CHECK(ulid_extract_node_id(u, 4) == 0xb);

	/* 5 node bits: node 0b10101, seq straddling bytes 6-8 */
	ulid_encode(word, 0, 5, 0x15, u);
	CHECK(parse_uuid("018cc820-db2e-a891-a000-000000000000", expect) == 0);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);
	CHECK(ulid_extract_node_id(u, 5) == 0x15);
	/* node ids wider than node_bits are cut to them */
	ulid_encode(word, 0, 5, 0xffe0 | 0x15, u);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);

	/* the largest word */
	ulid_encode(ulid_family.max_word, UINT64_MAX, 0, 0, u);
	memset(expect, 0xff, UUID_BYTES);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);
}

static void
test_xact_low(void)
{
	uint64_t	low;

	/* the top two bits of the field start clear */
	CHECK(ulid_xact_low_start(UINT64_MAX, 0) == UINT64_MAX >> 2);
	CHECK(ulid_xact_low_start(UINT64_MAX, 16) == (UINT64_C(1) << 46) - 1);
	CHECK(ulid_xact_low_start(UINT64_C(0x8000000000000001), 0) == 1);

	low = ulid_xact_low_start(UINT64_MAX, 16);
	CHECK(ulid_xact_low_next(&low, 16) && low == UINT64_C(1) << 46);
	/* three quarters of the field are left at worst: 3 * 2^46 steps with 16 node bits */
	low = (UINT64_C(1) << 48) - 2;
	CHECK(ulid_xact_low_next(&low, 16) && low == (UINT64_C(1) << 48) - 1);
	CHECK(!ulid_xact_low_next(&low, 16) && low == (UINT64_C(1) << 48) - 1);
	low = UINT64_MAX;
	CHECK(!ulid_xact_low_next(&low, 0));
}

static FrontierEnv
env_for(FakeClock *clock)
{
	FrontierEnv env = {fake_now_ns, fake_random_u64, clock, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};

	return env;
}

/* A new ms starts seq at random below 2^15; a frozen clock counts on. */
static void
test_ulid_frontier(void)
{
	FakeClock	clock = {T0_MS * MS, 0, 3};
	uint64_t	word = 0;
	FrontierCell cell = {plain_load, plain_compare_exchange, &word, NULL, NULL};
	FrontierEnv env = env_for(&clock);
	FrontierTake take;
	uint64_t	prev;
	int			fresh_bad = 0;

	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word >> ULID_SEQ_BITS == (uint64_t) T0_MS);
	CHECK((take.word & 0xffff) < 0x8000);
	CHECK(frontier_word_ns(&ulid_family, take.word) == T0_MS * MS);

	/* each new ms: a fresh random start with the top bit clear */
	for (int i = 1; i <= 1000; i++)
	{
		clock.now = (T0_MS + i) * MS + 999999;
		CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
		if (take.word >> ULID_SEQ_BITS != (uint64_t) (T0_MS + i) ||
			(take.word & 0xffff) >= 0x8000)
			fresh_bad++;
	}
	CHECK(fresh_bad == 0);

	/* a frozen clock: +1 per value, carrying into the next ms at 0 */
	clock.now = (T0_MS + 2000) * MS;
	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
	prev = take.word;
	for (int n = 0; (prev & 0xffff) != 0xffff && n <= 0xffff; n++)
	{
		CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
		if (take.word != prev + 1)
			fresh_bad++;
		prev = take.word;
	}
	CHECK((prev & 0xffff) == 0xffff);
	CHECK(fresh_bad == 0);
	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == (uint64_t) (T0_MS + 2001) << ULID_SEQ_BITS);
	CHECK(take.overflowed);

	/* the clock goes back an hour: the frontier continues */
	prev = take.word;
	clock.now = (T0_MS - 3600 * 1000) * MS;
	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == prev + 1);

	/* before 1970 the frontier continues, as from any clock that went back */
	prev = take.word;
	clock.now = -1;
	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == prev + 1);
	/* and at the maximum it is exhausted */
	clock.now = T0_MS * MS;
	word = ulid_family.max_word;
	CHECK(frontier_take(&ulid_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
	/* words past int64 ns saturate */
	CHECK(frontier_word_ns(&ulid_family, ulid_family.max_word) == INT64_MAX);
}

/* The lower bound of a millisecond: its time, the 80-bit part zero. */
static void
test_lower_bound(void)
{
	uint8_t		u[UUID_BYTES];
	uint8_t		expect[UUID_BYTES];

	CHECK(ulid_bound_at_unix_us(INT64_C(1645557742000999), u));
	CHECK(parse_uuid("017F22E2-79B0-0000-0000-000000000000", expect) == 0);
	CHECK(memcmp(u, expect, UUID_BYTES) == 0);
	CHECK(ulid_bound_at_unix_us(0, u));
	CHECK(!ulid_bound_at_unix_us(-1, u));
	CHECK(!ulid_bound_at_unix_us(((int64_t) UNIX_MS48_MAX + 1) * 1000, u));
}

void
test_ulid(void)
{
	test_vectors();
	test_round_trip();
	test_text_order();
	test_bad_text();
	test_first_bad();
	test_layout();
	test_xact_low();
	test_ulid_frontier();
	test_lower_bound();
}
