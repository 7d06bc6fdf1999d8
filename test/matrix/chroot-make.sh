#!/bin/bash
# test/matrix/chroot-make.sh MAJOR OUTFILE: makes, or finds in the cache, the
# Debian chroot that provides PostgreSQL MAJOR (13: bullseye, 17: trixie,
# 18: sid, 19: sid with experimental), and writes its path to OUTFILE.  Owns
# everything that goes into such a chroot: debootstrap --variant=minbase from
# Debian's archive, the server, its headers and PGXS, a C toolchain, IPC::Run
# and strace for the TAP tests, debhelper and postgresql-server-dev-all
# (pg_buildext, dh's pgxs addon) for test/package/deb-check.sh, and per major:
#   13  (bullseye's packages ship no isolation tester) pg_isolation_regress
#       and isolationtester built from the Debian source of the very
#       postgresql-13 version installed
#   17  pg_partman (test/t/011_partman.pl runs it there)
#   19  (Debian has it in experimental only, a release candidate)
#       experimental added and pinned, so that what the postgresql-19 source
#       builds (the server, its headers and PGXS, and the libpq5 and
#       libpq-dev that postgresql-server-dev-19 needs at its version) comes
#       from experimental, the newest the archive has, and everything else
#       from sid; and the server and headers of the major that
#       test/matrix/pg-upgrade.sh upgrades from (matrix_upgrade_from: 18)
# Nothing else is downloaded.
#
# The cache key is the suites, the apt pinning, the mirror, the package list
# and this file's own contents: change any of them and the next run makes a
# new chroot (and removes the old ones of that major that no run is using).
# Mounts are made in a private mount namespace, so none outlives the script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
matrix_in_private_ns "$0" "$@"

major=$1
out=$2
suite=$(matrix_suite "$major")
extra=$(matrix_extra_suite "$major") || extra=
packages="build-essential postgresql-$major postgresql-server-dev-$major libipc-run-perl strace"
packages+=" debhelper postgresql-server-dev-all"
[[ $major == 17 ]] && packages+=" postgresql-17-partman"
# the major pg_upgrade starts from (test/matrix/pg-upgrade.sh), from the suite
if old=$(matrix_upgrade_from "$major"); then
	packages+=" postgresql-$old postgresql-server-dev-$old"
fi
pinning=
if [[ -n $extra ]]; then
	pinning="Package: src:postgresql-$major
Pin: release a=$extra
Pin-Priority: 990"
fi
key_text="suite=$suite${extra:+
extra=$extra
pinning=$pinning}
mirror=$matrix_mirror
packages=$packages
script=$(sha256sum <"$0" | cut -d' ' -f1)"
key=$(matrix_hash <<<"$key_text")
base="$matrix_cache/chroot"
entry="$base/$major-$suite${extra:++$extra}-$key"
mkdir -p "$base"
chmod 755 "$matrix_cache" "$base"

matrix_lock "$entry.lock" -x
if [[ -e $entry/$matrix_stamp ]]; then
	matrix_say "PostgreSQL $major: chroot $entry (cached)"
	echo "$entry" >"$out"
	exit 0
fi

command -v debootstrap >/dev/null ||
	matrix_fail "$major" "chroot" "debootstrap is not installed (bash tools/install-deps.sh)"
matrix_no_mounts_under "$entry" ||
	matrix_fail "$major" "chroot" "something is mounted under $entry"
rm -rf "$entry"

cleanup()
{
	umount -R "$entry/proc" 2>/dev/null || true
}
trap cleanup EXIT

# in_root COMMAND...: runs COMMAND in the chroot with a clean environment.
in_root()
{
	chroot "$entry" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 HOME=/root DEBIAN_FRONTEND=noninteractive "$@"
}

# debootstrap into an empty directory, up to three times: a mirror may drop
# a connection (apt in the chroot retries by itself, below).
debootstrap_afresh()
{
	rm -rf "$entry"
	debootstrap --variant=minbase "$suite" "$entry" "$matrix_mirror"
}
matrix_say "PostgreSQL $major: debootstrap $suite into $entry"
debootstrap_afresh || { sleep 10 && debootstrap_afresh; } || { sleep 30 && debootstrap_afresh; } ||
	matrix_fail "$major" "chroot (debootstrap $suite)" "see the messages above"

