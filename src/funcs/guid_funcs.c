/*
 * guid_funcs.c
 *		SQL functions for the GUID byte order of .NET's Guid.ToByteArray()
 *		and SQL Server's binary(16) (src/README §15): a uuid to and from
 *		those 16 bytes, and the repair of a uuid read in the wrong order.
 *		The permutation is core/guid_bytes.c's.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/uuid.h"

#include "core/guid_bytes.h"
#include "runtime/compat.h"

PG_FUNCTION_INFO_V1(uuid_to_guid_bytes);
PG_FUNCTION_INFO_V1(uuid_from_guid_bytes);
PG_FUNCTION_INFO_V1(uuid_guid_swap);

Datum
uuid_to_guid_bytes(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	bytea	   *result = palloc(VARHDRSZ + UUID_BYTES);

	SET_VARSIZE(result, VARHDRSZ + UUID_BYTES);
	guid_bytes_swap(uuid->data, (uint8 *) VARDATA(result));
	PG_RETURN_BYTEA_P(result);
}

Datum
uuid_from_guid_bytes(PG_FUNCTION_ARGS)
{
	bytea	   *input = PG_GETARG_BYTEA_PP(0);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	if (VARSIZE_ANY_EXHDR(input) != UUID_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid length of GUID bytes: %d",
						(int) VARSIZE_ANY_EXHDR(input)),
				 errdetail("Guid.ToByteArray() and SQL Server's binary(16) hold exactly 16 bytes.")));
	guid_bytes_swap((const uint8 *) VARDATA_ANY(input), uuid->data);
	PG_RETURN_UUID_P(uuid);
}

/* Its own inverse: a uuid taken in the wrong order, put right (or back). */
Datum
uuid_guid_swap(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	guid_bytes_swap(uuid->data, result->data);
	PG_RETURN_UUID_P(result);
}
