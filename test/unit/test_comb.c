/*
 * test_comb.c
 *		Unit tests of the COMB layouts (core/comb.c): each layout and
 *		strategy at one time encoded and decoded byte-exact, the names, the
 *		range of each strategy, the clock words, the sqldatetime carry at
 *		midnight, and monotonic generation in each layout's order.
 */
#include <string.h>

#include "bytes.h"
#include "comb.h"
#include "rfc9562.h"
#include "sqlserver_order.h"
#include "unit.h"

/*
 * T = 2024-01-02 03:04:05.678 UTC, random bits zero, as RT.Comb's providers
 * (SqlCombProvider, PostgreSqlCombProvider with UnixDateTimeStrategy and
 * SqlDateTimeStrategy) and the .NET-ticks COMB of "Sequential Guid
 * Algorithm" lay it out (src/README §3); test_vector_files.c checks the
 * same rows from the vector file when it is there.
 */
#define VECTOR_UNIX_US		INT64_C(1704164645678000)
#define VECTOR_SQLDT_US		INT64_C(1704164645676667)	/* tick × 10/3 ms */

static const struct
{
	const char *layout;
	const char *strategy;
	CombKind	kind;
	const char *value;
	int64_t		decoded_us;
} vectors[] = {
	{"sqlserver", "unix_ms", COMB_SQLSERVER_UNIX_MS,
	"00000000-0000-4000-8000-018cc820db2e", VECTOR_UNIX_US},
	{"postgresql", "unix_ms", COMB_POSTGRESQL_UNIX_MS,
	"018cc820-db2e-4000-8000-000000000000", VECTOR_UNIX_US},
	{"sqlserver", "sqldatetime", COMB_SQLSERVER_SQLDATETIME,
	"00000000-0000-4000-8000-b0eb00329027", VECTOR_SQLDT_US},
	{"postgresql", "sqldatetime", COMB_POSTGRESQL_SQLDATETIME,
	"b0eb0032-9027-4000-8000-000000000000", VECTOR_SQLDT_US},
	{"sqlserver", "dotnet_ticks", COMB_SQLSERVER_DOTNET_TICKS,
	"00000000-0000-c000-34e0-08dc0b3f7b27", VECTOR_UNIX_US},
};

#define NVECTORS (int) (sizeof(vectors) / sizeof(vectors[0]))

static void
test_vectors(void)
{
	for (int i = 0; i < NVECTORS; i++)
	{
		CombKind	kind;
		uint64_t	word;
		uint64_t	decoded;
		uint8_t		expect[16];
		uint8_t		u[16];

		CHECK(comb_kind_from_names(vectors[i].layout, strlen(vectors[i].layout),
								   vectors[i].strategy, strlen(vectors[i].strategy),
								   &kind) == COMB_NAME_OK);
		CHECK(kind == vectors[i].kind);
		CHECK(parse_uuid(vectors[i].value, expect) == 0);

		/* random 0: counter 0 and every random bit 0 */
		CHECK(comb_word_at_unix_us(kind, VECTOR_UNIX_US, 0, &word));
		comb_encode(kind, word, 0, u);
		CHECK(memcmp(u, expect, 16) == 0);

		CHECK(comb_decode_word(kind, expect, &decoded) && decoded == word);
		CHECK(comb_word_to_unix_us(kind, decoded) == vectors[i].decoded_us);
		CHECK(comb_has_dotnet_marker(expect) == (kind == COMB_SQLSERVER_DOTNET_TICKS));
	}

	/* the .NET ticks of T, and SQL Server's days and 1/300 s ticks */
	{
		uint64_t	word;

		CHECK(comb_word_at_unix_us(COMB_SQLSERVER_DOTNET_TICKS, VECTOR_UNIX_US, 0, &word));
		CHECK(word == UINT64_C(638397614456780000));
		CHECK(comb_word_at_unix_us(COMB_POSTGRESQL_SQLDATETIME, VECTOR_UNIX_US, 0, &word));
		CHECK(word >> 12 == UINT64_C(45291) * 25920000 + 3313703);
	}
}

