/*
 * state_funcs.c
 *		Observability (src/README §6): uuid_seq_state(),
 *		uuid_seq_frontiers_in(), the rows behind the uuid_seq_backends view,
 *		uuid_seq_reset_stats() and uuid_seq_library_version().  A uuid
 *		family's values show in the uuid columns (frontier, last_value), an
 *		8-byte family's in the bigint ones (frontier_id, last_id), and one
 *		of another width (a KSUID, an ObjectId) in neither: 1.2's columns
 *		stay, as an update never drops these under their users' views, and
 *		frontier_time shows how far such a family got.
 */
#include "postgres.h"

#include "catalog/pg_authid.h"
#include "fmgr.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/shmem.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_seq_state);
PG_FUNCTION_INFO_V1(uuid_seq_frontiers_in);
PG_FUNCTION_INFO_V1(uuid_seq_backend_stats);
PG_FUNCTION_INFO_V1(uuid_seq_reset_stats);
PG_FUNCTION_INFO_V1(uuid_seq_library_version);

static const char *
origin_name(FrontierOrigin origin)
{
	return origin == ORIGIN_FILE ? "file" : "clock";
}

static const char *
frontiers_in_name(FrontiersIn where)
{
	switch (where)
	{
		case FRONTIERS_SHARED_MEMORY:
			return "shared memory";
		case FRONTIERS_NAMED_SEGMENT:
			return "named segment";
		case FRONTIERS_SESSION:
			break;
	}
	return "session";
}

Datum
uuid_seq_state(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	UuidSeqShared *state = lease_shared();
	bool		shared = state != NULL;

	/*
	 * A shared frontier moves with every value generated in any database of
	 * the cluster: like pg_stat_statements, show it only to roles with the
	 * privileges of pg_read_all_stats.  A backend's own frontiers are its
	 * own business.
	 */
	bool		show_frontier = !shared ||
		has_privs_of_role(GetUserId(), ROLE_PG_READ_ALL_STATS);

	InitMaterializedSRF(fcinfo, 0);
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *family = family_table[id];
		uint64		word = family_frontier(id);
		Datum		values[8];
		bool		nulls[8] = {0};

		values[0] = CStringGetTextDatum(family_names[id]);
		values[1] = BoolGetDatum(shared);
		nulls[2] = nulls[3] = nulls[7] = true;
		if (word != 0 && show_frontier)
		{
			FrontierValue value;

			/*
			 * The smallest value this server hands out at that step: the
			 * family's encoding with every random bit zero (a Snowflake id in
			 * Twitter's epoch, 0 outside its range).  A bigint family's shows
			 * in frontier_id, one of another width in neither.
			 */
			family->encode(family, word, 0, uuid_seq_node_bits, uuid_seq_node_id,
						   &value);
			if (family->value_bytes == FRONTIER_VALUE_BIGINT)
			{
				values[7] = Int64GetDatum(value.id);
				nulls[7] = false;
			}
			else if (family->value_bytes == FRONTIER_VALUE_UUID)
			{
				values[2] = UUIDPGetDatum(family_value_uuid(&value));
				nulls[2] = false;
			}
			values[3] = TimestampTzGetDatum(unix_us_to_timestamptz(
				frontier_word_ns(family, word) / 1000));
			nulls[3] = false;
		}
		if (shared)
			values[4] = CStringGetTextDatum(origin_name(state->origin[id]));
		else
			nulls[4] = true;
		values[5] = Int32GetDatum(uuid_seq_node_id);
		values[6] = Int32GetDatum(uuid_seq_node_bits);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/*
 * Where the frontiers live: fixed from server start (preloaded or not) and
 * by the build (a named segment on 17+), hence STABLE in SQL.
 */
Datum
uuid_seq_frontiers_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(frontiers_in_name(shmem_frontiers_in())));
}

/* Like pg_stat_activity: one's own roles, or everything with pg_read_all_stats. */
static bool
may_see(Oid userid)
{
	return has_privs_of_role(GetUserId(), ROLE_PG_READ_ALL_STATS) ||
		has_privs_of_role(GetUserId(), userid);
}

Datum
uuid_seq_backend_stats(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;

	UuidSeqShared *shared = lease_shared();

	InitMaterializedSRF(fcinfo, 0);
	if (shared == NULL)
		return (Datum) 0;
	for (int i = 0; i < shared->nslots; i++)
	{
		int			pid;
		Oid			userid;
		BackendStats stats;
		Datum		values[8];
		bool		nulls[8] = {0};

		if (!shmem_slot_read(i, &pid, &userid, &stats) || !may_see(userid))
			continue;
		values[0] = Int32GetDatum(pid);
		values[1] = Int64GetDatum((int64) stats.generated);
		values[2] = UUIDPGetDatum(&stats.last_value);
		values[3] = Int64GetDatum((int64) stats.clock_rollbacks);
		values[4] = Int64GetDatum((int64) stats.overflows);
		values[5] = Int64GetDatum(stats.max_drift_ms);
		values[6] = Int64GetDatum((int64) stats.cas_retries);
		values[7] = Int64GetDatum(stats.last_id);
		nulls[2] = stats.generated == 0 || !stats.has_last_value;
		nulls[7] = stats.generated == 0 || !stats.has_last_id;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

Datum
uuid_seq_reset_stats(PG_FUNCTION_ARGS)
{
	(void) lease_shared();
	shmem_reset_stats();
	PG_RETURN_VOID();
}

/*
 * The version of the library this session runs (the control file's
 * default_version when it was built): a server keeps the library it loaded
 * until it restarts, whatever is installed meanwhile.  1.2--1.3.sql makes
 * this function first, so that an update run under an older library stops
 * there, with a message saying to restart.
 */
Datum
uuid_seq_library_version(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(UUID_SEQ_VERSION));
}
