/*
 * test_shared_head.c
 *		Unit tests of the shared state's head (core/shared_head.c): a head
 *		this build wrote passes, and a head differing in its magic, its
 *		layout version or its size alone is refused, each for its reason.
 */
#include <string.h>

#include "shared_head.h"
#include "unit.h"

#define LAYOUT	3
#define SIZE	UINT64_C(1088)

void
test_shared_head(void)
{
	SharedHead	head;
	SharedHead	other;

	memset(&head, 0, sizeof(head));
	CHECK(shared_head_check(&head, LAYOUT, SIZE) == SHARED_HEAD_NOT_OURS);

	shared_head_init(&head, LAYOUT, SIZE);
	CHECK(head.magic == SHARED_HEAD_MAGIC);
	CHECK(shared_head_check(&head, LAYOUT, SIZE) == SHARED_HEAD_OK);

	/* each field alone */
	other = head;
	other.magic ^= 1;
	CHECK(shared_head_check(&other, LAYOUT, SIZE) == SHARED_HEAD_NOT_OURS);
	CHECK(shared_head_check(&head, LAYOUT + 1, SIZE) == SHARED_HEAD_OTHER_LAYOUT);
	CHECK(shared_head_check(&head, LAYOUT - 1, SIZE) == SHARED_HEAD_OTHER_LAYOUT);
	CHECK(shared_head_check(&head, LAYOUT, SIZE + 8) == SHARED_HEAD_OTHER_SIZE);
	CHECK(shared_head_check(&head, LAYOUT, SIZE - 8) == SHARED_HEAD_OTHER_SIZE);
	/* the magic first: a foreign head's other fields mean nothing */
	CHECK(shared_head_check(&other, LAYOUT + 1, SIZE + 8) == SHARED_HEAD_NOT_OURS);
	CHECK(shared_head_check(&head, LAYOUT + 1, SIZE + 8) == SHARED_HEAD_OTHER_LAYOUT);
}
