/*
 * comb.c
 *		COMB layouts and strategies: the clock and explicit-time frontier
 *		words of each family, encoding and decoding (see comb.h).
 *
 * Pure C (no PostgreSQL headers).  Times are Unix-epoch nanoseconds (the
 * clock, int64: 1677 to 2262) or microseconds (explicit times, the whole
 * range of every strategy); each strategy counts its own unit, a "tick":
 * a millisecond, 1/300 s since 1900-01-01, or 100 ns since 0001-01-01.
 */
#include <string.h>

#include "bytes.h"
#include "comb.h"

#define NS_PER_US		INT64_C(1000)
#define US_PER_MS		INT64_C(1000)
#define US_PER_DAY		INT64_C(86400000000)

#define UNIX_MS_MAX		((UINT64_C(1) << 48) - 1)

/* sqldatetime: days 0..65535 since 1900-01-01 (25567 days before 1970) */
#define SQLDT_DAYS			INT64_C(65536)
#define SQLDT_TICKS_PER_DAY	UINT64_C(25920000)
#define SQLDT_MAX_TICK		((uint64_t) SQLDT_DAYS * SQLDT_TICKS_PER_DAY - 1)
#define SQLDT_EPOCH_DAYS	INT64_C(25567)
/* 3 ticks are 10 ms */
#define SQLDT_NS_PER_3_TICKS	INT64_C(10000000)
#define SQLDT_US_PER_3_TICKS	INT64_C(10000)

/* .NET ticks of 1970-01-01 and of 9999-12-31 23:59:59.9999999 */
#define DOTNET_UNIX_EPOCH	INT64_C(621355968000000000)
#define DOTNET_MAX_TICK		INT64_C(3155378975999999999)

#define SQLSERVER_COUNTER_BITS	14
#define POSTGRESQL_COUNTER_BITS	12

typedef enum CombLayout
{
	LAYOUT_SQLSERVER,
	LAYOUT_POSTGRESQL
} CombLayout;

typedef enum CombStrategy
{
	STRATEGY_UNIX_MS,
	STRATEGY_SQLDATETIME,
	STRATEGY_DOTNET_TICKS
} CombStrategy;

static const struct
{
	CombLayout	layout;
	CombStrategy strategy;
} comb_kinds[COMB_KIND_COUNT] = {
	[COMB_SQLSERVER_UNIX_MS] = {LAYOUT_SQLSERVER, STRATEGY_UNIX_MS},
	[COMB_POSTGRESQL_UNIX_MS] = {LAYOUT_POSTGRESQL, STRATEGY_UNIX_MS},
	[COMB_SQLSERVER_SQLDATETIME] = {LAYOUT_SQLSERVER, STRATEGY_SQLDATETIME},
	[COMB_POSTGRESQL_SQLDATETIME] = {LAYOUT_POSTGRESQL, STRATEGY_SQLDATETIME},
	[COMB_SQLSERVER_DOTNET_TICKS] = {LAYOUT_SQLSERVER, STRATEGY_DOTNET_TICKS},
};

#define NAME_COUNT(names) ((int) (sizeof(names) / sizeof((names)[0])))

static const char *const layout_names[] = {
	[LAYOUT_SQLSERVER] = "sqlserver",
	[LAYOUT_POSTGRESQL] = "postgresql",
};

static const char *const strategy_names[] = {
	[STRATEGY_UNIX_MS] = "unix_ms",
	[STRATEGY_SQLDATETIME] = "sqldatetime",
	[STRATEGY_DOTNET_TICKS] = "dotnet_ticks",
};

/* floor division of a possibly negative dividend by a positive divisor */
static int64_t
floor_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b < 0) ? q - 1 : q;
}

/*
 * Unix ns (a clock reading) -> the strategy's tick; false outside its range.
 */
