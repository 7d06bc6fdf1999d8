/*
 * raise_frontiers.c
 *		uuid_seq_raise_frontiers(): after a move off a server (a restore,
 *		pg_upgrade, a logical-replication switchover), raise every family's
 *		frontier above every key column of the current database whose
 *		DEFAULT calls one of its generators, in one statement, as pg_dump's
 *		setval() calls do for sequences (src/README §12, "Frontiers that
 *		travel").
 *
 * Finding the columns.  The generators are the extension's member C
 * functions whose symbol core/raise_plan.c knows, found through pg_depend
 * from the extension this function belongs to (and sqlguid by what it is,
 * is_sqlguid()): never by name, so neither
 * search_path, a relocated schema nor a look-alike function in another
 * schema changes what is found (core 18's pg_catalog.uuidv7() is not
 * uuid_seq's and is not found).  The defaults that call one are their
 * pg_attrdef dependents, and the defaults of their pg_type dependents
 * (domains) for the columns of those domains (and of domains over them)
 * without a default of their own; any other dependent (a function that
 * wraps a generator, a view, a rule) gets a WARNING.  A default counts
 * when, below binary-compatible casts, domains, collations and length
 * coercions, it is one generator call whose arguments that matter are
 * constants (a COMB's layout and strategy, a Snowflake epoch, a uuidv7()
 * shift, a TypeID prefix), and the column's type holds the generator's
 * values; any other such column is listed with raised NULL and a WARNING
 * saying why, and left to the one-column uuid_seq_raise_frontier().
 *
 * Reading the largest value.  No query is planned or run: each table is
 * read here with the table and index access methods, so nothing a table's
 * owner defines takes part (row security policies, rules, views,
 * user-defined operators or operator classes, inheritance children;
 * triggers never fire on reads).  A table is locked (AccessShareLock)
 * first, checked again under the lock (its kind: a table turned into a view
 * meanwhile has nothing to scan; its column's number, type and default),
 * and read under an MVCC snapshot taken after the lock (read_column());
 * the lock is released once the table is read.
 * Where a valid, non-partial btree index has the column as its first key
 * and orders it in the family's order (core's uuid_ops, uuid_seq's
 * uuid_sqlserver_ops for the 'sqlserver' COMBs, integer_ops for 8-byte ids,
 * text in byte order for a TypeID prefix), the index is read from its end
 * until a value of the family appears (another version, a TypeID of
 * another prefix, a negative id are passed over); otherwise the heap is
 * read whole.  A partitioned table's column is read in every leaf
 * partition it has under its lock (its partitions' own defaults, when they
 * are the same call, are not listed again; a partition it no longer has,
 * detached meanwhile, is read and listed on its own); a table with
 * inheritance children is read alone,
 * the children having defaults of their own.  Views and foreign tables are
 * listed, not read.  Other sessions' temporary tables are left out.
 *
 * The horizon.  Keys more than HORIZON_NS (a day) ahead of the server's
 * clock, as the generators read it, are passed over, with a WARNING per
 * column: such keys are of another kind (a random uuid reads as a ULID or
 * a COMB of a random time) or placeholders, and a raise to them would
 * carry the family's frontier there for good.  A uuidv7(shift) key lies
 * the shift from its step: its horizon is the clock's shifted as the
 * generator shifts a step.  An index is read from the horizon's bound down
 * (a scan key), never key by key through them.  And one rule no column
 * breaks, whatever its keys: the word it would raise its family to lies
 * in the horizon's tick or before, and below the family's last word
 * (keep_to_horizon()); a column that would break it is not raised.
 *
 * Raising.  Each column's largest value gives the least frontier word
 * above which this server's values lie above it (core/raise_plan.c's
 * raise_value_word(): its own word, or for the families whose node id
 * lies above the counter, one that depends on this server's node id; for
 * uuidv7(shift), the step's, the shift undone with the generator's own
 * interval arithmetic in UTC: exact for days and time, the last step that
 * can have given the key's millisecond for months).  Each family is raised once, to the largest of its columns'
 * words, through lease_raise_frontier(), durably like
 * uuid_seq_raise_frontier().  A column's `raised` says whether its word lay
 * above the frontier that raise found, so keys this server made itself
 * raise nothing, and a repeat is a no-op.  Superuser only (in C too, for it
 * reads every table whatever its privileges), preloaded only.
 */
#include "postgres.h"

#include <math.h>

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/relation.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "access/tableam.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/namespace.h"
#include "catalog/partition.h"
#include "catalog/pg_am.h"
#include "catalog/pg_attrdef.h"
#include "catalog/pg_attribute.h"
#include "catalog/pg_class.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_language.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_opfamily.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_rewrite.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "common/int.h"
#include "parser/parse_coerce.h"
#include "executor/tuptable.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "rewrite/rewriteSupport.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/regproc.h"
#include "utils/rel.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/comb.h"
#include "core/id64.h"
#include "core/raise_plan.h"
#include "core/rfc9562.h"
#include "core/sqlserver_order.h"
#include "core/typeid.h"
#include "runtime/compat.h"
#include "runtime/family.h"
#include "runtime/guc.h"
#include "runtime/lease.h"
#include "runtime/timeconv.h"

PG_FUNCTION_INFO_V1(uuid_seq_raise_frontiers);

/* The order a column is read in: its family's. */
typedef enum ReadOrder
{
	ORDER_UUID,					/* uuid order */
	ORDER_SQLSERVER,			/* SQL Server order ('sqlserver' COMBs) */
	ORDER_INT8,					/* 8-byte ids */
	ORDER_TYPEID				/* TypeID text: its uuid's order */
} ReadOrder;

/* The extension's objects in this database. */
typedef struct ExtensionObjects
{
	Oid			extension;
	Oid			sqlguid;		/* the type sqlguid */
	Oid			sqlserver_family;	/* btree uuid_sqlserver_ops */
	Oid			uuid_family;	/* core's btree uuid_ops */
	List	   *generator_oids; /* member functions that take a step */
	List	   *generators;		/* their RaiseGenerator, in the same order */
} ExtensionObjects;

/* The generator that member function procoid is, or NULL. */
static const RaiseGenerator *
member_generator(const ExtensionObjects *ext, Oid procoid)
{
	ListCell   *lo;
	ListCell   *lg;

	forboth(lo, ext->generator_oids, lg, ext->generators)
		if (lfirst_oid(lo) == procoid)
			return lfirst(lg);
	return NULL;
}

/* A column whose default calls a generator, and what reading it found. */
typedef struct KeyColumn
{
	Oid			relid;
	char		relkind;
	bool		relispartition;
	char	   *nspname;
	char	   *relname;
	AttrNumber	attnum;
	NameData	attname;

	/* the call */
	const RaiseGenerator *generator;
	bool		has_family;
	FamilyId	family;
	ReadOrder	order;
	int64		epoch_ms;		/* a Snowflake epoch */
	Interval	shift;			/* uuidv7(shift) */
	char	   *prefix;			/* a TypeID prefix; NULL: any */
	bool		sqlguid;		/* the column holds sqlguid (below domains) */
	const char *skip;		/* why it is not read, or NULL */
	bool		covered;		/* read as part of a partitioned table */
	bool		gone;			/* dropped while the statement waited for it */

	/* what was found in the catalog, checked again under the table's lock */
	Oid			atttypid;
	char	   *default_text;	/* the default's adbin */

	/*
	 * The horizon (HORIZON_NS past the server's clock): keys of a later tick
	 * are not raised to.  bound: the least value of the tick after it, in
	 * value_of_family()'s form, where a key can lie there.
	 */
	bool		has_horizon;
	bool		none_plausible; /* the horizon lies before the family's range */
	uint64		horizon_tick;	/* the last tick raised to */
	bool		has_bound;
	FrontierValue bound;
	char	   *bound_text;		/* a TypeID's bound as text */
	uint64		beyond;			/* keys counted beyond the horizon */
	bool		beyond_uncounted;	/* keys found beyond it, not counted */

	/* the largest value of the family found within the horizon */
	bool		found;
	FrontierValue value;		/* a uuid, an id, a TypeID's uuid */
	char		found_prefix[TYPEID_PREFIX_MAX + 1];	/* a TypeID's prefix */
	uint64		tick;

	/* the raise */
	bool		raisable;
	uint64		word;
	bool		raised;
} KeyColumn;

/*
 * How far ahead of the server's clock a key may lie and still be raised to:
 * one day.  Beyond it lie keys of another kind (any 128 bits read as a ULID,
 * and a COMB ignores the version, so a random uuid reads as one of a random
 * time, mostly centuries ahead) and placeholders of a far-future time; a
 * raise to them would carry the family's frontier there for good.
 */
