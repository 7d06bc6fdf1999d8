/*
 * test_ksuid.c
 *		Unit tests of the KSUID core (core/ksuid.c): Segment's own KSUIDs
 *		(github.com/segmentio/ksuid's README and tests: text, raw bytes,
 *		timestamp), the two ends, round trips, text order against byte
 *		order, every class of bad text, the layout with node bits, bounds,
 *		and the frontier (a new second, carry, clock rollback, range).
 */
#include <string.h>

#include "ksuid.h"
#include "unit.h"

#define S	INT64_C(1000000000)

/* Segment's examples: text, the 20 bytes in hex, the time field */
static const struct
{
	const char *text;
	const char *hex;
	uint32_t	timestamp;
}			vectors[] = {
	{"0ujtsYcgvSTl8PAuAdqWYSMnLOv", "0669F7EFB5A1CD34B5F99D1154FB6853345C9735", 107608047},
	{"0ujzPyRiIAffKhBux4PvQdDqMHY", "066A029C73FC1AA3B2446246D6E89FCD909E8FE8", 107610780},
	{"000000000000000000000000000", "0000000000000000000000000000000000000000", 0},
	{"aWgEPTl1tmebfsQzFP4bxwgy80V", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", 0xFFFFFFFF},
};

/* Segment's README's KSUIDs of one second, timestamp 107611700, and their payloads */
static const struct
{
	const char *text;
	const char *payload;
}			same_second[] = {
	{"0uk1Hbc9dQ9pxyTqJ93IUrfhdGq", "9850EEEC191BF4FF26F99315CE43B0C8"},
	{"0uk1HdCJ6hUZKDgcxhpJwUl5ZEI", "CC55072555316F45B8CA2D2979D3ED0A"},
	{"0uk1HcdvF0p8C20KtTfdRSB9XIm", "BA1C205D6177F0992D15EE606AE32238"},
	{"0uk1Ha7hGJ1Q9Xbnkt0yZgNwg3g", "67517BA309EA62AE7991B27BB6F2FCAC"},
};

static void
parse_hex(const char *hex, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		unsigned	v;

		sscanf(hex + 2 * i, "%2x", &v);
		out[i] = (uint8_t) v;
	}
}

static void
test_vectors(void)
{
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
	{
		uint8_t		expect[KSUID_BYTES];
		uint8_t		k[KSUID_BYTES];
		char		text[KSUID_TEXT_LEN];
		size_t		pos;

		parse_hex(vectors[i].hex, expect, KSUID_BYTES);
		ksuid_to_text(expect, text);
		CHECK(memcmp(text, vectors[i].text, KSUID_TEXT_LEN) == 0);
		CHECK(ksuid_from_text(vectors[i].text, KSUID_TEXT_LEN, k, &pos) == KSUID_TEXT_OK);
		CHECK(memcmp(k, expect, KSUID_BYTES) == 0);
		CHECK(ksuid_unix_seconds(k) == (int64_t) vectors[i].timestamp + KSUID_EPOCH_S);
	}
	/* README: 2017-10-09 21:00:47 -0700 */
	CHECK(vectors[0].timestamp + KSUID_EPOCH_S == INT64_C(1507608047));
	for (size_t i = 0; i < sizeof(same_second) / sizeof(same_second[0]); i++)
	{
		uint8_t		k[KSUID_BYTES];
		uint8_t		payload[16];
		size_t		pos;

		parse_hex(same_second[i].payload, payload, 16);
		CHECK(ksuid_from_text(same_second[i].text, KSUID_TEXT_LEN, k, &pos) == KSUID_TEXT_OK);
		CHECK(ksuid_unix_seconds(k) == 107611700 + KSUID_EPOCH_S);
		CHECK(memcmp(k + 4, payload, 16) == 0);
	}
}

/* random round trips; text order (C) is byte order */
static void
test_round_trip_and_order(void)
{
	FakeClock	rng = {0, 0, 42};
	uint8_t		prev[KSUID_BYTES];
	char		prev_text[KSUID_TEXT_LEN];

	for (int i = 0; i < 20000; i++)
	{
		uint8_t		k[KSUID_BYTES];
		uint8_t		back[KSUID_BYTES];
		char		text[KSUID_TEXT_LEN];
		size_t		pos;

		for (int j = 0; j < KSUID_BYTES; j += 4)
		{
			uint64_t	r = fake_random_u64(&rng);

			/* some runs of 00 and FF bytes, the carries' edges */
			memcpy(k + j, &r, 4);
			if (r % 7 == 0)
				memset(k + j, (r >> 40) % 2 ? 0xFF : 0x00, 4);
		}
		ksuid_to_text(k, text);
		for (int j = 0; j < KSUID_TEXT_LEN; j++)
			CHECK((text[j] >= '0' && text[j] <= '9') || (text[j] >= 'A' && text[j] <= 'Z') ||
				  (text[j] >= 'a' && text[j] <= 'z'));
		CHECK(memcmp(text, "aWgEPTl1tmebfsQzFP4bxwgy80V", KSUID_TEXT_LEN) <= 0);
		CHECK(ksuid_from_text(text, KSUID_TEXT_LEN, back, &pos) == KSUID_TEXT_OK);
		CHECK(memcmp(k, back, KSUID_BYTES) == 0);
		if (i > 0)
		{
			int			bytes = memcmp(prev, k, KSUID_BYTES);
			int			texts = memcmp(prev_text, text, KSUID_TEXT_LEN);

			CHECK((bytes < 0) == (texts < 0) && (bytes == 0) == (texts == 0));
		}
		memcpy(prev, k, KSUID_BYTES);
		memcpy(prev_text, text, KSUID_TEXT_LEN);
	}
}

