#!/bin/bash
# test/matrix/chroot-make-experimental.sh MAJOR OUTFILE: makes, or finds in
# the cache, the chroot of a major that Debian has in experimental only (19,
# a release candidate): sid, as test/matrix/chroot-make.sh makes 18's, with
# experimental added and pinned so that what the postgresql-MAJOR source
# builds (postgresql-MAJOR*, the server, its headers and PGXS, and the libpq5
# and libpq-dev that postgresql-server-dev-MAJOR needs at MAJOR's version)
# comes from experimental, the newest the archive has, and everything else
# from sid: the packaging tools of test/package/deb-check.sh, and the server
# and headers of the major that test/matrix/pg-upgrade.sh upgrades from
# (matrix_upgrade_from: 18, sid's).  Writes the chroot's path to OUTFILE.
#
# A script of its own, not a case in chroot-make.sh: that script's checksum
# is in the cache key of the 13, 17 and 18 chroots, so editing it would
# remake all three (bullseye's included, which the mirror may not keep
# forever).  The steps are chroot-make.sh's, less the 13 and 17 cases.
#
# The cache key is the suite, the extra suite, the apt pinning, the mirror,
# the package list and this file's own contents.  Mounts are made in a
# private mount namespace, so none outlives the script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
matrix_in_private_ns "$0" "$@"

major=$1
out=$2
suite=$(matrix_suite "$major")
extra=$(matrix_extra_suite "$major")
packages="build-essential postgresql-$major postgresql-server-dev-$major libipc-run-perl strace"
packages+=" debhelper postgresql-server-dev-all"
# the major pg_upgrade starts from (test/matrix/pg-upgrade.sh), from the suite
if old=$(matrix_upgrade_from "$major"); then
	packages+=" postgresql-$old postgresql-server-dev-$old"
fi
pinning="Package: src:postgresql-$major
Pin: release a=$extra
Pin-Priority: 990"
key_text="suite=$suite
extra=$extra
pinning=$pinning
mirror=$matrix_mirror
packages=$packages
script=$(sha256sum <"$0" | cut -d' ' -f1)"
key=$(matrix_hash <<<"$key_text")
base="$matrix_cache/chroot"
entry="$base/$major-$suite+$extra-$key"
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

# The suite and the extra one.  experimental's Release file says
# NotAutomatic (priority 1: nothing comes from it unless asked); the pin
# raises the binary packages of the postgresql-MAJOR source above sid's, so
# their newest version is installed and everything else stays sid's.
{
	echo "deb $matrix_mirror $suite main"
	echo "deb $matrix_mirror $extra main"
} >"$entry/etc/apt/sources.list"
printf '%s\n' "$pinning" >"$entry/etc/apt/preferences.d/uuid-seq-matrix"
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

matrix_say "PostgreSQL $major: apt-get install $packages ($extra pinned for src:postgresql-$major)"
in_root apt-get update -qq ||
	matrix_fail "$major" "chroot (apt-get update, $suite and $extra)" "see the messages above"
in_root apt-get install -y -qq --no-install-recommends $packages >/dev/null ||
	matrix_fail "$major" "chroot (apt-get install $packages, $suite and $extra)" "see the messages above"
# What came from where (in the provision log): the versions installed, and
# the pin at work.
in_root dpkg-query -W -f '${Package} ${Version}\n' "postgresql-$major" "postgresql-server-dev-$major" ${old:+"postgresql-$old"} \
	libpq5 libpq-dev
in_root apt-cache policy "postgresql-$major"

in_root apt-get clean
rm -rf "$entry/var/lib/apt/lists"/*
umount "$entry/proc"
printf '%s\n' "$key_text" >"$entry/.uuid_seq-matrix-key"
touch "$entry/$matrix_stamp"
matrix_say "PostgreSQL $major: chroot $entry ready"
echo "$entry" >"$out"

matrix_remove_outdated "$entry"
