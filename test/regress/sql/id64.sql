-- The 8-byte ids, TSID and Snowflake (src/README §16): the specifications'
-- vectors, generation, times, text, lower bounds and RANGE partitions, the
-- node and counter readers, errors, and what uuid_seq_state() and
-- uuid_seq_backends show of them.  Same output with and without preload
-- (uuid_seq_raise_frontier's bigint form: raise_frontier.sql).  Generated
-- ids and times never show: only comparisons do.  Positive clock shifts stay
-- at 2 seconds, so that the suite can run again on the same server.
SET timezone = 'UTC';
SET datestyle = 'ISO';

-- catalog markings: generators VOLATILE and PARALLEL RESTRICTED, the rest
-- IMMUTABLE (partition bounds, pg_partman, generated columns) and PARALLEL
-- SAFE; all STRICT
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       p.prorettype::regtype
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_seq'
WHERE p.proname ~ '^(tsid|snowflake)_'
ORDER BY p.proname, p.pronargs;

-- TSID: tsid-creator's codec, both ways, in any case (its README prints
-- 38352658567418872 and 01226N0640J7Q from two separate calls: they are not
-- one id)
SELECT tsid_to_text(38352658567418872) AS text,
       tsid_from_text('01221H8Q1MMZR') AS id,
       tsid_from_text('01221h8q1mmzr') AS lower_case,
       tsid_from_text('01221h8Q1mMzR') AS mixed_case,
       tsid_from_text('01226N0640J7Q') <> 38352658567418872 AS readme_pair_differs,
       tsid_to_timestamptz(38352658567418872) AS time;
-- the extremes: 0 is 2020-01-01, the largest positive id the last
-- millisecond of 2089-09-06 15:47:35; a negative id (bit 63 set) reads as
-- tsid-creator reads it, unsigned
SELECT tsid_to_text(v) AS text, tsid_from_text(tsid_to_text(v)) = v AS round_trip,
       tsid_to_timestamptz(v) AS time
FROM (VALUES (0::bigint), (4194303), (4194304), (9223372036854775807), (-1)) x(v);
-- text order (C collation) is numeric order for positive ids; the text is
-- canonical (uppercase, first character at most 7 for positive ids)
WITH r AS (SELECT (random() * 9223372036854775807)::bigint AS v FROM generate_series(1, 10000)
           UNION ALL SELECT (random() * 1000)::bigint FROM generate_series(1, 100))
SELECT bool_and(tsid_from_text(tsid_to_text(v)) = v) AS round_trip,
       bool_and(tsid_from_text(lower(tsid_to_text(v))) = v) AS lower_case_round_trip,
       bool_and(tsid_to_text(v) ~ '^[0-7][0-9A-HJKMNP-TV-Z]{12}$') AS canonical,
       (SELECT array_agg(v ORDER BY v) FROM r) =
       (SELECT array_agg(v ORDER BY tsid_to_text(v) COLLATE "C") FROM r) AS same_order
FROM r;

-- Snowflake: Twitter's Tweet-object example (Twitter's epoch, the default),
-- Discord's documented example (epoch 2015-01-01: worker 1, process 0 in
-- the node field, increment 7), a pgEdge snowflake id (epoch 2023-01-01)
SELECT snowflake_to_timestamptz(1050118621198921728) AS twitter,
       snowflake_to_timestamptz(1050118621198921728, '2010-11-04 01:42:54.657+00') AS twitter_epoch_given,
       snowflake_text_to_timestamptz('1050118621198921728') AS twitter_decoder;
SELECT snowflake_to_timestamptz(175928847299117063, '2015-01-01 00:00+00') AS discord,
       snowflake_node_id(175928847299117063) AS node,
       snowflake_node_id(175928847299117063) >> 5 AS worker,
       snowflake_node_id(175928847299117063) & 31 AS process,
       snowflake_counter(175928847299117063) AS increment;
SELECT snowflake_to_timestamptz(136169504773242881, '2023-01-01 00:00+00') AS pgedge,
       snowflake_node_id(136169504773242881) AS node,
       snowflake_counter(136169504773242881) AS counter;
-- a lower bound is the id's millisecond with node and counter zero
SELECT snowflake_lower_bound('2018-10-10 20:19:24.211+00') = 1050118621198921728 >> 22 << 22 AS twitter,
       snowflake_lower_bound('2016-04-30 11:18:25.796+00', '2015-01-01 00:00+00')
           = 175928847299117063 >> 22 << 22 AS discord,
       snowflake_lower_bound('2024-01-11 18:08:59.845999+00', '2023-01-01 00:00+00')
           = 136169504773242881 >> 22 << 22 AS pgedge,
       tsid_lower_bound('2020-04-15 19:59:46.36+00') = 38352658567418872 >> 22 << 22 AS tsid;
