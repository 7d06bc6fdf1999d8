/*
 * test_frontier_format.c
 *		Unit tests of the frontier file format (core/frontier_format.c): round
 *		trip, and every kind of damage the decoder must refuse.
 */
#include <string.h>

#include "frontier_format.h"
#include "unit.h"

void
test_frontier_format(void)
{
	uint64_t	words[3] = {UINT64_C(0x0123456789abcdef), 0, UINT64_MAX};
	uint8_t		buf[128];
	uint8_t		copy[128];
	size_t		len = FRONTIER_FILE_BYTES(3);
	uint64_t	back[3] = {0};
	bool		present[3] = {false};

	CHECK(len == 16 + 3 * 12 + 8);
	frontier_file_encode(buf, 15, words, 3);
	CHECK(frontier_file_decode(buf, len, 15, back, present, 3) == FRONTIER_FILE_OK);
	CHECK(memcmp(back, words, sizeof(words)) == 0);
	CHECK(present[0] && present[1] && present[2]);

	/* a reader that knows fewer families takes what it knows */
	{
		uint64_t	two[2] = {0};
		bool		seen[2] = {false};

		CHECK(frontier_file_decode(buf, len, 15, two, seen, 2) == FRONTIER_FILE_OK);
		CHECK(two[0] == words[0] && seen[1]);
	}
	/* a reader that knows more families leaves the others alone */
	{
		uint64_t	four[4] = {0, 0, 0, 42};
		bool		seen[4] = {false};

		CHECK(frontier_file_decode(buf, len, 15, four, seen, 4) == FRONTIER_FILE_OK);
		CHECK(four[3] == 42 && !seen[3] && seen[2]);
	}

	/* damage */
	CHECK(frontier_file_decode(buf, 0, 15, back, present, 3) == FRONTIER_FILE_TRUNCATED);
	CHECK(frontier_file_decode(buf, 10, 15, back, present, 3) == FRONTIER_FILE_TRUNCATED);
	CHECK(frontier_file_decode(buf, len - 1, 15, back, present, 3) == FRONTIER_FILE_TRUNCATED);
	CHECK(frontier_file_decode(buf, len + 1, 15, back, present, 3) == FRONTIER_FILE_BAD_LENGTH);
	/* an earlier major's file is read (pg_upgrade), a later one's is not */
	CHECK(frontier_file_decode(buf, len, 16, back, present, 3) == FRONTIER_FILE_OK);
	CHECK(frontier_file_decode(buf, len, 14, back, present, 3) == FRONTIER_FILE_WRONG_VERSION);
	for (size_t i = 0; i < len; i++)
	{
		FrontierFileStatus status;

		memcpy(copy, buf, len);
		copy[i] ^= 0x20;
		status = frontier_file_decode(copy, len, 15, back, present, 3);
		CHECK(status != FRONTIER_FILE_OK);
	}
	memcpy(copy, buf, len);
	copy[0] ^= 1;
	CHECK(frontier_file_decode(copy, len, 15, back, present, 3) == FRONTIER_FILE_BAD_MAGIC);
	memcpy(copy, buf, len);
	copy[12] = 200;				/* more families than a file may hold */
	CHECK(frontier_file_decode(copy, len, 15, back, present, 3) == FRONTIER_FILE_BAD_LENGTH);
	/* a format of a later release, and one of an earlier: told apart */
	memcpy(copy, buf, len);
	copy[4] = FRONTIER_FILE_FORMAT + 1;
	CHECK(frontier_file_decode(copy, len, 15, back, present, 3) == FRONTIER_FILE_LATER_FORMAT);
	copy[4] = FRONTIER_FILE_FORMAT - 1;
	CHECK(frontier_file_decode(copy, len, 15, back, present, 3) == FRONTIER_FILE_WRONG_VERSION);
}
