/*
 * raise_columns.h
 *		The key columns of uuid_seq_raise_frontiers(): what finding them
 *		(raise_columns.c) and reading their defaults (raise_default.c)
 *		records of each, what reading one (raise_read.c) yields, and the
 *		extension's objects they use.
 *		funcs/raise_frontiers.c raises the families and lists the columns.
 */
#ifndef UUID_SEQ_RAISE_COLUMNS_H
#define UUID_SEQ_RAISE_COLUMNS_H

#include "access/attnum.h"
#include "datatype/timestamp.h"
#include "nodes/pg_list.h"

#include "core/allocator.h"
#include "core/raise_plan.h"
#include "core/registry.h"
#include "core/typeid.h"

/*
 * What the caller of uuid_seq_raise_frontiers() asked for, as the
 * statement keeps to it.  The horizon: keys whose tick lies after
 * horizon_at_ns (the clock + `horizon`, raise_horizon_at_ns()) are not
 * raised to, nor is a frontier raised past it.  Beyond lie keys of another
 * kind (any 128 bits read as a ULID, and a COMB ignores the version, so a
 * random uuid reads as one of a random time) and placeholders of a
 * far-future time; a raise to them would carry the family's frontier there
 * for good.  The messages state it as horizon_text.
 */
typedef struct RaiseOptions
{
	int64		clock_ns;		/* the server's clock, as the generators read it */
	int64		horizon_at_ns;	/* the horizon, Unix ns (INT64_MAX: none) */
	char		horizon_text[RAISE_INTERVAL_TEXT_MAX];
	int			lock_wait_ms;	/* each lock's wait at most (0: none) */
	char		lock_wait_text[RAISE_INTERVAL_TEXT_MAX];
} RaiseOptions;

/* The order a column is read in: its family's. */
typedef enum ReadOrder
{
	ORDER_UUID,					/* uuid order */
	ORDER_SQLSERVER,			/* SQL Server order ('sqlserver' COMBs) */
	ORDER_INT8,					/* 8-byte ids */
	ORDER_TYPEID,				/* TypeID text: its uuid's order */
	ORDER_BYTES					/* a type of the extension in byte order (ksuid) */
} ReadOrder;

/*
 * Why a key column is not raised: funcs/raise_frontiers.c's warn_skip()
 * gives each its own message.
 */
typedef enum SkipReason
{
	SKIP_NONE,
	/* the default (raise_default.c) */
	SKIP_NOT_PLAIN_CALL,		/* no plain call of a generator */
	SKIP_CONVERTED,				/* a generator's value converted (skip_type) */
	SKIP_TYPE_MISMATCH,			/* a type that holds no such value (skip_type) */
	SKIP_COMB_NOT_CONSTANT,		/* a COMB layout or strategy not a constant */
	SKIP_COMB_NO_FAMILY,		/* a COMB layout and strategy naming none */
	SKIP_EPOCH_NOT_CONSTANT,	/* a Snowflake epoch not a constant */
	SKIP_EPOCH_NOT_WHOLE_MS,	/* a Snowflake epoch not a finite whole ms */
	SKIP_SHIFT_NOT_CONSTANT,	/* a uuidv7() shift not a constant */
	SKIP_SHIFT_OUT_OF_RANGE,	/* a uuidv7() shift leaving the range */
	SKIP_BAD_PREFIX,			/* a TypeID prefix breaking the rule */
	/* the relation */
	SKIP_VIEW,					/* a view's column */
	SKIP_FOREIGN_TABLE,			/* a foreign table's column */
	SKIP_NOT_TABLE,				/* any other relation's */
	/* changed while the statement waited for the lock (raise_read.c) */
	SKIP_RELKIND_CHANGED,
	SKIP_TYPE_CHANGED,
	SKIP_DEFAULT_CHANGED,
	/* a lock not had (raise_read.c): the table's, or skip_partition's */
	SKIP_LOCK_TIMEOUT,			/* held by another session past lock_wait */
	SKIP_DEADLOCK,				/* waiting for it deadlocked */
	/* the raise (funcs/raise_frontiers.c) */
	SKIP_SNOWFLAKE_LAST_MS,		/* the largest id in its epoch's last ms */
	SKIP_NO_VALUE_ABOVE,		/* the largest key in its family's last tick */
	SKIP_PAST_HORIZON			/* the word it needs lies past the horizon */
} SkipReason;

