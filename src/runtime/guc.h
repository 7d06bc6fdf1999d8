/*
 * guc.h
 *		The uuid_seq.* settings.
 */
#ifndef UUID_SEQ_GUC_H
#define UUID_SEQ_GUC_H

#include "core/allocator.h"

extern int	uuid_seq_node_id;
extern int	uuid_seq_node_bits;
extern int	uuid_seq_on_overflow;	/* a FrontierPolicy */
extern int64 uuid_seq_clock_shift_us;
extern bool uuid_seq_clock_frozen;
extern uint64 uuid_seq_clock_frozen_count;	/* times it was turned on */
extern bool uuid_seq_persist;
extern bool uuid_seq_wal_frontiers;

/* Without preload: uuid_seq.node_id or node_bits is set, but not applied. */
extern bool uuid_seq_node_ignored;

/* uuid_seq.v7_rand_a: what a generated v7's rand_a holds (src/README §17) */
typedef enum V7RandA
{
	V7_RAND_A_FRACTION,			/* the clock's sub-ms fraction, 4096 steps per ms */
	V7_RAND_A_RANDOM			/* random bits, one value per ms */
} V7RandA;

extern int	uuid_seq_v7_rand_a;		/* a V7RandA */

extern void uuid_seq_guc_init(bool preloading);

/*
 * The bits argument of uuid_node_id() and ulid_node_id(), checked against
 * the range of uuid_seq.node_bits (SQLSTATE 22023 outside it).
 */
extern unsigned node_bits_arg(int32 bits);

#endif							/* UUID_SEQ_GUC_H */
