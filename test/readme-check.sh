#!/bin/bash
# The README's examples as a test: runs every ```sql block of README.md top
# to bottom against a throwaway server preloading uuid_seq (pg_virtualenv)
# and compares each output with the README (test/readme-check.pl describes
# the conventions).  Needs `make install` first, as root (it also puts a
# stand-in pg_uuidv7 into the server's extension directory for the
# migration example, unless a real one is installed, and removes it after).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ext=$(pg_config --sharedir)/extension
standin=
if [[ ! -e $ext/pg_uuidv7.control ]]; then
	cp "$top/test/readme/pg_uuidv7.control" "$top/test/readme/pg_uuidv7--1.6.sql" "$ext/"
	standin=1
fi
cleanup() {
	[[ -z $standin ]] || rm -f "$ext/pg_uuidv7.control" "$ext/pg_uuidv7--1.6.sql"
}
trap cleanup EXIT
pg_virtualenv -t -o shared_preload_libraries=uuid_seq \
	perl "$top/test/readme-check.pl" "$top/README.md"