/* The extension's objects in this database. */
typedef struct ExtensionObjects
{
	Oid			extension;
	Oid			sqlguid;		/* the type sqlguid */
	Oid			ulid;			/* the type ulid (1.4) */
	Oid			ulid_family;	/* its default btree family, ulid_btree_ops */
	Oid			sqlserver_family;	/* btree uuid_sqlserver_ops */
	Oid			uuid_family;	/* core's btree uuid_ops */
	List	   *generator_oids; /* member functions that take a step */
	List	   *generators;		/* their RaiseGenerator, in the same order */
} ExtensionObjects;

/* What a default's generator call means: how the column's values read. */
typedef struct KeyCall
{
	const RaiseGenerator *generator;
	bool		has_family;
	FamilyId	family;
	ReadOrder	order;
	int64		epoch_ms;		/* a Snowflake epoch */
	Interval	shift;			/* uuidv7(shift) */
	char	   *prefix;			/* a TypeID prefix; NULL: any */
} KeyCall;

/* What reading a key column yields (raise_read.c). */
typedef struct ColumnRead
{
	/*
	 * The horizon (RaiseOptions): keys of a later tick are not raised to.
	 * bound: the least value of the tick after it, in value_of_family()'s
	 * form, where a key can lie there.
	 */
	bool		has_horizon;
	bool		none_plausible; /* the horizon lies before the family's range */
	uint64		horizon_tick;	/* the last tick raised to */
	bool		has_bound;
	FrontierValue bound;
	char	   *bound_text;		/* a TypeID's bound as text */
	uint64		beyond;			/* keys counted beyond the horizon */
	bool		beyond_uncounted;	/* keys found beyond it, not counted */
	uint64		beyond_tick;	/* the least tick of a key beyond it */

	/* the largest value of the family found within the horizon */
	bool		found;
	FrontierValue value;		/* a uuid, an id, a TypeID's uuid */
	char		found_prefix[TYPEID_PREFIX_MAX + 1];	/* a TypeID's prefix */
	uint64		tick;
} ColumnRead;

/* A column whose default calls a generator: as found, as read, as raised. */
typedef struct KeyColumn
{
	/* found in the catalog; kind, number, type and default checked again */
	Oid			relid;
	char		relkind;
	bool		relispartition;
	char	   *nspname;
	char	   *relname;
	AttrNumber	attnum;
	NameData	attname;
	Oid			atttypid;
	char	   *default_text;	/* the default's adbin */
	bool		sqlguid;		/* the column holds sqlguid (below domains) */
	bool		ulid;			/* the column holds ulid (below domains) */
	KeyCall		call;

	SkipReason	skip;			/* why it is not raised, or SKIP_NONE */
	Oid			skip_typid;		/* the type SKIP_CONVERTED, _TYPE_MISMATCH name */
	int32		skip_typmod;	/* (SKIP_TYPE_MISMATCH's) */
	char	   *skip_partition_nsp; /* the partition a lock was not had of */
	char	   *skip_partition;
	bool		covered;		/* read as part of a partitioned table */
	bool		gone;			/* dropped while the statement waited for it */

	ColumnRead	read;

	/* the raise */
	bool		raisable;
	uint64		word;
	bool		raised;
} KeyColumn;

/* raise_columns.c: finding the columns */
extern void find_extension_objects(ExtensionObjects *ext);
extern List *find_key_columns(const ExtensionObjects *ext);
extern void mark_covered_partitions(List *columns);

/* raise_default.c: what a column's default means */
extern SkipReason analyse_default(KeyColumn *col, Oid typid, int32 typmod,
								  const ExtensionObjects *ext);
extern char *attrdef_text(Oid relid, AttrNumber attnum);
extern char *domain_default_text(Oid typid);
extern char *effective_default_text(Oid relid, AttrNumber attnum, Oid typid);

/* raise_read.c: reading a column's greatest key */
extern void set_horizon(KeyColumn *col, const RaiseOptions *opts);
extern void read_column(KeyColumn *col, const ExtensionObjects *ext, const RaiseOptions *opts,
						MemoryContext per_value, List **leaves);

#endif							/* UUID_SEQ_RAISE_COLUMNS_H */
