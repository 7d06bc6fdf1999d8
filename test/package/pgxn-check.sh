#!/bin/bash
# The PGXN distribution check (no server, no root): runs `make dist`, unpacks
# uuid_seq-<version>.zip in a temporary directory and checks that it holds
# one directory uuid_seq-<version>/ with exactly the files committed at HEAD,
# then validates its META.json against the PGXN Meta Spec 1.0.0 and the rest
# of the distribution (test/package/pgxn-meta.pl says what).  One line per
# failure and a non-zero exit on any.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

if ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
	echo "pgxn-check: not a git checkout (make dist archives HEAD), skipped" >&2
	exit 0
fi

work=$(mktemp -d /tmp/uuid_seq_pgxn.XXXXXX)
trap 'rm -rf "$work"' EXIT

make -s dist >"$work/dist.out" 2>"$work/dist.err" || {
	cat "$work/dist.out" "$work/dist.err"
	echo "pgxn-check: FAIL: make dist"
	exit 1
}
zip=$(tail -1 "$work/dist.out")
if [[ ! $zip =~ ^[^/]+\.zip$ || ! -f $zip ]]; then
	echo "pgxn-check: FAIL: make dist made no zip (it printed \"$zip\")"
	exit 1
fi
mv "$zip" "$work/"
echo "pgxn-check: make dist: $zip ($(stat -c %s "$work/$zip") bytes)"

mkdir "$work/unpacked"
unzip -q "$work/$zip" -d "$work/unpacked"
tops=$(ls -A "$work/unpacked")
if [[ $tops != "${zip%.zip}" ]]; then
	echo "pgxn-check: FAIL: the zip's top level is \"$(echo $tops)\", not ${zip%.zip}/ alone"
	exit 1
fi
dist="$work/unpacked/${zip%.zip}"

# exactly HEAD's files (git archive: nothing uncommitted, ignored or built)
if ! diff <(git ls-tree -r --name-only HEAD | sort) \
	<(cd "$dist" && find . ! -type d | sed 's|^\./||' | sort) >"$work/files.diff"; then
	sed -n 's/^</pgxn-check: FAIL: committed, not in the zip:/p; s/^>/pgxn-check: FAIL: in the zip, not committed:/p' \
		"$work/files.diff"
	exit 1
fi

perl "$top/test/package/pgxn-meta.pl" "$dist" "$zip"
