/*
 * frontier_cell.c
 *		A family's frontier and pace anchor as a FrontierCell: the shared
 *		pg_atomic_uint64 words (preloaded, or the named segment), or this
 *		backend's own variables where there are none (before 17 without
 *		preload).  See frontier_cell.h.
 */
#include "postgres.h"

#include "runtime/frontier_cell.h"

/* without shared frontiers: this backend's, and their pace anchors */
static uint64_t local_frontier[FAMILY_COUNT];
static uint64_t local_anchor[FAMILY_COUNT];

/* the pace anchors as this backend last read them (FrontierCell.anchor_seen) */
static int64_t anchor_seen[FAMILY_COUNT];

static uint64_t
local_load(void *cell)
{
	return *(uint64_t *) cell;
}

static bool
local_compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
{
	uint64_t   *word = cell;

	if (*word != *expected)
	{
		*expected = *word;
		return false;
	}
	*word = desired;
	return true;
}

static uint64_t
shared_load(void *cell)
{
	return pg_atomic_read_u64(cell);
}

static bool
shared_compare_exchange(void *cell, uint64_t *expected, uint64_t desired)
{
	uint64		old = *expected;
	bool		done = pg_atomic_compare_exchange_u64(cell, &old, desired);

	*expected = old;
	return done;
}

void
frontier_cell_for(UuidSeqShared *shared, FamilyId id, FrontierCell *cell)
{
	if (shared != NULL)
	{
		cell->load = shared_load;
		cell->compare_exchange = shared_compare_exchange;
		cell->cell = &shared->frontier[id].word;
		cell->anchor = &shared->frontier[id].anchor;
	}
	else
	{
		cell->load = local_load;
		cell->compare_exchange = local_compare_exchange;
		cell->cell = &local_frontier[id];
		cell->anchor = &local_anchor[id];
	}
	cell->anchor_seen = &anchor_seen[id];
}

void
frontier_cell_raise_anchor(UuidSeqShared *shared, FamilyId id, uint64 word)
{
	FrontierCell cell;

	frontier_cell_for(shared, id, &cell);
	frontier_anchor_raise(&cell, frontier_word_ns(family_table[id], word));
}
