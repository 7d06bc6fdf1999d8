/*
 * ulid_funcs.h
 *		SQL functions for ULIDs; uuid_seq_ulid_xact_init() sets up per-transaction state.
 */
#ifndef UUID_SEQ_ULID_FUNCS_H
#define UUID_SEQ_ULID_FUNCS_H

#include "fmgr.h"

extern void uuid_seq_ulid_xact_init(void);

/* ulid_to_uuid(text): also the ULID text decoder of partition_funcs.c */
extern Datum ulid_to_uuid(PG_FUNCTION_ARGS);

#endif							/* UUID_SEQ_ULID_FUNCS_H */
