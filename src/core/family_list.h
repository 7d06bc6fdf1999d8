/*
 * family_list.h
 *		The families: the one place a family is registered.
 *
 * Each line is FAMILY(symbol, name, family): the suffix of its FamilyId
 * (FAMILY_<symbol>), the name uuid_seq_state() shows, and its
 * FrontierFamily.  Whoever includes this file defines FAMILY first; the
 * FamilyId enum, the table of families and their names are all generated
 * from it (registry.h, registry.c), as core generates its resource
 * managers from rmgrlist.h.  src/README §1 has each family's layout in a
 * table that lists every line of this file.
 *
 * THE ORDER IS PERSISTENT.  A family's position is its number in the
 * frontier file ($PGDATA/uuid_seq.frontiers, src/README §12), so a file
 * written by an earlier release restores the right frontiers only if lines
 * are never reordered or removed: add a family at the end.
 *
 * No include guard: it is meant to be included several times.
 */

FAMILY(V7, "v7", &uuidv7_family)
FAMILY(ULID, "ulid", &ulid_family)
FAMILY(COMB_SQLSERVER_UNIX_MS, "comb_sqlserver_unix_ms",
	   &comb_families[COMB_SQLSERVER_UNIX_MS].frontier)
FAMILY(COMB_POSTGRESQL_UNIX_MS, "comb_postgresql_unix_ms",
	   &comb_families[COMB_POSTGRESQL_UNIX_MS].frontier)
FAMILY(COMB_SQLSERVER_SQLDATETIME, "comb_sqlserver_sqldatetime",
	   &comb_families[COMB_SQLSERVER_SQLDATETIME].frontier)
FAMILY(COMB_POSTGRESQL_SQLDATETIME, "comb_postgresql_sqldatetime",
	   &comb_families[COMB_POSTGRESQL_SQLDATETIME].frontier)
FAMILY(COMB_SQLSERVER_DOTNET_TICKS, "comb_sqlserver_dotnet_ticks",
	   &comb_families[COMB_SQLSERVER_DOTNET_TICKS].frontier)
FAMILY(TSID, "tsid", &tsid_family)
FAMILY(SNOWFLAKE, "snowflake", &snowflake_family)
FAMILY(V6, "v6", &uuidv6_family)
FAMILY(KSUID, "ksuid", &ksuid_family)
FAMILY(OBJECTID, "objectid", &objectid_family)