static bool
tick_from_ns(CombStrategy strategy, int64_t ns, uint64_t *tick)
{
	switch (strategy)
	{
		case STRATEGY_UNIX_MS:
			if (ns < 0)
				return false;
			*tick = (uint64_t) (ns / NS_PER_MS);	/* int64 ns end below 2^48 ms */
			return true;
		case STRATEGY_SQLDATETIME:
			{
				int64_t		since_1900;

				/* the whole range, 1900 to 2079, fits in int64 ns */
				if (ns < -SQLDT_EPOCH_DAYS * US_PER_DAY * NS_PER_US ||
					ns >= (SQLDT_DAYS - SQLDT_EPOCH_DAYS) * US_PER_DAY * NS_PER_US)
					return false;
				since_1900 = ns + SQLDT_EPOCH_DAYS * US_PER_DAY * NS_PER_US;
				*tick = (uint64_t) (since_1900 / SQLDT_NS_PER_3_TICKS * 3 +
									since_1900 % SQLDT_NS_PER_3_TICKS * 3 /
									SQLDT_NS_PER_3_TICKS);
				return true;
			}
		case STRATEGY_DOTNET_TICKS:
			/* int64 ns lie within 0001..9999 */
			*tick = (uint64_t) (floor_div(ns, 100) + DOTNET_UNIX_EPOCH);
			return true;
	}
	return false;
}

/* A tick -> the first Unix ns within it, saturating outside int64. */
static int64_t
tick_to_ns(CombStrategy strategy, uint64_t tick)
{
	switch (strategy)
	{
		case STRATEGY_UNIX_MS:
			if (tick > (uint64_t) (INT64_MAX / NS_PER_MS))
				return INT64_MAX;
			return (int64_t) tick * NS_PER_MS;
		case STRATEGY_SQLDATETIME:
			/* at most 2^41 ticks: below 2^63 ns */
			return (int64_t) (tick / 3) * SQLDT_NS_PER_3_TICKS +
				((int64_t) (tick % 3) * SQLDT_NS_PER_3_TICKS + 2) / 3 -
				SQLDT_EPOCH_DAYS * US_PER_DAY * NS_PER_US;
		case STRATEGY_DOTNET_TICKS:
			{
				int64_t		since_1970 = (int64_t) tick - DOTNET_UNIX_EPOCH;

				if (since_1970 > INT64_MAX / 100)
					return INT64_MAX;
				if (since_1970 < INT64_MIN / 100)
					return INT64_MIN;
				return since_1970 * 100;
			}
	}
	return 0;
}

/* Unix us (an explicit time) -> the strategy's tick; false outside its range. */
static bool
tick_from_us(CombStrategy strategy, int64_t us, uint64_t *tick)
{
	switch (strategy)
	{
		case STRATEGY_UNIX_MS:
			if (us < 0 || (uint64_t) us / US_PER_MS > UNIX_MS_MAX)
				return false;
			*tick = (uint64_t) us / US_PER_MS;
			return true;
		case STRATEGY_SQLDATETIME:
			{
				uint64_t	since_1900;

				if (us < -SQLDT_EPOCH_DAYS * US_PER_DAY ||
					us > INT64_MAX / 4)
					return false;
				since_1900 = (uint64_t) (us + SQLDT_EPOCH_DAYS * US_PER_DAY);
				*tick = since_1900 * 3 / SQLDT_US_PER_3_TICKS;
				return *tick <= SQLDT_MAX_TICK;
			}
		case STRATEGY_DOTNET_TICKS:
			if (us < -DOTNET_UNIX_EPOCH / 10 ||
				us > (DOTNET_MAX_TICK - DOTNET_UNIX_EPOCH) / 10)
				return false;
			*tick = (uint64_t) (us * 10 + DOTNET_UNIX_EPOCH);
			return true;
	}
	return false;
}

/* A tick -> Unix us, as comb_timestamp() shows it. */
static int64_t
tick_to_us(CombStrategy strategy, uint64_t tick)
{
	switch (strategy)
	{
		case STRATEGY_UNIX_MS:
			return (int64_t) tick * US_PER_MS;	/* 2^48 ms fit */
		case STRATEGY_SQLDATETIME:
			/* tick × 10/3 ms, rounded (a third is never a half) */
			return (int64_t) (tick / 3) * SQLDT_US_PER_3_TICKS +
				((int64_t) (tick % 3) * SQLDT_US_PER_3_TICKS + 1) / 3 -
				SQLDT_EPOCH_DAYS * US_PER_DAY;
		case STRATEGY_DOTNET_TICKS:
			return floor_div((int64_t) tick - DOTNET_UNIX_EPOCH, 10);
	}
	return 0;
}

/*
 * The clock functions of each family.  The frontier interface has no
 * argument for the family, so each gets its own pair.
 */
