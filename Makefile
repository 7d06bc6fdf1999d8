# uuid_seq: PGXS build.  `make installcheck` runs regress, isolation and TAP
# tests against a running server; tools/run-all.sh runs the whole suite.
# Builds in the tree or out of it (pg_buildext: make -f <srcdir>/Makefile
# VPATH=<srcdir> in build-<version>/), so source paths go through $(srcdir).

MODULE_big = uuid_seq
OBJS = \
	src/core/allocator.o \
	src/core/clock_shift.o \
	src/core/comb.o \
	src/core/crockford.o \
	src/core/facade.o \
	src/core/frontier_format.o \
	src/core/guid_bytes.o \
	src/core/id64.o \
	src/core/objectid.o \
	src/core/ksuid.o \
	src/core/raise_plan.o \
	src/core/registry.o \
	src/core/rfc9562.o \
	src/core/shared_head.o \
	src/core/siphash.o \
	src/core/sqlserver_order.o \
	src/core/typeid.o \
	src/core/ulid.o \
	src/core/uuidv6.o \
	src/funcs/comb_funcs.o \
	src/funcs/facade_funcs.o \
	src/funcs/guid_funcs.o \
	src/funcs/id64_funcs.o \
	src/funcs/objectid_funcs.o \
	src/funcs/ksuid_funcs.o \
	src/funcs/raise_frontier.o \
	src/funcs/raise_frontiers.o \
	src/funcs/sqlserver_ops.o \
	src/funcs/state_funcs.o \
	src/funcs/typeid_funcs.o \
	src/funcs/ulid_funcs.o \
	src/funcs/ulid_type.o \
	src/funcs/uuid_minmax.o \
	src/funcs/v6_funcs.o \
	src/funcs/v7_funcs.o \
	src/runtime/facade_key.o \
	src/runtime/family.o \
	src/runtime/frontier_cell.o \
	src/runtime/frontier_store.o \
	src/runtime/guc.o \
	src/runtime/lease.o \
	src/runtime/quote.o \
	src/runtime/raise_columns.o \
	src/runtime/raise_default.o \
	src/runtime/raise_read.o \
	src/runtime/random.o \
	src/runtime/shmem.o \
	src/runtime/timeconv.o \
	src/uuid_seq.o
PGFILEDESC = "uuid_seq - time-ordered UUIDv7, COMB, ULID, KSUID, ObjectId, TSID and Snowflake keys"

EXTENSION = uuid_seq
# every install and upgrade script (uuid_seq--1.0.sql, uuid_seq--1.0--1.1.sql, ...)
DATA = $(patsubst $(srcdir)/%,%,$(wildcard $(srcdir)/sql/uuid_seq--*.sql))
# and the direct updates to 1.3 from 1.0 and 1.1, made below in the build
# directory (by absolute names, which VPATH never finds in the source tree)
DATA_built = $(CURDIR)/uuid_seq--1.0--1.3.sql $(CURDIR)/uuid_seq--1.1--1.3.sql

# the module's version (PostgreSQL 18 shows it in pg_get_loaded_modules())
UUID_SEQ_VERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(srcdir)/uuid_seq.control)
PG_CPPFLAGS = -I$(srcdir)/src -DUUID_SEQ_VERSION='"$(UUID_SEQ_VERSION)"'
# export the SQL-callable functions, _PG_init and the magic block alone (compat.h)
PG_CFLAGS = -fvisibility=hidden

