-- Upgrade paths: 1.0, 1.1 and 1.2 brought up to the default version by ALTER
-- EXTENSION UPDATE must leave the same catalog as a fresh install of the
-- default version (its full install script, uuid_seq--1.3.sql and on).
-- The output names no member and no version past 1.1, so a new release
-- only adds its scripts.  Last in
-- REGRESS: it drops the extension and leaves a fresh install of the default
-- version in public.

-- one row per extension member (and the extension itself): its identity and
-- everything an upgrade script must reproduce, without OIDs
CREATE TEMP VIEW uuid_seq_catalog AS
SELECT 'extension' AS object,
       format('version=%s schema=%s relocatable=%s config=%s condition=%s',
              e.extversion, e.extnamespace::regnamespace, e.extrelocatable,
              (SELECT array_agg(c::regclass ORDER BY c::regclass::text)
               FROM unnest(e.extconfig) c), e.extcondition) AS detail
FROM pg_extension e WHERE e.extname = 'uuid_seq'
UNION ALL
SELECT pg_describe_object(d.classid, d.objid, 0),
       concat_ws(' ',
       CASE d.classid
       WHEN 'pg_proc'::regclass THEN (
           SELECT format('args=%s result=%s kind=%s volatile=%s strict=%s parallel=%s leakproof=%s secdef=%s cost=%s rows=%s config=%s support=%s language=%s src=%s bin=%s acl=%s',
                         pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
                         p.prokind, p.provolatile, p.proisstrict, p.proparallel,
                         p.proleakproof, p.prosecdef, p.procost, p.prorows, p.proconfig,
                         p.prosupport::oid::regprocedure, l.lanname, p.prosrc, p.probin,
                         p.proacl)
           FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = d.objid)
       WHEN 'pg_operator'::regclass THEN (
           SELECT format('left=%s right=%s result=%s code=%s commutator=%s negator=%s restrict=%s join=%s merges=%s hashes=%s',
                         o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype,
                         o.oprcode::oid::regprocedure, o.oprcom::regoperator,
                         o.oprnegate::regoperator, o.oprrest::oid::regprocedure,
                         o.oprjoin::oid::regprocedure, o.oprcanmerge, o.oprcanhash)
           FROM pg_operator o WHERE o.oid = d.objid)
       WHEN 'pg_opclass'::regclass THEN (
           SELECT format('method=%s type=%s default=%s family=%s keytype=%s',
                         a.amname, c.opcintype::regtype, c.opcdefault,
                         pg_describe_object('pg_opfamily'::regclass, c.opcfamily, 0),
                         c.opckeytype::regtype)
           FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod WHERE c.oid = d.objid)
       WHEN 'pg_opfamily'::regclass THEN (
           SELECT string_agg(m, '; ' ORDER BY m) FROM (
               SELECT pg_describe_object('pg_amop'::regclass, o.oid, 0) ||
                      format(' purpose=%s', o.amoppurpose) AS m
               FROM pg_amop o WHERE o.amopfamily = d.objid
               UNION ALL
               SELECT pg_describe_object('pg_amproc'::regclass, p.oid, 0)
               FROM pg_amproc p WHERE p.amprocfamily = d.objid) members)
       WHEN 'pg_type'::regclass THEN (
           SELECT format('type=%s len=%s byval=%s category=%s preferred=%s delim=%s in=%s out=%s receive=%s send=%s typmod_in=%s typmod_out=%s analyze=%s align=%s storage=%s element=%s array=%s base=%s notnull=%s default=%s collation=%s acl=%s constraints=%s',
                         t.typtype, t.typlen, t.typbyval, t.typcategory, t.typispreferred,
                         t.typdelim, t.typinput::oid::regprocedure,
                         t.typoutput::oid::regprocedure, t.typreceive::oid::regprocedure,
                         t.typsend::oid::regprocedure, t.typmodin::oid::regprocedure,
                         t.typmodout::oid::regprocedure, t.typanalyze::oid::regprocedure,
                         t.typalign, t.typstorage, t.typelem::regtype, t.typarray::regtype,
                         t.typbasetype::regtype, t.typnotnull, t.typdefault, t.typcollation::regcollation,
                         t.typacl,
                         (SELECT string_agg(format('%s %s', k.conname, pg_get_constraintdef(k.oid)),
                                            '; ' ORDER BY k.conname)
                          FROM pg_constraint k WHERE k.contypid = t.oid))
           FROM pg_type t WHERE t.oid = d.objid)
       WHEN 'pg_cast'::regclass THEN (
           SELECT format('function=%s context=%s method=%s',
                         c.castfunc::regprocedure, c.castcontext, c.castmethod)
           FROM pg_cast c WHERE c.oid = d.objid)
       WHEN 'pg_class'::regclass THEN (
           SELECT format('kind=%s acl=%s options=%s definition=%s',
                         c.relkind, c.relacl, c.reloptions,
                         CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid) END)
           FROM pg_class c WHERE c.oid = d.objid)
       END,
       -- columns of tables, views and composite types
       (SELECT 'columns=' || string_agg(format('%s %s notnull=%s default=%s acl=%s',
                                               a.attname, format_type(a.atttypid, a.atttypmod),
                                               a.attnotnull, pg_get_expr(ad.adbin, ad.adrelid),
                                               a.attacl), ', ' ORDER BY a.attnum)
        FROM pg_attribute a
        LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped
          AND a.attrelid = CASE d.classid
                           WHEN 'pg_class'::regclass THEN d.objid
                           WHEN 'pg_type'::regclass THEN
                               (SELECT typrelid FROM pg_type WHERE oid = d.objid)
                           END),
       (SELECT 'initprivs=' || i.initprivs::text FROM pg_init_privs i
        WHERE i.classoid = d.classid AND i.objoid = d.objid AND i.objsubid = 0),
       (SELECT 'comment=' || c.description FROM pg_description c
        WHERE c.classoid = d.classid AND c.objoid = d.objid AND c.objsubid = 0))
