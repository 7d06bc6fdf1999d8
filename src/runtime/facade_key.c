/*
 * facade_key.c
 *		The facade key (src/README §17): uuid_seq.facade_key and
 *		uuid_seq.facade_key_file.
 *
 * uuid_seq.facade_key is a secret: superuser-only to set and to read, left
 * out of SHOW ALL and pg_settings, shown as "(hidden)" to the members of
 * pg_read_all_settings, refused where it would be stored in a catalog
 * every role can read (ALTER DATABASE / ROLE ... SET, a function's SET
 * clause), never quoted in a message, and kept out of the postmaster's log
 * line about a changed setting.  Its check hook parses it once and hands
 * the key, with where it came from, to the assign hook.  That protection
 * exists only where the library is loaded: in a session that has not
 * loaded uuid_seq, a value from the configuration is a placeholder any
 * role can SHOW, and the postmaster of a server that does not preload
 * uuid_seq logs its new value on a reload.  So a configured key is used
 * only when uuid_seq is preloaded.
 *
 * uuid_seq.facade_key_file names a file that holds the key, which works
 * preloaded or not: the setting's value, the only thing a placeholder or
 * a log line can show, is a path.  The file is read at the first use after
 * the library is loaded or the configuration reloaded (a reload applies
 * the setting again, changed or not, and its assign hook forgets the key),
 * and it must be open to the server's OS user alone, as PostgreSQL
 * requires of ssl_key_file.
 */
#include "postgres.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "access/xact.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "utils/elog.h"
#include "utils/guc.h"

#include "core/facade.h"
#include "runtime/compat.h"
#include "runtime/facade_key.h"

#define FACADE_KEY_NAME "uuid_seq.facade_key"
#define FACADE_KEY_FILE_NAME "uuid_seq.facade_key_file"

/* the most a key file may hold: the key, a colon, white space around it */
#define FACADE_KEY_FILE_MAX 128

/* uuid_seq.facade_key as its check hook parsed it (the setting's "extra") */
typedef struct FacadeKeySetting
{
	bool		set;			/* a key, not the empty text */
	bool		from_configuration; /* a file or the server's command line */
	SipKey		key;
} FacadeKeySetting;

static char *facade_key_text = NULL;
static const FacadeKeySetting *facade_key = NULL;

static char *key_file_path = NULL;
static bool key_file_read = false;
static SipKey key_file_key;

/* loaded by shared_preload_libraries */
static bool preloaded = false;

static emit_log_hook_type prev_emit_log_hook = NULL;

/*
 * Parse uuid_seq.facade_key.  Nothing here quotes the value: a message of a
 * check hook replaces the generic one, which would.  A key is refused where
 * it would be stored in a catalog every role can read (PGC_S_TEST is the
 * validation of ALTER DATABASE / ROLE ... SET and of a function's SET
 * clause) or applied from one (a value stored there before uuid_seq was
 * loaded); the empty text, no key, is accepted everywhere.
 */
static bool
check_facade_key(char **newval, void **extra, GucSource source)
{
	FacadeKeySetting setting = {0};
	FacadeKeySetting *copy;

	switch (facade_key_from_text(*newval, strlen(*newval), &setting.key))
	{
		case FACADE_KEY_TEXT_EMPTY:
			break;
		case FACADE_KEY_TEXT_BAD:
			GUC_check_errmsg("invalid value for parameter \"%s\"", FACADE_KEY_NAME);
			GUC_check_errdetail("A facade key is its 16 bytes in 32 hexadecimal digits, k0's 8 then k1's, optionally with a colon between them.");
			return false;
		case FACADE_KEY_TEXT_OK:
			setting.set = true;
			break;
	}
	if (setting.set)
	{
		switch (source)
		{
			case PGC_S_TEST:
			case PGC_S_GLOBAL:
			case PGC_S_DATABASE:
			case PGC_S_USER:
			case PGC_S_DATABASE_USER:
				GUC_check_errcode(ERRCODE_CANT_CHANGE_RUNTIME_PARAM);
				GUC_check_errmsg("%s cannot be set per database, per role or per function", FACADE_KEY_NAME);
				GUC_check_errdetail("Those settings are kept in catalogs that every role can read.");
				GUC_check_errhint("Name a file that holds the key in uuid_seq.facade_key_file.");
				return false;
			case PGC_S_ENV_VAR:
			case PGC_S_FILE:
			case PGC_S_ARGV:
				setting.from_configuration = true;
				break;
			default:
				break;
		}
	}
	copy = guc_malloc(LOG, sizeof(FacadeKeySetting));
	if (copy == NULL)
		return false;
	*copy = setting;
	*extra = copy;
	return true;
}

static void
assign_facade_key(const char *newval, void *extra)
{
	facade_key = extra;
}

/*
 * SHOW and current_setting() show the key to superusers only; the members
 * of pg_read_all_settings, whom GUC_SUPERUSER_ONLY lets through, see this.
 */
static const char *
show_facade_key(void)
{
	if (IsTransactionState() && superuser())
		return facade_key_text;
	return "(hidden)";
}

/* A start or a reload: read the file again at the next use. */
static void
assign_facade_key_file(const char *newval, void *extra)
{
	key_file_read = false;
	explicit_bzero(&key_file_key, sizeof(key_file_key));
}

/*
 * The postmaster logs each setting a reload changes with its new value:
 * keep the key out of the server log.  The format string (message_id) is
 * matched, not the translated message.
 */
static void
redact_facade_key(ErrorData *edata)
{
	if (edata->message_id != NULL && edata->message != NULL &&
		strcmp(edata->message_id, "parameter \"%s\" changed to \"%s\"") == 0 &&
		strstr(edata->message, FACADE_KEY_NAME "\"") != NULL)
		edata->message = psprintf("parameter \"%s\" changed", FACADE_KEY_NAME);
	if (prev_emit_log_hook)
		prev_emit_log_hook(edata);
}

