#!/bin/bash
# Builds and installs uuid_seq, starts a throwaway server with the library
# preloaded, and runs a short demo against it (run as root on Debian 12).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
make -s
make -s install
exec pg_virtualenv -t -o shared_preload_libraries=uuid_seq \
	psql -X -v ON_ERROR_STOP=1 -f tools/demo.sql