#define HORIZON_NS	(INT64CONST(86400) * INT64CONST(1000000000))

static const char SHIFT_OUT_OF_RANGE[] = "its uuidv7() shift lies outside the UUIDv7 range";

/* ---- the extension's objects --------------------------------------------- */

/* Start a scan of pg_depend's rows that reference object (classid, oid). */
static SysScanDesc
depend_scan_referencing(Relation depend, Oid classid, Oid oid, ScanKeyData *key)
{
	ScanKeyInit(&key[0], Anum_pg_depend_refclassid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(classid));
	ScanKeyInit(&key[1], Anum_pg_depend_refobjid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(oid));
	return systable_beginscan(depend, DependReferenceIndexId, true, NULL, 2, key);
}

/* The generator a member function is, by its C symbol, or NULL. */
static const RaiseGenerator *
generator_of_proc(Oid procoid)
{
	HeapTuple	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(procoid));
	const RaiseGenerator *generator = NULL;

	if (!HeapTupleIsValid(tuple))
		return NULL;
	if (((Form_pg_proc) GETSTRUCT(tuple))->prolang == ClanguageId)
	{
		bool		isnull;
		Datum		prosrc = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_prosrc, &isnull);

		if (!isnull)
		{
			text	   *symbol = DatumGetTextPP(prosrc);

			generator = raise_generator_of_symbol(VARDATA_ANY(symbol),
												  VARSIZE_ANY_EXHDR(symbol));
		}
	}
	ReleaseSysCache(tuple);
	return generator;
}

/*
 * Whether member type typid is the extension's sqlguid, known by what it
 * is rather than by its name (which a domain the extension's owner adds to
 * it can take): a base type, which only a superuser can create (the
 * extension's script), 16 bytes, whose input function is a member of the
 * extension that is core's uuid_in.
 */
static bool
is_sqlguid(Oid extension, Oid typid)
{
	HeapTuple	type = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));
	Form_pg_type form;
	HeapTuple	proc;
	bool		is = false;

	if (!HeapTupleIsValid(type))
		return false;
	form = (Form_pg_type) GETSTRUCT(type);
	if (form->typtype == TYPTYPE_BASE && form->typlen == UUID_LEN &&
		getExtensionOfObject(ProcedureRelationId, form->typinput) == extension &&
		HeapTupleIsValid(proc = SearchSysCache1(PROCOID, ObjectIdGetDatum(form->typinput))))
	{
		Form_pg_proc p = (Form_pg_proc) GETSTRUCT(proc);
		bool		isnull;
		Datum		prosrc = SysCacheGetAttr(PROCOID, proc, Anum_pg_proc_prosrc, &isnull);

		is = p->prolang == INTERNALlanguageId && !isnull &&
			strcmp(TextDatumGetCString(prosrc), "uuid_in") == 0;
		ReleaseSysCache(proc);
	}
	ReleaseSysCache(type);
	return is;
}

/* The members of the extension that matter here. */
static void
find_extension_objects(ExtensionObjects *ext)
{
	Relation	depend = table_open(DependRelationId, AccessShareLock);
	ScanKeyData key[2];
	SysScanDesc scan = depend_scan_referencing(depend, ExtensionRelationId,
											   ext->extension, key);
	HeapTuple	tuple;

	while (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		Form_pg_depend dep = (Form_pg_depend) GETSTRUCT(tuple);

		if (dep->deptype != DEPENDENCY_EXTENSION)
			continue;
		if (dep->classid == ProcedureRelationId)
		{
			const RaiseGenerator *generator = generator_of_proc(dep->objid);

			if (generator != NULL)
			{
				ext->generator_oids = lappend_oid(ext->generator_oids, dep->objid);
				ext->generators = lappend(ext->generators, unconstify(RaiseGenerator *, generator));
			}
		}
		else if (dep->classid == TypeRelationId)
		{
			if (is_sqlguid(ext->extension, dep->objid))
				ext->sqlguid = dep->objid;
		}
		else if (dep->classid == OperatorFamilyRelationId)
		{
			HeapTuple	family = SearchSysCache1(OPFAMILYOID, ObjectIdGetDatum(dep->objid));

			if (HeapTupleIsValid(family))
			{
				Form_pg_opfamily form = (Form_pg_opfamily) GETSTRUCT(family);

				if (form->opfmethod == BTREE_AM_OID &&
					strcmp(NameStr(form->opfname), "uuid_sqlserver_ops") == 0)
					ext->sqlserver_family = dep->objid;
				ReleaseSysCache(family);
			}
		}
	}
	systable_endscan(scan);
	table_close(depend, AccessShareLock);
	ext->uuid_family = get_opclass_family(GetDefaultOpClass(UUIDOID, BTREE_AM_OID));
}

/* ---- the defaults ------------------------------------------------------ */

/*
 * An expression below what leaves its value as it is: binary-compatible
 * casts (uuid to sqlguid), domains, COLLATE, and casts to the same type
 * (varchar(n)'s length coercion).
 */
static Node *
strip_casts(Node *node)
{
	for (;;)
	{
		if (node == NULL)
			return NULL;
		if (IsA(node, RelabelType))
			node = (Node *) ((RelabelType *) node)->arg;
		else if (IsA(node, CoerceToDomain))
			node = (Node *) ((CoerceToDomain *) node)->arg;
		else if (IsA(node, CollateExpr))
			node = (Node *) ((CollateExpr *) node)->arg;
		else if (IsA(node, FuncExpr) &&
				 (((FuncExpr *) node)->funcformat == COERCE_IMPLICIT_CAST ||
				  ((FuncExpr *) node)->funcformat == COERCE_EXPLICIT_CAST) &&
				 ((FuncExpr *) node)->args != NIL &&
				 exprType(linitial(((FuncExpr *) node)->args)) == ((FuncExpr *) node)->funcresulttype)
			node = linitial(((FuncExpr *) node)->args);
		else
			return node;
	}
}

/* A constant argument (below casts) of type typid or, with 0, text, or NULL. */
static Const *
const_arg(Node *arg, Oid typid)
{
	arg = strip_casts(arg);
	if (arg != NULL && IsA(arg, Const) && !((Const *) arg)->constisnull &&
		(typid != InvalidOid ? ((Const *) arg)->consttype == typid :
		 ((Const *) arg)->constlen == -1 && TypeCategory(((Const *) arg)->consttype) == TYPCATEGORY_STRING))
		return (Const *) arg;
	return NULL;
}

/*
 * The arguments of a call by parameter position, named ones and the
 * function's defaults (which the parser leaves to the planner) included;
 * NULL where there is none.
 */
static void
call_args(FuncExpr *call, Node **args, int nargs)
{
	HeapTuple	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(call->funcid));
	Form_pg_proc proc;
	ListCell   *lc;
	int			position = 0;

	memset(args, 0, sizeof(Node *) * nargs);
	foreach(lc, call->args)
	{
		Node	   *arg = lfirst(lc);

		if (IsA(arg, NamedArgExpr))
		{
			NamedArgExpr *named = (NamedArgExpr *) arg;

			if (named->argnumber >= 0 && named->argnumber < nargs)
				args[named->argnumber] = (Node *) named->arg;
		}
		else if (position < nargs)
			args[position++] = arg;
	}
	if (!HeapTupleIsValid(tuple))
		return;
	proc = (Form_pg_proc) GETSTRUCT(tuple);
	if (proc->pronargdefaults > 0)
	{
		bool		isnull;
		Datum		datum = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_proargdefaults,
											&isnull);

		if (!isnull)
		{
			List	   *defaults = castNode(List, stringToNode(TextDatumGetCString(datum)));
			int			first = proc->pronargs - list_length(defaults);

			for (int i = 0; i < list_length(defaults); i++)
				if (first + i >= 0 && first + i < nargs && args[first + i] == NULL)
					args[first + i] = list_nth(defaults, i);
		}
	}
	ReleaseSysCache(tuple);
}

/* Whether a family's values are ordered as SQL Server orders them. */
static bool
family_in_sqlserver_order(FamilyId id)
{
	return id == FAMILY_COMB_SQLSERVER_UNIX_MS ||
		id == FAMILY_COMB_SQLSERVER_SQLDATETIME ||
		id == FAMILY_COMB_SQLSERVER_DOTNET_TICKS;
}

/*
 * What the generator call `call` of col's default means: its family and
 * the arguments that decide how values read; col->skip when it cannot be
 * read.
 */
