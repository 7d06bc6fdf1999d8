/*
 * allocator.h
 *		The monotonic allocator shared by every family, and the description
 *		of a family it serves: FrontierFamily, with the width of its values
 *		(src/README §1, "Modes and the frontier"; §10).
 *
 * Pure C (no PostgreSQL headers), so it can be unit-tested and fuzzed on its
 * own.  A frontier is one 64-bit word laid out as
 *
 *		tick << counter_bits | counter
 *
 * where a tick is the family's unit of time (a millisecond for UUIDv7, 100 ns
 * for .NET ticks, ...).  Taking a value follows the step rule:
 *
 *		clock word > frontier	-> take the clock word (a fresh tick)
 *		otherwise				-> take frontier + 1, carrying into the next
 *								   tick when the counter is used up
 *
 * The clock word of a family whose counter is clock-driven (UUIDv7: the
 * sub-millisecond fraction) carries those bits, which gives exactly
 * T_next = max(T_clock, T_last + 1).  For families whose counter starts at a
 * random value, the clock word has a zero counter and a fresh tick ORs in a
 * random start below half the counter's range.
 *
 * A caller may ask for whole ticks instead (FrontierEnv.whole_ticks, the
 * v7 family under uuid_seq.v7_rand_a = random, src/README §17): the value
 * takes a tick of its own, the clock's if it is later than the frontier's,
 * otherwise the next one, and the frontier becomes that tick's last word,
 * so no other value shares its tick and the value's counter bits are free
 * to be random.  Callers in either mode may share a frontier.
 *
 * The storage of the frontier word (a shared atomic or a backend-local
 * variable) and the clock are injected, so the same loop serves the shared
 * memory glue, the backend-local mode, the unit tests and the fuzzers.
 */
#ifndef UUID_SEQ_ALLOCATOR_H
#define UUID_SEQ_ALLOCATOR_H

#include <stdbool.h>
#include <stdint.h>

#define FRONTIER_NS_PER_MS	INT64_C(1000000)

/*
 * Milliseconds since 1970-01-01 in 48 bits: the time field of UUIDv7, ULID
 * and the unix_ms COMBs, and the range it holds (for messages).
 */
#define UNIX_MS48_MAX	((UINT64_C(1) << 48) - 1)
#define UNIX_MS48_RANGE \
	"1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC"

/* What to do when a step must carry out of the tick the clock is in. */
typedef enum FrontierPolicy
{
	FRONTIER_ADVANCE,			/* carry: the frontier runs ahead of the clock */
	FRONTIER_WAIT,				/* spin until the clock reaches the next tick */
	FRONTIER_ERROR				/* refuse (the caller raises SQLSTATE 54000) */
} FrontierPolicy;

typedef enum FrontierStatus
{
	FRONTIER_OK = 0,
	FRONTIER_CLOCK_OUT_OF_RANGE,	/* the clock is above the family's range,
									 * or below it with no frontier yet */
	FRONTIER_EXHAUSTED,			/* the frontier is at its maximum */
	FRONTIER_OVERFLOW,			/* the tick is used up under FRONTIER_ERROR */
	FRONTIER_PACED				/* a paced carry past FrontierEnv.pace_ns,
								 * under FRONTIER_ERROR */
} FrontierStatus;

/*
 * How far past the clock, or past the pace anchor, a paced caller's carries
 * may take a frontier (FrontierEnv.pace_ns): one second, as far as a lease
 * reaches.
 */
#define FRONTIER_PACE_NS	INT64_C(1000000000)

/*
 * The clock moves a pace anchor in steps of FRONTIER_ANCHOR_STEP_NS (100
 * ms, a tenth of FRONTIER_PACE_NS): at most ten writes of the anchor a
 * second of clock time, and an anchor at most a step behind the clock's
 * furthest reading.
 */
#define FRONTIER_ANCHOR_STEP_NS	(FRONTIER_PACE_NS / 10)

/*
 * The widths of a family's values (FrontierFamily.value_bytes): a uuid, a
 * bigint (TSID, Snowflake), or a string of bytes of another width (a
 * KSUID's 20, an ObjectId's 12), which order as their bytes do.
 */
#define FRONTIER_VALUE_UUID		16
#define FRONTIER_VALUE_BIGINT	8
#define FRONTIER_VALUE_KSUID	20
#define FRONTIER_VALUE_OBJECTID	12
#define FRONTIER_VALUE_MAX		20	/* the widest */

/*
 * A value of a family, as its encode callback writes it and its value_tick
 * callback reads it: id for a bigint family, otherwise the first
 * value_bytes bytes of bytes (uuid names a uuid family's 16).
 */
