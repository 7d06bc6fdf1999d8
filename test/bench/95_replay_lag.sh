#!/bin/bash
# Replay lag of a streaming standby with uuid_seq.wal_frontiers off and on
# (src/README §13): what replaying the lease records costs the standby.
#
# Self-contained, like 80_citus.sh: it starts servers of its own, whatever
# server test/bench/run.sh started, so it runs alone too:
#
#   bash test/bench/95_replay_lag.sh
#   BENCH_LIBS="old=/tmp/rl-old new=/tmp/rl-new" BENCH_ROUNDS=2 \
#       bash test/bench/95_replay_lag.sh
#
# For each round, library and setting (interleaved in that order) it makes a
# fresh primary and a hot standby (pg_basebackup, streaming), both preloading
# uuid_seq with uuid_seq.wal_frontiers off or on and fsync = on, on Unix
# sockets in a scratch directory (no TCP port).  As root the servers run as
# postgres.  BENCH_CLIENTS pgbench clients (default 2) then insert for
# BENCH_SECONDS (default 60) rows of every family (the 7 expressions of
# test/perl/UuidSeqGenerators.pm, BENCH_ROWS rows per transaction, default
# 10) into an unindexed table, each session with uuid_seq.clock_shift =
# BENCH_SHIFT (default '10 min'; on_overflow 'advance'), so that the
# frontiers run ahead of the clock and the leases renew about once per
# second (plus one renewal per family when the shift first takes effect).
# With BENCH_DRIFT_MS = n > 0 each client also moves its shift n ms further
# every transaction, so the frontiers advance faster than the clock and the
# leases renew (and are logged) that much more often: a stress case.
# Every BENCH_INTERVAL seconds (default 0.5) it samples the lag: on the
# standby pg_last_wal_receive_lsn() - pg_last_wal_replay_lsn() (bytes
# received but not yet replayed: one consistent reading, replay's own
# backlog) and on the primary pg_stat_replication.replay_lag (ms).
#
# Reported per run: tps; lease records in the primary's WAL over the run
# (pg_waldump --rmgr=custom171); the standby's startup process's rename()s
# and fsync()s (perf stat on its syscall tracepoints; "-" without perf or
# root): a frontier file write is one rename and four fsyncs (durable_rename
# with the file there), and in streaming replay the startup process makes
# none of its own; its CPU seconds; mean/p95/max of both lags; and "drain",
# the seconds the standby needed after the load stopped to replay what the
# primary had written.
#
# BENCH_LIBS chooses the uuid_seq builds, space-separated: "installed" (the
# default: shared_preload_libraries = 'uuid_seq', CREATE EXTENSION) or
# label=path, path being a build directory or its uuid_seq.so (a build that
# is not installed: `make` there, no `make install`).  Such a library is
# preloaded by its absolute path, and instead of CREATE EXTENSION only the
# generators used here are created, AS '<path>', '<C symbol>'.  The path
# must be readable by the server's user.  PostgreSQL 15 or later (custom
# resource managers); PG_CONFIG picks the server (default pg_config).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seconds=${BENCH_SECONDS:-60}
rounds=${BENCH_ROUNDS:-1}
clients=${BENCH_CLIENTS:-2}
rows=${BENCH_ROWS:-10}
shift_by=${BENCH_SHIFT:-10 min}
drift=${BENCH_DRIFT_MS:-0}
interval=${BENCH_INTERVAL:-0.5}
libs=(${BENCH_LIBS:-installed})
bindir=$(${PG_CONFIG:-pg_config} --bindir)
major=$(${PG_CONFIG:-pg_config} --version | grep -oP '\d+' | head -1)
settings=(off on)
pport=54391 sport=54392

if ((major < 15)); then
	echo "== Replay lag: skipped, PostgreSQL $major has no custom resource managers =="
	exit 0
fi

