/*
 * raise_columns.c
 *		Finding the key columns of uuid_seq_raise_frontiers(): the
 *		extension's generators, the column defaults and domain defaults
 *		that call one (pg_depend, pg_attrdef), and what each call means (its
 *		family, the arguments that decide how its values read).
 *
 * The generators are the extension's member C functions whose symbol
 * core/raise_plan.c knows, found through pg_depend from the extension the
 * calling function belongs to (and sqlguid by what it is, is_sqlguid()):
 * never by name, so neither search_path, a relocated schema nor a
 * look-alike function in another schema changes what is found (core 18's
 * pg_catalog.uuidv7() is not uuid_seq's and is not found).  The defaults
 * that call one are their pg_attrdef dependents, and the defaults of their
 * pg_type dependents (domains) for the columns of those domains (and of
 * domains over them) without a default of their own; any other dependent
 * (a function that wraps a generator, a view, a rule) gets a WARNING.  A
 * default counts when, below binary-compatible casts, domains, collations
 * and length coercions, it is one generator call whose arguments that
 * matter are constants (a COMB's layout and strategy, a Snowflake epoch, a
 * uuidv7() shift, a TypeID prefix), and the column's type holds the
 * generator's values; any other such column is listed with raised NULL
 * and a WARNING saying why, and left to the one-column
 * uuid_seq_raise_frontier().  Views and foreign tables are listed, not
 * read.  Other sessions' temporary tables are left out.
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/namespace.h"
#include "catalog/partition.h"
#include "catalog/pg_am.h"
#include "catalog/pg_attrdef.h"
#include "catalog/pg_attribute.h"
#include "catalog/pg_class.h"
#include "catalog/pg_depend.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_language.h"
#include "catalog/pg_opfamily.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_rewrite.h"
#include "catalog/pg_type.h"
#include "commands/defrem.h"
#include "nodes/nodeFuncs.h"
#include "parser/parse_coerce.h"
#include "rewrite/rewriteSupport.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/regproc.h"
#include "utils/rel.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "core/comb.h"
#include "core/raise_plan.h"
#include "core/rfc9562.h"
#include "core/typeid.h"
#include "runtime/compat.h"
#include "runtime/raise_columns.h"
#include "runtime/timeconv.h"

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
void
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

/* A COMB call's family, from its constant layout and strategy. */
static SkipReason
comb_call(Node **args, const FrontierFamily **family)
{
	Const	   *layout = const_arg(args[0], InvalidOid);
	Const	   *strategy = const_arg(args[1], InvalidOid);
	CombKind	kind;

	if (layout == NULL || strategy == NULL)
		return SKIP_COMB_NOT_CONSTANT;
	if (comb_kind_from_names(VARDATA_ANY(DatumGetTextPP(layout->constvalue)),
							 VARSIZE_ANY_EXHDR(DatumGetTextPP(layout->constvalue)),
							 VARDATA_ANY(DatumGetTextPP(strategy->constvalue)),
							 VARSIZE_ANY_EXHDR(DatumGetTextPP(strategy->constvalue)),
							 &kind) != COMB_NAME_OK)
		return SKIP_COMB_NO_FAMILY;
	*family = &comb_families[kind].frontier;
	return SKIP_NONE;
}

/* A Snowflake call's constant epoch, a finite whole millisecond. */
static SkipReason
epoch_call(KeyCall *call, Node **args)
{
	Const	   *arg = const_arg(args[0], TIMESTAMPTZOID);
	int64		unix_us;

	if (arg == NULL)
		return SKIP_EPOCH_NOT_CONSTANT;
	if (!timestamptz_try_unix_us(DatumGetTimestampTz(arg->constvalue), &unix_us) ||
		unix_us % 1000 != 0)
		return SKIP_EPOCH_NOT_WHOLE_MS;
	call->epoch_ms = unix_us / 1000;
	return SKIP_NONE;
}

/* A uuidv7(shift) call's constant shift, within the UUIDv7 range. */
static SkipReason
shift_call(KeyCall *call, Node **args)
{
	Const	   *arg = const_arg(args[0], INTERVALOID);
	Interval   *shift;

	if (arg == NULL)
		return SKIP_SHIFT_NOT_CONSTANT;
	shift = DatumGetIntervalP(arg->constvalue);
	/* the generator's own refusal: such a default made no value */
	if (!uuidv7_shift_in_range(shift))
		return SKIP_SHIFT_OUT_OF_RANGE;
	call->shift = *shift;
	return SKIP_NONE;
}

