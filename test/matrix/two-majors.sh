#!/bin/bash
# test/matrix/two-majors.sh PG_CONFIG_A PG_CONFIG_B LOGDIR (as root): one
# checkout built and installed for two PostgreSQL majors in a row, as a user
# does for pg_upgrade, with no `make clean` between: the second
# `make PG_CONFIG=B` must rebuild every object (the Makefile's build stamp),
# and a server of each major must start with the library preloaded, create
# the extension and generate.  Then: a repeated `make` for B rebuilds
# nothing, and a changed server header of B rebuilds everything.
# test/matrix/matrix.sh runs it with a source build (16 or 14) as A and the
# host's 15 as B.
# Owns nothing else: both installations stay as they are (the install goes
# into copy-on-write overlays of their library, extension and server-header
# directories, in a private mount namespace, gone when the script ends; a
# cached source build is held under a shared lock meanwhile).  Logs go to
# LOGDIR (build-*.log, server-*.log); one line per step on stdout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"
matrix_in_private_ns "$0" "$@"

pg_config_a=$1
pg_config_b=$2
logdir=$(realpath -m "$3")
mkdir -p "$logdir"

say()
{
	printf 'two-majors: %s\n' "$*"
}
fail()
{
	printf 'two-majors: FAILED: %s\n' "$*" >&2
	exit 1
}

major_of()
{
	"$1" --version | sed -nE 's/^PostgreSQL ([0-9]+).*/\1/p'
}
for pgc in "$pg_config_a" "$pg_config_b"; do
	[[ -x $pgc ]] || fail "$pgc not found"
	# a cached source build: keep it from being removed or rebuilt meanwhile
	entry=$(dirname "$(dirname "$pgc")")
	[[ ! -e $entry.lock ]] || matrix_lock "$entry.lock" -s
done
major_a=$(major_of "$pg_config_a")
major_b=$(major_of "$pg_config_b")
[[ -n $major_a && -n $major_b && $major_a != "$major_b" ]] ||
	fail "two different majors wanted, got '$major_a' and '$major_b'"
id postgres >/dev/null 2>&1 || fail "no postgres user to run servers as"

mkdir -p "$matrix_cache/run"
work=$(mktemp -d "$matrix_cache/run/two-majors.XXXXXX")
chmod 755 "$work"
running=()
mounts=()
cleanup()
{
	local i
	[[ ${#running[@]} -eq 0 ]] ||
		runuser -u postgres -- "${running[0]}/pg_ctl" stop -D "${running[1]}" -m immediate >/dev/null 2>&1 || true
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" 2>/dev/null || true
	done
	cp "$pgdir"/server-*.log "$logdir/" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
# what the servers write (data directories, sockets, logs): postgres's
pgdir="$work/pg"
mkdir -m 700 "$pgdir"
chown postgres: "$pgdir"

# overlay DIR: DIR becomes a copy-on-write view of itself (writes go to $work).
n_overlay=0
overlay()
{
	local dir=$1 o
	n_overlay=$((n_overlay + 1))
	o="$work/overlay/$n_overlay"
	mkdir -p "$o/upper" "$o/work"
	mount -t overlay overlay -o "lowerdir=$dir,upperdir=$o/upper,workdir=$o/work" "$dir" ||
		fail "overlay mount of $dir"
	mounts+=("$dir")
}
for pgc in "$pg_config_a" "$pg_config_b"; do
	overlay "$("$pgc" --pkglibdir)"
	overlay "$("$pgc" --sharedir)/extension"
	overlay "$("$pgc" --includedir-server)"
done

# One checkout, as a user has it: no object, no stamp.
tree="$work/src"
mkdir "$tree"
tar -C "$top" --exclude=./.git --exclude=./matrix_log --exclude=./tmp_check \
	--exclude=./results --exclude=./output_iso --exclude='*.o' --exclude='*.so' --exclude='*.bc' \
	--exclude=./.pg_build_stamp -cf - . | tar -C "$tree" -xf -
n_objs=$(make -s --no-print-directory -C "$tree" PG_CONFIG="$pg_config_a" \
	--eval 'print-objs: ; @echo $(OBJS)' print-objs | wc -w)

# build TAG PG_CONFIG: make and make install for PG_CONFIG in the one
# checkout; prints how many objects were compiled.
build()
{
	local tag=$1 pgc=$2 log="$logdir/build-$1.log"
	make -C "$tree" PG_CONFIG="$pgc" >"$log" 2>&1 &&
		make -C "$tree" PG_CONFIG="$pgc" install >>"$log" 2>&1 || {
		tail -30 "$log" >&2
		fail "make PG_CONFIG=$pgc (install) in the same checkout ($log)"
	}
	grep -cE "^[^ ]*(gcc|cc|clang)[^ ]* .* -c -o [^ ]+\.o " "$log" || true
}

# server TAG PG_CONFIG: a throwaway server of that installation preloading
# uuid_seq starts, creates the extension and generates a key.
server()
{
	local tag=$1 pgc=$2 bindir data log="$pgdir/server-$1.log" got
	bindir=$("$pgc" --bindir)
	data="$pgdir/data-$tag"
	runuser -u postgres -- "$bindir/initdb" -D "$data" -U postgres -A trust -N >"$logdir/initdb-$tag.log" 2>&1 ||
		fail "initdb of $tag ($logdir/initdb-$tag.log)"
	matrix_preload_conf "$data" "$pgdir"
	running=("$bindir" "$data")
	runuser -u postgres -- "$bindir/pg_ctl" start -w -D "$data" -l "$log" >/dev/null || {
		tail -5 "$log" >&2
		fail "the $tag server preloading the library built for it did not start ($logdir/server-$tag.log)"
	}
	got=$(cd / && runuser -u postgres -- "$bindir/psql" -X -q -At -h "$pgdir" -p 5432 -d postgres \
		-c 'CREATE EXTENSION uuid_seq' \
		-c "SELECT current_setting('server_version_num')::int / 10000, uuid_extract_version(uuid_generate_v7())" 2>&1) ||
		fail "$tag: CREATE EXTENSION or a key failed: $got"
	[[ $got == *"${tag#pg}|7" ]] || fail "$tag: expected major ${tag#pg} and a version 7 key, got: $got"
	runuser -u postgres -- "$bindir/pg_ctl" stop -w -D "$data" >/dev/null
	running=()
}

n=$(build "pg$major_a" "$pg_config_a")
[[ $n -eq $n_objs ]] || fail "the first build for $major_a compiled $n of $n_objs objects"
server "pg$major_a" "$pg_config_a"
say "PostgreSQL $major_a: built ($n objects), installed, a server preloading it started"

n=$(build "pg$major_b" "$pg_config_b")
[[ $n -eq $n_objs ]] ||
	fail "make PG_CONFIG=<$major_b> after a build for $major_a compiled $n of $n_objs objects (no make clean between)"
server "pg$major_b" "$pg_config_b"
say "PostgreSQL $major_b: the same checkout rebuilt ($n objects), installed, a server preloading it started"

n=$(build "pg$major_b-again" "$pg_config_b")
[[ $n -eq 0 ]] || fail "a second make for $major_b, nothing changed, compiled $n objects"
say "PostgreSQL $major_b: a second make compiled nothing"

echo "/* test/matrix/two-majors.sh: a changed server header */" >>"$("$pg_config_b" --includedir-server)/pg_config_manual.h"
n=$(build "pg$major_b-header" "$pg_config_b")
[[ $n -eq $n_objs ]] || fail "after a server header of $major_b changed, make compiled $n of $n_objs objects"
say "PostgreSQL $major_b: a changed server header rebuilt every object"
say "passed"
