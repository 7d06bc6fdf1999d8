/*
 * frontier_store.c
 *		The frontier file's I/O: $PGDATA/uuid_seq.frontiers read and
 *		replaced durably (src/README §12), and the encoding of every
 *		family's word (core/frontier_format.c) that it shares with the WAL's
 *		lease records (lease.c).
 *
 * What the words mean and when they are written (or removed) is lease.c's
 * business; this file only reads, replaces and removes the file.  A missing
 * file is normal; an unreadable, truncated, damaged or foreign one is
 * reported with a WARNING and ignored, so the server always starts.
 */
#include "postgres.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/fd.h"

#include "runtime/frontier_store.h"

/* The major recorded in (and required of) every encoding. */
#define PG_MAJOR	(PG_VERSION_NUM / 10000)

/* O_CREAT | O_EXCL alone refuses a symlink (POSIX); some platforms lack this */
#ifndef O_NOFOLLOW
#define O_NOFOLLOW	0
#endif

StaticAssertDecl(FAMILY_COUNT <= FRONTIER_FILE_MAX_FAMILIES,
				 "too many families for the frontier file");

void
frontier_store_encode(uint8 buf[FRONTIER_STORE_BYTES],
					  const uint64 words[FAMILY_COUNT])
{
	frontier_file_encode(buf, PG_MAJOR, words, FAMILY_COUNT);
}

FrontierFileStatus
frontier_store_decode(const uint8 *buf, size_t len,
					  uint64 words[FAMILY_COUNT], bool present[FAMILY_COUNT])
{
	return frontier_file_decode(buf, len, PG_MAJOR, words, present, FAMILY_COUNT);
}

/*
 * The file's bytes into buf (at most size), their count in *len: false,
 * with a WARNING unless the file is simply missing, when it cannot be read.
 */
static bool
read_file_bytes(uint8 *buf, size_t size, size_t *len)
{
	FILE	   *file;

	file = AllocateFile(FRONTIER_FILE_NAME, PG_BINARY_R);
	if (file == NULL)
	{
		if (errno != ENOENT)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("could not read uuid_seq frontier file \"%s\": %m",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
		else
			elog(DEBUG1, "no uuid_seq frontier file, generators start from the clock");
		return false;
	}
	*len = fread(buf, 1, size, file);
	if (ferror(file))
	{
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("could not read uuid_seq frontier file \"%s\": %m",
						FRONTIER_FILE_NAME),
				 errdetail("Generators start from the clock.")));
		FreeFile(file);
		return false;
	}
	FreeFile(file);
	return true;
}

/* Say why a file that was read is ignored: one whole message per problem. */
static void
warn_ignored(FrontierFileStatus status)
{
	switch (status)
	{
		case FRONTIER_FILE_OK:
			break;
		case FRONTIER_FILE_TRUNCATED:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it is truncated",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_MAGIC:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it is not a uuid_seq frontier file",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_WRONG_VERSION:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it was written by a later PostgreSQL major or another format of uuid_seq",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_LATER_FORMAT:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it was written by a later release of uuid_seq",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_CHECKSUM:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": its checksum does not match",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
		case FRONTIER_FILE_BAD_LENGTH:
			ereport(WARNING,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("ignoring uuid_seq frontier file \"%s\": it has the wrong length",
							FRONTIER_FILE_NAME),
					 errdetail("Generators start from the clock.")));
			break;
	}
}

bool
frontier_store_read(uint64 words[FAMILY_COUNT], bool present[FAMILY_COUNT])
{
	/* room for a later release's families (ignored) and a byte too many */
	uint8		buf[FRONTIER_FILE_BYTES(FRONTIER_FILE_MAX_FAMILIES) + 1];
	size_t		len;
	FrontierFileStatus status;

	if (!read_file_bytes(buf, sizeof(buf), &len))
		return false;
	status = frontier_store_decode(buf, len, words, present);
	warn_ignored(status);
	return status == FRONTIER_FILE_OK;
}

/*
 * The .tmp file is always one this call creates: whatever is at its name (the
 * leftover of an interrupted write, a file we may not write, a symlink
 * planted there) is removed first, never opened, and the file is created
 * with O_CREAT | O_EXCL, which fails rather than follow a symlink (so does
 * O_NOFOLLOW, where the platform has it).  durable_rename then fsyncs the
 * .tmp, renames it over the frontier file and fsyncs the directory.  The
 * rename is the only step that changes the frontier file, so a write that
 * fails leaves it as it was; the .tmp is removed on every failure.
 */
bool
frontier_store_write(const uint64 words[FAMILY_COUNT], int elevel)
{
	const char *tmp = FRONTIER_FILE_NAME ".tmp";
	uint8		buf[FRONTIER_STORE_BYTES];
	size_t		len = sizeof(buf);
	int			fd;
	int			save_errno;
	int			rc;

	frontier_store_encode(buf, words);

	if (unlink(tmp) != 0 && errno != ENOENT)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not remove uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}
	fd = OpenTransientFile(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | PG_BINARY);
	if (fd < 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not create uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}

	errno = 0;
	if (write(fd, buf, len) != (ssize_t) len)
	{
		/* a short write that sets no errno is taken to mean a full disk */
		save_errno = errno != 0 ? errno : ENOSPC;
		(void) CloseTransientFile(fd);
		(void) unlink(tmp);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not write uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}
	if (CloseTransientFile(fd) != 0)
	{
		save_errno = errno;
		(void) unlink(tmp);
		errno = save_errno;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not close uuid_seq frontier file \"%s\": %m", tmp)));
		return false;
	}

	/* at elevel ERROR durable_rename throws: remove the .tmp on the way out */
	PG_TRY();
	{
		rc = durable_rename(tmp, FRONTIER_FILE_NAME, elevel);
	}
	PG_CATCH();
	{
		(void) unlink(tmp);
		PG_RE_THROW();
	}
	PG_END_TRY();
	if (rc != 0)
		(void) unlink(tmp);
	return rc == 0;
}

/*
 * The file is removed by unlinking it and fsyncing the data directory
 * (durable_unlink), so that a crash cannot bring it back.  A failure is a
 * WARNING: the server starts all the same.
 */
bool
frontier_store_remove(void)
{
	struct stat st;

	if (stat(FRONTIER_FILE_NAME, &st) != 0)
	{
		if (errno != ENOENT)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("could not remove uuid_seq frontier file \"%s\": %m",
							FRONTIER_FILE_NAME)));
		return false;
	}
	return durable_unlink(FRONTIER_FILE_NAME, WARNING) == 0;
}
