#!/bin/bash
# test/matrix/pg-upgrade.sh OLD_PG_CONFIG NEW_PG_CONFIG SRCDIR LOGDIR: pg_upgrade
# of a cluster that uses uuid_seq from an older major to a newer one, both
# installed in the root it runs in (the 19 chroot, which has 18 too), as root.
# test/matrix/suite.sh runs it on the majors matrix_upgrade_from names.
#   1. builds and installs uuid_seq for the old major (a copy of SRCDIR),
#      and for the new one unless the caller did;
#   2. an old cluster preloading uuid_seq (persist on) gets
#      upgrade_fixture.sql's database: a key of every kind, made with the
#      frontiers an hour ahead of the clock; upgrade_state.sql prints what
#      must travel; a clean stop writes the frontier file;
#   3. two copies of it are upgraded, each into a fresh new cluster
#      preloading uuid_seq: `pg_upgrade --check` must be clean, then
#        copy mode, and docs/operations.md's file runbook: the old data directory's
#          uuid_seq.frontiers copied into the new one before its first start;
#        --link mode, and the statement runbook: upgrade_raise.sql, the one
#          statement uuid_seq_raise_frontiers(), before anything generates,
#          which must list and raise every key column;
#   4. on each new server, the clock not shifted: upgrade_state.sql prints
#      the same as on the old one (rows, ids, indexes, defaults, partition
#      bounds), and upgrade_verify.sql passes (amcheck on every btree index,
#      defaults generating above every old value of their family, partition
#      routing).
# With UUID_SEQ_UPGRADE_WITHOUT_RUNBOOK=1 (by hand, never in CI) both
# runbook steps are left out, and the test must fail: the new values fall
# below the old ones.
# Logs in LOGDIR/upgrade/.  What runs as postgres reads nothing from SRCDIR
# (psql gets the SQL on stdin) and starts in a directory it owns.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
old_config=$1
new_config=$2
srcdir=$(realpath "$3")
logdir=$(realpath "$4")/upgrade
without_runbook=${UUID_SEQ_UPGRADE_WITHOUT_RUNBOOK:-}
cd /

