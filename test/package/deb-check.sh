#!/bin/bash
# The Debian package check (as root): builds postgresql-<major>-uuid-seq with
# dpkg-buildpackage (debian/rules: pg_buildext) on a copy of the tree,
# installs it with dpkg -i, and (always without MAJOR, when asked with it)
# runs the autopkgtest debian/tests/installcheck against the installed
# package.  The package stays installed: its files replace the ones `make
# install` put in the same directories.
#
#   bash test/package/deb-check.sh               this machine's supported
#       majors (15 on Debian 12), after installing the build dependencies
#       named in debian/control (UUID_SEQ_SKIP_APT=1: already installed); the
#       build runs its own build-time test too
#   bash test/package/deb-check.sh MAJOR OUTDIR [autopkgtest]   MAJOR alone,
#       in the root it runs in, the .debs copied to OUTDIR: built and
#       installed, the autopkgtest run only when asked.  test/matrix/suite.sh
#       calls it so on every Debian-packaged major, in its chroot, whose
#       package list has debhelper and postgresql-server-dev-all (no apt-get,
#       no check of Build-Depends, whose postgresql-all would pull in every
#       supported major), and then runs the whole suite against the installed
#       package (regress, isolation, TAP), the autopkgtest on the host's
#       major only; the build-time test is left out (DEB_BUILD_OPTIONS=nocheck),
#       as the installed package's tests run the same suites
# The throwaway clusters of pg_buildext (pg_virtualenv) listen on localhost,
# which chroots share with the host: each major gets a port of its own.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
major=${1:-}
outdir=${2:-}
autopkgtest=${3:-}
[[ -z $autopkgtest || $autopkgtest == autopkgtest ]] || {
	echo "usage: bash test/package/deb-check.sh [MAJOR OUTDIR [autopkgtest]]" >&2
	exit 2
}
[[ -n $major ]] || autopkgtest=autopkgtest

if [[ $(id -u) -ne 0 ]]; then
	echo "deb-check: not root (apt-get, dpkg -i), skipped" >&2
	exit 0
fi

# say MESSAGE: a line of the log, after the seconds since the start.
say()
{
	printf 'deb-check: [%3d s] %s\n' "$SECONDS" "$*"
}

work=$(mktemp -d /tmp/uuid_seq_deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The build-time test's server runs as postgres and must read the built files
# in debian/<package>/; unreadable, it would load the ones installed system-wide.
# cp -a keeps the checkout's modes, which may keep postgres out (a checkout
# in a directory of mode 0700): the copy is made readable.
chmod 755 "$work"
tree="$work/uuid-seq"
mkdir "$tree"
tar -C "$top" --exclude=./.git --exclude=./matrix_log --exclude=./tmp_check --exclude='*.o' \
	--exclude='*.so' --exclude='*.bc' --exclude='./build-*' -cf - . | tar -C "$tree" -xf -
chmod -R a+rX "$tree"

build_flags=(-us -uc -b)
if [[ -n $major ]]; then
	# pg_buildext builds for debian/pgversions intersected with the
	# supported majors: this one alone, whatever the suite's default is.
	export PG_SUPPORTED_VERSIONS=$major
	export DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)"
	export PGPORT=$((55400 + major))
	build_flags+=(-d)
	(cd "$tree" && pg_buildext updatecontrol)
elif [[ -z "${UUID_SEQ_SKIP_APT:-}" ]]; then
	DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq "$tree" >/dev/null
fi

say "dpkg-buildpackage ${build_flags[*]}${DEB_BUILD_OPTIONS:+ (DEB_BUILD_OPTIONS=$DEB_BUILD_OPTIONS)}"
(cd "$tree" && dpkg-buildpackage "${build_flags[@]}") >"$work/build.log" 2>&1 || {
	tail -100 "$work/build.log"
	exit 1
}
grep -E '^test |tests passed|building package' "$work/build.log"

debs=("$work"/postgresql-*-uuid-seq_*.deb)
[[ -e ${debs[0]} ]] || {
	tail -30 "$work/build.log"
	echo "deb-check: no package was built" >&2
	exit 1
}
say "dpkg -i ${debs[*]##*/}"
# (a lock shared with whatever else installs uuid_seq on this machine)
DEBIAN_FRONTEND=noninteractive flock /tmp/uuid_seq-install.lock dpkg -i "${debs[@]}" >/dev/null

if [[ -n $autopkgtest ]]; then
	say "debian/tests/installcheck (the installed package)"
	(cd "$tree" && debian/tests/installcheck) >"$work/installcheck.log" 2>&1 || {
		tail -100 "$work/installcheck.log"
		exit 1
	}
	grep -E '^# |^### PostgreSQL|^test |tests passed' "$work/installcheck.log"
fi
for deb in "${debs[@]}"; do
	say "$(dpkg-query -W -f '${Package} ${Version}' "$(dpkg-deb -f "$deb" Package)") installed${autopkgtest:+, its tests passed}"
done
if [[ -n $outdir ]]; then
	mkdir -p "$outdir"
	cp "${debs[@]}" "$outdir/"
fi
