#!/bin/bash
# The Debian package check (as root, after tools/install-deps.sh): installs the
# build dependencies named in debian/control, builds the .deb with
# dpkg-buildpackage on a copy of the tree (whose own build-time test runs the
# regression and isolation tests against the built files), installs it with
# dpkg -i, and runs the autopkgtest debian/tests/installcheck against the
# installed package.  The package stays installed: its files replace the ones
# `make install` put in the same directories.
# Set UUID_SEQ_SKIP_APT=1 when the build dependencies are already installed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

if [[ $(id -u) -ne 0 ]]; then
	echo "deb-check: not root (apt-get, dpkg -i), skipped" >&2
	exit 0
fi

work=$(mktemp -d /tmp/uuid_seq_deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
# The build-time test's server runs as postgres and must read the built files
# in debian/<package>/; unreadable, it would load the ones installed system-wide.
# cp -a keeps the checkout's modes, which may keep postgres out (a checkout
# in a directory of mode 0700): the copy is made readable.
chmod 755 "$work"
tree="$work/uuid-seq"
cp -a "$top/." "$tree"
chmod -R a+rX "$tree"

if [[ -z "${UUID_SEQ_SKIP_APT:-}" ]]; then
	DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -qq "$tree" >/dev/null
fi

echo "deb-check: dpkg-buildpackage -us -uc -b"
(cd "$tree" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1 || {
	tail -100 "$work/build.log"
	exit 1
}
grep -E '^test |tests passed|building package' "$work/build.log"

debs=("$work"/postgresql-*-uuid-seq_*.deb)
echo "deb-check: dpkg -i ${debs[*]##*/}"
dpkg -i "${debs[@]}" >/dev/null

echo "deb-check: debian/tests/installcheck (the installed package)"
(cd "$tree" && debian/tests/installcheck) >"$work/installcheck.log" 2>&1 || {
	tail -100 "$work/installcheck.log"
	exit 1
}
grep -E '^# |^### PostgreSQL|^test |tests passed' "$work/installcheck.log"
for deb in "${debs[@]}"; do
	dpkg-query -W -f 'deb-check: ${Package} ${Version} installed, its tests passed\n' \
		"$(dpkg-deb -f "$deb" Package)"
done