# Regression tests: test/regress/{sql,expected} (test/README).  setup
# creates the extension and stays first; upgrade drops and re-creates it and
# stays last.
REGRESS = setup v7_state v7 clock_shift ulid sqlserver_order comb comb_convert partition core_names typeid guid_bytes uuid_minmax id64 raise_frontier raise_frontiers edge_inputs facade objectid ulid_type v6 ksuid upgrade
REGRESS_OPTS = --inputdir=$(srcdir)/test/regress
# Isolation specs: test/isolation/{specs,expected}.  (Spec names are quoted:
# the spec parser of 14beta2 predates unquoted ones; expected/*_1.out hold
# its isolationtester's older table format.)
ISOLATION = v7_shared_frontier ulid_xact ulid_type_shared_frontier comb_shared_frontier id64_shared_frontier v6_shared_frontier ksuid_shared_frontier objectid_shared_frontier
ISOLATION_OPTS = --inputdir=$(srcdir)/test/isolation
TAP_TESTS = 1
# prove runs in $(srcdir)
PROVE_TESTS = $(patsubst $(srcdir)/%,%,$(wildcard $(srcdir)/test/t/*.pl))

EXTRA_CLEAN = test/unit/run_unit_tests test/fuzz/out output_iso .pg_build_stamp

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# The direct updates to 1.3: 1.2--1.3.sql's library check (its lines up to
# the end of its first statement, a DO block), the scripts of the chain,
# then the rest of 1.2--1.3.sql.  Through the chain, a server still running
# an older library (preloaded, not yet restarted) would stop at the first
# function of 1.1 or 1.2 that library lacks, with "could not find function";
# PostgreSQL takes the shortest path, so these run instead.  Made of frozen
# scripts, they are frozen too.
UPDATE_1_2_TO_1_3 = $(srcdir)/sql/uuid_seq--1.2--1.3.sql
$(CURDIR)/uuid_seq--1.0--1.3.sql: $(srcdir)/sql/uuid_seq--1.0--1.1.sql $(srcdir)/sql/uuid_seq--1.1--1.2.sql
$(CURDIR)/uuid_seq--1.1--1.3.sql: $(srcdir)/sql/uuid_seq--1.1--1.2.sql
$(DATA_built): $(UPDATE_1_2_TO_1_3)
	{ echo '/* $(@F): update of uuid_seq to 1.3 in one script (made by the Makefile) */' && \
	  sed -n '2,/^\$$\$$;$$/p' $(UPDATE_1_2_TO_1_3) && \
	  cat $(filter-out %/uuid_seq--1.2--1.3.sql,$^) && \
	  sed '1,/^\$$\$$;$$/d' $(UPDATE_1_2_TO_1_3); } >$@.tmp && mv $@.tmp $@

# PGXS tracks no header dependencies: rebuild every object when a header changes.
$(OBJS): $(wildcard $(srcdir)/src/*.h $(srcdir)/src/*/*.h)

# Nor does it notice another PostgreSQL: objects built for one major would be
# linked and installed for the next `make PG_CONFIG=...`, which then refuses
# the library ("incompatible library ... version mismatch").  PG_BUILD_STAMP
# records which PostgreSQL the objects were built for (pg_config --version,
# the server headers' directory and a checksum of their contents); it is
# rewritten, and every object rebuilt, only when that differs (an unchanged
# stamp is not even written: make install may run in a read-only tree).  It
# lives in the build directory (a VPATH build keeps its own).
PG_BUILD_STAMP = .pg_build_stamp
.PHONY: pg-build-stamp-check
pg-build-stamp-check:
$(PG_BUILD_STAMP): pg-build-stamp-check
	@for_pg=$$($(PG_CONFIG) --version && dir=$$($(PG_CONFIG) --includedir-server) && echo "$$dir" && \
		find "$$dir" -name '*.h' -type f -print0 | LC_ALL=C sort -z | xargs -0 cat | cksum) && \
	if [ "$$for_pg" != "$$(cat $@ 2>/dev/null)" ]; then printf '%s\n' "$$for_pg" >$@; fi
$(OBJS) $(OBJS:.o=.bc): $(PG_BUILD_STAMP)

# Out of the tree the object subdirectories must exist before compiling
# (made when an object is built, never while the Makefile is read).
.PHONY: object-dirs
object-dirs:
	@mkdir -p $(sort $(dir $(OBJS)))
$(OBJS) $(OBJS:.o=.bc): | object-dirs

# The TAP tests alone (they start their own servers; run as a non-root user).
# 001_no_preload.pl reruns REGRESS against a server without preload.
export UUID_SEQ_REGRESS = $(REGRESS)
.PHONY: prove
prove:
	$(prove_installcheck)

# The Citus TAP test (test/citus/t/): Citus installed (test/citus/build.sh).
# Apart from test/t/, which the version matrix runs on every major.
.PHONY: prove-citus
prove-citus: PROVE_TESTS = $(patsubst $(srcdir)/%,%,$(wildcard $(srcdir)/test/citus/t/*.pl))
prove-citus:
	$(prove_installcheck)

# The release tests (test/release/t/): uuid_seq 1.2.1 (and 1.1.0), built
# from its commit in this checkout's history (or UUID_SEQ_RELEASE_SRC), and
# this build on one data directory and as primary and standby of each
# other; the upgrade day, this build installed over a release under a
# running server.  Apart from test/t/: tools/run-all.sh runs them on this
# machine's major only.
.PHONY: prove-release
prove-release: PROVE_TESTS = $(patsubst $(srcdir)/%,%,$(wildcard $(srcdir)/test/release/t/*.pl))
prove-release:
	$(prove_installcheck)

# The pure core's unit tests: plain $(CC), no server (from a VPATH build
# too: sources from $(srcdir), the binary in the build directory).
CORE_SRCS = $(wildcard $(srcdir)/src/core/*.c)
CORE_HDRS = $(wildcard $(srcdir)/src/core/*.h)
UNIT_SRCS = $(wildcard $(srcdir)/test/unit/*.c) $(CORE_SRCS)
test/unit/run_unit_tests: $(UNIT_SRCS) $(CORE_HDRS) $(wildcard $(srcdir)/test/unit/*.h)
	@mkdir -p test/unit
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Wno-unused-parameter -Werror -I$(srcdir)/src/core \
		-DUNIT_FIXTURE_DIR='"$(srcdir)/test/unit/fixtures"' \
		-DUNIT_VECTOR_DIR='"$(srcdir)/../shared/vectors"' \
		-o $@ $(UNIT_SRCS) $(UNIT_CFLAGS)

.PHONY: unit unit-sanitize unit-valgrind
unit: test/unit/run_unit_tests
	$<

# The same tests under AddressSanitizer + UndefinedBehaviorSanitizer, and valgrind.
unit-sanitize:
	rm -f test/unit/run_unit_tests
	$(MAKE) unit CC=$(FUZZ_CC) \
		UNIT_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
	rm -f test/unit/run_unit_tests
unit-valgrind: test/unit/run_unit_tests
	valgrind -q --error-exitcode=1 --leak-check=full $<

# libFuzzer harnesses of the pure core (test/fuzz/fuzz_*.c), each run for
# FUZZ_SECONDS from its committed seed corpus test/fuzz/corpus/<name>/, its
# output in test/fuzz/out/<name>.log (shown when it fails); make -j runs
# several at once.  An input that runs longer than FUZZ_TIMEOUT seconds is a
# failure (a broken core can loop forever; -max_total_time is only checked
# between inputs).
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 10
FUZZ_TIMEOUT ?= 10
FUZZERS = $(patsubst $(srcdir)/test/fuzz/%.c,test/fuzz/out/%,$(wildcard $(srcdir)/test/fuzz/fuzz_*.c))
test/fuzz/out/%: $(srcdir)/test/fuzz/%.c $(CORE_SRCS) $(CORE_HDRS) $(wildcard $(srcdir)/test/unit/*.h)
	@mkdir -p test/fuzz/out
	$(FUZZ_CC) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-Wall -Wextra -Wno-unused-parameter -Werror \
		-I$(srcdir)/src/core -o $@ $< $(CORE_SRCS)

FUZZ_RUNS = $(FUZZERS:%=%.run)
.PHONY: fuzz $(FUZZ_RUNS)
fuzz: $(FUZZ_RUNS)
$(FUZZ_RUNS): %.run: %
	@name=$$(basename $<); mkdir -p test/fuzz/out/corpus-$$name; \
	$< -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -print_final_stats=1 \
		-artifact_prefix=test/fuzz/out/ \
		test/fuzz/out/corpus-$$name $(srcdir)/test/fuzz/corpus/$$name >$<.log 2>&1 || \
		{ tail -50 $<.log; echo "$$name failed (test/fuzz/out/$$name.log)"; exit 1; }; \
	echo "$$name: $$(grep -E '^Done' $<.log)"

# The PGXN distribution: uuid_seq-<version>.zip, <version> being META.json's
# (the distribution's semver), from `git archive` of HEAD, so committed files
# only, under uuid_seq-<version>/.  test/package/pgxn-check.sh validates it.
.PHONY: dist
dist:
	@git -C $(srcdir) rev-parse --verify -q HEAD >/dev/null || \
		{ echo "make dist: $(srcdir) is not a git checkout with a commit" >&2; exit 1; }
	@version=$$(git -C $(srcdir) show HEAD:META.json | \
		perl -MJSON::PP -0777 -ne 'print decode_json($$_)->{version} // ""') && \
	[ -n "$$version" ] || { echo "make dist: no version in HEAD's META.json" >&2; exit 1; }; \
	[ -z "$$(git -C $(srcdir) status --porcelain --untracked-files=no)" ] || \
		echo "make dist: uncommitted changes are left out (the zip is HEAD's)" >&2; \
	git -C $(srcdir) archive --format=zip --prefix=$(EXTENSION)-$$version/ \
		-o $(CURDIR)/$(EXTENSION)-$$version.zip HEAD && \
	echo "$(EXTENSION)-$$version.zip"
