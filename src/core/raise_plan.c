/*
 * raise_plan.c
 *		The generators a key column's default can call, and the arithmetic
 *		of raising a frontier above a column's values (see raise_plan.h).
 *
 * Pure C (no PostgreSQL headers).  Every product and sum that could leave
 * int64 is checked with the compiler's overflow builtins.
 */
#include <stdio.h>
#include <string.h>

#include "clock_shift.h"
#include "comb.h"
#include "id64.h"
#include "ksuid.h"
#include "objectid.h"
#include "raise_plan.h"
#include "rfc9562.h"
#include "sqlserver_order.h"
#include "ulid.h"
#include "uuidv6.h"

#define US_PER_HOUR			INT64_C(3600000000)
#define US_PER_DAY			(24 * US_PER_HOUR)
#define US_PER_MS			INT64_C(1000)

/*
 * Every C function that takes a frontier step.  The SQL names may be
 * anything (the extension is relocatable, and core 18's uuidv7() has an
 * SQL name of its own); the C symbols are the module's.
 */
static const RaiseGenerator generators[] = {
	{"uuid_generate_v7", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"uuid_seq_uuidv7", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"uuid_seq_uuidv7_shift", &uuidv7_family, RAISE_VALUE_UUID, RAISE_ARGS_SHIFT},
	{"typeid_generate", &uuidv7_family, RAISE_VALUE_TYPEID, RAISE_ARGS_PREFIX},
	{"ulid_generate", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"ulid_generate_xact", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"gen_ulid", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"gen_monotonic_ulid", &ulid_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"comb_new", &comb_families[COMB_SQLSERVER_UNIX_MS].frontier, RAISE_VALUE_UUID,
	RAISE_ARGS_NONE},
	{"comb_new_layout", NULL, RAISE_VALUE_UUID, RAISE_ARGS_COMB},
	{"tsid_generate", &tsid_family, RAISE_VALUE_BIGINT, RAISE_ARGS_NONE},
	{"snowflake_generate", &snowflake_family, RAISE_VALUE_BIGINT, RAISE_ARGS_EPOCH},
	{"uuid_generate_v6", &uuidv6_family, RAISE_VALUE_UUID, RAISE_ARGS_NONE},
	{"ksuid_generate", &ksuid_family, RAISE_VALUE_BYTES, RAISE_ARGS_NONE},
	{"objectid_generate", &objectid_family, RAISE_VALUE_BYTES, RAISE_ARGS_NONE},
};

/* The types of the RAISE_VALUE_BYTES families, by their input functions. */
static const struct
{
	const FrontierFamily *family;
	const char *type_input;
}			byte_types[] = {
	{&ksuid_family, "ksuid_in"},
	{&objectid_family, "objectid_in"},
};

const RaiseGenerator *
raise_generator_of_symbol(const char *symbol, size_t len)
{
	for (size_t i = 0; i < sizeof(generators) / sizeof(generators[0]); i++)
		if (strlen(generators[i].symbol) == len &&
			memcmp(generators[i].symbol, symbol, len) == 0)
			return &generators[i];
	return NULL;
}

const char *
raise_type_input(const FrontierFamily *family)
{
	for (size_t i = 0; i < sizeof(byte_types) / sizeof(byte_types[0]); i++)
		if (byte_types[i].family == family)
			return byte_types[i].type_input;
	return NULL;
}

bool
raise_cover_word(const FrontierFamily *family, uint64_t tick, uint64_t *word)
{
	uint64_t	last;

	if (tick > family->max_word >> family->counter_bits)
		return false;
	last = tick << family->counter_bits | frontier_counter_mask(family);
	if (last >= family->max_word)
		return false;
	*word = last;
	return true;
}

/* Whether family is one of the COMB families in SQL Server order. */
static bool
in_sqlserver_order(const FrontierFamily *family)
{
	for (int kind = 0; kind < COMB_KIND_COUNT; kind++)
		if (family == &comb_families[kind].frontier)
			return comb_families[kind].layout == COMB_LAYOUT_SQLSERVER;
	return false;
}

/*
 * An 8-byte id: time | node | counter in 22 bits, the node field's width
 * (TSID: node_bits; Snowflake: always 10) and the server's node id decide.
 */
