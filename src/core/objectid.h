/*
 * objectid.h
 *		MongoDB's ObjectId (src/README §18): its 12 bytes, its text forms
 *		(24 hexadecimal digits; rs/xid's 20 characters of base32hex), its
 *		time and lower bounds, and the bytes a server puts in its middle.
 *
 * Pure C (no PostgreSQL headers).  The layout, every field big-endian:
 *
 *		seconds:32 | fixed:40 | counter:24
 *
 * seconds since 1970 read unsigned (1970 to 2106, as the BSON ObjectId
 * specification reads them); fixed, five bytes MongoDB draws at random once
 * per process and uuid_seq fixes per server (objectid_middle_field());
 * a counter.  Byte order is creation order on one server.
 */
#ifndef UUID_SEQ_OBJECTID_H
#define UUID_SEQ_OBJECTID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"

#define OBJECTID_BYTES			12
#define OBJECTID_HEX_LEN		24
#define OBJECTID_XID_LEN		20
#define OBJECTID_FIXED_BITS		40
#define OBJECTID_COUNTER_BITS	24
#define OBJECTID_SECONDS_MAX	UINT32_MAX
#define OBJECTID_RANGE \
	"1970-01-01 00:00:00 UTC to 2106-02-07 06:28:15 UTC"

/*
 * How text failed to parse.  The parsers also give the position of the
 * offending byte (0-based): the first that is no digit of the alphabet,
 * or for a wrong length the length itself.
 */
typedef enum ObjectidTextStatus
{
	OBJECTID_TEXT_OK = 0,
	OBJECTID_TEXT_BAD_CHAR,		/* a byte outside the alphabet */
	OBJECTID_TEXT_BAD_LENGTH,	/* only digits, but not as many as needed */
	OBJECTID_TEXT_NONCANONICAL	/* xid: the last character's low 4 bits set */
} ObjectidTextStatus;

/*
 * The family (src/README §1): word = seconds << 24 | counter, a tick a
 * second, the counter starting at random below 2^23 in a fresh second and
 * carrying into the next when used up; its values are
 * FRONTIER_VALUE_OBJECTID wide, the middle five bytes this server's
 * (objectid_set_server_bits(), node_id in their top node_bits).  Seconds
 * are unsigned 32 bits: 1970 to 2106.
 */
extern const FrontierFamily objectid_family;

/*
 * The 40 bits below the node id in the middle of this process's ObjectIds
 * (objectid_server_hash() of the server's identity), which the family's
 * encode callback writes; 0 until set.  The glue sets them once, when the
 * module is loaded.
 */
extern void objectid_set_server_bits(uint64_t bits);

/* 24 lowercase hexadecimal digits (not NUL-terminated). */
extern void objectid_format_hex(const uint8_t id[OBJECTID_BYTES],
								char out[OBJECTID_HEX_LEN]);

/*
 * Parse `len` bytes of text as 24 hexadecimal digits of either case; never
 * reads past them.  A byte that is no digit is reported first (at *pos),
 * then a wrong length.  On anything but OBJECTID_TEXT_OK, *id is
 * unspecified.
 */
extern ObjectidTextStatus objectid_parse_hex(const char *text, size_t len,
											 uint8_t id[OBJECTID_BYTES],
											 size_t *pos);

/*
 * rs/xid's text: the 96 bits most significant first in 5-bit digits of
 * base32hex, 0-9 then a-v, lowercase; the twentieth digit holds the last
 * bit and four zero bits, so it is 0 or g.  Text order is byte order.
 */
extern void objectid_format_xid(const uint8_t id[OBJECTID_BYTES],
								char out[OBJECTID_XID_LEN]);

/*
 * Parse `len` bytes of xid text, in either case (rs/xid writes and reads
 * lowercase); never reads past them.  Reported in this order: a byte
 * outside the alphabet, a wrong length, a last digit other than 0 or g
 * (at position 19: its four low bits lie past the 96).
 */
extern ObjectidTextStatus objectid_parse_xid(const char *text, size_t len,
											 uint8_t id[OBJECTID_BYTES],
											 size_t *pos);

/* The Unix seconds of an ObjectId: its first four bytes, unsigned. */
extern uint32_t objectid_seconds(const uint8_t id[OBJECTID_BYTES]);

/*
 * The smallest ObjectId of the second that holds a Unix-microsecond time
 * (before 1970 too): its seconds, every other byte zero; false outside
 * 1970 to 2106.
 */
extern bool objectid_bound_at_unix_us(int64_t unix_us, uint8_t id[OBJECTID_BYTES]);

/*
 * The 40 bits a server puts in the middle of its ObjectIds are
 * objectid_middle_field(objectid_server_hash(system identifier), node_bits,
 * node_id): node_id in the top node_bits (0 to 16), the rest from a hash of
 * the server's identity, so that they survive restarts and differ between
 * clusters.  objectid_server_hash() mixes all 64 bits of server_id
 * (SplitMix64's finalizer) and keeps 40.
 */
extern uint64_t objectid_server_hash(uint64_t server_id);
extern uint64_t objectid_middle_field(uint64_t bits, unsigned node_bits,
									  uint32_t node_id);

/*
 * The ObjectId of seconds, a 40-bit middle field and a 24-bit counter
 * (higher bits of each ignored).
 */
extern void objectid_compose(uint32_t seconds, uint64_t fixed, uint32_t counter,
							 uint8_t id[OBJECTID_BYTES]);

#endif							/* UUID_SEQ_OBJECTID_H */