/* A TypeID call's prefix: a constant one, or any where it is not. */
static SkipReason
prefix_call(KeyCall *call, Node **args)
{
	Const	   *arg = const_arg(args[0], InvalidOid);
	text	   *prefix;

	if (arg == NULL)
		return SKIP_NONE;
	prefix = DatumGetTextPP(arg->constvalue);
	if (typeid_check_prefix(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix)) != TYPEID_OK)
		return SKIP_BAD_PREFIX;
	call->prefix = text_to_cstring(prefix);
	return SKIP_NONE;
}

/*
 * What the generator call `funcexpr` of a default means (*call): its family
 * and the arguments that decide how values read; or why it cannot be read.
 */
static SkipReason
analyse_call(KeyCall *call, FuncExpr *funcexpr, const RaiseGenerator *generator)
{
	const FrontierFamily *family = generator->family;
	Node	   *args[3];
	SkipReason	skip = SKIP_NONE;

	call->generator = generator;
	call_args(funcexpr, args, lengthof(args));
	switch (generator->args)
	{
		case RAISE_ARGS_NONE:
			break;
		case RAISE_ARGS_COMB:
			skip = comb_call(args, &family);
			break;
		case RAISE_ARGS_EPOCH:
			skip = epoch_call(call, args);
			break;
		case RAISE_ARGS_SHIFT:
			skip = shift_call(call, args);
			break;
		case RAISE_ARGS_PREFIX:
			skip = prefix_call(call, args);
			break;
	}
	if (skip != SKIP_NONE)
		return skip;
	call->has_family = true;
	call->family = family_id_of(family);
	/* every family a generator takes from is registered */
	Assert(call->family != FAMILY_COUNT);
	if (generator->kind == RAISE_VALUE_TYPEID)
		call->order = ORDER_TYPEID;
	else if (generator->kind == RAISE_VALUE_BIGINT)
		call->order = ORDER_INT8;
	else if (family_in_sqlserver_order(call->family))
		call->order = ORDER_SQLSERVER;
	else
		call->order = ORDER_UUID;
	return SKIP_NONE;
}

