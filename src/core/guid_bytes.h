/*
 * guid_bytes.h
 *		The byte order of .NET's Guid.ToByteArray() and SQL Server's
 *		binary(16) (src/README §15).
 *
 * Pure C (no PostgreSQL headers).  .NET and SQL Server store a GUID's first
 * three groups little-endian: of the text form 00112233-4455-6677-8899-
 * aabbccddeeff they hold the bytes 33 22 11 00 55 44 77 66 88 99 aa bb cc dd
 * ee ff.  PostgreSQL's uuid (and RFC 9562) hold them in text order.
 */
#ifndef UUID_SEQ_GUID_BYTES_H
#define UUID_SEQ_GUID_BYTES_H

#include <stdint.h>

#include "rfc9562.h"

/*
 * Reverse bytes 0-3, swap 4-5 and 6-7, copy 8-15: text order to GUID byte
 * order and back (the permutation is its own inverse).  `in` and `out` may
 * be the same array.
 */
extern void guid_bytes_swap(const uint8_t in[UUID_BYTES], uint8_t out[UUID_BYTES]);

#endif							/* UUID_SEQ_GUID_BYTES_H */
