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
 * A server replaying these records must have the resource manager
 * registered (uuid_seq preloaded with uuid_seq.wal_frontiers = on), or its
 * recovery stops; hence the setting is off by default and its procedure
 * (standbys first) is in the README.  Custom resource managers exist from
 * PostgreSQL 15 on; before, the setting cannot be turned on (guc.c).
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
	if (frontier_file_decode((const uint8 *) XLogRecGetData(record),
							 XLogRecGetDataLen(record), PG_MAJOR,
							 words, present, GENERATOR_COUNT) != FRONTIER_FILE_OK)
		elog(PANIC, "uuid_seq_redo: damaged lease record");
	persist_replay(uuid_seq_shared, words, present);
}

static void
uuid_seq_desc(StringInfo buf, XLogReaderState *record)
{
	appendStringInfo(buf, "%u bytes of frontier leases", XLogRecGetDataLen(record));
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
	if (uuid_seq_wal_frontiers)
		RegisterCustomRmgr(UUID_SEQ_RMGR_ID, &uuid_seq_rmgr);
}

void
wal_log_leases(const uint64 leases[GENERATOR_COUNT])
{
	uint8		buf[FRONTIER_FILE_MAX_FAMILIES * 12 + 64];
	size_t		len = frontier_file_size(GENERATOR_COUNT);
	XLogRecPtr	lsn;

	if (!uuid_seq_wal_frontiers || RecoveryInProgress())
		return;
	frontier_file_encode(buf, PG_MAJOR, leases, GENERATOR_COUNT);
	XLogBeginInsert();
	XLogRegisterData((char *) buf, (int) len);
	lsn = XLogInsert(UUID_SEQ_RMGR_ID, XLOG_UUID_SEQ_LEASES);
	XLogFlush(lsn);
}

#else							/* !UUID_SEQ_HAVE_CUSTOM_RMGR */

void
WalInit(void)
{
}

void
wal_log_leases(const uint64 leases[GENERATOR_COUNT])
{
}

#endif							/* UUID_SEQ_HAVE_CUSTOM_RMGR */
