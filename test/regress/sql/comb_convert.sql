-- comb_convert(u, from_layout, to_layout) (src/README §3 "Converting"): a
-- COMB moved between the sqlserver and postgresql layouts, losslessly, and a
-- burst converted keeps its order.  Same output with and without preload.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- the vectors (random bits zero, T = 2024-01-02 03:04:05.678) of each
-- strategy both layouts have, both ways; the strategy and time are kept
SELECT s.strategy, c.to_pg, c.to_pg = p.vector AS is_pg_vector,
       comb_convert(c.to_pg, 'postgresql', 'sqlserver') = s.vector AS back,
       comb_timestamp(c.to_pg, 'postgresql', s.strategy) AS time
FROM (VALUES ('unix_ms', '00000000-0000-4000-8000-018cc820db2e'::uuid,
              '018cc820-db2e-4000-8000-000000000000'::uuid),
             ('sqldatetime', '00000000-0000-4000-8000-b0eb00329027',
              'b0eb0032-9027-4000-8000-000000000000')) AS s(strategy, vector, pg),
     LATERAL (SELECT comb_convert(s.vector, 'sqlserver', 'postgresql') AS to_pg) c,
     LATERAL (SELECT s.pg AS vector) p;

-- where the fields go: random 0123456789ab + cde, counter 0x3fff and 0x2001
-- (the 14-bit counter's top 12 bits after the version nibble, its low 2
-- bits right below the variant)
SELECT comb_convert('01234567-89ab-4cde-bfff-018cc820db2e', 'sqlserver', 'postgresql');
SELECT comb_convert('01234567-89ab-4cde-a001-018cc820db2e', 'sqlserver', 'postgresql');
SELECT comb_convert('018cc820-db2e-4800-9cde-0123456789ab', 'postgresql', 'sqlserver');

-- the same layout returns the input, whatever it is
SELECT comb_convert(u, l, l) = u AS unchanged, count(*)
FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid),
             ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
             ('00000000-0000-c000-34e0-08dc0b3f7b27')) v(u),
     (VALUES ('sqlserver'), ('postgresql')) w(l)
GROUP BY 1;

-- round trips are exact: every bit but version and variant survives, for
-- random version-4 values and COMBs of each strategy at random times, and
-- the time each strategy reads is the same in both layouts
SELECT count(*) AS values_tried,
       count(*) FILTER (WHERE comb_convert(comb_convert(u, 'sqlserver', 'postgresql'),
                                           'postgresql', 'sqlserver') <> u) AS sqlserver_changed,
       count(*) FILTER (WHERE comb_convert(comb_convert(u, 'postgresql', 'sqlserver'),
                                           'sqlserver', 'postgresql') <> u) AS postgresql_changed
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 5000)
      UNION ALL
      SELECT comb_new(t, l, s)
      FROM (SELECT timestamptz '2000-01-01' + random() * interval '70 years' AS t
            FROM generate_series(1, 2500)) r,
           (VALUES ('sqlserver'), ('postgresql')) a(l),
           (VALUES ('unix_ms'), ('sqldatetime')) b(s)) v;
SELECT s AS strategy,
       bool_and(comb_timestamp(comb_convert(u, 'sqlserver', 'postgresql'), 'postgresql', s) =
                comb_timestamp(u, 'sqlserver', s)) AS same_time
FROM (VALUES ('unix_ms'), ('sqldatetime')) b(s),
     LATERAL (SELECT comb_new(timestamptz '1990-01-01' + g * interval '7 days 1.237 s', 'sqlserver', s) AS u
              FROM generate_series(1, 1000) g) v
GROUP BY s ORDER BY s;

-- A burst: with the clock an hour behind the frontier every value is the
-- frontier + 1, so 20,000 comb_new() count through one tick's counter into
-- the next.  Converted, they are in plain uuid order in the same sequence,
-- and postgresql COMBs converted to sqlserver keep SQL Server order.
SELECT comb_new() IS NOT NULL AS frontier_at_the_clock,
       comb_new('sqlserver', 'sqldatetime') IS NOT NULL AS sqldatetime_too,
       comb_new('postgresql') IS NOT NULL AS postgresql_too;
