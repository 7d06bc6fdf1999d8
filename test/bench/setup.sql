-- Benchmark helpers shared by the NN_*.sql scripts.
CREATE EXTENSION IF NOT EXISTS uuid_seq;
CREATE SCHEMA IF NOT EXISTS bench;

-- Wall time of one statement, in ms.
CREATE OR REPLACE FUNCTION bench.time_ms(query text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
    t0 timestamptz := clock_timestamp();
BEGIN
    EXECUTE query;
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
END $$;

-- Net ns per call of each expression: `SELECT count(<expr>)` over n rows
-- minus the baseline `SELECT count(*)` over the same rows, measured in
-- `reps` interleaved rounds.  Medians with min and max, and the ratio of the
-- median to that of the reference expression.
CREATE OR REPLACE FUNCTION bench.per_call(exprs text[], reference text,
                                          n int DEFAULT 5000000, reps int DEFAULT 5)
RETURNS TABLE (expression text, net_ns numeric, min_ns numeric, max_ns numeric,
               ratio numeric)
LANGUAGE plpgsql AS $$
DECLARE
    base float8;
    e text;
BEGIN
    CREATE TEMP TABLE IF NOT EXISTS bench_samples (expr text, ns float8);
    TRUNCATE bench_samples;
    FOR r IN 1..reps LOOP
        base := bench.time_ms(format('SELECT count(*) FROM generate_series(1, %s)', n));
        INSERT INTO bench_samples VALUES ('(baseline, total)', base * 1e6 / n);
        FOREACH e IN ARRAY exprs LOOP
            INSERT INTO bench_samples
            SELECT e, (bench.time_ms(format('SELECT count(%s) FROM generate_series(1, %s)', e, n))
                       - base) * 1e6 / n;
        END LOOP;
    END LOOP;
    RETURN QUERY
    WITH m AS (
        SELECT s.expr, percentile_cont(0.5) WITHIN GROUP (ORDER BY s.ns) AS med,
               min(s.ns) AS lo, max(s.ns) AS hi
        FROM bench_samples s GROUP BY s.expr)
    SELECT m.expr, round(m.med::numeric, 1), round(m.lo::numeric, 1), round(m.hi::numeric, 1),
           round((m.med / (SELECT med FROM m WHERE m.expr = reference))::numeric, 3)
    FROM m ORDER BY m.expr = '(baseline, total)' DESC, m.med;
END $$;
