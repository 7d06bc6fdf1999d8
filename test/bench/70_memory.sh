#!/bin/bash
# Memory: the shared memory uuid_seq requests (pg_shmem_allocations), per
# backend slot, and the per-backend random buffer (src/runtime/random.c).
set -euo pipefail
block=$(grep -oP '^#define RANDOM_BLOCK\s+\K[0-9]+' "$BENCH_DIR/../../src/runtime/random.c")
echo '== Memory =='
psql -X -q -v block="$block" <<'SQL'
WITH slots AS (
    SELECT current_setting('max_connections')::int
         + current_setting('autovacuum_max_workers')::int + 1
         + current_setting('max_worker_processes')::int
         + current_setting('max_wal_senders')::int AS n)
SELECT a.name AS allocation, a.size AS bytes,
       CASE WHEN a.name = 'uuid_seq backend slots'
            THEN format('%s slots (MaxBackends) of %s bytes', s.n, a.size / s.n) END AS detail
FROM pg_shmem_allocations a, slots s
WHERE a.name LIKE 'uuid_seq%'
UNION ALL
SELECT 'per-backend random buffer (local memory)', :block, 'refilled from pg_strong_random() when used up'
ORDER BY 1;
SQL