SET uuid_seq.clock_shift = '-1 hour';
CREATE TEMP TABLE burst AS
SELECT n, comb_new() AS ms, comb_new('sqlserver', 'sqldatetime') AS dt,
       comb_new('postgresql') AS pg
FROM generate_series(1, 20000) n;
RESET uuid_seq.clock_shift;
SELECT count(DISTINCT comb_timestamp(ms)) BETWEEN 2 AND 3 AS crosses_a_tick,
       bool_and(ms #># prev_ms) AS sqlserver_order,
       bool_and(comb_convert(ms, 'sqlserver', 'postgresql') >
                comb_convert(prev_ms, 'sqlserver', 'postgresql')) AS unix_ms_uuid_order,
       bool_and(comb_convert(dt, 'sqlserver', 'postgresql') >
                comb_convert(prev_dt, 'sqlserver', 'postgresql')) AS sqldatetime_uuid_order,
       bool_and(comb_convert(pg, 'postgresql', 'sqlserver') #>#
                comb_convert(prev_pg, 'postgresql', 'sqlserver')) AS back_in_sqlserver_order
FROM (SELECT n, ms, dt, pg, lag(ms) OVER w AS prev_ms, lag(dt) OVER w AS prev_dt,
             lag(pg) OVER w AS prev_pg
      FROM burst WINDOW w AS (ORDER BY n)) b
WHERE n > 1;
-- sorting the converted keys gives back the generation sequence
SELECT bool_and(n = rn) AS same_sequence
FROM (SELECT n, row_number() OVER (ORDER BY comb_convert(ms, 'sqlserver', 'postgresql')) AS rn
      FROM burst) s;
DROP TABLE burst;

-- Migrating a table brought over from SQL Server: its sqlguid keys become
-- plain uuid COMBs of the postgresql layout, and new keys come after them.
CREATE TABLE imported (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int);
INSERT INTO imported (n) SELECT g FROM generate_series(1, 1000) g;
ALTER TABLE imported
    ALTER COLUMN id TYPE uuid USING comb_convert(id, 'sqlserver', 'postgresql'),
    ALTER COLUMN id SET DEFAULT comb_new('postgresql');
-- new keys 10 ms later, never in the converted keys' millisecond, where
-- another family's counter would order them (a shift, not a sleep)
SET uuid_seq.clock_shift = '10 ms';
INSERT INTO imported (n) SELECT g FROM generate_series(1001, 1100) g;
RESET uuid_seq.clock_shift;
SELECT bool_and(n = rn) AS uuid_order_is_insertion_order
FROM (SELECT n, row_number() OVER (ORDER BY id) AS rn FROM imported) s;
DROP TABLE imported;

-- NULL in, NULL out
SELECT comb_convert(NULL, 'sqlserver', 'postgresql') IS NULL AS a,
       comb_convert(comb_new(), NULL, 'postgresql') IS NULL AS b,
       comb_convert(comb_new(), 'sqlserver', NULL) IS NULL AS c;
-- unknown layouts (22023, as comb_new) and a .NET-ticks COMB, which has no
-- postgresql layout (22023)
SELECT comb_convert(comb_new(), 'oracle', 'postgresql');
SELECT comb_convert(comb_new(), 'sqlserver', 'PostgreSQL');
SELECT comb_convert('00000000-0000-c000-34e0-08dc0b3f7b27', 'sqlserver', 'postgresql');
\set VERBOSITY sqlstate
SELECT comb_convert(comb_new(), '', '');
SELECT comb_convert(comb_new('sqlserver', 'dotnet_ticks'), 'sqlserver', 'postgresql');
\set VERBOSITY default
