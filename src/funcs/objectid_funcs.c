/*
 * objectid_funcs.c
 *		The objectid type (src/README §18): MongoDB's 12-byte ObjectId, its
 *		I/O (24 hexadecimal digits, 12 bytes binary), comparisons, hashing,
 *		min/max, bytea casts, its time and lower bounds, rs/xid's text, and
 *		objectid_generate() from the objectid frontier.
 *
 * A value is its 12 bytes (fixed length, passed by reference, no
 * alignment), compared as unsigned bytes: the time first, so byte order is
 * creation order on one server.  Text errors are 22P02 and say which
 * character is wrong (counted in characters of the server encoding, from 1).
 */
#include "postgres.h"

#include "access/xlog.h"
#include "common/hashfn.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "core/objectid.h"
#include "funcs/objectid_funcs.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/quote.h"
#include "runtime/timeconv.h"

typedef struct ObjectId
{
	uint8		data[OBJECTID_BYTES];
} ObjectId;

#define PG_GETARG_OBJECTID(n)	((ObjectId *) PG_GETARG_POINTER(n))

PG_FUNCTION_INFO_V1(objectid_generate);
PG_FUNCTION_INFO_V1(objectid_in);
PG_FUNCTION_INFO_V1(objectid_out);
PG_FUNCTION_INFO_V1(objectid_recv);
PG_FUNCTION_INFO_V1(objectid_send);
PG_FUNCTION_INFO_V1(objectid_eq);
PG_FUNCTION_INFO_V1(objectid_ne);
PG_FUNCTION_INFO_V1(objectid_lt);
PG_FUNCTION_INFO_V1(objectid_le);
PG_FUNCTION_INFO_V1(objectid_ge);
PG_FUNCTION_INFO_V1(objectid_gt);
PG_FUNCTION_INFO_V1(objectid_cmp);
PG_FUNCTION_INFO_V1(objectid_hash);
PG_FUNCTION_INFO_V1(objectid_hash_extended);
PG_FUNCTION_INFO_V1(objectid_smaller);
PG_FUNCTION_INFO_V1(objectid_larger);
PG_FUNCTION_INFO_V1(objectid_to_bytea);
PG_FUNCTION_INFO_V1(objectid_from_bytea);
PG_FUNCTION_INFO_V1(objectid_to_timestamptz);
PG_FUNCTION_INFO_V1(objectid_lower_bound);
PG_FUNCTION_INFO_V1(objectid_to_xid_text);
PG_FUNCTION_INFO_V1(objectid_from_xid_text);

/* The character (from 1) that byte pos of text starts. */
static int
char_position(const char *text, size_t pos)
{
	return pg_mbstrlen_with_len(text, (int) pos) + 1;
}

/* ---- generation ------------------------------------------------------- */

/*
 * The middle bytes of this server's ObjectIds, under its node id: a hash
 * of the system identifier, which survives restarts and tells clusters
 * apart (a physical standby or a copy of the data directory shares it:
 * uuid_seq.node_id tells those apart).  The control file is read before
 * any library is loaded.
 */
void
uuid_seq_objectid_init(void)
{
	objectid_set_server_bits(objectid_server_hash(GetSystemIdentifier()));
}

Datum
objectid_generate(PG_FUNCTION_ARGS)
{
	ObjectId   *id = palloc(sizeof(ObjectId));
	FrontierValue value;

	family_next_value(FAMILY_OBJECTID, &value);
	memcpy(id->data, value.bytes, OBJECTID_BYTES);
	PG_RETURN_POINTER(id);
}

/* ---- I/O -------------------------------------------------------------- */

/* 24 hexadecimal digits, or 22P02 quoting the text and its first fault. */
static ObjectId *
objectid_of_hex(const char *chars, size_t len)
{
	ObjectId   *id = palloc(sizeof(ObjectId));
	size_t		pos = 0;

	switch (objectid_parse_hex(chars, len, id->data, &pos))
	{
		case OBJECTID_TEXT_OK:
			return id;
		case OBJECTID_TEXT_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type objectid: \"%s\"",
							quote_bytes(chars, (int) len)),
					 errdetail("Character %d is not a hexadecimal digit: an ObjectId is written with 24 of 0-9 and a-f, in either case.",
							   char_position(chars, pos))));
			break;
		case OBJECTID_TEXT_BAD_LENGTH:
		case OBJECTID_TEXT_NONCANONICAL:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type objectid: \"%s\"",
							quote_bytes(chars, (int) len)),
					 errdetail("An ObjectId is 24 hexadecimal digits, not %d.",
							   (int) len)));
			break;
	}
	pg_unreachable();
}

Datum
objectid_in(PG_FUNCTION_ARGS)
{
	const char *chars = PG_GETARG_CSTRING(0);

	PG_RETURN_POINTER(objectid_of_hex(chars, strlen(chars)));
}

