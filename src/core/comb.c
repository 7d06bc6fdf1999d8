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
#include <stddef.h>
#include <string.h>

#include "bytes.h"
#include "comb.h"
#include "rfc9562.h"

#define NS_PER_US		INT64_C(1000)
#define US_PER_MS		INT64_C(1000)
#define US_PER_DAY		INT64_C(86400000000)

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

#define NAME_COUNT(names) ((int) (sizeof(names) / sizeof((names)[0])))

static const char *const layout_names[] = {
	[COMB_LAYOUT_SQLSERVER] = "sqlserver",
	[COMB_LAYOUT_POSTGRESQL] = "postgresql",
};

static const char *const strategy_names[] = {
	[COMB_STRATEGY_UNIX_MS] = "unix_ms",
	[COMB_STRATEGY_SQLDATETIME] = "sqldatetime",
	[COMB_STRATEGY_DOTNET_TICKS] = "dotnet_ticks",
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
		case COMB_STRATEGY_UNIX_MS:
			if (ns < 0)
				return false;
			*tick = (uint64_t) (ns / FRONTIER_NS_PER_MS);	/* int64 ns end below 2^48 ms */
			return true;
		case COMB_STRATEGY_SQLDATETIME:
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
		case COMB_STRATEGY_DOTNET_TICKS:
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
		case COMB_STRATEGY_UNIX_MS:
			if (tick > (uint64_t) (INT64_MAX / FRONTIER_NS_PER_MS))
				return INT64_MAX;
			return (int64_t) tick * FRONTIER_NS_PER_MS;
		case COMB_STRATEGY_SQLDATETIME:
			/* at most 2^41 ticks: below 2^63 ns */
			return (int64_t) (tick / 3) * SQLDT_NS_PER_3_TICKS +
				((int64_t) (tick % 3) * SQLDT_NS_PER_3_TICKS + 2) / 3 -
				SQLDT_EPOCH_DAYS * US_PER_DAY * NS_PER_US;
		case COMB_STRATEGY_DOTNET_TICKS:
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
		case COMB_STRATEGY_UNIX_MS:
			if (us < 0 || (uint64_t) us / US_PER_MS > UNIX_MS48_MAX)
				return false;
			*tick = (uint64_t) us / US_PER_MS;
			return true;
		case COMB_STRATEGY_SQLDATETIME:
			{
				uint64_t	since_1900;

				if (us < -SQLDT_EPOCH_DAYS * US_PER_DAY ||
					us > INT64_MAX / 4)
					return false;
				since_1900 = (uint64_t) (us + SQLDT_EPOCH_DAYS * US_PER_DAY);
				*tick = since_1900 * 3 / SQLDT_US_PER_3_TICKS;
				return *tick <= SQLDT_MAX_TICK;
			}
		case COMB_STRATEGY_DOTNET_TICKS:
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
		case COMB_STRATEGY_UNIX_MS:
			return (int64_t) tick * US_PER_MS;	/* 2^48 ms fit */
		case COMB_STRATEGY_SQLDATETIME:
			/* tick × 10/3 ms, rounded (a third is never a half) */
			return (int64_t) (tick / 3) * SQLDT_US_PER_3_TICKS +
				((int64_t) (tick % 3) * SQLDT_US_PER_3_TICKS + 1) / 3 -
				SQLDT_EPOCH_DAYS * US_PER_DAY;
		case COMB_STRATEGY_DOTNET_TICKS:
			return floor_div((int64_t) tick - DOTNET_UNIX_EPOCH, 10);
	}
	return 0;
}

static int
name_index(const char *const *names, int count, const char *name, size_t len)
{
	for (int i = 0; i < count; i++)
		if (strlen(names[i]) == len && memcmp(names[i], name, len) == 0)
			return i;
	return -1;
}

bool
comb_layout_from_name(const char *name, size_t len, CombLayout *layout)
{
	int			l = name_index(layout_names, NAME_COUNT(layout_names), name, len);

	if (l < 0)
		return false;
	*layout = (CombLayout) l;
	return true;
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
		if (comb_families[k].layout == (CombLayout) l &&
			comb_families[k].strategy == (CombStrategy) s)
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
	const FrontierFamily *family = &comb_families[kind].frontier;
	uint64_t	tick;

	if (!tick_from_us(comb_families[kind].strategy, us, &tick))
		return false;
	/* the counter starts as on a fresh tick: random, top bit clear */
	*word = tick << family->counter_bits |
		(random & (frontier_counter_mask(family) >> 1));
	return true;
}

/* The 6 time bytes of a tick (sqldatetime: days, then ticks of the day). */
static uint64_t
time_field(CombStrategy strategy, uint64_t tick)
{
	if (strategy == COMB_STRATEGY_SQLDATETIME)
		return tick / SQLDT_TICKS_PER_DAY << 32 | tick % SQLDT_TICKS_PER_DAY;
	return tick;
}

