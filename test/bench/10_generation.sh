#!/bin/bash
# Generation cost, one backend: this build against a base build (1.2.1 by
# default, built from its commit), in figures that hold on a busy machine.
#
# 1. CPU time per call.  In each of BENCH_ROUNDS rounds, this build's server
#    (run.sh's) and a second one preloading the base build (started here
#    with the same settings) each run bench.round(), in alternating order:
#    `SELECT count(e), ... (BENCH_K times) FROM generate_series(1, BENCH_N)`
#    for each expression e and for count(1), timed by the backend's CPU time
#    (bench.cpu_ns(), the scheduler's count: the time the backend waited for
#    a core is not in it); the expressions' order is reversed every other
#    pair of rounds.  Net ns per call = an expression's least time less the
#    least of count(1): other work on the machine only adds time, so the
#    least is the least disturbed.  Beside it, the median and the largest of
#    the rounds' own net figures (the spread), the ratio to clock_timestamp()
#    and to gen_random_uuid() of the same build, and to the base build.
#    (Wall time where bench.cpu_ns() has nothing.)
# 2. Instructions per call (valgrind's callgrind, where installed): each
#    build in a single-user backend of its own, the instructions executed in
#    each expression's C function and all it calls (Ir), over BENCH_CG_N
#    calls after a warm-up.  The same on any machine, busy or not: the ratio
#    of the two builds is exact.  Under valgrind the clock is a system call,
#    whose kernel part is not counted: this is the code around the clock read.
# 3. Where uuid_generate_v7()'s instructions go: each function under it, with
#    its own Ir per call (this build).
#
# BENCH_BASE: a commit of this checkout's history (default 1.2.1's, built as
# test/release builds it), or a build directory or its uuid_seq.so (`make`
# there, not installed); the base's generators are declared by hand, AS its
# path.  BENCH_BASE=none, or no such commit: no base columns.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
rounds=${BENCH_ROUNDS:-30}
n=${BENCH_N:-5000}
k=${BENCH_K:-10}
cg_n=${BENCH_CG_N:-20000}
release=8ca2bbd597871a6ce62d109182ea2cdbcdb7c322	# 1.2.1
base=${BENCH_BASE:-$release}
bindir=$(pg_config --bindir)

# The expressions, and the C function each one calls.
exprs=('clock_timestamp()' 'gen_random_uuid()' "nextval('bench.gen_seq')"
	'uuid_generate_v7()' 'uuidv7()' 'ulid_generate()' 'ulid_generate_xact()'
	'comb_new()' "comb_new('postgresql')" "comb_new('sqlserver', 'sqldatetime')"
	"comb_new('postgresql', 'sqldatetime')" "comb_new('sqlserver', 'dotnet_ticks')"
	"typeid_generate('user')" 'tsid_generate()' 'snowflake_generate()'
	'gen_ulid()' 'uuid_generate_v6()' 'objectid_generate()' 'ksuid_generate()')
symbols=(clock_timestamp gen_random_uuid nextval_oid
	uuid_generate_v7 uuid_seq_uuidv7 ulid_generate ulid_generate_xact
	comb_new comb_new_layout comb_new_layout
	comb_new_layout comb_new_layout
	typeid_generate tsid_generate snowflake_generate
	gen_ulid uuid_generate_v6 objectid_generate ksuid_generate)

work=$(mktemp -d /tmp/uuid_seq_generation.XXXXXX)
chmod 755 "$work"
[[ $(id -u) -ne 0 ]] || chown postgres: "$work"
trap '[[ ! -e $work/base/postmaster.pid ]] ||
	as_server_user "$bindir/pg_ctl" -D "$work/base" -m immediate stop >/dev/null 2>&1 || true
	rm -rf "$work"' EXIT

# ---- the base build ----------------------------------------------------------

lib='' label=''
if [[ $base == none ]]; then
	:
elif [[ -e $base ]]; then
	lib=$base
	[[ -d $lib ]] && lib=$lib/uuid_seq.so
	lib=$(readlink -f "$lib")
	label=$(basename "$(dirname "$lib")")
