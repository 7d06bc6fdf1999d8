#!/bin/bash
# test/bench/pgedge-snowflake.sh: builds pgEdge's snowflake extension 2.6.0
# from ../shared/vendor (or finds the build in the cache) and installs it into
# the server that pg_config names, for the side-by-side figures of
# 15_id64.sql and 50_inserts.sh (`snowflake.nextval()`).  run.sh calls
# it first; it is never part of the test suite, and its code is never in this
# repository.
#
# Built once per cache entry, $UUID_SEQ_MATRIX_CACHE/pgedge-snowflake-<key>
# (default /var/cache/uuid_seq-matrix), with `make USE_PGXS=1 install
# DESTDIR=<entry>/root`; every run copies the server's part of that tree into
# the server's directories.  The key is the archive's SHA-256, this file's own
# contents and the server's version and library directory; cache, locks and
# stamp as test/citus/build.sh's.
#
# Without the archive, or when not root (and pgEdge's extension not already
# installed), it prints one line and exits 0; the benchmarks then leave
# snowflake.nextval() out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/test/matrix/lib.sh"

version=2.6.0
archive=$(realpath -m "$top/../shared/vendor/pgedge-snowflake-$version.tar.xz")
pg_config=${PG_CONFIG:-pg_config}
sharedir=$("$pg_config" --sharedir)

say() { printf 'pgedge-snowflake: %s\n' "$*"; }
fail() {
	printf 'pgedge-snowflake: %s failed: %s\n' "$1" "$2" >&2
	exit 1
}

if [[ ! -r $archive ]]; then
	say "skipped: $archive not found (no snowflake.nextval() in the benchmarks)"
	exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
	if [[ -e $sharedir/extension/snowflake--2.5.0--2.6.0.sql ]]; then
		say "not root: using the snowflake extension already installed"
	else
		say "skipped: not root, cannot install into $("$pg_config" --pkglibdir)"
	fi
	exit 0
fi

key_text="archive_sha256=$(sha256sum <"$archive" | cut -d' ' -f1)
script=$(sha256sum <"$0" | cut -d' ' -f1)
server=$("$pg_config" --version) $("$pg_config" --pkglibdir)"
key=$(matrix_hash <<<"$key_text")
entry="$matrix_cache/pgedge-snowflake-$key"
mkdir -p "$matrix_cache"
chmod 755 "$matrix_cache"

build_entry()
{
	local build="$entry.build"
	local tool
	for tool in make cc; do
		command -v $tool >/dev/null || fail "build" "$tool is not installed (bash tools/install-deps.sh)"
	done
	rm -rf "$entry" "$build"
	mkdir -p "$build"
	trap 'rm -rf "$build"' EXIT
	say "building pgEdge snowflake $version into $entry"
	tar -xf "$archive" -C "$build" --strip-components=1 || fail "build (unpack)" "see the messages above"
	make -s -C "$build" USE_PGXS=1 PG_CONFIG="$pg_config" install DESTDIR="$entry/root" \
		>"$build/make.log" 2>&1 || {
		tail -30 "$build/make.log"
		fail "build (make install)" "see the messages above"
	}
	[[ -e $entry/root$("$pg_config" --pkglibdir)/snowflake.so ]] || fail "build" "snowflake.so was not installed"
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
matrix_install_entry "$entry" "$("$pg_config" --pkglibdir)" "$sharedir" ||
	fail "install" "copying from $entry"
say "installed pgEdge snowflake $version into $("$pg_config" --pkglibdir)"

matrix_remove_outdated "$entry"
