/*
 * compat.h
 *		Shims for the PostgreSQL releases uuid_seq builds against (13 to 19).
 *		Each #if names the release that changed the API.
 */
#ifndef UUID_SEQ_COMPAT_H
#define UUID_SEQ_COMPAT_H

#include "funcapi.h"
#include "miscadmin.h"
#include "storage/proc.h"
#include "utils/guc.h"
#include "utils/tuplestore.h"

/*
 * 18 added PG_MODULE_MAGIC_EXT, which also records the module's name and
 * version (shown by pg_get_loaded_modules()).  UUID_SEQ_VERSION is the
 * control file's default_version (the Makefile passes it).
 */
#ifdef PG_MODULE_MAGIC_EXT
#define UUID_SEQ_MODULE_MAGIC \
	PG_MODULE_MAGIC_EXT(.name = "uuid_seq", .version = UUID_SEQ_VERSION)
#else
#define UUID_SEQ_MODULE_MAGIC PG_MODULE_MAGIC
#endif

/*
 * 16 moved the varlena macros (VARDATA, SET_VARSIZE, ...) out of postgres.h
 * into varatt.h.
 */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * 15 renamed EmitWarningsOnPlaceholders to MarkGUCPrefixReserved, which
 * also removes each placeholder of the prefix that it warns of, with
 * another message (its format is UUID_SEQ_PLACEHOLDER_WARNING).
 */
#if PG_VERSION_NUM < 150000
#define MarkGUCPrefixReserved(prefix) EmitWarningsOnPlaceholders(prefix)
#define UUID_SEQ_PLACEHOLDER_WARNING "unrecognized configuration parameter \"%s\""
#else
#define UUID_SEQ_PLACEHOLDER_WARNING "invalid configuration parameter name \"%s\", removing it"
#endif

/*
 * 15 added ssup_datum_unsigned_cmp, the comparator of abbreviated keys that
 * are unsigned integers (and sorts them with a specialised quicksort).
 */
#if PG_VERSION_NUM < 150000
#include "utils/sortsupport.h"

static inline int
ssup_datum_unsigned_cmp(Datum x, Datum y, SortSupport ssup)
{
	return (x > y) - (x < y);
}
#endif

/* 15 added custom WAL resource managers (RegisterCustomRmgr). */
#if PG_VERSION_NUM >= 150000
#define UUID_SEQ_HAVE_CUSTOM_RMGR 1
#endif

/* 15 added shmem_request_hook; before it, request from _PG_init. */
#if PG_VERSION_NUM >= 150000
#define UUID_SEQ_HAVE_SHMEM_REQUEST_HOOK 1
#endif

/*
 * 16 builds modules with -fvisibility=hidden and makes PGDLLEXPORT (which
 * PG_FUNCTION_INFO_V1, PG_MODULE_MAGIC and _PG_init carry) mark a symbol
 * visible.  The Makefile builds with -fvisibility=hidden on every major, so
 * that only those symbols are exported; before 16 PGDLLEXPORT is empty here
 * and must say so itself.
 */
#if PG_VERSION_NUM < 160000 && defined(__GNUC__)
#undef PGDLLEXPORT
#define PGDLLEXPORT __attribute__((visibility("default")))
/* and the function itself, which 16 declares PGDLLEXPORT too */
#undef PG_FUNCTION_INFO_V1
#define PG_FUNCTION_INFO_V1(funcname) \
extern PGDLLEXPORT Datum funcname(PG_FUNCTION_ARGS); \
extern PGDLLEXPORT const Pg_finfo_record * CppConcat(pg_finfo_,funcname)(void); \
const Pg_finfo_record * \
CppConcat(pg_finfo_,funcname) (void) \
{ \
	static const Pg_finfo_record my_finfo = { 1 }; \
	return &my_finfo; \
} \
extern int no_such_variable
#endif

/* 16 moves GUC "extra" memory into a context managed by guc_malloc/guc_free. */
#if PG_VERSION_NUM < 160000
#define guc_malloc(elevel, size) malloc(size)
#endif

/*
 * 17 added the DSM registry (storage/dsm_registry.h): GetNamedDSMSegment()
 * attaches a segment by name, shared by every backend, without preloading;
 * its init callback runs once, in the backend that creates the segment.
 * 19 added an argument passed through to that callback (NULL here: uuid_seq
 * has none to pass).
 */
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#define UUID_SEQ_HAVE_DSM_REGISTRY 1
#endif
#if PG_VERSION_NUM >= 190000
#define UUID_SEQ_DSM_INIT_ARGS(ptr) void *ptr, void *arg
#define uuid_seq_get_named_segment(name, size, init, found) \
	GetNamedDSMSegment(name, size, init, found, NULL)
#else
#define UUID_SEQ_DSM_INIT_ARGS(ptr) void *ptr
#define uuid_seq_get_named_segment(name, size, init, found) \
	GetNamedDSMSegment(name, size, init, found)
#endif

/*
 * 19 names an LWLock tranche where it makes one, for every process
 * (LWLockNewTrancheId(name)); before, each process that uses the tranche
 * registers its name (LWLockRegisterTranche), or its locks show as
 * "extension".
 */
#if PG_VERSION_NUM >= 190000
#define uuid_seq_new_tranche(name) LWLockNewTrancheId(name)
#define uuid_seq_register_tranche(id, name) ((void) 0)
#else
#define uuid_seq_new_tranche(name) LWLockNewTrancheId()
#define uuid_seq_register_tranche(id, name) LWLockRegisterTranche(id, name)
#endif

