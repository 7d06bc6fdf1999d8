/*
 * objectid.c
 *		MongoDB's ObjectId (src/README §18): text forms, time, lower bounds
 *		and the bytes a server puts in its middle (see objectid.h).
 *
 * Pure C (no PostgreSQL headers).
 */
#include "bytes.h"
#include "objectid.h"

#define LOW_MASK(bits)		((UINT64_C(1) << (bits)) - 1)
#define NS_PER_SECOND		INT64_C(1000000000)

/* this process's middle bits under the node id (objectid_set_server_bits()) */
static uint64_t server_bits = 0;

static const char hex_digits[] = "0123456789abcdef";
static const char xid_digits[] = "0123456789abcdefghijklmnopqrstuv";

/* A character's value in an alphabet of `base` digits, either case; -1 if none. */
static int
digit_value(unsigned char c, int base)
{
	int			v;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'z')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'Z')
		v = c - 'A' + 10;
	else
		return -1;
	return v < base ? v : -1;
}

/*
 * The first byte of text that is no digit (at *pos), else a wrong length
 * (*pos = len).
 */
static ObjectidTextStatus
check_digits(const char *text, size_t len, int base, size_t want, size_t *pos)
{
	for (size_t i = 0; i < len; i++)
		if (digit_value((unsigned char) text[i], base) < 0)
		{
			*pos = i;
			return OBJECTID_TEXT_BAD_CHAR;
		}
	*pos = len;
	return len == want ? OBJECTID_TEXT_OK : OBJECTID_TEXT_BAD_LENGTH;
}

void
objectid_format_hex(const uint8_t id[OBJECTID_BYTES], char out[OBJECTID_HEX_LEN])
{
	for (int i = 0; i < OBJECTID_BYTES; i++)
	{
		out[2 * i] = hex_digits[id[i] >> 4];
		out[2 * i + 1] = hex_digits[id[i] & 15];
	}
}

ObjectidTextStatus
objectid_parse_hex(const char *text, size_t len, uint8_t id[OBJECTID_BYTES], size_t *pos)
{
	ObjectidTextStatus status = check_digits(text, len, 16, OBJECTID_HEX_LEN, pos);

	if (status != OBJECTID_TEXT_OK)
		return status;
	for (int i = 0; i < OBJECTID_BYTES; i++)
		id[i] = (uint8_t) (digit_value((unsigned char) text[2 * i], 16) << 4 |
						   digit_value((unsigned char) text[2 * i + 1], 16));
	return OBJECTID_TEXT_OK;
}

/*
 * The 96 bits, most significant first, in 5-bit digits: 19 whole ones, and
 * a twentieth holding the last bit followed by four zero bits.
 */
void
objectid_format_xid(const uint8_t id[OBJECTID_BYTES], char out[OBJECTID_XID_LEN])
{
	uint32_t	acc = 0;
	int			bits = 0;
	int			n = 0;

	for (int i = 0; i < OBJECTID_BYTES; i++)
	{
		acc = acc << 8 | id[i];
		bits += 8;
		while (bits >= 5)
		{
			bits -= 5;
			out[n++] = xid_digits[(acc >> bits) & 31];
		}
	}
	/* 96 = 19 * 5 + 1: one bit left */
	out[n] = xid_digits[(acc << 4) & 31];
}

ObjectidTextStatus
objectid_parse_xid(const char *text, size_t len, uint8_t id[OBJECTID_BYTES], size_t *pos)
{
	ObjectidTextStatus status = check_digits(text, len, 32, OBJECTID_XID_LEN, pos);
	uint32_t	acc = 0;
	int			bits = 0;
	int			n = 0;

	if (status != OBJECTID_TEXT_OK)
		return status;
	for (int i = 0; i < OBJECTID_XID_LEN; i++)
	{
		acc = acc << 5 | (uint32_t) digit_value((unsigned char) text[i], 32);
		bits += 5;
		if (bits >= 8 && n < OBJECTID_BYTES)
		{
			bits -= 8;
			id[n++] = (uint8_t) (acc >> bits);
		}
	}
	/* the four bits past the 96 */
	if ((acc & 15) != 0)
	{
		*pos = OBJECTID_XID_LEN - 1;
		return OBJECTID_TEXT_NONCANONICAL;
	}
	return OBJECTID_TEXT_OK;
}

