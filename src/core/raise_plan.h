/*
 * raise_plan.h
 *		What uuid_seq_raise_frontiers() needs to know about a key column
 *		whose DEFAULT calls a generator (src/README §12, "Frontiers that
 *		travel"): which generators there are and what their arguments
 *		decide, which frontier word covers a value, the step a
 *		uuidv7(shift) value came from (whatever the inserting session's
 *		time zone), how far past the clock a raise may carry a frontier
 *		(the horizon) and how it is written, where a tick's values begin,
 *		and where a TypeID prefix's values lie in byte order.
 *
 * Pure C (no PostgreSQL headers).  The glue finds the calls in the catalog
 * (runtime/raise_columns.c), reads the columns (runtime/raise_read.c) and
 * raises the frontiers (funcs/raise_frontiers.c); every decision that
 * needs no server is here, unit-tested.
 */
#ifndef UUID_SEQ_RAISE_PLAN_H
#define UUID_SEQ_RAISE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"
#include "typeid.h"

/* What a generator's values are, as a column stores them. */
typedef enum RaiseValueKind
{
	RAISE_VALUE_UUID,			/* a uuid (in a uuid, sqlguid or ulid column) */
	RAISE_VALUE_BIGINT,			/* an 8-byte id */
	RAISE_VALUE_TYPEID,			/* TypeID text of a UUIDv7 */
	RAISE_VALUE_BYTES			/* a type of the extension as wide as the
								 * family's values, ordered as its bytes (a
								 * ksuid) */
} RaiseValueKind;

/* What a generator's arguments decide. */
typedef enum RaiseArgs
{
	RAISE_ARGS_NONE,			/* nothing (or nothing the frontier needs) */
	RAISE_ARGS_COMB,			/* layout, strategy: the family */
	RAISE_ARGS_EPOCH,			/* a Snowflake epoch: how ids read */
	RAISE_ARGS_SHIFT,			/* uuidv7(shift): added to the output only */
	RAISE_ARGS_PREFIX			/* a TypeID prefix: which texts are its own */
} RaiseArgs;

/* A generator function, known by its C symbol (pg_proc.prosrc). */
typedef struct RaiseGenerator
{
	const char *symbol;
	const FrontierFamily *family;	/* NULL: the arguments name it */
	RaiseValueKind kind;
	RaiseArgs	args;
} RaiseGenerator;

/*
 * The generator whose C function is `symbol` (len bytes, not
 * NUL-terminated), or NULL for a function that takes no frontier step
 * (explicit times, conversions, uuidv4()).
 */
extern const RaiseGenerator *raise_generator_of_symbol(const char *symbol, size_t len);

/*
 * The type that holds the values of a family of RAISE_VALUE_BYTES, known by
 * the C symbol of its input function ("ksuid_in"), or NULL for a family
 * of another kind.
 */
extern const char *raise_type_input(const FrontierFamily *family);

/*
 * The frontier word after which every value of `family` lies in a later
 * tick than `tick`: the tick's last word.  False when there is none (the
 * family's last tick, or beyond).
 */
extern bool raise_cover_word(const FrontierFamily *family, uint64_t tick, uint64_t *word);

/*
 * The least frontier word above which every value a server with node id
 * node_id (under node_bits) takes lies above `value`, a value of `family`
 * taken in tick `tick` (value_tick's): for uuidv7 and COMB values its own
 * word, when the server's encoding of the next word lies above it; for
 * ULID, TSID and Snowflake, whose node id lies above the counter, its own
 * word when the node ids are the same, its tick's first word when the
 * server's node id is larger, and its tick's last word otherwise
 * (raise_cover_word(), which always suffices).  So a value this server made
 * itself needs no raise.  The word always lies in the value's own tick,
 * never before it: a restart, perhaps with another node id, restores a
 * saved word to the end of its tick (src/README §12), which then lies above
 * the value.  False when no word can cover it.
 */
extern bool raise_value_word(const FrontierFamily *family, uint64_t tick,
							 const FrontierValue *value, unsigned node_bits,
							 uint32_t node_id, uint64_t *word);

