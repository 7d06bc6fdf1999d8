/*
 * test_rfc9562.c
 *		Unit tests of the RFC 9562 layouts (core/rfc9562.c): the RFC's own
 *		test vectors, the v7 word <-> time conversions and their boundaries,
 *		encoding with node bits, and the interval shift.
 */
#include <string.h>

#include "rfc9562.h"
#include "unit.h"

/* RFC 9562 Appendix A: all three stand for 2022-02-22 19:22:22 UTC */
static void
test_rfc_vectors(void)
{
	uint8_t		u[16];

	CHECK(parse_uuid("C232AB00-9414-11EC-B3C8-9F6BDECED846", u) == 0);
	CHECK(uuid_rfc_version(u) == 1);
	CHECK(uuidv1_unix_us(u) == INT64_C(1645557742000000));

	CHECK(parse_uuid("1EC9414C-232A-6B00-B3C8-9F6BDECED846", u) == 0);
	CHECK(uuid_rfc_version(u) == 6);
	CHECK(uuidv6_unix_us(u) == INT64_C(1645557742000000));

	CHECK(parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", u) == 0);
	CHECK(uuid_rfc_version(u) == 7);
	CHECK(uuid_unix_ms(u) == UINT64_C(1645557742000));

	/* 5 ticks (0.5 us) before 1970: floored to -1 us, as core does */
	CHECK(parse_uuid("13813ffb-1dd2-11b2-8000-000000000000", u) == 0);
	CHECK(uuidv1_unix_us(u) == -1);
	CHECK(parse_uuid("1b21dd21-3813-6ffb-8000-000000000000", u) == 0);
	CHECK(uuidv6_unix_us(u) == -1);

	/* a variant other than 10xx has no RFC version */
	CHECK(parse_uuid("017F22E2-79B0-7CC3-C8C4-DC0C0C07398F", u) == 0);
	CHECK(uuid_rfc_version(u) == -1);
	CHECK(parse_uuid("017F22E2-79B0-7CC3-08C4-DC0C0C07398F", u) == 0);
	CHECK(uuid_rfc_version(u) == -1);
}

static void
test_word_conversions(void)
{
	uint64_t	word;
	int			roundtrip_bad = 0;

	CHECK(uuidv7_word_from_ns(0, &word) && word == 0);
	CHECK(uuidv7_word_from_ns(500000, &word) && word == 2048);
	CHECK(uuidv7_word_from_ns(999999, &word) && word == 4095);
	CHECK(uuidv7_word_from_ns(1000000, &word) && word == 4096);
	CHECK(!uuidv7_word_from_ns(-1, &word));

	/* every fraction maps back to itself through its first ns */
	for (uint64_t f = 0; f < 4096; f++)
	{
		uint64_t	w = (UINT64_C(1704164645678) << 12) | f;
		uint64_t	back;

		if (!uuidv7_word_from_ns(uuidv7_word_to_ns(w), &back) || back != w)
			roundtrip_bad++;
		if (uuidv7_word_from_ns(uuidv7_word_to_ns(w) - 1, &back) && back == w)
			roundtrip_bad++;	/* it must be the first ns, not a later one */
	}
	CHECK(roundtrip_bad == 0);

	/* microsecond entry points reach the end of the 48-bit range */
	CHECK(uuidv7_word_from_unix_us(1500, &word) && word == (UINT64_C(1) << 12 | 2048));
	CHECK(uuidv7_word_from_unix_us((int64_t) UNIX_MS48_MAX * 1000 + 999, &word));
	CHECK(word == (UNIX_MS48_MAX << 12 | 4091));
	CHECK(!uuidv7_word_from_unix_us((int64_t) (UNIX_MS48_MAX + 1) * 1000, &word));
	CHECK(!uuidv7_word_from_unix_us(-1, &word));
	CHECK(uuidv7_word_to_unix_us(UINT64_C(1) << 12 | 2048) == 1500);
	/* words past the end of int64 ns saturate instead of overflowing */
	CHECK(uuidv7_word_to_ns(uuidv7_family.max_word) == INT64_MAX);
}

static void
test_encode(void)
{
	uint8_t		u[16];
	uint8_t		expect[16];
	uint64_t	word = UINT64_C(0x017F22E279B0) << 12 | 0xCC3;

	uuidv7_encode(word, UINT64_C(0x18C4DC0C0C07398F), 0, 0, u);
	CHECK(parse_uuid("017F22E2-79B0-7CC3-98C4-DC0C0C07398F", expect) == 0);
	CHECK(memcmp(u, expect, 16) == 0);

	/* all random bits set: only version and variant bits are forced */
	uuidv7_encode(0, UINT64_MAX, 0, 0, u);
	CHECK(parse_uuid("00000000-0000-7000-bfff-ffffffffffff", expect) == 0);
	CHECK(memcmp(u, expect, 16) == 0);

	for (unsigned bits = 1; bits <= NODE_BITS_MAX; bits++)
	{
		uint32_t	node = (UINT32_C(0xA5A5) >> (16 - bits));

		uuidv7_encode(word, UINT64_MAX, bits, node, u);
		CHECK(uuidv7_node_id(u, bits) == node);
		CHECK(uuid_rfc_version(u) == 7);
		uuidv7_encode(word, 0, bits, node, u);
		CHECK(uuidv7_node_id(u, bits) == node);
	}
	CHECK(uuidv7_node_id(u, 0) == 0);

	uuidv7_encode_floor(UINT64_C(0x017F22E279B0), u);
	CHECK(parse_uuid("017F22E2-79B0-7000-8000-000000000000", expect) == 0);
	CHECK(memcmp(u, expect, 16) == 0);
}

static void
test_shift(void)
{
	uint64_t	word = UINT64_C(1704164645678) << 12 | 100;
	uint64_t	shifted;

	CHECK(uuidv7_shift_word(word, 1000, &shifted) && shifted == word + 4096);
	CHECK(uuidv7_shift_word(word, -1000, &shifted) && shifted == word - 4096);
	CHECK(uuidv7_shift_word(word, 0, &shifted) && shifted == word);
	CHECK(uuidv7_shift_word(word, 500, &shifted) && shifted == word + 2048);
	CHECK(uuidv7_shift_word(word, -500, &shifted) && shifted == word - 2048);
	/* before 1970 or past 2^48 ms */
	CHECK(!uuidv7_shift_word(word, -INT64_C(1704164645679000), &shifted));
	CHECK(!uuidv7_shift_word(word, (int64_t) UNIX_MS48_MAX * 1000, &shifted));
	CHECK(!uuidv7_shift_word(word, INT64_MIN + 1, &shifted));
}

/* The lower bound of a millisecond: the floor of the ms that holds the time. */
static void
test_lower_bound(void)
{
	uint8_t		u[16];
	uint8_t		expect[16];
	uint8_t		v[16];
	uint64_t	word;

	CHECK(uuidv7_bound_at_unix_us(INT64_C(1645557742000999), u));
	CHECK(parse_uuid("017F22E2-79B0-7000-8000-000000000000", expect) == 0);
	CHECK(memcmp(u, expect, 16) == 0);
	/* at most every value of that ms, whatever its node id and random bits */
	CHECK(uuidv7_word_from_unix_us(INT64_C(1645557742000000), &word));
	uuidv7_encode(word, 0, 16, 0, v);
	CHECK(memcmp(u, v, 16) == 0);
	uuidv7_encode(word, 0, 16, 1, v);
	CHECK(memcmp(u, v, 16) < 0);
	CHECK(uuidv7_bound_at_unix_us(0, u));
	CHECK(!uuidv7_bound_at_unix_us(-1, u));
	CHECK(uuidv7_bound_at_unix_us((int64_t) UNIX_MS48_MAX * 1000 + 999, u));
	CHECK(!uuidv7_bound_at_unix_us(((int64_t) UNIX_MS48_MAX + 1) * 1000, u));
}

void
test_rfc9562(void)
{
	test_rfc_vectors();
	test_word_conversions();
	test_encode();
	test_shift();
	test_lower_bound();
}
