/*
 * facade_key.h
 *		The key of uuid_v7_facade(id) and uuid_v7_from_facade(facade): the
 *		settings uuid_seq.facade_key and uuid_seq.facade_key_file (src/README
 *		§17).
 */
#ifndef UUID_SEQ_FACADE_KEY_H
#define UUID_SEQ_FACADE_KEY_H

#include "core/siphash.h"

/* Define the two settings (from uuid_seq_guc_init). */
extern void uuid_seq_facade_key_init(bool preloading);

/*
 * The key: a session's uuid_seq.facade_key, else the configured one (only
 * when uuid_seq is preloaded), else the one in the file
 * uuid_seq.facade_key_file names, read at the first use after a start or a
 * reload.  Raises an error when there is none, when the configuration sets
 * both, when the configured key cannot be kept from other roles, and when
 * the file cannot be read, is open to other OS users or holds no key.
 */
extern const SipKey *uuid_seq_facade_key(void);

#endif							/* UUID_SEQ_FACADE_KEY_H */
