-- What a facade of uuid_seq's v7 still shows (src/README §17, docs/facade.md):
-- the facade masks the 48 millisecond bits only, rand_a passes through.  Ids
-- are generated under uuid_seq.v7_rand_a = 'fraction' (rand_a = the clock's
-- sub-millisecond fraction, +1 steps within a tick) and 'random' (one id per
-- millisecond, rand_a random), and beside them the layout of the UUIDv47
-- reference (the same milliseconds, rand_a random: what its README
-- assumes).  Every measure is computed from facades alone, against what
-- the generator knows (creation order, clock).  Then what 'random' costs a
-- generator.  'random' runs the shared v7 frontier ahead of the clock (one
-- millisecond per id in a burst): the script ends by waiting until the
-- clock is back at the frontier (about 30 s), for the scripts after it.
SET uuid_seq.facade_key = '000102030405060708090a0b0c0d0e0f';

-- the clock reaches the v7 frontier (earlier scripts' bursts may have run
-- it a few seconds ahead)
CREATE FUNCTION bench.wait_for_v7_clock() RETURNS void LANGUAGE sql AS $$
    SELECT pg_sleep(greatest(0, extract(epoch FROM frontier_time - clock_timestamp()) + 0.01))
    FROM uuid_seq_state() WHERE family = 'v7'
$$;
SELECT bench.wait_for_v7_clock();

-- rand_a (12 bits) of a facade, as an observer reads it from its text
CREATE FUNCTION bench.rand_a(u uuid) RETURNS int LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(u::text, 16, 3))::bit(12)::int $$;
-- u with a random rand_a: the reference's layout for the same millisecond
CREATE FUNCTION bench.random_rand_a(u uuid) RETURNS uuid LANGUAGE sql VOLATILE AS
$$ SELECT (left(u::text, 15) || lpad(to_hex((random() * 4095)::int), 3, '0') || substr(u::text, 19))::uuid $$;

