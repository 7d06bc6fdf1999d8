-- COMB functions (src/README §3, §8): same output with and without
-- shared_preload_libraries = 'uuid_seq'.  Runs after sqlserver_order.sql,
-- whose mssql_key() oracle it uses.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- catalog markings
SELECT p.proname, pg_get_function_arguments(p.oid) AS args, p.prorettype::regtype,
       p.provolatile, p.proisstrict, p.proparallel, p.proleakproof
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname LIKE 'comb\_%'
ORDER BY 1, 2;

-- A COMB with its random bits zeroed (and its counter too, unless
-- with_counter): what vectors/comb.tsv shows, and uuid_seq_state()'s frontier.
CREATE FUNCTION comb_fixed_bits(u uuid, layout text, strategy text, with_counter bool)
RETURNS uuid LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    b bytea := uuid_send(u);
    i int;
BEGIN
    IF layout = 'sqlserver' THEN
        FOREACH i IN ARRAY '{0,1,2,3,4,5,7}'::int[] LOOP
            b := set_byte(b, i, 0);
        END LOOP;
        b := set_byte(b, 6, get_byte(b, 6) & 240);
        IF strategy <> 'dotnet_ticks' AND NOT with_counter THEN
            b := set_byte(set_byte(b, 8, get_byte(b, 8) & 192), 9, 0);
        END IF;
    ELSE
        FOREACH i IN ARRAY '{9,10,11,12,13,14,15}'::int[] LOOP
            b := set_byte(b, i, 0);
        END LOOP;
        b := set_byte(b, 8, get_byte(b, 8) & 192);
        IF NOT with_counter THEN
            b := set_byte(set_byte(b, 6, get_byte(b, 6) & 240), 7, 0);
        END IF;
    END IF;
    RETURN encode(b, 'hex')::uuid;
END $$;

-- vectors/comb.tsv: T = 2024-01-02 03:04:05.678 UTC, byte-exact once the
-- random bits are zeroed; decoding the vectors gives T (sqldatetime: its
-- 1/300 s tick, rounded to the microsecond)
CREATE TABLE comb_vectors (layout text, strategy text, value uuid, decoded timestamptz);
INSERT INTO comb_vectors VALUES
 ('sqlserver', 'unix_ms', '00000000-0000-4000-8000-018cc820db2e', '2024-01-02 03:04:05.678+00'),
 ('postgresql', 'unix_ms', '018cc820-db2e-4000-8000-000000000000', '2024-01-02 03:04:05.678+00'),
 ('sqlserver', 'sqldatetime', '00000000-0000-4000-8000-b0eb00329027', '2024-01-02 03:04:05.676667+00'),
 ('postgresql', 'sqldatetime', 'b0eb0032-9027-4000-8000-000000000000', '2024-01-02 03:04:05.676667+00'),
 ('sqlserver', 'dotnet_ticks', '00000000-0000-c000-34e0-08dc0b3f7b27', '2024-01-02 03:04:05.678+00');
SELECT layout, strategy,
       comb_fixed_bits(comb_new('2024-01-02 03:04:05.678+00'::timestamptz, layout, strategy),
                       layout, strategy, false) = value AS encoded,
       comb_timestamp(value, layout, strategy) AS decoded,
       comb_timestamp(value, layout, strategy) = decoded AS decoded_ok,
       comb_is_dotnet_ticks(value) AS dotnet
FROM comb_vectors ORDER BY layout DESC, strategy DESC;
-- random bits are random; version and variant stay (marker for dotnet_ticks);
-- an explicit time's counter starts below half its range
SELECT layout, strategy, count(DISTINCT u) AS distinct,
       count(DISTINCT comb_fixed_bits(u, layout, strategy, false)) AS fixed_bits,
       bool_and(comb_timestamp(u, layout, strategy) = decoded) AS decoded,
       bool_and(CASE WHEN strategy = 'dotnet_ticks' THEN comb_is_dotnet_ticks(u)
                     ELSE uuid_version(u) = 4 END) AS version_or_marker,
       bool_and(CASE WHEN strategy = 'dotnet_ticks' THEN true
                     WHEN layout = 'sqlserver' THEN get_byte(uuid_send(u), 8) & 32 = 0
                     ELSE get_byte(uuid_send(u), 6) & 8 = 0 END) AS counter_top_clear
