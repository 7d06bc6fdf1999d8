#!/bin/bash
# The README's examples as a test, after test/readme/design-check.pl (src/README
# against the tree, no server), test/readme/definer-check.pl (every
# SECURITY DEFINER function of the docs and sql/ sets search_path, pg_temp
# last), test/readme/message-check.pl (every message of src/ in
# PostgreSQL's style) and test/readme/majors-check.pl (what a page says a
# PostgreSQL major has links to docs/majors.md; none needs a server): runs every ```sql block of
# README.md top to bottom, then those of every docs/*.md that has one,
# against a throwaway server preloading uuid_seq (pg_virtualenv), and
# compares each output with the file (test/readme/readme-check.pl describes
# the conventions).  Each file gets fresh databases of its own, so its
# blocks may depend on its earlier blocks only.  Fails if any file fails;
# the last line sums every file's counts.
# Needs `make install` first, as root (it also puts a stand-in pg_uuidv7
# into the server's extension directory for the migration example, unless a
# real one is installed, and removes it after).
#
# PG_CONFIG=/path/to/pg_config tests another installation (a private one
# under /opt, say): the stand-in goes into its extension directory, and the
# throwaway server is started with its own initdb and pg_ctl, on a socket in
# a temporary directory, instead of with pg_virtualenv (which knows only
# Debian's layout).  As root that server runs as postgres.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# first, with no server: src/README's map, family table and settings, the
# search_path of every SECURITY DEFINER function of the docs and scripts,
# the style of every message, and every page's claims about PostgreSQL
# majors linked to docs/majors.md (each with its rules on planted cases
# first)
perl test/readme/design-check.pl
perl test/readme/definer-check.pl
perl test/readme/message-check.pl --self-test
perl test/readme/message-check.pl
perl test/readme/majors-check.pl --self-test
perl test/readme/majors-check.pl
ext=$("${PG_CONFIG:-pg_config}" --sharedir)/extension
standin=
if [[ ! -e $ext/pg_uuidv7.control ]]; then
	cp test/readme/pg_uuidv7.control test/readme/pg_uuidv7--1.6.sql "$ext/"
	standin=1
fi
summary=$(mktemp)
server=
cleanup() {
	[[ -z $standin ]] || rm -f "$ext/pg_uuidv7.control" "$ext/pg_uuidv7--1.6.sql"
	rm -f "$summary"
	if [[ -n $server ]]; then
		as_server "$bindir/pg_ctl" -D "$server/data" -m immediate stop >/dev/null 2>&1 || true
		rm -rf "$server"
	fi
}
trap cleanup EXIT

# as_server COMMAND...: runs COMMAND as the server's owner (postgres when
# root), from /, so that it never reads the checkout.
as_server() {
	if [[ $(id -u) -eq 0 ]]; then
		(cd / && runuser -u postgres -- "$@")
	else
		(cd / && "$@")
	fi
}

# throwaway COMMAND...: runs COMMAND against a throwaway server preloading
# uuid_seq, the PG* variables naming it.
throwaway() {
	if [[ -z ${PG_CONFIG:-} ]]; then
		pg_virtualenv -t -o shared_preload_libraries=uuid_seq "$@"
		return
	fi
	bindir=$("$PG_CONFIG" --bindir)
	server=$(mktemp -d /tmp/readme-check.XXXXXX)
	[[ $(id -u) -ne 0 ]] || chown postgres: "$server"
	as_server "$bindir/initdb" -D "$server/data" -U postgres -A trust --no-sync \
		>"$server/initdb.log" || { cat "$server/initdb.log"; return 1; }
	cat >>"$server/data/postgresql.conf" <<-EOF
		shared_preload_libraries = 'uuid_seq'
		listen_addresses = ''
		unix_socket_directories = '$server'
		fsync = off
	EOF
	as_server "$bindir/pg_ctl" -D "$server/data" -l "$server/server.log" -w start \
		>/dev/null || { cat "$server/server.log"; return 1; }
	PATH=$bindir:$PATH PGHOST=$server PGPORT=5432 PGUSER=postgres \
		PGDATABASE=postgres "$@"
}
files=(README.md)
for f in docs/*.md; do
	if grep -q '^[[:space:]]*```sql[[:space:]]*$' "$f"; then files+=("$f"); fi
done
status=0
throwaway bash -c 'set -o pipefail; status=0
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
