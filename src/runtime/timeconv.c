/*
 * timeconv.c
 *		Conversions between PostgreSQL timestamps and Unix times: time
 *		arguments, the lower bound of an instant, and the SQLSTATE 22008
 *		error for a time outside a layout's range.
 */
#include "postgres.h"

#include <math.h>

#include "utils/timestamp.h"

#include "runtime/timeconv.h"

void
report_time_out_of_range(const FrontierFamily *family)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for %s, which holds times from %s",
					family->name, family->range)));
}

static double
interval_approx_us(const Interval *span)
{
	return (double) span->time +
		(double) (span->month / MONTHS_PER_YEAR) * DAYS_PER_YEAR * USECS_PER_DAY +
		(double) (span->month % MONTHS_PER_YEAR) * DAYS_PER_MONTH * USECS_PER_DAY +
		(double) span->day * USECS_PER_DAY;
}

bool
uuidv7_shift_in_range(const Interval *shift)
{
	return fabs(interval_approx_us(shift)) <= (double) UNIX_MS48_MAX * 1000;
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

pg_uuid_t *
uuid_lower_bound_at(TimestampTz ts, const FrontierFamily *family, LowerBoundFn bound)
{
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	int64		unix_us;

	if (!timestamptz_try_unix_us(ts, &unix_us) || !bound(unix_us, uuid->data))
		report_time_out_of_range(family);
	return uuid;
}

int64
snowflake_epoch_arg(TimestampTz epoch)
{
	int64		unix_us;

	if (TIMESTAMP_NOT_FINITE(epoch))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("a Snowflake epoch must be a finite timestamp")));
	/* (the last years PostgreSQL holds are past Unix microseconds' end) */
	if (!timestamptz_try_unix_us(epoch, &unix_us))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("Snowflake epoch %s is out of range", timestamptz_to_str(epoch))));
	if (unix_us % 1000 != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a Snowflake epoch must be a whole millisecond, not %s",
						timestamptz_to_str(epoch))));
	return unix_us / 1000;
}
