/*
 * test_sqlserver_order.c
 *		Unit tests of SQL Server's uniqueidentifier order
 *		(core/sqlserver_order.c): 21 ranked values, a byte-wise
 *		reference comparator on random pairs and on pairs that differ in one
 *		byte, and abbreviated keys that agree with the full comparison.
 */
#include <string.h>

#include "sqlserver_order.h"
#include "sqlserver_reference.h"
#include "unit.h"

/*
 * In ascending SQL Server order, each deciding by one byte against the one
 * before: System.Data.SqlTypes.SqlGuid's comparison (bytes 10-15, 8-9, 6-7,
 * 4-5, 0-3 of Guid.ToByteArray(), src/README §5), two random values between.
 */
static const char *const ranked[] = {
	"00000000-0000-0000-0000-000000000000",
	"01000000-0000-0000-0000-000000000000",
	"ff000000-0000-0000-0000-000000000000",
	"00000001-0000-0000-0000-000000000000",
	"ffffffff-0100-0000-0000-000000000000",
	"00000000-0001-0000-0000-000000000000",
	"ffffffff-ffff-0100-0000-000000000000",
	"00000000-0000-0001-0000-000000000000",
	"ffffffff-ffff-ffff-0001-000000000000",
	"00000000-0000-0000-0100-000000000000",
	"ffffffff-ffff-ffff-ffff-000000000001",
	"00000000-0000-0000-0000-000000000002",
	"00000000-0000-0000-0000-000000000100",
	"ffffffff-ffff-ffff-ffff-00ffffffffff",
	"00000000-0000-0000-0000-010000000000",
	"8dd5bca5-6abe-4f73-b4b7-393ae6bbb849",
	"00000000-0000-0000-0000-7fffffffffff",
	"00000000-0000-0000-0000-800000000000",
	"55666bee-b3a0-4bf5-81a7-86ff976e763f",
	"00000000-0000-0000-0000-ffffffffffff",
	"ffffffff-ffff-ffff-ffff-ffffffffffff",
};

#define NRANKED (int) (sizeof(ranked) / sizeof(ranked[0]))

static void
test_ranked_vectors(void)
{
	uint8_t		u[NRANKED][16];
	int			bad = 0;

	for (int i = 0; i < NRANKED; i++)
		CHECK(parse_uuid(ranked[i], u[i]) == 0);
	for (int i = 0; i < NRANKED; i++)
		for (int j = 0; j < NRANKED; j++)
			if (sign_of(sqlserver_cmp(u[i], u[j])) != (i > j) - (i < j) ||
				!sqlserver_pair_agrees(u[i], u[j]))
				bad++;
	CHECK(bad == 0);

	/* the abbreviated keys: the bytes compared first, most significant first */
	CHECK(parse_uuid("00112233-4455-6677-8899-aabbccddeeff", u[0]) == 0);
	CHECK(sqlserver_abbrev_key(u[0], 8) == UINT64_C(0xaabbccddeeff8899));
	CHECK(sqlserver_abbrev_key(u[0], 4) == UINT64_C(0xaabbccdd));
}

static uint64_t
xorshift(uint64_t *state)
{
	uint64_t	x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *state = x;
}

static void
random_uuid(uint64_t *state, uint8_t u[16])
{
	uint64_t	a = xorshift(state);
	uint64_t	b = xorshift(state);

	memcpy(u, &a, 8);
	memcpy(u + 8, &b, 8);
}

static void
test_random_pairs(void)
{
	uint64_t	state = UINT64_C(0x2545f4914f6cdd1d);
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		uint8_t		a[16];
		uint8_t		b[16];

		random_uuid(&state, a);
		random_uuid(&state, b);
		/* small alphabets make ties in leading bytes likely */
		if (i % 2)
			for (int k = 0; k < 16; k++)
			{
				a[k] &= 0x01;
				b[k] &= 0x01;
			}
		if (!sqlserver_pair_agrees(a, b) || sqlserver_cmp(a, a) != 0)
			bad++;
	}
	CHECK(bad == 0);
}

/* Pairs equal but in one byte: that byte decides, whichever it is. */
static void
test_single_byte(void)
{
	uint64_t	state = UINT64_C(0x9e3779b97f4a7c15);
	int			bad = 0;

	for (int pos = 0; pos < 16; pos++)
	{
		for (int i = 0; i < 1000; i++)
		{
			uint8_t		a[16];
			uint8_t		b[16];

			random_uuid(&state, a);
			memcpy(b, a, 16);
			b[pos] = (uint8_t) xorshift(&state);
			if (!sqlserver_pair_agrees(a, b) ||
				sign_of(sqlserver_cmp(a, b)) != (a[pos] > b[pos]) - (a[pos] < b[pos]))
				bad++;
		}
	}
	CHECK(bad == 0);
}

void
test_sqlserver_order(void)
{
	test_ranked_vectors();
	test_random_pairs();
	test_single_byte();
}