static void
test_bad_text(void)
{
	uint8_t		k[KSUID_BYTES];
	size_t		pos = 99;
	char		text[KSUID_TEXT_LEN + 1];

	CHECK(ksuid_from_text("123", 3, k, &pos) == KSUID_TEXT_BAD_LENGTH);
	CHECK(ksuid_from_text("", 0, k, &pos) == KSUID_TEXT_BAD_LENGTH);
	CHECK(ksuid_from_text("0ujtsYcgvSTl8PAuAdqWYSMnLOvX", 28, k, &pos) == KSUID_TEXT_BAD_LENGTH);
	/* Segment's issue 25: above the largest value */
	CHECK(ksuid_from_text("aaaaaaaaaaaaaaaaaaaaaaaaaaa", 27, k, &pos) == KSUID_TEXT_OVERFLOW);
	CHECK(ksuid_from_text("aWgEPTl1tmebfsQzFP4bxwgy80W", 27, k, &pos) == KSUID_TEXT_OVERFLOW);
	CHECK(ksuid_from_text("zzzzzzzzzzzzzzzzzzzzzzzzzzz", 27, k, &pos) == KSUID_TEXT_OVERFLOW);
	/* its other case: a character outside the alphabet, at its position */
	CHECK(ksuid_from_text("aWgEPTl1tmebfsQzFP4bxwgy80!", 27, k, &pos) == KSUID_TEXT_BAD_CHAR &&
		  pos == 26);
	/* ... before the length: 27 characters, one of two bytes (é) */
	CHECK(ksuid_from_text("0ujtsYcgvSTl8PAuAdqWYSMnL\xc3\xa9v", 28, k, &pos) ==
		  KSUID_TEXT_BAD_CHAR && pos == 25);
	CHECK(ksuid_from_text("1!3", 3, k, &pos) == KSUID_TEXT_BAD_CHAR && pos == 1);
	memcpy(text, "0ujtsYcgvSTl8PAuAdqWYSMnLOv", KSUID_TEXT_LEN);
	for (int bad = 0; bad < 256; bad++)
	{
		bool		digit = (bad >= '0' && bad <= '9') || (bad >= 'A' && bad <= 'Z') ||
			(bad >= 'a' && bad <= 'z');

		text[5] = (char) bad;
		pos = 99;
		CHECK((ksuid_from_text(text, KSUID_TEXT_LEN, k, &pos) == KSUID_TEXT_BAD_CHAR) == !digit);
		CHECK(digit || pos == 5);
	}
	/* a bad character is reported before an overflow */
	CHECK(ksuid_from_text("zzzzzzzzzzzzzzzzzzzzzzzzzz-", 27, k, &pos) == KSUID_TEXT_BAD_CHAR &&
		  pos == 26);
	/* never read past len: a NUL inside is a bad character */
	CHECK(ksuid_from_text("0ujtsYcgvSTl8PAuAd\0WYSMnLOv", 27, k, &pos) == KSUID_TEXT_BAD_CHAR &&
		  pos == 18);
}

static void
test_layout(void)
{
	FrontierValue v;
	uint64_t	tick;
	/* 2024-01-02 03:04:05 UTC, a second of the family */
	int64_t		unix_s = INT64_C(1704164645);
	uint64_t	word = (uint64_t) (unix_s - KSUID_EPOCH_S) << 32 | UINT64_C(0x89ABCDEF);

	ksuid_family.encode(&ksuid_family, word, UINT64_C(0x0123456789ABCDEF), 0, 0, &v);
	CHECK(ksuid_unix_seconds(v.bytes) == unix_s);
	CHECK(v.bytes[4] == 0x89 && v.bytes[7] == 0xEF);
	CHECK(v.bytes[8] == 0x01 && v.bytes[15] == 0xEF);
	CHECK(v.bytes[16] == 0 && v.bytes[19] == 0);
	CHECK(ksuid_family.value_tick(&ksuid_family, &v, &tick) && tick == word >> 32);
	/* the node id in the top node_bits of bytes 8-15, random below it */
	ksuid_family.encode(&ksuid_family, word, UINT64_MAX, 10, 0x2A5, &v);
	CHECK(v.bytes[8] == 0xA9 && (v.bytes[9] & 0xC0) == 0x40 && (v.bytes[9] & 0x3F) == 0x3F);
	ksuid_family.encode(&ksuid_family, word, 0, 10, 0x2A5, &v);
	CHECK(v.bytes[8] == 0xA9 && v.bytes[9] == 0x40 && v.bytes[10] == 0);
	/* the words order as the values do, whatever their random bits */
	{
		FrontierValue a,
					b;

		ksuid_family.encode(&ksuid_family, word, UINT64_MAX, 0, 0, &a);
		ksuid_family.encode(&ksuid_family, word + 1, 0, 0, 0, &b);
		CHECK(memcmp(a.bytes, b.bytes, KSUID_BYTES) < 0);
	}
}