-- the ends of TSID's range, and Snowflake's epoch as its first millisecond
SELECT tsid_lower_bound('2020-01-01 00:00+00') AS first,
       tsid_lower_bound('2089-09-06 15:47:35.551999+00') AS last,
       tsid_lower_bound('2089-09-06 15:47:35.551+00') = 9223372036854775807 >> 22 << 22 AS last_is_max,
       snowflake_lower_bound('2010-11-04 01:42:54.657+00') AS twitter_first,
       snowflake_lower_bound(timestamptz '2010-11-04 01:42:54.657+00' + 2199023255551 * interval '1 ms')
           = 9223372036854775807 >> 22 << 22 AS twitter_last_is_max,
       snowflake_lower_bound('2015-01-01 00:00+00', '2015-01-01 00:00+00') AS discord_first;

-- Generation: distinct, positive, strictly increasing, near the clock (from
-- a reading before it to 5 s past the query's, however long it takes)
SELECT date_trunc('milliseconds', clock_timestamp()) AS gen_from \gset
CREATE TEMP TABLE gen AS
SELECT n, tsid_generate() AS tsid, snowflake_generate() AS snowflake
FROM generate_series(1, 20000) n;
SELECT count(DISTINCT tsid) AS distinct_tsids, count(DISTINCT snowflake) AS distinct_snowflakes,
       bool_and(tsid > 0 AND snowflake > 0) AS positive,
       bool_and(tsid_to_timestamptz(tsid) BETWEEN :'gen_from' AND clock_timestamp() + interval '5 s')
           AS tsid_near_now,
       bool_and(snowflake_to_timestamptz(snowflake) BETWEEN :'gen_from' AND clock_timestamp() + interval '5 s')
           AS snowflake_near_now
FROM gen;
SELECT bool_and(tsid > prev_tsid) AS tsid_increasing,
       bool_and(tsid_to_text(tsid) COLLATE "C" > tsid_to_text(prev_tsid) COLLATE "C")
           AS tsid_text_increasing,
       bool_and(snowflake > prev_snowflake) AS snowflake_increasing
FROM (SELECT tsid, snowflake, lag(tsid) OVER (ORDER BY n) AS prev_tsid,
             lag(snowflake) OVER (ORDER BY n) AS prev_snowflake FROM gen) s
WHERE prev_tsid IS NOT NULL;
-- within a millisecond the counters count up by one; a Snowflake counter
-- starts at 0 in each millisecond (the first one may have begun before),
-- a TSID counter at random in the lower half of its 22 bits (node_bits 0)
SELECT bool_and(tsid_counter(tsid, 0) = tsid_counter(prev_tsid, 0) + 1)
           FILTER (WHERE tsid >> 22 = prev_tsid >> 22) AS tsid_counts_up,
       bool_and(snowflake_counter(snowflake) = snowflake_counter(prev_snowflake) + 1)
           FILTER (WHERE snowflake >> 22 = prev_snowflake >> 22) AS snowflake_counts_up
FROM (SELECT tsid, snowflake, lag(tsid) OVER (ORDER BY n) AS prev_tsid,
             lag(snowflake) OVER (ORDER BY n) AS prev_snowflake FROM gen) s;
SELECT bool_and(first_counter < 2097152) AS tsid_ms_start_in_lower_half
FROM (SELECT tsid >> 22 AS ms, min(tsid_counter(tsid, 0)) AS first_counter
      FROM gen GROUP BY 1 ORDER BY 1 OFFSET 1) s;
SELECT bool_and(first_counter = 0) AS snowflake_ms_start_at_0
FROM (SELECT snowflake >> 22 AS ms, min(snowflake_counter(snowflake)) AS first_counter
      FROM gen GROUP BY 1 ORDER BY 1 OFFSET 1) s;
SELECT (SELECT node_id FROM uuid_seq_state() WHERE family = 'tsid') AS node_id,
       bool_and(tsid_node_id(tsid, node_bits) = node_id) AS tsid_node,
       bool_and(snowflake_node_id(snowflake) = node_id) AS snowflake_node
FROM gen, (SELECT node_id, node_bits FROM uuid_seq_state() WHERE family = 'tsid') s;

-- Snowflake ids of every epoch come from one frontier (Unix milliseconds
-- and a counter): interleaved calls with three epochs, moved to Twitter's
-- epoch, strictly increase, and each epoch's own ids too
SELECT date_trunc('milliseconds', clock_timestamp()) AS mixed_from \gset
CREATE TEMP TABLE mixed AS
SELECT n, epoch, snowflake_generate(epoch) AS id
FROM (SELECT n, (ARRAY['2010-11-04 01:42:54.657+00', '2015-01-01 00:00+00',
                       '2023-01-01 00:00+00']::timestamptz[])[1 + n % 3] AS epoch
      FROM generate_series(1, 9000) n) s;
SELECT count(DISTINCT epoch) AS epochs,
       bool_and(twitter > prev) AS increasing_in_twitter_epoch,
       bool_and(snowflake_to_timestamptz(id, epoch) BETWEEN :'mixed_from' AND clock_timestamp() + interval '5 s')
           AS each_near_now
FROM (SELECT epoch, id, twitter, lag(twitter) OVER (ORDER BY n) AS prev
      FROM (SELECT n, epoch, id,
                   id + ((extract(epoch FROM epoch) * 1000)::bigint - 1288834974657 << 22) AS twitter
            FROM mixed) t) s
WHERE prev IS NOT NULL;
SELECT epoch, bool_and(id > prev) AS increasing
FROM (SELECT epoch, id, lag(id) OVER (PARTITION BY epoch ORDER BY n) AS prev FROM mixed) s
WHERE prev IS NOT NULL GROUP BY epoch ORDER BY epoch;
-- TSID and Snowflake have frontiers of their own: interleaved, each increases
CREATE TEMP TABLE both_kinds AS
SELECT n, CASE WHEN n % 2 = 0 THEN tsid_generate() END AS tsid,
          CASE WHEN n % 2 = 1 THEN snowflake_generate('2023-01-01 00:00+00') END AS snowflake
FROM generate_series(1, 4000) n;
SELECT (SELECT bool_and(tsid > prev)
        FROM (SELECT tsid, lag(tsid) OVER (ORDER BY n) AS prev
              FROM both_kinds WHERE tsid IS NOT NULL) s) AS tsid_increasing,
       (SELECT bool_and(snowflake > prev)
        FROM (SELECT snowflake, lag(snowflake) OVER (ORDER BY n) AS prev
              FROM both_kinds WHERE snowflake IS NOT NULL) s) AS snowflake_increasing;

-- The clock goes back an hour, before TSID's epoch, before 1970: ids keep
-- increasing from the frontier, and a clock behind the frontier never counts
-- as an overflow (on_overflow = error), even past 4,096 Snowflake ids
CREATE TEMP TABLE before_shift AS
SELECT tsid_generate() AS tsid, snowflake_generate() AS snowflake;
SET uuid_seq.clock_shift = '-1 hour';
SET uuid_seq.on_overflow = error;
SELECT bool_and(tsid > (SELECT tsid FROM before_shift)) AS tsid_above,
       bool_and(snowflake > (SELECT snowflake FROM before_shift)) AS snowflake_above,
       count(DISTINCT tsid) AS tsids, count(DISTINCT snowflake) AS snowflakes
FROM (SELECT tsid_generate() AS tsid, snowflake_generate() AS snowflake
      FROM generate_series(1, 10000)) s;
RESET uuid_seq.on_overflow;
SET uuid_seq.clock_shift = '-10 years';
SELECT tsid_generate() > (SELECT tsid FROM before_shift) AS tsid_before_2020_continues;
SET uuid_seq.clock_shift = '-100 years';
SELECT tsid_generate() > (SELECT tsid FROM before_shift) AS tsid_before_1970_continues,
       snowflake_generate() > (SELECT snowflake FROM before_shift) AS snowflake_before_1970_continues;
-- ahead by 2 seconds: the ids follow the clock
SET uuid_seq.clock_shift = '2 seconds';
SELECT abs(extract(epoch FROM tsid_to_timestamptz(tsid_generate()) - clock_timestamp()) - 2) < 1
           AS tsid_two_seconds_ahead,
       abs(extract(epoch FROM snowflake_to_timestamptz(snowflake_generate()) - clock_timestamp()) - 2) < 1
           AS snowflake_two_seconds_ahead;
-- a clock past the range (TSID's, the epoch's) gives no id (22008) and
-- leaves the frontier where it was
\set VERBOSITY sqlstate
SET uuid_seq.clock_shift = '70 years';
SELECT tsid_generate();
SELECT snowflake_generate();
SELECT snowflake_generate('2023-01-01 00:00+00');
\set VERBOSITY default
RESET uuid_seq.clock_shift;
SELECT tsid_generate() > (SELECT tsid FROM before_shift) AS still_increasing,
       abs(extract(epoch FROM tsid_to_timestamptz(tsid_generate()) - clock_timestamp())) < 5
           AS tsid_near_now,
       abs(extract(epoch FROM snowflake_to_timestamptz(snowflake_generate()) - clock_timestamp())) < 5
           AS snowflake_near_now;

-- Errors, each with its SQLSTATE: text that is no TSID (22P02)
CREATE FUNCTION pg_temp.error_of(call text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE 'SELECT (' || call || ')';
    RETURN 'accepted';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
SELECT note, pg_temp.error_of(format('tsid_from_text(%L)', t)) AS error
FROM (VALUES ('empty', ''),
             ('12 characters', '01221H8Q1MMZ'),
             ('14 characters', '01221H8Q1MMZRR'),
             ('decimal', '38352658567418872'),
             ('I', '01221H8Q1MMZI'),
             ('L', '01221H8Q1MMZL'),
             ('O', '01221H8Q1MMZO'),
             ('U', '01221H8Q1MMZU'),
             ('hyphen', '01221H8Q-MMZR'),
             ('space', ' 1221H8Q1MMZR'),
             ('non-ASCII', '01221H8Q1MMé'),
             ('first above F', 'G000000000000'),
             ('all Z', 'ZZZZZZZZZZZZZ')) v(note, t);
-- with its detail; a long text is quoted briefly (64 characters, then ...)
SELECT tsid_from_text('01221H8Q1MMZU');
SELECT tsid_from_text('G000000000000');
SELECT tsid_from_text(repeat('0', 1000000));
SELECT tsid_from_text(repeat('0', 64));
-- the decoders read decimal text (pg_partman's key::text), TSID's also its
-- 13 characters (13 digits too: as decimal they would be the first 2.4 s
-- of 2020)
SELECT tsid_text_to_timestamptz('38352658567418872') AS tsid_decimal,
       tsid_text_to_timestamptz('01221H8Q1MMZR') AS tsid_text,
       tsid_text_to_timestamptz('0000004194304') = tsid_to_timestamptz(tsid_from_text('0000004194304')) AS thirteen_digits,
       snowflake_text_to_timestamptz('1050118621198921728') AS snowflake_decimal;
SELECT note, pg_temp.error_of(call) AS error
FROM (VALUES ('TSID text, U', $$tsid_text_to_timestamptz('01221H8Q1MMZU')$$),
             ('not a number', $$tsid_text_to_timestamptz('not a number')$$),
             ('past bigint', $$tsid_text_to_timestamptz('9223372036854775808')$$),
             ('Snowflake TSID text', $$snowflake_text_to_timestamptz('01221H8Q1MMZR')$$),
             ('Snowflake negative', $$snowflake_text_to_timestamptz('-1')$$)) v(note, call);
-- times outside a layout's range, and epochs (22008); a Snowflake epoch that
-- is no whole millisecond, node bits outside 0..16 (22023)
SELECT note, pg_temp.error_of(call) AS error
FROM (VALUES ('TSID before 2020', $$tsid_lower_bound('2019-12-31 23:59:59.999999+00')$$),
             ('TSID after its range', $$tsid_lower_bound('2089-09-06 15:47:35.552+00')$$),
             ('TSID infinity', $$tsid_lower_bound('infinity')$$),
             ('TSID -infinity', $$tsid_lower_bound('-infinity')$$),
             ('Snowflake before its epoch', $$snowflake_lower_bound('2010-11-04 01:42:54.656+00')$$),
             ('Snowflake 2^41 ms after', $$snowflake_lower_bound(timestamptz '2010-11-04 01:42:54.657+00' + 2199023255552 * interval '1 ms')$$),
             ('Snowflake infinity', $$snowflake_lower_bound('infinity', '2015-01-01 00:00+00')$$),
             ('negative Snowflake id', $$snowflake_to_timestamptz(-1)$$),
             ('negative Snowflake id, epoch', $$snowflake_to_timestamptz(-4194304, '2015-01-01 00:00+00')$$),
             ('epoch infinity', $$snowflake_to_timestamptz(1, 'infinity')$$),
             ('epoch -infinity', $$snowflake_lower_bound(now(), '-infinity')$$),
             ('generate, epoch infinity', $$snowflake_generate('infinity')$$),
             ('epoch past Unix microseconds', $$snowflake_to_timestamptz(1, '294276-12-31 23:59:59+00')$$),
             ('generate, epoch in the future', $$snowflake_generate('2200-01-01 00:00+00')$$),
             ('generate, epoch 100 years before the clock', $$snowflake_generate('1900-01-01 00:00+00')$$),
             ('generate, sub-ms epoch', $$snowflake_generate('2015-01-01 00:00:00.0005+00')$$),
             ('decode, sub-ms epoch', $$snowflake_to_timestamptz(1, '2015-01-01 00:00:00.0005+00')$$),
             ('bound, sub-ms epoch', $$snowflake_lower_bound(now(), '2015-01-01 00:00:00.999999+00')$$),
             ('node bits 17', $$tsid_node_id(1, 17)$$),
             ('node bits -1', $$tsid_counter(1, -1)$$)) v(note, call);
-- with their messages
SELECT tsid_lower_bound('2019-12-31 23:59:59.999999+00');
SELECT snowflake_lower_bound('2010-11-04 01:42:54.656+00');
SELECT snowflake_to_timestamptz(-1);
SELECT snowflake_generate('2015-01-01 00:00:00.0005+00');
SELECT snowflake_generate('-infinity');
SELECT snowflake_generate('2200-01-01 00:00+00');
SELECT tsid_node_id(1, 17);
-- NULL in, NULL out (STRICT)
SELECT tsid_to_text(NULL) IS NULL AS a, tsid_from_text(NULL) IS NULL AS b,
       snowflake_generate(NULL) IS NULL AS c, snowflake_lower_bound(now(), NULL) IS NULL AS d,
       tsid_node_id(1, NULL) IS NULL AS e;

-- The node and counter readers give back what an id was made of, for every
-- node_bits (the node takes the top node_bits of the 22 low bits)
SELECT bool_and(tsid_node_id(id, bits) = node AND tsid_counter(id, bits) = counter
                AND tsid_to_timestamptz(id) = date_trunc('milliseconds', t)) AS tsid_round_trip,
       count(DISTINCT bits) AS node_bits_tried
FROM (SELECT bits, t, node, counter,
             tsid_lower_bound(t) | (node::bigint << (22 - bits)) | counter AS id
      FROM (SELECT bits, t,
                   floor(random() * (1 << bits))::int AS node,
                   floor(random() * (1 << (22 - bits)))::int AS counter
            FROM generate_series(0, 16) bits,
                 LATERAL (SELECT timestamptz '2020-01-01 00:00+00' + random() * interval '69 years' AS t
                          FROM generate_series(1, 100)) r) s) s;
SELECT bool_and(snowflake_node_id(id) = node AND snowflake_counter(id) = counter
                AND snowflake_to_timestamptz(id, '2015-01-01 00:00+00') = date_trunc('milliseconds', t))
           AS snowflake_round_trip
FROM (SELECT t, node, counter,
             snowflake_lower_bound(t, '2015-01-01 00:00+00') | (node::bigint << 12) | counter AS id
      FROM (SELECT timestamptz '2015-01-01 00:00+00' + random() * interval '69 years' AS t,
                   floor(random() * 1024)::int AS node, floor(random() * 4096)::int AS counter
            FROM generate_series(1, 2000)) r) s;
-- a TSID read with the node bits it was made with: node 5 of 8 bits
SELECT tsid_node_id(v, 8) AS node, tsid_counter(v, 8) AS counter,
       tsid_node_id(v, 0) AS node0, tsid_counter(v, 0) AS counter0,
       tsid_node_id(v, 16) AS node16, tsid_counter(v, 16) AS counter16
FROM (SELECT tsid_lower_bound('2024-01-01 00:00+00') | (5 << 14) | 1234 AS v) s;

-- Lower bounds: a bound (the smallest id of its millisecond) lies above
-- every id of the millisecond before, and holds its millisecond
SELECT bool_and(tsid_lower_bound(t) > tsid_lower_bound(t - interval '1 ms') | 4194303)
           AS tsid_bounds,
       bool_and(snowflake_lower_bound(t, '2015-01-01 00:00+00') >
                snowflake_lower_bound(t - interval '1 ms', '2015-01-01 00:00+00') | 4194303)
           AS snowflake_bounds,
       bool_and(tsid_to_timestamptz(tsid_lower_bound(t)) = date_trunc('milliseconds', t)) AS tsid_time,
       bool_and(snowflake_text_to_timestamptz(snowflake_lower_bound(t)::text) = date_trunc('milliseconds', t))
           AS snowflake_decoder
FROM (SELECT timestamptz '2020-01-01 00:00:00.001+00' + random() * interval '60 years' AS t
      FROM generate_series(1, 1000)) r;

-- Monthly RANGE partitions bounded by lower bounds (each evaluated once, by
-- CREATE TABLE): TSIDs, and Snowflake ids of Twitter's epoch, which
-- pg_partman's decoder reads
CREATE TABLE ids_tsid (id bigint PRIMARY KEY, payload text) PARTITION BY RANGE (id);
CREATE TABLE ids_snowflake (id bigint PRIMARY KEY, payload text) PARTITION BY RANGE (id);
DO $$
BEGIN
    FOR m IN 0..3 LOOP
        EXECUTE format('CREATE TABLE ids_tsid_m%s PARTITION OF ids_tsid FOR VALUES FROM (tsid_lower_bound(%L)) TO (tsid_lower_bound(%L))',
                       m + 1, timestamptz '2026-11-01 00:00+00' + m * interval '1 month',
                       timestamptz '2026-11-01 00:00+00' + (m + 1) * interval '1 month');
        EXECUTE format('CREATE TABLE ids_snowflake_m%s PARTITION OF ids_snowflake FOR VALUES FROM (snowflake_lower_bound(%L)) TO (snowflake_lower_bound(%L))',
                       m + 1, timestamptz '2026-11-01 00:00+00' + m * interval '1 month',
                       timestamptz '2026-11-01 00:00+00' + (m + 1) * interval '1 month');
    END LOOP;
END $$;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bounds
FROM pg_class c WHERE c.relname IN ('ids_tsid_m1', 'ids_snowflake_m4') ORDER BY c.relname;
SELECT tsid_lower_bound('2026-11-01 00:00+00') AS tsid_2026_11,
       snowflake_lower_bound('2027-03-01 00:00+00') AS snowflake_2027_03;
-- ids of instants at each month's edges, and inside, with random node and
-- counter bits, land in the partition of their creation time
CREATE TEMP TABLE instants AS
SELECT t FROM (VALUES ('2026-11-01 00:00:00+00'::timestamptz), ('2026-11-30 23:59:59.999999+00'),
                      ('2026-12-01 00:00:00+00'), ('2026-12-31 23:59:59.999+00'),
                      ('2027-01-01 00:00:00+00'), ('2027-01-31 23:59:59.9995+00'),
                      ('2027-02-01 00:00:00+00'), ('2027-02-28 23:59:59.999999+00')) v(t)
UNION ALL
SELECT timestamptz '2026-11-01 00:00+00' + random() * interval '119 days 23:59:59.999'
FROM generate_series(1, 400);
INSERT INTO ids_tsid
SELECT tsid_lower_bound(t) | floor(random() * 4194304)::bigint, 'at ' || t FROM instants;
INSERT INTO ids_snowflake
SELECT snowflake_lower_bound(t) | floor(random() * 4194304)::bigint, 'at ' || t FROM instants;
SELECT count(*) FILTER (WHERE tableoid::regclass::text =
                        'ids_tsid_m' || (1 + (extract(month FROM tsid_to_timestamptz(id))::int + 1) % 12))
           || ' of ' || count(*) AS tsid_in_their_month
FROM ids_tsid;
SELECT count(*) FILTER (WHERE tableoid::regclass::text =
                        'ids_snowflake_m' || (1 + (extract(month FROM snowflake_to_timestamptz(id))::int + 1) % 12))
           || ' of ' || count(*) AS snowflake_in_their_month
FROM ids_snowflake;
-- an id of a month without a partition has nowhere to go
\set VERBOSITY terse
INSERT INTO ids_tsid VALUES (tsid_lower_bound('2027-03-01 00:00+00'));
\set VERBOSITY default
-- pg_partman's decoders on key::text and on a partition's bound
SELECT tsid_text_to_timestamptz(tsid_lower_bound('2027-01-01 00:00+00')::text) AS tsid_round_trip,
       tsid_text_to_timestamptz(tsid_to_text(tsid_lower_bound('2027-01-01 00:00+00'))) AS tsid_text_round_trip,
       snowflake_text_to_timestamptz(snowflake_lower_bound('2027-01-01 00:00+00')::text) AS snowflake_round_trip;
SELECT (SELECT bool_and(tsid_text_to_timestamptz(id::text) = tsid_to_timestamptz(id)) FROM ids_tsid)
           AS tsid_decoder,
       (SELECT bool_and(snowflake_text_to_timestamptz(id::text) = snowflake_to_timestamptz(id))
        FROM ids_snowflake) AS snowflake_decoder;
SELECT c.relname,
       tsid_text_to_timestamptz((regexp_match(pg_get_expr(c.relpartbound, c.oid),
                                              $$\('([^)']+)'\) TO$$))[1]) AS partition_start
FROM pg_class c WHERE c.relname = 'ids_tsid_m2';
-- a range predicate on a bound uses the primary key (index scans only here,
-- as a large table would); a constant bound is folded (IMMUTABLE) and
-- prunes the partitions below it at plan time
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF)
SELECT * FROM ids_tsid WHERE id >= tsid_lower_bound('2027-01-15 00:00+00');
EXPLAIN (COSTS OFF)
SELECT * FROM ids_snowflake WHERE id >= snowflake_lower_bound('2027-02-15 00:00+00');
SELECT count(*) = count(*) FILTER (WHERE tsid_to_timestamptz(id) >= '2027-01-15 00:00+00') AS only_later,
       count(*) = (SELECT count(*) FROM instants WHERE date_trunc('milliseconds', t) >= '2027-01-15 00:00+00')
           AS all_later
FROM ids_tsid WHERE id >= tsid_lower_bound('2027-01-15 00:00+00');
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET max_parallel_workers_per_gather;
DROP TABLE ids_tsid, ids_snowflake, instants;

-- Tables keyed by generated ids, DEFAULT tsid_generate() and
-- snowflake_generate(epoch), a generated created_at column, and monthly
-- partitions around the current month (of yesterday, as in partition.sql)
-- plus one for everything older
SELECT date_trunc('month', now() - interval '1 day') AS m \gset
CREATE TABLE tsid_events (
    id bigint PRIMARY KEY DEFAULT tsid_generate(),
    created_at timestamptz GENERATED ALWAYS AS (tsid_to_timestamptz(id)) STORED,
    payload text
) PARTITION BY RANGE (id);
CREATE TABLE tsid_events_older PARTITION OF tsid_events
    FOR VALUES FROM (MINVALUE) TO (tsid_lower_bound(:'m'::timestamptz - interval '1 month'));
CREATE TABLE tsid_events_previous PARTITION OF tsid_events
    FOR VALUES FROM (tsid_lower_bound(:'m'::timestamptz - interval '1 month')) TO (tsid_lower_bound(:'m'));
CREATE TABLE tsid_events_current PARTITION OF tsid_events
    FOR VALUES FROM (tsid_lower_bound(:'m')) TO (tsid_lower_bound(:'m'::timestamptz + interval '1 month'));
CREATE TABLE tsid_events_next PARTITION OF tsid_events
    FOR VALUES FROM (tsid_lower_bound(:'m'::timestamptz + interval '1 month'))
    TO (tsid_lower_bound(:'m'::timestamptz + interval '2 months'));
CREATE TABLE snowflake_events (
    id bigint PRIMARY KEY DEFAULT snowflake_generate('2015-01-01 00:00+00'),
    created_at timestamptz GENERATED ALWAYS AS (snowflake_to_timestamptz(id, '2015-01-01 00:00+00')) STORED,
    payload text
) PARTITION BY RANGE (id);
CREATE TABLE snowflake_events_older PARTITION OF snowflake_events
    FOR VALUES FROM (MINVALUE)
    TO (snowflake_lower_bound(:'m'::timestamptz - interval '1 month', '2015-01-01 00:00+00'));
CREATE TABLE snowflake_events_previous PARTITION OF snowflake_events
    FOR VALUES FROM (snowflake_lower_bound(:'m'::timestamptz - interval '1 month', '2015-01-01 00:00+00'))
    TO (snowflake_lower_bound(:'m', '2015-01-01 00:00+00'));
CREATE TABLE snowflake_events_current PARTITION OF snowflake_events
    FOR VALUES FROM (snowflake_lower_bound(:'m', '2015-01-01 00:00+00'))
    TO (snowflake_lower_bound(:'m'::timestamptz + interval '1 month', '2015-01-01 00:00+00'));
CREATE TABLE snowflake_events_next PARTITION OF snowflake_events
    FOR VALUES FROM (snowflake_lower_bound(:'m'::timestamptz + interval '1 month', '2015-01-01 00:00+00'))
    TO (snowflake_lower_bound(:'m'::timestamptz + interval '2 months', '2015-01-01 00:00+00'));
-- 90 rows of past days (ids of their time) and 10 generated now
INSERT INTO tsid_events (id, payload)
SELECT tsid_lower_bound(now() - d * interval '1 day') | floor(random() * 4194304)::bigint, d || ' days ago'
FROM generate_series(1, 90) d;
SELECT date_trunc('milliseconds', clock_timestamp()) AS events_from \gset
INSERT INTO tsid_events (payload) SELECT 'now' FROM generate_series(1, 10);
INSERT INTO snowflake_events (id, payload)
SELECT snowflake_lower_bound(now() - d * interval '1 day', '2015-01-01 00:00+00') | floor(random() * 4194304)::bigint,
       d || ' days ago'
FROM generate_series(1, 90) d;
INSERT INTO snowflake_events (payload) SELECT 'now' FROM generate_series(1, 10);
-- every row is in the partition of its created_at
SELECT f.name,
       bool_and(CASE
                WHEN created_at < :'m'::timestamptz - interval '1 month' THEN '_older'
                WHEN created_at < :'m' THEN '_previous'
                WHEN created_at < :'m'::timestamptz + interval '1 month' THEN '_current'
                ELSE '_next' END = substr(tableoid::regclass::text, length(f.name) + 8)) AS in_their_month,
       count(*) FILTER (WHERE payload = 'now') AS generated_now,
       bool_and(created_at BETWEEN :'events_from' AND clock_timestamp() + interval '5 s')
           FILTER (WHERE payload = 'now') AS now_near_now
FROM (SELECT 'tsid' AS name, tableoid, created_at, payload FROM tsid_events
      UNION ALL
      SELECT 'snowflake', tableoid, created_at, payload FROM snowflake_events) f
GROUP BY f.name ORDER BY f.name;
-- WHERE id >= bound(now() - 1 day): now() is STABLE, so the executor prunes
-- the partitions below the bound at its start (yesterday is always in
-- _current: the same two every day), and the primary key is used
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF)
SELECT * FROM tsid_events WHERE id >= tsid_lower_bound(now() - interval '1 day');
EXPLAIN (COSTS OFF)
SELECT * FROM snowflake_events
WHERE id >= snowflake_lower_bound(now() - interval '1 day', '2015-01-01 00:00+00');
SELECT bool_and(created_at >= date_trunc('milliseconds', now() - interval '1 day')) AS only_the_last_day,
       count(*) FILTER (WHERE payload = 'now') AS generated_now
FROM tsid_events WHERE id >= tsid_lower_bound(now() - interval '1 day');
SELECT bool_and(created_at >= date_trunc('milliseconds', now() - interval '1 day')) AS only_the_last_day,
       count(*) FILTER (WHERE payload = 'now') AS generated_now
FROM snowflake_events WHERE id >= snowflake_lower_bound(now() - interval '1 day', '2015-01-01 00:00+00');
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET max_parallel_workers_per_gather;
DROP TABLE tsid_events, snowflake_events;

-- uuid_seq_state(): the 8-byte families show their frontier in frontier_id
-- (the smallest id this server hands out at it; a Snowflake one in Twitter's
-- epoch), never in the uuid column
SELECT date_trunc('milliseconds', clock_timestamp()) AS latest_from \gset
CREATE TEMP TABLE latest AS SELECT tsid_generate() AS tsid, snowflake_generate() AS snowflake;
SELECT family, frontier IS NULL AS no_uuid, frontier_id IS NOT NULL AS has_frontier_id,
       frontier_time BETWEEN :'latest_from' AND clock_timestamp() + interval '5 s' AS near_now,
       frontier_id >= CASE family WHEN 'tsid' THEN l.tsid ELSE l.snowflake END AS covers_last,
       frontier_time = CASE family WHEN 'tsid' THEN tsid_to_timestamptz(frontier_id)
                                   ELSE snowflake_to_timestamptz(frontier_id) END AS time_of_frontier_id
FROM uuid_seq_state(), latest l WHERE family IN ('tsid', 'snowflake') ORDER BY family;
SELECT count(*) AS uuid_families_with_frontier_id
FROM uuid_seq_state() WHERE family NOT IN ('tsid', 'snowflake') AND frontier_id IS NOT NULL;
-- uuid_seq_backends: last_id is this backend's last 8-byte id, kept when a
-- uuid is generated after it (last_value); one row with preload, none
-- without (the slots are shared memory)
CREATE TEMP TABLE last_tsid AS SELECT tsid_generate() AS id;
SELECT count(*) = (SELECT count(*) FILTER (WHERE shared) FROM uuid_seq_state() WHERE family = 'tsid')
           AS rows_as_preloaded,
       coalesce(bool_and(last_id = (SELECT id FROM last_tsid)), true) AS last_id_is_last_tsid
FROM uuid_seq_backends WHERE pid = pg_backend_pid();
CREATE TEMP TABLE last_snowflake AS SELECT snowflake_generate('2015-01-01 00:00+00') AS id;
CREATE TEMP TABLE last_uuid AS SELECT uuid_generate_v7() AS u;
SELECT coalesce(bool_and(last_id = (SELECT id FROM last_snowflake)), true) AS last_id_is_last_snowflake,
       coalesce(bool_and(last_value = (SELECT u FROM last_uuid)), true) AS last_value_is_last_uuid
FROM uuid_seq_backends WHERE pid = pg_backend_pid();