static void
test_names(void)
{
	CombKind	kind = COMB_KIND_COUNT;

	CHECK(comb_kind_from_names("postgresql", 10, "dotnet_ticks", 12, &kind) ==
		  COMB_UNSUPPORTED_PAIR);
	CHECK(comb_kind_from_names("oracle", 6, "unix_ms", 7, &kind) == COMB_UNKNOWN_LAYOUT);
	CHECK(comb_kind_from_names("oracle", 6, "epoch", 5, &kind) == COMB_UNKNOWN_LAYOUT);
	CHECK(comb_kind_from_names("sqlserver", 9, "epoch", 5, &kind) == COMB_UNKNOWN_STRATEGY);
	/* exact: no prefixes, no case folding, lengths count */
	CHECK(comb_kind_from_names("sqlserve", 8, "unix_ms", 7, &kind) == COMB_UNKNOWN_LAYOUT);
	CHECK(comb_kind_from_names("SQLSERVER", 9, "unix_ms", 7, &kind) == COMB_UNKNOWN_LAYOUT);
	CHECK(comb_kind_from_names("sqlserver", 9, "unix_msx", 7, &kind) == COMB_NAME_OK);
	CHECK(comb_kind_from_names("sqlserver", 9, "unix_msx", 8, &kind) == COMB_UNKNOWN_STRATEGY);
	CHECK(comb_kind_from_names("", 0, "", 0, &kind) == COMB_UNKNOWN_LAYOUT);
}

/* The ends of each strategy's range, for explicit times. */
static void
test_ranges(void)
{
	uint64_t	word;
	uint8_t		u[16];

	/* unix_ms: 1970 to 2^48 ms */
	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_UNIX_MS, 0, 0, &word) && word == 0);
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_UNIX_MS, -1, 0, &word));
	CHECK(comb_word_at_unix_us(COMB_POSTGRESQL_UNIX_MS,
							   (INT64_C(1) << 48) * 1000 - 1, 0, &word));
	CHECK(word == ((UINT64_C(1) << 48) - 1) << 12);
	CHECK(!comb_word_at_unix_us(COMB_POSTGRESQL_UNIX_MS, (INT64_C(1) << 48) * 1000, 0, &word));
	CHECK(!comb_word_at_unix_us(COMB_POSTGRESQL_UNIX_MS, INT64_MAX, 0, &word));

	/* sqldatetime: 1900-01-01 to 2079-06-06 (day 65535) */
	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, -INT64_C(2208988800000000), 0,
							   &word) && word == 0);
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, -INT64_C(2208988800000001), 0,
								&word));
	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, INT64_C(3453321599999999), 0,
							   &word));
	comb_encode(COMB_SQLSERVER_SQLDATETIME, word, 0, u);
	CHECK(u[10] == 0xff && u[11] == 0xff);	/* day 65535 */
	CHECK(comb_word_to_unix_us(COMB_SQLSERVER_SQLDATETIME, word) ==
		  INT64_C(3453321599996667));	/* its last tick */
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, INT64_C(3453321600000000), 0,
								&word));
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, INT64_MAX, 0, &word));
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_SQLDATETIME, INT64_MIN, 0, &word));

	/* dotnet_ticks: 0001-01-01 to 9999-12-31 23:59:59.999999 */
	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_DOTNET_TICKS, -INT64_C(62135596800000000), 0,
							   &word) && word == 0);
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_DOTNET_TICKS, -INT64_C(62135596800000001), 0,
								&word));
	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_DOTNET_TICKS, INT64_C(253402300799999999), 0,
							   &word) && word == UINT64_C(3155378975999999990));
	CHECK(!comb_word_at_unix_us(COMB_SQLSERVER_DOTNET_TICKS, INT64_C(253402300800000000), 0,
								&word));
	/* truncation before 1970 is towards the past */
	CHECK(comb_word_to_unix_us(COMB_SQLSERVER_DOTNET_TICKS,
							   UINT64_C(621355968000000000) - 1) == -1);
}