static void
test_bounds(void)
{
	uint8_t		k[KSUID_BYTES];
	uint8_t		zero[16] = {0};

	CHECK(ksuid_bound_at_unix_us(INT64_C(1507608047) * 1000000 + 999999, k));
	CHECK(k[0] == 0x06 && k[1] == 0x69 && k[2] == 0xF7 && k[3] == 0xEF);
	CHECK(memcmp(k + 4, zero, 16) == 0);
	CHECK(ksuid_bound_at_unix_us(KSUID_EPOCH_S * 1000000, k) && ksuid_unix_seconds(k) == KSUID_EPOCH_S);
	CHECK(!ksuid_bound_at_unix_us(KSUID_EPOCH_S * 1000000 - 1, k));
	CHECK(ksuid_bound_at_unix_us((KSUID_EPOCH_S + UINT32_MAX) * 1000000 + 999999, k) &&
		  k[0] == 0xFF && k[3] == 0xFF);
	CHECK(!ksuid_bound_at_unix_us((KSUID_EPOCH_S + UINT32_MAX + 1) * 1000000, k));
	CHECK(!ksuid_bound_at_unix_us(INT64_MIN, k) && !ksuid_bound_at_unix_us(INT64_MAX, k));
}

static FrontierEnv
env_for(FakeClock *clock)
{
	FrontierEnv env = {fake_now_ns, fake_random_u64, clock, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};

	return env;
}

static void
test_frontier(void)
{
	/* 2024-01-02 03:04:05.5 UTC */
	FakeClock	clock = {INT64_C(1704164645) * S + S / 2, 0, 3};
	uint64_t	frontier = 0;
	FrontierCell cell = {plain_load, plain_compare_exchange, &frontier, NULL, NULL};
	FrontierEnv env = env_for(&clock);
	FrontierTake take;
	uint64_t	second = (uint64_t) (INT64_C(1704164645) - KSUID_EPOCH_S);
	uint64_t	word;

	/* a new second: its counter starts at random below 2^31 */
	CHECK(frontier_take(&ksuid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word >> 32 == second && (take.word & UINT32_MAX) < (UINT64_C(1) << 31));
	for (int i = 0; i < 1000; i++)
	{
		uint64_t	last = take.word;

		CHECK(frontier_take(&ksuid_family, &cell, &env, &take) == FRONTIER_OK);
		CHECK(take.word == last + 1);
	}
	/* the second used up: a carry into the next */
	frontier = second << 32 | UINT32_MAX;
	CHECK(frontier_take(&ksuid_family, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word == (second + 1) << 32 && take.overflowed);
	/* a clock that went back continues from the frontier */
	clock.now -= 10 * S;
	word = take.word;
	CHECK(frontier_take(&ksuid_family, &cell, &env, &take) == FRONTIER_OK && take.word == word + 1);
	/* the range: the epoch's second, and the last second the family takes */
	CHECK(ksuid_family.word_from_ns(&ksuid_family, KSUID_EPOCH_S * S, &word) && word == 0);
	CHECK(!ksuid_family.word_from_ns(&ksuid_family, KSUID_EPOCH_S * S - 1, &word));
	CHECK(ksuid_family.word_from_ns(&ksuid_family, (KSUID_EPOCH_S + UINT32_MAX - 1) * S, &word) &&
		  word >> 32 == UINT32_MAX - 1);
	CHECK(!ksuid_family.word_from_ns(&ksuid_family, (KSUID_EPOCH_S + UINT32_MAX) * S, &word));
	CHECK(ksuid_family.word_to_ns(&ksuid_family, second << 32 | 5) == INT64_C(1704164645) * S);
	CHECK(ksuid_family.max_word == (((UINT64_C(1) << 32) - 2) << 32 | UINT32_MAX));
	frontier = ksuid_family.max_word;
	CHECK(frontier_take(&ksuid_family, &cell, &env, &take) == FRONTIER_EXHAUSTED);
}

void
test_ksuid(void)
{
	test_vectors();
	test_round_trip_and_order();
	test_bad_text();
	test_layout();
	test_bounds();
	test_frontier();
}