static bool
id64_value_word(const FrontierFamily *family, uint64_t tick, int64_t id,
				unsigned node_bits, uint32_t node_id, uint64_t *word)
{
	unsigned	counter_bits = family == &tsid_family ?
		ID64_TIME_SHIFT - node_bits : SNOWFLAKE_COUNTER_BITS;
	unsigned	field_bits = ID64_TIME_SHIFT - counter_bits;
	uint64_t	low = (uint64_t) id & ((UINT64_C(1) << ID64_TIME_SHIFT) - 1);
	uint64_t	node = low >> counter_bits;
	uint64_t	counter = low & ((UINT64_C(1) << counter_bits) - 1);
	uint64_t	first;

	if (tick > family->max_word >> family->counter_bits)
		return false;
	first = tick << family->counter_bits;
	/* a node id the field cannot hold takes no value: the safe word */
	if (node_id >= (UINT64_C(1) << field_bits) || node > node_id)
		return raise_cover_word(family, tick, word);
	if (node < node_id)
	{
		/*
		 * Every value of this tick from this node lies above: its first
		 * word, never the word before, which lies in the tick before and
		 * would be restored after a restart with another node id only to
		 * that tick's end (src/README §12)
		 */
		*word = first;
		return *word < family->max_word;
	}
	*word = first | counter;
	return *word < family->max_word;
}

/*
 * Two values of a family of byte strings in its order: SQL Server's, or
 * their bytes' (uuid order for a uuid).
 */
static int
value_cmp(const FrontierFamily *family, bool sqlserver, const FrontierValue *a,
		  const FrontierValue *b)
{
	return sqlserver ? sqlserver_cmp(a->uuid, b->uuid) :
		memcmp(a->bytes, b->bytes, family->value_bytes);
}

