/*
 * facade_funcs.c
 *		The SQL functions of the keyed v4 facade of a UUIDv7 (src/README
 *		§17): uuid_v7_facade(id [, key]) and uuid_v7_from_facade(facade
 *		[, key]), byte-compatible with UUIDv47.
 *
 * With a key argument they are IMMUTABLE: a bytea of 16 bytes, k0 then k1,
 * each 8 bytes little-endian.  Without one they use the configured key
 * (facade_key.c) and are STABLE.  No message quotes a key, nor the uuid
 * given: a stored v7 shows the time the facade hides.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/uuid.h"

#include "core/facade.h"
#include "runtime/compat.h"
#include "runtime/facade_key.h"

PG_FUNCTION_INFO_V1(uuid_v7_facade);
PG_FUNCTION_INFO_V1(uuid_v7_facade_keyed);
PG_FUNCTION_INFO_V1(uuid_v7_from_facade);
PG_FUNCTION_INFO_V1(uuid_v7_from_facade_keyed);

/* A key argument: exactly 16 bytes, or 22023. */
static void
key_from_bytea(const bytea *raw, SipKey *key)
{
	if (VARSIZE_ANY_EXHDR(raw) != SIPHASH_KEY_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("a facade key must be %d bytes, not %d",
						SIPHASH_KEY_BYTES, (int) VARSIZE_ANY_EXHDR(raw)),
				 errhint("The key is k0 then k1, each 8 bytes little-endian.")));
	sipkey_from_bytes((const uint8 *) VARDATA_ANY(raw), key);
}

/*
 * The detail of a refused input: its variant when that is not RFC 9562's,
 * or else its version.
 */
static int
refused_detail(const pg_uuid_t *uuid)
{
	if ((uuid->data[8] & 0xc0) != 0x80)
		return errdetail("The UUID given does not have the RFC 9562 variant.");
	return errdetail("The UUID given is version %d.", uuid->data[6] >> 4);
}

static Datum
encode(const SipKey *key, const pg_uuid_t *id)
{
	pg_uuid_t  *out = palloc(sizeof(pg_uuid_t));

	if (facade_encode(key, id->data, out->data) != FACADE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_v7_facade() takes a version 7 UUID"),
				 refused_detail(id)));
	PG_RETURN_UUID_P(out);
}

static Datum
decode(const SipKey *key, const pg_uuid_t *facade)
{
	pg_uuid_t  *out = palloc(sizeof(pg_uuid_t));

	if (facade_decode(key, facade->data, out->data) != FACADE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_v7_from_facade() takes a facade, a version 4 UUID"),
				 refused_detail(facade),
				 uuid_rfc_version(facade->data) == 7 ?
				 errhint("A version 7 UUID is a stored id, not its facade.") : 0));
	PG_RETURN_UUID_P(out);
}

Datum
uuid_v7_facade(PG_FUNCTION_ARGS)
{
	return encode(uuid_seq_facade_key(), PG_GETARG_UUID_P(0));
}

Datum
uuid_v7_facade_keyed(PG_FUNCTION_ARGS)
{
	SipKey		key;

	key_from_bytea(PG_GETARG_BYTEA_PP(1), &key);
	return encode(&key, PG_GETARG_UUID_P(0));
}

Datum
uuid_v7_from_facade(PG_FUNCTION_ARGS)
{
	return decode(uuid_seq_facade_key(), PG_GETARG_UUID_P(0));
}

Datum
uuid_v7_from_facade_keyed(PG_FUNCTION_ARGS)
{
	SipKey		key;

	key_from_bytea(PG_GETARG_BYTEA_PP(1), &key);
	return decode(&key, PG_GETARG_UUID_P(0));
}