old_bin=$("$old_config" --bindir)
new_bin=$("$new_config" --bindir)
old_major=$("$old_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
new_major=$("$new_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
rm -rf "$logdir"
mkdir -p "$logdir"

# say MESSAGE: a line of the log, after the seconds since the start.
say()
{
	printf 'pg-upgrade: [%3d s] %s\n' "$SECONDS" "$*"
}
fail()
{
	printf 'pg-upgrade: %s to %s: %s failed\n' "$old_major" "$new_major" "$*" >&2
	exit 1
}

work=$(mktemp -d /tmp/uuid_seq_upgrade.XXXXXX)
chmod 755 "$work"
cleanup()
{
	local d
	for d in "$work"/*/data; do
		[[ -e $d/postmaster.pid ]] || continue
		runuser -u postgres -- "$new_bin/pg_ctl" stop -D "$d" -m immediate >/dev/null 2>&1 ||
			runuser -u postgres -- "$old_bin/pg_ctl" stop -D "$d" -m immediate >/dev/null 2>&1 || true
	done
	for f in "$work"/*/*.log "$work"/*/data/pg_upgrade_output.d/*/log/*.log; do
		[[ -e $f ]] && cp "$f" "$logdir/$(cut -d/ -f1 <<<"${f#"$work"/}")-${f##*/}"
	done
	rm -rf "$work"
}
trap cleanup EXIT

# 1. uuid_seq for both majors, each built on a copy of the tree (the new one
# only when nothing installed it yet: suite.sh did, with -Werror).
for config in "$old_config" "$new_config"; do
	[[ $config == "$new_config" && -e $("$config" --pkglibdir)/uuid_seq.so ]] && continue
	tree="$work/src-$("$config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')"
	mkdir "$tree"
	tar -C "$srcdir" --exclude=./.git --exclude=./matrix_log --exclude=./tmp_check \
		--exclude='*.o' --exclude='*.so' --exclude='*.bc' -cf - . | tar -C "$tree" -xf -
	{ make -s -j"$(nproc)" -C "$tree" PG_CONFIG="$config" &&
		make -s -C "$tree" PG_CONFIG="$config" install; } >>"$logdir/build.log" 2>&1 ||
		fail "the build of uuid_seq for $config (upgrade/build.log)"
done

# Each cluster lives in $work/NAME/ (data/, its socket, its logs), owned by
# postgres, which runs everything there.
as_postgres()
{
	local dir=$1
	shift
	(cd "$dir" && runuser -u postgres -- "$@")
}
cluster()
{
	local name=$1 bin=$2
	mkdir "$work/$name"
	chown postgres: "$work/$name"
	as_postgres "$work/$name" "$bin/initdb" -D "$work/$name/data" -U postgres -A trust -N \
		>"$work/$name/initdb.log" 2>&1 || fail "initdb of $name"
	cat >>"$work/$name/data/postgresql.conf" <<-CONF
		shared_preload_libraries = 'uuid_seq'
		listen_addresses = ''
		unix_socket_directories = '$work/$name'
		port = 5432
		fsync = off
	CONF
}
start()
{
	as_postgres "$work/$1" "$2/pg_ctl" start -w -D "$work/$1/data" -l "$work/$1/server.log" >/dev/null ||
		fail "the start of $1 (upgrade/server.log)"
}
stop()
{
	as_postgres "$work/$1" "$2/pg_ctl" stop -w -D "$work/$1/data" -m fast >/dev/null ||
		fail "the stop of $1"
}
# psql_in NAME BINDIR FILE [ARGS...]: FILE (opened by root) on psql's stdin,
# in database shop of cluster NAME.
psql_in()
{
	local name=$1 bin=$2 file=$3
	shift 3
	as_postgres "$work/$name" "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$work/$name" -p 5432 \
		-U postgres -d shop "$@" <"$file"
}

say "uuid_seq built and installed"

# 2. The old cluster.
say "PostgreSQL $old_major: a cluster with a key of every kind, frontiers an hour ahead"
cluster old "$old_bin"
start old "$old_bin"
as_postgres "$work/old" "$old_bin/createdb" -h "$work/old" -p 5432 -U postgres shop
psql_in old "$old_bin" "$here/upgrade_fixture.sql" >"$work/old/fixture.log" 2>&1 ||
	fail "upgrade_fixture.sql on $old_major (upgrade/fixture.log)"
psql_in old "$old_bin" "$here/upgrade_state.sql" -A -t >"$logdir/state-old.out" 2>&1 ||
	fail "upgrade_state.sql on $old_major (upgrade/state-old.out)"
stop old "$old_bin"
[[ -s $work/old/data/uuid_seq.frontiers ]] || fail "the old cluster's frontier file (none after a clean stop)"
say "$(grep -c . "$logdir/state-old.out") lines of state: $(grep -c '|[0-9a-f]\{32\}$' "$logdir/state-old.out") tables," \
	"$(grep -c '^index|' "$logdir/state-old.out") indexes"

# 3 and 4, once per mode.
upgrade()
{
	local mode=$1 old="old-$1" new="new-$1" flags=()
	[[ $mode == link ]] && flags=(--link)
	cp -a "$work/old" "$work/$old"
	rm -f "$work/$old"/*.log
	cluster "$new" "$new_bin"
	local cmd=("$new_bin/pg_upgrade" --no-sync -b "$old_bin" -B "$new_bin"
		-d "$work/$old/data" -D "$work/$new/data" -s "$work/$new" -p 50432 -P 50433)
	as_postgres "$work/$new" "${cmd[@]}" --check >"$work/$new/check.log" 2>&1 ||
		{ tail -30 "$work/$new/check.log"; fail "pg_upgrade --check ($mode mode)"; }
	grep -q 'Clusters are compatible' "$work/$new/check.log" ||
		{ tail -30 "$work/$new/check.log"; fail "pg_upgrade --check ($mode mode): no 'Clusters are compatible'"; }
	as_postgres "$work/$new" "${cmd[@]}" "${flags[@]}" >"$work/$new/pg_upgrade.log" 2>&1 ||
		{ tail -30 "$work/$new/pg_upgrade.log"; fail "pg_upgrade ($mode mode)"; }
	say "pg_upgrade ($mode mode): --check clean, upgraded"

	if [[ -n $without_runbook ]]; then
		say "$mode mode: the runbook's step LEFT OUT (UUID_SEQ_UPGRADE_WITHOUT_RUNBOOK)"
	elif [[ $mode == copy ]]; then
		# the file runbook: the old frontier file, before the first start
		cp "$work/$old/data/uuid_seq.frontiers" "$work/$new/data/uuid_seq.frontiers"
		chown postgres: "$work/$new/data/uuid_seq.frontiers"
		chmod 600 "$work/$new/data/uuid_seq.frontiers"
		say "$mode mode: the old uuid_seq.frontiers copied into the new data directory"
	fi
	start "$new" "$new_bin"
	if [[ -z $without_runbook && $mode == link ]]; then
		# the statement runbook, before anything generates
		psql_in "$new" "$new_bin" "$here/upgrade_raise.sql" -A -t >"$logdir/raise-$mode.out" 2>&1 ||
			fail "upgrade_raise.sql ($mode mode, upgrade/raise-$mode.out)"
		# every key column listed (20 in upgrade_fixture.sql) and raised
		grep -v '|t$' "$logdir/raise-$mode.out" && fail "uuid_seq_raise_frontiers() left a column unraised ($mode mode)"
		[[ $(grep -c '|t$' "$logdir/raise-$mode.out") -ge 20 ]] ||
			fail "uuid_seq_raise_frontiers() listed $(grep -c . "$logdir/raise-$mode.out") key columns, not 20 ($mode mode)"
		say "$mode mode: uuid_seq_raise_frontiers() raised $(grep -c '|t$' "$logdir/raise-$mode.out") key columns"
	fi
	psql_in "$new" "$new_bin" "$here/upgrade_state.sql" -A -t >"$logdir/state-$mode.out" 2>&1 ||
		fail "upgrade_state.sql on $new_major ($mode mode)"
	diff -u "$logdir/state-old.out" "$logdir/state-$mode.out" ||
		fail "the same rows, ids, indexes, defaults and bounds ($mode mode)"
	psql_in "$new" "$new_bin" "$here/upgrade_verify.sql" -A -t >"$logdir/verify-$mode.out" 2>&1 || {
		cat "$logdir/verify-$mode.out"
		fail "upgrade_verify.sql ($mode mode)"
	}
	say "$mode mode: the same rows, ids, indexes, defaults and bounds"
	sed "s/^/pg-upgrade: $mode mode: /" "$logdir/verify-$mode.out"
	stop "$new" "$new_bin"
}
# (each in a subshell, so that a failure of the first still runs the second)
failed=
(upgrade copy) || failed+=" copy"
(upgrade link) || failed+=" link"
[[ -z $failed ]] || fail "the upgrade in mode(s)$failed"
say "PostgreSQL $old_major to $new_major: passed in link and copy modes"
