/*
 * sqlserver_reference.h
 *		src/README §5's SQL Server order compared byte by byte: the slow
 *		reference that the unit tests and the fuzzer hold the core's
 *		comparison and abbreviated keys to.
 */
#ifndef UUID_SEQ_SQLSERVER_REFERENCE_H
#define UUID_SEQ_SQLSERVER_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "sqlserver_order.h"

static inline int
reference_sqlserver_cmp(const uint8_t *a, const uint8_t *b)
{
	static const int significance[16] = {10, 11, 12, 13, 14, 15, 8, 9, 7, 6, 5, 4, 3, 2, 1, 0};

	for (int i = 0; i < 16; i++)
	{
		int			p = significance[i];

		if (a[p] != b[p])
			return a[p] < b[p] ? -1 : 1;
	}
	return 0;
}

static inline int
sign_of(int x)
{
	return (x > 0) - (x < 0);
}

/*
 * The core's comparison agrees with the reference on a pair, both ways,
 * and neither abbreviated key (4 or 8 bytes) contradicts it.
 */
static inline bool
sqlserver_pair_agrees(const uint8_t *a, const uint8_t *b)
{
	int			c = sign_of(sqlserver_cmp(a, b));

	if (c != reference_sqlserver_cmp(a, b) || sign_of(sqlserver_cmp(b, a)) != -c)
		return false;
	for (unsigned bytes = 4; bytes <= 8; bytes += 4)
	{
		uint64_t	x = sqlserver_abbrev_key(a, bytes);
		uint64_t	y = sqlserver_abbrev_key(b, bytes);

		if ((x < y && c >= 0) || (x > y && c <= 0))
			return false;
	}
	return true;
}

#endif							/* UUID_SEQ_SQLSERVER_REFERENCE_H */
