/*
 * fuzz_ksuid.c
 *		libFuzzer harness for the KSUID text form (core/ksuid.c): the input,
 *		of any length, is decoded as base62 text (ASan catches any read past
 *		it); whatever decodes must be 27 characters of the alphabet and
 *		re-encode to exactly the input, what is refused for a character
 *		must name the first outside the alphabet, and what is refused for
 *		its length must have none.  Its first 20 bytes, taken as a
 *		KSUID, must survive encode -> decode, keep their order against the
 *		next 20 in text form, and so must the KSUID of each frontier word
 *		and node layout the input spells.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ksuid.h"
#include "rfc9562.h"

static bool
in_alphabet(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static void
check_canonical(const uint8_t k[KSUID_BYTES], char text[KSUID_TEXT_LEN])
{
	uint8_t		back[KSUID_BYTES];
	size_t		pos;

	ksuid_to_text(k, text);
	for (int i = 0; i < KSUID_TEXT_LEN; i++)
		if (!in_alphabet(text[i]))
			abort();
	if (ksuid_from_text(text, KSUID_TEXT_LEN, back, &pos) != KSUID_TEXT_OK ||
		memcmp(k, back, KSUID_BYTES) != 0)
		abort();
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		k[KSUID_BYTES];
	char		text[KSUID_TEXT_LEN];
	char	   *copy;
	size_t		pos = SIZE_MAX;

	/* decode a heap copy of exactly `size` bytes */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	switch (ksuid_from_text(copy, size, k, &pos))
	{
		case KSUID_TEXT_OK:
			if (size != KSUID_TEXT_LEN)
				abort();
			check_canonical(k, text);
			if (memcmp(text, copy, KSUID_TEXT_LEN) != 0)
				abort();
			break;
		case KSUID_TEXT_BAD_CHAR:
			if (pos >= size || in_alphabet(copy[pos]))
				abort();
			for (size_t i = 0; i < pos; i++)
				if (!in_alphabet(copy[i]))
					abort();
			break;
		case KSUID_TEXT_OVERFLOW:
			/* 27 characters, above the largest: after it in text order */
			if (size != KSUID_TEXT_LEN ||
				memcmp(copy, "aWgEPTl1tmebfsQzFP4bxwgy80V", KSUID_TEXT_LEN) <= 0)
				abort();
			break;
		case KSUID_TEXT_BAD_LENGTH:
			/* the characters are checked first */
			if (size == KSUID_TEXT_LEN)
				abort();
			for (size_t i = 0; i < size; i++)
				if (!in_alphabet(copy[i]))
					abort();
			break;
	}
	free(copy);

	if (size >= 2 * KSUID_BYTES)
	{
		char		other_text[KSUID_TEXT_LEN];
		int			bytes;
		int			texts;

		check_canonical(data, text);
		check_canonical(data + KSUID_BYTES, other_text);
		bytes = memcmp(data, data + KSUID_BYTES, KSUID_BYTES);
		texts = memcmp(text, other_text, KSUID_TEXT_LEN);
		if ((bytes < 0) != (texts < 0) || (bytes == 0) != (texts == 0))
			abort();
	}
	if (size >= 2 * 8 + 1)
	{
		uint64_t	word;
		uint64_t	random;
		unsigned	node_bits = data[16] % (NODE_BITS_MAX + 1);
		uint32_t	node_id;
		FrontierValue v;
		uint64_t	tick;

		memcpy(&word, data, sizeof(word));
		memcpy(&random, data + 8, sizeof(random));
		node_id = (uint32_t) (random >> 48) & ((1u << node_bits) - 1);
		ksuid_family.encode(&ksuid_family, word, random, node_bits, node_id, &v);
		check_canonical(v.bytes, text);
		if (!ksuid_family.value_tick(&ksuid_family, &v, &tick) || tick != word >> 32 ||
			(node_bits > 0 && ((uint32_t) v.bytes[8] << 8 | v.bytes[9]) >> (16 - node_bits) != node_id))
			abort();
	}
	return 0;
}
