#!/bin/bash
# Concurrency: pgbench `SELECT <generator>` at 1, 2, 8 and 32 clients, each
# generator for BENCH_SECONDS per round, rounds interleaved, median tps.
# Compare-exchange retries per 1000 calls are read from uuid_seq_backends
# just before each v7 run ends (the pgbench backends' slots go when they exit).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seconds=${BENCH_SECONDS:-5}
rounds=${BENCH_ROUNDS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {	# clients generator -> tps [retries per 1000 calls]
	local clients=$1 gen=$2
	echo "SELECT $gen;" >"$work/q.sql"
	pgbench -n -M prepared -c "$clients" -j 2 -T "$seconds" -f "$work/q.sql" >"$work/out" 2>&1 &
	local bench=$!
	sleep "$(awk -v s="$seconds" 'BEGIN {print s - 0.3}')"
	local counters
	counters=$(psql -X -At -c "SELECT coalesce(sum(cas_retries) * 1000.0 / nullif(sum(generated), 0), 0)::numeric(10,3) FROM uuid_seq_backends WHERE pid <> pg_backend_pid()")
	wait "$bench"
	echo "$(grep -oP 'tps = \K[0-9.]+' "$work/out" | head -1) $counters"
}


echo '== Concurrency: pgbench SELECT <gen>, tps (median of '"$rounds"' rounds of '"$seconds"' s) =='
printf '%8s | %26s | %26s | %6s | %s\n' clients 'gen_random_uuid() (min–max)' 'uuid_generate_v7() (min–max)' ratio 'cas retries / 1000 calls'
for clients in 1 2 8 32; do
	: >"$work/ref"; : >"$work/v7"; : >"$work/retries"
	for _ in $(seq "$rounds"); do
		run "$clients" 'gen_random_uuid()' | awk '{print $1}' >>"$work/ref"
		read -r tps retries < <(run "$clients" 'uuid_generate_v7()')
		echo "$tps" >>"$work/v7"; echo "$retries" >>"$work/retries"
	done
	ref=$(median <"$work/ref"); v7=$(median <"$work/v7"); retries=$(median <"$work/retries")
	printf '%8s | %26s | %26s | %6.3f | %s\n' "$clients" "$(spread <"$work/ref")" "$(spread <"$work/v7")" \
		"$(ratio "$v7" "$ref")" "$retries"
done
