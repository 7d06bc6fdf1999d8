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
#include "../unit/sqlserver_reference.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 48 <= size; i += 48)
	{
		const uint8_t *a = data + i;
		const uint8_t *b = a + 16;
		const uint8_t *c = b + 16;

		if (!sqlserver_pair_agrees(a, b) || !sqlserver_pair_agrees(b, c) ||
			!sqlserver_pair_agrees(a, c) || sqlserver_cmp(a, a) != 0)
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