-- 1. Timing within the millisecond: 2,000 ids made one at a time, each
-- right after a clock_timestamp() reading, 1.2 ms apart (so that 'random'
-- stays on the clock).  The observer's estimate of the time within the
-- millisecond is rand_a / 4096 ms; its error against the reading is the
-- circular distance (0 to 500 us; a uniform guess averages 250 us).
CREATE TABLE bench.timed (layout text, n int, clock timestamptz, u uuid);
CREATE FUNCTION bench.make_timed(layout text, n int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('uuid_seq.v7_rand_a', CASE layout WHEN 'random' THEN 'random' ELSE 'fraction' END, true);
    FOR i IN 1..n LOOP
        INSERT INTO bench.timed SELECT layout, i, clock_timestamp(), uuid_generate_v7();
        PERFORM pg_sleep(0.0012);
    END LOOP;
END $$;
SELECT bench.make_timed('fraction', 2000) \gset
SELECT bench.make_timed('random', 2000) \gset
INSERT INTO bench.timed SELECT 'reference', n, clock, bench.random_rand_a(u) FROM bench.timed WHERE layout = 'fraction';
\echo '== 1. Time within the millisecond, from the facade (2,000 ids each) =='
SELECT layout,
       round(avg(err)::numeric, 1) AS mean_error_us,
       round((percentile_cont(0.9) WITHIN GROUP (ORDER BY err))::numeric, 1) AS p90_error_us,
       round(100.0 * avg((err <= 5)::int), 1) AS within_5us_pct
FROM (SELECT layout,
             least(abs(f - c), 1000 - abs(f - c)) AS err
      FROM (SELECT layout,
                   bench.rand_a(uuid_v7_facade(u)) * 1000.0 / 4096 AS f,
                   (extract(microseconds FROM clock)::bigint % 1000)::float8 AS c
            FROM bench.timed) s) t
GROUP BY layout ORDER BY layout;

-- 2. Bursts: 20 statements of 200 ids each (INSERT ... SELECT, the way a
-- batch import makes them), in creation order n.  An observer who holds
-- facades of one burst orders them by rand_a, reads the time between two
-- of them from the difference of their rand_a (244 ns a step), or, when
-- the frontier is ahead of the clock, the count of ids made between them;
-- and links consecutive ids as the pairs whose rand_a differ by 1.
CREATE TABLE bench.burst (layout text, b int, n int, u uuid);
-- 'fraction, ahead' is 'fraction' with the frontier ahead of the clock, as
-- after a burst of more than 4,096 ids a millisecond or a clock that went
-- back (here uuid_seq.clock_shift = '-1 s'): rand_a is then a counter.
CREATE FUNCTION bench.make_bursts(layout text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('uuid_seq.v7_rand_a', CASE layout WHEN 'random' THEN 'random' ELSE 'fraction' END, true);
    PERFORM set_config('uuid_seq.clock_shift', CASE layout WHEN 'fraction, ahead' THEN '-1 s' ELSE '0' END, true);
    FOR b IN 1..20 LOOP
        INSERT INTO bench.burst SELECT layout, b, n, uuid_generate_v7() FROM generate_series(1, 200) n;
    END LOOP;
END $$;
SELECT bench.make_bursts('fraction') \gset
SELECT bench.make_bursts('fraction, ahead') \gset
SELECT bench.make_bursts('random') \gset
INSERT INTO bench.burst SELECT 'reference', b, n, bench.random_rand_a(u) FROM bench.burst WHERE layout = 'fraction';
CREATE TABLE bench.burst_facade AS
SELECT layout, b, n, left(u::text, 13) AS ms, bench.rand_a(uuid_v7_facade(u)) AS ra FROM bench.burst;
\echo '== 2. Bursts of 200 ids (20 each): what pairs of facades show =='
SELECT a.layout,
       round(100.0 * avg((a.ms = c.ms)::int) FILTER (WHERE c.n = a.n + 1), 2) AS same_ms_pct,
       round(100.0 * avg(((c.ra - a.ra + 4096) % 4096 = 1)::int) FILTER (WHERE c.n = a.n + 1), 2)
           AS consecutive_linked_pct,
       round(100.0 * avg(((c.ra - a.ra + 4096) % 4096 = 100)::int) FILTER (WHERE c.n = a.n + 100), 2)
           AS count_of_99_between_pct,
       round(100.0 * avg((c.ra > a.ra)::int) FILTER (WHERE c.n - a.n BETWEEN 1 AND 10), 2)
           AS order_within_10_pct
FROM bench.burst_facade a
JOIN bench.burst_facade c ON c.layout = a.layout AND c.b = a.b AND c.n - a.n IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100)
GROUP BY a.layout ORDER BY a.layout;
\echo '== 2b. Ids per millisecond in the bursts =='
SELECT layout, count(*) AS ids, count(DISTINCT ms) AS milliseconds,
       round(count(*)::numeric / count(DISTINCT ms), 1) AS ids_per_ms
FROM bench.burst_facade GROUP BY layout ORDER BY layout;

DROP TABLE bench.timed, bench.burst, bench.burst_facade;
DROP FUNCTION bench.make_timed(text, int), bench.make_bursts(text), bench.rand_a(uuid), bench.random_rand_a(uuid);

-- 3. Generation in a tight loop (5,000 calls a round): under 'random' each
-- call takes the next millisecond, so the frontier runs ahead, and with
-- uuid_seq.persist every second of that progress (1,000 ids) renews the
-- lease, a write and fsync of the frontier file.
\echo '== 3. uuid_generate_v7() in a tight loop under uuid_seq.v7_rand_a (net ns/call, 5,000 calls, median of 5) =='
SET uuid_seq.v7_rand_a = 'random';
CREATE TEMP TABLE random_mode AS
SELECT * FROM bench.per_call(ARRAY['gen_random_uuid()', 'uuid_generate_v7()'],
                             'gen_random_uuid()', 5000, 5);
SET uuid_seq.v7_rand_a = 'fraction';
CREATE TEMP TABLE fraction_mode AS
SELECT * FROM bench.per_call(ARRAY['gen_random_uuid()', 'uuid_generate_v7()'],
                             'gen_random_uuid()', 5000, 5);
SELECT 'random' AS v7_rand_a, * FROM random_mode WHERE expression NOT LIKE '(%'
UNION ALL
SELECT 'fraction', * FROM fraction_mode WHERE expression NOT LIKE '(%';
RESET uuid_seq.v7_rand_a;
RESET uuid_seq.facade_key;
SELECT bench.wait_for_v7_clock() \gset
DROP FUNCTION bench.wait_for_v7_clock();