/* Time bytes that hold no valid time, and bits decoding must ignore. */
static void
test_decode(void)
{
	uint8_t		u[16];
	uint64_t	word;

	/* sqldatetime ticks of a day are below 25,920,000 (0x018b8200) */
	CHECK(parse_uuid("00000000-0000-4000-8000-0000018b81ff", u) == 0);
	CHECK(comb_decode_word(COMB_SQLSERVER_SQLDATETIME, u, &word));
	CHECK(parse_uuid("00000000-0000-4000-8000-0000018b8200", u) == 0);
	CHECK(!comb_decode_word(COMB_SQLSERVER_SQLDATETIME, u, &word));
	CHECK(parse_uuid("ffffffff-ffff-4000-8000-000000000000", u) == 0);
	CHECK(!comb_decode_word(COMB_POSTGRESQL_SQLDATETIME, u, &word));

	/* .NET ticks past 9999-12-31 */
	CHECK(parse_uuid("00000000-0000-c000-3fff-2bca2875f437", u) == 0);
	CHECK(comb_decode_word(COMB_SQLSERVER_DOTNET_TICKS, u, &word));
	CHECK(word == UINT64_C(3155378975999999999));
	CHECK(parse_uuid("00000000-0000-c000-4000-2bca2875f437", u) == 0);
	CHECK(!comb_decode_word(COMB_SQLSERVER_DOTNET_TICKS, u, &word));

	/* the marker is the top two bits of byte 6 */
	CHECK(parse_uuid("00000000-0000-c000-0000-000000000000", u) == 0);
	CHECK(comb_has_dotnet_marker(u));
	CHECK(parse_uuid("00000000-0000-ff00-0000-000000000000", u) == 0);
	CHECK(comb_has_dotnet_marker(u));
	CHECK(parse_uuid("00000000-0000-bf00-0000-000000000000", u) == 0);
	CHECK(!comb_has_dotnet_marker(u));
	CHECK(parse_uuid("00000000-0000-4fff-ffff-ffffffffffff", u) == 0);
	CHECK(!comb_has_dotnet_marker(u));
}

/*
 * Random bits go only where they belong: with every random bit set, the
 * version, variant and marker stay, and the word decodes unchanged.
 */
static void
test_random_bits(void)
{
	static const char *const all_random[COMB_KIND_COUNT] = {
		[COMB_SQLSERVER_UNIX_MS] = "ffffffff-ffff-4fff-8000-018cc820db2e",
		[COMB_POSTGRESQL_UNIX_MS] = "018cc820-db2e-4000-bfff-ffffffffffff",
		[COMB_SQLSERVER_SQLDATETIME] = "ffffffff-ffff-4fff-8000-b0eb00329027",
		[COMB_POSTGRESQL_SQLDATETIME] = "b0eb0032-9027-4000-bfff-ffffffffffff",
		[COMB_SQLSERVER_DOTNET_TICKS] = "ffffffff-ffff-cfff-34e0-08dc0b3f7b27",
	};

	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		uint64_t	word;
		uint64_t	decoded;
		uint8_t		u[16];
		uint8_t		expect[16];
		uint64_t	counter_top = k == COMB_SQLSERVER_DOTNET_TICKS ? 0 :
			UINT64_C(1) << (comb_families[k].frontier.counter_bits - 1);

		/* a random counter start has its top bit clear */
		CHECK(comb_word_at_unix_us(k, VECTOR_UNIX_US, UINT64_MAX, &word));
		CHECK((word & counter_top) == 0);
		CHECK(comb_word_at_unix_us(k, VECTOR_UNIX_US, 0, &word));
		comb_encode(k, word, UINT64_MAX, u);
		CHECK(parse_uuid(all_random[k], expect) == 0);
		CHECK(memcmp(u, expect, 16) == 0);
		CHECK(comb_decode_word(k, u, &decoded) && decoded == word);

		/* a full counter lands in its bits and decodes back */
		word |= (UINT64_C(1) << comb_families[k].frontier.counter_bits) - 1;
		comb_encode(k, word, 0, u);
		CHECK(comb_decode_word(k, u, &decoded) && decoded == word);
	}
}