static void
encode(const CombFamily *comb, uint64_t word, uint64_t random, uint8_t out[16])
{
	const FrontierFamily *family = &comb->frontier;
	uint64_t	counter = word & frontier_counter_mask(family);
	uint64_t	time = time_field(comb->strategy, word >> family->counter_bits);

	if (comb->strategy == COMB_STRATEGY_DOTNET_TICKS)
	{
		/* ticks bytes 0-5 at 10-15, 6-7 at 8-9; marker; random elsewhere */
		put_be(out, 8, random);
		out[6] = 0xc0 | (out[6] & 0x0f);
		put_be(out + 10, 6, word >> 16);
		put_be(out + 8, 2, word);
		return;
	}
	if (comb->layout == COMB_LAYOUT_SQLSERVER)
	{
		put_be(out, 8, random);
		put_be(out + 8, 2, counter);
		put_be(out + 10, 6, time);
	}
	else
	{
		put_be(out, 6, time);
		put_be(out + 6, 2, counter);
		put_be(out + 8, 8, random);
	}
	/* the counter lies below the version nibble and the variant bits */
	uuid_set_version(out, 4);
}

void
comb_encode(CombKind kind, uint64_t word, uint64_t random, uint8_t out[16])
{
	encode(&comb_families[kind], word, random, out);
}

bool
comb_decode_word(CombKind kind, const uint8_t u[16], uint64_t *word)
{
	const CombFamily *comb = &comb_families[kind];
	uint64_t	time;
	uint64_t	counter;
	uint64_t	tick;

	if (comb->strategy == COMB_STRATEGY_DOTNET_TICKS)
	{
		*word = get_be(u + 10, 6) << 16 | get_be(u + 8, 2);
		return *word <= (uint64_t) DOTNET_MAX_TICK;
	}
	if (comb->layout == COMB_LAYOUT_SQLSERVER)
	{
		time = get_be(u + 10, 6);
		counter = get_be(u + 8, 2);
	}
	else
	{
		time = get_be(u, 6);
		counter = get_be(u + 6, 2);
	}
	if (comb->strategy == COMB_STRATEGY_SQLDATETIME)
	{
		uint64_t	day_ticks = time & UINT32_MAX;

		if (day_ticks >= SQLDT_TICKS_PER_DAY)
			return false;
		tick = (time >> 32) * SQLDT_TICKS_PER_DAY + day_ticks;
	}
	else
		tick = time;
	*word = tick << comb->frontier.counter_bits |
		(counter & frontier_counter_mask(&comb->frontier));
	return true;
}

int64_t
comb_word_to_unix_us(CombKind kind, uint64_t word)
{
	return tick_to_us(comb_families[kind].strategy,
					  word >> comb_families[kind].frontier.counter_bits);
}

bool
comb_has_dotnet_marker(const uint8_t u[16])
{
	return (u[6] & 0xc0) == 0xc0;
}

/*
 * The bits of a COMB that are neither version nor variant, as fields:
 * the 48 time bits, the 14-bit sqlserver counter (for a postgresql COMB:
 * its 12-bit counter, then the 2 bits below its variant) and 60 random bits.
 */
typedef struct CombFields
{
	uint64_t	time;
	uint64_t	counter14;
	uint64_t	random_hi;		/* 48 bits */
	uint64_t	random_lo;		/* 12 bits */
} CombFields;

/*
 *	sqlserver:	bytes 0-5 random_hi, 6-7 version + random_lo,
 *				8-9 variant + counter14, 10-15 time
 *	postgresql:	bytes 0-5 time, 6-7 version + counter14 >> 2,
 *				8-9 variant + (counter14 & 3) + random_lo, 10-15 random_hi
 *
 * so the random bytes 0-5 and the time bytes 10-15 swap places.
 */
static void
read_fields(CombLayout layout, const uint8_t u[16], CombFields *f)
{
	if (layout == COMB_LAYOUT_SQLSERVER)
	{
		f->random_hi = get_be(u, 6);
		f->random_lo = get_be(u + 6, 2) & 0x0fff;
		f->counter14 = get_be(u + 8, 2) & 0x3fff;
		f->time = get_be(u + 10, 6);
	}
	else
	{
		f->time = get_be(u, 6);
		f->counter14 = (get_be(u + 6, 2) & 0x0fff) << 2 | (u[8] >> 4 & 0x03);
		f->random_lo = get_be(u + 8, 2) & 0x0fff;
		f->random_hi = get_be(u + 10, 6);
	}
}

