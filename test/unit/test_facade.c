/*
 * test_facade.c
 *		Unit tests of SipHash-2-4 (core/siphash.c) and the v7 facade
 *		(core/facade.c): SipHash's published vectors; facades computed by
 *		the UUIDv47 reference for the vectors of its README and tests.c;
 *		properties over random values and keys (the round trip, version
 *		and variant, only the 48 time bits and the version nibble change,
 *		another key does not decode); inputs of other versions and
 *		variants; the key's text forms.
 */
#include <string.h>

#include "bytes.h"
#include "facade.h"
#include "siphash.h"
#include "unit.h"

/* The key of SipHash's test vectors: bytes 00 01 ... 0f. */
static void
test_key_bytes(SipKey *key)
{
	uint8_t		bytes[SIPHASH_KEY_BYTES];

	for (int i = 0; i < SIPHASH_KEY_BYTES; i++)
		bytes[i] = (uint8_t) i;
	sipkey_from_bytes(bytes, key);
}

/*
 * SipHash-2-4 of the messages 00, 00 01, ..., under that key: the results
 * for lengths 0 to 12 as the UUIDv47 reference's tests.c lists them (the
 * first 13 of the paper's vectors, as little-endian bytes), and length 15,
 * the paper's worked example (its Appendix A).
 */
static void
test_siphash_vectors(void)
{
	static const uint8_t expect[13][8] = {
		{0x31, 0x0e, 0x0e, 0xdd, 0x47, 0xdb, 0x6f, 0x72},
		{0xfd, 0x67, 0xdc, 0x93, 0xc5, 0x39, 0xf8, 0x74},
		{0x5a, 0x4f, 0xa9, 0xd9, 0x09, 0x80, 0x6c, 0x0d},
		{0x2d, 0x7e, 0xfb, 0xd7, 0x96, 0x66, 0x67, 0x85},
		{0xb7, 0x87, 0x71, 0x27, 0xe0, 0x94, 0x27, 0xcf},
		{0x8d, 0xa6, 0x99, 0xcd, 0x64, 0x55, 0x76, 0x18},
		{0xce, 0xe3, 0xfe, 0x58, 0x6e, 0x46, 0xc9, 0xcb},
		{0x37, 0xd1, 0x01, 0x8b, 0xf5, 0x00, 0x02, 0xab},
		{0x62, 0x24, 0x93, 0x9a, 0x79, 0xf5, 0xf5, 0x93},
		{0xb0, 0xe4, 0xa9, 0x0b, 0xdf, 0x82, 0x00, 0x9e},
		{0xf3, 0xb9, 0xdd, 0x94, 0xc5, 0xbb, 0x5d, 0x7a},
		{0xa7, 0xad, 0x6b, 0x22, 0x46, 0x2f, 0xb3, 0xf4},
		{0xfb, 0xe5, 0x0e, 0x86, 0xbc, 0x8f, 0x1e, 0x75},
	};
	uint8_t		msg[64];
	SipKey		key;

	test_key_bytes(&key);
	CHECK(key.k0 == UINT64_C(0x0706050403020100));
	CHECK(key.k1 == UINT64_C(0x0f0e0d0c0b0a0908));
	for (int i = 0; i < 64; i++)
		msg[i] = (uint8_t) i;
	for (int len = 0; len < 13; len++)
		CHECK(siphash24(&key, msg, (size_t) len) == get_le(expect[len], 8));
	CHECK(siphash24(&key, NULL, 0) == get_le(expect[0], 8));
	CHECK(siphash24(&key, msg, 15) == UINT64_C(0xa129ca6149be45e5));
}

/* v7 -> facade under key, both ways, in place too. */
static void
check_pair(const SipKey *key, const char *v7_text, const char *facade_text)
{
	uint8_t		v7[UUID_BYTES];
	uint8_t		facade[UUID_BYTES];
	uint8_t		out[UUID_BYTES];

	CHECK(parse_uuid(v7_text, v7) == 0);
	CHECK(parse_uuid(facade_text, facade) == 0);
	CHECK(facade_encode(key, v7, out) == FACADE_OK);
	CHECK(memcmp(out, facade, UUID_BYTES) == 0);
	CHECK(facade_decode(key, facade, out) == FACADE_OK);
	CHECK(memcmp(out, v7, UUID_BYTES) == 0);
	memcpy(out, v7, UUID_BYTES);
	CHECK(facade_encode(key, out, out) == FACADE_OK);
	CHECK(memcmp(out, facade, UUID_BYTES) == 0);
	CHECK(facade_decode(key, out, out) == FACADE_OK);
	CHECK(memcmp(out, v7, UUID_BYTES) == 0);
}