static void
analyse_call(KeyColumn *col, FuncExpr *call, const RaiseGenerator *generator)
{
	const FrontierFamily *family = generator->family;
	Node	   *args[3];
	Const	   *arg;

	col->generator = generator;
	call_args(call, args, lengthof(args));
	switch (generator->args)
	{
		case RAISE_ARGS_NONE:
			break;
		case RAISE_ARGS_COMB:
			{
				Const	   *strategy = const_arg(args[1], InvalidOid);
				CombKind	kind;

				arg = const_arg(args[0], InvalidOid);
				if (arg == NULL || strategy == NULL)
				{
					col->skip = "its COMB layout or strategy is not a constant";
					return;
				}
				if (comb_kind_from_names(VARDATA_ANY(DatumGetTextPP(arg->constvalue)),
										 VARSIZE_ANY_EXHDR(DatumGetTextPP(arg->constvalue)),
										 VARDATA_ANY(DatumGetTextPP(strategy->constvalue)),
										 VARSIZE_ANY_EXHDR(DatumGetTextPP(strategy->constvalue)),
										 &kind) != COMB_NAME_OK)
				{
					col->skip = "its COMB layout and strategy name no family";
					return;
				}
				family = &comb_families[kind].frontier;
				break;
			}
		case RAISE_ARGS_EPOCH:
			{
				int64		unix_us;

				arg = const_arg(args[0], TIMESTAMPTZOID);
				if (arg == NULL)
				{
					col->skip = "its Snowflake epoch is not a constant";
					return;
				}
				if (!timestamptz_try_unix_us(DatumGetTimestampTz(arg->constvalue), &unix_us) ||
					unix_us % 1000 != 0)
				{
					col->skip = "its Snowflake epoch is no finite whole millisecond";
					return;
				}
				col->epoch_ms = unix_us / 1000;
				break;
			}
		case RAISE_ARGS_SHIFT:
			{
				Interval   *shift;

				arg = const_arg(args[0], INTERVALOID);
				if (arg == NULL)
				{
					col->skip = "its uuidv7() shift is not a constant";
					return;
				}
				shift = DatumGetIntervalP(arg->constvalue);
				/* the generator's own refusal: such a default made no value */
				if (fabs(interval_approx_us(shift)) > (double) UNIX_MS48_MAX * 1000)
				{
					col->skip = SHIFT_OUT_OF_RANGE;
					return;
				}
				col->shift = *shift;
				break;
			}
		case RAISE_ARGS_PREFIX:
			{
				text	   *prefix;

				/* a prefix that is not a constant: any TypeID counts */
				arg = const_arg(args[0], InvalidOid);
				if (arg == NULL)
					break;
				prefix = DatumGetTextPP(arg->constvalue);
				if (typeid_check_prefix(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix)) != TYPEID_OK)
				{
					col->skip = "its TypeID prefix breaks the prefix rule";
					return;
				}
				col->prefix = text_to_cstring(prefix);
				break;
			}
	}
	col->has_family = true;
	col->family = family_id_of(family);
	/* every family a generator takes from is registered */
	Assert(col->family != FAMILY_COUNT);
	if (generator->kind == RAISE_VALUE_TYPEID)
		col->order = ORDER_TYPEID;
	else if (generator->kind == RAISE_VALUE_BIGINT)
		col->order = ORDER_INT8;
	else if (family_in_sqlserver_order(col->family))
		col->order = ORDER_SQLSERVER;
	else
		col->order = ORDER_UUID;
}

/* Whether a column of type typid (below domains) holds col's values. */
static bool
type_holds_values(const KeyColumn *col, Oid typid, const ExtensionObjects *ext)
{
	Oid			base = getBaseType(typid);

	switch (col->generator->kind)
	{
		case RAISE_VALUE_UUID:
			return base == UUIDOID || (OidIsValid(ext->sqlguid) && base == ext->sqlguid);
		case RAISE_VALUE_BIGINT:
			return base == INT8OID;
		case RAISE_VALUE_TYPEID:
			return base == TEXTOID || base == VARCHAROID;
	}
	return false;
}

/* Whether an expression is a cast (through text, or a function) of a generator call. */
static bool
converts_generator_value(Node *expr, const ExtensionObjects *ext)
{
	Node	   *arg = NULL;

	if (expr == NULL)
		return false;
	if (IsA(expr, CoerceViaIO))
		arg = (Node *) ((CoerceViaIO *) expr)->arg;
	else if (IsA(expr, FuncExpr) &&
			 (((FuncExpr *) expr)->funcformat == COERCE_IMPLICIT_CAST ||
			  ((FuncExpr *) expr)->funcformat == COERCE_EXPLICIT_CAST) &&
			 ((FuncExpr *) expr)->args != NIL)
		arg = linitial(((FuncExpr *) expr)->args);
	arg = strip_casts(arg);
	return arg != NULL && IsA(arg, FuncExpr) &&
		member_generator(ext, ((FuncExpr *) arg)->funcid) != NULL;
}

/*
 * The text of the default of column attnum of table relid (pg_attrdef's
 * adbin), or NULL where it has none.
 */
