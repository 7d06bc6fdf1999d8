/*
 * sqlserver_order.c
 *		SQL Server's uniqueidentifier order: the comparison and the
 *		abbreviated keys (see sqlserver_order.h).
 *
 * Pure C (no PostgreSQL headers).  The byte gathers of the two keys compile
 * to one load and one byte swap each on the common compilers.
 */
#include "sqlserver_order.h"

/* The first eight bytes SQL Server compares, most significant first. */
static inline uint64_t
sqlserver_key_high(const uint8_t u[16])
{
	return (uint64_t) u[10] << 56 | (uint64_t) u[11] << 48 |
		(uint64_t) u[12] << 40 | (uint64_t) u[13] << 32 |
		(uint64_t) u[14] << 24 | (uint64_t) u[15] << 16 |
		(uint64_t) u[8] << 8 | (uint64_t) u[9];
}

/* The last eight: bytes 7 down to 0. */
static inline uint64_t
sqlserver_key_low(const uint8_t u[16])
{
	return (uint64_t) u[7] << 56 | (uint64_t) u[6] << 48 |
		(uint64_t) u[5] << 40 | (uint64_t) u[4] << 32 |
		(uint64_t) u[3] << 24 | (uint64_t) u[2] << 16 |
		(uint64_t) u[1] << 8 | (uint64_t) u[0];
}

int
sqlserver_cmp(const uint8_t a[16], const uint8_t b[16])
{
	uint64_t	x = sqlserver_key_high(a);
	uint64_t	y = sqlserver_key_high(b);

	if (x == y)
	{
		x = sqlserver_key_low(a);
		y = sqlserver_key_low(b);
	}
	return (x > y) - (x < y);
}

uint64_t
sqlserver_abbrev_key(const uint8_t u[16], unsigned key_bytes)
{
	return sqlserver_key_high(u) >> (64 - 8 * key_bytes);
}