Datum
objectid_out(PG_FUNCTION_ARGS)
{
	char	   *result = palloc(OBJECTID_HEX_LEN + 1);

	objectid_format_hex(PG_GETARG_OBJECTID(0)->data, result);
	result[OBJECTID_HEX_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

/* The 12 bytes, as MongoDB's drivers and BSON hold them. */
Datum
objectid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	ObjectId   *id = palloc(sizeof(ObjectId));

	pq_copymsgbytes(buf, (char *) id->data, OBJECTID_BYTES);
	PG_RETURN_POINTER(id);
}

Datum
objectid_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_OBJECTID(0)->data, OBJECTID_BYTES);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* ---- order and hashing ------------------------------------------------ */

static int
cmp(FunctionCallInfo fcinfo)
{
	return memcmp(PG_GETARG_OBJECTID(0)->data, PG_GETARG_OBJECTID(1)->data,
				  OBJECTID_BYTES);
}

Datum
objectid_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) == 0);
}

Datum
objectid_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) != 0);
}

Datum
objectid_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) < 0);
}

Datum
objectid_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) <= 0);
}

Datum
objectid_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) >= 0);
}

Datum
objectid_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp(fcinfo) > 0);
}

Datum
objectid_cmp(PG_FUNCTION_ARGS)
{
	int			c = cmp(fcinfo);

	PG_RETURN_INT32((c > 0) - (c < 0));
}

Datum
objectid_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_OBJECTID(0)->data, OBJECTID_BYTES);
}

Datum
objectid_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_OBJECTID(0)->data, OBJECTID_BYTES,
							 PG_GETARG_INT64(1));
}

Datum
objectid_smaller(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cmp(fcinfo) <= 0 ? PG_GETARG_OBJECTID(0) : PG_GETARG_OBJECTID(1));
}

Datum
objectid_larger(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cmp(fcinfo) >= 0 ? PG_GETARG_OBJECTID(0) : PG_GETARG_OBJECTID(1));
}

/* ---- bytea ------------------------------------------------------------ */

Datum
objectid_to_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *result = palloc(VARHDRSZ + OBJECTID_BYTES);

	SET_VARSIZE(result, VARHDRSZ + OBJECTID_BYTES);
	memcpy(VARDATA(result), PG_GETARG_OBJECTID(0)->data, OBJECTID_BYTES);
	PG_RETURN_BYTEA_P(result);
}

Datum
objectid_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *input = PG_GETARG_BYTEA_PP(0);
	ObjectId   *id = palloc(sizeof(ObjectId));

	if (VARSIZE_ANY_EXHDR(input) != OBJECTID_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid length of ObjectId bytes: %d",
						(int) VARSIZE_ANY_EXHDR(input)),
				 errdetail("An ObjectId is 12 bytes.")));
	memcpy(id->data, VARDATA_ANY(input), OBJECTID_BYTES);
	PG_RETURN_POINTER(id);
}

/* ---- time ------------------------------------------------------------- */

Datum
objectid_to_timestamptz(PG_FUNCTION_ARGS)
{
	int64		seconds = objectid_seconds(PG_GETARG_OBJECTID(0)->data);

	PG_RETURN_TIMESTAMPTZ(unix_us_to_timestamptz(seconds * USECS_PER_SEC));
}

Datum
objectid_lower_bound(PG_FUNCTION_ARGS)
{
	ObjectId   *id = palloc(sizeof(ObjectId));
	int64		unix_us;

	if (!timestamptz_try_unix_us(PG_GETARG_TIMESTAMPTZ(0), &unix_us) ||
		!objectid_bound_at_unix_us(unix_us, id->data))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for ObjectId, which holds times from %s",
						OBJECTID_RANGE)));
	PG_RETURN_POINTER(id);
}

/* ---- rs/xid's text ---------------------------------------------------- */

Datum
objectid_to_xid_text(PG_FUNCTION_ARGS)
{
	text	   *result = palloc(VARHDRSZ + OBJECTID_XID_LEN);

	SET_VARSIZE(result, VARHDRSZ + OBJECTID_XID_LEN);
	objectid_format_xid(PG_GETARG_OBJECTID(0)->data, VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

Datum
objectid_from_xid_text(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	const char *chars = VARDATA_ANY(input);
	size_t		len = VARSIZE_ANY_EXHDR(input);
	ObjectId   *id = palloc(sizeof(ObjectId));
	size_t		pos = 0;

	switch (objectid_parse_xid(chars, len, id->data, &pos))
	{
		case OBJECTID_TEXT_OK:
			PG_RETURN_POINTER(id);
		case OBJECTID_TEXT_BAD_CHAR:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for rs/xid text: \"%s\"", quote_text(input)),
					 errdetail("Character %d is not a digit of base32hex: rs/xid text is written with 20 of 0-9 and a-v.",
							   char_position(chars, pos))));
			break;
		case OBJECTID_TEXT_BAD_LENGTH:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for rs/xid text: \"%s\"", quote_text(input)),
					 errdetail("The rs/xid text of an ObjectId is 20 characters long, not %d.",
							   (int) len)));
			break;
		case OBJECTID_TEXT_NONCANONICAL:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for rs/xid text: \"%s\"", quote_text(input)),
					 errdetail("Character %d of rs/xid text must be 0 or g: it holds the last of the 96 bits, then four zero bits.",
							   (int) pos + 1)));
			break;
	}
	pg_unreachable();
}