/* A kind's clock callbacks, called as the frontier calls them. */
static int64_t
kind_word_to_ns(CombKind kind, uint64_t word)
{
	const FrontierFamily *family = &comb_families[kind].frontier;

	return family->word_to_ns(family, word);
}

static bool
kind_word_from_ns(CombKind kind, int64_t ns, uint64_t *word)
{
	const FrontierFamily *family = &comb_families[kind].frontier;

	return family->word_from_ns(family, ns, word);
}

/* Each family's clock words map to their first ns and back. */
static void
test_clock_words(void)
{
	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		const FrontierFamily *family = &comb_families[k].frontier;
		int64_t		ns = INT64_C(1704164645678901234);
		int			bad = 0;

		for (int i = 0; i < 1000; i++, ns += INT64_C(987654321))
		{
			uint64_t	word;
			uint64_t	back;
			int64_t		first;

			if (!family->word_from_ns(family, ns, &word))
			{
				bad++;
				continue;
			}
			first = family->word_to_ns(family, word);
			if (first > ns || !family->word_from_ns(family, first, &back) || back != word)
				bad++;
			if (family->word_from_ns(family, first - 1, &back) && back == word)
				bad++;			/* the first ns of the tick, not a later one */
		}
		CHECK(bad == 0);
	}

	/* words past the end of int64 ns saturate; the last ms within does not */
	CHECK(kind_word_to_ns(COMB_SQLSERVER_UNIX_MS, UINT64_C(9223372036854) << 14) ==
		  INT64_C(9223372036854000000));
	CHECK(kind_word_to_ns(COMB_SQLSERVER_UNIX_MS, UINT64_C(9223372036855) << 14) ==
		  INT64_MAX);
	CHECK(kind_word_to_ns(COMB_POSTGRESQL_UNIX_MS,
						  comb_families[COMB_POSTGRESQL_UNIX_MS].frontier.max_word) == INT64_MAX);
	CHECK(kind_word_to_ns(COMB_SQLSERVER_DOTNET_TICKS,
						  comb_families[COMB_SQLSERVER_DOTNET_TICKS].frontier.max_word) == INT64_MAX);
	CHECK(kind_word_to_ns(COMB_SQLSERVER_SQLDATETIME,
						  comb_families[COMB_SQLSERVER_SQLDATETIME].frontier.max_word) ==
		  INT64_C(3453321599996666667));

	/* the clock before 1970 / 1900, and the sqldatetime end in 2079 */
	{
		uint64_t	word;

		CHECK(!kind_word_from_ns(COMB_SQLSERVER_UNIX_MS, -1, &word));
		CHECK(kind_word_from_ns(COMB_SQLSERVER_SQLDATETIME, -1, &word));
		CHECK(!kind_word_from_ns(COMB_SQLSERVER_SQLDATETIME, INT64_MIN, &word));
		CHECK(!kind_word_from_ns(COMB_SQLSERVER_SQLDATETIME, INT64_MAX, &word));
		CHECK(kind_word_from_ns(COMB_SQLSERVER_DOTNET_TICKS, INT64_MIN, &word));
		CHECK(kind_word_from_ns(COMB_SQLSERVER_DOTNET_TICKS, -1, &word));
		CHECK(word == UINT64_C(621355968000000000) - 1);
		CHECK(kind_word_to_ns(COMB_SQLSERVER_DOTNET_TICKS, 0) == INT64_MIN);
	}
}

