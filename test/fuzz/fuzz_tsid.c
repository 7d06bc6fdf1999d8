/*
 * fuzz_tsid.c
 *		libFuzzer harness for the TSID text form and the 8-byte layouts
 *		(core/id64.c): the input, of any length, is decoded as text (ASan
 *		catches any read past it); whatever decodes must re-encode to the
 *		input's uppercase form.  Its first 8 bytes, taken as an id, must
 *		survive encode -> decode, and the node and counter readers must put
 *		back together the id they split, for every node_bits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "id64.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *copy;
	char		text[TSID_TEXT_LEN];
	int64_t		id;

	/* decode a heap copy of exactly `size` bytes */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (tsid_parse(copy, size, &id) == TSID_TEXT_OK)
	{
		if (size != TSID_TEXT_LEN)
			abort();
		tsid_format(id, text);
		for (int i = 0; i < TSID_TEXT_LEN; i++)
		{
			char		c = copy[i];

			if (c >= 'a' && c <= 'z')
				c = (char) (c - 'a' + 'A');
			if (text[i] != c)
				abort();
		}
	}
	free(copy);

	if (size >= 8)
	{
		int64_t		back;
		int64_t		ms;

		id = (int64_t) get_be(data, 8);
		tsid_format(id, text);
		if (text[0] > 'F' || tsid_parse(text, TSID_TEXT_LEN, &back) != TSID_TEXT_OK ||
			back != id)
			abort();
		for (unsigned bits = 0; bits <= 16; bits++)
		{
			uint64_t	low = (uint64_t) tsid_extract_node_id(id, bits) << (22 - bits) |
				tsid_extract_counter(id, bits);

			if (low != ((uint64_t) id & 0x3fffff))
				abort();
		}
		if (((uint64_t) snowflake_extract_node_id(id) << 12 | snowflake_extract_counter(id)) !=
			((uint64_t) id & 0x3fffff))
			abort();
		/* a positive id's time bound lies at or below it, in its ms */
		if (id >= 0 && snowflake_unix_ms(id, SNOWFLAKE_TWITTER_EPOCH_MS, &ms))
		{
			if (!id64_lower_bound(ms * 1000 + 999, SNOWFLAKE_TWITTER_EPOCH_MS, &back) ||
				back != (id & ~INT64_C(0x3fffff)))
				abort();
		}
	}
	return 0;
}