FROM comb_vectors,
     LATERAL (SELECT comb_new('2024-01-02 03:04:05.678+00'::timestamptz, layout, strategy) AS u
              FROM generate_series(1, 1000) WHERE layout IS NOT NULL) g
GROUP BY layout, strategy ORDER BY layout DESC, strategy DESC;

-- decoding never reads the version nibble (a COMB is a v4 to other tools);
-- 'dotnet_ticks' needs the marker
SELECT comb_timestamp('00000000-0000-7000-8000-018cc820db2e') AS unix_ms_any_version,
       comb_timestamp('00000000-0000-0000-0000-b0eb00329027', 'sqlserver', 'sqldatetime')
           AS sqldatetime_any_version,
       comb_timestamp('00000000-0000-4000-34e0-08dc0b3f7b27', 'sqlserver', 'dotnet_ticks')
           AS without_marker,
       comb_is_dotnet_ticks('00000000-0000-4000-34e0-08dc0b3f7b27') AS v4_is_not_dotnet;

-- defaults: comb_new() is sqlserver + unix_ms, a layout alone takes unix_ms,
-- an explicit time alone takes sqlserver + unix_ms
SELECT abs(extract(epoch FROM comb_timestamp(comb_new()) - clock_timestamp())) < 5 AS now_sqlserver,
       abs(extract(epoch FROM comb_timestamp(comb_new('postgresql'), 'postgresql')
                   - clock_timestamp())) < 5 AS now_postgresql,
       abs(extract(epoch FROM comb_timestamp(comb_new('sqlserver', 'sqldatetime'),
                                             'sqlserver', 'sqldatetime')
                   - clock_timestamp())) < 5 AS now_sqldatetime,
       abs(extract(epoch FROM comb_timestamp(comb_new('postgresql', 'sqldatetime'),
                                             'postgresql', 'sqldatetime')
                   - clock_timestamp())) < 5 AS now_postgresql_sqldatetime,
       abs(extract(epoch FROM comb_timestamp(comb_new('sqlserver', 'dotnet_ticks'),
                                             'sqlserver', 'dotnet_ticks')
                   - clock_timestamp())) < 5 AS now_dotnet;
SELECT right(comb_new('2024-01-02 03:04:05.678+00'::timestamptz)::text, 12) AS ts_defaults,
       left(comb_new('2024-01-02 03:04:05.678+00'::timestamptz, 'postgresql')::text, 13)
           AS ts_layout_default;
-- an untyped literal first argument is a layout
SELECT comb_new('2024-01-02 03:04:05.678+00');

-- the ends of each strategy's range round-trip
SELECT strategy, ts,
       comb_timestamp(comb_new(ts, 'sqlserver', strategy), 'sqlserver', strategy) AS decoded
FROM (VALUES ('unix_ms', '1970-01-01 00:00:00+00'::timestamptz),
             ('unix_ms', '10889-08-02 05:31:50.655+00'),
             ('sqldatetime', '1900-01-01 00:00:00+00'),
             ('sqldatetime', '2079-06-06 23:59:59.999999+00'),
             ('dotnet_ticks', '0001-01-01 00:00:00+00'),
             ('dotnet_ticks', '9999-12-31 23:59:59.999999+00')) v(strategy, ts);

