/*
 * typeid_funcs.c
 *		SQL functions for TypeIDs (src/README §14): a uuid under a type
 *		prefix as TypeID text and back, the prefix of a TypeID, and new
 *		TypeIDs from the v7 frontier.
 *
 * The text rules are core/typeid.c's; this file turns its status codes into
 * errors.  A bad prefix given as an argument is an invalid parameter value
 * (22023); bad TypeID text is invalid text (22P02) and the message quotes
 * it.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/uuid.h"

#include "core/typeid.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/quote.h"

PG_FUNCTION_INFO_V1(uuid_to_typeid);
PG_FUNCTION_INFO_V1(typeid_to_uuid);
PG_FUNCTION_INFO_V1(typeid_to_uuid_prefix);
PG_FUNCTION_INFO_V1(typeid_prefix);
PG_FUNCTION_INFO_V1(typeid_generate);

/*
 * The errdetail (and for a prefix, the errhint) of a status other than
 * TYPEID_OK, inside an ereport.
 */
static int
typeid_errdetail(TypeidStatus status)
{
	switch (status)
	{
		case TYPEID_OK:
			break;
		case TYPEID_PREFIX_TOO_LONG:
			errhint("A TypeID prefix matches ^([a-z]([a-z_]{0,61}[a-z])?)?$.");
			return errdetail("A TypeID prefix is at most 63 characters long.");
		case TYPEID_PREFIX_BAD_CHAR:
			errhint("A TypeID prefix matches ^([a-z]([a-z_]{0,61}[a-z])?)?$.");
			return errdetail("A TypeID prefix has only lowercase letters a-z and underscores.");
		case TYPEID_PREFIX_UNDERSCORE_END:
			errhint("A TypeID prefix matches ^([a-z]([a-z_]{0,61}[a-z])?)?$.");
			return errdetail("A TypeID prefix starts and ends with a letter, not an underscore.");
		case TYPEID_EMPTY_PREFIX_SEPARATOR:
			return errdetail("A TypeID without a prefix has no underscore before its suffix.");
		case TYPEID_SUFFIX_BAD_LENGTH:
			return errdetail("A TypeID's suffix, after its last underscore (or the whole TypeID without one), is 26 characters long.");
		case TYPEID_SUFFIX_UPPERCASE:
			return errdetail("A TypeID's suffix is lowercase.");
		case TYPEID_SUFFIX_BAD_CHAR:
			return errdetail("A TypeID's suffix is written with 0-9 and a-z except i, l, o and u (Crockford's base32).");
		case TYPEID_SUFFIX_OVERFLOW:
			return errdetail("A TypeID's suffix starts with a character at most 7: larger values do not fit in 128 bits.");
	}
	return 0;
}

/* 22023 unless `prefix` is a valid TypeID prefix. */
static void
typeid_check_prefix_arg(text *prefix)
{
	TypeidStatus status = typeid_check_prefix(VARDATA_ANY(prefix),
											  VARSIZE_ANY_EXHDR(prefix));

	if (status != TYPEID_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid TypeID prefix: \"%s\"", quote_text(prefix)),
				 typeid_errdetail(status)));
}

/* The TypeID text of a uuid under a prefix already checked. */
static text *
typeid_text(text *prefix, const uint8 u[UUID_BYTES])
{
	text	   *result = palloc(VARHDRSZ + TYPEID_TEXT_MAX);
	size_t		len;

	if (typeid_to_text(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix), u,
					   VARDATA(result), &len) != TYPEID_OK)
		elog(ERROR, "TypeID prefix not checked");
	SET_VARSIZE(result, VARHDRSZ + len);
	return result;
}

/* Parse TypeID text into `u` and its prefix length, or raise 22P02. */
static void
typeid_parse(text *input, size_t *prefix_len, uint8 u[UUID_BYTES])
{
	TypeidStatus status = typeid_from_text(VARDATA_ANY(input),
										   VARSIZE_ANY_EXHDR(input),
										   prefix_len, u);

	if (status != TYPEID_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type typeid: \"%s\"",
						quote_text(input)),
				 typeid_errdetail(status)));
}

Datum
uuid_to_typeid(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(1);

	typeid_check_prefix_arg(prefix);
	PG_RETURN_TEXT_P(typeid_text(prefix, uuid->data));
}

Datum
typeid_to_uuid(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	size_t		prefix_len;

	typeid_parse(input, &prefix_len, uuid->data);
	PG_RETURN_UUID_P(uuid);
}

/* typeid_to_uuid(typeid, prefix): the TypeID's prefix must be `prefix`. */
Datum
typeid_to_uuid_prefix(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	text	   *prefix = PG_GETARG_TEXT_PP(1);
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));
	size_t		prefix_len;

	typeid_check_prefix_arg(prefix);
	typeid_parse(input, &prefix_len, uuid->data);
	if (prefix_len != VARSIZE_ANY_EXHDR(prefix) ||
		memcmp(VARDATA_ANY(input), VARDATA_ANY(prefix), prefix_len) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type typeid: \"%s\"",
						quote_text(input)),
				 errdetail("The TypeID's prefix is \"%s\", not \"%s\".",
						   quote_bytes(VARDATA_ANY(input), prefix_len),
						   quote_text(prefix))));
	PG_RETURN_UUID_P(uuid);
}

Datum
typeid_prefix(PG_FUNCTION_ARGS)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	uint8		u[UUID_BYTES];
	size_t		prefix_len;

	typeid_parse(input, &prefix_len, u);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(input), (int) prefix_len));
}

/*
 * A TypeID of the next value of the v7 frontier, the value
 * uuid_generate_v7() would have taken.  The prefix is checked first, so a
 * bad one takes no step.
 */
Datum
typeid_generate(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);

	typeid_check_prefix_arg(prefix);
	PG_RETURN_TEXT_P(typeid_text(prefix, family_next_uuid(FAMILY_V7)->data));
}
