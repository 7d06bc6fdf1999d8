/*
 * facade.c
 *		The keyed v4 facade of a UUIDv7 and the text form of its key
 *		(src/README §17); see facade.h.
 *
 * Only the 48 time bits and the version nibble change: encode XORs the
 * mask into unix_ts_ms and writes version 4, decode XORs it back and writes
 * version 7.  The mask depends on bits neither step changes, so each is the
 * other's inverse for every key.
 */
#include "bytes.h"
#include "facade.h"

#define MASK48	((UINT64_C(1) << FACADE_MASK_BITS) - 1)

/* The 74 random bits as 10 whole bytes (rand_a's 12, rand_b's 62). */
static void
facade_message(const uint8_t u[UUID_BYTES], uint8_t msg[FACADE_MESSAGE_BYTES])
{
	msg[0] = u[6] & 0x0f;
	msg[1] = u[7];
	msg[2] = u[8] & 0x3f;
	for (int i = 3; i < FACADE_MESSAGE_BYTES; i++)
		msg[i] = u[i + 6];
}

uint64_t
facade_mask(const SipKey *key, const uint8_t u[UUID_BYTES])
{
	uint8_t		msg[FACADE_MESSAGE_BYTES];

	facade_message(u, msg);
	return siphash24(key, msg, sizeof(msg)) & MASK48;
}

/* XOR the mask into the time field and write `version`. */
static void
facade_flip(const SipKey *key, const uint8_t in[UUID_BYTES], unsigned version,
			uint8_t out[UUID_BYTES])
{
	uint64_t	ms = get_be(in, 6) ^ facade_mask(key, in);

	for (int i = 6; i < UUID_BYTES; i++)
		out[i] = in[i];
	put_be(out, 6, ms);
	uuid_set_version(out, version);
}

FacadeStatus
facade_encode(const SipKey *key, const uint8_t v7[UUID_BYTES], uint8_t out[UUID_BYTES])
{
	if (uuid_rfc_version(v7) != 7)
		return FACADE_NOT_V7;
	facade_flip(key, v7, 4, out);
	return FACADE_OK;
}

FacadeStatus
facade_decode(const SipKey *key, const uint8_t facade[UUID_BYTES], uint8_t out[UUID_BYTES])
{
	if (uuid_rfc_version(facade) != 4)
		return FACADE_NOT_V4;
	facade_flip(key, facade, 7, out);
	return FACADE_OK;
}

/* The value of a hexadecimal digit, or -1. */
static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* n hexadecimal digits at text as a number (n <= 16); false on a non-digit. */
static bool
hex_number(const char *text, size_t n, uint64_t *value)
{
	uint64_t	v = 0;

	for (size_t i = 0; i < n; i++)
	{
		int			d = hex_digit(text[i]);

		if (d < 0)
			return false;
		v = v << 4 | (uint64_t) d;
	}
	*value = v;
	return true;
}

FacadeKeyTextStatus
facade_key_from_text(const char *text, size_t len, SipKey *key)
{
	uint8_t		bytes[SIPHASH_KEY_BYTES];
	size_t		pos = 0;

	if (len == 0)
		return FACADE_KEY_TEXT_EMPTY;
	if (len != 2 * SIPHASH_KEY_BYTES &&
		!(len == 2 * SIPHASH_KEY_BYTES + 1 && text[SIPHASH_KEY_BYTES] == ':'))
		return FACADE_KEY_TEXT_BAD;
	for (int i = 0; i < SIPHASH_KEY_BYTES; i++)
	{
		uint64_t	byte;

		if (pos == SIPHASH_KEY_BYTES && len > 2 * SIPHASH_KEY_BYTES)
			pos++;				/* the colon between k0 and k1 */
		if (!hex_number(text + pos, 2, &byte))
			return FACADE_KEY_TEXT_BAD;
		bytes[i] = (uint8_t) byte;
		pos += 2;
	}
	sipkey_from_bytes(bytes, key);
	return FACADE_KEY_TEXT_OK;
}

static bool
is_white_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

FacadeKeyTextStatus
facade_key_from_file_text(const char *text, size_t len, SipKey *key)
{
	while (len > 0 && is_white_space(text[0]))
	{
		text++;
		len--;
	}
	while (len > 0 && is_white_space(text[len - 1]))
		len--;
	return facade_key_from_text(text, len, key);
}