static char *
attrdef_text(Oid relid, AttrNumber attnum)
{
	Relation	rel = table_open(AttrDefaultRelationId, AccessShareLock);
	ScanKeyData key[2];
	SysScanDesc scan;
	HeapTuple	tuple;
	char	   *adbin_text = NULL;

	ScanKeyInit(&key[0], Anum_pg_attrdef_adrelid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(relid));
	ScanKeyInit(&key[1], Anum_pg_attrdef_adnum, BTEqualStrategyNumber, F_INT2EQ,
				Int16GetDatum(attnum));
	scan = systable_beginscan(rel, AttrDefaultIndexId, true, NULL, 2, key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
	{
		bool		isnull;
		Datum		adbin = heap_getattr(tuple, Anum_pg_attrdef_adbin,
										 RelationGetDescr(rel), &isnull);

		if (!isnull)
			adbin_text = TextDatumGetCString(adbin);
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return adbin_text;
}

/*
 * The key column of table relid's column attnum, whose default (its own, or
 * its domain's) is default_text, analysed; NULL when there is none to list
 * (a generated column, another session's temporary table, a dropped one).
 */
static KeyColumn *
key_column(Oid relid, AttrNumber attnum, const char *default_text,
		   const ExtensionObjects *ext)
{
	HeapTuple	class_tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	HeapTuple	att_tuple = SearchSysCache2(ATTNUM, ObjectIdGetDatum(relid),
											Int16GetDatum(attnum));
	KeyColumn  *col = NULL;
	Node	   *expr;
	Node	   *stripped;
	Oid			typid = InvalidOid;
	int32		typmod = -1;

	if (HeapTupleIsValid(class_tuple) && HeapTupleIsValid(att_tuple))
	{
		Form_pg_class class_form = (Form_pg_class) GETSTRUCT(class_tuple);
		Form_pg_attribute att = (Form_pg_attribute) GETSTRUCT(att_tuple);

		if (!att->attisdropped && att->attgenerated == '\0' &&
			!isOtherTempNamespace(class_form->relnamespace))
		{
			col = palloc0(sizeof(KeyColumn));
			col->relid = relid;
			col->relkind = class_form->relkind;
			col->relispartition = class_form->relispartition;
			col->nspname = get_namespace_name(class_form->relnamespace);
			col->relname = pstrdup(NameStr(class_form->relname));
			col->attnum = attnum;
			col->attname = att->attname;
			col->atttypid = att->atttypid;
			col->default_text = pstrdup(default_text);
			typid = att->atttypid;
			typmod = att->atttypmod;
		}
	}
	if (HeapTupleIsValid(class_tuple))
		ReleaseSysCache(class_tuple);
	if (HeapTupleIsValid(att_tuple))
		ReleaseSysCache(att_tuple);
	if (col == NULL)
		return NULL;

	expr = stringToNode(col->default_text);
	stripped = strip_casts(expr);
	if (stripped != NULL && IsA(stripped, FuncExpr) &&
		member_generator(ext, ((FuncExpr *) stripped)->funcid) != NULL)
	{
		analyse_call(col, (FuncExpr *) stripped,
					 member_generator(ext, ((FuncExpr *) stripped)->funcid));
		if (col->skip == NULL && !type_holds_values(col, typid, ext))
			col->skip = psprintf("a column of type %s does not hold its generator's values",
								 format_type_with_typemod(typid, typmod));
		col->sqlguid = OidIsValid(ext->sqlguid) && getBaseType(typid) == ext->sqlguid;
	}
	else if (converts_generator_value(stripped, ext))
		col->skip = psprintf("its default converts its generator's values to type %s",
							 format_type_be(exprType(stripped)));
	else
		col->skip = "its default is not a plain call of a generator";

	if (col->skip == NULL && col->relkind == RELKIND_VIEW)
		col->skip = "it is a view's column: the rows are its tables'";
	else if (col->skip == NULL && col->relkind == RELKIND_FOREIGN_TABLE)
		col->skip = "it is a foreign table's column: the rows are on another server";
	else if (col->skip == NULL && col->relkind != RELKIND_RELATION &&
			 col->relkind != RELKIND_PARTITIONED_TABLE)
		col->skip = "it is no table's column";
	return col;
}

/* The key column of default `attrdef` (key_column()), or NULL. */
static KeyColumn *
key_column_of_default(Oid attrdef, const ExtensionObjects *ext)
{
	Relation	rel = table_open(AttrDefaultRelationId, AccessShareLock);
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tuple;
	Oid			relid = InvalidOid;
	AttrNumber	attnum = InvalidAttrNumber;
	char	   *adbin_text = NULL;

	ScanKeyInit(&key, Anum_pg_attrdef_oid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(attrdef));
	scan = systable_beginscan(rel, AttrDefaultOidIndexId, true, NULL, 1, &key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
	{
		Form_pg_attrdef form = (Form_pg_attrdef) GETSTRUCT(tuple);
		bool		isnull;
		Datum		adbin = heap_getattr(tuple, Anum_pg_attrdef_adbin,
										 RelationGetDescr(rel), &isnull);

		if (!isnull)
		{
			relid = form->adrelid;
			attnum = form->adnum;
			adbin_text = TextDatumGetCString(adbin);
		}
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return adbin_text == NULL ? NULL : key_column(relid, attnum, adbin_text, ext);
}

/*
 * The default (typdefaultbin) of domain typid, or of the nearest domain
 * below it that has one; NULL when none has (or typid is no domain).
 */
static char *
domain_default_text(Oid typid)
{
	for (;;)
	{
		HeapTuple	tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));
		Form_pg_type form;
		bool		isnull;
		Datum		datum;

		if (!HeapTupleIsValid(tuple))
			return NULL;
		form = (Form_pg_type) GETSTRUCT(tuple);
		if (form->typtype != TYPTYPE_DOMAIN)
		{
			ReleaseSysCache(tuple);
			return NULL;
		}
		datum = SysCacheGetAttr(TYPEOID, tuple, Anum_pg_type_typdefaultbin, &isnull);
		if (!isnull)
		{
			char	   *typdefault = TextDatumGetCString(datum);

			ReleaseSysCache(tuple);
			return typdefault;
		}
		typid = form->typbasetype;
		ReleaseSysCache(tuple);
	}
}

/*
 * The default a row gets in column attnum of table relid, of type typid:
 * its own (pg_attrdef), or else its domain's; NULL when there is none.
 */
static char *
effective_default_text(Oid relid, AttrNumber attnum, Oid typid)
{
	char	   *adbin_text = attrdef_text(relid, attnum);

	return adbin_text != NULL ? adbin_text : domain_default_text(typid);
}

/*
 * The key columns whose default is domain `domain`'s (a dependent of a
 * generator, so its default calls one): the columns of that domain, and
 * of domains over it without a default of their own, recursively, that
 * have no default of their own either (theirs would win), in tables (a
 * view's or a composite type's column takes no default from its type).
 * Appended to *columns.
 */
static void
key_columns_of_domain(Relation depend, Oid domain, const ExtensionObjects *ext,
					  List **columns)
{
	char	   *default_text;
	List	   *types;
	ListCell   *lc;

	if (get_typtype(domain) != TYPTYPE_DOMAIN ||
		(default_text = domain_default_text(domain)) == NULL)
		return;
	types = list_make1_oid(domain);
	/* (foreach sees the types appended to the list as it walks it) */
	foreach(lc, types)
	{
		Oid			typid = lfirst_oid(lc);
		ScanKeyData key[2];
		SysScanDesc scan = depend_scan_referencing(depend, TypeRelationId, typid, key);
		HeapTuple	tuple;
		List	   *relids = NIL;	/* the columns of the type */
		List	   *attnums = NIL;
		ListCell   *lr;
		ListCell   *la;

		while (HeapTupleIsValid(tuple = systable_getnext(scan)))
		{
			Form_pg_depend dep = (Form_pg_depend) GETSTRUCT(tuple);

			if (dep->classid == TypeRelationId && dep->objsubid == 0)
			{
				HeapTuple	type = SearchSysCache1(TYPEOID, ObjectIdGetDatum(dep->objid));

				if (HeapTupleIsValid(type))
				{
					Form_pg_type form = (Form_pg_type) GETSTRUCT(type);

					if (form->typtype == TYPTYPE_DOMAIN && form->typbasetype == typid &&
						heap_attisnull(type, Anum_pg_type_typdefaultbin, NULL))
						types = list_append_unique_oid(types, dep->objid);
					ReleaseSysCache(type);
				}
			}
			else if (dep->classid == RelationRelationId && dep->objsubid > 0)
			{
				relids = lappend_oid(relids, dep->objid);
				attnums = lappend_int(attnums, dep->objsubid);
			}
		}
		systable_endscan(scan);

		forboth(lr, relids, la, attnums)
		{
			Oid			relid = lfirst_oid(lr);
			AttrNumber	attnum = (AttrNumber) lfirst_int(la);
			char		relkind = get_rel_relkind(relid);
			KeyColumn  *col;

			if ((relkind != RELKIND_RELATION && relkind != RELKIND_PARTITIONED_TABLE &&
				 relkind != RELKIND_FOREIGN_TABLE) ||
				get_atttype(relid, attnum) != typid ||
				attrdef_text(relid, attnum) != NULL)
				continue;
			col = key_column(relid, attnum, default_text, ext);
			if (col != NULL)
				*columns = lappend(*columns, col);
		}
	}
}

/*
 * What an object that depends on a generator is, for a message and for
 * its extension: a view rather than its rule.
 */
static ObjectAddress
dependent_object(Oid classid, Oid objid)
{
	ObjectAddress object;

	ObjectAddressSet(object, classid, objid);
	if (classid == RewriteRelationId)
	{
		Relation	rel = table_open(RewriteRelationId, AccessShareLock);
		ScanKeyData key;
		SysScanDesc scan;
		HeapTuple	tuple;

		ScanKeyInit(&key, Anum_pg_rewrite_oid, BTEqualStrategyNumber, F_OIDEQ,
					ObjectIdGetDatum(objid));
		scan = systable_beginscan(rel, RewriteOidIndexId, true, NULL, 1, &key);
		tuple = systable_getnext(scan);
		if (HeapTupleIsValid(tuple))
		{
			Form_pg_rewrite form = (Form_pg_rewrite) GETSTRUCT(tuple);

			if (strcmp(NameStr(form->rulename), ViewSelectRuleName) == 0)
				ObjectAddressSet(object, RelationRelationId, form->ev_class);
		}
		systable_endscan(scan);
		table_close(rel, AccessShareLock);
	}
	return object;
}

/* An object that depends on a generator, for warn_other_dependents(). */
typedef struct OtherDependent
{
	Oid			classid;
	Oid			objid;
	Oid			generator;		/* (the first one found) */
	char	   *description;
} OtherDependent;

static int
other_dependent_cmp(const void *a, const void *b)
{
	const OtherDependent *x = *(OtherDependent *const *) a;
	const OtherDependent *y = *(OtherDependent *const *) b;

	return strcmp(x->description, y->description);
}

/*
 * A WARNING for each object other than a column default or a domain that
 * depends on a generator (others: OtherDependents), in the order of their
 * descriptions: a function that wraps it (BEGIN ATOMIC, or an argument's
 * default), a view, a rule, a trigger.  Keys made through them are in
 * columns whose default is no generator call, and are not read.  The
 * extension's own objects are left out.
 */
static void
warn_other_dependents(List *others, const ExtensionObjects *ext)
{
	OtherDependent **sorted = palloc(sizeof(OtherDependent *) * (list_length(others) + 1));
	int			n = 0;
	ListCell   *lc;

	foreach(lc, others)
	{
		OtherDependent *other = lfirst(lc);
		ObjectAddress object = dependent_object(other->classid, other->objid);

		if (getExtensionOfObject(object.classId, object.objectId) == ext->extension)
			continue;
		other->description = uuid_seq_object_description(&object);
		sorted[n++] = other;
	}
	qsort(sorted, n, sizeof(OtherDependent *), other_dependent_cmp);
	for (int i = 0; i < n; i++)
		ereport(WARNING,
				(errmsg("%s calls uuid_seq generator %s: keys made through it are not covered",
						sorted[i]->description, format_procedure(sorted[i]->generator)),
				 errdetail("uuid_seq_raise_frontiers() reads the columns whose default, or whose domain's default, calls a generator."),
				 errhint("Raise the family's frontier above the keys made through it with uuid_seq_raise_frontier(family, greatest key).")));
}

/* The key columns of the database, in schema, table and column order. */
static int
key_column_cmp(const void *a, const void *b)
{
	const KeyColumn *x = *(KeyColumn *const *) a;
	const KeyColumn *y = *(KeyColumn *const *) b;
	int			c = strcmp(x->nspname, y->nspname);

	if (c == 0)
		c = strcmp(x->relname, y->relname);
	if (c == 0)
		c = (x->attnum > y->attnum) - (x->attnum < y->attnum);
	return c;
}

static List *
find_key_columns(const ExtensionObjects *ext)
{
	Relation	depend = table_open(DependRelationId, AccessShareLock);
	List	   *attrdefs = NIL;
	List	   *domains = NIL;
	List	   *others = NIL;
	List	   *columns = NIL;
	ListCell   *lc;

	foreach(lc, ext->generator_oids)
	{
		Oid			generator = lfirst_oid(lc);
		ScanKeyData key[2];
		SysScanDesc scan = depend_scan_referencing(depend, ProcedureRelationId,
												   generator, key);
		HeapTuple	tuple;

		while (HeapTupleIsValid(tuple = systable_getnext(scan)))
		{
			Form_pg_depend dep = (Form_pg_depend) GETSTRUCT(tuple);

			if (dep->classid == AttrDefaultRelationId)
				attrdefs = list_append_unique_oid(attrdefs, dep->objid);
			else if (dep->classid == TypeRelationId)
				domains = list_append_unique_oid(domains, dep->objid);
			else
			{
				ListCell   *lo;
				bool		seen = false;

				foreach(lo, others)
				{
					OtherDependent *other = lfirst(lo);

					seen |= other->classid == dep->classid && other->objid == dep->objid;
				}
				if (!seen)
				{
					OtherDependent *other = palloc0(sizeof(OtherDependent));

					other->classid = dep->classid;
					other->objid = dep->objid;
					other->generator = generator;
					others = lappend(others, other);
				}
			}
		}
		systable_endscan(scan);
	}

	foreach(lc, attrdefs)
	{
		KeyColumn  *col = key_column_of_default(lfirst_oid(lc), ext);

		if (col != NULL)
			columns = lappend(columns, col);
	}
	foreach(lc, domains)
		key_columns_of_domain(depend, lfirst_oid(lc), ext, &columns);
	table_close(depend, AccessShareLock);
	warn_other_dependents(others, ext);

	if (columns != NIL)
	{
		KeyColumn **sorted = palloc(sizeof(KeyColumn *) * list_length(columns));
		int			n = 0;

		foreach(lc, columns)
			sorted[n++] = lfirst(lc);
		qsort(sorted, n, sizeof(KeyColumn *), key_column_cmp);
		columns = NIL;
		for (int i = 0; i < n; i++)
			columns = lappend(columns, sorted[i]);
	}
	return columns;
}

/* Whether two columns' defaults are the same call, for how values read. */
static bool
same_call(const KeyColumn *a, const KeyColumn *b)
{
	return a->has_family && b->has_family && a->family == b->family &&
		a->order == b->order && a->epoch_ms == b->epoch_ms &&
		a->shift.month == b->shift.month && a->shift.day == b->shift.day &&
		a->shift.time == b->shift.time &&
		(a->prefix == NULL) == (b->prefix == NULL) &&
		(a->prefix == NULL || strcmp(a->prefix, b->prefix) == 0);
}

/*
 * Mark the partitions' columns that a partitioned table above them reads
 * with the same call: listed once, as the partitioned table's.
 */
static void
mark_covered_partitions(List *columns)
{
	ListCell   *lc;

	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);
		List	   *ancestors;
		ListCell   *la;

		if (!col->relispartition || col->skip != NULL)
			continue;
		ancestors = get_partition_ancestors(col->relid);
		foreach(la, ancestors)
		{
			ListCell   *lp;

			foreach(lp, columns)
			{
				KeyColumn  *parent = lfirst(lp);

				if (parent->relid == lfirst_oid(la) && parent->skip == NULL &&
					namestrcmp(&parent->attname, NameStr(col->attname)) == 0 &&
					same_call(parent, col))
					col->covered = true;
			}
		}
	}
}

