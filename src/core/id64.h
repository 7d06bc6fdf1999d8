/*
 * id64.h
 *		The 8-byte time-ordered ids (src/README §16): TSID and Snowflake, their
 *		families, layouts, lower bounds and TSID's text form.
 *
 * Pure C (no PostgreSQL headers).  Both are a positive signed 64-bit
 * integer laid out as
 *
 *		0:1 | time:41 | node and counter:22
 *
 * so numeric order is creation order.  time counts milliseconds since an
 * epoch; bit 63 stays 0, which leaves 2^41 ms (69 years) of positive ids.
 *
 * TSID (tsid-creator's definition): the epoch is 2020-01-01 00:00:00 UTC
 * (so positive ids end in 2089); the 22 low bits are the node id
 * (uuid_seq.node_bits bits of uuid_seq.node_id, 0 to 16) and then a counter
 * in the rest, starting at random in each new millisecond.  The frontier
 * word is ms << 22 | counter: the node shares the counter field
 * (node_in_counter), so a word means the same under any node_bits.  Text
 * form: 13 Crockford base32 characters (65 bits, so the first is at most
 * 'F').
 *
 * Snowflake (Twitter's layout): the epoch is the caller's (Twitter's
 * 1288834974657 ms by default; Discord's 2015-01-01, pgEdge's 2023-01-01),
 * then a 10-bit node field (bits 12-21) and a 12-bit counter starting at 0
 * in each millisecond: 4,096 ids per millisecond per node.  The frontier
 * word is Unix ms << 12 | counter, independent of the epoch, so ids of
 * every epoch come from one frontier.
 *
 * Both families' values are FRONTIER_VALUE_BIGINT wide: their encode and
 * value_tick callbacks write and read FrontierValue.id.
 */
#ifndef UUID_SEQ_ID64_H
#define UUID_SEQ_ID64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"

#define ID64_TIME_SHIFT			22	/* the time's lowest bit */
#define ID64_TIME_MAX			((INT64_C(1) << 41) - 1)	/* ms past the epoch */

#define TSID_EPOCH_MS			INT64_C(1577836800000)	/* 2020-01-01 UTC */
#define TSID_RANGE				"2020-01-01 00:00:00 UTC to 2089-09-06 15:47:35.551 UTC"
#define TSID_TEXT_LEN			13

#define SNOWFLAKE_TWITTER_EPOCH_MS INT64_C(1288834974657)	/* 2010-11-04 01:42:54.657 UTC */
#define SNOWFLAKE_NODE_BITS		10
#define SNOWFLAKE_NODE_MAX		((1 << SNOWFLAKE_NODE_BITS) - 1)
#define SNOWFLAKE_COUNTER_BITS	12

typedef enum TsidTextStatus
{
	TSID_TEXT_OK = 0,
	TSID_TEXT_BAD_LENGTH,		/* not 13 characters */
	TSID_TEXT_BAD_CHAR,			/* outside the alphabet (I, L, O, U too) */
	TSID_TEXT_OVERFLOW			/* first character above 'F': over 64 bits */
} TsidTextStatus;

/* The frontiers.  Snowflake's encode callback writes Twitter's epoch. */
extern const FrontierFamily tsid_family;
extern const FrontierFamily snowflake_family;

/*
 * The Snowflake id of frontier word `word` for an epoch (Unix ms) and a node
 * id below 1024; false when the word's time is before the epoch or 2^41 ms
 * or more after it.
 */
extern bool snowflake_compose(uint64_t word, int64_t epoch_ms, uint32_t node_id,
							  int64_t *id);

/*
 * The smallest id of the millisecond that holds a Unix-microsecond time,
 * for an epoch in Unix ms (TSID_EPOCH_MS for TSID): its time bits, the rest
 * zero; false before the epoch and 2^41 ms or more after it.
 */
extern bool id64_lower_bound(int64_t unix_us, int64_t epoch_ms, int64_t *id);

/*
 * The Unix ms an id was made in.  A TSID's time is its top 42 bits, read
 * unsigned as tsid-creator reads them (ids past 2089 are negative); a
 * negative Snowflake id has no time (false).
 */
extern int64_t tsid_unix_ms(int64_t id);
extern bool snowflake_unix_ms(int64_t id, int64_t epoch_ms, int64_t *unix_ms);

/*
 * The tick (frontier word without its counter) an id was made in; false
 * when the family cannot have made it (negative, or outside its range).
 */
extern bool tsid_tick(int64_t id, uint64_t *tick);
extern bool snowflake_tick(int64_t id, int64_t epoch_ms, uint64_t *tick);

/* The node id and counter of a TSID made with node_bits (0..16) node bits. */
extern uint32_t tsid_extract_node_id(int64_t id, unsigned node_bits);
extern uint32_t tsid_extract_counter(int64_t id, unsigned node_bits);

/* The node field and counter of a Snowflake id. */
extern uint32_t snowflake_extract_node_id(int64_t id);
extern uint32_t snowflake_extract_counter(int64_t id);

/* 13 uppercase Crockford base32 characters (not NUL-terminated). */
extern void tsid_format(int64_t id, char out[TSID_TEXT_LEN]);

/*
 * Parse `len` bytes of text (case-insensitive); never reads past them.  On
 * anything but TSID_TEXT_OK, *id is unspecified.
 */
extern TsidTextStatus tsid_parse(const char *text, size_t len, int64_t *id);

#endif							/* UUID_SEQ_ID64_H */
