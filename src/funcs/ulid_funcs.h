/*
 * ulid_funcs.h
 *		SQL functions for ULIDs; uuid_seq_ulid_xact_init() sets up per-transaction state.
 */
#ifndef UUID_SEQ_ULID_FUNCS_H
#define UUID_SEQ_ULID_FUNCS_H

extern void uuid_seq_ulid_xact_init(void);

#endif							/* UUID_SEQ_ULID_FUNCS_H */
