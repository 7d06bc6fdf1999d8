/*
 * ulid_funcs.h
 *		SQL functions for ULIDs; uuid_seq_ulid_xact_init() sets up
 *		per-transaction state, ulid_parse_or_error() reads ULID text for
 *		ulid_to_uuid(text) and the ulid type's input (ulid_type.c).
 */
#ifndef UUID_SEQ_ULID_FUNCS_H
#define UUID_SEQ_ULID_FUNCS_H

#include "utils/uuid.h"

extern void uuid_seq_ulid_xact_init(void);
extern void ulid_parse_or_error(const char *input, int len, uint8 out[UUID_LEN]);

#endif							/* UUID_SEQ_ULID_FUNCS_H */
