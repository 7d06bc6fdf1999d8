/*
 * ulid_funcs.h
 *		SQL functions for ULIDs; UlidInit() sets up per-transaction state.
 */
#ifndef UUID_SEQ_ULID_FUNCS_H
#define UUID_SEQ_ULID_FUNCS_H

extern void UlidInit(void);

#endif							/* UUID_SEQ_ULID_FUNCS_H */