/* ---- reading ----------------------------------------------------------- */

/*
 * Whether a column's datum is a value of its family (a TypeID of its
 * prefix); if so, the value in value (a uuid, an id, a TypeID's uuid), its
 * tick, and a TypeID's prefix in prefix.
 */
static bool
value_of_family(const KeyColumn *col, Datum datum, FrontierValue *value,
				uint64 *tick, char prefix[TYPEID_PREFIX_MAX + 1])
{
	const FrontierFamily *family = family_table[col->family];

	switch (col->order)
	{
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			memcpy(value->uuid, DatumGetUUIDP(datum)->data, UUID_BYTES);
			return family->value_tick(family, value, tick);
		case ORDER_INT8:
			{
				int64		id = DatumGetInt64(datum);

				value->id = id;
				if (col->family == FAMILY_SNOWFLAKE)
					return snowflake_tick(id, col->epoch_ms, tick);
				return tsid_tick(id, tick);
			}
		case ORDER_TYPEID:
			{
				text	   *t = DatumGetTextPP(datum);
				const char *s = VARDATA_ANY(t);
				size_t		prefix_len;

				if (typeid_from_text(s, VARSIZE_ANY_EXHDR(t), &prefix_len, value->uuid) != TYPEID_OK)
					return false;
				if (col->prefix != NULL &&
					(prefix_len != strlen(col->prefix) || memcmp(s, col->prefix, prefix_len) != 0))
					return false;
				memcpy(prefix, s, prefix_len);
				prefix[prefix_len] = '\0';
				return family->value_tick(family, value, tick);
			}
	}
	return false;
}

/* The family's order of two values as value_of_family() gives them. */
static int
compare_values(const KeyColumn *col, const FrontierValue *a, const FrontierValue *b)
{
	switch (col->order)
	{
		case ORDER_SQLSERVER:
			return sqlserver_cmp(a->uuid, b->uuid);
		case ORDER_INT8:
			return (a->id > b->id) - (a->id < b->id);
		case ORDER_UUID:
		case ORDER_TYPEID:
			break;
	}
	return memcmp(a->uuid, b->uuid, UUID_BYTES);
}

/* What consider() made of a datum. */
typedef enum Considered
{
	CONSIDERED_OTHER,			/* no value of the family */
	CONSIDERED_BEYOND,			/* one beyond the horizon: counted, passed over */
	CONSIDERED_VALUE			/* one within it (the largest so far or not) */
} Considered;

/*
 * Take a datum of the column into account.  Allocates in the current
 * context.
 */
static Considered
consider(KeyColumn *col, Datum datum)
{
	FrontierValue value;
	uint64		tick;
	char		prefix[TYPEID_PREFIX_MAX + 1];

	if (!value_of_family(col, datum, &value, &tick, prefix))
		return CONSIDERED_OTHER;
	if (col->has_horizon && (col->none_plausible || tick > col->horizon_tick))
	{
		col->beyond++;
		return CONSIDERED_BEYOND;
	}
	if (!col->found || compare_values(col, &value, &col->value) > 0)
	{
		col->found = true;
		col->value = value;
		col->tick = tick;
		if (col->order == ORDER_TYPEID)
			memcpy(col->found_prefix, prefix, strlen(prefix) + 1);
	}
	return CONSIDERED_VALUE;
}

/* Where a column's horizon lies in its family's range. */
typedef enum HorizonPlace
{
	HORIZON_WITHIN,				/* at a word of the family */
	HORIZON_BEFORE,				/* before its first: every key lies beyond */
	HORIZON_PAST				/* past its last: none does */
} HorizonPlace;

/*
 * The word of col's horizon: HORIZON_NS past clock_ns (the server's clock
 * as the generators read it, saturated at the end of int64, which no clock
 * passes); for uuidv7(shift), that instant shifted as the generator shifts
 * its steps (raise_shift_apply_us()), its keys lying that far from their
 * steps.  col->skip where the shift leaves int64 (the generator refuses
 * it at every step).
 */
