#!/bin/bash
# The whole test suite, from a fresh Debian 12 machine (run as root):
#   1. packages with apt-get (test/install-deps.sh), build, install
#   2. unit tests of the pure core (no server), also under ASan+UBSan and
#      valgrind, and a bounded libFuzzer run of its harnesses
#   3. pg_regress + isolation against a throwaway server preloading uuid_seq
#   4. TAP tests (their own servers: without preload, with preload, ...)
#   5. Citus: build it (cached, test/citus/build.sh) and run its TAP test
#      (test/citus/t/: a coordinator and workers); skipped without the
#      Citus source in ../shared/vendor
#   6. the Debian package (test/deb-check.sh): build, install, test the .deb;
#      last, as its files replace the ones `make install` put there
# Servers refuse to run as root, so as root the TAP tests run as the
# postgres user on a copy of the tree it owns.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

step() { printf '\n==== %s ====\n' "$*"; }

step "dependencies"
bash test/install-deps.sh

step "build and install"
make -s clean
make -s
make -s install

step "unit tests"
make -s unit
make -s unit-sanitize
make -s unit-valgrind

step "fuzzing (${FUZZ_SECONDS:=15} s per harness)"
make -s fuzz FUZZ_SECONDS="$FUZZ_SECONDS" >test/fuzz/fuzz.log 2>&1 || {
	tail -50 test/fuzz/fuzz.log
	exit 1
}
grep -E '^Done' test/fuzz/fuzz.log

step "regression and isolation tests (preloaded)"
pg_virtualenv -t -o shared_preload_libraries=uuid_seq make installcheck TAP_TESTS= || {
	cat regression.diffs output_iso/regression.diffs 2>/dev/null
	exit 1
}

# make_unprivileged TARGET: make TARGET, as root as the postgres user on a
# copy of the tree it owns.
make_unprivileged()
{
	if [[ $(id -u) -eq 0 ]]; then
		local tap
		tap=$(mktemp -d /tmp/uuid_seq_tap.XXXXXX)
		cp -a "$top/." "$tap"
		chown -R postgres: "$tap"
		runuser -u postgres -- make -C "$tap" "$1"
		rm -rf "$tap"
	else
		make "$1"
	fi
}

step "TAP tests"
make_unprivileged prove

step "Citus (sharding)"
bash test/citus/build.sh
if [[ -e $(pg_config --pkglibdir)/citus.so ]]; then
	make_unprivileged prove-citus
fi

step "Debian package"
bash test/deb-check.sh

step "all tests passed"