bool
raise_value_word(const FrontierFamily *family, uint64_t tick, const FrontierValue *value,
				 unsigned node_bits, uint32_t node_id, uint64_t *word)
{
	bool		sqlserver = in_sqlserver_order(family);
	uint64_t	lo,
				hi;
	FrontierValue next;

	if (family == &tsid_family || family == &snowflake_family)
		return id64_value_word(family, tick, value->id, node_bits, node_id, word);
	if (tick > family->max_word >> family->counter_bits)
		return false;

	/*
	 * The least word c of the tick's words whose next word's smallest value
	 * (every random bit zero) on this server lies above the value: every
	 * value of a word above c does, words ordering as values do.  The
	 * tick's last word always covers it.  Never a word of the tick before,
	 * even where this server's values of the whole tick lie above (a larger
	 * node id): a restart restores a saved word only to the end of its own
	 * tick, for another node id's sake (src/README §12), which must be the
	 * value's.
	 */
	lo = tick << family->counter_bits;
	hi = lo | frontier_counter_mask(family);
	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;

		family->encode(family, mid + 1, 0, node_bits, node_id, &next);
		if (value_cmp(family, sqlserver, &next, value) > 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (lo >= family->max_word)
		return false;
	*word = lo;
	return true;
}

/* a / b rounded down (b > 0) */
static int64_t
floor_div(int64_t a, int64_t b)
{
	return a / b - (a % b < 0);
}

/*
 * Days since 1970-01-01 of a date of the proleptic Gregorian calendar, as
 * PostgreSQL's date2j() counts them (astronomical years: 0 is 1 BC); and
 * back.  Exact for years far beyond any timestamp (H. Hinnant's
 * days_from_civil and civil_from_days, in int64).
 */
static int64_t
days_from_civil(int64_t y, int64_t m, int64_t d)
{
	int64_t		era,
				yoe,
				doy;

	y -= m <= 2;
	era = floor_div(y, 400);
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static void
civil_from_days(int64_t z, int64_t *y, int64_t *m, int64_t *d)
{
	int64_t		era = floor_div(z + 719468, 146097);
	int64_t		doe = z + 719468 - era * 146097;
	int64_t		yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t		doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t		mp = (5 * doy + 2) / 153;

	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

static int64_t
days_in_month(int64_t y, int64_t m)
{
	static const int8_t days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	bool		leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);

	return days[m - 1] + (m == 2 && leap);
}

/*
 * The month `months` after the one of (y, m) (months may be negative), as
 * *ys and *ms.  (y is far from int64's ends: no overflow.)
 */
static void
month_after(int64_t y, int64_t m, int64_t months, int64_t *ys, int64_t *ms)
{
	int64_t		index = y * 12 + (m - 1) + months;

	*ys = floor_div(index, 12);
	*ms = index - *ys * 12 + 1;
}

/*
 * The day of us (rounded down), with its time of day in *tod, 0 up to a
 * day.  (us - day * US_PER_DAY would overflow for us within a day of
 * INT64_MIN: the remainder does not.)
 */
static int64_t
day_and_time(int64_t us, int64_t *tod)
{
	*tod = us % US_PER_DAY;
	if (*tod < 0)
		*tod += US_PER_DAY;
	return floor_div(us, US_PER_DAY);
}

bool
raise_shift_apply_us(int64_t us, int32_t months, int32_t days, int64_t time_us,
					 int64_t *shifted_us)
{
	int64_t		total;			/* the time of day */
	int64_t		day = day_and_time(us, &total);

	if (months != 0)
	{
		int64_t		y,
					m,
					d;

		civil_from_days(day, &y, &m, &d);
		month_after(y, m, months, &y, &m);
		if (d > days_in_month(y, m))
			d = days_in_month(y, m);
		day = days_from_civil(y, m, d);
	}
	day += days;
	if (!interval_add_units(&total, day, US_PER_DAY) ||
		__builtin_add_overflow(total, time_us, &total))
		return false;
	*shifted_us = total;
	return true;
}

/*
 * The last day whose month shift by `months` lies at or before `day`;
 * *whole: the shift of every instant of it does (it lands on an earlier
 * day), not only of those up to day's time of day.
 */
static int64_t
last_day_before_months(int64_t day, int32_t months, bool *whole)
{
	int64_t		y,
				m,
				d,
				ys,
				ms,
				ds,
				last;

	civil_from_days(day, &y, &m, &d);
	last = days_in_month(y, m);
	month_after(y, m, -(int64_t) months, &ys, &ms);
	/* the last day of a month lands on every later day of the longer one */
	ds = d == last ? days_in_month(ys, ms) : d;
	if (ds > days_in_month(ys, ms))
		ds = days_in_month(ys, ms);
	*whole = (ds < last ? ds : last) < d;
	return days_from_civil(ys, ms, ds);
}

bool
raise_shift_invert_us(int64_t value_us, int32_t months, int32_t days, int64_t time_us,
					  int64_t *base_us)
{
	int64_t		x;
	int64_t		day;
	int64_t		tod;
	bool		whole;

	/* the time, then the days, moved every instant alike: take them off */
	if (__builtin_sub_overflow(value_us, time_us, &x) ||
		!interval_add_units(&x, -(int64_t) days, US_PER_DAY))
		return false;
	if (months == 0)
	{
		*base_us = x;
		return true;
	}
	day = day_and_time(x, &tod);
	day = last_day_before_months(day, months, &whole);
	if (whole)
		tod = US_PER_DAY - 1;
	if (!interval_add_units(&tod, day, US_PER_DAY))
		return false;
	*base_us = tod;
	return true;
}

/*
 * The word of the step that made a value, shifted by delta_us (the same
 * for every step): the value's word (raise_value_word()) less the shift's
 * words; 0 for a step before 1970.
 */
static bool
v7_unshift_words(uint64_t tick, const FrontierValue *value, int64_t delta_us,
				 unsigned node_bits, uint32_t node_id, uint64_t *word)
{
	int64_t		words;
	uint64_t	above;

	if (!uuidv7_shift_words(delta_us, &words) ||
		!raise_value_word(&uuidv7_family, tick, value, node_bits, node_id, &above))
		return false;
	if (words >= 0 && above < (uint64_t) words)
		*word = 0;
	else if (words < 0 && above >= uuidv7_family.max_word - (uint64_t) -words)
		return false;
	else
		*word = above - (uint64_t) words;
	return true;
}

bool
raise_shift_latest_step_us(int64_t value_us, int32_t months, int32_t days, int64_t time_us,
						   int64_t *step_us)
{
	int64_t		local_us;
	int64_t		base_us;

	if (!RAISE_SHIFT_IS_CALENDAR(months, days))
	{
		if (__builtin_sub_overflow(value_us, time_us, &local_us))
			return false;
		*step_us = local_us;
		return true;
	}

	/*
	 * the latest local date and time the months and days can have been
	 * added to (the result's offset at its largest, and with both, the gap
	 * between the two steps at its widest), then that local time's
	 * instant at the smallest offset
	 */
	if (__builtin_sub_overflow(value_us, time_us, &local_us) ||
		__builtin_add_overflow(local_us, RAISE_TZ_OFFSET_MAX_US, &local_us) ||
		(months != 0 && days != 0 &&
		 __builtin_add_overflow(local_us, RAISE_TZ_OFFSET_MAX_US - RAISE_TZ_OFFSET_MIN_US,
								&local_us)) ||
		!raise_shift_invert_us(local_us, months, days, 0, &base_us) ||
		__builtin_sub_overflow(base_us, RAISE_TZ_OFFSET_MIN_US, &base_us))
		return false;
	*step_us = base_us;
	return true;
}

bool
raise_shift_latest_value_us(int64_t step_us, int32_t months, int32_t days, int64_t time_us,
							int64_t *value_us)
{
	int64_t		local_us;
	int64_t		shifted_us;

	if (!RAISE_SHIFT_IS_CALENDAR(months, days))
	{
		if (__builtin_add_overflow(step_us, time_us, &shifted_us))
			return false;
		*value_us = shifted_us;
		return true;
	}

	/*
	 * the latest local date and time the months and days can be added to
	 * (the step's offset at its largest); with months, the end of that day,
	 * as a month's clamp maps later days to the same last day of a shorter
	 * month, their times kept (Apr 30 03:00 gives an earlier Feb 28 than
	 * Apr 28 13:00 does); the result read back at the smallest offset, and
	 * with both months and days, the gap between the two steps at its widest
	 */
	if (__builtin_add_overflow(step_us, RAISE_TZ_OFFSET_MAX_US, &local_us))
		return false;
	if (months != 0)
	{
		int64_t		day = local_us / US_PER_DAY - (local_us % US_PER_DAY < 0);

		if (__builtin_mul_overflow(day + 1, US_PER_DAY, &local_us))
			return false;
		local_us--;
	}
	if (!raise_shift_apply_us(local_us, months, days, time_us, &shifted_us) ||
		__builtin_sub_overflow(shifted_us, RAISE_TZ_OFFSET_MIN_US, &shifted_us) ||
		(months != 0 && days != 0 &&
		 __builtin_add_overflow(shifted_us, RAISE_TZ_OFFSET_MAX_US - RAISE_TZ_OFFSET_MIN_US,
								&shifted_us)))
		return false;
	*value_us = shifted_us;
	return true;
}

bool
raise_v7_shift_word(uint64_t tick, const FrontierValue *value, int32_t months,
					int32_t days, int64_t time_us, unsigned node_bits, uint32_t node_id,
					uint64_t *word)
{
	int64_t		step_us;

	if (!RAISE_SHIFT_IS_CALENDAR(months, days))
		return v7_unshift_words(tick, value, time_us, node_bits, node_id, word);

	/*
	 * The step's shifted instant lies before the end of the value's
	 * millisecond (the words of a step and of its shift round down alike)
	 */
	if (tick > UNIX_MS48_MAX ||
		!raise_shift_latest_step_us((int64_t) tick * US_PER_MS + US_PER_MS - 1, months, days,
									time_us, &step_us))
		return false;
	return raise_cover_word(&uuidv7_family, step_us < 0 ? 0 : (uint64_t) step_us / US_PER_MS,
							word);
}

bool
raise_horizon_at_ns(int64_t clock_ns, int32_t months, int32_t days, int64_t time_us,
					int64_t *at_ns)
{
	int64_t		clock_us = clock_ns / 1000 - (clock_ns % 1000 < 0);
	int64_t		at_us;

	if (!raise_shift_apply_us(clock_us, months, days, time_us, &at_us))
	{
		/*
		 * Past int64's microseconds either way: the interval's sign, its
		 * fields counted as EXTRACT(EPOCH) does (in double: only the sign
		 * counts)
		 */
		double		total = (double) months * 30 * US_PER_DAY +
			(double) days * US_PER_DAY + (double) time_us;

		*at_ns = INT64_MAX;
		return total >= 0;
	}
	if (at_us < clock_us)
		return false;
	if (__builtin_mul_overflow(at_us, 1000, at_ns) ||
		__builtin_add_overflow(*at_ns, clock_ns - clock_us * 1000, at_ns))
		*at_ns = INT64_MAX;
	return true;
}

bool
raise_horizon_last_word(const FrontierFamily *family, int64_t at_ns, uint64_t *word)
{
	uint64_t	limit;

	if (at_ns == INT64_MAX)
		limit = family->max_word;	/* no bound but the family's end */
	else if (!family->word_from_ns(family, at_ns, &limit))
	{
		if (at_ns < family->word_to_ns(family, 0))
			return false;		/* before the family's range */
		limit = family->max_word;	/* past it */
	}
	else
		limit |= frontier_counter_mask(family);
	*word = limit < family->max_word ? limit : family->max_word - 1;
	return true;
}

bool
raise_word_within_horizon(const FrontierFamily *family, uint64_t word, int64_t at_ns)
{
	uint64_t	last;

	return raise_horizon_last_word(family, at_ns, &last) && word <= last;
}

/* Append to buf (of size, holding *len characters) a field of the interval. */
static void
append_unit(char *buf, size_t size, size_t *len, int64_t count, const char *unit)
{
	int			n;

	if (count == 0 || *len >= size)
		return;
	n = snprintf(buf + *len, size - *len, "%s%lld %s%s", *len > 0 ? " " : "",
				 (long long) count, unit, count == 1 || count == -1 ? "" : "s");
	*len += n > 0 ? (size_t) n : 0;
}

void
raise_interval_text(int32_t months, int32_t days, int64_t time_us, char *buf, size_t size)
{
	size_t		len = 0;
	int64_t		us = time_us % 1000000;
	int64_t		seconds = time_us / 1000000 % 60;

	if (size == 0)
		return;
	buf[0] = '\0';
	append_unit(buf, size, &len, months / 12, "year");
	append_unit(buf, size, &len, months % 12, "month");
	append_unit(buf, size, &len, days, "day");
	append_unit(buf, size, &len, time_us / US_PER_HOUR, "hour");
	append_unit(buf, size, &len, time_us / 60000000 % 60, "minute");
	if (us == 0)
		append_unit(buf, size, &len, seconds, "second");
	else if (len < size)
	{
		/* seconds with their fraction, its trailing zeros cut */
		char		fraction[8];
		int			n;
		int			digits = 6;

		snprintf(fraction, sizeof(fraction), "%06lld", (long long) (us < 0 ? -us : us));
		while (fraction[digits - 1] == '0')
			digits--;
		fraction[digits] = '\0';
		n = snprintf(buf + len, size - len, "%s%s%lld.%s seconds", len > 0 ? " " : "",
					 time_us < 0 && seconds == 0 ? "-" : "", (long long) seconds, fraction);
		len += n > 0 ? (size_t) n : 0;
	}
	if (len == 0)
		snprintf(buf, size, "0 seconds");
}

bool
raise_tick_bound(const FrontierFamily *family, int64_t epoch_ms, uint64_t next,
				 FrontierValue *bound)
{
	uint64_t	tick;

	if (family->value_bytes == FRONTIER_VALUE_BIGINT)
	{
		int64_t		ms = family == &snowflake_family ?
			(int64_t) next - epoch_ms : (int64_t) next;

		/* ids of another epoch's past, or beyond its range */
		if (ms > ID64_TIME_MAX)
			return false;
		bound->id = ms < 0 ? 0 : ms << ID64_TIME_SHIFT;
		return true;
	}
	if (family->tick_bound != NULL)
		family->tick_bound(family, next, bound);
	else
		family->encode(family, next << family->counter_bits, 0, 0, 0, bound);
	/* (never false: then the scan passes key by key) */
	return family->value_tick(family, bound, &tick) && tick == next;
}

size_t
raise_typeid_bounds(const char *prefix, size_t len,
					char lo[RAISE_TYPEID_BOUND_MAX], char hi[RAISE_TYPEID_BOUND_MAX])
{
	size_t		n = 0;

	if (len > TYPEID_PREFIX_MAX)
		len = TYPEID_PREFIX_MAX;
	memcpy(lo, prefix, len);
	memcpy(hi, prefix, len);
	n = len;
	if (len > 0)
	{
		lo[n] = hi[n] = '_';
		n++;
	}
	/* a suffix's first character is '0' to '7' (128 of its 130 bits) */
	lo[n] = '0';
	hi[n] = '8';
	return n + 1;
}