/* Whether a column of type typid (below domains) holds col's values. */
static bool
type_holds_values(const KeyColumn *col, Oid typid, const ExtensionObjects *ext)
{
	Oid			base = getBaseType(typid);

	switch (col->call.generator->kind)
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
 * What col's default (its default_text) means, for a column of type typid
 * (typmod) in a relation of kind col->relkind: col->call, or why the column
 * cannot be read.
 */
static SkipReason
analyse_default(KeyColumn *col, Oid typid, int32 typmod, const ExtensionObjects *ext)
{
	Node	   *stripped = strip_casts(stringToNode(col->default_text));
	const RaiseGenerator *generator = NULL;
	SkipReason	skip;

	if (stripped != NULL && IsA(stripped, FuncExpr))
		generator = member_generator(ext, ((FuncExpr *) stripped)->funcid);
	if (generator == NULL)
	{
		if (!converts_generator_value(stripped, ext))
			return SKIP_NOT_PLAIN_CALL;
		col->skip_typid = exprType(stripped);
		return SKIP_CONVERTED;
	}
	skip = analyse_call(&col->call, (FuncExpr *) stripped, generator);
	col->sqlguid = OidIsValid(ext->sqlguid) && getBaseType(typid) == ext->sqlguid;
	if (skip != SKIP_NONE)
		return skip;
	if (!type_holds_values(col, typid, ext))
	{
		col->skip_typid = typid;
		col->skip_typmod = typmod;
		return SKIP_TYPE_MISMATCH;
	}
	if (col->relkind == RELKIND_VIEW)
		return SKIP_VIEW;
	if (col->relkind == RELKIND_FOREIGN_TABLE)
		return SKIP_FOREIGN_TABLE;
	if (col->relkind != RELKIND_RELATION && col->relkind != RELKIND_PARTITIONED_TABLE)
		return SKIP_NOT_TABLE;
	return SKIP_NONE;
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

	col->skip = analyse_default(col, typid, typmod, ext);
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
char *
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
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s calls uuid_seq generator \"%s\"",
						sorted[i]->description, format_procedure(sorted[i]->generator)),
				 errdetail("Keys made through it are not covered: uuid_seq_raise_frontiers() reads the columns whose default, or whose domain's default, calls a generator."),
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

/* The dependents of a generator: defaults, domains, and the others. */
typedef struct Dependents
{
	List	   *attrdefs;		/* pg_attrdef OIDs */
	List	   *domains;		/* pg_type OIDs */
	List	   *others;			/* OtherDependent, each object once */
} Dependents;

/* Add generator's dependents (pg_depend) to deps. */
static void
add_dependents(Relation depend, Oid generator, Dependents *deps)
{
	ScanKeyData key[2];
	SysScanDesc scan = depend_scan_referencing(depend, ProcedureRelationId, generator, key);
	HeapTuple	tuple;

	while (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		Form_pg_depend dep = (Form_pg_depend) GETSTRUCT(tuple);
		ListCell   *lo;
		bool		seen = false;
		OtherDependent *other;

		if (dep->classid == AttrDefaultRelationId)
		{
			deps->attrdefs = list_append_unique_oid(deps->attrdefs, dep->objid);
			continue;
		}
		if (dep->classid == TypeRelationId)
		{
			deps->domains = list_append_unique_oid(deps->domains, dep->objid);
			continue;
		}
		foreach(lo, deps->others)
		{
			other = lfirst(lo);
			seen |= other->classid == dep->classid && other->objid == dep->objid;
		}
		if (seen)
			continue;
		other = palloc0(sizeof(OtherDependent));
		other->classid = dep->classid;
		other->objid = dep->objid;
		other->generator = generator;
		deps->others = lappend(deps->others, other);
	}
	systable_endscan(scan);
}

/*
 * The key columns of the database (KeyColumn), in schema, table and column
 * order, each analysed; a WARNING for each other dependent of a generator.
 */
List *
find_key_columns(const ExtensionObjects *ext)
{
	Relation	depend = table_open(DependRelationId, AccessShareLock);
	Dependents	deps = {NIL, NIL, NIL};
	List	   *columns = NIL;
	KeyColumn **sorted;
	int			n = 0;
	ListCell   *lc;

	foreach(lc, ext->generator_oids)
		add_dependents(depend, lfirst_oid(lc), &deps);
	foreach(lc, deps.attrdefs)
	{
		KeyColumn  *col = key_column_of_default(lfirst_oid(lc), ext);

		if (col != NULL)
			columns = lappend(columns, col);
	}
	foreach(lc, deps.domains)
		key_columns_of_domain(depend, lfirst_oid(lc), ext, &columns);
	table_close(depend, AccessShareLock);
	warn_other_dependents(deps.others, ext);

	if (columns == NIL)
		return NIL;
	sorted = palloc(sizeof(KeyColumn *) * list_length(columns));
	foreach(lc, columns)
		sorted[n++] = lfirst(lc);
	qsort(sorted, n, sizeof(KeyColumn *), key_column_cmp);
	columns = NIL;
	for (int i = 0; i < n; i++)
		columns = lappend(columns, sorted[i]);
	return columns;
}

/* Whether two columns' defaults are the same call, for how values read. */
static bool
same_call(const KeyCall *a, const KeyCall *b)
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
void
mark_covered_partitions(List *columns)
{
	ListCell   *lc;

	foreach(lc, columns)
	{
		KeyColumn  *col = lfirst(lc);
		List	   *ancestors;
		ListCell   *la;

		if (!col->relispartition || col->skip != SKIP_NONE)
			continue;
		ancestors = get_partition_ancestors(col->relid);
		foreach(la, ancestors)
		{
			ListCell   *lp;

			foreach(lp, columns)
			{
				KeyColumn  *parent = lfirst(lp);

				if (parent->relid == lfirst_oid(la) && parent->skip == SKIP_NONE &&
					namestrcmp(&parent->attname, NameStr(col->attname)) == 0 &&
					same_call(&parent->call, &col->call))
					col->covered = true;
			}
		}
	}
}
