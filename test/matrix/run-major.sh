#!/bin/bash
# test/matrix/run-major.sh MAJOR ORIGIN ENTRY LOGDIR [DUMP_PORT]: runs
# test/matrix/suite.sh (DUMP_PORT passed on) for PostgreSQL MAJOR where it
# lives.  Owns the mounts of a run and their
# removal:
#   host    the host's own server (15): suite.sh as it is
#   source  a build from test/matrix/pg-build.sh (14, 16): a copy-on-write
#           overlay of the cached installation, in which uuid_seq is installed
#           (for 14, with 16's TAP test modules)
#   chroot  a chroot from test/matrix/chroot-make.sh (13, 17, 18, 19): an
#           overlay of the cached root, with /proc, a fresh /dev/shm, the
#           source tree and ../shared/vendor beside it (read-only) and LOGDIR
#           bound in, and suite.sh run inside
# The cached entry stays as it was made (a shared lock keeps it from being
# replaced meanwhile).  Everything runs in a private mount namespace, and the
# EXIT trap kills what still runs in the chroot, unmounts and removes the
# overlay's writable layer: no mount and no server outlive the run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"

major=$1
origin=$2
entry=$3
logdir=$4
dump_port=${5:-}

if [[ $origin == host ]]; then
	exec bash "$here/suite.sh" "$major" "/usr/lib/postgresql/$major/bin/pg_config" "$top" "$logdir" $dump_port
fi

matrix_in_private_ns "$0" "$@"
matrix_lock "$entry.lock" -s
[[ -e $entry/$matrix_stamp ]] || matrix_fail "$major" "run" "$entry is not a complete cache entry"

mkdir -p "$matrix_cache/run"
chmod 755 "$matrix_cache/run"
run=$(mktemp -d "$matrix_cache/run/$major.XXXXXX")
chmod 755 "$run"
mkdir "$run/upper" "$run/work" "$run/root"
cleanup()
{
	local p
	for p in /proc/[0-9]*; do
		[[ $(readlink "$p/root" 2>/dev/null) == "$run/root"* ]] && kill -KILL "${p#/proc/}" 2>/dev/null
	done
	sleep 0.2
	umount -R "$run/root" 2>/dev/null || umount -R -l "$run/root" 2>/dev/null || true
	if matrix_no_mounts_under "$run"; then
		rm -rf "$run"
	else
		echo "matrix: could not unmount $run/root" >&2
	fi
}
trap cleanup EXIT

mount -t overlay overlay \
	-o "lowerdir=$entry,upperdir=$run/upper,workdir=$run/work" "$run/root" ||
	matrix_fail "$major" "run (overlay mount of $entry)" "see the messages above"

if [[ $origin == source ]]; then
	# 14beta2's TAP modules predate the ones the tests use
	# (PostgreSQL::Test::Cluster, BackgroundPsql): put 16beta2's beside
	# them.  The harness is client-side Perl that drives older servers (core
	# uses it so for cross-version upgrade tests); the server stays 14's.
	# And its PGXS prove_installcheck prefixes the absolute pg_regress path
	# with the current directory (fixed before 14.0): give it 16's paths
	# (no top_builddir: the harness would keep its port locks there).
	if [[ $major == 14 ]]; then
		pgxs_src=$(dirname "$("$run/root/bin/pg_config" --pgxs)")/..
		tar -xJf "$top/../shared/vendor/$(matrix_archive 16)" -C "$pgxs_src/test/perl" \
			--strip-components=4 --wildcards '*/src/test/perl/PostgreSQL/*' ||
			matrix_fail "$major" "run (TAP modules of $(matrix_archive 16))" "see the messages above"
		sed -i -e "/^cd \$(srcdir) && TESTDIR='\$(CURDIR)' PATH=/{
			s|TESTDIR='\$(CURDIR)'|& TESTLOGDIR='\$(CURDIR)/tmp_check/log' TESTDATADIR='\$(CURDIR)/tmp_check'|
			s|top_builddir='\$(CURDIR)/\$(top_builddir)' ||
			s|PG_REGRESS='\$(CURDIR)/|PG_REGRESS='|
		}" "$pgxs_src/Makefile.global"
	fi
	bash "$here/suite.sh" "$major" "$run/root/bin/pg_config" "$top" "$logdir" $dump_port
	exit
fi

root="$run/root"
mount -t proc proc "$root/proc"
mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
mkdir -p "$root/mnt/src" "$root/mnt/log"
mount --bind "$top" "$root/mnt/src"
mount -o remount,bind,ro "$root/mnt/src"
mount --bind "$logdir" "$root/mnt/log"
# ../shared/vendor, read-only, where suite.sh looks for it beside the source
if [[ -d $top/../shared/vendor ]]; then
	mkdir -p "$root/mnt/shared/vendor"
	mount --bind "$top/../shared/vendor" "$root/mnt/shared/vendor"
	mount -o remount,bind,ro "$root/mnt/shared/vendor"
fi
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
	bash /mnt/src/test/matrix/suite.sh "$major" "/usr/lib/postgresql/$major/bin/pg_config" \
	/mnt/src /mnt/log $dump_port
