/*
 * family.c
 *		A family's next value: the glue between the families of the pure
 *		core and their frontiers.
 *
 * A family's frontier is its pg_atomic_uint64 in shared memory (preloaded) or
 * in the named segment (17 and later without preload, attached at the first
 * value), and every backend takes from it (cluster-wide monotonicity);
 * before 17 without preload it is a variable of this backend (the guarantee
 * of core 18's uuidv7()), which the 8-byte families refuse.  The clock is CLOCK_REALTIME plus
 * uuid_seq.clock_shift; with uuid_seq.clock_frozen (for tests) it stands
 * at the start of the millisecond of its first reading after the setting
 * was turned on, one nanosecond later at each reading, so that what a
 * burst does depends on the number of values, never on speed nor on where
 * in its millisecond the clock froze, and a generator waiting for the next
 * tick (on_overflow = wait) gets there.  Pacing's waits sleep on the
 * backend's latch (env_sleep), where they can be cancelled.  Each value
 * taken is accounted in this backend's slot when there is one.  A value is
 * as wide as its family says (FrontierFamily.value_bytes): a uuid, a
 * bigint, or a string of bytes of another width (a KSUID's 20, an
 * ObjectId's 12), which the family's own type holds.
 */
#include "postgres.h"

#include <time.h>

#include "common/int.h"
#include "miscadmin.h"
#include "storage/latch.h"

#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/frontier_cell.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/random.h"
#include "runtime/shmem.h"

/*
 * The longest sleep of a paced wait before the allocator reads the clock
 * and the anchor again: a raise, or a clock set forward, ends the wait
 * within it.
 */
#define PACE_SLEEP_MAX_MS	100

/* pacing's wait event (uuid_seq_wait_event()), 0 until the first wait */
static uint32 pace_wait_event = 0;

/* the last clock reading, to count readings that went back */
static int64 last_clock_ns = 0;
static uint64 clock_rollbacks = 0;

/*
 * uuid_seq.clock_frozen: the unshifted time the frozen clock stands at, and
 * the turning-on of the setting (uuid_seq_clock_frozen_count) it froze for
 */
static int64 frozen_ns = 0;
static uint64 frozen_count = 0;

int64
family_clock_ns(void)
{
	int64		wall;
	int64		now;

	if (uuid_seq_clock_frozen && frozen_count == uuid_seq_clock_frozen_count)
		wall = ++frozen_ns;
	else
	{
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		wall = (int64) ts.tv_sec * INT64CONST(1000000000) + ts.tv_nsec;
		if (uuid_seq_clock_frozen)
		{
			/*
			 * freshly frozen: at the start of this millisecond (a burst
			 * then reaches as many ticks ahead wherever the wall clock
			 * stood in it), never below where it stood before
			 */
			wall -= wall % FRONTIER_NS_PER_MS;
			frozen_ns = wall = Max(wall, frozen_ns + 1);
			frozen_count = uuid_seq_clock_frozen_count;
		}
	}
	/* a shifted clock beyond int64 ns (1677 to 2262) stays at its end */
	if (pg_add_s64_overflow(wall, uuid_seq_clock_shift_us * 1000, &now))
		now = uuid_seq_clock_shift_us > 0 ? PG_INT64_MAX : PG_INT64_MIN;
	return now;
}

/*
 * The allocator's clock.  No interrupt is checked here: the only wait that
 * reads it in a loop is on_overflow = wait's, for at most one tick (a
 * millisecond, or a million readings of a frozen clock); longer ones sleep
 * (env_sleep).
 */
static int64_t
clock_now_ns(void *arg)
{
	int64		now = family_clock_ns();

	if (now < last_clock_ns)
		clock_rollbacks++;
	last_clock_ns = now;
	return now;
}

static uint64_t
env_random_bits(void *arg)
{
	return random_u64();
}

/*
 * Pacing (src/README §1): only a superuser's generation carries a frontier
 * more than FRONTIER_PACE_NS past the clock, so that no other role can
 * push a cluster-wide frontier ahead of the clock for everyone.  Asked only
 * when a carry would pass the bound; superuser() caches its answer.
 */
