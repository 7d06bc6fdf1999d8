/*
 * fuzz_ulid.c
 *		libFuzzer harness for the ULID text form (core/ulid.c): the input,
 *		of any length, is decoded as text (ASan catches any read past it);
 *		whatever decodes must re-encode to the input's uppercase form and
 *		decode back to the same bytes.  Its first 16 bytes, taken as a uuid,
 *		must survive encode -> decode, and so must the ULID of each frontier
 *		word and node layout the input spells.  ulid_text_first_bad() must
 *		agree with the status: a bad character where one is reported, of
 *		any length, none in text that decodes or is refused for its length.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ulid.h"

static void
check_canonical(const uint8_t u[UUID_BYTES])
{
	char		text[ULID_TEXT_LEN];
	uint8_t		back[UUID_BYTES];

	ulid_to_text(u, text);
	if (text[0] > '7')
		abort();
	for (int i = 0; i < ULID_TEXT_LEN; i++)
		if (memchr("0123456789ABCDEFGHJKMNPQRSTVWXYZ", text[i], 32) == NULL)
			abort();
	if (ulid_from_text(text, ULID_TEXT_LEN, back) != ULID_TEXT_OK ||
		memcmp(u, back, UUID_BYTES) != 0)
		abort();
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		u[UUID_BYTES];
	char	   *copy;
	UlidTextStatus status;
	size_t		first_bad;

	/* decode a heap copy of exactly `size` bytes */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	status = ulid_from_text(copy, size, u);
	first_bad = ulid_text_first_bad(copy, size);
	if (first_bad > size ||
		(status == ULID_TEXT_BAD_CHAR) != (first_bad < size) ||
		(status == ULID_TEXT_BAD_LENGTH) != (first_bad == size && size != ULID_TEXT_LEN))
		abort();
	if (status == ULID_TEXT_OK)
	{
		char		text[ULID_TEXT_LEN];

		if (size != ULID_TEXT_LEN)
			abort();
		ulid_to_text(u, text);
		for (int i = 0; i < ULID_TEXT_LEN; i++)
		{
			char		c = copy[i];

			if (c >= 'a' && c <= 'z')
				c = (char) (c - 'a' + 'A');
			if (text[i] != c)
				abort();
		}
		check_canonical(u);
	}
	free(copy);

	if (size >= 2 * 8 + 1)
	{
		uint64_t	word;		/* every word is valid: 48 + 16 bits */
		uint64_t	low;
		unsigned	node_bits = data[16] % (NODE_BITS_MAX + 1);
		uint32_t	node_id;

		memcpy(&word, data, sizeof(word));
		memcpy(&low, data + 8, sizeof(low));
		node_id = (uint32_t) (low >> 48);
		memcpy(u, data, UUID_BYTES);
		check_canonical(u);
		ulid_encode(word, low, node_bits, node_id, u);
		check_canonical(u);
		if (uuid_unix_ms(u) != word >> ULID_SEQ_BITS ||
			ulid_extract_node_id(u, node_bits) != (node_id & ((1u << node_bits) - 1)))
			abort();
	}
	return 0;
}