/*
 * A frontier at the last tick of a day with its counter used up carries
 * into the first tick of the next day: a valid datetime.
 */
static void
test_midnight_carry(void)
{
	const FrontierFamily *family = &comb_families[COMB_SQLSERVER_SQLDATETIME].frontier;
	uint64_t	last = (UINT64_C(45291) * 25920000 + 25919999) << 14 | 0x3fff;
	uint64_t	next;
	bool		carried;
	uint8_t		u[16];
	uint8_t		expect[16];

	CHECK(frontier_step(family, last, 0, 0, frontier_counter_mask(family), &next, &carried) == FRONTIER_OK);
	CHECK(carried);
	comb_encode(COMB_SQLSERVER_SQLDATETIME, next, 0, u);
	CHECK(parse_uuid("00000000-0000-4000-8000-b0ec00000000", expect) == 0);
	CHECK(memcmp(u, expect, 16) == 0);

	/* and at the end of the range, the frontier is exhausted */
	CHECK(frontier_step(family, family->max_word, 0, 0, frontier_counter_mask(family), &next, &carried) ==
		  FRONTIER_EXHAUSTED);
}

/*
 * Values taken from each family's frontier, with a clock that jumps back
 * and forth, strictly increase in the order of the layout.
 */
static void
test_monotonic(void)
{
	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		const FrontierFamily *family = &comb_families[k].frontier;
		bool		sqlserver = k != COMB_POSTGRESQL_UNIX_MS &&
			k != COMB_POSTGRESQL_SQLDATETIME;
		FakeClock	clock = {.now = INT64_C(1704164645678000000), .step = 37};
		FrontierEnv env = {fake_now_ns, fake_random_u64, &clock, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};
		FrontierCell cell = {plain_load, plain_compare_exchange, NULL, NULL, NULL};
		uint64_t	frontier = 0;
		uint8_t		prev[16] = {0};
		int			bad = 0;

		cell.cell = &frontier;
		for (int i = 0; i < 100000; i++)
		{
			FrontierTake take;
			uint8_t		u[16];
			uint64_t	word;

			if (i % 10000 == 5000)
				clock.now -= INT64_C(3600000000000);	/* back an hour */
			if (i % 10000 == 9000)
				clock.now += INT64_C(7200000000000);	/* ahead two */
			if (frontier_take(family, &cell, &env, &take) != FRONTIER_OK)
			{
				bad++;
				break;
			}
			comb_encode(k, take.word, fake_random_u64(&clock), u);
			if (i > 0 && (sqlserver ? sqlserver_cmp(prev, u) : memcmp(prev, u, 16)) >= 0)
				bad++;
			if (!comb_decode_word(k, u, &word) || word != take.word)
				bad++;
			memcpy(prev, u, 16);
		}
		CHECK(bad == 0);
	}
}

/* 16 random bytes. */
static void
put_random(uint8_t u[16], FakeClock *rng)
{
	put_be(u, 8, fake_random_u64(rng));
	put_be(u + 8, 8, fake_random_u64(rng));
}

/* Swap the layouts of a COMB, or fail the check. */
static void
convert(CombLayout from, CombLayout to, const uint8_t in[16], uint8_t out[16])
{
	CHECK(comb_convert_layout(from, to, in, out));
}

/*
 * comb_convert_layout(): the vectors map onto each other, every field lands
 * where src/README §3 says, and the same layout copies.
 */