elif top=$(git -C "$BENCH_DIR" rev-parse --show-toplevel 2>/dev/null) &&
	git -C "$top" cat-file -e "$base^{commit}" 2>/dev/null; then
	mkdir "$work/src"
	git -C "$top" archive "$base" | tar -x -C "$work/src"
	make -s -j2 -C "$work/src" PG_CONFIG=pg_config >"$work/build.log" 2>&1 ||
		{ cat "$work/build.log" >&2; exit 1; }
	lib=$work/src/uuid_seq.so
	label=$(git -C "$top" rev-parse --short "$base")
	[[ $(git -C "$top" rev-parse "$base") != "$release" ]] || label=1.2.1
else
	echo "== Generation: no base build ($base: no such commit in this checkout, nor a build) =="
fi

# The base's generators, a statement a line (single-user mode reads lines);
# those of later versions (1.4's gen_ulid(), uuid_generate_v6(), ...) it
# lacks: has() leaves them out of its rounds, and out of its columns.
declare_base()
{
	cat <<-EOF
	CREATE FUNCTION uuid_generate_v7() RETURNS uuid AS '$lib', 'uuid_generate_v7' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION uuidv7() RETURNS uuid AS '$lib', 'uuid_seq_uuidv7' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION ulid_generate() RETURNS uuid AS '$lib', 'ulid_generate' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION ulid_generate_xact() RETURNS uuid AS '$lib', 'ulid_generate_xact' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION comb_new() RETURNS uuid AS '$lib', 'comb_new' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION comb_new(text, text DEFAULT 'unix_ms') RETURNS uuid AS '$lib', 'comb_new_layout' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION typeid_generate(text) RETURNS text AS '$lib', 'typeid_generate' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION tsid_generate() RETURNS bigint AS '$lib', 'tsid_generate' LANGUAGE C VOLATILE STRICT;
	CREATE FUNCTION snowflake_generate(timestamptz DEFAULT '2010-11-04 01:42:54.657+00') RETURNS bigint AS '$lib', 'snowflake_generate' LANGUAGE C VOLATILE STRICT;
	EOF
}

# new_cluster DIR PRELOAD: a data directory with run.sh's settings.
new_cluster()
{
	as_server_user "$bindir/initdb" -A trust -U postgres -D "$1" >/dev/null
	cat >>"$1/postgresql.conf" <<-EOF
	listen_addresses = ''
	unix_socket_directories = '$work'
	shared_preload_libraries = '$2'
	fsync = off
	jit = off
	max_wal_size = 4GB
	shared_buffers = 1GB
	max_connections = 100
	EOF
}

psql_this=(psql -X -q -At -F $'\t' -P 'null=\N' -v ON_ERROR_STOP=1)
psql_base=("${psql_this[@]}" -h "$work" -U postgres -d postgres)
table=(psql -X -q -v ON_ERROR_STOP=1 -P footer=off)

# has PSQL...: the indexes into exprs of the expressions that server runs.
has()
{
	local i
	for i in "${!exprs[@]}"; do
		! "$@" -c "SELECT ${exprs[i]}" >/dev/null 2>&1 || echo "$i"
	done
}
# sql_array INDEX...: those expressions as an SQL text[].
sql_array()
{
	local i list=()
	for i; do list+=("\$q\$${exprs[i]}\$q\$"); done
	local IFS=,
	echo "ARRAY[${list[*]}]"
}

# ---- 1. CPU time per call ----------------------------------------------------

"${psql_this[@]}" -c 'CREATE SEQUENCE bench.gen_seq'
mapfile -t in_this < <(has "${psql_this[@]}")
in_base=()
if [[ -n $lib ]]; then
	new_cluster "$work/base" "$lib"
	as_server_user "$bindir/pg_ctl" -D "$work/base" -l "$work/base.log" -w start >/dev/null
	{
		declare_base
		echo 'CREATE SCHEMA bench;'
		echo 'CREATE SEQUENCE bench.gen_seq;'
		# setup.sql's functions that bench.round() needs
		sed -n -e '/^CREATE OR REPLACE FUNCTION bench.cpu_ns/,/^\$\$;/p' \
			-e '/^CREATE OR REPLACE FUNCTION bench.round/,/^END \$\$;/p' "$BENCH_DIR/setup.sql"
	} | "${psql_base[@]}"
	mapfile -t in_base < <(has "${psql_base[@]}")
