#!/bin/bash
# Preloaded or not (PostgreSQL 17+): the frontiers in the main shared memory
# (the server test/bench/run.sh started) against the same frontiers in the
# named DSM segment of a second server that does not preload uuid_seq,
# started here with the same settings (fsync = off too, as pg_virtualenv's:
# a lease's fsync once per second of frontier progress would otherwise
# weigh on one side only).  Paired and interleaved: each round
# measures both servers, in alternating order, and the table gives the
# median of BENCH_ROUNDS rounds.
#
# 1. Net ns per call of uuid_generate_v7(), tsid_generate() and
#    snowflake_generate(): `SELECT count(f())` over BENCH_N rows minus
#    `SELECT count(*)` over the same rows, each expression measured on both
#    servers back to back, and the ratio of the named segment's median to
#    the preloaded one.
# 2. A session's first call: in BENCH_SESSIONS new sessions of each server,
#    once the library is loaded (LOAD), the time of the first generator call
#    and of the second, in one DO block.  Both servers plan the same
#    statement; the named segment's first call also attaches the segment,
#    so the difference of the two first calls is the attach.
# Before 17 there is no named segment: one line, nothing measured.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
rounds=${BENCH_ROUNDS:-11}
n=${BENCH_N:-1000000}
sessions=${BENCH_SESSIONS:-50}
bindir=$(pg_config --bindir)
major=$(pg_config --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')

if ((major < 17)); then
	echo "== Preloaded or not: skipped, PostgreSQL $major has no named DSM segments (17+) =="
	exit 0
fi

work=$(mktemp -d /tmp/uuid_seq_named_bench.XXXXXX)
chmod 755 "$work"
[[ $(id -u) -ne 0 ]] || chown postgres: "$work"
trap 'as_server_user "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
as_server_user "$bindir/initdb" -A trust -U postgres -D "$work/data" >/dev/null
cat >>"$work/data/postgresql.conf" <<-EOF
	listen_addresses = ''
	unix_socket_directories = '$work'
	fsync = off
	jit = off
	max_wal_size = 4GB
	shared_buffers = 1GB
	max_connections = 100
EOF
as_server_user "$bindir/pg_ctl" -D "$work/data" -l "$work/server.log" -w start >/dev/null

preloaded=(psql -X -q -At -v ON_ERROR_STOP=1)
named=(psql -X -q -At -v ON_ERROR_STOP=1 -h "$work" -U postgres -d postgres)
"${named[@]}" -c 'CREATE EXTENSION uuid_seq' -c 'CREATE SCHEMA bench'
sed -n '/^CREATE OR REPLACE FUNCTION bench.time_ms/,/^END \$\$;/p' "$BENCH_DIR/setup.sql" | "${named[@]}"
[[ $("${named[@]}" -c 'SELECT uuid_seq_frontiers_in()') == 'named segment' ]]
[[ $("${preloaded[@]}" -c 'SELECT uuid_seq_frontiers_in()') == 'shared memory' ]]

exprs=('uuid_generate_v7()' 'tsid_generate()' 'snowflake_generate()')

# net_sql EXPR: the statement that prints EXPR's net ns per call: the least
# of 3 timings of `SELECT count(EXPR)` less the least of 3 of `SELECT
# count(*)` (on a loaded machine the least is the one least disturbed),
# after a warm-up.
net_sql()
{
	local base="bench.time_ms('SELECT count(*) FROM generate_series(1, $n)')"
	local call="bench.time_ms('SELECT count($1) FROM generate_series(1, $n)')"
	echo "SELECT $base; SELECT (least($call, $call, $call) - least($base, $base, $base)) * 1e6 / $n;"
}
# Each round measures each expression on both servers back to back, in
# alternating order.
declare -A samples=()
for ((r = 1; r <= rounds; r++)); do
	for i in "${!exprs[@]}"; do
		order=(preloaded named)
		(((r + i) % 2)) || order=(named preloaded)
		for s in "${order[@]}"; do
			if [[ $s == preloaded ]]; then
				v=$("${preloaded[@]}" -c "$(net_sql "${exprs[i]}")" | tail -1)
			else
				v=$("${named[@]}" -c "$(net_sql "${exprs[i]}")" | tail -1)
			fi
			samples[$s.$i]+="$v"$'\n'
		done
	done
done
echo "== Preloaded or not, PostgreSQL $major: net ns/call, median of $rounds paired rounds over $n calls; ratio named segment / shared memory =="
printf '%-22s | %13s | %13s | %s\n' expression 'shared memory' 'named segment' ratio
for i in "${!exprs[@]}"; do
	p=$(printf '%s' "${samples[preloaded.$i]}" | median)
	q=$(printf '%s' "${samples[named.$i]}" | median)
	printf '%-22s | %13.1f | %13.1f | %.3f\n' "${exprs[i]}" "$p" "$q" "$(ratio "$q" "$p")"
done

# The first call of a session, after LOAD: ns of the first and the second
# uuid_generate_v7() of one DO block.
first_sql="LOAD 'uuid_seq';
DO \$\$
DECLARE t0 timestamptz; t1 timestamptz; t2 timestamptz;
BEGIN
    t0 := clock_timestamp(); PERFORM uuid_generate_v7();
    t1 := clock_timestamp(); PERFORM uuid_generate_v7();
    t2 := clock_timestamp();
    RAISE NOTICE '% %', extract(epoch FROM t1 - t0) * 1e9, extract(epoch FROM t2 - t1) * 1e9;
END \$\$;"
declare -A first=() second=()
for ((k = 1; k <= sessions; k++)); do
	for s in preloaded named; do
		if [[ $s == preloaded ]]; then
			line=$("${preloaded[@]}" -c "$first_sql" 2>&1)
		else
			line=$("${named[@]}" -c "$first_sql" 2>&1)
		fi
		read -r a b <<<"${line#NOTICE:  }"
		first[$s]+="$a"$'\n'
		second[$s]+="$b"$'\n'
	done
done
echo "== A session's first call, PostgreSQL $major: ns, median (min–max) of $sessions new sessions each, after LOAD =="
printf '%-14s | %-22s | %s\n' frontiers 'first uuid_generate_v7()' 'second'
for s in preloaded named; do
	label='shared memory'
	[[ $s == named ]] && label='named segment'
	printf '%-14s | %-24s | %s\n' "$label" "$(printf '%s' "${first[$s]}" | spread)" \
		"$(printf '%s' "${second[$s]}" | spread)"
done
