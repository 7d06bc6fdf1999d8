/*
 * shared_head.c
 *		The shared state's head: written by the build that initialises it,
 *		checked by every build that attaches it (see shared_head.h).
 */
#include "shared_head.h"

void
shared_head_init(SharedHead *head, uint32_t layout, uint64_t size)
{
	head->magic = SHARED_HEAD_MAGIC;
	head->layout = layout;
	head->size = size;
}

SharedHeadStatus
shared_head_check(const SharedHead *head, uint32_t layout, uint64_t size)
{
	if (head->magic != SHARED_HEAD_MAGIC)
		return SHARED_HEAD_NOT_OURS;
	if (head->layout != layout)
		return SHARED_HEAD_OTHER_LAYOUT;
	if (head->size != size)
		return SHARED_HEAD_OTHER_SIZE;
	return SHARED_HEAD_OK;
}
