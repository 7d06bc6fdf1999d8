-- The cost of uuid_seq.persist's lease: the call that crosses the lease
-- writes and fsyncs the frontier file (once per second of frontier progress
-- in steady use).  Each clock step below (1.1 s) makes the next call renew;
-- the reference calls repeat a step already leased.  Runs last: it leaves
-- the shared frontier about 30 s ahead of the clock.
CREATE FUNCTION bench.lease_call_us(renew bool, step int) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
    t0 timestamptz;
BEGIN
    PERFORM set_config('uuid_seq.clock_shift',
                       format('%s ms', 1100 * (step + CASE WHEN renew THEN 1 ELSE 0 END)), false);
    t0 := clock_timestamp();
    PERFORM uuid_generate_v7();
    RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6;
END $$;

TRUNCATE bench.samples;
DO $$
BEGIN
    FOR i IN 1..25 LOOP
        INSERT INTO bench.samples VALUES ('call within the lease', bench.lease_call_us(false, i));
        INSERT INTO bench.samples VALUES ('call that renews the lease', bench.lease_call_us(true, i));
    END LOOP;
END $$;
\echo '== uuid_seq.persist lease renewal (µs per call, median of 25) =='
SELECT label AS call, median AS median_us, min AS min_us, max AS max_us
FROM bench.summary('call within the lease') WHERE label NOT LIKE '(%';
RESET uuid_seq.clock_shift;