static void
test_convert_layouts(void)
{
	static const CombKind pairs[][2] = {
		{COMB_SQLSERVER_UNIX_MS, COMB_POSTGRESQL_UNIX_MS},
		{COMB_SQLSERVER_SQLDATETIME, COMB_POSTGRESQL_SQLDATETIME},
	};
	CombLayout	layout = COMB_LAYOUT_SQLSERVER;
	uint8_t		in[16];
	uint8_t		out[16];
	uint8_t		expect[16];

	CHECK(comb_layout_from_name("postgresql", 10, &layout) &&
		  layout == COMB_LAYOUT_POSTGRESQL);
	CHECK(comb_layout_from_name("sqlserver", 9, &layout) &&
		  layout == COMB_LAYOUT_SQLSERVER);
	CHECK(!comb_layout_from_name("sqlserve", 8, &layout));
	CHECK(!comb_layout_from_name("", 0, &layout));

	/* the vectors of each strategy are the same COMB in both layouts */
	for (int i = 0; i < (int) (sizeof(pairs) / sizeof(pairs[0])); i++)
	{
		uint8_t		sqlserver[16];
		uint8_t		postgresql[16];

		for (int v = 0; v < NVECTORS; v++)
		{
			if (vectors[v].kind == pairs[i][0])
				CHECK(parse_uuid(vectors[v].value, sqlserver) == 0);
			if (vectors[v].kind == pairs[i][1])
				CHECK(parse_uuid(vectors[v].value, postgresql) == 0);
		}
		convert(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_POSTGRESQL, sqlserver, out);
		CHECK(memcmp(out, postgresql, 16) == 0);
		convert(COMB_LAYOUT_POSTGRESQL, COMB_LAYOUT_SQLSERVER, postgresql, out);
		CHECK(memcmp(out, sqlserver, 16) == 0);
	}

	/*
	 * random 0123456789ab + cde, counter 3fff: the counter's top 12 bits
	 * after the version, its low 2 right below the variant
	 */
	CHECK(parse_uuid("01234567-89ab-4cde-bfff-018cc820db2e", in) == 0);
	CHECK(parse_uuid("018cc820-db2e-4fff-bcde-0123456789ab", expect) == 0);
	convert(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_POSTGRESQL, in, out);
	CHECK(memcmp(out, expect, 16) == 0);
	/* counter 0x2001: 0x800 in the postgresql counter, 1 below the variant */
	CHECK(parse_uuid("01234567-89ab-4cde-a001-018cc820db2e", in) == 0);
	CHECK(parse_uuid("018cc820-db2e-4800-9cde-0123456789ab", expect) == 0);
	convert(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_POSTGRESQL, in, out);
	CHECK(memcmp(out, expect, 16) == 0);
	convert(COMB_LAYOUT_POSTGRESQL, COMB_LAYOUT_SQLSERVER, expect, out);
	CHECK(memcmp(out, in, 16) == 0);

	/* the same layout copies, even what is not a COMB */
	CHECK(parse_uuid("00000000-0000-c000-34e0-08dc0b3f7b27", in) == 0);
	convert(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_SQLSERVER, in, out);
	CHECK(memcmp(out, in, 16) == 0);
	convert(COMB_LAYOUT_POSTGRESQL, COMB_LAYOUT_POSTGRESQL, in, out);
	CHECK(memcmp(out, in, 16) == 0);

	/* a .NET-ticks COMB has no postgresql layout; out is left alone */
	memset(out, 0x5a, 16);
	CHECK(!comb_convert_layout(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_POSTGRESQL, in, out));
	CHECK(out[0] == 0x5a && out[15] == 0x5a);
	/* from postgresql, byte 6 is version and counter: no marker there */
	convert(COMB_LAYOUT_POSTGRESQL, COMB_LAYOUT_SQLSERVER, in, out);
	CHECK(out[6] >> 4 == 4 && out[8] >> 6 == 2);
}

/*
 * Round trips are exact for every bit that is neither version nor variant:
 * for random values (their version and variant forced to a COMB's) and
 * for each decoded word, whose time and counter survive.
 */