/*
 * A key from the configuration on a server that does not preload uuid_seq:
 * refused at every use (ERROR), and logged where a session loads the
 * library (LOG, without the statement that loaded it).
 */
static void
refuse_configured_key(int elevel)
{
	ereport(elevel,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s is set in the server's configuration, but uuid_seq is not preloaded",
					FACADE_KEY_NAME),
			 errdetail("Without shared_preload_libraries, every role can read the setting in a session that has not loaded uuid_seq, and the server log shows it when a reload changes it."),
			 errhint("Move the key into a file that only the server's operating system user can read, and name that file in uuid_seq.facade_key_file."),
			 errhidestmt(elevel == LOG)));
}

/*
 * Read the key from the file uuid_seq.facade_key_file names (a relative
 * path is taken from the data directory, the backends' working
 * directory).  As PostgreSQL requires of ssl_key_file, the file must be a
 * regular file owned by the server's OS user with no group or other
 * permissions, or owned by root with group read at most.  No message
 * quotes what the file holds.  On an error a file left open is closed at
 * the transaction's abort.
 */
static void
read_key_file(void)
{
	const char *path = key_file_path;
	char		text[FACADE_KEY_FILE_MAX + 1];
	struct stat st;
	ssize_t		len;
	int			fd;
	int			read_errno;
	FacadeKeyTextStatus status;

	/* not blocking: a FIFO opens at once, and fstat() refuses it */
	fd = OpenTransientFile(path, O_RDONLY | O_NONBLOCK | PG_BINARY);
	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open facade key file \"%s\": %m", path)));
	if (fstat(fd, &st) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not stat facade key file \"%s\": %m", path)));
	if (!S_ISREG(st.st_mode))
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("facade key file \"%s\" is not a regular file", path)));
	if (st.st_uid != geteuid() && st.st_uid != 0)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("facade key file \"%s\" must be owned by the database user or root",
						path)));
	if ((st.st_uid == geteuid() && (st.st_mode & (S_IRWXG | S_IRWXO)) != 0) ||
		(st.st_uid == 0 && (st.st_mode & (S_IWGRP | S_IXGRP | S_IRWXO)) != 0))
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("facade key file \"%s\" has group or world access", path),
				 errdetail("File must have permissions u=rw (0600) or less if owned by the database user, or permissions u=rw,g=r (0640) or less if owned by root.")));

	len = read(fd, text, sizeof(text));
	read_errno = errno;
	CloseTransientFile(fd);
	if (len < 0)
	{
		errno = read_errno;
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read facade key file \"%s\": %m", path)));
	}
	status = len > FACADE_KEY_FILE_MAX ? FACADE_KEY_TEXT_BAD :
		facade_key_from_file_text(text, (size_t) len, &key_file_key);
	explicit_bzero(text, sizeof(text));
	if (status != FACADE_KEY_TEXT_OK)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("facade key file \"%s\" does not hold a facade key", path),
				 errdetail("A key file holds the key's 16 bytes in 32 hexadecimal digits, k0's 8 then k1's, optionally with a colon between them, and nothing else but white space.")));
	key_file_read = true;
}

const SipKey *
uuid_seq_facade_key(void)
{
	if (facade_key != NULL && facade_key->set)
	{
		/*
		 * Only a preloaded library defines the setting before any session
		 * runs a statement.  Elsewhere (session_preload_libraries included,
		 * which a role or database setting can scope) the configured value
		 * has been a placeholder.
		 */
		if (facade_key->from_configuration && !preloaded)
			refuse_configured_key(ERROR);
		if (facade_key->from_configuration && key_file_path[0] != '\0')
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("uuid_seq.facade_key and uuid_seq.facade_key_file are both set in the server's configuration"),
					 errhint("Remove uuid_seq.facade_key from the configuration.")));
		return &facade_key->key;
	}
	if (key_file_path[0] == '\0')
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("no facade key is set"),
				 errhint("Name a file that holds the key (32 hexadecimal digits) in uuid_seq.facade_key_file, or pass the key as the second argument.")));
	if (!key_file_read)
		read_key_file();
	return &key_file_key;
}

void
uuid_seq_facade_key_init(bool preloading)
{
	preloaded = preloading;
	if (preloading)
	{
		prev_emit_log_hook = emit_log_hook;
		emit_log_hook = redact_facade_key;
	}

	DefineCustomStringVariable(FACADE_KEY_NAME,
							   "Sets the key of uuid_v7_facade() and uuid_v7_from_facade() without a key argument.",
							   "32 hexadecimal digits: the 16 bytes of k0, then k1, each little-endian, optionally with a colon between them; empty for none.  From the configuration only when uuid_seq is preloaded: use uuid_seq.facade_key_file.",
							   &facade_key_text,
							   "",
							   PGC_SUSET,
							   GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE,
							   check_facade_key, assign_facade_key, show_facade_key);
	DefineCustomStringVariable(FACADE_KEY_FILE_NAME,
							   "Sets the file that holds the key of uuid_v7_facade() and uuid_v7_from_facade() without a key argument.",
							   "The key as uuid_seq.facade_key takes it; the file must be readable by the server's operating system user alone.  A relative path is taken from the data directory.  Empty for none.",
							   &key_file_path,
							   "",
							   PGC_SIGHUP,
							   GUC_SUPERUSER_ONLY,
							   NULL, assign_facade_key_file, NULL);

	if (!preloading && facade_key != NULL && facade_key->from_configuration)
		refuse_configured_key(LOG);
}