#define COMB_CLOCK_FUNCTIONS(name, strategy, counter_bits) \
static bool \
name##_word_from_ns(int64_t ns, uint64_t *word) \
{ \
	uint64_t	tick; \
\
	if (!tick_from_ns(strategy, ns, &tick)) \
		return false; \
	*word = tick << (counter_bits); \
	return true; \
} \
static int64_t \
name##_word_to_ns(uint64_t word) \
{ \
	return tick_to_ns(strategy, word >> (counter_bits)); \
}

COMB_CLOCK_FUNCTIONS(sqlserver_unix_ms, STRATEGY_UNIX_MS, SQLSERVER_COUNTER_BITS)
COMB_CLOCK_FUNCTIONS(postgresql_unix_ms, STRATEGY_UNIX_MS, POSTGRESQL_COUNTER_BITS)
COMB_CLOCK_FUNCTIONS(sqlserver_sqldatetime, STRATEGY_SQLDATETIME, SQLSERVER_COUNTER_BITS)
COMB_CLOCK_FUNCTIONS(postgresql_sqldatetime, STRATEGY_SQLDATETIME, POSTGRESQL_COUNTER_BITS)
COMB_CLOCK_FUNCTIONS(sqlserver_dotnet_ticks, STRATEGY_DOTNET_TICKS, 0)

const FrontierFamily comb_families[COMB_KIND_COUNT] = {
	[COMB_SQLSERVER_UNIX_MS] = {
		.name = "COMB sqlserver/unix_ms",
		.range = COMB_UNIX_MS_RANGE,
		.counter_bits = SQLSERVER_COUNTER_BITS,
		.random_start = true,
		.max_word = FRONTIER_MAX_WORD(UNIX_MS_MAX, SQLSERVER_COUNTER_BITS),
		.word_from_ns = sqlserver_unix_ms_word_from_ns,
		.word_to_ns = sqlserver_unix_ms_word_to_ns,
	},
	[COMB_POSTGRESQL_UNIX_MS] = {
		.name = "COMB postgresql/unix_ms",
		.range = COMB_UNIX_MS_RANGE,
		.counter_bits = POSTGRESQL_COUNTER_BITS,
		.random_start = true,
		.max_word = FRONTIER_MAX_WORD(UNIX_MS_MAX, POSTGRESQL_COUNTER_BITS),
		.word_from_ns = postgresql_unix_ms_word_from_ns,
		.word_to_ns = postgresql_unix_ms_word_to_ns,
	},
	[COMB_SQLSERVER_SQLDATETIME] = {
		.name = "COMB sqlserver/sqldatetime",
		.range = COMB_SQLDATETIME_RANGE,
		.counter_bits = SQLSERVER_COUNTER_BITS,
		.random_start = true,
		.max_word = FRONTIER_MAX_WORD(SQLDT_MAX_TICK, SQLSERVER_COUNTER_BITS),
		.word_from_ns = sqlserver_sqldatetime_word_from_ns,
		.word_to_ns = sqlserver_sqldatetime_word_to_ns,
	},
	[COMB_POSTGRESQL_SQLDATETIME] = {
		.name = "COMB postgresql/sqldatetime",
		.range = COMB_SQLDATETIME_RANGE,
		.counter_bits = POSTGRESQL_COUNTER_BITS,
		.random_start = true,
		.max_word = FRONTIER_MAX_WORD(SQLDT_MAX_TICK, POSTGRESQL_COUNTER_BITS),
		.word_from_ns = postgresql_sqldatetime_word_from_ns,
		.word_to_ns = postgresql_sqldatetime_word_to_ns,
	},
	[COMB_SQLSERVER_DOTNET_TICKS] = {
		.name = "COMB sqlserver/dotnet_ticks",
		.range = COMB_DOTNET_TICKS_RANGE,
		.counter_bits = 0,
		.random_start = false,
		.max_word = FRONTIER_MAX_WORD(DOTNET_MAX_TICK, 0),
		.word_from_ns = sqlserver_dotnet_ticks_word_from_ns,
		.word_to_ns = sqlserver_dotnet_ticks_word_to_ns,
	},
};

static int
name_index(const char *const *names, int count, const char *name, size_t len)
{
	for (int i = 0; i < count; i++)
		if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0)
			return i;
	return -1;
}