static HorizonPlace
horizon_word(KeyColumn *col, int64 clock_ns, uint64 *word)
{
	const FrontierFamily *family = family_table[col->family];
	int64		ns;

	if (pg_add_s64_overflow(clock_ns, HORIZON_NS, &ns))
		ns = PG_INT64_MAX;
	if (col->generator->args == RAISE_ARGS_SHIFT)
	{
		int64		us;

		if (!raise_shift_apply_us(ns / 1000, col->shift.month, col->shift.day, col->shift.time,
								  &us))
		{
			col->skip = SHIFT_OUT_OF_RANGE;
			return HORIZON_PAST;
		}
		if (uuidv7_word_from_unix_us(us, word))
			return HORIZON_WITHIN;
		return us < 0 ? HORIZON_BEFORE : HORIZON_PAST;
	}
	if (family->word_from_ns(family, ns, word))
		return HORIZON_WITHIN;
	return ns < family->word_to_ns(family, 0) ? HORIZON_BEFORE : HORIZON_PAST;
}

/*
 * Set col's horizon (horizon_word()), and the least value of the tick
 * after it, where an index scan stops.  Before the family's range (a clock
 * before 2020 and TSIDs, a shift back before 1970), every key lies beyond
 * it; past it, none.
 */
static void
set_horizon(KeyColumn *col, int64 clock_ns)
{
	const FrontierFamily *family = family_table[col->family];
	uint64		word;
	uint64		next;

	switch (horizon_word(col, clock_ns, &word))
	{
		case HORIZON_PAST:
			return;
		case HORIZON_BEFORE:
			/* the least value of all (a TypeID's is read key by key) */
			col->has_horizon = true;
			col->none_plausible = true;
			memset(&col->bound, 0, sizeof(col->bound));
			col->has_bound = col->order != ORDER_TYPEID;
			return;
		case HORIZON_WITHIN:
			break;
	}
	col->has_horizon = true;
	col->horizon_tick = word >> family->counter_bits;
	if (col->horizon_tick >= family->max_word >> family->counter_bits)
	{
		/* no key lies beyond the family's last tick */
		col->has_horizon = false;
		return;
	}
	next = col->horizon_tick + 1;

	/* the least value of tick `next`: every key of an earlier one lies below */
	switch (col->order)
	{
		case ORDER_INT8:
			{
				int64		ms = col->family == FAMILY_SNOWFLAKE ?
					(int64) next - col->epoch_ms : (int64) next;

				/* ids of another epoch's past, or beyond its range */
				if (ms > ID64_TIME_MAX)
					return;
				col->bound.id = ms < 0 ? 0 : ms << ID64_TIME_SHIFT;
				col->has_bound = true;
				return;
			}
		case ORDER_UUID:
		case ORDER_SQLSERVER:
		case ORDER_TYPEID:
			{
				uint64		tick;

				family->encode(family, next << family->counter_bits, 0, 0, 0, &col->bound);
				if (!family->value_tick(family, &col->bound, &tick) || tick != next)
					return;		/* (never: then the scan passes key by key) */
				col->has_bound = true;
				if (col->order == ORDER_TYPEID && col->prefix != NULL)
				{
					char		buf[TYPEID_TEXT_MAX];
					size_t		len;

					if (typeid_to_text(col->prefix, strlen(col->prefix), col->bound.uuid, buf,
									   &len) != TYPEID_OK)
					{
						col->has_bound = false;
						return;
					}
					col->bound_text = pnstrdup(buf, len);
				}
				return;
			}
	}
}

/*
 * Whether an index of rel lists column attnum first in col's family order:
 * a valid, live, non-partial btree whose first key is the column itself
 * and whose operator family is the family's order, known by OID.
 */
static bool
index_fits(Relation index, AttrNumber attnum, const KeyColumn *col,
		   const ExtensionObjects *ext)
{
	Form_pg_index form = index->rd_index;
	Oid			opfamily;

	if (index->rd_rel->relam != BTREE_AM_OID || !form->indisvalid ||
		!form->indisready || !form->indislive || form->indcheckxmin ||
		form->indnkeyatts < 1 || form->indkey.values[0] != attnum ||
		!heap_attisnull(index->rd_indextuple, Anum_pg_index_indpred, NULL))
		return false;
	opfamily = index->rd_opfamily[0];
	switch (col->order)
	{
		case ORDER_UUID:
			return opfamily == ext->uuid_family;
		case ORDER_SQLSERVER:
			return OidIsValid(ext->sqlserver_family) && opfamily == ext->sqlserver_family;
		case ORDER_INT8:
			return opfamily == INTEGER_BTREE_FAM_OID && index->rd_opcintype[0] == INT8OID;
		case ORDER_TYPEID:
			/*
			 * Byte order (COLLATE "C", or text_pattern_ops), and a prefix to
			 * bound the range with.  (Other collations are read whole: none
			 * is known to order every TypeID as its bytes.)
			 */
			return col->prefix != NULL &&
				(opfamily == TEXT_PATTERN_BTREE_FAM_OID ||
				 (opfamily == TEXT_BTREE_FAM_OID &&
				  index->rd_indcollation[0] == C_COLLATION_OID));
	}
	return false;
}

/* The first index of rel that fits (opened, locked), or NULL. */
static Relation
fitting_index(Relation rel, AttrNumber attnum, const KeyColumn *col,
			  const ExtensionObjects *ext)
{
	List	   *indexes = RelationGetIndexList(rel);
	ListCell   *lc;

	foreach(lc, indexes)
	{
		Relation	index = index_open(lfirst_oid(lc), AccessShareLock);

		if (index_fits(index, attnum, col, ext))
			return index;
		index_close(index, AccessShareLock);
	}
	return NULL;
}

/* A scan key on the index's first column: `strategy` value. */
static void
index_key(ScanKey key, Relation index, StrategyNumber strategy, Datum value)
{
	Oid			family = index->rd_opfamily[0];
	Oid			type = index->rd_opcintype[0];

	ScanKeyInit(key, 1, strategy,
				get_opcode(get_opfamily_member(family, type, type, strategy)), value);
	key->sk_collation = index->rd_indcollation[0];
}

/* col's bound (set_horizon()) as a datum of the index's column. */
static Datum
bound_datum(const KeyColumn *col)
{
	switch (col->order)
	{
		case ORDER_INT8:
			return Int64GetDatum(col->bound.id);
		case ORDER_TYPEID:
			return PointerGetDatum(cstring_to_text(col->bound_text));
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			break;
	}
	{
		pg_uuid_t  *uuid = palloc(sizeof(pg_uuid_t));

		memcpy(uuid->data, col->bound.uuid, UUID_BYTES);
		return UUIDPGetDatum(uuid);
	}
}

/*
 * The scan keys of an index read of col: the values below its horizon's
 * bound, or with `beyond` those from it on; a TypeID's within its prefix.
 * Returns how many.
 */
static int
index_keys(const KeyColumn *col, Relation index, bool beyond, ScanKeyData keys[2])
{
	int			nkeys = 0;

	if (col->order == ORDER_TYPEID)
	{
		char		lo[RAISE_TYPEID_BOUND_MAX];
		char		hi[RAISE_TYPEID_BOUND_MAX];
		size_t		len = raise_typeid_bounds(col->prefix, strlen(col->prefix), lo, hi);

		index_key(&keys[nkeys++], index, BTGreaterEqualStrategyNumber,
				  beyond ? bound_datum(col) :
				  PointerGetDatum(cstring_to_text_with_len(lo, (int) len)));
		index_key(&keys[nkeys++], index, BTLessStrategyNumber,
				  beyond || !col->has_bound ?
				  PointerGetDatum(cstring_to_text_with_len(hi, (int) len)) :
				  bound_datum(col));
	}
	else if (beyond || col->has_bound)
		index_key(&keys[nkeys++], index,
				  beyond ? BTGreaterEqualStrategyNumber : BTLessStrategyNumber,
				  bound_datum(col));
	else
	{
		/* IS NOT NULL, wherever the index puts its NULLs */
		ScanKeyEntryInitialize(&keys[nkeys++], SK_ISNULL | SK_SEARCHNOTNULL, 1,
							   InvalidStrategy, InvalidOid, InvalidOid, InvalidOid,
							   (Datum) 0);
	}
	return nkeys;
}

/*
 * Read column attnum of rel through an index in the family's order: from
 * the horizon's bound down until a value of the family within the horizon
 * appears.  Then, where a bound was set, look from the bound up for one key
 * of the family beyond the horizon (they are not counted: an index scan
 * never passes over them one by one).
 */
