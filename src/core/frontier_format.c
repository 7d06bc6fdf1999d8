/*
 * frontier_format.c
 *		Encoding and decoding of the frontier file's bytes, which the WAL's
 *		lease records carry too (see frontier_format.h).
 *
 * Pure C (no PostgreSQL headers).  The decoder trusts nothing: every length
 * is checked before it is read, so any byte string is safe to feed it.
 */
#include "bytes.h"
#include "frontier_format.h"

/* FNV-1a, 64 bits: enough to tell a damaged file from a good one. */
static uint64_t
fnv1a64(const uint8_t *p, size_t len)
{
	uint64_t	h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < len; i++)
	{
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

void
frontier_file_encode(uint8_t *buf, uint32_t pg_major, const uint64_t *words,
					 unsigned n)
{
	uint8_t    *p = buf;

	put_le(p, 4, FRONTIER_FILE_MAGIC);
	put_le(p + 4, 4, FRONTIER_FILE_FORMAT);
	put_le(p + 8, 4, pg_major);
	put_le(p + 12, 4, n);
	p += FRONTIER_FILE_HEADER_BYTES;
	for (unsigned i = 0; i < n; i++, p += FRONTIER_FILE_ENTRY_BYTES)
	{
		put_le(p, 4, i);
		put_le(p + 4, 8, words[i]);
	}
	put_le(p, 8, fnv1a64(buf, (size_t) (p - buf)));
}

FrontierFileStatus
frontier_file_decode(const uint8_t *buf, size_t len, uint32_t pg_major,
					 uint64_t *words, bool *present, unsigned n)
{
	uint64_t	count;
	size_t		body;

	if (len < 4)
		return FRONTIER_FILE_TRUNCATED;
	if (get_le(buf, 4) != FRONTIER_FILE_MAGIC)
		return FRONTIER_FILE_BAD_MAGIC;
	if (len < FRONTIER_FILE_HEADER_BYTES)
		return FRONTIER_FILE_TRUNCATED;
	if (get_le(buf + 4, 4) > FRONTIER_FILE_FORMAT)
		return FRONTIER_FILE_LATER_FORMAT;
	/* an earlier major's file is read (pg_upgrade, frontier_format.h) */
	if (get_le(buf + 4, 4) != FRONTIER_FILE_FORMAT || get_le(buf + 8, 4) > pg_major)
		return FRONTIER_FILE_WRONG_VERSION;
	count = get_le(buf + 12, 4);
	if (count > FRONTIER_FILE_MAX_FAMILIES)
		return FRONTIER_FILE_BAD_LENGTH;
	body = FRONTIER_FILE_HEADER_BYTES + (size_t) count * FRONTIER_FILE_ENTRY_BYTES;
	if (len < body + FRONTIER_FILE_CHECKSUM_BYTES)
		return FRONTIER_FILE_TRUNCATED;
	if (len > body + FRONTIER_FILE_CHECKSUM_BYTES)
		return FRONTIER_FILE_BAD_LENGTH;
	if (get_le(buf + body, 8) != fnv1a64(buf, body))
		return FRONTIER_FILE_BAD_CHECKSUM;

	for (const uint8_t *p = buf + FRONTIER_FILE_HEADER_BYTES; p < buf + body; p += FRONTIER_FILE_ENTRY_BYTES)
	{
		uint64_t	family = get_le(p, 4);

		if (family < n)
		{
			words[family] = get_le(p + 4, 8);
			present[family] = true;
		}
	}
	return FRONTIER_FILE_OK;
}
