/*
 * raise_default.c
 *		What a key column's default means to uuid_seq_raise_frontiers():
 *		the generator it calls, the family its values belong to and the
 *		arguments that decide how they read (a COMB's layout and strategy,
 *		a Snowflake epoch, a uuidv7() shift, a TypeID prefix), or why the
 *		column cannot be read; and a column's default, its own or its
 *		domain's.
 *
 * A default counts when, below binary-compatible casts, domains,
 * collations and length coercions, it is one call of a generator (a member
 * of the extension that raise_columns.c found by its C symbol) whose
 * arguments that matter are constants, and the column's type holds the
 * generator's values; the function's own argument defaults count, as the
 * planner would add them.  A default that converts a generator's value
 * (::text, through a function) is told apart from any other expression, for
 * its WARNING.  Nothing is resolved by name.
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/dependency.h"
#include "catalog/indexing.h"
#include "catalog/pg_attrdef.h"
#include "catalog/pg_class.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "parser/parse_coerce.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"

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


/*
 * An expression below what leaves its value as it is: binary-compatible
 * casts (uuid to sqlguid, uuid and ulid), domains, COLLATE, and casts to the same type
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
	else if (generator->kind == RAISE_VALUE_BYTES)
		call->order = ORDER_BYTES;
	else if (family_in_sqlserver_order(call->family))
		call->order = ORDER_SQLSERVER;
	else
		call->order = ORDER_UUID;
	return SKIP_NONE;
}

/*
 * Whether typid is the type of a RAISE_VALUE_BYTES family's values (a
 * ksuid), known by what it is rather than by its name: a base type of the
 * family's width whose input function is a C function of the extension
 * with the C symbol raise_type_input() names.
 */
static bool
is_family_type(Oid typid, const FrontierFamily *family, const ExtensionObjects *ext)
{
	const char *symbol = raise_type_input(family);
	HeapTuple	type;
	Form_pg_type form;
	HeapTuple	proc;
	bool		is = false;

	if (symbol == NULL || !HeapTupleIsValid(type = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid))))
		return false;
	form = (Form_pg_type) GETSTRUCT(type);
	if (form->typtype == TYPTYPE_BASE && form->typlen == (int16) family->value_bytes &&
		getExtensionOfObject(ProcedureRelationId, form->typinput) == ext->extension &&
		HeapTupleIsValid(proc = SearchSysCache1(PROCOID, ObjectIdGetDatum(form->typinput))))
	{
		bool		isnull;
		Datum		prosrc = SysCacheGetAttr(PROCOID, proc, Anum_pg_proc_prosrc, &isnull);

		is = ((Form_pg_proc) GETSTRUCT(proc))->prolang == ClanguageId && !isnull &&
			strcmp(TextDatumGetCString(prosrc), symbol) == 0;
		ReleaseSysCache(proc);
	}
	ReleaseSysCache(type);
	return is;
}

/* Whether a column of type typid (below domains) holds col's values. */
static bool
type_holds_values(const KeyColumn *col, Oid typid, const ExtensionObjects *ext)
{
	Oid			base = getBaseType(typid);

	switch (col->call.generator->kind)
	{
		case RAISE_VALUE_UUID:
			return base == UUIDOID || (OidIsValid(ext->sqlguid) && base == ext->sqlguid) ||
				(OidIsValid(ext->ulid) && base == ext->ulid);
		case RAISE_VALUE_BIGINT:
			return base == INT8OID;
		case RAISE_VALUE_TYPEID:
			return base == TEXTOID || base == VARCHAROID;
		case RAISE_VALUE_BYTES:
			return is_family_type(base, family_table[col->call.family], ext);
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
char *
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
SkipReason
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
	col->ulid = OidIsValid(ext->ulid) && getBaseType(typid) == ext->ulid;
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
 * The default (typdefaultbin) of domain typid, or of the nearest domain
 * below it that has one; NULL when none has (or typid is no domain).
 */
char *
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