FROM pg_depend d
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'uuid_seq' AND d.deptype = 'e';

-- start over from 1.0, then update (no NOTICE when 1.0 is already the default)
SET client_min_messages = warning;
DROP EXTENSION uuid_seq CASCADE;
CREATE EXTENSION uuid_seq VERSION '1.0';
SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq';
ALTER EXTENSION uuid_seq UPDATE;
RESET client_min_messages;
SELECT extversion = default_version AS updated_to_default
FROM pg_extension JOIN pg_available_extensions ON name = extname
WHERE extname = 'uuid_seq';
CREATE TEMP TABLE upgraded AS SELECT * FROM uuid_seq_catalog;

-- from 1.1 (through 1.2, which has no full install script)
DROP EXTENSION uuid_seq;
SET client_min_messages = warning;
CREATE EXTENSION uuid_seq VERSION '1.1';
ALTER EXTENSION uuid_seq UPDATE;
RESET client_min_messages;
CREATE TEMP TABLE upgraded_from_1_1 AS SELECT * FROM uuid_seq_catalog;

-- an update never drops an object users can build on (issue 42): from 1.2,
-- with a user's view on uuid_seq_state(), every member of 1.2 is still a
-- member afterwards, the same object, and the view still reads it
DROP EXTENSION uuid_seq;
SET client_min_messages = warning;
CREATE EXTENSION uuid_seq VERSION '1.2';
RESET client_min_messages;
CREATE VIEW regress_uuid_seq_frontiers AS
    SELECT family, frontier_time FROM uuid_seq_state();
CREATE TEMP TABLE members_before AS
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0) AS object
FROM pg_depend d
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'uuid_seq' AND d.deptype = 'e';
ALTER EXTENSION uuid_seq UPDATE;
SELECT object AS dropped_by_update FROM members_before b
WHERE NOT EXISTS (SELECT FROM pg_depend d
                  JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass
                                     AND d.refobjid = e.oid
                  WHERE e.extname = 'uuid_seq' AND d.deptype = 'e'
                    AND d.classid = b.classid AND d.objid = b.objid)
ORDER BY object;
-- (a row per family, whichever families the version has)
SELECT count(*) = (SELECT count(*) FROM uuid_seq_state()) AS view_rows_every_family
FROM regress_uuid_seq_frontiers;
DROP VIEW regress_uuid_seq_frontiers;
CREATE TEMP TABLE upgraded_from_1_2 AS SELECT * FROM uuid_seq_catalog;

-- from 1.3, the last release: the same, every member of 1.3 kept
DROP EXTENSION uuid_seq;
SET client_min_messages = warning;
CREATE EXTENSION uuid_seq VERSION '1.3';
RESET client_min_messages;
TRUNCATE members_before;
INSERT INTO members_before
SELECT d.classid, d.objid, pg_describe_object(d.classid, d.objid, 0)
FROM pg_depend d
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'uuid_seq' AND d.deptype = 'e';
ALTER EXTENSION uuid_seq UPDATE;
SELECT object AS dropped_by_update_from_1_3 FROM members_before b
WHERE NOT EXISTS (SELECT FROM pg_depend d
                  JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass
                                     AND d.refobjid = e.oid
                  WHERE e.extname = 'uuid_seq' AND d.deptype = 'e'
                    AND d.classid = b.classid AND d.objid = b.objid)
ORDER BY object;
CREATE TEMP TABLE upgraded_from_1_3 AS SELECT * FROM uuid_seq_catalog;

