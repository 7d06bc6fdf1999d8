/*
 * guc.c
 *		The uuid_seq.* settings (src/README §7), and the check of a node-bits
 *		argument against the range of uuid_seq.node_bits.
 *
 * uuid_seq.node_id, uuid_seq.node_bits, uuid_seq.persist and
 * uuid_seq.wal_frontiers are fixed at server start (postmaster context, so
 * only defined when preloaded); uuid_seq.clock_shift and
 * uuid_seq.clock_frozen are superuser-only because they move (or stop) the
 * clock every generator reads, and with the library preloaded that clock
 * drives the cluster-wide frontiers (src/README §7).  uuid_seq.clock_shift
 * holds an interval as text (there is no interval GUC type): the check hook
 * parses it with interval_in and hands the microseconds to the assign hook
 * as "extra".
 */
#include "postgres.h"

#include "datatype/timestamp.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "compat.h"
#include "core/clock_shift.h"
#include "core/rfc9562.h"
#include "guc.h"

int			uuid_seq_node_id = 0;
int			uuid_seq_node_bits = 0;
int			uuid_seq_on_overflow = FRONTIER_ADVANCE;
int64		uuid_seq_clock_shift_us = 0;
bool		uuid_seq_clock_frozen = false;
uint64		uuid_seq_clock_frozen_count = 0;
bool		uuid_seq_persist = true;
bool		uuid_seq_wal_frontiers = false;

static char *clock_shift_text = NULL;

static const struct config_enum_entry on_overflow_options[] = {
	{"advance", FRONTIER_ADVANCE, false},
	{"wait", FRONTIER_WAIT, false},
	{"error", FRONTIER_ERROR, false},
	{NULL, 0, false}
};

/*
 * Parse text as an interval and count it in microseconds the way
 * EXTRACT(EPOCH FROM interval) does.  Returns false, with a detail for the
 * check hook, for text that is not an interval (only input errors are
 * caught: anything else, out of memory say, is raised) and for a shift
 * beyond CLOCK_SHIFT_MAX_YEARS.
 */
static bool
parse_clock_shift(const char *text, int64 *shift_us)
{
	Datum		datum;
	Interval   *span;

	if (!input_function_call_safe(interval_in, text, &datum))
	{
		GUC_check_errdetail("\"%s\" is not an interval.", text);
		return false;
	}
	span = DatumGetIntervalP(datum);
	if (!clock_shift_us(span->month, span->day, span->time, shift_us))
	{
		GUC_check_errdetail("A clock shift must lie within %d years either way.",
							CLOCK_SHIFT_MAX_YEARS);
		return false;
	}
	return true;
}

static bool
check_clock_shift(char **newval, void **extra, GucSource source)
{
	int64		shift_us;
	int64	   *copy;

	if (!parse_clock_shift(*newval, &shift_us))
		return false;
	copy = guc_malloc(LOG, sizeof(int64));
	if (copy == NULL)
		return false;
	*copy = shift_us;
	*extra = copy;
	return true;
}

static void
assign_clock_shift(const char *newval, void *extra)
{
	uuid_seq_clock_shift_us = *(int64 *) extra;
}

/*
 * Turned on (the variable still holds the old value here): the clock freezes
 * at its next reading, wherever an earlier freeze had left it
 * (generator_clock_ns).
 */
static void
assign_clock_frozen(bool newval, void *extra)
{
	if (newval && !uuid_seq_clock_frozen)
		uuid_seq_clock_frozen_count++;
}

/* Lease records need a custom WAL resource manager: PostgreSQL 15 or later. */
static bool
check_wal_frontiers(bool *newval, void **extra, GucSource source)
{
#ifndef UUID_SEQ_HAVE_CUSTOM_RMGR
	if (*newval)
	{
		GUC_check_errdetail("Logging frontiers needs the custom WAL resource managers of PostgreSQL 15 or later.");
		return false;
	}
#endif
	return true;
}

/*
 * Define the settings.  PostgreSQL only accepts postmaster-context settings
 * from a library loaded by shared_preload_libraries, so node_id and
 * node_bits (and persist) exist and apply only when preloaded.
 */
