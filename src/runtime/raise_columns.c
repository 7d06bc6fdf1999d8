/*
 * raise_columns.c
 *		Finding the key columns of uuid_seq_raise_frontiers(): the
 *		extension's generators, and the column defaults and domain
 *		defaults that call one (pg_depend, pg_attrdef); what each default
 *		means is raise_default.c's.
 *
 * The generators are the extension's member C functions whose symbol
 * core/raise_plan.c knows, found through pg_depend from the extension the
 * calling function belongs to (and sqlguid and ulid by what they are,
 * is_script_type()):
 * never by name, so neither search_path, a relocated schema nor a
 * look-alike function in another schema changes what is found (core 18's
 * pg_catalog.uuidv7() is not uuid_seq's and is not found).  The defaults
 * that call one are their pg_attrdef dependents, and the defaults of their
 * pg_type dependents (domains) for the columns of those domains (and of
 * domains over them) without a default of their own; any other dependent
 * (a function that wraps a generator, a view, a rule) gets a WARNING.  A
 * column whose default cannot be read (raise_default.c says why) is listed
 * with raised NULL and a WARNING, and left to the one-column
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
#include "rewrite/rewriteSupport.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/regproc.h"
#include "utils/rel.h"
#include "utils/syscache.h"
#include "utils/uuid.h"

#include "core/raise_plan.h"
#include "runtime/compat.h"
#include "runtime/raise_columns.h"

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
 * Whether member type typid is a type of the extension's script known by
 * what it is rather than by its name (which a domain the extension's owner
 * adds to it can take): a base type, which only a superuser can create
 * (the script), of 16 bytes, whose input function is a member of the
 * extension in language `lang` with symbol `input`: sqlguid's is core's
 * uuid_in, ulid's (1.4) the module's ulid_in.
 */
static bool
is_script_type(Oid extension, Oid typid, Oid lang, const char *input)
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

		is = p->prolang == lang && !isnull &&
			strcmp(TextDatumGetCString(prosrc), input) == 0;
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
			if (is_script_type(ext->extension, dep->objid, INTERNALlanguageId, "uuid_in"))
				ext->sqlguid = dep->objid;
			else if (is_script_type(ext->extension, dep->objid, ClanguageId, "ulid_in"))
				ext->ulid = dep->objid;
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
	/* the script's default class: only a superuser makes another default */
	if (OidIsValid(ext->ulid))
	{
		Oid			opclass = GetDefaultOpClass(ext->ulid, BTREE_AM_OID);

		if (OidIsValid(opclass))
			ext->ulid_family = get_opclass_family(opclass);
	}
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
