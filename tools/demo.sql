-- A taste of uuid_seq: time-ordered primary keys and their creation times
-- (UUIDv7, COMB, ULID).
\echo '-- a table keyed by UUIDv7'
CREATE EXTENSION uuid_seq;
CREATE TABLE orders (
    id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
    item text NOT NULL
);
INSERT INTO orders (item) VALUES ('tea'), ('coffee'), ('cake');
INSERT INTO orders (item) SELECT 'biscuit ' || g FROM generate_series(1, 10000) g;

\echo '-- ids sort in creation order; the creation time comes back out of the id'
SELECT id, uuid_v7_to_timestamptz(id) AS created_at, item
FROM orders ORDER BY id LIMIT 3;

\echo '-- range scans by time use the primary key'
EXPLAIN (COSTS OFF)
SELECT count(*) FROM orders
WHERE id >= uuid_v7_lower_bound(now() - interval '5 minutes');
SELECT count(*) AS last_five_minutes FROM orders
WHERE id >= uuid_v7_lower_bound(now() - interval '5 minutes');

\echo '-- a COMB key in SQL Server order (shareable with SQL Server and .NET), and ULIDs as text'
CREATE TABLE invoices (id sqlguid PRIMARY KEY DEFAULT comb_new(), total numeric);
INSERT INTO invoices (total) VALUES (10), (20), (30);
SELECT id, comb_timestamp(id) AS created_at, total FROM invoices ORDER BY id;
SELECT uuid_to_ulid(ulid_generate()) AS ulid FROM generate_series(1, 3);

\echo '-- the cluster-wide frontiers and this backend''s counters'
SELECT family, shared, frontier, frontier_time FROM uuid_seq_state();
SELECT pid, generated, last_value FROM uuid_seq_backends;