void
uuid_seq_guc_init(bool preloading)
{
	if (preloading)
	{
		/*
		 * What the configuration asks for, read before defining the setting
		 * replaces (and frees) its placeholder and the check hook may
		 * refuse the value.
		 */
		const char *wal_frontiers_text = GetConfigOption("uuid_seq.wal_frontiers", true, false);
		bool		wal_frontiers_asked = false;

		if (wal_frontiers_text != NULL)
			(void) parse_bool(wal_frontiers_text, &wal_frontiers_asked);

		DefineCustomIntVariable("uuid_seq.node_id",
								"Sets the node id stored in the top uuid_seq.node_bits bits of each value's random part.",
								"Give each independent server its own id so their values never collide.",
								&uuid_seq_node_id,
								0, 0, (1 << NODE_BITS_MAX) - 1,
								PGC_POSTMASTER, 0,
								NULL, NULL, NULL);
		DefineCustomIntVariable("uuid_seq.node_bits",
								"Sets the number of random bits given over to uuid_seq.node_id.",
								NULL,
								&uuid_seq_node_bits,
								0, 0, NODE_BITS_MAX,
								PGC_POSTMASTER, 0,
								NULL, NULL, NULL);
		DefineCustomBoolVariable("uuid_seq.persist",
								 "Keeps the shared frontiers in a file across server restarts.",
								 "Read at start; written at shutdown, and while running a second of frontier progress ahead (the lease).",
								 &uuid_seq_persist,
								 true,
								 PGC_POSTMASTER, 0,
								 NULL, NULL, NULL);
		DefineCustomBoolVariable("uuid_seq.wal_frontiers",
								 "Logs the shared frontiers' leases in the WAL, so that standbys continue above the primary.",
								 "Every server that replays this WAL (standbys, archive recovery) must preload uuid_seq with this setting on.",
								 &uuid_seq_wal_frontiers,
								 false,
								 PGC_POSTMASTER, 0,
								 check_wal_frontiers, NULL, NULL);

		/*
		 * A postmaster setting that fails its check hook here is only warned
		 * about and left off; a server asked to log frontiers that it cannot
		 * log must not start as if it did.
		 */
		if (wal_frontiers_asked && !uuid_seq_wal_frontiers)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("uuid_seq.wal_frontiers cannot be turned on before PostgreSQL 15"),
					 errhint("Remove uuid_seq.wal_frontiers from the configuration.")));

		/*
		 * A standby replays only from its last restartpoint: the leases it
		 * replayed before are kept in its frontier file alone.
		 */
		if (uuid_seq_wal_frontiers && !uuid_seq_persist)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("uuid_seq.wal_frontiers requires uuid_seq.persist"),
					 errdetail("A server that replays lease records keeps them in its frontier file across restarts."),
					 errhint("Turn uuid_seq.persist on, or turn uuid_seq.wal_frontiers off.")));
	}
	DefineCustomEnumVariable("uuid_seq.on_overflow",
							 "Sets what a generator does when the steps of the current clock tick are used up.",
							 "advance carries into the next tick, wait spins until the clock gets there, error raises an error.",
							 &uuid_seq_on_overflow,
							 FRONTIER_ADVANCE, on_overflow_options,
							 PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomStringVariable("uuid_seq.clock_shift",
							   "Sets an interval added to the wall clock by every generator.",
							   "For testing clocks that jump or go back, e.g. '-1 hour'.  When preloaded, a shift ahead moves the cluster-wide frontiers for every later session.",
							   &clock_shift_text,
							   "0",
							   PGC_SUSET, 0,
							   check_clock_shift, assign_clock_shift, NULL);
	DefineCustomBoolVariable("uuid_seq.clock_frozen",
							 "Freezes the clock every generator of this session reads.",
							 "For tests that must not depend on speed: the clock stands where it was at its first reading after the setting was turned on, and advances one nanosecond per reading.",
							 &uuid_seq_clock_frozen,
							 false,
							 PGC_SUSET, 0,
							 NULL, assign_clock_frozen, NULL);

	MarkGUCPrefixReserved("uuid_seq");

	if ((uuid_seq_node_id >> uuid_seq_node_bits) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uuid_seq.node_id %d does not fit in uuid_seq.node_bits = %d",
						uuid_seq_node_id, uuid_seq_node_bits),
				 errhint("Raise uuid_seq.node_bits or choose a node id below %d.",
						 1 << uuid_seq_node_bits)));
}

unsigned
node_bits_arg(int32 bits)
{
	if (bits < 0 || bits > NODE_BITS_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("node bits must be between 0 and %d, not %d",
						NODE_BITS_MAX, bits)));
	return (unsigned) bits;
}
