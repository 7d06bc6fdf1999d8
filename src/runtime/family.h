/*
 * family.h
 *		A family's next value, from its frontier (shared when preloaded,
 *		backend-local otherwise), as a uuid, a bigint or a string of bytes.
 */
#ifndef UUID_SEQ_FAMILY_H
#define UUID_SEQ_FAMILY_H

#include "utils/uuid.h"

#include "core/registry.h"
#include "runtime/shmem.h"

/*
 * The next value of a family: one step of its frontier, encoded with fresh
 * random bits and this server's node id, and accounted in this backend's
 * slot.  Raises the errors of family_take().  A family of uuids
 * (FRONTIER_VALUE_UUID) gives a uuid, one of bigints a bigint;
 * family_next_value() gives any family's value in the member of its width
 * (FrontierValue.bytes for a string of bytes, FRONTIER_VALUE_KSUID, ...).
 */
extern void family_next_value(FamilyId id, FrontierValue *value);
extern pg_uuid_t *family_next_uuid(FamilyId id);
extern int64 family_next_id(FamilyId id);

/*
 * Take the next frontier word of a family, raising SQLSTATE 22008 when the
 * clock is outside the family's range or the frontier is at its maximum,
 * 54000 when uuid_seq.on_overflow = error refuses to carry, and 55000 for
 * an 8-byte family without shared frontiers or whose node settings are
 * ignored (not preloaded, uuid_seq_node_ignored).  Follow it
 * with family_record() once the value is encoded.
 */
extern void family_take(FamilyId id, FrontierTake *take);
extern void family_record(FamilyId id, const FrontierTake *take,
						  const FrontierValue *value);

/* A value of a uuid family as a uuid (palloc'd). */
extern pg_uuid_t *family_value_uuid(const FrontierValue *value);

/*
 * The word a value of family id is encoded from, given the word taken (or
 * an explicit time's word): the word itself, or under
 * uuid_seq.v7_rand_a = random (v7 only) its tick with a random counter
 * (src/README §17).
 */
extern uint64 family_value_word(FamilyId id, uint64 word);

/* The frontier word of a family as this backend sees it (0 if unused). */
extern uint64 family_frontier(FamilyId id);

/*
 * The clock family_take() reads: Unix ns of CLOCK_REALTIME, or of the
 * frozen clock (uuid_seq.clock_frozen: one ns more at each reading), plus
 * uuid_seq.clock_shift (saturating at int64's ends).  Reading it here counts
 * no rollback.
 */
extern int64 family_clock_ns(void);

#endif							/* UUID_SEQ_FAMILY_H */
