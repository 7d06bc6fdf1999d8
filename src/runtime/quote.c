/*
 * quote.c
 *		Arguments quoted in error messages, at most QUOTE_MAX_CHARS of them,
 *		and text read as a uuid within that limit.
 *
 * Every message that repeats an argument (invalid input syntax, an unknown
 * layout name) quotes it through here, cut at a character boundary of the
 * server encoding.
 */
#include "postgres.h"

#include "mb/pg_wchar.h"
#include "utils/builtins.h"

#include "runtime/compat.h"

#include "runtime/quote.h"

char *
quote_bytes(const char *s, int len)
{
	int			keep = pg_mbcharcliplen(s, len, QUOTE_MAX_CHARS);

	if (keep >= len)
		return pnstrdup(s, len);
	return psprintf("%.*s...", keep, s);
}

char *
quote_text(const text *arg)
{
	return quote_bytes(VARDATA_ANY(arg), VARSIZE_ANY_EXHDR(arg));
}

pg_uuid_t *
uuid_text_arg(const text *arg)
{
	/* no uuid's text is this long: uuid_in would repeat all of it */
	if (VARSIZE_ANY_EXHDR(arg) > QUOTE_MAX_CHARS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type uuid: \"%s\"", quote_text(arg))));
	return DatumGetUUIDP(DirectFunctionCall1(uuid_in,
											 CStringGetDatum(text_to_cstring(arg))));
}