-- a fresh install of the default version
DROP EXTENSION uuid_seq;
CREATE EXTENSION uuid_seq;
CREATE TEMP TABLE fresh AS SELECT * FROM uuid_seq_catalog;

SELECT count(*) >= 10 AS members_described,
       bool_and(detail <> '') AS all_detailed
FROM fresh;
-- every function, aggregate, operator, operator class, type and view has a
-- description (\df+, \do+, \dT+): members without one
SELECT object FROM fresh
-- (array types and a view's row type come with their parent and take no
-- description of their own; PostgreSQL 17 and later list them as members)
WHERE object ~ '^(function|aggregate|operator|operator class|type|view) '
  AND detail NOT LIKE '%comment=%'
  AND NOT (object LIKE 'type %' AND (detail LIKE 'type=c %' OR detail !~ ' element=- '));
-- differences: none either way, from 1.0, 1.1, 1.2 and 1.3
(SELECT 'only after update' AS side, * FROM upgraded EXCEPT SELECT 'only after update', * FROM fresh)
UNION ALL
(SELECT 'only in fresh install', * FROM fresh EXCEPT SELECT 'only in fresh install', * FROM upgraded)
UNION ALL
(SELECT 'only after update from 1.1', * FROM upgraded_from_1_1
 EXCEPT SELECT 'only after update from 1.1', * FROM fresh)
UNION ALL
(SELECT 'only in fresh install (1.1)', * FROM fresh
 EXCEPT SELECT 'only in fresh install (1.1)', * FROM upgraded_from_1_1)
UNION ALL
(SELECT 'only after update from 1.2', * FROM upgraded_from_1_2
 EXCEPT SELECT 'only after update from 1.2', * FROM fresh)
UNION ALL
(SELECT 'only in fresh install (1.2)', * FROM fresh
 EXCEPT SELECT 'only in fresh install (1.2)', * FROM upgraded_from_1_2)
UNION ALL
(SELECT 'only after update from 1.3', * FROM upgraded_from_1_3
 EXCEPT SELECT 'only after update from 1.3', * FROM fresh)
UNION ALL
(SELECT 'only in fresh install (1.3)', * FROM fresh
 EXCEPT SELECT 'only in fresh install (1.3)', * FROM upgraded_from_1_3)
ORDER BY 1, 2, 3;

-- Every update to the default version starts with a check of the library
-- (1.2--1.3's or 1.3--1.4's: an older one stops it with 55000, a restart's
-- hint): none goes through 1.0--1.1 or 1.1--1.2, whose new functions an
-- older library lacks ("could not find function").  From 1.0 and 1.1 the
-- Makefile's direct scripts (uuid_seq--1.0--1.3.sql, ...) are the shortest
-- paths.
SELECT bool_and(split_part(path, '--', 2) NOT IN ('1.1', '1.2')) AS checked_first
FROM pg_extension_update_paths('uuid_seq')
JOIN pg_available_extensions ON name = 'uuid_seq' AND target = default_version
WHERE source IN ('1.0', '1.1', '1.2', '1.3');
-- the library this session runs is the catalog's
SELECT uuid_seq_library_version() = extversion AS same_version
FROM pg_extension WHERE extname = 'uuid_seq';
-- the same in a schema of its own (the extension is relocatable, and an
-- upgrade script must reach its own functions there, never pg_catalog's
-- namesakes such as PostgreSQL 18's uuidv7())
DROP EXTENSION uuid_seq;
CREATE SCHEMA regress_uuid_seq_elsewhere;
SET client_min_messages = warning;
CREATE EXTENSION uuid_seq VERSION '1.0' SCHEMA regress_uuid_seq_elsewhere;
ALTER EXTENSION uuid_seq UPDATE;
RESET client_min_messages;
CREATE TEMP TABLE upgraded_elsewhere AS SELECT * FROM uuid_seq_catalog;
DROP EXTENSION uuid_seq;
CREATE EXTENSION uuid_seq SCHEMA regress_uuid_seq_elsewhere;
CREATE TEMP TABLE fresh_elsewhere AS SELECT * FROM uuid_seq_catalog;
SELECT count(*) = (SELECT count(*) FROM fresh) AS same_members FROM fresh_elsewhere;
(SELECT 'only after update' AS side, * FROM upgraded_elsewhere
 EXCEPT SELECT 'only after update', * FROM fresh_elsewhere)
UNION ALL
(SELECT 'only in fresh install', * FROM fresh_elsewhere
 EXCEPT SELECT 'only in fresh install', * FROM upgraded_elsewhere)
ORDER BY 1, 2, 3;
DROP EXTENSION uuid_seq;
DROP SCHEMA regress_uuid_seq_elsewhere;
CREATE EXTENSION uuid_seq;
