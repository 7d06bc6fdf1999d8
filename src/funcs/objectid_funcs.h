/*
 * objectid_funcs.h
 *		SQL functions for ObjectIds; uuid_seq_objectid_init() sets the
 *		middle bytes of this server's ObjectIds.
 */
#ifndef UUID_SEQ_OBJECTID_FUNCS_H
#define UUID_SEQ_OBJECTID_FUNCS_H

extern void uuid_seq_objectid_init(void);

#endif							/* UUID_SEQ_OBJECTID_FUNCS_H */