typedef union FrontierValue
{
	uint8_t		uuid[FRONTIER_VALUE_UUID];	/* value_bytes 16 */
	uint8_t		bytes[FRONTIER_VALUE_MAX];	/* any width but a bigint's */
	int64_t		id;				/* value_bytes 8 */
} FrontierValue;

/*
 * The time scale, word layout, value width and encoding of one generator
 * family.  Its callbacks receive the family itself, so that one function
 * can serve several families that differ only in their data (a family
 * embedded first in a larger struct, as the COMB families are, finds its
 * own fields).
 */
typedef struct FrontierFamily FrontierFamily;
struct FrontierFamily
{
	const char *name;			/* for messages, e.g. "UUIDv7" */
	const char *range;			/* the times it can hold, for messages */
	unsigned	value_bytes;	/* FRONTIER_VALUE_UUID, _BIGINT, ... */
	unsigned	counter_bits;	/* low bits of the word counting within a tick */
	bool		random_start;	/* a fresh tick starts its counter at random */
	bool		node_in_counter;	/* the node id takes the top node_bits of
									 * the counter field (TSID) */
	uint64_t	max_word;		/* the largest frontier the layout can encode */
	/* Unix-epoch ns -> clock word; false when outside the family's range */
	bool		(*word_from_ns) (const FrontierFamily *family, int64_t ns,
								 uint64_t *word);
	/* clock word -> the first Unix-epoch ns it stands for */
	int64_t		(*word_to_ns) (const FrontierFamily *family, uint64_t word);

	/*
	 * The value of frontier word `word`, in the member of the family's width:
	 * bits that are neither time, counter nor fixed come from `random`, and
	 * families with a node partition put node_id in its top node_bits (the
	 * others ignore both).
	 */
	void		(*encode) (const FrontierFamily *family, uint64_t word,
						   uint64_t random, unsigned node_bits, uint32_t node_id,
						   FrontierValue *out);

	/*
	 * The tick a value of the family was taken in (its word without the
	 * counter); false when the value cannot be one of the family (another
	 * version, or a time the layout cannot hold).  Every value of a later
	 * tick is greater in the family's order, whatever its other bits.
	 */
	bool		(*value_tick) (const FrontierFamily *family,
							   const FrontierValue *value, uint64_t *tick);

	/*
	 * The least value of tick `tick`, for a family whose encode() sets bits
	 * other generators may leave clear even with random 0 and node 0 (a v6
	 * node's multicast bit, an ObjectId's server bits); NULL when encode()'s
	 * value of counter 0, random 0 and node 0 is the least (raise_tick_bound()).
	 */
	void		(*tick_bound) (const FrontierFamily *family, uint64_t tick,
							   FrontierValue *out);
};

/*
 * The definition of a family of values `bytes` wide whose last tick is
 * max_tick, with the callbacks <prefix>_word_from_ns, <prefix>_word_to_ns,
 * <prefix>_encode and <prefix>_value_tick; FRONTIER_FAMILY_BOUNDED adds
 * <prefix>_tick_bound.
 */
#define FRONTIER_FAMILY(family_name, family_range, bytes, bits, start, max_tick, prefix) \
	{ FRONTIER_FAMILY_FIELDS(family_name, family_range, bytes, bits, start, max_tick, prefix) }
#define FRONTIER_FAMILY_BOUNDED(family_name, family_range, bytes, bits, start, max_tick, prefix) \
	{ \
		FRONTIER_FAMILY_FIELDS(family_name, family_range, bytes, bits, start, max_tick, prefix), \
		.tick_bound = prefix##_tick_bound, \
	}
#define FRONTIER_FAMILY_FIELDS(family_name, family_range, bytes, bits, start, max_tick, prefix) \
		.name = (family_name), \
		.range = (family_range), \
		.value_bytes = (bytes), \
		.counter_bits = (bits), \
		.random_start = (start), \
		.node_in_counter = false, \
		.max_word = (uint64_t) (max_tick) << (bits) | ((UINT64_C(1) << (bits)) - 1), \
		.word_from_ns = prefix##_word_from_ns, \
		.word_to_ns = prefix##_word_to_ns, \
		.encode = prefix##_encode, \
		.value_tick = prefix##_value_tick

/* The counter bits of a family's words. */
static inline uint64_t
frontier_counter_mask(const FrontierFamily *family)
{
	return (UINT64_C(1) << family->counter_bits) - 1;
}

/*
 * The largest counter a tick uses: the whole field, or for a family whose
 * node id shares the field, what the node's node_bits leave.  A word whose
 * counter lies above it (a frontier kept while node_bits was smaller) is
 * used up: its next step carries into the next tick.
 */
static inline uint64_t
frontier_counter_max(const FrontierFamily *family, unsigned node_bits)
{
	return family->node_in_counter ?
		frontier_counter_mask(family) >> node_bits : frontier_counter_mask(family);
}