# Servers refuse to run as root: as root they run as postgres.
as_server_user()
{
	if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
use_perf=false
if [[ $(id -u) -eq 0 ]] && command -v perf >/dev/null &&
	perf stat -e syscalls:sys_enter_rename -- true >/dev/null 2>&1; then
	use_perf=true
fi

work=$(mktemp -d /tmp/uuid_seq_replay.XXXXXX)
chmod 755 "$work"
[[ $(id -u) -ne 0 ]] || chown postgres: "$work"
stop_servers()
{
	for d in standby primary; do
		[[ ! -e $work/$d/postmaster.pid ]] ||
			as_server_user "$bindir/pg_ctl" -D "$work/$d" -m immediate stop >/dev/null 2>&1 || true
	done
}
trap 'stop_servers; rm -rf "$work"' EXIT

P() { as_server_user "$bindir/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$work" -p $pport -U postgres -d postgres "$@"; }
S() { as_server_user "$bindir/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$work" -p $sport -U postgres -d postgres "$@"; }

families="uuid_generate_v7(), ulid_generate(), comb_new(), comb_new('postgresql'),
	comb_new('sqlserver', 'sqldatetime'), comb_new('postgresql', 'sqldatetime'),
	comb_new('sqlserver', 'dotnet_ticks')"
{
	if ((drift > 0)); then
		echo "\\set drift :drift + $drift"
		echo "SELECT set_config('uuid_seq.clock_shift', (interval '$shift_by' + (:drift)::bigint * interval '1 ms')::text, false);"
	fi
	echo "INSERT INTO replay_lag SELECT $families FROM generate_series(1, $rows);"
} >"$work/insert.sql"
chmod 644 "$work/insert.sql"

# label=path -> the preload name and, for a build, the library's path
lib_path()
{
	local spec=$1 path
	[[ $spec == *=* ]] || { echo ''; return; }
	path=${spec#*=}
	[[ -d $path ]] && path=$path/uuid_seq.so
	path=$(readlink -f "$path")
	[[ -r $path ]] || { echo "95_replay_lag.sh: no library at ${spec#*=}" >&2; exit 1; }
	echo "${path%.so}"
}

setup_sql()	# library path ('' = installed)
{
	local lib=$1
	if [[ -z $lib ]]; then
		echo 'CREATE EXTENSION uuid_seq;'
	else
		cat <<-EOF
		CREATE FUNCTION uuid_generate_v7() RETURNS uuid
		  AS '$lib', 'uuid_generate_v7' LANGUAGE C VOLATILE STRICT;
		CREATE FUNCTION ulid_generate() RETURNS uuid
		  AS '$lib', 'ulid_generate' LANGUAGE C VOLATILE STRICT;
		CREATE FUNCTION comb_new() RETURNS uuid
		  AS '$lib', 'comb_new' LANGUAGE C VOLATILE STRICT;
		CREATE FUNCTION comb_new(layout text, strategy text DEFAULT 'unix_ms') RETURNS uuid
		  AS '$lib', 'comb_new_layout' LANGUAGE C VOLATILE STRICT;
		EOF
	fi
	echo 'CREATE TABLE replay_lag (v7 uuid, ulid uuid, c1 uuid, c2 uuid, c3 uuid, c4 uuid, c5 uuid);'
}

start_pair()	# library path, wal_frontiers
{
	local lib=$1 wf=$2
	rm -rf "$work/primary" "$work/standby"
	as_server_user "$bindir/initdb" -D "$work/primary" -U postgres -A trust >/dev/null
	cat >>"$work/primary/postgresql.conf" <<-EOF
	listen_addresses = ''
	unix_socket_directories = '$work'
	port = $pport
	shared_preload_libraries = '${lib:-uuid_seq}'
	uuid_seq.wal_frontiers = $wf
	fsync = on
	synchronous_commit = on
	wal_level = replica
	max_wal_senders = 4
	hot_standby = on
	shared_buffers = 256MB
	max_wal_size = 8GB
	checkpoint_timeout = 1h
	jit = off
	EOF
	as_server_user "$bindir/pg_ctl" -D "$work/primary" -l "$work/primary.log" -w start >/dev/null
	setup_sql "$lib" | P
	as_server_user "$bindir/pg_basebackup" -h "$work" -p $pport -U postgres -D "$work/standby" -R -X stream -c fast
	echo "port = $sport" >>"$work/standby/postgresql.conf"
	as_server_user "$bindir/pg_ctl" -D "$work/standby" -l "$work/standby.log" -w start >/dev/null
	for _ in $(seq 100); do
		[[ $(P -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'") == 1 ]] && return
		sleep 0.1
	done
	echo "95_replay_lag.sh: the standby does not stream" >&2
	exit 1
}

sampler()	# -> "lag_bytes replay_lag_ms" per line until $work/stop exists
{
	local p s
	while [[ ! -e $work/stop ]]; do
		s=$(S -c 'SELECT pg_last_wal_receive_lsn() - pg_last_wal_replay_lsn()') || true
		p=$(P -c 'SELECT coalesce(extract(epoch FROM replay_lag) * 1000, 0) FROM pg_stat_replication') || true
		[[ -z $s || -z $p ]] || echo "$s $p"
		sleep "$interval"
	done
}

stats()	# column -> "mean p95 max" of that column of $work/samples
{
	awk -v c="$1" '{print $c}' "$work/samples" | sort -g |
		awk '{a[NR] = $1; s += $1} END {
			if (NR == 0) {print "- - -"; exit}
			i = int(NR * 0.95 + 0.5); if (i < 1) i = 1
			printf "%.0f %.0f %.0f\n", s / NR, a[i], a[NR]}'
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

run()	# label, library path, wal_frontiers -> one result line
{
	local label=$1 lib=$2 wf=$3 startup lsn0 lsn1 t0 t1 perf_pid='' cpu0 sampler_pid
	start_pair "$lib" "$wf"
	startup=$(S -c "SELECT pid FROM pg_stat_activity WHERE backend_type = 'startup'")
	lsn0=$(P -c 'SELECT pg_current_wal_lsn()')
	cpu0=$(cpu_ticks "$startup")
	if $use_perf; then
		perf stat -x , -o "$work/perf" -p "$startup" \
			-e syscalls:sys_enter_rename,syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync &
		perf_pid=$!
	fi
	rm -f "$work/stop"
	sampler >"$work/samples" &
	sampler_pid=$!
	as_server_user env PGOPTIONS="-c uuid_seq.clock_shift=${shift_by// /\\ }" \
		"$bindir/pgbench" -h "$work" -p $pport -U postgres -n -M prepared -c "$clients" -j "$clients" \
		-D drift=0 -T "$seconds" -f "$work/insert.sql" postgres >"$work/pgbench" 2>&1
	touch "$work/stop"
	wait "$sampler_pid"
	# drain: until the standby has replayed everything the load wrote
	lsn1=$(P -c 'SELECT pg_current_wal_lsn()')
	t0=$(date +%s.%N)
	until [[ $(S -c "SELECT pg_last_wal_replay_lsn() >= '$lsn1'") == t ]]; do sleep 0.05; done
	t1=$(date +%s.%N)
	local cpu=$(( $(cpu_ticks "$startup") - cpu0 )) renames=- fsyncs=-
	if [[ -n $perf_pid ]]; then
		kill -INT "$perf_pid"; wait "$perf_pid" || true
		renames=$(awk -F, '$3 == "syscalls:sys_enter_rename" {print $1}' "$work/perf")
		fsyncs=$(awk -F, '$3 ~ /sys_enter_f(data)?sync$/ {n += $1} END {print n}' "$work/perf")
	fi
	local records
	records=$(as_server_user "$bindir/pg_waldump" -p "$work/primary/pg_wal" -s "$lsn0" -e "$lsn1" \
		-r custom171 2>/dev/null | grep -c '^rmgr:') || true
	local tps
	tps=$(grep -oP 'tps = \K[0-9.]+' "$work/pgbench" | head -1)
	[[ -n $tps ]] || { cat "$work/pgbench" >&2; exit 1; }
	[[ -z ${BENCH_KEEP:-} ]] || as_server_user "$bindir/pg_waldump" -p "$work/primary/pg_wal" -s "$lsn0" -e "$lsn1" \
		-r custom171 >"$BENCH_KEEP.waldump.$label.$wf" 2>&1 || true
	stop_servers
	printf '%s %s %.0f %s %s %s %.2f %s %s %.2f\n' "$label" "$wf" "$tps" "${records:-0}" \
		"$renames" "$fsyncs" "$(ratio "$cpu" "$(getconf CLK_TCK)")" \
		"$(stats 1 | tr ' ' /)" \
		"$(stats 2 | tr ' ' /)" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')"
}

echo "== Replay lag: primary + streaming hot standby, fsync on, $clients clients inserting all 7 families"
echo "   ($rows rows per transaction, clock_shift '$shift_by'$( ((drift == 0)) || echo " + $drift ms per transaction")), $seconds s per run, $rounds round(s), interleaved =="
header()
{
	printf '%-10s | %3s | %6s | %7s | %7s | %6s | %7s | %-17s | %-17s | %s\n' \
		build wal tps records renames fsyncs 'cpu s' "$1" "$2" "$3"
}
header 'lag B mean/p95/max' 'lag ms mean/p95/max' 'drain s'
: >"$work/results"
for _ in $(seq "$rounds"); do
	for spec in "${libs[@]}"; do
		lib=$(lib_path "$spec")
		for wf in "${settings[@]}"; do
			line=$(run "${spec%%=*}" "$lib" "$wf")
			echo "$line" >>"$work/results"
			echo "$line" | awk '{printf "%-10s | %3s | %6s | %7s | %7s | %6s | %7s | %-17s | %-17s | %s\n",
				$1, $2, $3, $4, $5, $6, $7, $8, $9, $10}'
		done
	done
done

if ((rounds > 1)); then
	echo "== Medians over $rounds rounds (min–max) =="
	printf '%-10s | %3s | %18s | %18s | %18s | %18s\n' build wal tps records 'lag B mean' 'lag ms mean'
	for spec in "${libs[@]}"; do
		for wf in "${settings[@]}"; do
			sel() { awk -v l="${spec%%=*}" -v w="$wf" -v c="$1" '$1 == l && $2 == w {split($c, a, "/"); print a[1]}' "$work/results"; }
			printf '%-10s | %3s | %18s | %18s | %18s | %18s\n' "${spec%%=*}" "$wf" \
				"$(sel 3 | spread)" "$(sel 4 | spread)" "$(sel 8 | spread)" "$(sel 9 | spread)"
		done
	done
fi
