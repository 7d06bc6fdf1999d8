/*
 * uuid_seq.c
 *		Module entry point: one initialisation call per concern.
 *
 * Copyright (c) 2026, the uuid_seq developers.  PostgreSQL License.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "funcs/objectid_funcs.h"
#include "funcs/ulid_funcs.h"
#include "runtime/compat.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/shmem.h"

UUID_SEQ_MODULE_MAGIC;

PGDLLEXPORT void _PG_init(void);

/*
 * What the module sets up when it is loaded: the settings, then, only when
 * preloaded, the shared frontiers and backend slots (with their persistence)
 * and the WAL resource manager that carries them to standbys,
 * ulid_generate_xact()'s transaction callback, and the middle bytes of
 * this server's ObjectIds.  The design of each part
 * is in src/README.
 */
void
_PG_init(void)
{
	bool		preloading = process_shared_preload_libraries_in_progress;

	uuid_seq_guc_init(preloading);
	if (preloading)
	{
		uuid_seq_shmem_init();
		uuid_seq_lease_init();
	}
	uuid_seq_ulid_xact_init();
	uuid_seq_objectid_init();
}
