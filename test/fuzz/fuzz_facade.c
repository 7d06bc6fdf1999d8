/*
 * fuzz_facade.c
 *		libFuzzer harness for the v7 facade and SipHash-2-4 (core/facade.c,
 *		core/siphash.c).  The input's first 16 bytes are a key and the next
 *		16 a uuid: encoding succeeds exactly for version 7 with variant 10,
 *		decoding exactly for version 4 with variant 10, each undoes the
 *		other, and only the 48 time bits and the version nibble change.
 *		The bytes after those 32 are parsed as the text of a key: a key
 *		that parses gives the same key back from its other text form, and
 *		SipHash runs over the whole input (ASan checks every read).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Only bytes 0-5 and the version nibble may differ, by 7 ^ 4. */
static void
check_changed_bits(const uint8_t a[UUID_BYTES], const uint8_t b[UUID_BYTES])
{
	for (int i = 6; i < UUID_BYTES; i++)
		if ((uint8_t) (a[i] ^ b[i]) != (i == 6 ? 0x30 : 0))
			abort();
}

static void
check_facade(const SipKey *key, const uint8_t u[UUID_BYTES])
{
	uint8_t		out[UUID_BYTES];
	uint8_t		back[UUID_BYTES];
	int			version = uuid_rfc_version(u);

	if ((facade_encode(key, u, out) == FACADE_OK) != (version == 7))
		abort();
	if (version == 7)
	{
		check_changed_bits(u, out);
		if (uuid_rfc_version(out) != 4 ||
			facade_decode(key, out, back) != FACADE_OK ||
			memcmp(back, u, UUID_BYTES) != 0)
			abort();
	}
	if ((facade_decode(key, u, out) == FACADE_OK) != (version == 4))
		abort();
	if (version == 4)
	{
		check_changed_bits(u, out);
		if (uuid_rfc_version(out) != 7 ||
			facade_encode(key, out, back) != FACADE_OK ||
			memcmp(back, u, UUID_BYTES) != 0)
			abort();
	}
}

/*
 * A key that parses is 32 digits, with or without the colon, and reads the
 * same from the other form, written from the key (each half least
 * significant byte first).
 */
static void
check_key_text(const uint8_t *data, size_t size)
{
	char	   *copy = malloc(size ? size : 1);
	SipKey		key;
	SipKey		again;
	char		text[40];
	size_t		pos = 0;
	FacadeKeyTextStatus status;

	if (copy == NULL)
		return;
	memcpy(copy, data, size);
	status = facade_key_from_text(copy, size, &key);
	free(copy);
	if ((status == FACADE_KEY_TEXT_EMPTY) != (size == 0))
		abort();
	if (status != FACADE_KEY_TEXT_OK)
		return;
	if (size != 32 && size != 33)
		abort();
	/* the other form: with a colon if the input had none, and the reverse */
	for (int i = 0; i < 16; i++)
	{
		if (i == 8 && size == 32)
			text[pos++] = ':';
		snprintf(text + pos, 3, "%02x",
				 (unsigned) ((i < 8 ? key.k0 : key.k1) >> (8 * (i % 8))) & 0xff);
		pos += 2;
	}
	if (facade_key_from_text(text, pos, &again) != FACADE_KEY_TEXT_OK ||
		again.k0 != key.k0 || again.k1 != key.k1)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	SipKey		key = {0, 0};
	SipKey		zero = {0, 0};

	if (size >= SIPHASH_KEY_BYTES + UUID_BYTES)
	{
		sipkey_from_bytes(data, &key);
		check_facade(&key, data + SIPHASH_KEY_BYTES);
		check_key_text(data + SIPHASH_KEY_BYTES + UUID_BYTES,
					   size - SIPHASH_KEY_BYTES - UUID_BYTES);
	}
	else
		check_key_text(data, size);
	(void) siphash24(&zero, data, size);
	return 0;
}
