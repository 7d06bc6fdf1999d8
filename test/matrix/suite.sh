#!/bin/bash
# test/matrix/suite.sh MAJOR PG_CONFIG SRCDIR LOGDIR [DUMP_PORT]: the whole uuid_seq suite
# against one PostgreSQL installation, in the root it runs in (the host, or a
# chroot that test/matrix/run-major.sh entered), as root:
#   build    make with -Wall -Wextra -Werror (less PGXS's usual exceptions),
#            on a copy of SRCDIR; then its installation into that server:
#            on a major Debian packages (not a source build), the package
#            postgresql-MAJOR-uuid-seq, built, installed with dpkg -i and
#            kept in LOGDIR/debs/ by test/package/deb-check.sh (which on the
#            host's major also runs the package's autopkgtest), so that every
#            step below tests the installed package; elsewhere make install
#   regress  pg_regress (REGRESS) against a throwaway server preloading uuid_seq
#   isolation  pg_isolation_regress (ISOLATION) against the same server;
#            then both again on that server, restarted: used, and with its
#            frontiers from the file, as a real server's
#   TAP      every test/t/*.pl through `make prove` (their own servers;
#            001_no_preload.pl reruns REGRESS without preload)
#   dump     with DUMP_PORT, the older server of test/matrix/dump-source.sh
#            listening there on 127.0.0.1 is dumped with this major's
#            pg_dump and restored here: the same rows (dump_rows.sql, against
#            LOGDIR/dump-source-rows.out), valid indexes, defaults that still
#            call uuid_seq and generate (dump_verify.sql)
#   upgrade  on a major that matrix_upgrade_from (lib.sh) names an older
#            major for, installed beside it (19, with 18): pg_upgrade of a
#            uuid_seq cluster from that major, in link and copy mode
#            (test/matrix/pg-upgrade.sh), run beside the TAP tests
# Servers run as the postgres user on a copy of the tree it owns, and from /:
# nothing that runs as postgres reads SRCDIR or starts in the caller's
# directory, which postgres may not be able to enter (a checkout in /root).
# Each step appends its outcome to LOGDIR/results (step=value lines, read by
# test/matrix/matrix.sh); its output goes to LOGDIR/<step>.log.  A step fails when
# its command fails, when it ran no test or fewer than the Makefile lists, or
# (TAP) when PGXS says TAP tests are not enabled.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
major=$1
pg_config=$2
srcdir=$(realpath "$3")
logdir=$(realpath "$4")
# ../shared/vendor beside the source tree: the TAP tests run in a copy of
# the tree, so 018_facade.pl (which compiles the UUIDv47 reference from
# there, and says so in one line where it is absent) is told where it is
vendor=$(realpath -m "$srcdir/../shared/vendor")
dump_port=${5:-}
results="$logdir/results"
cd /

# The warnings a build must not have: PGXS's CFLAGS (-Wall and more) plus
# -Wextra, less the two -Wextra warnings that PostgreSQL's own sources and
# headers do not follow either (unused parameters of fmgr and hook
# signatures, designated initialisers that leave fields zero).
warning_flags="-Wextra -Wno-unused-parameter -Wno-missing-field-initializers"
step_timeout=1800

export LANG=C.UTF-8
unset LC_ALL LC_CTYPE LC_COLLATE LC_MESSAGES LANGUAGE PGHOST PGPORT PGUSER PGDATABASE PGOPTIONS

result()
{
	echo "$1=$2" >>"$results"
}

fail()
{
	result failed "${1,,}"
	printf 'matrix: PostgreSQL %s: %s failed: %s\n' "$major" "$1" "$2" >&2
	exit 1
}

# show LOG: the end of a step's log, for the run's output.
show()
{
	echo "---- last lines of $1"
	tail -40 "$1"
}

