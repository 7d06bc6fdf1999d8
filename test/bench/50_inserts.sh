#!/bin/bash
# Primary-key inserts: BENCH_ROWS rows (default 2M) from 2 pgbench clients in
# batches of 1000, into an empty `(id <type> PRIMARY KEY DEFAULT <gen>,
# payload int)` per generator, generators interleaved, BENCH_ROUNDS rounds
# (median shown).  Reports rows/s, WAL bytes, primary-key size and
# avg_leaf_density (pgstattuple), each also as a ratio to bigserial.
# Writes the medians to $BENCH_OUT (default /tmp/uuid_seq_inserts.tsv) for
# the chart (test/bench/chart.sh).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
rows=${BENCH_ROWS:-2000000}
rounds=${BENCH_ROUNDS:-5}
out=${BENCH_OUT:-/tmp/uuid_seq_inserts.tsv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | column definition
generators=(
	"bigserial|id bigserial PRIMARY KEY"
	"gen_random_uuid()|id uuid PRIMARY KEY DEFAULT gen_random_uuid()"
	"uuid_generate_v7()|id uuid PRIMARY KEY DEFAULT uuid_generate_v7()"
	"ulid_generate()|id uuid PRIMARY KEY DEFAULT ulid_generate()"
	"comb_new() as sqlguid|id sqlguid PRIMARY KEY DEFAULT comb_new()"
)

psql -X -q -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS pgstattuple'
echo 'INSERT INTO bench_ins (payload) SELECT g FROM generate_series(1, 1000) g;' >"$work/batch.sql"

run() {	# column definition -> rows_per_s wal_bytes index_bytes density
	psql -X -q -c "SET client_min_messages = warning; DROP TABLE IF EXISTS bench_ins; CREATE TABLE bench_ins ($1, payload int)" \
		-c 'CHECKPOINT'
	local lsn t0 t1
	lsn=$(psql -X -At -c 'SELECT pg_current_wal_lsn()')
	t0=$(date +%s.%N)
	pgbench -n -c 2 -j 2 -t $((rows / 2000)) -f "$work/batch.sql" >/dev/null
	t1=$(date +%s.%N)
	psql -X -At -F ' ' -c "
		SELECT round($rows / ($t1 - $t0)),
		       pg_current_wal_lsn() - '$lsn'::pg_lsn,
		       pg_relation_size('bench_ins_pkey'),
		       (pgstatindex('bench_ins_pkey')).avg_leaf_density"
}


for g in "${generators[@]}"; do : >"$work/${g%%|*}"; done
for _ in $(seq "$rounds"); do
	for g in "${generators[@]}"; do
		run "${g#*|}" >>"$work/${g%%|*}"
	done
done

echo "== Primary-key inserts: $rows rows, 2 clients, batches of 1000 (median of $rounds, min–max) =="
printf '%-42s | %26s | %8s | %8s | %8s | %8s | %8s | %7s\n' \
	generator 'rows/s' '× bigser' 'WAL MB' '× bigser' 'index MB' '× bigser' density
: >"$out"
base=()
for g in "${generators[@]}"; do
	name=${g%%|*}
	cols=()
	for c in 1 2 3 4; do cols+=("$(awk -v c=$c '{print $c}' "$work/$name" | median)"); done
	[[ ${#base[@]} -gt 0 ]] || base=("${cols[@]}")
	printf '%-42s | %26s | %8.2f | %8.1f | %8.2f | %8.1f | %8.2f | %6.1f%%\n' "$name" \
		"$(awk '{print $1}' "$work/$name" | spread)" "$(ratio "${cols[0]}" "${base[0]}")" \
		"$(ratio "${cols[1]}" 1048576)" "$(ratio "${cols[1]}" "${base[1]}")" \
		"$(ratio "${cols[2]}" 1048576)" "$(ratio "${cols[2]}" "${base[2]}")" \
		"${cols[3]}"
	printf '%s\t%s\t%s\t%s\t%s\n' "$name" "${cols[@]}" >>"$out"
done
psql -X -q -c 'DROP TABLE IF EXISTS bench_ins'
