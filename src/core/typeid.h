/*
 * typeid.h
 *		TypeID text (src/README §14): a type prefix, an underscore and the
 *		26-character lowercase Crockford base32 of a uuid, as the TypeID
 *		specification, version 0.3, defines it.
 *
 * Pure C (no PostgreSQL headers).  The prefix is empty or matches
 * [a-z]([a-z_]{0,61}[a-z])?: at most 63 lowercase ASCII letters and
 * underscores, starting and ending with a letter.  With an empty prefix
 * there is no separator.  The suffix is the uuid's ULID text (core/ulid.c)
 * in lowercase; parsing accepts lowercase only.  A TypeID splits at its
 * last underscore, since the suffix holds none.
 */
#ifndef UUID_SEQ_TYPEID_H
#define UUID_SEQ_TYPEID_H

#include <stddef.h>
#include <stdint.h>

#include "rfc9562.h"
#include "ulid.h"

#define TYPEID_PREFIX_MAX	63
#define TYPEID_SUFFIX_LEN	ULID_TEXT_LEN
/* the longest TypeID: prefix, separator, suffix */
#define TYPEID_TEXT_MAX		(TYPEID_PREFIX_MAX + 1 + TYPEID_SUFFIX_LEN)

typedef enum TypeidStatus
{
	TYPEID_OK = 0,
	/* the prefix (given alone, or the part before the last underscore) */
	TYPEID_PREFIX_TOO_LONG,		/* over 63 characters */
	TYPEID_PREFIX_BAD_CHAR,		/* not a-z or _ (uppercase, digits, non-ASCII) */
	TYPEID_PREFIX_UNDERSCORE_END,	/* starts or ends with an underscore */
	/* the text of a whole TypeID */
	TYPEID_EMPTY_PREFIX_SEPARATOR,	/* an underscore with no prefix before it */
	TYPEID_SUFFIX_BAD_LENGTH,	/* the suffix is not 26 characters */
	TYPEID_SUFFIX_UPPERCASE,	/* an uppercase letter in the suffix */
	TYPEID_SUFFIX_BAD_CHAR,		/* outside 0-9a-z, or i, l, o, u */
	TYPEID_SUFFIX_OVERFLOW		/* first character above '7': over 128 bits */
} TypeidStatus;

/* Whether `len` bytes are a valid prefix (the empty one too). */
extern TypeidStatus typeid_check_prefix(const char *prefix, size_t len);

/*
 * Write the TypeID of prefix + uuid to `out` (room for TYPEID_TEXT_MAX
 * bytes, not NUL-terminated) and its length to *out_len.  An invalid prefix
 * returns its status and writes nothing.
 */
extern TypeidStatus typeid_to_text(const char *prefix, size_t prefix_len,
								   const uint8_t u[UUID_BYTES],
								   char out[TYPEID_TEXT_MAX], size_t *out_len);

/*
 * Parse `len` bytes of text; never reads past them.  On TYPEID_OK the
 * prefix is text[0 .. *prefix_len) and `out` holds the uuid; otherwise
 * both are unspecified.  Any length is accepted (the status says what is
 * wrong), so the caller need not bound the input.
 */
extern TypeidStatus typeid_from_text(const char *text, size_t len,
									 size_t *prefix_len, uint8_t out[UUID_BYTES]);

#endif							/* UUID_SEQ_TYPEID_H */
