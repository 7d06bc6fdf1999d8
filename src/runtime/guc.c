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
 * as "extra".  uuid_seq.v7_rand_a is superuser-only too: under 'random'
 * each v7 value takes a millisecond of the frontier, so whoever sets it
 * pushes the frontier ahead of the clock 4096 times faster in a burst.
 *
 * uuid_seq.facade_key and uuid_seq.facade_key_file are facade_key.c's
 * (src/README §17).
 */
#include "postgres.h"

#include <ctype.h>
#include <unistd.h>

#include "access/xlog.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/elog.h"
#include "utils/timestamp.h"
#include "utils/varlena.h"

#include "core/clock_shift.h"
#include "core/rfc9562.h"
#include "runtime/compat.h"
#include "runtime/facade_key.h"
#include "runtime/guc.h"

int			uuid_seq_node_id = 0;
int			uuid_seq_node_bits = 0;
int			uuid_seq_on_overflow = FRONTIER_ADVANCE;
int64		uuid_seq_clock_shift_us = 0;
bool		uuid_seq_clock_frozen = false;
uint64		uuid_seq_clock_frozen_count = 0;
bool		uuid_seq_persist = true;
bool		uuid_seq_wal_frontiers = false;
bool		uuid_seq_node_ignored = false;
int			uuid_seq_v7_rand_a = V7_RAND_A_FRACTION;

static char *clock_shift_text = NULL;

static const struct config_enum_entry v7_rand_a_options[] = {
	{"fraction", V7_RAND_A_FRACTION, false},
	{"random", V7_RAND_A_RANDOM, false},
	{NULL, 0, false}
};

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
		GUC_check_errdetail("A clock shift is an interval.");
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
 * (family_clock_ns).
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

/* The settings read only at server start (postmaster context). */
static const char *const postmaster_settings[] = {
	"uuid_seq.node_id", "uuid_seq.node_bits",
	"uuid_seq.persist", "uuid_seq.wal_frontiers"
};

/* Without preload: which of them the configuration sets, to no effect. */
static bool postmaster_setting_ignored[lengthof(postmaster_settings)];

static emit_log_hook_type prev_emit_log_hook = NULL;

/*
 * Without preload the settings read at server start do not exist, and what
 * the configuration says of them is ignored: say so where the library is
 * loaded, in one WARNING naming them all, before MarkGUCPrefixReserved
 * removes them as unknown.  A node id or node bits set but not applied is
 * remembered: family_take() refuses the 8-byte families then, whose ids
 * would all carry node 0.
 */
