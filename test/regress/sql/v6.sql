-- UUIDv6 (since 1.4, src/README §19): RFC 9562 §5.6 on the v6 frontier.
-- The value is time_high:32 time_mid:16 ver:4 time_low:12 var:2
-- clock_seq:14 node:48 with 100-ns ticks since 1582-10-15; the frontier
-- word is the tick and a 4-bit counter in clock_seq's top bits.  The raise
-- of the family: raise_frontier.sql and raise_frontiers.sql, beside the
-- other families'.  The same output with the library preloaded or not.
SET timezone = 'UTC';

-- catalog markings: the generator PARALLEL RESTRICTED (it takes a frontier
-- step), the conversions and bounds IMMUTABLE
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel,
       pg_get_function_result(p.oid) AS result
FROM pg_proc p
WHERE p.proname IN ('uuid_generate_v6', 'uuid_v6_to_timestamptz', 'uuid_v6_lower_bound',
                    'uuid_v6_text_to_timestamptz')
ORDER BY 1::text;

-- RFC 9562 Appendix A.5's UUIDv6 (2022-02-22 19:22:22 UTC, the time of
-- A.1's UUIDv1 C232AB00-9414-11EC-B3C8-9F6BDECED846): its time; the core 18
-- name reads versions 1 and 7 alone, as core does; its node id (node_bits
-- 8: the node's second byte, 0x6B); its lower bound
SELECT uuid_v6_to_timestamptz('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS rfc_time,
       uuid_timestamp('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS uuid_timestamp,
       uuid_v6_text_to_timestamptz('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS decoder,
       uuid_version('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS version,
       public.uuid_extract_timestamp('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS core_name,
       uuid_node_id('1EC9414C-232A-6B00-B3C8-9F6BDECED846', 8) AS node_8_bits,
       uuid_node_id('1EC9414C-232A-6B00-B3C8-9F6BDECED846', 16) AS node_16_bits;
SELECT uuid_v6_lower_bound('2022-02-22 19:22:22+00') AS rfc_bound,
       uuid_v6_lower_bound('2022-02-22 19:22:22+00') < '1EC9414C-232A-6B00-B3C8-9F6BDECED846'
           AS bound_below,
       uuid_v6_lower_bound('2022-02-22 19:22:22.000001+00') > '1EC9414C-232A-6B00-B3C8-9F6BDECED846'
           AS next_bound_above;
-- other versions have no v6 time; NULL in, NULL out
SELECT uuid_v6_to_timestamptz('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS v7,
       uuid_v6_to_timestamptz('C232AB00-9414-11EC-B3C8-9F6BDECED846') AS v1,
       uuid_v6_to_timestamptz('1EC9414C-232A-6B00-F3C8-9F6BDECED846') AS other_variant,
       uuid_v6_text_to_timestamptz('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS v7_text,
       uuid_generate_v6(NULL) IS NULL AS a, uuid_v6_to_timestamptz(NULL) IS NULL AS b,
       uuid_v6_lower_bound(NULL) IS NULL AS c, uuid_v6_text_to_timestamptz(NULL) IS NULL AS d;
SELECT uuid_v6_text_to_timestamptz('not a uuid');

-- generated values: version 6, the RFC variant, the node's multicast bit
-- set (RFC 9562 §6.10), near the clock, all distinct and strictly
-- increasing in the order they were made
CREATE TEMP TABLE made AS
SELECT n, uuid_generate_v6() AS u FROM generate_series(1, 10000) n;
SELECT count(DISTINCT u) AS distinct_values,
       bool_and(uuid_version(u) = 6) AS version_6,
       bool_and(get_byte(uuid_send(u), 8) >> 6 = 2) AS rfc_variant,
       bool_and(get_byte(uuid_send(u), 10) & 1 = 1) AS multicast_bit,
       bool_and(uuid_v6_to_timestamptz(u) BETWEEN now() - interval '1 minute'
                AND clock_timestamp() + interval '5 seconds') AS near_now,
       bool_and(uuid_v6_to_timestamptz(u) = uuid_timestamp(u)) AS same_time_both_ways
FROM made;
SELECT bool_and(u > prev) AS increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM made) s WHERE prev IS NOT NULL;
-- the frontier shown is a UUIDv6, at or below the last value
SELECT uuid_version(frontier) AS frontier_version,
       frontier <= (SELECT max(u) FROM made) AS frontier_not_above
FROM uuid_seq_state() WHERE family = 'v6';

-- The counter: the top 4 bits of clock_seq.  On a frozen clock (1 ns a
-- reading) a burst stays in one 100-ns tick of the clock, so after the
-- first value each next one either counts up within its tick or carries
-- into the next tick's counter 0.
CREATE FUNCTION pg_temp.tick(u uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT ('x' || substr(h, 1, 12) || substr(h, 14, 3))::bit(60)::bigint
    FROM (SELECT replace(u::text, '-', '') AS h) s
$$;
CREATE FUNCTION pg_temp.counter(u uuid) RETURNS int LANGUAGE sql IMMUTABLE AS $$
    SELECT get_byte(uuid_send(u), 8) >> 2 & 15
$$;
SELECT pg_temp.tick('1EC9414C-232A-6B00-B3C8-9F6BDECED846') = x'1EC9414C232AB00'::bit(60)::bigint
           AS rfc_tick,
       pg_temp.counter('1EC9414C-232A-6B00-B3C8-9F6BDECED846') AS rfc_counter;
SET uuid_seq.clock_frozen = on;
CREATE TEMP TABLE burst AS
SELECT n, uuid_generate_v6() AS u FROM generate_series(1, 40) n;
RESET uuid_seq.clock_frozen;
SELECT count(*) AS steps,
       count(*) FILTER (WHERE NOT (counted OR carried)) AS neither,
       count(*) FILTER (WHERE carried) >= 2 AS carried_past_16_a_tick
FROM (SELECT pg_temp.tick(u) = pg_temp.tick(prev)
             AND pg_temp.counter(u) = pg_temp.counter(prev) + 1 AS counted,
             pg_temp.tick(u) = pg_temp.tick(prev) + 1
             AND pg_temp.counter(prev) = 15 AND pg_temp.counter(u) = 0 AS carried
      FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev FROM burst) s
      WHERE prev IS NOT NULL) steps;

-- an explicit time: its 100-ns tick, the clock sequence and node random
-- (multicast bit set); never a frontier step
CREATE TEMP TABLE frontier_before AS SELECT frontier FROM uuid_seq_state() WHERE family = 'v6';
SELECT uuid_v6_to_timestamptz(uuid_generate_v6('2022-02-22 19:22:22.123456+00')) AS at_time,
       uuid_version(uuid_generate_v6('2022-02-22 19:22:22+00')) AS version,
       uuid_generate_v6('2022-02-22 19:22:22+00') <> uuid_generate_v6('2022-02-22 19:22:22+00')
           AS random_rest,
       get_byte(uuid_send(uuid_generate_v6('2022-02-22 19:22:22+00')), 10) & 1 AS multicast_bit,
       substr(uuid_generate_v6('2022-02-22 19:22:22+00')::text, 1, 18) AS time_fields,
       (SELECT frontier FROM uuid_seq_state() WHERE family = 'v6') = (SELECT frontier FROM frontier_before)
           AS frontier_unmoved;
-- its range: 1582-10-15 to 5236-03-31 21:21:00.6846975 UTC, in microseconds
SELECT uuid_v6_to_timestamptz(uuid_generate_v6('1582-10-15 00:00+00')) AS first,
       uuid_v6_lower_bound('1582-10-15 00:00+00') AS first_bound,
       uuid_v6_to_timestamptz(uuid_generate_v6('5236-03-31 21:21:00.684697+00')) AS last,
       uuid_v6_lower_bound('5236-03-31 21:21:00.684697+00') AS last_bound,
       uuid_v6_to_timestamptz('ffffffff-ffff-6fff-bfff-ffffffffffff') AS last_value;
-- outside it, and infinities: 22008
SELECT uuid_generate_v6('1582-10-14 23:59:59.999999+00');
SELECT uuid_generate_v6('5236-03-31 21:21:00.684698+00');
SELECT uuid_generate_v6('infinity');
SELECT uuid_v6_lower_bound('-infinity');
SELECT uuid_v6_lower_bound('294276-12-31 23:59:59+00');

-- uuid_v6_lower_bound() is IMMUTABLE: an index bound (its partitions:
-- partition.sql)
CREATE TABLE events_v6 (id uuid PRIMARY KEY DEFAULT uuid_generate_v6(), payload int);
INSERT INTO events_v6 (payload) SELECT g FROM generate_series(1, 100) g;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events_v6 WHERE id >= uuid_v6_lower_bound(now() - interval '1 hour');
RESET enable_seqscan;
SELECT count(*) AS since_an_hour_ago FROM events_v6
WHERE id >= uuid_v6_lower_bound(now() - interval '1 hour');
DROP TABLE events_v6;
