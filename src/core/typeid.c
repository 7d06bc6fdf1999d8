/*
 * typeid.c
 *		TypeID text (src/README §14): prefix rules, formatting and parsing.
 *
 * Pure C (no PostgreSQL headers); see typeid.h.  The suffix is exactly the
 * ULID text of the uuid (the same 130-bit reading and alphabet) in
 * lowercase, so the base32 codec is core/ulid.c's; this file adds the
 * prefix, the separator and TypeID's stricter case rule (the ULID decoder
 * accepts both cases, a TypeID suffix is lowercase only).
 */
#include <stdbool.h>

#include "typeid.h"

/* Whether c is a lowercase ASCII letter. */
static inline bool
typeid_is_lower(char c)
{
	return c >= 'a' && c <= 'z';
}

TypeidStatus
typeid_check_prefix(const char *prefix, size_t len)
{
	if (len == 0)
		return TYPEID_OK;
	if (len > TYPEID_PREFIX_MAX)
		return TYPEID_PREFIX_TOO_LONG;
	for (size_t i = 0; i < len; i++)
		if (!typeid_is_lower(prefix[i]) && prefix[i] != '_')
			return TYPEID_PREFIX_BAD_CHAR;
	if (prefix[0] == '_' || prefix[len - 1] == '_')
		return TYPEID_PREFIX_UNDERSCORE_END;
	return TYPEID_OK;
}

TypeidStatus
typeid_to_text(const char *prefix, size_t prefix_len, const uint8_t u[UUID_BYTES],
			   char out[TYPEID_TEXT_MAX], size_t *out_len)
{
	TypeidStatus status = typeid_check_prefix(prefix, prefix_len);
	char	   *suffix = out;

	if (status != TYPEID_OK)
		return status;
	if (prefix_len > 0)
	{
		for (size_t i = 0; i < prefix_len; i++)
			out[i] = prefix[i];
		out[prefix_len] = '_';
		suffix = out + prefix_len + 1;
	}
	/* ULID text is 0-9 and uppercase letters: lowercase the letters */
	ulid_to_text(u, suffix);
	for (int i = 0; i < TYPEID_SUFFIX_LEN; i++)
		if (suffix[i] >= 'A')
			suffix[i] = (char) (suffix[i] - 'A' + 'a');
	*out_len = (size_t) (suffix - out) + TYPEID_SUFFIX_LEN;
	return TYPEID_OK;
}

TypeidStatus
typeid_from_text(const char *text, size_t len, size_t *prefix_len,
				 uint8_t out[UUID_BYTES])
{
	size_t		sep = len;		/* the last underscore, or len if none */
	const char *suffix = text;
	size_t		suffix_len = len;
	TypeidStatus status;

	for (size_t i = len; i > 0; i--)
		if (text[i - 1] == '_')
		{
			sep = i - 1;
			break;
		}
	if (sep < len)
	{
		if (sep == 0)
			return TYPEID_EMPTY_PREFIX_SEPARATOR;
		status = typeid_check_prefix(text, sep);
		if (status != TYPEID_OK)
			return status;
		suffix = text + sep + 1;
		suffix_len = len - sep - 1;
		*prefix_len = sep;
	}
	else
		*prefix_len = 0;

	if (suffix_len != TYPEID_SUFFIX_LEN)
		return TYPEID_SUFFIX_BAD_LENGTH;
	for (size_t i = 0; i < TYPEID_SUFFIX_LEN; i++)
		if (suffix[i] >= 'A' && suffix[i] <= 'Z')
			return TYPEID_SUFFIX_UPPERCASE;
	switch (ulid_from_text(suffix, suffix_len, out))
	{
		case ULID_TEXT_OK:
			return TYPEID_OK;
		case ULID_TEXT_OVERFLOW:
			return TYPEID_SUFFIX_OVERFLOW;
		case ULID_TEXT_BAD_LENGTH:	/* checked above */
		case ULID_TEXT_BAD_CHAR:
			break;
	}
	return TYPEID_SUFFIX_BAD_CHAR;
}