/*
 * Where the frontier word lives.  compare_exchange has the semantics of
 * pg_atomic_compare_exchange_u64: on failure it stores the current value in
 * *expected.
 *
 * anchor, when not NULL, is the frontier's pace anchor, a second word that
 * load and compare_exchange reach in the same way: Unix ns (an int64 in the
 * word's bits, 0 at first), the furthest point a clock reading, a raise or
 * an exempt caller's carry put the frontier (see FrontierEnv).  It only
 * grows (frontier_anchor_raise()).  anchor_seen, when not NULL, is this
 * caller's own copy of it as it last read or moved it, which only lags it:
 * a clock reading within a step of the copy cannot move the anchor, so
 * most takes load nothing more than the frontier.
 */
typedef struct FrontierCell
{
	uint64_t	(*load) (void *cell);
	bool		(*compare_exchange) (void *cell, uint64_t *expected, uint64_t desired);
	void	   *cell;
	void	   *anchor;
	int64_t    *anchor_seen;
} FrontierCell;

/*
 * The caller's environment: clock, randomness and overflow policy, and
 * pacing.
 *
 * Pacing (src/README §1): with pace_ns > 0 no carry of this caller takes
 * the frontier's tick more than pace_ns past the later of its clock reading
 * and the cell's pace anchor, whatever the policy and however far ahead the
 * frontier already is: FRONTIER_ADVANCE and FRONTIER_WAIT wait (calling
 * sleep, then reading the clock again) until it fits, FRONTIER_ERROR
 * returns FRONTIER_PACED.  unpaced, when set, is asked (once per take, only
 * when a carry would pass the bound) whether this caller is exempt after
 * all; an exempt carry past the bound raises the anchor to its tick.  Every
 * take lets its clock reading move the anchor (FRONTIER_ANCHOR_STEP_NS), so a
 * clock that goes back leaves paced callers at least pace_ns less a step
 * past where it stood.  sleep(arg, ns) waits about ns (less is fine, it is
 * called again); it is where a wait can be cancelled.  Needed with pace_ns
 * > 0; the wait policy's spin of at most a tick does not sleep.
 */
typedef struct FrontierEnv
{
	int64_t		(*now_ns) (void *arg);	/* wall clock, Unix epoch, ns */
	uint64_t	(*random_bits) (void *arg);
	void	   *arg;
	FrontierPolicy policy;
	unsigned	node_bits;		/* for families with node_in_counter */
	bool		whole_ticks;	/* one value per tick (see above) */
	int64_t		pace_ns;		/* 0: never paced */
	bool		(*unpaced) (void *arg);
	void		(*sleep) (void *arg, int64_t ns);
} FrontierEnv;

/* One value taken from a frontier, with what the caller reports about it. */
typedef struct FrontierTake
{
	uint64_t	word;			/* the value taken (now the frontier) */
	int64_t		clock_ns;		/* the clock reading it was taken against */
	uint32_t	retries;		/* failed compare-exchanges */
	bool		overflowed;		/* it carried out of the clock's own tick */
} FrontierTake;

/*
 * One application of the step rule to `last`, without storing anything.
 * `fresh` is the counter start used if the clock's tick is later, and
 * counter_max the largest counter of a tick (frontier_counter_max()).
 * Returns FRONTIER_OK or FRONTIER_EXHAUSTED; *carried tells whether the step
 * crossed into a new tick by counting (not by the clock).
 */
extern FrontierStatus frontier_step(const FrontierFamily *family, uint64_t last,
									uint64_t clock_word, uint64_t fresh,
									uint64_t counter_max,
									uint64_t *next, bool *carried);

/* Take the next value of a frontier: the allocator's whole loop. */
extern FrontierStatus frontier_take(const FrontierFamily *family,
									const FrontierCell *cell,
									const FrontierEnv *env,
									FrontierTake *take);

/*
 * Raise a cell's pace anchor to ns (nothing if it is there already, or the
 * cell has none): for a raise of its frontier, and a restored one.
 */
extern void frontier_anchor_raise(const FrontierCell *cell, int64_t ns);

/* Time of a frontier word's tick in the family's terms, as Unix ns. */
extern int64_t frontier_word_ns(const FrontierFamily *family, uint64_t word);

/*
 * The word a whole-tick value is encoded from: the tick of the word taken,
 * and `random` in the counter bits.
 */
static inline uint64_t
frontier_whole_tick_word(const FrontierFamily *family, uint64_t word, uint64_t random)
{
	uint64_t	mask = frontier_counter_mask(family);

	return (word & ~mask) | (random & mask);
}

#endif							/* UUID_SEQ_ALLOCATOR_H */
