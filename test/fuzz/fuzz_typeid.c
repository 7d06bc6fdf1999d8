/*
 * fuzz_typeid.c
 *		libFuzzer harness for TypeID text (core/typeid.c): the input, of any
 *		length, is parsed as a TypeID (ASan catches any read past it);
 *		whatever parses is canonical, so formatting its prefix and uuid must
 *		give the input back byte for byte.  Then the input's first 16 bytes,
 *		as a uuid, are formatted under the prefix spelled by the bytes after
 *		them: the prefix must be accepted exactly when typeid_check_prefix()
 *		accepts it, and what is formatted must parse back to both.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "typeid.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		u[UUID_BYTES];
	uint8_t		back[UUID_BYTES];
	char		text[TYPEID_TEXT_MAX];
	size_t		prefix_len;
	size_t		len;
	char	   *copy;

	/* parse a heap copy of exactly `size` bytes */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (typeid_from_text(copy, size, &prefix_len, u) == TYPEID_OK)
	{
		if (prefix_len > TYPEID_PREFIX_MAX ||
			typeid_to_text(copy, prefix_len, u, text, &len) != TYPEID_OK ||
			len != size || memcmp(text, copy, size) != 0)
			abort();
	}
	free(copy);

	if (size >= UUID_BYTES)
	{
		const char *prefix = (const char *) data + UUID_BYTES;
		size_t		plen = size - UUID_BYTES;
		TypeidStatus check = typeid_check_prefix(prefix, plen);
		TypeidStatus status;

		memcpy(u, data, UUID_BYTES);
		status = typeid_to_text(prefix, plen, u, text, &len);
		if (status != check)
			abort();
		if (status == TYPEID_OK &&
			(typeid_from_text(text, len, &prefix_len, back) != TYPEID_OK ||
			 prefix_len != plen || memcmp(text, prefix, plen) != 0 ||
			 memcmp(back, u, UUID_BYTES) != 0))
			abort();
	}
	return 0;
}
