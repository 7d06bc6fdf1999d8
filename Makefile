# uuid_seq: PGXS build.  `make installcheck` runs regress, isolation and TAP
# tests against a running server; test/run-all.sh runs the whole suite.

MODULE_big = uuid_seq
OBJS = \
	src/core/frontier.o \
	src/core/frontier_file.o \
	src/core/rfc9562.o \
	src/generator.o \
	src/guc.o \
	src/persist.o \
	src/timeconv.o \
	src/random.o \
	src/shmem.o \
	src/state_funcs.o \
	src/uuid_seq.o \
	src/v7_funcs.o
PGFILEDESC = "uuid_seq - time-ordered UUIDv7, COMB and ULID keys"

EXTENSION = uuid_seq
DATA = sql/uuid_seq--1.0.sql

PG_CPPFLAGS = -I$(srcdir)/src

REGRESS = v7_state v7
ISOLATION = v7_shared_frontier
ISOLATION_OPTS = --inputdir=test
TAP_TESTS = 1
PROVE_TESTS = $(wildcard test/t/*.pl)

EXTRA_CLEAN = test/unit/run_unit_tests test/output_iso

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# The TAP tests alone (they start their own servers; run as a non-root user).
# 001_no_preload.pl reruns REGRESS against a server without preload.
export UUID_SEQ_REGRESS = $(REGRESS)
.PHONY: prove
prove:
	$(prove_installcheck)

# The pure core's unit tests: plain $(CC), no server.
UNIT_SRCS = $(wildcard test/unit/*.c) src/core/frontier.c src/core/frontier_file.c \
	src/core/rfc9562.c
test/unit/run_unit_tests: $(UNIT_SRCS) $(wildcard src/core/*.h) test/unit/unit.h
	$(CC) -std=c11 -O1 -g -Wall -Wextra -Werror -I$(srcdir)/src/core \
		-o $@ $(UNIT_SRCS) $(UNIT_CFLAGS)

.PHONY: unit
unit: test/unit/run_unit_tests
	test/unit/run_unit_tests