static bool
env_unpaced(void *arg)
{
	return superuser();
}

/*
 * Pacing's wait (src/README §1): sleep about ns on this backend's latch, at
 * least a millisecond (the latch's unit), at most PACE_SLEEP_MAX_MS.  It is
 * where a wait can be cancelled: statement_timeout, pg_cancel_backend() and
 * a termination set the latch and end it with their ERROR or FATAL, and the
 * allocator holds nothing to release; a postmaster that dies ends the
 * backend.  The wait shows in pg_stat_activity as wait_event_type
 * Extension (wait_event UuidSeqPacing on 17+).
 */
static void
env_sleep(void *arg, int64_t ns)
{
	/* (a wait past int64, which no frontier reaches, reads negative) */
	long		ms = ns < 0 || ns >= PACE_SLEEP_MAX_MS * FRONTIER_NS_PER_MS ?
		PACE_SLEEP_MAX_MS : (long) (ns / FRONTIER_NS_PER_MS) + 1;

	if (pace_wait_event == 0)
		pace_wait_event = uuid_seq_wait_event("UuidSeqPacing");
	(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
					 ms, pace_wait_event);
	ResetLatch(MyLatch);
	CHECK_FOR_INTERRUPTS();
}

/*
 * One value per tick: the v7 family under uuid_seq.v7_rand_a = random
 * (src/README §17).
 */
static bool
whole_ticks(FamilyId id)
{
	return id == FAMILY_V7 && uuid_seq_v7_rand_a == V7_RAND_A_RANDOM;
}

uint64
family_value_word(FamilyId id, uint64 word)
{
	if (!whole_ticks(id))
		return word;
	return frontier_whole_tick_word(family_table[id], word, random_u64());
}

void
family_next_value(FamilyId id, FrontierValue *value)
{
	const FrontierFamily *family = family_table[id];
	FrontierTake take;

	family_take(id, &take);
	family->encode(family, family_value_word(id, take.word), random_u64(),
				   uuid_seq_node_bits, uuid_seq_node_id, value);
	family_record(id, &take, value);
}

pg_uuid_t *
family_next_uuid(FamilyId id)
{
	FrontierValue value;

	Assert(family_table[id]->value_bytes == FRONTIER_VALUE_UUID);
	family_next_value(id, &value);
	return family_value_uuid(&value);
}

int64
family_next_id(FamilyId id)
{
	FrontierValue value;

	Assert(family_table[id]->value_bytes == FRONTIER_VALUE_BIGINT);
	family_next_value(id, &value);
	return value.id;
}

pg_uuid_t *
family_value_uuid(const FrontierValue *value)
{
	pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

	memcpy(uuid->data, value->uuid, UUID_LEN);
	return uuid;
}