fi
for i in "${!exprs[@]}"; do
	[[ " ${in_this[*]} " == *" $i "* ]] || echo "== Generation: ${exprs[i]}: not in this build, left out =="
done
array_this=$(sql_array "${in_this[@]}")
array_base=$(sql_array "${in_base[@]}")
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
for ((r = 1; r <= rounds; r++)); do
	backwards=$(((r / 2) % 2))
	order=(this base)
	((r % 2)) || order=(base this)
	for b in "${order[@]}"; do
		args="$n, $k, $backwards::bool"
		if [[ $b == this ]]; then
			"${psql_this[@]}" -c "SELECT '$b', $r, * FROM bench.round($array_this, $args)"
		elif [[ -n $lib ]]; then
			"${psql_base[@]}" -c "SELECT '$b', $r, * FROM bench.round($array_base, $args)"
		fi
	done
done >"$work/samples"
load1=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
"${psql_this[@]}" -c 'DROP SEQUENCE bench.gen_seq'

what=CPU
[[ $("${psql_this[@]}" -c 'SELECT bench.cpu_ns() IS NOT NULL') == t ]] || what=wall
echo "== Generation, one backend: net ns/call of $what time, least of $rounds rounds" \
	"($n rows × $k calls) less least count(1); median and max of the rounds' own;" \
	"ratio to clock_timestamp(), gen_random_uuid(), ${label:-(no base)}." \
	"Load average ${load0// /, } at the start, ${load1// /, } at the end =="
"${table[@]}" -v what="$what" <<-EOF
	CREATE TEMP TABLE s (build text, round int, expression text, wall float8, cpu float8);
	\\copy s FROM '$work/samples'
	UPDATE s SET cpu = wall WHERE :'what' = 'wall';
	CREATE TEMP VIEW net AS
	WITH base AS (SELECT build, round, cpu FROM s WHERE expression = '1'),
	     least_base AS (SELECT build, min(cpu) AS cpu FROM base GROUP BY build)
	SELECT s.build, s.expression, min(s.cpu) - min(lb.cpu) AS ns,
	       percentile_cont(0.5) WITHIN GROUP (ORDER BY s.cpu - b.cpu) AS median,
	       max(s.cpu - b.cpu) AS max
	FROM s JOIN base b USING (build, round) JOIN least_base lb USING (build)
	WHERE s.expression <> '1' GROUP BY s.build, s.expression;
	SELECT t.expression, round(t.ns::numeric, 1) AS "ns/call",
	       round(t.median::numeric, 1) AS median, round(t.max::numeric, 1) AS max,
	       round((t.ns / c.ns)::numeric, 2) AS "× clock_timestamp()",
	       round((t.ns / g.ns)::numeric, 3) AS "× gen_random_uuid()",
	       round(o.ns::numeric, 1) AS "base ns/call", round((t.ns / o.ns)::numeric, 2) AS "× base"
	FROM net t
	JOIN net c ON c.build = t.build AND c.expression = 'clock_timestamp()'
	JOIN net g ON g.build = t.build AND g.expression = 'gen_random_uuid()'
	LEFT JOIN net o ON o.build = 'base' AND o.expression = t.expression
	WHERE t.build = 'this'
	ORDER BY t.ns;
	SELECT '(baseline count(1))' AS expression, round(min(cpu)::numeric, 1) AS "ns/call",
	       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY cpu))::numeric, 1) AS median,
	       round(max(cpu)::numeric, 1) AS max
	FROM s WHERE expression = '1' AND build = 'this';
EOF

# ---- 2, 3. Instructions per call ---------------------------------------------

if ! command -v valgrind >/dev/null; then
	echo '== Generation: instructions per call: skipped, valgrind is not installed =='
	exit 0
