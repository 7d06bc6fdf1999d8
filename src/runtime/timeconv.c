/*
 * timeconv.c
 *		Conversions between PostgreSQL timestamps and Unix times, and the
 *		SQLSTATE 22008 error for a time outside a layout's range.
 */
#include "postgres.h"

#include "runtime/timeconv.h"

void
report_time_out_of_range(const FrontierFamily *family)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for %s, which holds times from %s",
					family->name, family->range)));
}

double
interval_approx_us(const Interval *span)
{
	return (double) span->time +
		(double) (span->month / MONTHS_PER_YEAR) * DAYS_PER_YEAR * USECS_PER_DAY +
		(double) (span->month % MONTHS_PER_YEAR) * DAYS_PER_MONTH * USECS_PER_DAY +
		(double) span->day * USECS_PER_DAY;
}

int64
timestamptz_unix_us_or_error(TimestampTz ts, const FrontierFamily *family)
{
	/* infinities are the extreme int64 values, so they fail here too */
	if (ts < -UNIX_TO_PG_EPOCH_US || ts > PG_INT64_MAX - UNIX_TO_PG_EPOCH_US ||
		TIMESTAMP_NOT_FINITE(ts))
		report_time_out_of_range(family);
	return ts + UNIX_TO_PG_EPOCH_US;
}