static void
read_index(KeyColumn *col, Relation rel, Relation index, AttrNumber attnum,
		   Snapshot snapshot, MemoryContext per_value)
{
	bool		desc = (index->rd_indoption[0] & INDOPTION_DESC) != 0;
	TupleTableSlot *slot = table_slot_create(rel, NULL);

	for (int pass = 0; pass < 2; pass++)
	{
		bool		beyond = pass == 1;
		ScanKeyData keys[2];
		int			nkeys;
		IndexScanDesc scan;

		/* largest first; the keys beyond, from the bound up */
		ScanDirection direction = desc != beyond ?
			ForwardScanDirection : BackwardScanDirection;

		if (beyond && (!col->has_bound || col->beyond_uncounted))
			break;
		nkeys = index_keys(col, index, beyond, keys);
		scan = uuid_seq_index_beginscan(rel, index, snapshot, nkeys);
		index_rescan(scan, keys, nkeys, NULL, 0);
		while (index_getnext_slot(scan, direction, slot))
		{
			bool		isnull;
			Datum		datum;
			Considered	considered = CONSIDERED_OTHER;

			CHECK_FOR_INTERRUPTS();
			datum = slot_getattr(slot, attnum, &isnull);
			if (!isnull)
			{
				MemoryContext old = MemoryContextSwitchTo(per_value);

				considered = consider(col, datum);
				MemoryContextSwitchTo(old);
				MemoryContextReset(per_value);
			}

			/*
			 * below the bound, the first value of the family from the end is
			 * the largest within the horizon (a key of the tick after it
			 * can lie below the bound, and is passed over); from the bound
			 * up, any is beyond it
			 */
			if (beyond && considered != CONSIDERED_OTHER)
			{
				col->beyond_uncounted = true;
				break;
			}
			if (considered == CONSIDERED_VALUE)
				break;
		}
		index_endscan(scan);
	}
	ExecDropSingleTupleTableSlot(slot);
}

/* Read column attnum of rel whole. */
static void
read_heap(KeyColumn *col, Relation rel, AttrNumber attnum, Snapshot snapshot,
		  MemoryContext per_value)
{
	TupleTableSlot *slot = table_slot_create(rel, NULL);
	TableScanDesc scan = uuid_seq_table_beginscan(rel, snapshot);

	while (table_scan_getnextslot(scan, ForwardScanDirection, slot))
	{
		bool		isnull;
		Datum		datum;

		CHECK_FOR_INTERRUPTS();
		datum = slot_getattr(slot, attnum, &isnull);
		if (!isnull)
		{
			MemoryContext old = MemoryContextSwitchTo(per_value);

			consider(col, datum);
			MemoryContextSwitchTo(old);
			MemoryContextReset(per_value);
		}
	}
	table_endscan(scan);
	ExecDropSingleTupleTableSlot(slot);
}

/*
 * Read col's column in rel (the column's own table, or a partition of it),
 * which the caller has locked: under a snapshot taken now, after the lock,
 * so that a rewrite of the table (ALTER TABLE ... TYPE) that committed
 * while the statement waited for the lock is seen, not a table that looks
 * empty.  Its indexes are locked while read, and released.
 */
static void
read_table(KeyColumn *col, Relation rel, AttrNumber attnum, const ExtensionObjects *ext,
		   MemoryContext per_value)
{
	Snapshot	snapshot = RegisterSnapshot(GetLatestSnapshot());
	Relation	index = fitting_index(rel, attnum, col, ext);

	if (index != NULL)
	{
		read_index(col, rel, index, attnum, snapshot, per_value);
		index_close(index, AccessShareLock);
	}
	else
		read_heap(col, rel, attnum, snapshot, per_value);
	UnregisterSnapshot(snapshot);
}

/*
 * What became of col's column while the statement waited for its table's
 * lock (rel, locked): NULL when it is as it was found (the same kind of
 * relation, and the column with the same number, type and default: a
 * rename is taken as it is), COLUMN_GONE when it was dropped, otherwise
 * how it changed.  Nothing of rel is read before this says NULL: a table
 * turned into a view (CREATE RULE "_RETURN", before 16) has no storage to
 * scan.
 */
static const char COLUMN_GONE[] = "it was dropped";

static const char *
column_change(KeyColumn *col, Relation rel)
{
	TupleDesc	desc = RelationGetDescr(rel);
	Form_pg_attribute att;
	char	   *adbin_text;

	if (rel->rd_rel->relkind != col->relkind)
		return "its table became another kind of relation while the statement waited for it (run the statement again)";
	if (col->attnum < 1 || col->attnum > desc->natts)
		return COLUMN_GONE;
	att = TupleDescAttr(desc, col->attnum - 1);
	if (att->attisdropped)
		return COLUMN_GONE;
	col->attname = att->attname;
	if (att->atttypid != col->atttypid)
		return "its type changed while the statement waited for its table (run the statement again)";
	adbin_text = effective_default_text(col->relid, col->attnum, att->atttypid);
	if (adbin_text == NULL || strcmp(adbin_text, col->default_text) != 0)
		return "its default changed while the statement waited for its table (run the statement again)";
	return NULL;
}

/* The number of rel's live column named `name`, or InvalidAttrNumber. */
static AttrNumber
attnum_of(Relation rel, const char *name)
{
	TupleDesc	desc = RelationGetDescr(rel);

	for (int i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		if (!att->attisdropped && strcmp(NameStr(att->attname), name) == 0)
			return att->attnum;
	}
	return InvalidAttrNumber;
}

/*
 * Read col's column in leaf partition `relid` of its partitioned table,
 * locked first and checked under the lock (a partition is never a view,
 * and its column has its parent's type: checked all the same).  A foreign
 * table's rows are not read, with a WARNING; a partitioned one's are its
 * own partitions'.  *leaves: the partitions reached.
 */
static void
read_leaf(KeyColumn *col, Oid relid, const ExtensionObjects *ext, MemoryContext per_value,
		  List **leaves)
{
	Relation	part = try_relation_open(relid, AccessShareLock);
	AttrNumber	attnum;

	if (part == NULL)
		return;					/* dropped meanwhile */
	*leaves = lappend_oid(*leaves, relid);
	if (part->rd_rel->relkind == RELKIND_FOREIGN_TABLE)
		ereport(WARNING,
				(errmsg("partition %s of %s.%s is a foreign table: its rows are not read",
						RelationGetRelationName(part), col->nspname, col->relname)));
	else if (part->rd_rel->relkind == RELKIND_RELATION &&
			 (attnum = attnum_of(part, NameStr(col->attname))) != InvalidAttrNumber &&
			 TupleDescAttr(RelationGetDescr(part), attnum - 1)->atttypid == col->atttypid)
		read_table(col, part, attnum, ext, per_value);
	relation_close(part, AccessShareLock);
}

/*
 * Read a key column: a table's, or every leaf partition of a partitioned
 * one.  Each table is locked (AccessShareLock) before it is read, and the
 * column checked again under the lock; its lock is released once it is
 * read (the table is never used again: what was read is copied), so a
 * database of many tables and partitions never holds one lock per table
 * at once.  A partitioned table's own lock is held while its partitions
 * are read.  col->gone: the table or the column was dropped meanwhile.
 * *leaves: the partitions reached as part of col.
 */
static void
read_column(KeyColumn *col, const ExtensionObjects *ext, MemoryContext per_value,
			List **leaves)
{
	Relation	rel = try_relation_open(col->relid, AccessShareLock);
	const char *change;
	ListCell   *lc;

	if (rel == NULL)
	{
		col->gone = true;		/* dropped meanwhile */
		return;
	}
	change = column_change(col, rel);
	if (change == COLUMN_GONE)
		col->gone = true;
	else if (change != NULL)
		col->skip = change;
	else if (col->relkind != RELKIND_PARTITIONED_TABLE)
		read_table(col, rel, col->attnum, ext, per_value);
	else
	{
		/* the partitions as they are under the lock, each locked as it is read */
		foreach(lc, find_all_inheritors(col->relid, NoLock, NULL))
			if (lfirst_oid(lc) != col->relid)
				read_leaf(col, lfirst_oid(lc), ext, per_value, leaves);
	}
	relation_close(rel, AccessShareLock);
}

/* ---- raising ----------------------------------------------------------- */

/*
 * The frontier word that covers col's largest value on this server (its
 * node id), or col->skip (the family's last tick, a Snowflake id in its
 * epoch's last millisecond); for uuidv7(shift), the word of the step that
 * made it.
 */