fi
# ir_lines FILE [options]: callgrind_annotate's functions, "Ir function
# object" a line; code inlined from another file is a line of its own,
# without its object ("-").
ir_lines()
{
	local file=$1
	shift
	callgrind_annotate --threshold=100 --auto=no "$@" "$file" |
		perl -ne 'print "$1 $2 ", $3 // "-", "\n"
			if /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*?:([^\s:]+)(?: \[(?:.*\/)?([^\/\]]+)\])?$/' |
		tr -d ,
}
# single BUILD [COMMAND...]: the statements on stdin in a single-user backend
# of BUILD's cluster, under COMMAND (valgrind) if given.
single()
{
	local build=$1
	shift
	as_server_user "$@" "$bindir/postgres" --single -D "$work/cg-$build" postgres
}
# callgrind BUILD INDEX...: per expression (those indexes into exprs),
# "expression<tab>Ir per call".
callgrind()
{
	local build=$1 preload=uuid_seq i j
	shift
	local run=("$@")
	[[ $build == this ]] || preload=$lib
	new_cluster "$work/cg-$build" "$preload"
	{
		if [[ $build == this ]]; then echo 'CREATE EXTENSION uuid_seq;'; else declare_base; fi
		echo 'CREATE SCHEMA bench;'
		echo 'CREATE SEQUENCE bench.gen_seq;'
	} | single "$build" >/dev/null 2>"$work/cg-$build.log"
	# a dump per statement: the warm-ups, then the measured ones
	{
		for i in "${run[@]}"; do echo "SELECT count(${exprs[i]}) FROM generate_series(1, 100);"; done
		for i in "${run[@]}"; do echo "SELECT count(${exprs[i]}) FROM generate_series(1, $cg_n);"; done
	} | single "$build" valgrind --tool=callgrind --dump-after=PortalRun \
		--callgrind-out-file="$work/cg-$build.out" >/dev/null 2>>"$work/cg-$build.log"
	! grep -q 'ERROR' "$work/cg-$build.log" || { cat "$work/cg-$build.log" >&2; exit 1; }
	for j in "${!run[@]}"; do
		i=${run[j]}
		printf '%s\t' "${exprs[i]}"
		ir_lines "$work/cg-$build.out.$((${#run[@]} + j + 1))" --inclusive=yes |
			awk -v sym="${symbols[i]}" -v n="$cg_n" '$2 == sym && !done++ { printf "%.1f\n", $1 / n }'
	done
}
callgrind this "${in_this[@]}" >"$work/ir-this"
[[ -z $lib ]] || callgrind base "${in_base[@]}" >"$work/ir-base"
echo "== Generation: instructions per call (callgrind, $cg_n calls; the function and all it calls, the clock's system call not counted); ratio to ${label:-(no base)} =="
"${table[@]}" <<-EOF
	CREATE TEMP TABLE ir (build text DEFAULT 'this', expression text, ir float8);
	\\copy ir (expression, ir) FROM '$work/ir-this'
	ALTER TABLE ir ALTER build SET DEFAULT 'base';
	$([[ -z $lib ]] || echo "\\copy ir (expression, ir) FROM '$work/ir-base'")
	SELECT t.expression, round(t.ir::numeric, 1) AS "Ir/call",
	       round(o.ir::numeric, 1) AS "base Ir/call", round((t.ir / o.ir)::numeric, 3) AS "× base"
	FROM ir t LEFT JOIN ir o ON o.build = 'base' AND o.expression = t.expression
	WHERE t.build = 'this' ORDER BY t.ir;
EOF

# 3: only what runs inside uuid_generate_v7() collected.  The toggle leaves
# the whole count with the callers above it too (not shown); a function whose
# code comes from several files (inlined) has a line per file, added up.
echo "SELECT count(uuid_generate_v7()) FROM generate_series(1, 100);
SELECT count(uuid_generate_v7()) FROM generate_series(1, $cg_n);" |
	single this valgrind --tool=callgrind --toggle-collect=uuid_generate_v7 --dump-after=PortalRun \
		--callgrind-out-file="$work/v7.out" >/dev/null 2>>"$work/cg-this.log"
echo "== Generation: where uuid_generate_v7()'s instructions go (this build; each function's own Ir per call, 0.5 and more) =="
ir_lines "$work/v7.out.2" | awk -v n="$cg_n" '
	NR == 1 { all = $1 }
	$1 < all { ir[$2] += $1; if ($3 != "-") obj[$2] = $3 }
	END { for (f in ir) if (ir[f] / n >= 0.5) printf "%8.1f  %s (%s)\n", ir[f] / n, f, obj[f] }' |
	sort -rn