# The suite itself: its point releases are what a bullseye, trixie or sid
# machine installs.  deb-src for 13, whose isolation tester is built from
# source below.  For 19 experimental too: its Release file says NotAutomatic
# (priority 1: nothing comes from it unless asked); the pin raises the
# binary packages of the postgresql-19 source above sid's, so their newest
# version is installed and everything else stays sid's.
{
	echo "deb $matrix_mirror $suite main"
	[[ $major != 13 ]] || echo "deb-src $matrix_mirror $suite main"
	[[ -z $extra ]] || echo "deb $matrix_mirror $extra main"
} >"$entry/etc/apt/sources.list"
[[ -z $pinning ]] || printf '%s\n' "$pinning" >"$entry/etc/apt/preferences.d/uuid-seq-matrix"
cp /etc/resolv.conf "$entry/etc/resolv.conf"
# sid's Release file is valid for a week only; a mirror that lags the
# machine's clock (a snapshot, a stale proxy) would otherwise make apt refuse
# it.  The packages are still checked against the signed Release file.  And
# a download that fails is tried again.
printf 'Acquire::Check-Valid-Until "false";\nAcquire::Retries "3";\n' \
	>"$entry/etc/apt/apt.conf.d/99uuid-seq-matrix"
# No service starts in the chroot, and installing the server makes no cluster.
printf '#!/bin/sh\nexit 101\n' >"$entry/usr/sbin/policy-rc.d"
chmod 755 "$entry/usr/sbin/policy-rc.d"
mkdir -p "$entry/etc/postgresql-common"
echo 'create_main_cluster = false' >"$entry/etc/postgresql-common/createcluster.conf"
mount -t proc proc "$entry/proc"

suites="$suite${extra:+ and $extra}"
matrix_say "PostgreSQL $major: apt-get install $packages${extra:+ ($extra pinned for src:postgresql-$major)}"
in_root apt-get update -qq ||
	matrix_fail "$major" "chroot (apt-get update, $suites)" "see the messages above"
in_root apt-get install -y -qq --no-install-recommends $packages >/dev/null ||
	matrix_fail "$major" "chroot (apt-get install $packages, $suites)" "see the messages above"
if [[ -n $extra ]]; then
	# What came from where (in the provision log): the versions installed,
	# and the pin at work.
	in_root dpkg-query -W -f '${Package} ${Version}\n' "postgresql-$major" "postgresql-server-dev-$major" \
		${old:+"postgresql-$old"} libpq5 libpq-dev
	in_root apt-cache policy "postgresql-$major"
fi

if [[ $major == 13 ]]; then
	version=$(in_root dpkg-query -W -f '${Version}' "postgresql-$major")
	matrix_say "PostgreSQL $major: isolation tester from the source of postgresql-$major $version"
	in_root bash -euo pipefail -c "
		mkdir -p /usr/src/pg && cd /usr/src/pg
		apt-get source -qq postgresql-$major=$version >/tmp/apt-source.log 2>&1 ||
			{ cat /tmp/apt-source.log; exit 1; }
		cd postgresql-$major-*/
		./configure -q --without-readline --without-zlib --without-icu --without-llvm >/dev/null
		# serially: with -j the submake of src/common can race itself
		# (ar finds no libpgcommon_srv.a)
		make -s -C src/test/isolation >/dev/null
		dest=/usr/lib/postgresql/$major/lib/pgxs/src/test/isolation
		install -d \$dest
		install -m 755 src/test/isolation/pg_isolation_regress src/test/isolation/isolationtester \$dest/
		cd / && rm -rf /usr/src/pg" ||
		matrix_fail "$major" "chroot (isolation tester from the postgresql-$major source)" "see the messages above"
fi

in_root apt-get clean
rm -rf "$entry/var/lib/apt/lists"/*
umount "$entry/proc"
printf '%s\n' "$key_text" >"$entry/.uuid_seq-matrix-key"
touch "$entry/$matrix_stamp"
matrix_say "PostgreSQL $major: chroot $entry ready"
echo "$entry" >"$out"

matrix_remove_outdated "$entry"
