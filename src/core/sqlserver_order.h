/*
 * sqlserver_order.h
 *		SQL Server's uniqueidentifier order (src/README §5) over uuid bytes, and
 *		the abbreviated sort keys of that order.
 *
 * Pure C (no PostgreSQL headers).  SQL Server compares the bytes of the
 * canonical text form in the order 10, 11, 12, 13, 14, 15, 8, 9, 7, 6, 5, 4,
 * 3, 2, 1, 0, most significant first, each unsigned.  Read in that order a
 * uuid is two 64-bit keys: high (bytes 10-15, 8, 9) then low (bytes 7-0).
 */
#ifndef UUID_SEQ_SQLSERVER_ORDER_H
#define UUID_SEQ_SQLSERVER_ORDER_H

#include <stdint.h>

/* <0, 0, >0 as a sorts before, with, after b in SQL Server order. */
extern int	sqlserver_cmp(const uint8_t a[16], const uint8_t b[16]);

/*
 * The abbreviated key of a uuid in a key of key_bytes (4 or 8) bytes: the
 * first key_bytes bytes SQL Server compares, as an unsigned integer.
 * Keys compare (unsigned) like their uuids, except that equal keys say
 * nothing.
 */
extern uint64_t sqlserver_abbrev_key(const uint8_t u[16], unsigned key_bytes);

#endif							/* UUID_SEQ_SQLSERVER_ORDER_H */