static void
warn_postmaster_settings(void)
{
	StringInfoData names;
	int			count = 0;

	initStringInfo(&names);
	for (int i = 0; i < (int) lengthof(postmaster_settings); i++)
		if (GetConfigOption(postmaster_settings[i], true, false) != NULL)
		{
			postmaster_setting_ignored[i] = true;
			appendStringInfo(&names, "%s%s", count++ > 0 ? ", " : "",
							 postmaster_settings[i]);
		}
	uuid_seq_node_ignored = postmaster_setting_ignored[0] || postmaster_setting_ignored[1];
	if (count > 0)
		ereport(WARNING,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg_plural("%s is ignored: uuid_seq is not in shared_preload_libraries",
							   "%s are ignored: uuid_seq is not in shared_preload_libraries",
							   count, names.data),
				 errdetail_plural("It is read only when the server starts with uuid_seq preloaded.",
								  "They are read only when the server starts with uuid_seq preloaded.",
								  count),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server, or remove the ignored settings from the configuration.")));
	pfree(names.data);
}

/* Whether message quotes the setting name (not a longer name it begins). */
static bool
names_setting(const char *message, const char *name)
{
	size_t		len = strlen(name);

	for (const char *at = strstr(message, name); at != NULL; at = strstr(at + 1, name))
		if (!isalnum((unsigned char) at[len]) && at[len] != '_' && at[len] != '.')
			return true;
	return false;
}

/*
 * While MarkGUCPrefixReserved runs without preload: its WARNING of each
 * placeholder it finds goes to the server log only when the placeholder
 * is a setting warn_postmaster_settings() has named, so that the client
 * reads one WARNING about them, not one more per setting.  (The hook runs
 * only for a message the server logs: with log_min_messages above WARNING
 * the client reads both.)
 */
static void
quiet_placeholder_warnings(ErrorData *edata)
{
	if (edata->elevel == WARNING && edata->message_id != NULL &&
		edata->message != NULL &&
		strcmp(edata->message_id, UUID_SEQ_PLACEHOLDER_WARNING) == 0)
		for (int i = 0; i < (int) lengthof(postmaster_settings); i++)
			if (postmaster_setting_ignored[i] &&
				names_setting(edata->message, postmaster_settings[i]))
				edata->output_to_client = false;
	if (prev_emit_log_hook)
		prev_emit_log_hook(edata);
}

/*
 * Reserve the prefix: PostgreSQL warns of each uuid_seq.* placeholder no
 * setting defines (a misspelt name), and from 15 on removes it.
 */
static void
reserve_prefix(bool preloading)
{
	if (preloading)
	{
		MarkGUCPrefixReserved("uuid_seq");
		return;
	}
	warn_postmaster_settings();
	prev_emit_log_hook = emit_log_hook;
	emit_log_hook = quiet_placeholder_warnings;
	PG_TRY();
	{
		MarkGUCPrefixReserved("uuid_seq");
	}
	PG_FINALLY();
	{
		emit_log_hook = prev_emit_log_hook;
	}
	PG_END_TRY();
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

#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR

		/*
		 * For the same reason a server in recovery (a standby, a
		 * point-in-time restore) needs its frontier file, whatever its own
		 * wal_frontiers says: its primary's leases come from the file of the
		 * base backup and from the lease records it replays, and a standby
		 * cannot know whether any will come.  (The postmaster runs in the
		 * data directory while it loads preloaded libraries.)
		 */
		if (!uuid_seq_persist &&
			(access(STANDBY_SIGNAL_FILE, F_OK) == 0 ||
			 access(RECOVERY_SIGNAL_FILE, F_OK) == 0))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("uuid_seq.persist cannot be off on a server in recovery"),
					 errdetail("A standby or a restore keeps its primary's leases, from the base backup's frontier file and from the lease records it replays, in its frontier file."),
					 errhint("Turn uuid_seq.persist on.")));
#endif
	}
	DefineCustomEnumVariable("uuid_seq.on_overflow",
							 "Sets what a generator does when the steps of the current clock tick are used up.",
							 "advance carries into the next tick, wait spins until the clock gets there, error raises an error.",
							 &uuid_seq_on_overflow,
							 FRONTIER_ADVANCE, on_overflow_options,
							 PGC_USERSET, 0,
							 NULL, NULL, NULL);
	DefineCustomEnumVariable("uuid_seq.v7_rand_a",
							 "Sets what the rand_a field of a generated UUIDv7 holds.",
							 "fraction: the clock's sub-millisecond fraction, up to 4096 values a millisecond; random: random bits, one value a millisecond, so that a facade shows nothing of a value's place within its millisecond.",
							 &uuid_seq_v7_rand_a,
							 V7_RAND_A_FRACTION, v7_rand_a_options,
							 PGC_SUSET, 0,
							 NULL, NULL, NULL);
	DefineCustomStringVariable("uuid_seq.clock_shift",
							   "Sets an interval added to the wall clock by every generator (test servers only).",
							   "For testing clocks that jump or go back, e.g. '-1 hour'.  Never on a production server: where the frontiers are shared (preloaded, or 17+), a shift ahead in one session moves the cluster-wide frontiers of the families it generates: their later keys, in every session and database, stay that far ahead, also after RESET and a restart, until the clock catches up.",
							   &clock_shift_text,
							   "0",
							   PGC_SUSET, 0,
							   check_clock_shift, assign_clock_shift, NULL);
	DefineCustomBoolVariable("uuid_seq.clock_frozen",
							 "Freezes the clock every generator of this session reads.",
							 "For tests that must not depend on speed: the clock stands at the start of the millisecond of its first reading after the setting was turned on, and advances one nanosecond per reading.",
							 &uuid_seq_clock_frozen,
							 false,
							 PGC_SUSET, 0,
							 NULL, assign_clock_frozen, NULL);

	uuid_seq_facade_key_init(preloading);

	reserve_prefix(preloading);

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