work=$(mktemp -d /tmp/uuid_seq_matrix.XXXXXX)
chmod 755 "$work"
server_started=
upgrade_pid=
cleanup()
{
	[[ -z $upgrade_pid ]] || kill "$upgrade_pid" 2>/dev/null || true
	if [[ -n $server_started ]]; then
		runuser -u postgres -- "$bindir/pg_ctl" stop -D "$work/data" -m immediate >/dev/null 2>&1 || true
	fi
	cp "$work/server.log" "$logdir/server.log" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

[[ -x $pg_config ]] || fail "server" "$pg_config not found"
bindir=$("$pg_config" --bindir)
got=$("$pg_config" --version)
[[ $got =~ ^PostgreSQL\ $major[.a-z] ]] || fail "server" "$pg_config is $got, not $major"
id postgres >/dev/null 2>&1 || fail "server" "no postgres user to run servers as"

tree="$work/src"
mkdir "$tree"
tar -C "$srcdir" --exclude=./.git --exclude=./matrix_log --exclude=./tmp_check \
	--exclude=./results --exclude=./output_iso --exclude='*.o' --exclude='*.so' --exclude='*.bc' \
	-cf - . | tar -C "$tree" -xf -

# The lists the Makefile runs, to check every test ran.
make_var()
{
	make -s --no-print-directory -C "$tree" PG_CONFIG="$pg_config" \
		--eval "print-var: ; @echo \$($1)" print-var
}
n_regress=$(make_var REGRESS | wc -w)
n_isolation=$(make_var ISOLATION | wc -w)
n_tap=$(find "$tree/test/t" -name '*.pl' | wc -l)

# build: no warning, then install.
echo "matrix: PostgreSQL $major: build ($pg_config)"
if ! timeout "$step_timeout" make -C "$tree" PG_CONFIG="$pg_config" \
	COPT="$warning_flags -Werror" >"$logdir/build.log" 2>&1; then
	grep -E 'warning:|error:' "$logdir/build.log" | head -20 || show "$logdir/build.log"
	fail "build" "make (warnings are errors: $warning_flags -Werror)"
fi
if grep -q 'warning:' "$logdir/build.log"; then
	grep 'warning:' "$logdir/build.log" | head -20
	fail "build" "warnings"
fi
result build ok
server_from=$(matrix_origin "$major")
if [[ $server_from != source ]]; then
	echo "matrix: PostgreSQL $major: Debian package (built and installed)"
	autopkgtest=
	[[ $server_from != host ]] || autopkgtest=autopkgtest
	timeout "$step_timeout" bash "$srcdir/test/package/deb-check.sh" "$major" "$logdir/debs" $autopkgtest \
		>"$logdir/deb.log" 2>&1 || {
		show "$logdir/deb.log"
		fail "deb" "test/package/deb-check.sh $major${autopkgtest:+ $autopkgtest}"
	}
	grep -q "uuid-seq .* installed" "$logdir/deb.log" || fail "deb" "no result in deb.log"
	result deb "$(cd "$logdir/debs" && ls -- *.deb)"
else
	# (the lock: on the host, whatever else installs uuid_seq there takes it too)
	flock /tmp/uuid_seq-install.lock make -s -C "$tree" PG_CONFIG="$pg_config" install >>"$logdir/build.log" 2>&1 || {
		show "$logdir/build.log"
		fail "build" "make install"
	}
fi
result installed ok
chown -R postgres: "$work"

# A throwaway server preloading uuid_seq, on a Unix socket in $work only.
as_postgres()
{
	runuser -u postgres -- env PGHOST="$work" PGPORT=5432 PGUSER=postgres "$@"
}
as_postgres "$bindir/initdb" -D "$work/data" -U postgres -A trust -N >"$logdir/initdb.log" 2>&1 || {
	show "$logdir/initdb.log"
	fail "server" "initdb"
}
matrix_preload_conf "$work/data" "$work"
server_started=1
as_postgres "$bindir/pg_ctl" start -w -D "$work/data" -l "$work/server.log" >/dev/null || {
	show "$work/server.log"
	fail "server" "pg_ctl start"
}
version=$(as_postgres "$bindir/psql" -X -At -d postgres -c 'SHOW server_version')
result version "$version"
echo "matrix: PostgreSQL $major: server $version"

# pg_regress and pg_isolation_regress print "All N tests passed." (16 and
# later in TAP form, "# All N tests passed.").
passed()
{
	sed -nE 's/^(# )? *All ([0-9]+) tests passed.*/\2/p' "$1" | tail -1
}

echo "matrix: PostgreSQL $major: regress (preloaded)"
if ! timeout "$step_timeout" runuser -u postgres -- env PGHOST="$work" PGPORT=5432 PGUSER=postgres \
	make -C "$tree" PG_CONFIG="$pg_config" installcheck TAP_TESTS= ISOLATION= >"$logdir/regress.log" 2>&1; then
	cat "$tree/regression.diffs" 2>/dev/null | head -200 || true
	cp -r "$tree/results" "$logdir/regress-results" 2>/dev/null || true
	show "$logdir/regress.log"
	fail "regress" "pg_regress"
fi
n=$(passed "$logdir/regress.log")
[[ ${n:-0} -gt 0 && $n -eq $n_regress ]] || {
	show "$logdir/regress.log"
	fail "regress" "${n:-0} of $n_regress tests ran"
}
result regress "$n"

echo "matrix: PostgreSQL $major: isolation (preloaded)"
if ! timeout "$step_timeout" runuser -u postgres -- env PGHOST="$work" PGPORT=5432 PGUSER=postgres \
	make -C "$tree" PG_CONFIG="$pg_config" installcheck TAP_TESTS= REGRESS= >"$logdir/isolation.log" 2>&1; then
	cat "$tree/output_iso/regression.diffs" 2>/dev/null | head -200 || true
	cp -r "$tree/output_iso/results" "$logdir/isolation-results" 2>/dev/null || true
	show "$logdir/isolation.log"
	fail "isolation" "pg_isolation_regress"
fi
n=$(passed "$logdir/isolation.log")
[[ ${n:-0} -gt 0 && $n -eq $n_isolation ]] || {
	show "$logdir/isolation.log"
	fail "isolation" "${n:-0} of $n_isolation specs ran"
}
result isolation "$n"

# Both again on the same server, restarted after the runs above generated
# every family: a used server whose frontiers come from the file, as any
# real server's (the runs above had a fresh one, from the clock).
echo "matrix: PostgreSQL $major: regress and isolation again (restarted)"
as_postgres "$bindir/pg_ctl" stop -w -D "$work/data" >/dev/null &&
	as_postgres "$bindir/pg_ctl" start -w -D "$work/data" -l "$work/server.log" >/dev/null || {
	show "$work/server.log"
	fail "regress" "pg_ctl restart"
}
origin=$(as_postgres "$bindir/psql" -X -q -At -d postgres -c 'CREATE EXTENSION IF NOT EXISTS uuid_seq' \
	-c "SELECT string_agg(DISTINCT restored_from, ',') FROM uuid_seq_state()" 2>&1) || true
[[ $origin == file ]] || fail "regress" "after the restart, frontiers restored from '$origin', not 'file'"

again()
{
	local step=$1 want=$2 diffs=$3 log="$logdir/$1-restarted.log"
	shift 3
	if ! timeout "$step_timeout" runuser -u postgres -- env PGHOST="$work" PGPORT=5432 PGUSER=postgres \
		make -C "$tree" PG_CONFIG="$pg_config" installcheck TAP_TESTS= "$@" >"$log" 2>&1; then
		head -200 "$diffs" 2>/dev/null || true
		show "$log"
		fail "$step" "on the restarted server"
	fi
	[[ $(passed "$log") -eq $want ]] || {
		show "$log"
		fail "$step" "on the restarted server, $(passed "$log") of $want ran"
	}
}
again regress "$n_regress" "$tree/regression.diffs" ISOLATION=
again isolation "$n_isolation" "$tree/output_iso/regression.diffs" REGRESS=

if [[ -n $dump_port ]]; then
	echo "matrix: PostgreSQL $major: restore of a dump of PostgreSQL 15"
	psql=("$bindir/psql" -X -q -v ON_ERROR_STOP=1)
	# Debian 12's 15.20 gives every column an attribute option pg_attver,
	# which pg_dump carries over and 18's server refuses (with any table,
	# not only uuid_seq's): the restore leaves those statements out.
	{
		as_postgres "$bindir/pg_dump" -h 127.0.0.1 -p "$dump_port" -d fixture -f "$work/fixture.sql" &&
			grep -v -E '^ALTER TABLE ONLY .* SET \(pg_attver=[0-9]+\);$' "$work/fixture.sql" >"$work/restore.sql" &&
			echo "left out: $(grep -c -E 'SET \(pg_attver=' "$work/fixture.sql") pg_attver statements" &&
			as_postgres "$bindir/createdb" restored &&
			as_postgres "${psql[@]}" -d restored -f "$work/restore.sql" >/dev/null &&
			as_postgres "${psql[@]}" -A -t -d restored -f "$tree/test/matrix/dump_rows.sql" >"$work/rows.out" &&
			diff -u "$logdir/dump-source-rows.out" "$work/rows.out" &&
			as_postgres "${psql[@]}" -d restored -f "$tree/test/matrix/dump_verify.sql"
	} >"$logdir/dump.log" 2>&1 || {
		show "$logdir/dump.log"
		fail "dump" "dump of 15 restored into $major"
	}
	result dump "$(grep -c . "$work/rows.out") tables"
fi

as_postgres "$bindir/pg_ctl" stop -w -D "$work/data" >/dev/null
server_started=

# pg_upgrade from the older major, beside the TAP tests (much of whose time
# is spent waiting): it installs uuid_seq for that major only, which no TAP
# test uses, and runs its servers in a directory of its own.
upgrade_pid=
if old=$(matrix_upgrade_from "$major"); then
	echo "matrix: PostgreSQL $major: pg_upgrade from $old (beside the TAP tests)"
	timeout "$step_timeout" bash "$srcdir/test/matrix/pg-upgrade.sh" "/usr/lib/postgresql/$old/bin/pg_config" \
		"$pg_config" "$srcdir" "$logdir" >"$logdir/upgrade.log" 2>&1 &
	upgrade_pid=$!
fi

# The fault-sequence test runs 6 seeded rounds on each major (30 by
# default, a long soak with UUID_SEQ_FAULT_SOAK=1), so that the matrix stays
# within its time; its seed is in tap.log.
echo "matrix: PostgreSQL $major: TAP"
tap_ok=1
timeout "$step_timeout" runuser -u postgres -- env UUID_SEQ_FAULT_ROUNDS="${UUID_SEQ_FAULT_ROUNDS:-6}" \
	UUID_SEQ_VENDOR="$vendor" \
	make -C "$tree" PG_CONFIG="$pg_config" PROVE_FLAGS=--timer prove >"$logdir/tap.log" 2>&1 || tap_ok=
cp -r "$tree/tmp_check/log" "$logdir/tap-logs" 2>/dev/null || true
if [[ -z $tap_ok ]]; then
	show "$logdir/tap.log"
	for f in "$tree"/tmp_check/log/regress_log_*; do
		[[ -e $f ]] && grep -E '^(not ok|#)' "$f" | head -40 | sed "s|^|${f##*/}: |" || true
	done
	fail "TAP" "prove"
fi
if grep -q 'TAP tests not enabled' "$logdir/tap.log"; then
	fail "TAP" "PGXS says TAP tests are not enabled"
fi
if grep -qE '\.\. skipped' "$logdir/tap.log"; then
	grep -E '\.\. skipped' "$logdir/tap.log"
	fail "TAP" "a test file was skipped"
fi
files=$(sed -nE 's/^Files=([0-9]+), Tests=([0-9]+),.*/\1/p' "$logdir/tap.log")
tests=$(sed -nE 's/^Files=([0-9]+), Tests=([0-9]+),.*/\2/p' "$logdir/tap.log")
grep -q '^Result: PASS' "$logdir/tap.log" && [[ ${tests:-0} -gt 0 && ${files:-0} -eq $n_tap ]] || {
	show "$logdir/tap.log"
	fail "TAP" "${files:-0} of $n_tap test files, ${tests:-0} tests ran"
}
result tap "$tests"

if [[ -n $upgrade_pid ]]; then
	rc=0
	wait "$upgrade_pid" || rc=$?
	upgrade_pid=
	if [[ $rc -ne 0 ]]; then
		show "$logdir/upgrade.log"
		fail "upgrade" "pg_upgrade from $old (upgrade.log, upgrade/)"
	fi
	grep -q 'passed in link and copy modes' "$logdir/upgrade.log" || fail "upgrade" "no result in upgrade.log"
	result upgrade "from $old, link and copy"
fi