static void
cover_word(KeyColumn *col)
{
	const FrontierFamily *family = family_table[col->family];
	bool		covered;

	if (col->family == FAMILY_SNOWFLAKE &&
		col->value.id >> ID64_TIME_SHIFT == ID64_TIME_MAX)
	{
		col->skip = "no Snowflake id of its epoch can lie above its largest one";
		return;
	}
	if (col->generator->args == RAISE_ARGS_SHIFT)
		covered = raise_v7_shift_word(col->tick, &col->value, col->shift.month, col->shift.day,
									  col->shift.time, (unsigned) uuid_seq_node_bits,
									  (uint32) uuid_seq_node_id, &col->word);
	else
		covered = raise_value_word(family, col->tick, &col->value,
								   (unsigned) uuid_seq_node_bits,
								   (uint32) uuid_seq_node_id, &col->word);
	if (covered)
		col->raisable = true;
	else
		col->skip = "no value of its family can lie above its largest one";
}

/*
 * The one rule no column breaks: the word it would raise its family to
 * keeps within the horizon (raise_word_within_horizon()), so that no raise
 * carries a frontier more than HORIZON_NS past the clock, nor exhausts a
 * family.  A column that would break it is not raised.
 */
static void
keep_to_horizon(KeyColumn *col, int64 clock_ns)
{
	if (col->raisable &&
		!raise_word_within_horizon(family_table[col->family], col->word, clock_ns, HORIZON_NS))
	{
		col->raisable = false;
		col->skip = "the frontier its largest key needs lies more than 1 day ahead of the server's clock";
	}
}

/*
 * Read a key column and work out the word it needs (or why none).
 * *leaves: the partitions reached as part of a partitioned table.
 */
static void
plan_column(KeyColumn *col, const ExtensionObjects *ext, int64 clock_ns,
			MemoryContext per_value, List **leaves)
{
	set_horizon(col, clock_ns);
	if (col->skip == NULL)
		read_column(col, ext, per_value, leaves);
	if (col->found && col->skip == NULL && !col->gone)
		cover_word(col);
	keep_to_horizon(col, clock_ns);
}

/* Raise each family once, to the largest word of its columns. */
static void
raise_families(List *columns)
{
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		uint64		word = 0;
		bool		any = false;
		uint64		before;
		ListCell   *lc;

		foreach(lc, columns)
		{
			KeyColumn  *col = lfirst(lc);

			if (col->raisable && col->family == (FamilyId) id)
			{
				word = any ? Max(word, col->word) : col->word;
				any = true;
			}
		}
		if (!any)
			continue;
		lease_raise_frontier(uuid_seq_shared, (FamilyId) id, word, &before);
		foreach(lc, columns)
		{
			KeyColumn  *col = lfirst(lc);

			if (col->raisable && col->family == (FamilyId) id)
				col->raised = col->word > before;
		}
	}
}

/* ---- the function ------------------------------------------------------ */

/* A column's largest value as the column shows it. */
static text *
shown_value(const KeyColumn *col)
{
	switch (col->order)
	{
		case ORDER_UUID:
		case ORDER_SQLSERVER:
			{
				pg_uuid_t	uuid;

				memcpy(uuid.data, col->value.uuid, UUID_BYTES);
				return cstring_to_text(DatumGetCString(DirectFunctionCall1(uuid_out,
																		   UUIDPGetDatum(&uuid))));
			}
		case ORDER_INT8:
			return cstring_to_text(psprintf(INT64_FORMAT, col->value.id));
		case ORDER_TYPEID:
			{
				char		buf[TYPEID_TEXT_MAX];
				size_t		len;

				typeid_to_text(col->found_prefix, strlen(col->found_prefix), col->value.uuid,
							   buf, &len);
				return cstring_to_text_with_len(buf, (int) len);
			}
	}
	return NULL;
}

/*
 * The WARNING for a column with keys beyond its horizon: how many (a count
 * where the column was read whole), and how to raise past them if they are
 * real.
 */
static void
warn_beyond(const KeyColumn *col)
{
	const char *family = family_names[col->family];
	const char *key = "key";
	const char *epoch = "";

	/* the call that raises past one of them, as the column holds it */
	if (col->order == ORDER_TYPEID)
		key = "typeid_to_uuid(key)";
	else if (col->sqlguid)
		key = "key::uuid";
	else if (col->family == FAMILY_SNOWFLAKE && col->epoch_ms != SNOWFLAKE_TWITTER_EPOCH_MS)
	{
		/* the epoch, in UTC whatever the session's settings */
		Timestamp	ts = col->epoch_ms * 1000 -
			(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
		struct pg_tm tm;
		fsec_t		fsec;

		if (timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) == 0)
			epoch = psprintf(", '%04d-%02d-%02d %02d:%02d:%02d.%03d+00'",
							 tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min,
							 tm.tm_sec, (int) (fsec / 1000));
		else
			epoch = ", epoch";
	}
	if (col->beyond_uncounted)
		ereport(WARNING,
				(errmsg("column %s of %s.%s has keys more than 1 day ahead of the server's clock: ignored",
						NameStr(col->attname), col->nspname, col->relname),
				 errdetail("Keys that far ahead are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family %s is raised above the column's other keys only.",
						   family),
				 errhint("If they are real keys, raise past them deliberately with uuid_seq_raise_frontier('%s', %s%s).",
						 family, key, epoch)));
	else
		ereport(WARNING,
				(errmsg_plural("column %s of %s.%s has %llu key more than 1 day ahead of the server's clock: ignored",
							   "column %s of %s.%s has %llu keys more than 1 day ahead of the server's clock: ignored",
							   (unsigned long) Min(col->beyond, ULONG_MAX),
							   NameStr(col->attname), col->nspname, col->relname,
							   (unsigned long long) col->beyond),
				 errdetail("Keys that far ahead are taken for values of another kind (a random uuid reads as a ULID or a COMB of a random time) or for placeholders: family %s is raised above the column's other keys only.",
						   family),
				 errhint("If they are real keys, raise past them deliberately with uuid_seq_raise_frontier('%s', %s%s).",
						 family, key, epoch)));
}

Datum
uuid_seq_raise_frontiers(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	ExtensionObjects ext = {0};
	List	   *columns;
	ListCell   *lc;
	MemoryContext per_value;
	int64		clock_ns;
	List	   *leaves = NIL;

	if (!superuser())
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("must be superuser to run uuid_seq_raise_frontiers()"),
				 errdetail("It reads every key column of the database, whatever its privileges and row security policies.")));
	if (lease_shared() == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontiers() needs the shared frontiers"),
				 errhint("Add uuid_seq to shared_preload_libraries and restart the server.")));

	ext.extension = getExtensionOfObject(ProcedureRelationId, fcinfo->flinfo->fn_oid);
	if (!OidIsValid(ext.extension))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uuid_seq_raise_frontiers() must be called as a member of extension uuid_seq")));
	InitMaterializedSRF(fcinfo, 0);
	find_extension_objects(&ext);
	columns = find_key_columns(&ext);
	mark_covered_partitions(columns);

	clock_ns = family_clock_ns();
	per_value = AllocSetContextCreate(CurrentMemoryContext, "uuid_seq_raise_frontiers value",
									  ALLOCSET_SMALL_SIZES);
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->skip == NULL && !col->covered)
			plan_column(col, &ext, clock_ns, per_value, &leaves);
	}

	/*
	 * A partition that its partitioned table's read did not reach (detached
	 * while the statement waited, or its table's column not read): its
	 * default still calls the generator, so it is read, and listed, alone
	 */
	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);

		if (col->covered && !list_member_oid(leaves, col->relid))
		{
			col->covered = false;
			plan_column(col, &ext, clock_ns, per_value, &leaves);
		}
	}
	MemoryContextDelete(per_value);

	raise_families(columns);

	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);
		Datum		values[5];
		bool		nulls[5] = {0};

		if (col->covered || col->gone)
			continue;
		values[0] = ObjectIdGetDatum(col->relid);
		values[1] = NameGetDatum(&col->attname);
		if (col->has_family)
			values[2] = CStringGetTextDatum(family_names[col->family]);
		else
			nulls[2] = true;
		if (col->found)
			values[4] = PointerGetDatum(shown_value(col));
		else
			nulls[4] = true;
		if (col->beyond_uncounted || col->beyond > 0)
			warn_beyond(col);
		if (col->skip != NULL)
		{
			ereport(WARNING,
					(errmsg("column %s of %s.%s is not raised: %s",
							NameStr(col->attname), col->nspname, col->relname, col->skip),
					 errhint("Raise its family's frontier with uuid_seq_raise_frontier(family, greatest key).")));
			nulls[3] = true;
		}
		else
			values[3] = BoolGetDatum(col->raised);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
