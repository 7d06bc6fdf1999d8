#!/bin/bash
# The README's examples as a test: runs every ```sql block of README.md top
# to bottom, then those of every docs/*.md that has one, against a throwaway
# server preloading uuid_seq (pg_virtualenv), and compares each output with
# the file (test/readme/readme-check.pl describes the conventions).  Each file gets
# fresh databases of its own, so its blocks may depend on its earlier blocks
# only.  Fails if any file fails; the last line sums every file's counts.
# Needs `make install` first, as root (it also puts a stand-in pg_uuidv7
# into the server's extension directory for the migration example, unless a
# real one is installed, and removes it after).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
ext=$(pg_config --sharedir)/extension
standin=
if [[ ! -e $ext/pg_uuidv7.control ]]; then
	cp test/readme/pg_uuidv7.control test/readme/pg_uuidv7--1.6.sql "$ext/"
	standin=1
fi
summary=$(mktemp)
cleanup() {
	[[ -z $standin ]] || rm -f "$ext/pg_uuidv7.control" "$ext/pg_uuidv7--1.6.sql"
	rm -f "$summary"
}
trap cleanup EXIT
files=(README.md)
for f in docs/*.md; do
	if grep -q '^[[:space:]]*```sql[[:space:]]*$' "$f"; then files+=("$f"); fi
done
status=0
pg_virtualenv -t -o shared_preload_libraries=uuid_seq \
	bash -c 'set -o pipefail; status=0
		for f in "${@:2}"; do
			perl test/readme/readme-check.pl "$f" | tee -a "$1" || status=1
		done
		exit $status' _ "$summary" "${files[@]}" || status=1
# one line summing the files' summary lines (the numbers in their order)
awk -v files=${#files[@]} '/^readme-check [^:]*: [0-9]+ blocks/ {
		sub(/^[^:]*: /, ""); n = split($0, w, /[^0-9]+/); k = 0
		for (i = 1; i <= n; i++) if (w[i] != "") s[++k] += w[i]
	}
	END { printf "readme-check: %d files, %d blocks (%d skipped), %d statements: %d compared exactly, %d by shape (e.g.), %d intentional errors, %d run without a shown output; %d failed\n", files, s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8] }' "$summary"
exit $status
