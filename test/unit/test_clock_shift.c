/*
 * test_clock_shift.c
 *		Unit tests of the clock shift arithmetic (core/clock_shift.c): the
 *		EXTRACT(EPOCH FROM interval) count, the ±200-year limit, and fields
 *		whose products overflow 64 bits (run under UBSan by make
 *		unit-sanitize, where any overflow would abort).
 */
#include "clock_shift.h"
#include "unit.h"

#define US_PER_DAY	INT64_C(86400000000)

void
test_clock_shift(void)
{
	int64_t		us = 0;

	CHECK(clock_shift_us(0, 0, 0, &us) && us == 0);
	CHECK(clock_shift_us(0, 0, -INT64_C(3600000000), &us) && us == -INT64_C(3600000000));
	/* '1 year 1 mon 1 day': 365.25 + 30 + 1 days */
	CHECK(clock_shift_us(13, 1, 0, &us) && us == US_PER_DAY * 1585 / 4);
	/* the limit, 200 Julian years, either way */
	CHECK(clock_shift_us(200 * 12, 0, 0, &us) && us == US_PER_DAY * 73050);
	CHECK(clock_shift_us(-200 * 12, 0, 0, &us) && us == -US_PER_DAY * 73050);
	CHECK(!clock_shift_us(200 * 12, 0, 1, &us));
	CHECK(!clock_shift_us(-201 * 12, 0, 0, &us));
	CHECK(!clock_shift_us(0, 73051, 0, &us));
	/* fields that cancel out are counted exactly */
	CHECK(clock_shift_us(300 * 12, -36525, 0, &us) && us == US_PER_DAY * 73050);
	CHECK(clock_shift_us(0, 1, -US_PER_DAY, &us) && us == 0);

	/*
	 * '-106752000 days 2562047788:00:54.775807' (about -8.8 days in all):
	 * days × 86400e6 overflows int64, so it is refused, without undefined
	 * behaviour.
	 */
	us = 42;
	CHECK(!clock_shift_us(0, -106752000, INT64_C(9223372036854775807), &us));
	CHECK(us == 42);
	/* every field at its extreme */
	CHECK(!clock_shift_us(INT32_MAX, INT32_MAX, INT64_MAX, &us));
	CHECK(!clock_shift_us(INT32_MIN, INT32_MIN, INT64_MIN, &us));
	CHECK(!clock_shift_us(0, 0, INT64_MIN, &us));
}