static void
write_fields(CombLayout layout, const CombFields *f, uint8_t out[16])
{
	if (layout == COMB_LAYOUT_SQLSERVER)
	{
		put_be(out, 6, f->random_hi);
		put_be(out + 6, 2, f->random_lo);
		put_be(out + 8, 2, f->counter14);
		put_be(out + 10, 6, f->time);
	}
	else
	{
		put_be(out, 6, f->time);
		put_be(out + 6, 2, f->counter14 >> 2);
		put_be(out + 8, 2, (f->counter14 & 0x03) << 12 | f->random_lo);
		put_be(out + 10, 6, f->random_hi);
	}
	uuid_set_version(out, 4);
}

bool
comb_convert_layout(CombLayout from, CombLayout to, const uint8_t in[16],
					uint8_t out[16])
{
	CombFields	fields;

	if (from == to)
	{
		memcpy(out, in, 16);
		return true;
	}
	if (from == COMB_LAYOUT_SQLSERVER && comb_has_dotnet_marker(in))
		return false;
	read_fields(from, in, &fields);
	write_fields(to, &fields, out);
	return true;
}

bool
comb_bound_at_unix_us(CombKind kind, int64_t us, uint8_t out[16])
{
	uint64_t	word;

	if (!comb_word_at_unix_us(kind, us, 0, &word))
		return false;
	comb_encode(kind, word, 0, out);
	return true;
}

/*
 * The COMB around a family's FrontierFamily, its first member.  Valid only
 * for the families of comb_families[], the only ones with these callbacks.
 */
_Static_assert(offsetof(CombFamily, frontier) == 0,
			  "a CombFamily starts with its FrontierFamily");

static inline const CombFamily *
comb_of(const FrontierFamily *family)
{
	return (const CombFamily *) family;
}

/* The family callbacks, one set for every kind. */
static bool
comb_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	uint64_t	tick;

	if (!tick_from_ns(comb_of(family)->strategy, ns, &tick))
		return false;
	*word = tick << family->counter_bits;
	return true;
}

static int64_t
comb_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	return tick_to_ns(comb_of(family)->strategy, word >> family->counter_bits);
}

static void
comb_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
				   unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	encode(comb_of(family), word, random, out->uuid);
}

static bool
comb_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
					   uint64_t *tick)
{
	uint64_t	word;

	if (!comb_decode_word((CombKind) (comb_of(family) - comb_families), value->uuid,
						  &word))
		return false;
	*tick = word >> family->counter_bits;
	return true;
}

#define COMB_FAMILY(family_name, family_range, bits, start, max_tick, lay, strat) \
	{ \
		.frontier = FRONTIER_FAMILY(family_name, family_range, FRONTIER_VALUE_UUID, \
									bits, start, max_tick, comb_family), \
		.layout = (lay), \
		.strategy = (strat), \
	}

const CombFamily comb_families[COMB_KIND_COUNT] = {
	[COMB_SQLSERVER_UNIX_MS] =
	COMB_FAMILY("COMB sqlserver/unix_ms", UNIX_MS48_RANGE,
				SQLSERVER_COUNTER_BITS, true, UNIX_MS48_MAX,
				COMB_LAYOUT_SQLSERVER, COMB_STRATEGY_UNIX_MS),
	[COMB_POSTGRESQL_UNIX_MS] =
	COMB_FAMILY("COMB postgresql/unix_ms", UNIX_MS48_RANGE,
				POSTGRESQL_COUNTER_BITS, true, UNIX_MS48_MAX,
				COMB_LAYOUT_POSTGRESQL, COMB_STRATEGY_UNIX_MS),
	[COMB_SQLSERVER_SQLDATETIME] =
	COMB_FAMILY("COMB sqlserver/sqldatetime", COMB_SQLDATETIME_RANGE,
				SQLSERVER_COUNTER_BITS, true, SQLDT_MAX_TICK,
				COMB_LAYOUT_SQLSERVER, COMB_STRATEGY_SQLDATETIME),
	[COMB_POSTGRESQL_SQLDATETIME] =
	COMB_FAMILY("COMB postgresql/sqldatetime", COMB_SQLDATETIME_RANGE,
				POSTGRESQL_COUNTER_BITS, true, SQLDT_MAX_TICK,
				COMB_LAYOUT_POSTGRESQL, COMB_STRATEGY_SQLDATETIME),
	/* .NET ticks are the whole word: no counter */
	[COMB_SQLSERVER_DOTNET_TICKS] =
	COMB_FAMILY("COMB sqlserver/dotnet_ticks", COMB_DOTNET_TICKS_RANGE,
				0, false, DOTNET_MAX_TICK,
				COMB_LAYOUT_SQLSERVER, COMB_STRATEGY_DOTNET_TICKS),
};
