/*
 * frontier_cell.h
 *		Where a family's frontier word and pace anchor live, as the
 *		allocator reaches them (FrontierCell): in shared memory, or this
 *		backend's own where there is none (src/README §1, "Cells").
 *
 * Below both the family glue (family.c, which takes values from a cell) and
 * the leases (lease.c, which raise a restored or replayed frontier's anchor).
 */
#ifndef UUID_SEQ_FRONTIER_CELL_H
#define UUID_SEQ_FRONTIER_CELL_H

#include "core/allocator.h"
#include "core/registry.h"
#include "runtime/shmem.h"

/*
 * Family id's frontier and pace anchor: the shared ones where shared is
 * given, this backend's otherwise.
 */
extern void frontier_cell_for(UuidSeqShared *shared, FamilyId id, FrontierCell *cell);

/*
 * Raise the pace anchor of family id to the time of frontier word `word`
 * (src/README §1, "Pacing"): for a raise of its frontier, and one restored
 * at start, so that paced generation carries it at most a second past that.
 * The shared anchor where shared is given, this backend's otherwise.
 */
extern void frontier_cell_raise_anchor(UuidSeqShared *shared, FamilyId id, uint64 word);

#endif							/* UUID_SEQ_FRONTIER_CELL_H */
