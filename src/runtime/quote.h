/*
 * quote.h
 *		Arguments quoted in error messages, at most QUOTE_MAX_CHARS of them,
 *		and text read as a uuid within that limit.
 */
#ifndef UUID_SEQ_QUOTE_H
#define UUID_SEQ_QUOTE_H

#include "utils/uuid.h"

/* Characters of an argument an error message repeats; then "…". */
#define QUOTE_MAX_CHARS 64

/*
 * The first QUOTE_MAX_CHARS characters of len bytes of server-encoded text,
 * followed by "..." when there were more: a 3 MB argument never goes whole
 * into an error and the server log.  Palloc'd.
 */
extern char *quote_bytes(const char *s, int len);

/* quote_bytes() of a text argument. */
extern char *quote_text(const text *arg);

/*
 * A text argument read as a uuid, with uuid_in's forms and errors (22P02);
 * text longer than QUOTE_MAX_CHARS, which no uuid's is, is refused without
 * repeating all of it.  Palloc'd.
 */
extern pg_uuid_t *uuid_text_arg(const text *arg);

#endif							/* UUID_SEQ_QUOTE_H */
