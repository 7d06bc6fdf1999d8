-- test/matrix/dump_verify.sql: after the restore into 18 (run with
-- ON_ERROR_STOP): every index is valid, every default is still uuid_seq's
-- function (pg_dump names it schema-qualified, so 18's pg_catalog.uuidv7()
-- does not take over) and still generates, above the restored rows.
CREATE EXTENSION amcheck;
DO $$
DECLARE
    found_count int;
BEGIN
    SELECT count(*) INTO found_count FROM (
        SELECT bt_index_check(i.indexrelid, true)
        FROM pg_index i
        WHERE i.indrelid IN ('by_uuidv7'::regclass, 'by_generate_v7'::regclass,
                             'by_sqlguid'::regclass, 'by_comb'::regclass)) c;
    ASSERT found_count = 4, format('%s indexes checked, not 4', found_count);

    SELECT count(*) INTO found_count
    FROM pg_attrdef d
    JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                      AND dep.refclassid = 'pg_proc'::regclass
    JOIN pg_proc p ON p.oid = dep.refobjid
    JOIN pg_extension e ON e.extname = 'uuid_seq' AND e.extnamespace = p.pronamespace;
    ASSERT found_count = 4, format('%s defaults call uuid_seq''s functions, not 4', found_count);

    INSERT INTO by_uuidv7 (n) VALUES (0);
    ASSERT (SELECT id FROM by_uuidv7 ORDER BY id DESC LIMIT 1) =
           (SELECT id FROM by_uuidv7 WHERE n = 0),
        'by_uuidv7: the new id is not the largest';
    ASSERT (SELECT uuid_version(id) = 7 FROM by_uuidv7 WHERE n = 0), 'by_uuidv7: not version 7';
    INSERT INTO by_generate_v7 (n) VALUES (0);
    ASSERT (SELECT id FROM by_generate_v7 ORDER BY id DESC LIMIT 1) =
           (SELECT id FROM by_generate_v7 WHERE n = 0),
        'by_generate_v7: the new id is not the largest';
    INSERT INTO by_sqlguid (n) VALUES (0);
    ASSERT (SELECT max(id) FROM by_sqlguid) = (SELECT id FROM by_sqlguid WHERE n = 0),
        'by_sqlguid: the new id is not the largest in SQL Server order';
    INSERT INTO by_comb (n) VALUES (0);
    ASSERT (SELECT bool_and(id #<# (SELECT id FROM by_comb WHERE n = 0)) FROM by_comb WHERE n > 0),
        'by_comb: the new id is not the largest in SQL Server order';
END
$$;
SELECT 'restored from 15: rows, indexes and defaults verified' AS result;
