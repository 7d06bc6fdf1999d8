/*
 * facade.h
 *		The keyed v4 facade of a UUIDv7 (src/README §17): the 48-bit
 *		unix_ts_ms XORed with the low 48 bits of SipHash-2-4 of the value's
 *		own 74 random bits, and version 7 replaced by 4.  Byte-compatible
 *		with UUIDv47 (stateless-me/uuidv47), so an application can decode
 *		a facade with any of that scheme's ports.
 *
 * Pure C (no PostgreSQL headers).  rand_a, rand_b and the variant pass
 * through unchanged, so the message the mask is computed from is the same
 * in the v7 and in its facade, and decoding is the same XOR.  The message
 * is 10 bytes: the low nibble of byte 6, byte 7, the low 6 bits of byte 8,
 * then bytes 9 to 15.
 */
#ifndef UUID_SEQ_FACADE_H
#define UUID_SEQ_FACADE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rfc9562.h"
#include "siphash.h"

#define FACADE_MESSAGE_BYTES	10
#define FACADE_MASK_BITS		48

typedef enum FacadeStatus
{
	FACADE_OK = 0,
	FACADE_NOT_V7,				/* encode: not version 7 with variant 10 */
	FACADE_NOT_V4				/* decode: not version 4 with variant 10 */
} FacadeStatus;

/* The 48-bit mask of a v7 or of its facade (the same for both). */
extern uint64_t facade_mask(const SipKey *key, const uint8_t u[UUID_BYTES]);

/*
 * v7 -> facade and facade -> v7.  Inputs of another version or variant
 * leave out untouched: they have no facade (or no v7) whose round trip is
 * exact.  `in` and `out` may be the same array.
 */
extern FacadeStatus facade_encode(const SipKey *key, const uint8_t v7[UUID_BYTES],
								  uint8_t out[UUID_BYTES]);
extern FacadeStatus facade_decode(const SipKey *key, const uint8_t facade[UUID_BYTES],
								  uint8_t out[UUID_BYTES]);

/*
 * The text form of a key (uuid_seq.facade_key): its 16 bytes as 32
 * hexadecimal digits, k0's 8 bytes then k1's, each half least significant
 * byte first (the bytes of the bytea key, as '\x...' shows them), either
 * case, optionally with a colon between the halves (k0:k1, as the uuid47
 * extension's uuid47.key reads it); nothing else (no spaces, no 0x).  The
 * empty text is no key.
 */
typedef enum FacadeKeyTextStatus
{
	FACADE_KEY_TEXT_OK = 0,
	FACADE_KEY_TEXT_EMPTY,		/* no key */
	FACADE_KEY_TEXT_BAD			/* neither form */
} FacadeKeyTextStatus;

extern FacadeKeyTextStatus facade_key_from_text(const char *text, size_t len,
												SipKey *key);

/*
 * The contents of a key file (uuid_seq.facade_key_file): the text form
 * above, with white space (space, tab, CR, LF) before and after it, so
 * that `openssl rand -hex 16 > file` makes one.  A file of white space
 * alone is EMPTY, which the file's reader refuses as it does BAD.
 */
extern FacadeKeyTextStatus facade_key_from_file_text(const char *text, size_t len,
													 SipKey *key);

#endif							/* UUID_SEQ_FACADE_H */
