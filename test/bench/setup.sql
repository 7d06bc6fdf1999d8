-- Benchmark helpers shared by the NN_*.sql scripts.
CREATE EXTENSION IF NOT EXISTS uuid_seq;
CREATE SCHEMA IF NOT EXISTS bench;
-- pgEdge's snowflake, where pgedge-snowflake.sh installed it (in its own
-- schema `snowflake`; run.sh sets snowflake.node).
SELECT EXISTS (SELECT FROM pg_available_extensions WHERE name = 'snowflake') AS have_pgedge \gset
\if :have_pgedge
CREATE EXTENSION IF NOT EXISTS snowflake;
\endif

-- Wall time of one statement, in ms.
CREATE OR REPLACE FUNCTION bench.time_ms(query text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
    t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE query;
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
END $$;

-- This backend's CPU time in ns: the scheduler's count of the time it ran
-- (Linux, /proc/self/schedstat), which leaves out the time it waited for a
-- core while other work ran; NULL where there is no such file.  The count
-- of a running process moves at the scheduler's tick (4 ms) only: a 1 ms
-- sleep first brings it up to date.
CREATE OR REPLACE FUNCTION bench.cpu_ns() RETURNS float8
LANGUAGE sql AS $$
    SELECT split_part(pg_read_file('/proc/self/schedstat'), ' ', 1)::float8
    FROM pg_sleep(0.001)
    WHERE (pg_stat_file('/proc/self/schedstat', true)).size IS NOT NULL;
$$;

-- One round of 10_generation.sh: ns per call of each expression e in `SELECT
-- count(e), count(e), ... (k times) FROM generate_series(1, n)`, and of
-- the baseline `count(1)` k times, by the wall clock and by the CPU time
-- (NULL without bench.cpu_ns()), in the order given or backwards.  k
-- calls a row share the row's cost (generate_series' tuplestore), so that
-- the net cost is a larger part of what is timed.  Each statement first
-- runs over 100 rows (its first call's lookups out of the figure).
CREATE OR REPLACE FUNCTION bench.round(exprs text[], n int, k int, backwards bool)
RETURNS TABLE (expression text, wall_ns float8, cpu_ns float8)
LANGUAGE plpgsql SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
    list text[] := '{1}' || exprs;
    stmt text;
    t0 timestamptz;
    c0 float8;
BEGIN
    IF backwards THEN
        SELECT array_agg(e ORDER BY i DESC) INTO list FROM unnest(list) WITH ORDINALITY u(e, i);
    END IF;
    FOREACH expression IN ARRAY list LOOP
        stmt := format('SELECT %s FROM generate_series(1, %%s)',
                       array_to_string(array_fill(format('count(%s)', expression), ARRAY[k]), ', '));
        EXECUTE format(stmt, 100);
        c0 := bench.cpu_ns();
        t0 := clock_timestamp();
        EXECUTE format(stmt, n);
        wall_ns := extract(epoch FROM clock_timestamp() - t0) * 1e9 / n / k;
        cpu_ns := (bench.cpu_ns() - c0) / n / k;
        RETURN NEXT;
    END LOOP;
END $$;

-- Samples of the current measurement: one value per label and round.
CREATE UNLOGGED TABLE IF NOT EXISTS bench.samples (label text, v float8);

-- Median, min and max of the samples per label, and the
-- ratio of each median to that of the reference label.
CREATE OR REPLACE FUNCTION bench.summary(reference text)
RETURNS TABLE (label text, median numeric, min numeric, max numeric, ratio numeric)
LANGUAGE sql AS $$
    WITH m AS (
        SELECT s.label, percentile_cont(0.5) WITHIN GROUP (ORDER BY s.v) AS med,
               min(s.v) AS lo, max(s.v) AS hi
        FROM bench.samples s GROUP BY s.label)
    SELECT m.label, round(m.med::numeric, 1), round(m.lo::numeric, 1), round(m.hi::numeric, 1),
           round((m.med / nullif((SELECT med FROM m WHERE m.label = reference), 0))::numeric, 3)
    FROM m ORDER BY m.label LIKE '(%' DESC, m.med;
$$;

-- Net ns per call of each expression: `SELECT count(<expr>) FROM <source>`
-- over n rows minus the baseline `SELECT count(*)` over the same rows, in
-- `reps` interleaved rounds.  The source defaults to generate_series(1, n);
-- give a table of n rows to feed functions non-constant input.
CREATE OR REPLACE FUNCTION bench.per_call(exprs text[], reference text,
                                          n int DEFAULT 5000000, reps int DEFAULT 5,
                                          source text DEFAULT NULL)
RETURNS TABLE (expression text, net_ns numeric, min_ns numeric, max_ns numeric,
               ratio numeric)
LANGUAGE plpgsql AS $$
DECLARE
    base float8;
    e text;
BEGIN
    source := coalesce(source, format('generate_series(1, %s) g', n));
    TRUNCATE bench.samples;
    PERFORM bench.time_ms(format('SELECT count(*) FROM %s', source));   -- warm-up
    FOR r IN 1..reps LOOP
        base := bench.time_ms(format('SELECT count(*) FROM %s', source));
        INSERT INTO bench.samples VALUES ('(baseline, total)', base * 1e6 / n);
        FOREACH e IN ARRAY exprs LOOP
            INSERT INTO bench.samples
            SELECT e, (bench.time_ms(format('SELECT count(%s) FROM %s', e, source))
                       - base) * 1e6 / n;
        END LOOP;
    END LOOP;
    RETURN QUERY SELECT * FROM bench.summary(reference);
END $$;

-- Wall time in ms of each statement, in `reps` interleaved rounds; each label
-- names its statement.
CREATE OR REPLACE FUNCTION bench.per_statement(labels text[], statements text[],
                                               reference text, reps int DEFAULT 5)
RETURNS TABLE (statement text, median_ms numeric, min_ms numeric, max_ms numeric,
               ratio numeric)
LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE bench.samples;
    FOR r IN 1..reps LOOP
        FOR i IN 1..array_length(statements, 1) LOOP
            INSERT INTO bench.samples VALUES (labels[i], bench.time_ms(statements[i]));
        END LOOP;
    END LOOP;
    RETURN QUERY SELECT * FROM bench.summary(reference);
END $$;