/*
 * timestamptz + interval (months, days, time_us) as uuidv7(shift) computes
 * it (timestamptz_pl_interval) in UTC, us and *shifted_us being Unix
 * microseconds: the months added to the calendar month, the day of the
 * month clamped to that month's last (Jan 31 + 1 month = Feb 28), then the
 * days added to the date, then the time.  False when a step leaves int64.
 * (In another time zone the months and days are added to the local date
 * and time, and a day is 23 to 25 hours where the UTC offset changes:
 * raise_shift_latest_step_us() allows for any zone.)
 */
extern bool raise_shift_apply_us(int64_t us, int32_t months, int32_t days, int64_t time_us,
								 int64_t *shifted_us);

/*
 * The last instant *base_us whose shift (raise_shift_apply_us()) lies at or
 * before value_us: every later instant's lies after it.  A shift of days
 * and time moves every instant by the same amount, so it is the one instant
 * that gave value_us; a month shift maps the last days of a longer month
 * to the last day of a shorter one, so it is the latest of them.  False
 * when a step leaves int64.
 */
extern bool raise_shift_invert_us(int64_t value_us, int32_t months, int32_t days,
								  int64_t time_us, int64_t *base_us);

/*
 * The UTC offsets a session's TimeZone can have, for
 * raise_shift_latest_step_us(): every zone of the tz database since 1970
 * lies within -12 h (Etc/GMT+12, Kwajalein before 1993) and +14 h
 * (Pacific/Kiritimati).
 */
#define RAISE_TZ_OFFSET_MIN_US	(-INT64_C(12) * 3600 * 1000000)
#define RAISE_TZ_OFFSET_MAX_US	(INT64_C(14) * 3600 * 1000000)

/*
 * Whether a uuidv7(shift) shift is a calendar one (months or days), which
 * timestamptz + interval applies in the inserting session's time zone.
 */
#define RAISE_SHIFT_IS_CALENDAR(months, days) ((months) != 0 || (days) != 0)

/*
 * The latest instant (Unix us) a step of uuidv7(shift) can have been taken
 * at to give a value of instant value_us, whatever the TimeZone of the
 * session that made it.  A shift of time alone moves every instant alike:
 * value_us - time_us, exactly.  timestamptz + interval adds months and days
 * to the local date and time: the step's offset o0 from UTC added, the
 * result read back at the offset o2 the zone gives its date and time
 * (value - time + o2 = apply(step + o0), apply being
 * raise_shift_apply_us()); with both months and days the month's result
 * is read back at o1 and its date and time taken again at the instant's
 * own offset o1', which differs where the date and time fall in a gap.
 * Each offset lies within RAISE_TZ_OFFSET_MIN_US..MAX_US, so no step after
 * invert(value - time + 14 h (+ 26 h for o1' - o1), months, days) + 12 h
 * (raise_shift_invert_us()) can have given the value: up to 26 h (52 h)
 * after the step UTC's arithmetic finds.  False when a step leaves int64.
 */
extern bool raise_shift_latest_step_us(int64_t value_us, int32_t months, int32_t days,
									   int64_t time_us, int64_t *step_us);

/*
 * The latest instant (Unix us) a step of uuidv7(shift) taken at step_us
 * can give, whatever the TimeZone of the session that took it: the
 * forward counterpart of raise_shift_latest_step_us(), by the same
 * offsets, apply(step + 14 h) + 12 h, plus 26 h with both months and days
 * (apply being raise_shift_apply_us(); with months, at the end of the day
 * of step + 14 h, as a month's clamp is not monotonic in the time of day):
 * exactly step_us + time_us for a
 * shift of time alone.  A raise reads a uuidv7(shift) column's keys up to
 * this of its horizon, so that none a zone put later is taken for a key
 * past it.  False when a step leaves int64.
 */
extern bool raise_shift_latest_value_us(int64_t step_us, int32_t months, int32_t days,
										int64_t time_us, int64_t *value_us);

