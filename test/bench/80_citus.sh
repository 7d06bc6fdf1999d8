#!/bin/bash
# Inserts through a Citus coordinator: rows/s into a hash-distributed table
# keyed by uuid_generate_v7() or by tsid_generate() (a bigint distribution
# column) against the same table keyed by a bigserial (Citus's distributed
# sequence), same run, generators interleaved,
# BENCH_ROUNDS rounds of BENCH_SECONDS each (median shown).  Two workloads,
# each from 2 pgbench clients: batches of 10,000 rows (`INSERT … SELECT …
# generate_series`, which Citus runs on the coordinator and copies to the
# shards) and single-row `INSERT … VALUES` (routed to one shard each).
#
# It needs Citus installed (as root: bash test/citus/build.sh) and starts
# servers of its own, whatever server test/bench/run.sh started: a
# coordinator and two workers on 127.0.0.1, each preloading citus and
# uuid_seq with its own uuid_seq.node_id, Citus's default 32 shards.
# Without Citus it prints one line and stops.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seconds=${BENCH_SECONDS:-10}
rounds=${BENCH_ROUNDS:-5}
bindir=$(pg_config --bindir)

if [[ ! -e $(pg_config --pkglibdir)/citus.so ]]; then
	echo "== Citus inserts: skipped, Citus is not installed (bash test/citus/build.sh) =="
	exit 0
fi

work=$(mktemp -d /tmp/uuid_seq_citus_bench.XXXXXX)
chmod 755 "$work"
[[ $(id -u) -ne 0 ]] || chown postgres: "$work"
ports=()
stop_all()
{
	local i
	for i in "${!ports[@]}"; do
		as_server_user "$bindir/pg_ctl" -D "$work/node$i" -m immediate stop >/dev/null 2>&1 || true
	done
	rm -rf "$work"
}
trap stop_all EXIT

# free_port: a TCP port on 127.0.0.1 that nothing listens on.
free_port()
{
	local p
	for p in $(shuf -i 20000-29999 -n 200); do
		if ! ss -Htln "sport = :$p" | grep -q . && [[ ! " ${ports[*]} " == *" $p "* ]]; then
			echo "$p"
			return
		fi
	done
	return 1
}

for i in 0 1 2; do
	ports[i]=$(free_port)
	as_server_user "$bindir/initdb" -A trust -U postgres -D "$work/node$i" >/dev/null
	cat >>"$work/node$i/postgresql.conf" <<-EOF
		shared_preload_libraries = 'citus,uuid_seq'
		uuid_seq.node_bits = 4
		uuid_seq.node_id = $((i + 1))
		listen_addresses = '127.0.0.1'
		port = ${ports[i]}
		unix_socket_directories = '$work'
		shared_buffers = 256MB
		max_wal_size = 4GB
		jit = off
	EOF
	as_server_user "$bindir/pg_ctl" -D "$work/node$i" -l "$work/node$i.log" -w start >/dev/null
done
# psql_on PORT ARGS...: psql against one node.
psql_on()
{
	local port=$1
	shift
	psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"
}
for i in 0 1 2; do
	psql_on "${ports[i]}" -c 'CREATE EXTENSION citus'
done
psql_on "${ports[0]}" \
	-c "SELECT citus_set_coordinator_host('127.0.0.1', ${ports[0]})" \
	-c "SELECT citus_add_node('127.0.0.1', ${ports[1]})" \
	-c "SELECT citus_add_node('127.0.0.1', ${ports[2]})" \
	-c 'CREATE EXTENSION uuid_seq' >/dev/null

# name | column definition
keys=(
	"bigserial|id bigserial PRIMARY KEY"
	"uuid_generate_v7()|id uuid PRIMARY KEY DEFAULT uuid_generate_v7()"
	"tsid_generate()|id bigint PRIMARY KEY DEFAULT tsid_generate()"
)
# name | rows per transaction | statement
workloads=(
	"batches of 10000|10000|INSERT INTO bench_citus (payload) SELECT g FROM generate_series(1, 10000) g;"
	"single rows|1|INSERT INTO bench_citus (payload) VALUES (1);"
)

run()
{	# column definition, rows per transaction, statement -> rows/s
	psql_on "${ports[0]}" \
		-c 'SET client_min_messages = warning' -c 'DROP TABLE IF EXISTS bench_citus' \
		-c "CREATE TABLE bench_citus ($1, payload int)" \
		-c "SELECT create_distributed_table('bench_citus', 'id')" -c 'CHECKPOINT' >/dev/null
	echo "$3" >"$work/insert.sql"
	pgbench -h 127.0.0.1 -p "${ports[0]}" -U postgres -n -c 2 -j 2 -T "$seconds" \
		-f "$work/insert.sql" postgres 2>/dev/null |
		awk -v n="$2" '/^tps = / {printf "%.0f\n", $3 * n}'
}

for w in "${!workloads[@]}"; do
	for k in "${!keys[@]}"; do : >"$work/r$w-$k"; done
done
for _ in $(seq "$rounds"); do
	for w in "${!workloads[@]}"; do
		IFS='|' read -r _ per statement <<<"${workloads[w]}"
		for k in "${!keys[@]}"; do
			run "${keys[k]#*|}" "$per" "$statement" >>"$work/r$w-$k"
		done
	done
done

echo "== Citus inserts through the coordinator, 2 workers, 2 clients, ${seconds} s (median of $rounds, min–max) =="
printf '%-16s | %-20s | %26s | %8s\n' workload key 'rows/s' '× bigser'
for w in "${!workloads[@]}"; do
	base=$(median <"$work/r$w-0")
	for k in "${!keys[@]}"; do
		printf '%-16s | %-20s | %26s | %8.2f\n' "${workloads[w]%%|*}" "${keys[k]%%|*}" \
			"$(spread <"$work/r$w-$k")" "$(ratio "$(median <"$work/r$w-$k")" "$base")"
	done
done
