/*
 * test_guid_bytes.c
 *		Unit tests of the GUID byte order (core/guid_bytes.c): the reference
 *		vector, the permutation byte by byte, and that it is its own inverse,
 *		also in place.
 */
#include <string.h>

#include "guid_bytes.h"
#include "unit.h"

void
test_guid_bytes(void)
{
	uint8_t		u[UUID_BYTES];
	uint8_t		guid[UUID_BYTES];
	uint8_t		back[UUID_BYTES];
	/* Guid.ToByteArray() of 00112233-4455-6677-8899-aabbccddeeff */
	static const uint8_t expect[UUID_BYTES] = {
		0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66,
		0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
	};
	static const int from[UUID_BYTES] = {3, 2, 1, 0, 5, 4, 7, 6,
	8, 9, 10, 11, 12, 13, 14, 15};
	FakeClock	rng = {0, 0, 99};
	int			bad = 0;

	CHECK(parse_uuid("00112233-4455-6677-8899-aabbccddeeff", u) == 0);
	guid_bytes_swap(u, guid);
	CHECK(memcmp(guid, expect, UUID_BYTES) == 0);
	guid_bytes_swap(guid, back);
	CHECK(memcmp(back, u, UUID_BYTES) == 0);

	for (int i = 0; i < 10000; i++)
	{
		fake_random_uuid(&rng, u);
		guid_bytes_swap(u, guid);
		for (int j = 0; j < UUID_BYTES; j++)
			if (guid[j] != u[from[j]])
				bad++;
		/* in place, twice: the identity */
		memcpy(back, u, UUID_BYTES);
		guid_bytes_swap(back, back);
		if (memcmp(back, guid, UUID_BYTES) != 0)
			bad++;
		guid_bytes_swap(back, back);
		if (memcmp(back, u, UUID_BYTES) != 0)
			bad++;
	}
	CHECK(bad == 0);
}
