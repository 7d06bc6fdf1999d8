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
