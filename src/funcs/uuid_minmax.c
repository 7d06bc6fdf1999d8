/*
 * uuid_minmax.c
 *		The transition functions of min(uuid) and max(uuid), which core
 *		defines only from PostgreSQL 20 on: uuid order (the bytes, as
 *		uuid_cmp compares them).  On 20 pg_catalog's aggregates win
 *		unqualified calls.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/uuid.h"

#include "runtime/compat.h"

PG_FUNCTION_INFO_V1(uuid_seq_uuid_larger);
PG_FUNCTION_INFO_V1(uuid_seq_uuid_smaller);

Datum
uuid_seq_uuid_larger(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *a = PG_GETARG_UUID_P(0);
	pg_uuid_t  *b = PG_GETARG_UUID_P(1);

	PG_RETURN_UUID_P(memcmp(a->data, b->data, UUID_LEN) >= 0 ? a : b);
}

Datum
uuid_seq_uuid_smaller(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *a = PG_GETARG_UUID_P(0);
	pg_uuid_t  *b = PG_GETARG_UUID_P(1);

	PG_RETURN_UUID_P(memcmp(a->data, b->data, UUID_LEN) <= 0 ? a : b);
}