/*
 * raise_value_word() for a value of uuidv7(shift), shift being months,
 * days and time_us: the word of the step that made it, which lies the
 * shift before it.  A shift of time moves every word by the same number
 * of words, so the word is exact; a calendar shift by what the calendar
 * and the inserting session's time zone make of it, so the word is the
 * last of the tick of the latest step that can have given a value of this
 * millisecond (raise_shift_latest_step_us()); 0 for a step before 1970.
 * False when a step leaves int64 or the v7 range.
 */
extern bool raise_v7_shift_word(uint64_t tick, const FrontierValue *value,
								int32_t months, int32_t days, int64_t time_us,
								unsigned node_bits, uint32_t node_id, uint64_t *word);

/*
 * The horizon a raise keeps to by default: keys and frontier words more
 * than this past the server's clock are not raised to (docs/reference.md
 * gives the odds that a random uuid falls within it).
 */
#define RAISE_HORIZON_DEFAULT_US	(INT64_C(5) * 60 * 1000000)

/*
 * The horizon instant of a raise (Unix ns): clock_ns + the interval
 * (months, days, time_us), as timestamptz + interval computes it in UTC
 * (raise_shift_apply_us()), the clock's nanoseconds kept; INT64_MAX where
 * it lies past the clock's range (a horizon of centuries bounds nothing
 * but the families' ends).  False when it lies before the clock: a
 * negative horizon.
 */
extern bool raise_horizon_at_ns(int64_t clock_ns, int32_t months, int32_t days,
								int64_t time_us, int64_t *at_ns);

/*
 * The last word of `family` within the horizon at_ns (Unix ns): the last
 * word of at_ns's tick, or below the family's last word (a raise never
 * exhausts a family), which a horizon past the family's range gives, and
 * INT64_MAX, past the clock's (a v7 key of 2300 lies within it).  False
 * when the horizon lies before the family's range.
 */
extern bool raise_horizon_last_word(const FrontierFamily *family, int64_t at_ns,
									uint64_t *word);

/*
 * Whether a frontier of `family` raised to `word` stays within the
 * horizon at_ns: at or below raise_horizon_last_word().
 */
extern bool raise_word_within_horizon(const FrontierFamily *family, uint64_t word,
									  int64_t at_ns);

/*
 * An interval (months, days, time_us) as messages write it: "5 minutes",
 * "1 day 2 hours", "1 year 6 months", "1.5 seconds", "0 seconds"; each
 * field's sign kept.  Writes at most size - 1 characters and a NUL;
 * RAISE_INTERVAL_TEXT_MAX always suffices.
 */
#define RAISE_INTERVAL_TEXT_MAX 128
extern void raise_interval_text(int32_t months, int32_t days, int64_t time_us, char *buf,
								size_t size);

/*
 * The least value of `family` in tick `next` (for a Snowflake id, of epoch
 * epoch_ms; ignored otherwise), in the form value_tick reads: every value
 * of an earlier tick lies below it in the family's order and none of its
 * own tick does, so an index read of a column stops there.  An 8-byte id's
 * is the least id of that millisecond (0 for one before its epoch); a wider
 * value's the family's tick_bound(), or without one the encoding of the
 * tick's first word with zero random bits and node id.  False when no
 * value of the family lies there (an id past its epoch's range).
 */
extern bool raise_tick_bound(const FrontierFamily *family, int64_t epoch_ms, uint64_t next,
							 FrontierValue *bound);

/*
 * Byte-order bounds [lo, hi) of every TypeID of `prefix` (its 26-character
 * suffix starts with '0' to '7'): lo = prefix "_0", hi = prefix "_8" (for
 * the empty prefix, "0" and "8").  Each has room for TYPEID_PREFIX_MAX + 2
 * bytes; returns their length (the two are the same length).  In that
 * range, byte order is the order of the uuids the suffixes encode.
 */
#define RAISE_TYPEID_BOUND_MAX (TYPEID_PREFIX_MAX + 2)
extern size_t raise_typeid_bounds(const char *prefix, size_t len,
								  char lo[RAISE_TYPEID_BOUND_MAX],
								  char hi[RAISE_TYPEID_BOUND_MAX]);

#endif							/* UUID_SEQ_RAISE_PLAN_H */
