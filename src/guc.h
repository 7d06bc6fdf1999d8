/*
 * guc.h
 *		The uuid_seq.* settings.
 */
#ifndef UUID_SEQ_GUC_H
#define UUID_SEQ_GUC_H

#include "core/frontier.h"

extern int	uuid_seq_node_id;
extern int	uuid_seq_node_bits;
extern int	uuid_seq_on_overflow;	/* a FrontierPolicy */
extern int64 uuid_seq_clock_shift_us;
extern bool uuid_seq_persist;

extern void GucInit(bool preloading);

#endif							/* UUID_SEQ_GUC_H */
