/*
 * test_objectid.c
 *		Unit tests of the ObjectId (core/objectid.c): the MongoDB
 *		documentation's and the ObjectId specification's vectors, rs/xid's
 *		README and test vector, both text forms both ways with each error
 *		and its position, lower bounds at the ends of the range, the middle
 *		field under node bits, and that both texts order as the bytes do.
 */
#include <string.h>

#include "objectid.h"
#include "unit.h"

/* hex -> bytes, which must parse */
static void
hex(const char *text, uint8_t id[OBJECTID_BYTES])
{
	size_t		pos;

	CHECK(objectid_parse_hex(text, strlen(text), id, &pos) == OBJECTID_TEXT_OK);
}

static ObjectidTextStatus
parse_hex(const char *text, size_t *pos)
{
	uint8_t		id[OBJECTID_BYTES];

	return objectid_parse_hex(text, strlen(text), id, pos);
}

static ObjectidTextStatus
parse_xid(const char *text, size_t *pos)
{
	uint8_t		id[OBJECTID_BYTES];

	return objectid_parse_xid(text, strlen(text), id, pos);
}

static void
test_hex(void)
{
	/* MongoDB's manual: ObjectId("507f1f77bcf86cd799439011") */
	static const uint8_t doc[OBJECTID_BYTES] = {
		0x50, 0x7f, 0x1f, 0x77, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x43, 0x90, 0x11
	};
	uint8_t		id[OBJECTID_BYTES];
	char		text[OBJECTID_HEX_LEN];
	size_t		pos = 99;

	hex("507f1f77bcf86cd799439011", id);
	CHECK(memcmp(id, doc, OBJECTID_BYTES) == 0);
	/* getTimestamp(): 2012-10-17T21:13:27Z */
	CHECK(objectid_seconds(id) == UINT32_C(1350508407));
	objectid_format_hex(id, text);
	CHECK(memcmp(text, "507f1f77bcf86cd799439011", OBJECTID_HEX_LEN) == 0);

	/* input in either case, output lowercase */
	hex("507F1F77BCF86CD799439011", id);
	CHECK(memcmp(id, doc, OBJECTID_BYTES) == 0);

	/* errors, with the first offending byte */
	CHECK(parse_hex("507f1f77bcf86cd79943901", &pos) == OBJECTID_TEXT_BAD_LENGTH && pos == 23);
	CHECK(parse_hex("507f1f77bcf86cd7994390110", &pos) == OBJECTID_TEXT_BAD_LENGTH && pos == 25);
	CHECK(parse_hex("", &pos) == OBJECTID_TEXT_BAD_LENGTH && pos == 0);
	CHECK(parse_hex("507f1f77bcf86cd79943901g", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 23);
	CHECK(parse_hex("x07f1f77bcf86cd799439011", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 0);
	/* a bad byte is reported before a wrong length */
	CHECK(parse_hex("507f-1f77", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 4);
	CHECK(parse_hex(" 507f1f77bcf86cd799439011", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 0);
	/* no byte past len is read: the 24 digits of a longer buffer */
	CHECK(objectid_parse_hex("507f1f77bcf86cd799439011zz", 24, id, &pos) == OBJECTID_TEXT_OK);
}

/*
 * The ObjectId specification's test plan: the timestamp is unsigned, so
 * 0x80000000 and 0xFFFFFFFF are 2038 and 2106, not before 1970.
 */
static void
test_seconds(void)
{
	uint8_t		id[OBJECTID_BYTES];

	hex("000000000000000000000000", id);
	CHECK(objectid_seconds(id) == 0);
	hex("7fffffff0000000000000000", id);
	CHECK(objectid_seconds(id) == UINT32_C(2147483647));	/* 2038-01-19T03:14:07Z */
	hex("800000000000000000000000", id);
	CHECK(objectid_seconds(id) == UINT32_C(2147483648));	/* 2038-01-19T03:14:08Z */
	hex("ffffffff0000000000000000", id);
	CHECK(objectid_seconds(id) == UINT32_C(4294967295));	/* 2106-02-07T06:28:15Z */

	/* lower bounds: the second, rounded down, every other byte zero */
	CHECK(objectid_bound_at_unix_us(INT64_C(1350508407999999), id));
	CHECK(memcmp(id, "\x50\x7f\x1f\x77\0\0\0\0\0\0\0\0", OBJECTID_BYTES) == 0);
	CHECK(objectid_bound_at_unix_us(0, id) && objectid_seconds(id) == 0);
	CHECK(!objectid_bound_at_unix_us(-1, id));
	CHECK(objectid_bound_at_unix_us(INT64_C(4294967295999999), id) &&
		  objectid_seconds(id) == UINT32_MAX);
	CHECK(!objectid_bound_at_unix_us(INT64_C(4294967296000000), id));
	CHECK(!objectid_bound_at_unix_us(INT64_MIN, id));
	CHECK(!objectid_bound_at_unix_us(INT64_MAX, id));
}

static void
test_xid(void)
{
	/* rs/xid's README and its test vector: time 1300816219 (2011-03-22) */
	static const uint8_t readme[OBJECTID_BYTES] = {
		0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9
	};
	uint8_t		id[OBJECTID_BYTES];
	uint8_t		back[OBJECTID_BYTES];
	char		text[OBJECTID_XID_LEN];
	char		hex_text[OBJECTID_HEX_LEN];
	size_t		pos = 99;

	objectid_format_xid(readme, text);
	CHECK(memcmp(text, "9m4e2mr0ui3e8a215n4g", OBJECTID_XID_LEN) == 0);
	CHECK(objectid_parse_xid("9m4e2mr0ui3e8a215n4g", OBJECTID_XID_LEN, id, &pos) == OBJECTID_TEXT_OK);
	CHECK(memcmp(id, readme, OBJECTID_BYTES) == 0);
	CHECK(objectid_seconds(id) == UINT32_C(1300816219));
	objectid_format_hex(id, hex_text);
	CHECK(memcmp(hex_text, "4d88e15b60f486e428412dc9", OBJECTID_HEX_LEN) == 0);
	/* either case */
	CHECK(objectid_parse_xid("9M4E2MR0UI3E8A215N4G", OBJECTID_XID_LEN, id, &pos) == OBJECTID_TEXT_OK);
	CHECK(memcmp(id, readme, OBJECTID_BYTES) == 0);

	/* the ends */
	memset(id, 0, OBJECTID_BYTES);
	objectid_format_xid(id, text);
	CHECK(memcmp(text, "00000000000000000000", OBJECTID_XID_LEN) == 0);
	memset(id, 0xff, OBJECTID_BYTES);
	objectid_format_xid(id, text);
	CHECK(memcmp(text, "vvvvvvvvvvvvvvvvvvvg", OBJECTID_XID_LEN) == 0);
	CHECK(objectid_parse_xid(text, OBJECTID_XID_LEN, back, &pos) == OBJECTID_TEXT_OK);
	CHECK(memcmp(back, id, OBJECTID_BYTES) == 0);

	/* errors and their positions */
	CHECK(parse_xid("9m4e2mr0ui3e8a215n4", &pos) == OBJECTID_TEXT_BAD_LENGTH && pos == 19);
	CHECK(parse_xid("9m4e2mr0ui3e8a215n4g0", &pos) == OBJECTID_TEXT_BAD_LENGTH && pos == 21);
	CHECK(parse_xid("9m4e2mr0ui3e8a215nwg", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 18);
	CHECK(parse_xid("9m4e2mr0ui3e8a215n4z", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 19);
	CHECK(parse_xid("-m4e2mr0ui3e8a215n4g", &pos) == OBJECTID_TEXT_BAD_CHAR && pos == 0);
	/* the last digit holds one bit: 0 or g, nothing else */
	CHECK(parse_xid("9m4e2mr0ui3e8a215n4h", &pos) == OBJECTID_TEXT_NONCANONICAL && pos == 19);
	CHECK(parse_xid("9m4e2mr0ui3e8a215n41", &pos) == OBJECTID_TEXT_NONCANONICAL && pos == 19);
	CHECK(parse_xid("9m4e2mr0ui3e8a215n40", &pos) == OBJECTID_TEXT_OK);
}

/* Random ids: both texts round-trip, and order as the bytes do. */
static void
test_round_trips(void)
{
	FakeClock	rng = {0, 0, 44};
	uint8_t		prev[OBJECTID_BYTES] = {0};
	char		prev_hex[OBJECTID_HEX_LEN] = {0};
	char		prev_xid[OBJECTID_XID_LEN] = {0};
	int			bad = 0;

	for (int i = 0; i < 20000; i++)
	{
		uint8_t		u[16];
		uint8_t		id[OBJECTID_BYTES];
		uint8_t		back[OBJECTID_BYTES];
		char		h[OBJECTID_HEX_LEN];
		char		x[OBJECTID_XID_LEN];
		size_t		pos;
		int			by_bytes;

		fake_random_uuid(&rng, u);
		memcpy(id, u, OBJECTID_BYTES);
		/* now and then a neighbour of the previous id */
		if (i % 3 == 0)
		{
			memcpy(id, prev, OBJECTID_BYTES);
			id[u[12] % OBJECTID_BYTES] ^= (uint8_t) (1 << (u[13] % 8));
		}
		objectid_format_hex(id, h);
		objectid_format_xid(id, x);
		if (objectid_parse_hex(h, OBJECTID_HEX_LEN, back, &pos) != OBJECTID_TEXT_OK ||
			memcmp(back, id, OBJECTID_BYTES) != 0)
			bad++;
		if (objectid_parse_xid(x, OBJECTID_XID_LEN, back, &pos) != OBJECTID_TEXT_OK ||
			memcmp(back, id, OBJECTID_BYTES) != 0)
			bad++;
		if (x[OBJECTID_XID_LEN - 1] != '0' && x[OBJECTID_XID_LEN - 1] != 'g')
			bad++;
		by_bytes = memcmp(id, prev, OBJECTID_BYTES);
		if ((by_bytes > 0) != (memcmp(h, prev_hex, OBJECTID_HEX_LEN) > 0) ||
			(by_bytes > 0) != (memcmp(x, prev_xid, OBJECTID_XID_LEN) > 0))
			bad++;
		memcpy(prev, id, OBJECTID_BYTES);
		memcpy(prev_hex, h, OBJECTID_HEX_LEN);
		memcpy(prev_xid, x, OBJECTID_XID_LEN);
	}
	CHECK(bad == 0);
}

static void
test_middle(void)
{
	uint8_t		id[OBJECTID_BYTES];
	uint64_t	bits = objectid_server_hash(UINT64_C(7312345678901234567));

	/* 40 bits, stable, and different for another server */
	CHECK(bits < (UINT64_C(1) << 40));
	CHECK(bits == objectid_server_hash(UINT64_C(7312345678901234567)));
	CHECK(bits != objectid_server_hash(UINT64_C(7312345678901234568)));
	/* SplitMix64's first output from state 0, its low 40 bits */
	CHECK(objectid_server_hash(0) == UINT64_C(0x397b1dcdaf));

	/* node_id in the top node_bits, the hash below */
	CHECK(objectid_middle_field(bits, 0, 5) == bits);
	CHECK(objectid_middle_field(bits, 8, 0xa5) >> 32 == 0xa5);
	CHECK((objectid_middle_field(bits, 8, 0xa5) & UINT64_C(0xffffffff)) ==
		  (bits & UINT64_C(0xffffffff)));
	CHECK(objectid_middle_field(UINT64_MAX, 16, 0) == UINT64_C(0xffffff));
	CHECK(objectid_middle_field(0, 16, 0xffff) == UINT64_C(0xffff) << 24);

	/* the layout: seconds | middle | counter, big-endian */
	objectid_compose(UINT32_C(0x507f1f77), UINT64_C(0xbcf86cd799), UINT32_C(0x439011), id);
	CHECK(memcmp(id, "\x50\x7f\x1f\x77\xbc\xf8\x6c\xd7\x99\x43\x90\x11", OBJECTID_BYTES) == 0);
	objectid_compose(1, UINT64_MAX, UINT32_MAX, id);
	CHECK(memcmp(id, "\0\0\0\1\xff\xff\xff\xff\xff\xff\xff\xff", OBJECTID_BYTES) == 0);
}

/* The family: its words, its values, a take, a carry into the next second. */
static void
test_family(void)
{
	const FrontierFamily *f = &objectid_family;
	FrontierValue v;
	FrontierValue w;
	uint64_t	word = 0;
	uint64_t	tick = 0;
	uint64_t	frontier = 0;
	FakeClock	clock = {INT64_C(1350508407) * 1000000000 + 5, 1, 7};
	FrontierCell cell = {plain_load, plain_compare_exchange, &frontier, NULL, NULL};
	FrontierEnv env = {fake_now_ns, fake_random_u64, &clock, FRONTIER_ADVANCE, 0, false, 0,
	NULL, NULL};
	FrontierTake take;
	int			bad = 0;

	CHECK(f->value_bytes == OBJECTID_BYTES && f->counter_bits == 24 && f->random_start);
	CHECK(f->max_word == UINT64_C(0xffffffffffffff));
	CHECK(f->word_from_ns(f, 0, &word) && word == 0);
	CHECK(!f->word_from_ns(f, -1, &word));
	CHECK(f->word_from_ns(f, INT64_C(4294967295999999999), &word) &&
		  word == UINT64_C(0xffffffff000000));
	CHECK(!f->word_from_ns(f, INT64_C(4294967296000000000), &word));
	CHECK(f->word_from_ns(f, INT64_C(1350508407999999999), &word) &&
		  word == UINT64_C(0x507f1f77) << 24);
	CHECK(f->word_to_ns(f, UINT64_C(0x507f1f77123456)) == INT64_C(1350508407000000000));

	/* seconds | middle (node id over the server's bits) | counter */
	objectid_set_server_bits(UINT64_C(0xbcf86cd799));
	f->encode(f, UINT64_C(0x507f1f77439011), 12345, 0, 0, &v);
	CHECK(memcmp(v.bytes, "\x50\x7f\x1f\x77\xbc\xf8\x6c\xd7\x99\x43\x90\x11", OBJECTID_BYTES) == 0);
	f->encode(f, UINT64_C(0x507f1f77439011), 0, 8, 0x42, &v);
	CHECK(memcmp(v.bytes, "\x50\x7f\x1f\x77\x42\xf8\x6c\xd7\x99\x43\x90\x11", OBJECTID_BYTES) == 0);
	CHECK(f->value_tick(f, &v, &tick) && tick == UINT64_C(0x507f1f77));

	/* a fresh second starts the counter below half its range */
	CHECK(frontier_take(f, &cell, &env, &take) == FRONTIER_OK);
	CHECK(take.word >> 24 == UINT64_C(1350508407));
	CHECK((take.word & 0xffffff) < (UINT64_C(1) << 23));
	/* used up, it carries into the next second; values increase throughout */
	frontier = UINT64_C(1350508407) << 24 | 0xfffffd;
	f->encode(f, frontier, 0, 0, 0, &w);
	for (int i = 0; i < 5; i++)
	{
		CHECK(frontier_take(f, &cell, &env, &take) == FRONTIER_OK);
		/* the third carries out of the clock's second */
		CHECK(take.overflowed == (i == 2));
		f->encode(f, take.word, 0, 0, 0, &v);
		if (memcmp(w.bytes, v.bytes, OBJECTID_BYTES) >= 0)
			bad++;
		w = v;
	}
	CHECK(bad == 0);
	CHECK(take.word == (UINT64_C(1350508408) << 24 | 2));
	/* and stops at 2106's last value */
	frontier = f->max_word;
	CHECK(frontier_take(f, &cell, &env, &take) == FRONTIER_EXHAUSTED);
	objectid_set_server_bits(0);
}

void
test_objectid(void)
{
	test_hex();
	test_seconds();
	test_xid();
	test_round_trips();
	test_middle();
	test_family();
}
