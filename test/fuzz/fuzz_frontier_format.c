/*
 * fuzz_frontier_format.c
 *		libFuzzer harness for the frontier file decoder
 *		(core/frontier_format.c): any bytes are safe to decode, and a file the
 *		decoder accepts with every family present re-encodes to itself (with
 *		the PostgreSQL major it names, which may be an earlier one).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "frontier_format.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the file list families 0..n-1 in order (the encoder's form)? */
static bool
canonical(const uint8_t *data, size_t size, unsigned n)
{
	if (size != FRONTIER_FILE_BYTES(n))
		return false;
	for (unsigned i = 0; i < n; i++)
	{
		const uint8_t *id = data + 16 + 12 * i;

		if (id[0] != i || id[1] != 0 || id[2] != 0 || id[3] != 0)
			return false;
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (unsigned n = 0; n <= 8; n++)
	{
		uint64_t	words[8] = {0};
		bool		present[8] = {false};
		uint8_t		again[256];

		if (frontier_file_decode(data, size, 15, words, present, n) != FRONTIER_FILE_OK)
			continue;
		if (canonical(data, size, n))
		{
			frontier_file_encode(again, (uint32_t) get_le(data + 8, 4), words, n);
			if (memcmp(again, data, size) != 0)
				abort();
		}
	}
	return 0;
}