/*
 * The reference's vectors: its README's example value and its tests.c's
 * round-trip values (craft_v7 of ts = 0x100000 * i + 123, rand_a = 0xaaa ^
 * 7i, rand_b = 0x0123456789abcdef ^ 0x1111111111111111 * i, and of
 * 0x123456789abc, 0xabc, 0x0123456789abcdef) under its key k0 =
 * 0x0123456789abcdef, k1 = 0xfedcba9876543210; their facades as the
 * reference header computes them.  And the value whose SipHash message is
 * 00 01 ... 09 under SipHash's test key: its mask is the low 48 bits of the
 * length-10 vector above.
 */
static void
test_reference_vectors(void)
{
	static const char *const pairs[][2] = {
		{"00000000-0000-7000-8000-000000000000", "22d97126-9609-4000-8000-000000000000"},
		{"00000000-007b-7aaa-8123-456789abcdef", "b108050e-46b6-4aaa-8123-456789abcdef"},
		{"00000010-007b-7aad-9032-547698badcfe", "bc75bd50-97ef-4aad-9032-547698badcfe"},
		{"00000020-007b-7aa4-a301-6745ab89efcd", "a3e09c87-bf85-4aa4-a301-6745ab89efcd"},
		{"00000030-007b-7abf-b210-7654ba98fedc", "4a643a79-6975-4abf-b210-7654ba98fedc"},
		{"00000040-007b-7ab6-8567-0123cdef89ab", "ba071f02-23bd-4ab6-8567-0123cdef89ab"},
		{"00000050-007b-7a89-9476-1032dcfe98ba", "b215242c-6fb1-4a89-9476-1032dcfe98ba"},
		{"00000060-007b-7a80-a745-2301efcdab89", "e8e788cf-ded6-4a80-a745-2301efcdab89"},
		{"00000070-007b-7a9b-b654-3210fedcba98", "3d4b88de-ece3-4a9b-b654-3210fedcba98"},
		{"00000080-007b-7a92-89ab-cdef01234567", "9d9bd354-51fe-4a92-89ab-cdef01234567"},
		{"00000090-007b-7a95-98ba-dcfe10325476", "f261fb3c-8b2e-4a95-98ba-dcfe10325476"},
		{"000000a0-007b-7aec-ab89-efcd23016745", "31c34e74-1771-4aec-ab89-efcd23016745"},
		{"000000b0-007b-7ae7-ba98-fedc32107654", "928f4297-9c9b-4ae7-ba98-fedc32107654"},
		{"000000c0-007b-7afe-8def-89ab45670123", "b8c1b1f0-8831-4afe-8def-89ab45670123"},
		{"000000d0-007b-7af1-9cfe-98ba54761032", "3994c161-2a72-4af1-9cfe-98ba54761032"},
		{"000000e0-007b-7ac8-afcd-ab8967452301", "fae6e510-f8b5-4ac8-afcd-ab8967452301"},
		{"000000f0-007b-7ac3-bedc-ba9876543210", "ce171cbd-d0f1-4ac3-bedc-ba9876543210"},
		{"12345678-9abc-7abc-8123-456789abcdef", "386ef887-69df-4abc-8123-456789abcdef"},
	};
	SipKey		key = {UINT64_C(0x0123456789abcdef), UINT64_C(0xfedcba9876543210)};
	SipKey		test_key;
	SipKey		from_text;

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		check_pair(&key, pairs[i][0], pairs[i][1]);

	test_key_bytes(&test_key);
	check_pair(&test_key, "00000000-0000-7001-8203-040506070809",
			   "bbc594dd-b9f3-4001-8203-040506070809");

	/* the same key in both text forms: each half least significant byte first */
	CHECK(facade_key_from_text("efcdab89674523011032547698badcfe", 32, &from_text) ==
		  FACADE_KEY_TEXT_OK);
	CHECK(from_text.k0 == key.k0 && from_text.k1 == key.k1);
	CHECK(facade_key_from_text("EFCDAB8967452301:1032547698BADCFE", 33, &from_text) ==
		  FACADE_KEY_TEXT_OK);
	CHECK(from_text.k0 == key.k0 && from_text.k1 == key.k1);
}

