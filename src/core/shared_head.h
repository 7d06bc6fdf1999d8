/*
 * shared_head.h
 *		The head of the shared state (UuidSeqShared): which build of the
 *		library laid it out, checked by every backend that attaches the
 *		named segment (src/README §11).
 *
 * Pure C (no PostgreSQL headers), so that the check runs in the unit tests
 * on every major: the named segment exists only on 17 and later, and only
 * a second build of the library against one running server could show a
 * mismatch there.
 */
#ifndef UUID_SEQ_SHARED_HEAD_H
#define UUID_SEQ_SHARED_HEAD_H

#include <stdint.h>

#define SHARED_HEAD_MAGIC	UINT32_C(0x75755351)	/* "uuSQ" */

typedef struct SharedHead
{
	uint32_t	magic;			/* SHARED_HEAD_MAGIC */
	uint32_t	layout;			/* the build's layout version */
	uint64_t	size;			/* the build's size of the whole struct */
} SharedHead;

typedef enum SharedHeadStatus
{
	SHARED_HEAD_OK,
	SHARED_HEAD_NOT_OURS,		/* no magic: not uuid_seq's at all */
	SHARED_HEAD_OTHER_LAYOUT,	/* another layout version */
	SHARED_HEAD_OTHER_SIZE		/* the same version, another size */
} SharedHeadStatus;

/* Mark fresh shared state as this build's: its layout and struct size. */
extern void shared_head_init(SharedHead *head, uint32_t layout, uint64_t size);

/* Whether a head was written by a build with this layout and size. */
extern SharedHeadStatus shared_head_check(const SharedHead *head,
										  uint32_t layout, uint64_t size);

#endif							/* UUID_SEQ_SHARED_HEAD_H */