/*
 * 17 added wait events an extension names (WaitEventExtensionNew, in any
 * backend), shown by their name in pg_stat_activity.wait_event; before, an
 * extension's waits all show as "Extension".  Both are of type Extension.
 */
#if PG_VERSION_NUM >= 170000
#include "utils/wait_event.h"
#define uuid_seq_wait_event(name) WaitEventExtensionNew(name)
#else
#include "pgstat.h"
#define uuid_seq_wait_event(name) PG_WAIT_EXTENSION
#endif

/* 17 replaced PGPROC.pgprocno with MyProcNumber (storage/procnumber.h). */
#if PG_VERSION_NUM >= 170000
#include "storage/procnumber.h"
#define UUID_SEQ_MY_PROC_NUMBER MyProcNumber
#else
#define UUID_SEQ_MY_PROC_NUMBER (MyProc->pgprocno)
#endif

/*
 * 15 put DLSUFFIX (the shared library suffix) into pg_config.h; before, only
 * the server's own build defined it.  The platforms uuid_seq builds on
 * before 15 use ".so".
 */
#ifndef DLSUFFIX
#define DLSUFFIX ".so"
#endif

/*
 * 14 added getObjectDescription()'s missing_ok argument (the caller
 * includes catalog/objectaddress.h).
 */
#if PG_VERSION_NUM >= 140000
#define uuid_seq_object_description(object) getObjectDescription(object, false)
#else
#define uuid_seq_object_description(object) getObjectDescription(object)
#endif

/* 14 renamed the default role constants DEFAULT_ROLE_* to ROLE_PG_*. */
#if PG_VERSION_NUM < 140000
#define ROLE_PG_READ_ALL_STATS DEFAULT_ROLE_READ_ALL_STATS
#endif

/*
 * 18 replaced pg_attribute_noreturn(), written after a declarator, with
 * pg_noreturn, written before it.
 */
#ifndef pg_noreturn
#define pg_noreturn __attribute__((noreturn))
#endif

/*
 * 16 added soft error reporting to input functions: an input error is
 * returned instead of raised.  Before it, catch the error, and return false
 * only for a data exception (SQLSTATE class 22, what bad input raises);
 * anything else is raised again.  Calls input(text) with no type modifier.
 */
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"

static inline bool
input_function_call_safe(PGFunction input, const char *text, Datum *result)
{
	ErrorSaveContext escontext = {T_ErrorSaveContext};

	return DirectInputFunctionCallSafe(input, unconstify(char *, text), InvalidOid, -1,
									   (Node *) &escontext, result);
}
#else
static inline bool
input_function_call_safe(PGFunction input, const char *text, Datum *result)
{
	MemoryContext oldcontext = CurrentMemoryContext;
	volatile bool ok = true;

	PG_TRY();
	{
		*result = DirectFunctionCall3(input, CStringGetDatum(text),
									  ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
	}
	PG_CATCH();
	{
		ErrorData  *edata;

		MemoryContextSwitchTo(oldcontext);
		edata = CopyErrorData();
		if (ERRCODE_TO_CATEGORY(edata->sqlerrcode) != ERRCODE_DATA_EXCEPTION)
			PG_RE_THROW();
		FreeErrorData(edata);
		FlushErrorState();
		ok = false;
	}
	PG_END_TRY();
	return ok;
}
#endif

/*
 * 15.1 named InitMaterializedSRF (15.0 called it SetSingleFuncCall); before
 * 15, set up the tuplestore of a materialize-mode set-returning function by
 * hand.
 */
#if PG_VERSION_NUM < 150001
static inline void
InitMaterializedSRF(FunctionCallInfo fcinfo, bits32 flags)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext oldcontext;
	TupleDesc	tupdesc;

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) ||
		!(rsinfo->allowedModes & SFRM_Materialize))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("set-valued function called in context that cannot accept a set")));
	oldcontext = MemoryContextSwitchTo(rsinfo->econtext->ecxt_per_query_memory);
	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	rsinfo->returnMode = SFRM_Materialize;
	rsinfo->setResult = tuplestore_begin_heap(true, false, work_mem);
	rsinfo->setDesc = CreateTupleDescCopy(tupdesc);
	MemoryContextSwitchTo(oldcontext);
}
#endif

/*
 * 18 added index_beginscan()'s instrumentation argument; 19 added a flags
 * argument to it and to table_beginscan().  Both here: a scan of a whole
 * table or index with `nkeys` keys, no ORDER BY keys, no instrumentation
 * (the caller includes access/genam.h and access/tableam.h).
 */
#if PG_VERSION_NUM >= 190000
#define uuid_seq_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan(heap, index, snapshot, NULL, nkeys, 0, SO_NONE)
#define uuid_seq_table_beginscan(rel, snapshot) \
	table_beginscan(rel, snapshot, 0, NULL, SO_NONE)
#elif PG_VERSION_NUM >= 180000
#define uuid_seq_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan(heap, index, snapshot, NULL, nkeys, 0)
#define uuid_seq_table_beginscan(rel, snapshot) table_beginscan(rel, snapshot, 0, NULL)
#else
#define uuid_seq_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan(heap, index, snapshot, nkeys, 0)
#define uuid_seq_table_beginscan(rel, snapshot) table_beginscan(rel, snapshot, 0, NULL)
#endif

#endif							/* UUID_SEQ_COMPAT_H */
