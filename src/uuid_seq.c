/*
 * uuid_seq.c
 *		Module entry point: one initialisation call per concern.
 *
 * Copyright (c) 2026, the uuid_seq developers.  PostgreSQL License.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "guc.h"
#include "shmem.h"
#include "ulid_funcs.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

void
_PG_init(void)
{
	GucInit(process_shared_preload_libraries_in_progress);
	if (process_shared_preload_libraries_in_progress)
		ShmemInit();
	UlidInit();
}
