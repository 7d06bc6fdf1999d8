#!/bin/bash
# Primary-key inserts: BENCH_ROWS rows (default 2M) from 2 pgbench clients in
# batches of 1000, into an empty `(id <type> PRIMARY KEY DEFAULT <gen>,
# payload int)` per generator, generators interleaved, BENCH_ROUNDS rounds
# (median shown; "paired" is the median of each round's rows/s ratio to
# that round's bigserial, steadier on a shared machine).  Reports rows/s,
# WAL bytes, primary-key size (and bytes per row) and avg_leaf_density
# (pgstattuple), and the table's size, each also as a ratio to bigserial.
# The 8-byte ids (TSID, Snowflake) go into `id bigint`, beside pgEdge's
# snowflake.nextval() where setup.sql created it; 1.4's ulid, objectid (12
# bytes) and ksuid (20 bytes) into their own types.  A generator the
# installed build lacks is left out, with a line saying so.  BENCH_ONLY, an
# extended regular expression, keeps the generators whose names match
# (bigserial is always kept: it is the reference), e.g.
# BENCH_ONLY='v7|tsid|snowflake' for the 8-byte comparison.
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
	"tsid_generate()|id bigint PRIMARY KEY DEFAULT tsid_generate()"
	"snowflake_generate()|id bigint PRIMARY KEY DEFAULT snowflake_generate()"
	"gen_ulid() as ulid|id ulid PRIMARY KEY DEFAULT gen_ulid()"
	"uuid_generate_v6()|id uuid PRIMARY KEY DEFAULT uuid_generate_v6()"
	"objectid_generate() as objectid|id objectid PRIMARY KEY DEFAULT objectid_generate()"
	"ksuid_generate() as ksuid|id ksuid PRIMARY KEY DEFAULT ksuid_generate()"
)
if [[ $(psql -X -At -c "SELECT count(*) FROM pg_extension WHERE extname = 'snowflake'") -eq 1 ]]; then
	generators+=("pgEdge snowflake.nextval()|id bigint PRIMARY KEY DEFAULT snowflake.nextval()")
fi
kept=()
for g in "${generators[@]}"; do
	if [[ $g != *' DEFAULT '* ]] || psql -X -q -c "SELECT ${g##* DEFAULT }" >/dev/null 2>&1; then
		kept+=("$g")
	else
		echo "== Primary-key inserts: ${g%%|*}: not in this build, left out =="
	fi
done
generators=("${kept[@]}")
if [[ -n ${BENCH_ONLY:-} ]]; then
	kept=()
	for g in "${generators[@]}"; do
		[[ ${g%%|*} == bigserial || ${g%%|*} =~ $BENCH_ONLY ]] && kept+=("$g")
	done
	generators=("${kept[@]}")
fi

psql -X -q -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS pgstattuple'
echo 'INSERT INTO bench_ins (payload) SELECT g FROM generate_series(1, 1000) g;' >"$work/batch.sql"

run() {	# column definition -> rows_per_s wal_bytes index_bytes density table_bytes
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
		       (pgstatindex('bench_ins_pkey')).avg_leaf_density,
		       pg_relation_size('bench_ins')"
}

for g in "${generators[@]}"; do : >"$work/${g%%|*}"; done
# Odd rounds in the list's order, even rounds in reverse, so that no
# generator always follows the same one.
for r in $(seq "$rounds"); do
	order=("${!generators[@]}")
	((r % 2)) || mapfile -t order < <(printf '%s\n' "${order[@]}" | tac)
	for i in "${order[@]}"; do
		g=${generators[i]}
		run "${g#*|}" >>"$work/${g%%|*}"
	done
done

echo "== Primary-key inserts: $rows rows, 2 clients, batches of 1000 (median of $rounds, min–max) =="
printf '%-42s | %26s | %8s | %8s | %8s | %8s | %8s | %8s | %8s | %7s | %8s | %8s\n' \
	generator 'rows/s' '× bigser' 'paired' 'WAL MB' '× bigser' 'index MB' 'B/row' '× bigser' density 'table MB' '× bigser'
: >"$out"
base=()
for g in "${generators[@]}"; do
	name=${g%%|*}
	cols=()
	for c in 1 2 3 4 5; do cols+=("$(awk -v c=$c '{print $c}' "$work/$name" | median)"); done
	[[ ${#base[@]} -gt 0 ]] || base=("${cols[@]}")
	# paired: the median of each round's ratio to that round's bigserial
	paired=$(paste -d' ' "$work/$name" "$work/bigserial" | awk '{print $1 / $6}' | median)
	printf '%-42s | %26s | %8.2f | %8.2f | %8.1f | %8.2f | %8.1f | %8.1f | %8.2f | %6.1f%% | %8.1f | %8.2f\n' "$name" \
		"$(awk '{print $1}' "$work/$name" | spread)" "$(ratio "${cols[0]}" "${base[0]}")" "$paired" \
		"$(ratio "${cols[1]}" 1048576)" "$(ratio "${cols[1]}" "${base[1]}")" \
		"$(ratio "${cols[2]}" 1048576)" "$(ratio "${cols[2]}" "$rows")" "$(ratio "${cols[2]}" "${base[2]}")" \
		"${cols[3]}" "$(ratio "${cols[4]}" 1048576)" "$(ratio "${cols[4]}" "${base[4]}")"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${cols[@]}" >>"$out"
done
psql -X -q -c 'DROP TABLE IF EXISTS bench_ins'
