/*
 * random.h
 *		Buffered CSPRNG bytes for the generators.
 */
#ifndef UUID_SEQ_RANDOM_H
#define UUID_SEQ_RANDOM_H

extern void random_bytes(void *dst, size_t len);
extern uint64 random_u64(void);

#endif							/* UUID_SEQ_RANDOM_H */