static void
test_convert_round_trip(void)
{
	FakeClock	rng = {.rng = UINT64_C(0x9e3779b97f4a7c15)};
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		uint8_t		u[16];
		uint8_t		there[16];
		uint8_t		back[16];
		uint8_t		as_comb[16];
		uint64_t	word;
		uint64_t	word_there;
		CombLayout	from = i % 2 ? COMB_LAYOUT_SQLSERVER : COMB_LAYOUT_POSTGRESQL;
		CombLayout	to = i % 2 ? COMB_LAYOUT_POSTGRESQL : COMB_LAYOUT_SQLSERVER;
		CombKind	kind_from = i % 2 ? COMB_SQLSERVER_UNIX_MS : COMB_POSTGRESQL_UNIX_MS;
		CombKind	kind_to = i % 2 ? COMB_POSTGRESQL_UNIX_MS : COMB_SQLSERVER_UNIX_MS;

		put_random(u, &rng);
		memcpy(as_comb, u, 16);
		uuid_set_version(as_comb, 4);
		if (!comb_convert_layout(from, to, u, there))
		{
			/* only a sqlserver value with the .NET marker is refused */
			if (!(from == COMB_LAYOUT_SQLSERVER && comb_has_dotnet_marker(u)))
				bad++;
			continue;
		}
		if (!comb_convert_layout(to, from, there, back) || memcmp(back, as_comb, 16) != 0)
			bad++;
		if (there[6] >> 4 != 4 || there[8] >> 6 != 2)
			bad++;
		/* the same time, and the counter (12 of its 14 bits in postgresql) */
		if (!comb_decode_word(kind_from, as_comb, &word) ||
			!comb_decode_word(kind_to, there, &word_there) ||
			(from == COMB_LAYOUT_SQLSERVER ? word >> 2 != word_there
			 : word_there >> 2 != word))
			bad++;
	}
	CHECK(bad == 0);
}

/*
 * A run of consecutive frontier words (a burst: 40,000 values, carrying
 * into the next tick twice) encoded with random bits in one layout stays
 * in order after conversion: sqlserver COMBs in SQL Server order become
 * postgresql COMBs in uuid order, and back.  Then the same with words
 * taken from a frontier whose clock jumps.
 */
static void
test_convert_order(void)
{
	FakeClock	rng = {.rng = UINT64_C(0x2545f4914f6cdd1d)};
	uint64_t	start;
	uint8_t		prev_pg[16] = {0};
	uint8_t		prev_ss[16] = {0};
	int			bad = 0;

	CHECK(comb_word_at_unix_us(COMB_SQLSERVER_UNIX_MS, VECTOR_UNIX_US, 0, &start));
	for (int i = 0; i < 40000; i++)
	{
		uint8_t		u[16];
		uint8_t		pg[16];
		uint8_t		ss[16];

		comb_encode(COMB_SQLSERVER_UNIX_MS, start + (uint64_t) i,
					fake_random_u64(&rng), u);
		convert(COMB_LAYOUT_SQLSERVER, COMB_LAYOUT_POSTGRESQL, u, pg);
		if (i > 0 && memcmp(prev_pg, pg, 16) >= 0)
			bad++;
		memcpy(prev_pg, pg, 16);
		/* and a run of postgresql words, converted, in SQL Server order */
		comb_encode(COMB_POSTGRESQL_UNIX_MS, start + (uint64_t) i,
					fake_random_u64(&rng), u);
		convert(COMB_LAYOUT_POSTGRESQL, COMB_LAYOUT_SQLSERVER, u, ss);
		if (i > 0 && sqlserver_cmp(prev_ss, ss) >= 0)
			bad++;
		memcpy(prev_ss, ss, 16);
	}
	CHECK(bad == 0);

	for (int k = COMB_SQLSERVER_UNIX_MS; k <= COMB_POSTGRESQL_SQLDATETIME; k++)
	{
		const FrontierFamily *family = &comb_families[k].frontier;
		bool		sqlserver = comb_families[k].layout == COMB_LAYOUT_SQLSERVER;
		FakeClock	clock = {.now = INT64_C(1704164645678000000), .step = 37};
		FrontierEnv env = {fake_now_ns, fake_random_u64, &clock, FRONTIER_ADVANCE, 0, false, 0, NULL, NULL};
		FrontierCell cell = {plain_load, plain_compare_exchange, NULL, NULL, NULL};
		uint64_t	frontier = 0;
		uint8_t		prev[16] = {0};

		bad = 0;
		cell.cell = &frontier;
		for (int i = 0; i < 50000; i++)
		{
			FrontierTake take;
			uint8_t		u[16];
			uint8_t		converted[16];

			if (i % 10000 == 5000)
				clock.now -= INT64_C(3600000000000);	/* back an hour */
			if (frontier_take(family, &cell, &env, &take) != FRONTIER_OK)
			{
				bad++;
				break;
			}
			comb_encode(k, take.word, fake_random_u64(&clock), u);
			convert(comb_families[k].layout,
					sqlserver ? COMB_LAYOUT_POSTGRESQL : COMB_LAYOUT_SQLSERVER,
					u, converted);
			if (i > 0 && (sqlserver ? memcmp(prev, converted, 16)
						  : sqlserver_cmp(prev, converted)) >= 0)
				bad++;
			memcpy(prev, converted, 16);
		}
		CHECK(bad == 0);
	}
}

