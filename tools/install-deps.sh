#!/bin/bash
# Installs what building and testing uuid_seq needs on Debian 12 (as root):
# the PostgreSQL 15 server and headers, the TAP test modules, a C toolchain,
# clang's libFuzzer and sanitizer runtimes, valgrind, strace (the durability
# TAP test traces the server's fsyncs), for the version matrix
# (test/matrix/matrix.sh) debootstrap and the parser generators a PostgreSQL source
# build needs, and for building Citus against the server's headers
# (test/citus/build.sh) the lz4, zstd and GSSAPI headers, and debhelper with
# its pgxs addon (postgresql-server-dev-all) for the Debian package of 15
# (test/package/deb-check.sh), and the client libraries test/clients/ runs:
# psycopg 3, psycopg2, SQLAlchemy, pgjdbc and a JDK, and Node.js with npm
# unless a node is already there (CI's is Node 20, NodeSource's package),
# and postgres_exporter, which test/t/021_monitoring.pl runs on
# docs/monitoring/postgres_exporter.yaml.
# Set UUID_SEQ_SKIP_APT=1 to skip (packages already there, or not root).
set -euo pipefail
[[ -n "${UUID_SEQ_SKIP_APT:-}" ]] && exit 0
if [[ $(id -u) -ne 0 ]]; then
	echo "install-deps: not root, skipping apt-get (set UUID_SEQ_SKIP_APT=1 to silence)" >&2
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get -o Acquire::Retries=3 update -qq
apt-get -o Acquire::Retries=3 install -y -qq --no-install-recommends \
	build-essential ca-certificates debhelper postgresql-server-dev-all \
	postgresql-15 postgresql-server-dev-15 postgresql-contrib \
	libipc-run-perl clang libclang-rt-14-dev valgrind strace \
	debootstrap debian-archive-keyring gpgv xz-utils bison flex zlib1g-dev \
	liblz4-dev libzstd-dev libkrb5-dev \
	python3-psycopg python3-psycopg2 python3-sqlalchemy \
	libpostgresql-jdbc-java default-jdk-headless \
	prometheus-postgres-exporter >/dev/null
# The package enables a service that would listen on :9187 on every
# interface where systemd runs; the test starts its own exporter.
if command -v systemctl >/dev/null && [[ -d /run/systemd/system ]]; then
	systemctl disable --now prometheus-postgres-exporter >/dev/null 2>&1 || true
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	apt-get -o Acquire::Retries=3 install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
