/*
 * wal.c
 *		Carrying the shared frontiers to standbys through the WAL
 *		(uuid_seq.wal_frontiers, src/README §13).
 *
 * A primary logs the leases of every family whenever it renews them (at
 * most about once per second of frontier progress, never once per value),
 * as sequences log values ahead of the ones they hand out.  A record's body
 * is the frontier file's encoding (core/frontier_file.c), so families are
 * numbered as in the file and a record of an earlier release replays.
 * Replaying it (on a standby, or in the primary's own crash recovery) raises
 * the frontiers to the leases, so that after a promotion generation
 * continues above every value the primary handed out under a lease the
 * standby had received.
 *
 * The resource manager is registered whenever the library is preloaded
 * (PostgreSQL 15 and later), whatever uuid_seq.wal_frontiers says: a server
 * that meets these records (the setting was turned off after an unclean
 * stop, an archive recovery of a backup taken while it was on) replays them.
 * The setting decides only whether leases are logged.  Custom resource
 * managers exist from PostgreSQL 15 on; before, the setting cannot be
 * turned on (guc.c).
 */
#include "postgres.h"

#include "compat.h"
#include "core/frontier_file.h"
#include "guc.h"
#include "persist.h"
#include "wal.h"

#ifdef UUID_SEQ_HAVE_CUSTOM_RMGR

#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "lib/stringinfo.h"

#define XLOG_UUID_SEQ_LEASES	0x00

#define PG_MAJOR	(PG_VERSION_NUM / 10000)

static void
uuid_seq_redo(XLogReaderState *record)
{
	uint64		words[GENERATOR_COUNT] = {0};
	bool		present[GENERATOR_COUNT] = {0};
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;

	if (info != XLOG_UUID_SEQ_LEASES)
		elog(PANIC, "uuid_seq_redo: unknown op code %u", info);
	switch (frontier_file_decode((const uint8 *) XLogRecGetData(record),
								 XLogRecGetDataLen(record), PG_MAJOR,
								 words, present, GENERATOR_COUNT))
	{
		case FRONTIER_FILE_OK:
			break;
		case FRONTIER_FILE_LATER_FORMAT:
			/* a primary running a later uuid_seq than this server */
			ereport(FATAL,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("uuid_seq cannot replay a lease record of a later release"),
					 errdetail("The primary's uuid_seq writes a frontier format later than %d, the one uuid_seq %s reads.",
							   FRONTIER_FILE_FORMAT, UUID_SEQ_VERSION),
					 errhint("Install the primary's version of uuid_seq on this server, then start it again.")));
			break;
		default:
			elog(PANIC, "uuid_seq_redo: damaged lease record");
	}
	persist_replay(uuid_seq_shared, words, present);
}

/* The leases of a record, by family name (pg_walinspect shows them). */
static void
uuid_seq_desc(StringInfo buf, XLogReaderState *record)
{
	uint64		words[GENERATOR_COUNT] = {0};
	bool		present[GENERATOR_COUNT] = {0};
	const char *sep = "";

	if (frontier_file_decode((const uint8 *) XLogRecGetData(record),
							 XLogRecGetDataLen(record), PG_MAJOR,
							 words, present, GENERATOR_COUNT) != FRONTIER_FILE_OK)
	{
		appendStringInfo(buf, "undecodable, %u bytes", XLogRecGetDataLen(record));
		return;
	}
	for (int i = 0; i < GENERATOR_COUNT; i++)
	{
		if (!present[i])
			continue;
		appendStringInfo(buf, "%s%s " UINT64_FORMAT, sep, generator_names[i], words[i]);
		sep = ", ";
	}
}

static const char *
uuid_seq_identify(uint8 info)
{
	return (info & ~XLR_INFO_MASK) == XLOG_UUID_SEQ_LEASES ? "LEASES" : NULL;
}

static RmgrData uuid_seq_rmgr = {
	.rm_name = "uuid_seq",
	.rm_redo = uuid_seq_redo,
	.rm_desc = uuid_seq_desc,
	.rm_identify = uuid_seq_identify,
};

void
WalInit(void)
{
	RegisterCustomRmgr(UUID_SEQ_RMGR_ID, &uuid_seq_rmgr);
}

bool
wal_log_leases(const uint64 leases[GENERATOR_COUNT])
{
	uint8		buf[FRONTIER_FILE_MAX_FAMILIES * 12 + 64];
	size_t		len = frontier_file_size(GENERATOR_COUNT);
	XLogRecPtr	lsn;

	if (!uuid_seq_wal_frontiers)
		return true;
	if (RecoveryInProgress())
		return false;
	frontier_file_encode(buf, PG_MAJOR, leases, GENERATOR_COUNT);
	XLogBeginInsert();
	XLogRegisterData((char *) buf, (int) len);
	lsn = XLogInsert(UUID_SEQ_RMGR_ID, XLOG_UUID_SEQ_LEASES);
	XLogFlush(lsn);
	return true;
}

#else							/* !UUID_SEQ_HAVE_CUSTOM_RMGR */

void
WalInit(void)
{
}

bool
wal_log_leases(const uint64 leases[GENERATOR_COUNT])
{
	return true;
}

#endif							/* UUID_SEQ_HAVE_CUSTOM_RMGR */