/*
 * comb_bound_at_unix_us(): the vector of its tick with random 0, at most every
 * value of that tick and above every value of the tick before, in the
 * layout's order; false outside the range.
 */
static void
test_lower_bound(void)
{
	for (int v = 0; v < NVECTORS; v++)
	{
		CombKind	kind = vectors[v].kind;
		bool		sqlserver = comb_families[kind].layout == COMB_LAYOUT_SQLSERVER;
		uint8_t		bound[16];
		uint8_t		expect[16];
		uint8_t		u[16];
		uint64_t	word;

		CHECK(comb_bound_at_unix_us(kind, VECTOR_UNIX_US, bound));
		CHECK(parse_uuid(vectors[v].value, expect) == 0);
		CHECK(memcmp(bound, expect, 16) == 0);
		CHECK(comb_word_at_unix_us(kind, VECTOR_UNIX_US, UINT64_MAX, &word));
		comb_encode(kind, word, UINT64_MAX, u);
		CHECK((sqlserver ? sqlserver_cmp(bound, u) : memcmp(bound, u, 16)) < 0);
		comb_encode(kind, word | frontier_counter_mask(&comb_families[kind].frontier),
					UINT64_MAX, u);
		CHECK((sqlserver ? sqlserver_cmp(bound, u) : memcmp(bound, u, 16)) < 0);
		/* the last value of the tick before */
		comb_encode(kind, (word >> comb_families[kind].frontier.counter_bits
						   << comb_families[kind].frontier.counter_bits) - 1,
					UINT64_MAX, u);
		CHECK((sqlserver ? sqlserver_cmp(bound, u) : memcmp(bound, u, 16)) > 0);
	}
	{
		uint8_t		bound[16];

		CHECK(!comb_bound_at_unix_us(COMB_POSTGRESQL_UNIX_MS, -1, bound));
		CHECK(!comb_bound_at_unix_us(COMB_POSTGRESQL_UNIX_MS, INT64_MAX, bound));
		CHECK(!comb_bound_at_unix_us(COMB_POSTGRESQL_SQLDATETIME, INT64_C(3453321600000000),
								bound));
		CHECK(comb_bound_at_unix_us(COMB_POSTGRESQL_SQLDATETIME, -INT64_C(2208988800000000),
							   bound));
	}
}

void
test_comb(void)
{
	test_vectors();
	test_names();
	test_ranges();
	test_decode();
	test_random_bits();
	test_clock_words();
	test_midnight_carry();
	test_monotonic();
	test_convert_layouts();
	test_convert_round_trip();
	test_convert_order();
	test_lower_bound();
}