/* A random v7 (version 7, variant 10, everything else random). */
static void
random_v7(FakeClock *rng, uint8_t u[UUID_BYTES])
{
	fake_random_uuid(rng, u);
	uuid_set_version(u, 7);
}

static void
test_properties(void)
{
	FakeClock	rng = {0, 0, 31};
	int			bad_roundtrip = 0;
	int			bad_version = 0;
	int			bad_bits = 0;
	int			bad_other_key = 0;
	int			time_changed = 0;

	for (int i = 0; i < 100000; i++)
	{
		SipKey		key = {fake_random_u64(&rng), fake_random_u64(&rng)};
		SipKey		other = key;
		uint8_t		v7[UUID_BYTES];
		uint8_t		facade[UUID_BYTES];
		uint8_t		back[UUID_BYTES];

		random_v7(&rng, v7);
		if (facade_encode(&key, v7, facade) != FACADE_OK ||
			facade_decode(&key, facade, back) != FACADE_OK ||
			memcmp(back, v7, UUID_BYTES) != 0)
			bad_roundtrip++;
		if (uuid_rfc_version(facade) != 4 || (facade[8] & 0xc0) != 0x80)
			bad_version++;
		/* only the time (bytes 0-5) and the version nibble (7 ^ 4) differ */
		for (int b = 6; b < UUID_BYTES; b++)
			if ((uint8_t) (v7[b] ^ facade[b]) != (b == 6 ? 0x30 : 0))
				bad_bits++;
		if (memcmp(v7, facade, 6) != 0)
			time_changed++;
		/* the mask is the same computed from either */
		if (facade_mask(&key, v7) != facade_mask(&key, facade) ||
			(get_be(v7, 6) ^ get_be(facade, 6)) != facade_mask(&key, v7))
			bad_bits++;
		/* a key that differs in one bit decodes to another v7 */
		if (i % 2)
			other.k0 ^= UINT64_C(1) << (i % 64);
		else
			other.k1 ^= UINT64_C(1) << (i % 64);
		if (facade_decode(&other, facade, back) != FACADE_OK ||
			uuid_rfc_version(back) != 7 || memcmp(back, v7, UUID_BYTES) == 0)
			bad_other_key++;
	}
	CHECK(bad_roundtrip == 0);
	CHECK(bad_version == 0);
	CHECK(bad_bits == 0);
	CHECK(bad_other_key == 0);
	/* a zero mask has probability 2^-48 per value */
	CHECK(time_changed == 100000);
}

/* Every other version, and variant, is refused and leaves out untouched. */
static void
test_refused_inputs(void)
{
	FakeClock	rng = {0, 0, 77};
	SipKey		key = {1, 2};
	int			bad = 0;

	for (int version = 0; version < 16; version++)
		for (int variant = 0; variant < 4; variant++)
		{
			uint8_t		u[UUID_BYTES];
			uint8_t		out[UUID_BYTES];
			uint8_t		before[UUID_BYTES];
			FacadeStatus enc;
			FacadeStatus dec;

			fake_random_uuid(&rng, u);
			u[6] = (uint8_t) (version << 4 | (u[6] & 0x0f));
			u[8] = (uint8_t) (variant << 6 | (u[8] & 0x3f));
			memset(out, 0xee, UUID_BYTES);
			memcpy(before, out, UUID_BYTES);
			enc = facade_encode(&key, u, out);
			if ((enc == FACADE_OK) != (version == 7 && variant == 2))
				bad++;
			if (enc != FACADE_OK && (enc != FACADE_NOT_V7 || memcmp(out, before, UUID_BYTES) != 0))
				bad++;
			dec = facade_decode(&key, u, out);
			if ((dec == FACADE_OK) != (version == 4 && variant == 2))
				bad++;
			if (dec != FACADE_OK && dec != FACADE_NOT_V4)
				bad++;
		}
	CHECK(bad == 0);
}