-- generation: strictly increasing in the layout's order (SQL Server order
-- for 'sqlserver', uuid order for 'postgresql'), through clock changes;
-- uuid_seq_state() shows each frontier as the last value without its
-- random bits (the last value of this backend, or of the cluster)
CREATE TEMP TABLE combs (n serial, layout text, strategy text, u uuid);
CREATE FUNCTION generate_combs(count int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO combs (layout, strategy, u)
  SELECT layout, strategy, comb_new(layout, strategy)
  FROM (VALUES ('sqlserver', 'unix_ms'), ('postgresql', 'unix_ms'),
               ('sqlserver', 'sqldatetime'), ('postgresql', 'sqldatetime'),
               ('sqlserver', 'dotnet_ticks')) v(layout, strategy),
       generate_series(1, count) $$;
-- (near the clock: from this reading, less a 1/300 s tick, to 5 s past the
-- query's, whatever time the generation takes)
SELECT clock_timestamp() AS combs_from \gset
SELECT generate_combs(5000);
SET uuid_seq.clock_shift = '-1 hour';
SELECT generate_combs(5000);
SET uuid_seq.clock_shift = '2 seconds';
SELECT generate_combs(5000);
SET uuid_seq.clock_shift = '-2 seconds';
SELECT generate_combs(5000);
-- the frontiers now lie ahead of the clock: with on_overflow = error
-- generation still continues from them (a clock behind never raises)
SET uuid_seq.on_overflow = error;
SELECT generate_combs(10);
RESET uuid_seq.on_overflow;
RESET uuid_seq.clock_shift;
SELECT layout, strategy, count(*) AS values, count(DISTINCT u) AS distinct_values,
       bool_and(CASE WHEN layout = 'sqlserver' THEN u #># prev ELSE u > prev END) AS increasing,
       bool_and(CASE WHEN layout = 'sqlserver' THEN mssql_key(u) > mssql_key(prev)
                     ELSE uuid_send(u) > uuid_send(prev) END) AS oracle_increasing
FROM (SELECT layout, strategy, u,
             lag(u) OVER (PARTITION BY layout, strategy ORDER BY n) AS prev
      FROM combs) s
WHERE prev IS NOT NULL
GROUP BY layout, strategy ORDER BY layout DESC, strategy DESC;
SELECT s.family, s.frontier = comb_fixed_bits(c.u, c.layout, c.strategy, true) AS frontier_is_last,
       s.frontier_time >= :'combs_from'::timestamptz - interval '4 ms'
       AND s.frontier_time < clock_timestamp() + interval '5 s' AS near_now,
       abs(extract(epoch FROM s.frontier_time -
                   comb_timestamp(s.frontier, c.layout, c.strategy))) < 0.001 AS time_decodes
FROM uuid_seq_state() s
JOIN (SELECT DISTINCT ON (layout, strategy) layout, strategy, u
      FROM combs ORDER BY layout, strategy, n DESC) c
  ON s.family = 'comb_' || c.layout || '_' || c.strategy
ORDER BY s.family;
-- an explicit time never moves a frontier
CREATE TEMP TABLE frontiers_before AS SELECT family, frontier FROM uuid_seq_state();
SELECT count(comb_new(now() + interval '1 day', 'sqlserver', strategy))
FROM (VALUES ('unix_ms'), ('sqldatetime'), ('dotnet_ticks')) v(strategy);
SELECT bool_and(b.frontier IS NOT DISTINCT FROM s.frontier) AS frontiers_unmoved
FROM frontiers_before b JOIN uuid_seq_state() s USING (family);

-- a sqlguid primary key filled by comb_new(): each row lands at the right
-- edge of the index, and ORDER BY id is SQL Server order
CREATE TABLE orders (id sqlguid PRIMARY KEY DEFAULT comb_new(), n int);
SELECT clock_timestamp() AS orders_from \gset
INSERT INTO orders (n) SELECT g FROM generate_series(1, 20000) g;
SELECT count(*) AS rows,
       bool_and(r = n) AS insertion_order,
       bool_and(r = oracle_r) AS oracle_order
FROM (SELECT n, row_number() OVER (ORDER BY id) AS r,
             row_number() OVER (ORDER BY mssql_key(id)) AS oracle_r
      FROM orders) s;
SELECT comb_timestamp(id) >= date_trunc('milliseconds', :'orders_from'::timestamptz)
       AND comb_timestamp(id) < clock_timestamp() + interval '5 s' AS decodes_through_cast
FROM orders ORDER BY id DESC LIMIT 1;
DROP TABLE orders;

-- NULL in, NULL out
SELECT comb_new(NULL::text) IS NULL AS a,
       comb_new('sqlserver', NULL) IS NULL AS b,
       comb_new(NULL::timestamptz) IS NULL AS c,
       comb_new(now(), NULL) IS NULL AS d,
       comb_new(now(), 'sqlserver', NULL) IS NULL AS e,
       comb_timestamp(NULL) IS NULL AS f,
       comb_timestamp(comb_new(), NULL) IS NULL AS g,
       comb_timestamp(comb_new(), 'sqlserver', NULL) IS NULL AS h,
       comb_is_dotnet_ticks(NULL) IS NULL AS i;

-- errors: unknown names and the unsupported pair (22023)
SELECT comb_new('oracle');
SELECT comb_new('sqlserver', 'epoch');
SELECT comb_new('postgresql', 'dotnet_ticks');
SELECT comb_new(now(), 'SQLServer');
SELECT comb_timestamp(comb_new(), 'sqlserver', 'ticks');
\set VERBOSITY sqlstate
SELECT comb_new(now(), 'postgresql', 'dotnet_ticks');
SELECT comb_timestamp(comb_new(), 'postgresql', 'dotnet_ticks');
SELECT comb_new('', '');
\set VERBOSITY default
-- times outside a strategy's range, and time bytes that hold no time (22008)
SELECT comb_new('1969-12-31 23:59:59.999999+00'::timestamptz);
SELECT comb_new('1899-12-31 23:59:59.999999+00'::timestamptz, 'sqlserver', 'sqldatetime');
SELECT comb_new('2079-06-07 00:00:00+00'::timestamptz, 'postgresql', 'sqldatetime');
SELECT comb_new('0001-12-31 23:59:59.999999+00 BC'::timestamptz, 'sqlserver', 'dotnet_ticks');
SELECT comb_timestamp('00000000-0000-4000-8000-0000018b8200', 'sqlserver', 'sqldatetime');
SELECT comb_timestamp('00000000-0000-c000-4000-2bca2875f437', 'sqlserver', 'dotnet_ticks');
\set VERBOSITY sqlstate
SELECT comb_new('10889-08-02 05:31:50.656+00'::timestamptz, 'postgresql');
SELECT comb_new('infinity'::timestamptz);
SELECT comb_new('-infinity'::timestamptz, 'sqlserver', 'sqldatetime');
SELECT comb_new('10000-01-01 00:00:00+00'::timestamptz, 'sqlserver', 'dotnet_ticks');
SELECT comb_timestamp('ffffffff-ffff-4000-8000-000000000000', 'postgresql', 'sqldatetime');
\set VERBOSITY default
-- a clock below a range went back like any other: every family continues
-- from its frontier (100 years back is before 1970, 200 years before 1900)
SET uuid_seq.clock_shift = '-100 years';
SELECT comb_timestamp(comb_new()) > '1990-01-01' AS unix_ms_continues;
SELECT comb_timestamp(comb_new('sqlserver', 'sqldatetime'), 'sqlserver', 'sqldatetime') >
       '1990-01-01' AS continues_from_frontier;
SET uuid_seq.clock_shift = '-200 years';
SELECT comb_timestamp(comb_new('postgresql', 'sqldatetime'), 'postgresql', 'sqldatetime') >
       '1990-01-01' AS before_1900_continues;
-- a clock above a range has nothing to continue: 22008
SET uuid_seq.clock_shift = '100 years';
SELECT comb_new('postgresql', 'sqldatetime');
RESET uuid_seq.clock_shift;

-- a later statement never returns a smaller value, also in a plan forced
-- parallel (see v7.sql): comb_new() and comb_new(layout, strategy) are
-- PARALLEL RESTRICTED
SELECT CASE WHEN current_setting('server_version_num')::int >= 160000
            THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END AS force_parallel \gset
SET uuid_seq.clock_shift = '2 seconds';
SELECT comb_new() AS comb, comb_new('postgresql') AS pg_comb \gset
RESET uuid_seq.clock_shift;
SET :force_parallel = on;
SELECT comb_new() #># :'comb' AS comb_later,
       comb_new('postgresql', 'unix_ms') > :'pg_comb' AS pg_comb_later;
RESET :force_parallel;
