#!/bin/bash
# test/citus/build.sh: builds Citus from ../shared/vendor (or finds the build
# in the cache) and installs it into the server that pg_config names, for the
# Citus TAP test (test/citus/t/).  Run as root, like tools/run-all.sh.
#
# Citus is built once per cache entry, $UUID_SEQ_MATRIX_CACHE/citus-<key>
# (default /var/cache/uuid_seq-matrix), with `make install DESTDIR=<entry>/root`;
# every run then copies the server's part of that tree (library directory,
# extension scripts; not the headers) into the server's directories.  The key
# is the archive's and the patch's SHA-256, the configure flags, this file's
# own contents and the server's version and library directory.  The entry is
# complete once its stamp exists; it is built under an exclusive lock and
# copied from under a shared one (test/matrix/lib.sh).
#
# Without the Citus source in ../shared/vendor, or when not root, it prints
# one line and exits 0; the TAP test then skips unless Citus is installed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/test/matrix/lib.sh"

citus_version=13.2.2
vendor=$(realpath -m "$top/../shared/vendor")
archive="$vendor/citus-$citus_version.tar.xz"
patch="$vendor/citus-$citus_version-pg15-createdb.patch"
pg_config=${PG_CONFIG:-pg_config}
configure_flags="--without-libcurl"

say() { printf 'citus: %s\n' "$*"; }
fail() {
	printf 'citus: %s failed: %s\n' "$1" "$2" >&2
	exit 1
}

if [[ ! -r $archive ]]; then
	say "skipped: $archive not found (no Citus build, no Citus tests)"
	exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
	say "skipped: not root, cannot install into $("$pg_config" --pkglibdir)"
	exit 0
fi
[[ -r $patch ]] || fail "build" "$patch not found"

key_text="archive_sha256=$(sha256sum <"$archive" | cut -d' ' -f1)
patch_sha256=$(sha256sum <"$patch" | cut -d' ' -f1)
configure=$configure_flags
script=$(sha256sum <"$0" | cut -d' ' -f1)
server=$("$pg_config" --version) $("$pg_config" --pkglibdir)"
key=$(matrix_hash <<<"$key_text")
entry="$matrix_cache/citus-$key"
mkdir -p "$matrix_cache"
chmod 755 "$matrix_cache"

build_entry()
{
	local build="$entry.build" tool
	for tool in make cc patch; do
		command -v $tool >/dev/null || fail "build" "$tool is not installed (bash tools/install-deps.sh)"
	done
	rm -rf "$entry" "$build"
	mkdir -p "$build"
	trap 'rm -rf "$build"' EXIT
	say "building Citus $citus_version into $entry"
	tar -xf "$archive" -C "$build" --strip-components=1 || fail "build (unpack)" "see the messages above"
	cd "$build"
	patch -s -p1 <"$patch" || fail "build (patch)" "${patch##*/} does not apply"
	# shellcheck disable=SC2086
	./configure -q $configure_flags PG_CONFIG="$pg_config" >configure.log 2>&1 || {
		tail -30 configure.log
		fail "build (configure)" "see the messages above"
	}
	make -s -j"$(nproc)" >make.log 2>&1 || {
		grep -E 'error|Error' make.log | tail -30
		fail "build (make)" "see the messages above"
	}
	make -s install DESTDIR="$entry/root" >install.log 2>&1 || {
		tail -30 install.log
		fail "build (make install)" "see the messages above"
	}
	[[ -e $entry/root$("$pg_config" --pkglibdir)/citus.so ]] || fail "build" "citus.so was not installed"
	cd /
	rm -rf "$build"
	trap - EXIT
	matrix_entry_complete "$entry" "$key_text"
	say "build $entry ready"
}

(
	matrix_lock "$entry.lock" -x
	if [[ -e $entry/$matrix_stamp ]]; then
		say "build $entry (cached)"
	else
		build_entry
	fi
)

# Install, under a shared lock so that no run removes or rebuilds the entry
# meanwhile.
matrix_install_entry "$entry" "$("$pg_config" --pkglibdir)" "$("$pg_config" --sharedir)" ||
	fail "install" "copying from $entry"
say "installed Citus $citus_version into $("$pg_config" --pkglibdir)"

matrix_remove_outdated "$entry"
