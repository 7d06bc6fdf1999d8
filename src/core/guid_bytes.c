/*
 * guid_bytes.c
 *		The byte order of .NET's Guid.ToByteArray() and SQL Server's
 *		binary(16) (src/README §15); see guid_bytes.h.
 */
#include "bytes.h"
#include "guid_bytes.h"

void
guid_bytes_swap(const uint8_t in[UUID_BYTES], uint8_t out[UUID_BYTES])
{
	/* each group is read whole before it is written, so in may be out */
	put_be(out, 4, get_le(in, 4));
	put_be(out + 4, 2, get_le(in + 4, 2));
	put_be(out + 6, 2, get_le(in + 6, 2));
	for (int i = 8; i < UUID_BYTES; i++)
		out[i] = in[i];
}
