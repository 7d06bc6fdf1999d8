#!/bin/bash
# test/matrix/pg-build.sh MAJOR OUTFILE: builds, or finds in the cache, the
# PostgreSQL MAJOR (14 or 16) that no Debian suite packages, from its source
# archive in ../shared/vendor, and writes the installation's path to OUTFILE.
# Owns how those servers are built: configure flags (TAP tests enabled, so
# the Perl test modules are installed and `make prove` really runs), the
# install, the contrib modules the tests load (amcheck; pgstattuple for
# 024_hash_partitions.pl's leaf density), and the checks that
# PGXS, pg_regress, the isolation tester and the TAP modules are all there.
#
# The cache key is the archive's SHA-256, the configure flags and this file's
# own contents.  The installation is relocatable: runs mount a copy-on-write
# view of it elsewhere and install uuid_seq there, so the cached tree stays as
# built.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/lib.sh"

major=$1
out=$2
archive="$top/../shared/vendor/$(matrix_archive "$major")"
[[ -r $archive ]] || matrix_fail "$major" "source build" "$archive not found"
configure_flags="--enable-tap-tests --without-icu --without-readline"
key_text="archive_sha256=$(sha256sum <"$archive" | cut -d' ' -f1)
configure=$configure_flags
script=$(sha256sum <"$0" | cut -d' ' -f1)"
key=$(matrix_hash <<<"$key_text")
base="$matrix_cache/pg"
entry="$base/$major-$key"
mkdir -p "$base"
chmod 755 "$matrix_cache" "$base"

matrix_lock "$entry.lock" -x
if [[ -e $entry/$matrix_stamp ]]; then
	matrix_say "PostgreSQL $major: build $entry (cached)"
	echo "$entry" >"$out"
	exit 0
fi

for tool in bison flex make cc perl; do
	command -v $tool >/dev/null ||
		matrix_fail "$major" "source build" "$tool is not installed (bash tools/install-deps.sh)"
done
perl -MIPC::Run -e 1 2>/dev/null ||
	matrix_fail "$major" "source build" "IPC::Run is not installed (libipc-run-perl)"

build="$entry.build"
rm -rf "$entry" "$build"
mkdir -p "$build"
trap 'rm -rf "$build"' EXIT

matrix_say "PostgreSQL $major: building ${archive##*/} into $entry"
tar -xf "$archive" -C "$build" --strip-components=1 ||
	matrix_fail "$major" "source build (unpack ${archive##*/})" "see the messages above"
cd "$build"
# shellcheck disable=SC2086
./configure -q --prefix="$entry" $configure_flags >configure.log 2>&1 || {
	tail -30 configure.log
	matrix_fail "$major" "source build (configure)" "see the messages above"
}
make -s -j"$(nproc)" >make.log 2>&1 || {
	grep -E 'error|Error' make.log | tail -30
	matrix_fail "$major" "source build (make)" "see the messages above"
}
{ make -s install && make -s -C contrib/amcheck install &&
	make -s -C contrib/pgstattuple install; } >install.log 2>&1 || {
	tail -30 install.log
	matrix_fail "$major" "source build (make install)" "see the messages above"
}

pg_config="$entry/bin/pg_config"
[[ -x $pg_config ]] || matrix_fail "$major" "source build" "$pg_config is missing"
pgxs=$(dirname "$(dirname "$(dirname "$("$pg_config" --pgxs)")")")
for f in "$entry/bin/postgres" "$entry/bin/initdb" "$entry/bin/psql" \
	"$("$pg_config" --pkglibdir)/amcheck.so" \
	"$("$pg_config" --pkglibdir)/pgstattuple.so" \
	"$pgxs/src/test/regress/pg_regress" \
	"$pgxs/src/test/isolation/pg_isolation_regress" \
	"$pgxs/src/test/isolation/isolationtester"; do
	[[ -e $f ]] || matrix_fail "$major" "source build" "$f is missing"
done
grep -q '^enable_tap_tests[[:space:]]*=[[:space:]]*yes' "$pgxs/src/Makefile.global" ||
	matrix_fail "$major" "source build" "PGXS says TAP tests are not enabled"
[[ -e $pgxs/src/test/perl/PostgresNode.pm || -e $pgxs/src/test/perl/PostgreSQL/Test/Cluster.pm ]] ||
	matrix_fail "$major" "source build" "the TAP test modules are not installed"

cd /
chmod -R a+rX "$entry"
printf '%s\n' "$key_text" >"$entry/.uuid_seq-matrix-key"
touch "$entry/$matrix_stamp"
matrix_say "PostgreSQL $major: build $entry ready"
echo "$entry" >"$out"

matrix_remove_outdated "$entry"
