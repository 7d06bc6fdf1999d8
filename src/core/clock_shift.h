/*
 * clock_shift.h
 *		The microseconds of a uuid_seq.clock_shift interval, counted without
 *		any intermediate overflow (src/README §7).
 *
 * Pure C (no PostgreSQL headers), so that its arithmetic runs in the unit
 * tests under UndefinedBehaviorSanitizer.  The glue parses the text with
 * interval_in and hands over the interval's three fields.
 */
#ifndef UUID_SEQ_CLOCK_SHIFT_H
#define UUID_SEQ_CLOCK_SHIFT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * *total += count * unit, false on overflow: the one step of counting an
 * interval's fields in microseconds (here, and the shift ceilings of
 * raise_plan.c).
 */
static inline bool
interval_add_units(int64_t *total, int64_t count, int64_t unit)
{
	int64_t		part;

	return !__builtin_mul_overflow(count, unit, &part) &&
		!__builtin_add_overflow(*total, part, total);
}

/* A shift is kept within this many years so that it fits the clock's ns. */
#define CLOCK_SHIFT_MAX_YEARS	200

/*
 * The interval (months, days, time in us) in microseconds as
 * EXTRACT(EPOCH FROM interval) counts it: a year is 365.25 days, the other
 * months 30 days, a day 24 hours.  False when the total lies beyond
 * CLOCK_SHIFT_MAX_YEARS either way, or when a field alone lies so far
 * beyond it that the count overflows 64 bits.
 */
extern bool clock_shift_us(int32_t months, int32_t days, int64_t time_us,
						   int64_t *shift_us);

#endif							/* UUID_SEQ_CLOCK_SHIFT_H */
