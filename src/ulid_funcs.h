/*
 * ulid_funcs.h
 *		SQL functions for ULIDs; UlidXactInit() sets up per-transaction state.
 */
#ifndef UUID_SEQ_ULID_FUNCS_H
#define UUID_SEQ_ULID_FUNCS_H

extern void UlidXactInit(void);

#endif							/* UUID_SEQ_ULID_FUNCS_H */