uint32_t
objectid_seconds(const uint8_t id[OBJECTID_BYTES])
{
	return (uint32_t) get_be(id, 4);
}

bool
objectid_bound_at_unix_us(int64_t unix_us, uint8_t id[OBJECTID_BYTES])
{
	int64_t		seconds = unix_us / 1000000 - (unix_us % 1000000 < 0);

	if (seconds < 0 || seconds > (int64_t) OBJECTID_SECONDS_MAX)
		return false;
	objectid_compose((uint32_t) seconds, 0, 0, id);
	return true;
}

uint64_t
objectid_server_hash(uint64_t server_id)
{
	uint64_t	z = server_id + UINT64_C(0x9e3779b97f4a7c15);

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return (z ^ (z >> 31)) & LOW_MASK(OBJECTID_FIXED_BITS);
}

uint64_t
objectid_middle_field(uint64_t bits, unsigned node_bits, uint32_t node_id)
{
	unsigned	low_bits = OBJECTID_FIXED_BITS - node_bits;

	return ((uint64_t) node_id & LOW_MASK(node_bits)) << low_bits |
		(bits & LOW_MASK(low_bits));
}

/* ---- the family ------------------------------------------------------- */

static bool
objectid_family_word_from_ns(const FrontierFamily *family, int64_t ns, uint64_t *word)
{
	int64_t		seconds = ns / NS_PER_SECOND;

	if (ns < 0 || seconds > (int64_t) OBJECTID_SECONDS_MAX)
		return false;
	*word = (uint64_t) seconds << OBJECTID_COUNTER_BITS;
	return true;
}

static int64_t
objectid_family_word_to_ns(const FrontierFamily *family, uint64_t word)
{
	/* at most 2^32 s: far inside int64 ns */
	return (int64_t) (word >> OBJECTID_COUNTER_BITS) * NS_PER_SECOND;
}

/* no random bits: the middle is this server's, under its node id */
static void
objectid_family_encode(const FrontierFamily *family, uint64_t word, uint64_t random,
					   unsigned node_bits, uint32_t node_id, FrontierValue *out)
{
	objectid_compose((uint32_t) (word >> OBJECTID_COUNTER_BITS),
					 objectid_middle_field(server_bits, node_bits, node_id),
					 (uint32_t) (word & LOW_MASK(OBJECTID_COUNTER_BITS)), out->bytes);
}

/* every 32-bit second is the family's */
static bool
objectid_family_value_tick(const FrontierFamily *family, const FrontierValue *value,
						   uint64_t *tick)
{
	*tick = objectid_seconds(value->bytes);
	return true;
}

/* middle and counter 0: encode() puts this server's bits in the middle */
static void
objectid_family_tick_bound(const FrontierFamily *family, uint64_t tick,
						   FrontierValue *out)
{
	objectid_compose((uint32_t) tick, 0, 0, out->bytes);
}

const FrontierFamily objectid_family =
FRONTIER_FAMILY_BOUNDED("ObjectId", OBJECTID_RANGE, FRONTIER_VALUE_OBJECTID,
						OBJECTID_COUNTER_BITS, true, OBJECTID_SECONDS_MAX,
						objectid_family);

void
objectid_set_server_bits(uint64_t bits)
{
	server_bits = bits & LOW_MASK(OBJECTID_FIXED_BITS);
}

void
objectid_compose(uint32_t seconds, uint64_t fixed, uint32_t counter,
				 uint8_t id[OBJECTID_BYTES])
{
	put_be(id, 4, seconds);
	put_be(id + 4, 5, fixed & LOW_MASK(OBJECTID_FIXED_BITS));
	put_be(id + 9, 3, counter & LOW_MASK(OBJECTID_COUNTER_BITS));
}
