/*
 * clock_shift.c
 *		The microseconds of a clock shift interval (see clock_shift.h).
 *
 * Pure C (no PostgreSQL headers).  Every product and sum is checked with
 * the compiler's overflow builtins, so no input is undefined behaviour.
 */
#include "clock_shift.h"

#define US_PER_DAY			INT64_C(86400000000)
#define US_PER_JULIAN_YEAR	(US_PER_DAY * 1461 / 4)	/* 365.25 days */
#define MONTHS_PER_YEAR		12
#define DAYS_PER_MONTH		30

bool
clock_shift_us(int32_t months, int32_t days, int64_t time_us, int64_t *shift_us)
{
	const int64_t limit = CLOCK_SHIFT_MAX_YEARS * US_PER_JULIAN_YEAR;
	int64_t		total = time_us;

	if (!interval_add_units(&total, months / MONTHS_PER_YEAR, US_PER_JULIAN_YEAR) ||
		!interval_add_units(&total, months % MONTHS_PER_YEAR, DAYS_PER_MONTH * US_PER_DAY) ||
		!interval_add_units(&total, days, US_PER_DAY) ||
		total > limit || total < -limit)
		return false;
	*shift_us = total;
	return true;
}
