#!/bin/bash
# The whole test suite, from a fresh Debian 12 machine (run as root):
#   0. the release's version in the control file, CHANGELOG.md,
#      debian/changelog, META.json and SECURITY.md, before anything else
#      (test/package/versions-check.pl, its --self-test first), and the
#      released install and update scripts unchanged
#      (test/package/frozen-check.pl, its --self-test first)
#   1. packages with apt-get (tools/install-deps.sh), build, install
#   2. unit tests of the pure core (no server), also under ASan+UBSan and
#      valgrind, and a bounded libFuzzer run of its harnesses
#   3. the README: src/README's map of files, family table and settings
#      against the tree (test/readme/design-check.pl, before any server),
#      then every SQL example, in order, on a throwaway preloaded server and
#      its outputs compared (test/readme/readme-check.sh)
#   4. client libraries (test/clients/run.sh): psycopg 3, psycopg2,
#      SQLAlchemy, node-postgres, knex (npm ci from the lock file) and JDBC
#      against a throwaway PostgreSQL 15 preloading uuid_seq, every kind of
#      key through each of them, the recipes of docs/clients.md; the facade
#      ports of docs/facade.md (JavaScript, Python, Java) against the
#      server's facades and the UUIDv47 reference's vectors
#   5. the version matrix (test/matrix/matrix.sh): for every PostgreSQL major from
#      13 to 19 (15 is this machine's, the others come from Debian chroots
#      and vendored sources), a build without warnings, pg_regress +
#      isolation against a throwaway server preloading uuid_seq, and every
#      TAP test (their own servers: without preload, with preload, ...);
#      on 18 the restore of a dump made on 15, on 19 pg_upgrade from 18;
#      on every Debian-packaged major (13, 15, 17, 18, 19) its .deb built
#      and installed (test/package/deb-check.sh; kept in matrix_log/debs/)
#      for that suite to test, 15's autopkgtest too; a summary table at
#      the end
#   6. the upgrade day with the packages (test/package/deb-upgrade.sh, as
#      root): 1.2.1's package (built once, cached) under a running cluster
#      preloading it, this machine's package of step 5 installed over it,
#      then docs/operations.md's runbook, the page's every-database script
#      included; this tree's package stays installed
#   7. the last release (test/release/t/): 1.2.1, built from its commit,
#      and this build on one data directory, and as primary and standby of
#      each other: the frontier file and the lease records read both ways,
#      byte for byte the same for the same state; the upgrade day: this
#      build installed over 1.2.1 (and 1.1.0) while the server runs, the
#      update refused until a restart, then done, keeping every object,
#      grant and frontier (this machine's major)
#   8. Citus: build it (cached, test/citus/build.sh) and run its TAP test
#      (test/citus/t/: a coordinator and workers); skipped without the
#      Citus source in ../shared/vendor
#   9. the PGXN zip (test/package/pgxn-check.sh: make dist, META.json)
# (The Debian packages are built and tested in step 5, each major's in its
# own root; test/package/deb-check.sh alone does 15's on this machine.)
# Servers refuse to run as root, so they run as the postgres user on a copy
# of the tree it owns.  Not as root, step 5 runs on this machine's server
# only (pg_regress, isolation, TAP).
# As root, the suite runs on the checkout as postgres cannot reach it (a
# clone in /root): bind-mounted under a fresh mktemp -d of mode 0700, in a
# mount namespace of its own, so that a step that makes postgres read the
# checkout fails, wherever the checkout is.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
if [[ $(id -u) -eq 0 && -z ${UUID_SEQ_HIDDEN_TOP:-} ]]; then
	hide=$(mktemp -d /tmp/uuid_seq_hidden.XXXXXX)
	trap 'rm -f "$hide/shared"; rmdir "$hide/uuid_seq" "$hide"' EXIT
	mkdir "$hide/uuid_seq"
	[[ ! -d $top/../shared ]] || ln -s "$(cd "$top/../shared" && pwd)" "$hide/shared"
	UUID_SEQ_HIDDEN_TOP="$hide/uuid_seq" unshare --mount --propagation private bash -c \
		'mount --bind "$1" "$UUID_SEQ_HIDDEN_TOP" && exec bash "$UUID_SEQ_HIDDEN_TOP/tools/run-all.sh"' \
		run-all "$top"
	exit
fi
cd "$top"

step() { printf '\n==== %s ====\n' "$*"; }

step "the release's version in every file (test/package/versions-check.pl)"
perl test/package/versions-check.pl --self-test
perl test/package/versions-check.pl

step "released scripts unchanged (test/package/frozen-check.pl)"
perl test/package/frozen-check.pl --self-test
perl test/package/frozen-check.pl

step "dependencies"
bash tools/install-deps.sh

step "build and install"
make -s clean
make -s
make -s install

step "unit tests"
make -s unit
make -s unit-sanitize
make -s unit-valgrind

step "fuzzing (${FUZZ_SECONDS:=10} s per harness)"
make -s -j"$(nproc)" fuzz FUZZ_SECONDS="$FUZZ_SECONDS"

step "README examples (test/readme/readme-check.sh)"
bash test/readme/readme-check.sh

step "client libraries (test/clients/run.sh)"
# pg_virtualenv runs the server as postgres (as root) on a cluster of its
# own; the clients run as the caller, from a copy of test/clients/
pg_virtualenv -v 15 -t -o shared_preload_libraries=uuid_seq bash test/clients/run.sh

step "version matrix: PostgreSQL 13 to 19"
if [[ $(id -u) -eq 0 ]]; then
	bash test/matrix/matrix.sh
else
	# chroots and other majors need root: this machine's server alone
	pg_virtualenv -t -o shared_preload_libraries=uuid_seq make installcheck TAP_TESTS= || {
		cat regression.diffs output_iso/regression.diffs 2>/dev/null
		exit 1
	}
	make prove
fi

# prove_apart TARGET: the TAP tests outside test/t/ (make TARGET), as root
# on a copy of the checkout that postgres owns (its history included).
prove_apart()
{
	if [[ $(id -u) -eq 0 ]]; then
		local tap
		tap=$(mktemp -d "/tmp/uuid_seq_$1.XXXXXX")
		cp -a "$top/." "$tap"
		chown -R postgres: "$tap"
		(cd / && runuser -u postgres -- make -C "$tap" "$1")
		rm -rf "$tap"
	else
		make "$1"
	fi
}

step "the upgrade day with the packages: this one installed over 1.2.1's, the server running"
bash test/package/deb-upgrade.sh

step "the last release: 1.2.1 and this build on the same data, the upgrade day"
prove_apart prove-release

step "Citus (sharding)"
bash test/citus/build.sh
if [[ -e $(pg_config --pkglibdir)/citus.so ]]; then
	prove_apart prove-citus
fi

step "PGXN distribution"
bash test/package/pgxn-check.sh

step "all tests passed"
