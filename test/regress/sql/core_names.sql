-- Our functions that share a name with core's.  PostgreSQL 17 added
-- uuid_extract_timestamp() and uuid_extract_version() to pg_catalog, 18 also
-- uuidv4() and uuidv7(); pg_catalog comes first in every search path, so
-- there an unqualified call runs core's, and only the schema-qualified name
-- reaches ours (19 adds none).  Expected outputs: core_names.out for 13 to
-- 16, _1 for 17, _2 for 18 and 19.
SET TimeZone = 'UTC';

-- where an unqualified call goes
SELECT f AS unqualified_call, p.pronamespace::regnamespace AS runs_from
FROM unnest(ARRAY['uuidv4()', 'uuidv7()', 'uuidv7(interval)',
                  'uuid_extract_timestamp(uuid)', 'uuid_extract_version(uuid)']) f
JOIN pg_proc p ON p.oid = to_regprocedure(f)
ORDER BY 1;

-- RFC 9562's UUIDv7 example (2022-02-22 19:22:22 UTC): 17's core
-- uuid_extract_timestamp() reads version 1 only, so the unqualified call
-- returns NULL there; ours, and 18's, read version 7
SELECT uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS unqualified,
       public.uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS qualified,
       uuid_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS uuid_timestamp,
       uuid_v7_to_timestamptz('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS v7_to_timestamptz;
SELECT uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS unqualified,
       public.uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS qualified;

-- every generator, whoever's runs, makes version 7 and 4 values
SELECT uuid_extract_version(uuidv7()) AS v7, uuid_extract_version(public.uuidv7()) AS ours_v7,
       uuid_extract_version(uuidv7('-1 hour')) AS v7_shifted,
       uuid_extract_version(public.uuidv7('-1 hour')) AS ours_v7_shifted,
       uuid_extract_version(uuidv4()) AS v4, uuid_extract_version(public.uuidv4()) AS ours_v4;

-- a column default keeps the function it was created with: written
-- unqualified here, it is stored as the function the name resolved to, and
-- a dump names it schema-qualified when that is not pg_catalog's (a default
-- depends on our function; core's are pinned and record no dependency)
CREATE TABLE core_names_t (id uuid DEFAULT uuidv7(), u uuid DEFAULT public.uuidv7());
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) AS default_expr,
       coalesce((SELECT p.pronamespace::regnamespace::text
                 FROM pg_depend dep JOIN pg_proc p ON p.oid = dep.refobjid
                 WHERE dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                   AND dep.refclassid = 'pg_proc'::regclass), 'pg_catalog') AS function_from
FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid = 'core_names_t'::regclass ORDER BY a.attnum;
DROP TABLE core_names_t;

-- 18 records the module's name and version (PG_MODULE_MAGIC_EXT)
SELECT module_name, version = (SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq')
       AS version_is_extversion
FROM pg_get_loaded_modules() WHERE file_name LIKE 'uuid_seq%';

-- no other function or type of ours shares a name with pg_catalog's (but
-- our min and max aggregates, unless core has them for the same argument
-- type): a major that adds one shows up here.  PostgreSQL 19 adds the
-- functions bytea(uuid) and uuid(bytea), its casts (guid_bytes.sql)
SELECT p.proname AS shares_name_with_core
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
     AND d.refclassid = 'pg_extension'::regclass
     AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_seq')
WHERE p.proname NOT IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp', 'uuid_extract_version')
  AND EXISTS (SELECT 1 FROM pg_proc c
              WHERE c.proname = p.proname AND c.pronamespace = 'pg_catalog'::regnamespace
                AND (p.proname NOT IN ('min', 'max') OR c.proargtypes = p.proargtypes))
UNION ALL
SELECT t.typname
FROM pg_type t
JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid
     AND d.refclassid = 'pg_extension'::regclass
     AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_seq')
WHERE EXISTS (SELECT 1 FROM pg_type c
              WHERE c.typname = t.typname AND c.typnamespace = 'pg_catalog'::regnamespace)
ORDER BY 1;
