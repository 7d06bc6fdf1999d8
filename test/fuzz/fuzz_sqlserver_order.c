/*
 * fuzz_sqlserver_order.c
 *		libFuzzer harness for SQL Server's uniqueidentifier order
 *		(core/sqlserver_order.c).  The input is read as triples of uuids;
 *		the comparison must agree with a byte-by-byte reference, be
 *		antisymmetric and transitive, and abbreviated keys (4 and 8 bytes)
 *		must never contradict it.
 */
#include <stdint.h>
#include <stdlib.h>

#include "sqlserver_order.h"

static const int significance[16] = {10, 11, 12, 13, 14, 15, 8, 9, 7, 6, 5, 4, 3, 2, 1, 0};

static int
reference_cmp(const uint8_t *a, const uint8_t *b)
{
	for (int i = 0; i < 16; i++)
	{
		int			p = significance[i];

		if (a[p] != b[p])
			return a[p] < b[p] ? -1 : 1;
	}
	return 0;
}

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

static void
check_pair(const uint8_t *a, const uint8_t *b)
{
	int			c = sign(sqlserver_cmp(a, b));

	if (c != reference_cmp(a, b) || sign(sqlserver_cmp(b, a)) != -c)
		abort();
	for (unsigned bytes = 4; bytes <= 8; bytes += 4)
	{
		uint64_t	x = sqlserver_abbrev_key(a, bytes);
		uint64_t	y = sqlserver_abbrev_key(b, bytes);

		if ((x < y && c >= 0) || (x > y && c <= 0))
			abort();
	}
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 48 <= size; i += 48)
	{
		const uint8_t *a = data + i;
		const uint8_t *b = a + 16;
		const uint8_t *c = b + 16;

		check_pair(a, b);
		check_pair(b, c);
		check_pair(a, c);
		if (sqlserver_cmp(a, a) != 0)
			abort();
		if (sqlserver_cmp(a, b) <= 0 && sqlserver_cmp(b, c) <= 0 &&
			sqlserver_cmp(a, c) > 0)
			abort();
		if (sqlserver_cmp(a, b) >= 0 && sqlserver_cmp(b, c) >= 0 &&
			sqlserver_cmp(a, c) < 0)
			abort();
	}
	return 0;
}
