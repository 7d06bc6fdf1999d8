#!/bin/bash
# Benchmark runner: starts a throwaway server with uuid_seq preloaded (the
# extension must be installed: make install) and runs setup.sql, then every
# NN_*.sql (with psql) and NN_*.sh (with bash, e.g. pgbench) here in order.  Each script prints its own table; every figure is
# measured in the same run as the references it is compared with.
# 10_generation.sh (a second server, preloading 1.2.1 built from its
# commit) and 12_named_segment.sh (a second server, without preload) start a
# server beside this one; 80_citus.sh and 95_replay_lag.sh start servers of
# their own (each also runs alone; see its header).  pgEdge's snowflake
# extension, for the side-by-side figures, is built and installed first
# (pgedge-snowflake.sh; one line and left out where ../shared/vendor lacks
# it); the server sets its snowflake.node = 1.
# Usage: test/bench/run.sh [NN_name.sql|NN_name.sh ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scripts=("$@")
[[ ${#scripts[@]} -gt 0 ]] || scripts=($(cd "$here" && ls [0-9][0-9]_*.sql [0-9][0-9]_*.sh | sort))
export BENCH_DIR=$here BENCH_SCRIPTS="${scripts[*]}"
bash "$here/pgedge-snowflake.sh"
exec pg_virtualenv -t -o shared_preload_libraries=uuid_seq -o jit=off \
	-o max_wal_size=4GB -o shared_buffers=1GB -o max_connections=100 \
	-o snowflake.node=1 \
	bash -c 'set -e; cd "$BENCH_DIR"
		psql -X -q -v ON_ERROR_STOP=1 -f setup.sql
		for f in $BENCH_SCRIPTS; do
			case $f in
				*.sh) bash "$f" ;;
				*) psql -X -q -v ON_ERROR_STOP=1 -f "$f" ;;
			esac
		done'