static void
test_key_text(void)
{
	static const char *const refused[] = {
		"000102030405060708090a0b0c0d0e0",	/* 31 digits */
		"000102030405060708090a0b0c0d0e0f0",	/* 33 digits */
		"000102030405060708090a0b0c0d0e0g",	/* not a digit */
		"\\x000102030405060708090a0b0c0d0e0f",	/* bytea's prefix */
		"0x000102030405060708090a0b0c0d0e",
		" 00102030405060708090a0b0c0d0e0f",
		"0001020304050607 08090a0b0c0d0e0f",
		"0001020304050607:08090a0b0c0d0e0",
		"001020304050607:08090a0b0c0d0e0f0",	/* the colon one digit early */
		"00010203040506070:8090a0b0c0d0e0f",	/* and one late */
		"0001020304050607:08090a0b0c0d0e0x",
		"0001020304050607::8090a0b0c0d0e0f",
		"0x0001020304050607:08090a0b0c0d0e0f",
		"00010203-0405-0607-0809-0a0b0c0d0e0f",
	};
	SipKey		key;
	SipKey		bytes_key;

	CHECK(facade_key_from_text("", 0, &key) == FACADE_KEY_TEXT_EMPTY);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		CHECK(facade_key_from_text(refused[i], strlen(refused[i]), &key) ==
			  FACADE_KEY_TEXT_BAD);

	/* the length decides: a NUL inside is a bad digit, not the end */
	CHECK(facade_key_from_text("000102030405060708090a0b0c0d0e\0f", 32, &key) ==
		  FACADE_KEY_TEXT_BAD);

	test_key_bytes(&bytes_key);
	CHECK(facade_key_from_text("000102030405060708090A0B0C0D0E0F", 32, &key) ==
		  FACADE_KEY_TEXT_OK);
	CHECK(key.k0 == bytes_key.k0 && key.k1 == bytes_key.k1);
	CHECK(facade_key_from_text("0001020304050607:08090a0b0c0d0e0f", 33, &key) ==
		  FACADE_KEY_TEXT_OK);
	CHECK(key.k0 == bytes_key.k0 && key.k1 == bytes_key.k1);
}

/*
 * A key file's contents: the text form with white space around it, as
 * `openssl rand -hex 16 > file` writes it; white space inside, or anything
 * else beside the key, is refused.
 */
static void
test_key_file_text(void)
{
	static const char *const accepted[] = {
		"000102030405060708090a0b0c0d0e0f",
		"000102030405060708090a0b0c0d0e0f\n",
		"000102030405060708090a0b0c0d0e0f\r\n",
		"\n \t0001020304050607:08090A0B0C0D0E0F \n\n",
	};
	static const char *const refused[] = {
		"000102030405060708090a0b0c0d0e0f\n000102030405060708090a0b0c0d0e0f\n",
		"0001020304050607 08090a0b0c0d0e0f\n",
		"uuid_seq.facade_key = '000102030405060708090a0b0c0d0e0f'\n",
		"000102030405060708090a0b0c0d0e0f\v",
		"000102030405060708090a0b0c0d0e0\n",
	};
	SipKey		key;
	SipKey		bytes_key;

	test_key_bytes(&bytes_key);
	for (size_t i = 0; i < sizeof(accepted) / sizeof(accepted[0]); i++)
	{
		key.k0 = key.k1 = 0;
		CHECK(facade_key_from_file_text(accepted[i], strlen(accepted[i]), &key) ==
			  FACADE_KEY_TEXT_OK);
		CHECK(key.k0 == bytes_key.k0 && key.k1 == bytes_key.k1);
	}
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		CHECK(facade_key_from_file_text(refused[i], strlen(refused[i]), &key) ==
			  FACADE_KEY_TEXT_BAD);
	CHECK(facade_key_from_file_text("", 0, &key) == FACADE_KEY_TEXT_EMPTY);
	CHECK(facade_key_from_file_text(" \r\n\n", 4, &key) == FACADE_KEY_TEXT_EMPTY);
	/* the length decides here too: a NUL is not white space */
	CHECK(facade_key_from_file_text("000102030405060708090a0b0c0d0e0f\0", 33, &key) ==
		  FACADE_KEY_TEXT_BAD);
}

void
test_facade(void)
{
	test_siphash_vectors();
	test_reference_vectors();
	test_properties();
	test_refused_inputs();
	test_key_text();
	test_key_file_text();
}
