/*
 * fuzz_objectid.c
 *		libFuzzer harness for the ObjectId's text forms (core/objectid.c):
 *		the input, of any length, is decoded both as 24 hexadecimal digits
 *		and as rs/xid's 20 characters (ASan catches any read past it).
 *		Whatever decodes must re-encode to the input's lowercase form, and
 *		whatever fails must name a position inside the input (or its length
 *		for a wrong one).  Its first 12 bytes, taken as an ObjectId, must
 *		survive both encodings, and their texts order as the bytes do
 *		against the next 12.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "objectid.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The text, lowercased, equals out's n characters. */
static int
same_lowercase(const char *text, const char *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		char		c = text[i];

		if (c >= 'A' && c <= 'Z')
			c = (char) (c - 'A' + 'a');
		if (out[i] != c)
			return 0;
	}
	return 1;
}

static void
check_failure(ObjectidTextStatus status, size_t pos, size_t size, size_t want)
{
	switch (status)
	{
		case OBJECTID_TEXT_OK:
			break;
		case OBJECTID_TEXT_BAD_CHAR:
			if (pos >= size)
				abort();
			break;
		case OBJECTID_TEXT_BAD_LENGTH:
			if (pos != size || size == want)
				abort();
			break;
		case OBJECTID_TEXT_NONCANONICAL:
			if (size != want || pos != want - 1)
				abort();
			break;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *copy;
	uint8_t		id[OBJECTID_BYTES];
	uint8_t		back[OBJECTID_BYTES];
	char		hex[OBJECTID_HEX_LEN];
	char		xid[OBJECTID_XID_LEN];
	size_t		pos = 0;
	ObjectidTextStatus status;

	/* decode a heap copy of exactly `size` bytes */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	status = objectid_parse_hex(copy, size, id, &pos);
	check_failure(status, pos, size, OBJECTID_HEX_LEN);
	if (status == OBJECTID_TEXT_NONCANONICAL)
		abort();
	if (status == OBJECTID_TEXT_OK)
	{
		objectid_format_hex(id, hex);
		if (size != OBJECTID_HEX_LEN || !same_lowercase(copy, hex, OBJECTID_HEX_LEN))
			abort();
	}
	status = objectid_parse_xid(copy, size, id, &pos);
	check_failure(status, pos, size, OBJECTID_XID_LEN);
	if (status == OBJECTID_TEXT_OK)
	{
		objectid_format_xid(id, xid);
		if (size != OBJECTID_XID_LEN || !same_lowercase(copy, xid, OBJECTID_XID_LEN))
			abort();
	}
	free(copy);

	if (size >= OBJECTID_BYTES)
	{
		memcpy(id, data, OBJECTID_BYTES);
		objectid_format_hex(id, hex);
		if (objectid_parse_hex(hex, OBJECTID_HEX_LEN, back, &pos) != OBJECTID_TEXT_OK ||
			memcmp(back, id, OBJECTID_BYTES) != 0)
			abort();
		objectid_format_xid(id, xid);
		if (objectid_parse_xid(xid, OBJECTID_XID_LEN, back, &pos) != OBJECTID_TEXT_OK ||
			memcmp(back, id, OBJECTID_BYTES) != 0)
			abort();
	}
	if (size >= 2 * OBJECTID_BYTES)
	{
		const uint8_t *other = data + OBJECTID_BYTES;
		char		hex2[OBJECTID_HEX_LEN];
		char		xid2[OBJECTID_XID_LEN];
		int			by_bytes = memcmp(id, other, OBJECTID_BYTES);

		objectid_format_hex(other, hex2);
		objectid_format_xid(other, xid2);
		if ((by_bytes < 0) != (memcmp(hex, hex2, OBJECTID_HEX_LEN) < 0) ||
			(by_bytes < 0) != (memcmp(xid, xid2, OBJECTID_XID_LEN) < 0) ||
			(by_bytes == 0) != (memcmp(xid, xid2, OBJECTID_XID_LEN) == 0))
			abort();
	}
	return 0;
}
