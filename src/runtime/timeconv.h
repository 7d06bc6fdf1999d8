/*
 * timeconv.h
 *		Conversions between PostgreSQL timestamps (microseconds since
 *		2000-01-01) and the Unix times of the pure core: time arguments, the
 *		lower bound of an instant, and the SQLSTATE 22008 error for a time
 *		outside a layout's range.
 */
#ifndef UUID_SEQ_TIMECONV_H
#define UUID_SEQ_TIMECONV_H

#include "common/int.h"
#include "datatype/timestamp.h"
#include "utils/uuid.h"

#include "core/allocator.h"
#include "runtime/compat.h"

/* microseconds from 1970-01-01 to 2000-01-01 */
#define UNIX_TO_PG_EPOCH_US \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

static inline TimestampTz
unix_us_to_timestamptz(int64 unix_us)
{
	return (TimestampTz) (unix_us - UNIX_TO_PG_EPOCH_US);
}

static inline TimestampTz
unix_ms_to_timestamptz(uint64 unix_ms)
{
	return unix_us_to_timestamptz((int64) unix_ms * 1000);
}

/*
 * Unix microseconds of any finite timestamp (before 1970 too): false for an
 * infinity or a time whose Unix microseconds overflow.
 */
static inline bool
timestamptz_try_unix_us(TimestampTz ts, int64 *unix_us)
{
	return !TIMESTAMP_NOT_FINITE(ts) &&
		!pg_add_s64_overflow(ts, UNIX_TO_PG_EPOCH_US, unix_us);
}

/*
 * Unix microseconds of a timestamp at or after 1970-01-01, or raise 22008
 * naming the family and its range (infinities, earlier times).  The caller
 * checks the upper end of its family's range.
 */
extern int64 timestamptz_unix_us_or_error(TimestampTz ts, const FrontierFamily *family);

/* SQLSTATE 22008 for a time outside a family's range, naming the range. */
pg_noreturn extern void report_time_out_of_range(const FrontierFamily *family);

/*
 * A core function writing the smallest value of its family's tick that
 * holds a Unix-microsecond time (core *_bound_at_unix_us); false outside
 * the family's range.
 */
typedef bool (*LowerBoundFn) (int64_t unix_us, uint8_t out[UUID_LEN]);

/*
 * The lower bound of ts in a uuid family (src/README §3, "Partition
 * bounds"), or 22008 naming the family's range (infinities, and times
 * outside it).  Palloc'd.
 */
extern pg_uuid_t *uuid_lower_bound_at(TimestampTz ts, const FrontierFamily *family,
									  LowerBoundFn bound);

/*
 * A Snowflake epoch argument as Unix ms: 22008 unless finite (and within
 * Unix microseconds), 22023 unless a whole millisecond.
 */
extern int64 snowflake_epoch_arg(TimestampTz epoch);

/*
 * Whether a uuidv7(shift) shift can leave a value in the UUIDv7 range: no
 * longer than the whole range, counted as EXTRACT(EPOCH FROM interval)
 * does (a year is 365.25 days, other months 30 days).  The generator
 * refuses any other; the raise reads no column whose default has one.
 */
extern bool uuidv7_shift_in_range(const Interval *shift);

#endif							/* UUID_SEQ_TIMECONV_H */
