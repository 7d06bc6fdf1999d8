#!/bin/bash
# Many writers: BENCH_WRITERS sessions (default 4) insert at once into one
# `(id <type> PRIMARY KEY DEFAULT <gen>, payload int)`, first as one table,
# then `PARTITION BY HASH (id)` into BENCH_PARTITIONS partitions (default
# 4): every time-ordered key inserts at its index's right edge, one leaf
# page for all writers, and hash partitions give it one right edge per
# partition (docs/operations.md, "Many writers: hash partitions").
# Two workloads per table, each on an empty table after a CHECKPOINT:
#  - bulk: each writer runs one `INSERT … SELECT` of BENCH_ROWS rows
#    (default 25,000) from generate_series (pgbench -t 1), timed by the
#    wall clock;
#  - single rows: each writer runs `INSERT … VALUES` (prepared, one row per
#    transaction) for BENCH_SECONDS (default 3), pgbench's tps.
# Reports rows/s, WAL bytes per row (pg_current_wal_lsn() before and
# after), primary-key bytes per row (every partition's index) and the mean
# avg_leaf_density of those indexes (pgstattuple), each also as a ratio to
# gen_random_uuid() in one table (where a random key needs no partitions)
# and to bigserial in the same layout, measured in the same run.
# BENCH_ROUNDS rounds (default 3; medians, min–max), the keys interleaved
# and their order reversed every other round.  On 2 cores the defaults run
# in about 2.5 minutes (5 rounds: 4); on a large machine, e.g. the 16-core figures of
# docs/benchmarks.md:
#   BENCH_WRITERS=16 BENCH_PARTITIONS=16 BENCH_ROWS=200000 BENCH_SECONDS=5 \
#     bash test/bench/run.sh 45_writers.sh
# (run.sh allows 100 connections.)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
writers=${BENCH_WRITERS:-4}
partitions=${BENCH_PARTITIONS:-4}
rows=${BENCH_ROWS:-25000}
seconds=${BENCH_SECONDS:-3}
rounds=${BENCH_ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | column definition
keys=(
	"bigserial|id bigserial PRIMARY KEY"
	"gen_random_uuid()|id uuid PRIMARY KEY DEFAULT gen_random_uuid()"
	"uuid_generate_v7()|id uuid PRIMARY KEY DEFAULT uuid_generate_v7()"
	"ulid_generate()|id uuid PRIMARY KEY DEFAULT ulid_generate()"
	"tsid_generate()|id bigint PRIMARY KEY DEFAULT tsid_generate()"
	"snowflake_generate()|id bigint PRIMARY KEY DEFAULT snowflake_generate()"
)
layouts=(one "hash $partitions")

psql -X -q -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS pgstattuple'
echo "INSERT INTO bench_w (payload) SELECT g FROM generate_series(1, $rows) g;" >"$work/bulk.sql"
echo 'INSERT INTO bench_w (payload) VALUES (1);' >"$work/single.sql"

create() {	# column definition, layout: an empty bench_w, checkpointed
	local part=
	[[ $2 == one ]] || part='PARTITION BY HASH (id)'
	psql -X -q -v ON_ERROR_STOP=1 <<-SQL
		SET client_min_messages = warning;
		DROP TABLE IF EXISTS bench_w;
		CREATE TABLE bench_w ($1, payload int) $part;
		DO \$\$
		BEGIN
			IF '$part' <> '' THEN
				FOR r IN 0 .. $partitions - 1 LOOP
					EXECUTE format('CREATE TABLE %I PARTITION OF bench_w FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
						'bench_w_' || r, $partitions, r);
				END LOOP;
			END IF;
		END
		\$\$;
		CHECKPOINT;
	SQL
}

# run: column definition, layout, workload -> rows/s wal_bytes/row
# index_bytes/row density
run() {
	create "$1" "$2"
	local lsn t0 t1 rate
	lsn=$(psql -X -At -c 'SELECT pg_current_wal_lsn()')
	if [[ $3 == bulk ]]; then
		t0=$(date +%s.%N)
		pgbench -n -c "$writers" -j "$writers" -t 1 -f "$work/bulk.sql" >/dev/null
		t1=$(date +%s.%N)
		rate=$(awk -v n=$((writers * rows)) -v t0="$t0" -v t1="$t1" 'BEGIN {print n / (t1 - t0)}')
	else
		pgbench -n -M prepared -c "$writers" -j "$writers" -T "$seconds" -f "$work/single.sql" >"$work/out" 2>&1
		rate=$(grep -oP 'tps = \K[0-9.]+' "$work/out" | head -1)
	fi
	# the primary key's indexes: the table's, or every partition's
	psql -X -At -F ' ' -c "
		WITH n AS (SELECT count(*) AS n FROM bench_w),
		     i AS (SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		           WHERE i.indisprimary AND c.relkind = 'i'
		             AND i.indrelid IN (SELECT 'bench_w'::regclass
		                                UNION SELECT inhrelid FROM pg_inherits
		                                      WHERE inhparent = 'bench_w'::regclass))
		SELECT round($rate),
		       round((pg_current_wal_lsn() - '$lsn'::pg_lsn) / n, 1),
		       round((SELECT sum(pg_relation_size(indexrelid)) FROM i) / n, 1),
		       (SELECT round(avg((pgstatindex(indexrelid)).avg_leaf_density)::numeric, 1) FROM i)
		FROM n"
}

configs=()
for l in "${layouts[@]}"; do
	for k in "${keys[@]}"; do configs+=("$l|$k"); done
done
file() { echo "$work/$1-$(md5sum <<<"$2" | cut -c1-8)"; }
for w in bulk single; do
	for c in "${configs[@]}"; do : >"$(file "$w" "$c")"; done
done
# Odd rounds in the list's order, even rounds in reverse, so that no
# configuration always follows the same one.
for r in $(seq "$rounds"); do
	order=("${!configs[@]}")
	((r % 2)) || mapfile -t order < <(printf '%s\n' "${order[@]}" | tac)
	for i in "${order[@]}"; do
		c=${configs[i]}
		layout=${c%%|*} def=${c##*|}
		for w in bulk single; do
			run "$def" "$layout" "$w" >>"$(file "$w" "$c")"
		done
	done
done

col() { awk -v c="$1" '{print $c}' "$2" | median; }
for w in bulk single; do
	if [[ $w == bulk ]]; then
		echo "== Many writers, bulk: $writers sessions × INSERT … SELECT of $rows rows (median of $rounds, min–max) =="
	else
		echo "== Many writers, single rows: $writers clients × INSERT … VALUES for $seconds s (median of $rounds, min–max) =="
	fi
	printf '%-22s | %-7s | %26s | %6s | %6s | %7s | %6s | %6s | %7s | %6s | %6s | %7s\n' \
		key layout 'rows/s' '×rand' '×bigs' 'WAL B/r' '×rand' '×bigs' 'idx B/r' '×rand' '×bigs' density
	random_one=$(file "$w" "one|${keys[1]}")
	for c in "${configs[@]}"; do
		layout=${c%%|*} rest=${c#*|}
		name=${rest%%|*}
		f=$(file "$w" "$c")
		bigs=$(file "$w" "$layout|${keys[0]}")
		vals=() refs_r=() refs_b=()
		for k in 1 2 3; do
			vals+=("$(col $k "$f")")
			refs_r+=("$(col $k "$random_one")")
			refs_b+=("$(col $k "$bigs")")
		done
		printf '%-22s | %-7s | %26s | %6.2f | %6.2f | %7.1f | %6.2f | %6.2f | %7.1f | %6.2f | %6.2f | %6.1f%%\n' \
			"$name" "$layout" "$(awk '{print $1}' "$f" | spread)" \
			"$(ratio "${vals[0]}" "${refs_r[0]}")" "$(ratio "${vals[0]}" "${refs_b[0]}")" \
			"${vals[1]}" "$(ratio "${vals[1]}" "${refs_r[1]}")" "$(ratio "${vals[1]}" "${refs_b[1]}")" \
			"${vals[2]}" "$(ratio "${vals[2]}" "${refs_r[2]}")" "$(ratio "${vals[2]}" "${refs_b[2]}")" \
			"$(col 4 "$f")"
	done
done
psql -X -q -c 'DROP TABLE IF EXISTS bench_w'