CombNameStatus
comb_kind_from_names(const char *layout, size_t layout_len,
					 const char *strategy, size_t strategy_len, CombKind *kind)
{
	int			l = name_index(layout_names, NAME_COUNT(layout_names), layout, layout_len);
	int			s = name_index(strategy_names, NAME_COUNT(strategy_names),
							   strategy, strategy_len);

	if (l < 0)
		return COMB_UNKNOWN_LAYOUT;
	if (s < 0)
		return COMB_UNKNOWN_STRATEGY;
	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		if (comb_kinds[k].layout == (CombLayout) l &&
			comb_kinds[k].strategy == (CombStrategy) s)
		{
			*kind = (CombKind) k;
			return COMB_NAME_OK;
		}
	}
	return COMB_UNSUPPORTED_PAIR;
}

bool
comb_word_at_unix_us(CombKind kind, int64_t us, uint64_t random, uint64_t *word)
{
	uint64_t	tick;

	if (!tick_from_us(comb_kinds[kind].strategy, us, &tick))
		return false;
	/* the counter starts as on a fresh tick: random, top bit clear */
	*word = tick << comb_families[kind].counter_bits |
		(random & (frontier_counter_mask(&comb_families[kind]) >> 1));
	return true;
}

/* The 6 time bytes of a tick (sqldatetime: days, then ticks of the day). */
static uint64_t
time_field(CombStrategy strategy, uint64_t tick)
{
	if (strategy == STRATEGY_SQLDATETIME)
		return tick / SQLDT_TICKS_PER_DAY << 32 | tick % SQLDT_TICKS_PER_DAY;
	return tick;
}

void
comb_encode(CombKind kind, uint64_t word, uint64_t random, uint8_t out[16])
{
	CombStrategy strategy = comb_kinds[kind].strategy;
	uint64_t	counter = word & frontier_counter_mask(&comb_families[kind]);
	uint64_t	time = time_field(strategy, word >> comb_families[kind].counter_bits);

	if (strategy == STRATEGY_DOTNET_TICKS)
	{
		/* ticks bytes 0-5 at 10-15, 6-7 at 8-9; marker; random elsewhere */
		put_be(out, 8, random);
		out[6] = 0xc0 | (out[6] & 0x0f);
		put_be(out + 10, 6, word >> 16);
		put_be(out + 8, 2, word);
	}
	else if (comb_kinds[kind].layout == LAYOUT_SQLSERVER)
	{
		put_be(out, 8, random);
		out[6] = 0x40 | (out[6] & 0x0f);
		put_be(out + 8, 2, counter);
		out[8] |= 0x80;
		put_be(out + 10, 6, time);
	}
	else
	{
		put_be(out, 6, time);
		put_be(out + 6, 2, counter);
		out[6] |= 0x40;
		put_be(out + 8, 8, random);
		out[8] = 0x80 | (out[8] & 0x3f);
	}
}

bool
comb_decode_word(CombKind kind, const uint8_t u[16], uint64_t *word)
{
	CombStrategy strategy = comb_kinds[kind].strategy;
	unsigned	counter_bits = comb_families[kind].counter_bits;
	uint64_t	time;
	uint64_t	counter;
	uint64_t	tick;

	if (strategy == STRATEGY_DOTNET_TICKS)
	{
		*word = get_be(u + 10, 6) << 16 | get_be(u + 8, 2);
		return *word <= (uint64_t) DOTNET_MAX_TICK;
	}
	if (comb_kinds[kind].layout == LAYOUT_SQLSERVER)
	{
		time = get_be(u + 10, 6);
		counter = get_be(u + 8, 2);
	}
	else
	{
		time = get_be(u, 6);
		counter = get_be(u + 6, 2);
	}
	if (strategy == STRATEGY_SQLDATETIME)
	{
		uint64_t	day_ticks = time & UINT32_MAX;

		if (day_ticks >= SQLDT_TICKS_PER_DAY)
			return false;
		tick = (time >> 32) * SQLDT_TICKS_PER_DAY + day_ticks;
	}
	else
		tick = time;
	*word = tick << counter_bits | (counter & frontier_counter_mask(&comb_families[kind]));
	return true;
}

int64_t
comb_word_to_unix_us(CombKind kind, uint64_t word)
{
	return tick_to_us(comb_kinds[kind].strategy,
					  word >> comb_families[kind].counter_bits);
}

bool
comb_has_dotnet_marker(const uint8_t u[16])
{
	return (u[6] & 0xc0) == 0xc0;
}