void
family_take(FamilyId id, FrontierTake *take)
{
	const FrontierFamily *family = family_table[id];
	UuidSeqShared *shared = lease_shared();
	FrontierCell cell;
	FrontierEnv env = {
		.now_ns = clock_now_ns,
		.random_bits = env_random_bits,
		.arg = NULL,
		.policy = (FrontierPolicy) uuid_seq_on_overflow,
		.node_bits = (unsigned) uuid_seq_node_bits,
		.whole_ticks = whole_ticks(id),
		.pace_ns = FRONTIER_PACE_NS,
		.unpaced = env_unpaced,
		.sleep = env_sleep,
	};

	/*
	 * A backend-local frontier keeps one session's values apart from each
	 * other, not from another session's: a uuid's random bits still tell
	 * two sessions apart, an 8-byte id has none to spare.  Refuse rather
	 * than hand out an id another session can also return.
	 */
	if (shared == NULL && family->value_bytes == FRONTIER_VALUE_BIGINT)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generation needs the shared frontiers of uuid_seq", family->name),
				 errdetail("Without them each session has frontiers of its own, and two sessions could generate the same 8-byte id."),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));

	/*
	 * Nor an ObjectId: its middle bytes are the server's, and it has no
	 * random bits either.
	 */
	if (shared == NULL && family->value_bytes == FRONTIER_VALUE_OBJECTID)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generation needs the shared frontiers of uuid_seq", family->name),
				 errdetail("Without them each session has frontiers of its own, and two sessions could generate the same ObjectId: its middle bytes are the server's, and it has no random bits."),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));

	/*
	 * Nor an id with node 0 in place of the node the configuration names:
	 * another server's ids carry node 0 just as well.
	 */
	if (uuid_seq_node_ignored && (family->value_bytes == FRONTIER_VALUE_BIGINT ||
								  family->value_bytes == FRONTIER_VALUE_OBJECTID))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generation cannot apply uuid_seq.node_id or uuid_seq.node_bits without preload", family->name),
				 errdetail("Those settings apply only when uuid_seq is in shared_preload_libraries, and an id with node 0 in their place could equal another server's."),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server, or remove uuid_seq.node_id and uuid_seq.node_bits from the configuration.")));

	frontier_cell_for(shared, id, &cell);
	switch (frontier_take(family, &cell, &env, take))
	{
		case FRONTIER_OK:
			if (shared != NULL)
				lease_cover(shared, id, take->word);
			return;
		case FRONTIER_CLOCK_OUT_OF_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("the clock is outside the range of %s, which holds times from %s",
							family->name, family->range),
					 errhint("Check the system clock and uuid_seq.clock_shift.")));
			break;
		case FRONTIER_EXHAUSTED:
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("the %s frontier has reached its maximum", family->name),
					 errdetail("The %s family holds times from %s.",
							   family->name, family->range)));
			break;
		case FRONTIER_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s values for the current clock tick are used up", family->name),
					 errhint("Set uuid_seq.on_overflow to \"advance\" or \"wait\" to let generation continue.")));
			break;
		case FRONTIER_PACED:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("%s values would run more than %d second ahead of the clock",
							family->name, (int) (FRONTIER_PACE_NS / INT64CONST(1000000000))),
					 errdetail("Only a superuser's generation carries a frontier further past the clock, or past where a raise, a restart or a superuser's generation left it."),
					 errhint("Set uuid_seq.on_overflow to \"advance\" or \"wait\" to wait for the clock.")));
			break;
	}
}

void
family_record(FamilyId id, const FrontierTake *take,
			  const FrontierValue *value)
{
	const FrontierFamily *family = family_table[id];
	BackendSlot *slot = shmem_my_slot();
	uint64		word = take->word;
	BackendStats delta;
	int64		drift_ns;

	if (slot == NULL)
		return;
	/* a whole-tick word ends its tick: the value was made at its start */
	if (whole_ticks(id))
		word &= ~frontier_counter_mask(family);
	drift_ns = frontier_word_ns(family, word) - take->clock_ns;
	delta.generated = 1;
	delta.clock_rollbacks = clock_rollbacks;
	delta.overflows = take->overflowed ? 1 : 0;
	delta.cas_retries = take->retries;
	delta.max_drift_ms = drift_ns > 0 ? drift_ns / FRONTIER_NS_PER_MS : 0;
	/*
	 * the last value in the view's column of its type (1.2's uuid and
	 * bigint: an update never changes a view's columns under its users'
	 * views); one of another width is counted alone
	 */
	delta.has_last_id = family->value_bytes == FRONTIER_VALUE_BIGINT;
	delta.has_last_value = family->value_bytes == FRONTIER_VALUE_UUID;
	if (delta.has_last_id)
		delta.last_id = value->id;
	else if (delta.has_last_value)
		memcpy(delta.last_value.data, value->uuid, UUID_LEN);
	shmem_slot_record(slot, &delta);
	clock_rollbacks = 0;
}

uint64
family_frontier(FamilyId id)
{
	FrontierCell cell;

	frontier_cell_for(lease_shared(), id, &cell);
	return cell.load(cell.cell);
}
