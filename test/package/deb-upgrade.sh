#!/bin/bash
# The upgrade day with the Debian packages (as root; issue 42).  1.2.1's
# package, built from its commit by its own test/package/deb-check.sh, is
# installed, and a throwaway cluster (pg_virtualenv) preloads it: a database
# owner's trusted install, a view on uuid_seq_state(), keys of every family
# an hour ahead.  Then this tree's package is installed over it while the
# cluster runs, and docs/operations.md's runbook ("Upgrading uuid_seq") is
# followed: the update before the restart refuses (55000, restart) and
# changes nothing; pg_ctlcluster restart; the page's every-database script
# updates; the verify step; the view reads, and every family's next key
# lies above 1.2.1's.  This tree's package stays installed, whatever
# happens.
#
#   bash test/package/deb-upgrade.sh [NEW_DEB]
#       NEW_DEB: this tree's package for this machine's major; by default
#       the version matrix's (matrix_log/debs/, tools/run-all.sh's step 5),
#       else test/package/deb-check.sh builds it first
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
release_commit=8ca2bbd597871a6ce62d109182ea2cdbcdb7c322   # 1.2.1

# say MESSAGE: a line of the log, after the seconds since the start.
say()
{
	printf 'deb-upgrade: [%3d s] %s\n' "$SECONDS" "$*"
}
fail()
{
	echo "deb-upgrade: FAILED: $*" >&2
	exit 1
}

# ---- inside the throwaway cluster (pg_virtualenv runs this script again) ----

if [[ ${1:-} == --day ]]; then
	new_deb=$2
	q() { psql -X -Atq -v ON_ERROR_STOP=1 "$@"; }
	# the owner's actions, by SET ROLE (pg_virtualenv's roles need passwords)
	as_owner() { q -d shop -c "SET ROLE shop_owner" "$@"; }

	q -c "CREATE ROLE shop_owner" -c "CREATE DATABASE shop OWNER shop_owner"
	as_owner -c "CREATE EXTENSION uuid_seq" \
		-c "CREATE VIEW my_frontiers AS SELECT family, frontier_time FROM uuid_seq_state()"
	families=$(q -d shop -c "SELECT family FROM uuid_seq_state()")
	[[ $(q -d shop -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq'") == 1.2 ]] ||
		fail "1.2.1's package did not install 1.2"
	# a table per family, its DEFAULT the generator; keys of a clock an hour ahead
	q -d shop -c "SET ROLE shop_owner" \
		-c "CREATE TABLE keys_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7())" \
		-c "CREATE TABLE keys_ulid (id uuid PRIMARY KEY DEFAULT ulid_generate())" \
		-c "CREATE TABLE keys_comb (id sqlguid PRIMARY KEY DEFAULT comb_new())" \
		-c "CREATE TABLE keys_comb_pg (id uuid PRIMARY KEY DEFAULT comb_new('postgresql'))" \
		-c "CREATE TABLE keys_comb_dt (id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'sqldatetime'))" \
		-c "CREATE TABLE keys_comb_pg_dt (id uuid PRIMARY KEY DEFAULT comb_new('postgresql', 'sqldatetime'))" \
		-c "CREATE TABLE keys_comb_ticks (id sqlguid PRIMARY KEY DEFAULT comb_new('sqlserver', 'dotnet_ticks'))" \
		-c "CREATE TABLE keys_tsid (id bigint PRIMARY KEY DEFAULT tsid_generate())" \
		-c "CREATE TABLE keys_snowflake (id bigint PRIMARY KEY DEFAULT snowflake_generate())"
	tables=$(q -d shop -c "SELECT relname FROM pg_class WHERE relname LIKE 'keys\_%' AND relkind = 'r' ORDER BY 1")
	[[ $(wc -l <<<"$tables") -eq $(wc -l <<<"$families") ]] || fail "not a table for each of 1.2.1's families"
	for t in $tables; do
		q -d shop -c "SET uuid_seq.clock_shift = '1 hour'" -c "INSERT INTO $t SELECT FROM generate_series(1, 3)"
	done
	say "1.2.1: the owner's extension, a view, $(wc -l <<<"$tables") key tables, keys an hour ahead"

	say "runbook 1: dpkg -i ${new_deb##*/}, the cluster running"
	DEBIAN_FRONTEND=noninteractive flock /tmp/uuid_seq-install.lock dpkg -i "$new_deb" >/dev/null

	# before the restart: refused, nothing changed
	if err=$(psql -X -d shop -v ON_ERROR_STOP=1 -c "ALTER EXTENSION uuid_seq UPDATE" 2>&1); then
		fail "the update before the restart did not fail"
	fi
	if ! grep -q "uuid_seq's library in this session is older than its 1.3 update script" <<<"$err" ||
		! grep -q "HINT:  Restart the server" <<<"$err"; then
		fail "the update before the restart failed otherwise: $err"
	fi
	[[ $(q -d shop -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq'") == 1.2 ]] ||
		fail "the refused update changed the version"
	say "before the restart the update refuses: ${err%%$'\n'*}"

	say "runbook 2: pg_ctlcluster $PGVERSION regress restart"
	pg_ctlcluster "$PGVERSION" regress restart

	say "runbook 3: docs/operations.md's every-database script, update"
	script=$(mktemp /tmp/every-database.XXXXXX)
	perl -0777 -ne 'print $1 if /^```sh\n(#!\/bin\/bash\n# every-database\.sh.*?)^```$/ms' \
		"$top/docs/operations.md" >"$script"
	[[ -s $script ]] || fail "docs/operations.md has no every-database script"
	out=$(bash "$script" update) || fail "every-database.sh update failed: $out"
	rm -f "$script"
	default=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$top/uuid_seq.control")
	grep -A6 -x 'shop:' <<<"$out" | grep -qx " $default" ||
		fail "every-database.sh did not bring shop to $default (this tree's version): $out"

	say "runbook 4: verify"
	[[ $(q -d shop -c "SELECT installed_version = default_version FROM pg_available_extensions WHERE name = 'uuid_seq'") == t ]] ||
		fail "shop is not at the installed version"
	[[ $(q -d shop -c "SELECT uuid_seq_frontiers_in() || ' ' || (count(*) >= $(wc -l <<<"$families"))
		FROM uuid_seq_state()") == "shared memory true" ]] ||
		fail "uuid_seq_frontiers_in() or uuid_seq_state() is not as the runbook says"
	[[ $(q -d shop -c "SELECT uuid_seq_library_version() = extversion FROM pg_extension WHERE extname = 'uuid_seq'") == t ]] ||
		fail "the library is not the catalog's version"
	[[ $(as_owner -c "SELECT count(*) FROM my_frontiers") -ge $(wc -l <<<"$families") ]] ||
		fail "the owner's view on uuid_seq_state() does not read"
	# (a sqlguid's < is SQL Server's order, the sqlserver COMBs')
	for t in $tables; do
		[[ $(as_owner -c "WITH n AS (INSERT INTO $t DEFAULT VALUES RETURNING id)
			SELECT bool_and(o.id < n.id) FROM $t o, n") == t ]] ||
			fail "$t: a new key does not lie above 1.2.1's"
	done
	say "every family's next key lies above 1.2.1's (the frontier file carried over)"
	exit 0
fi

# ---- outside: the packages -----------------------------------------------

[[ $(id -u) -eq 0 ]] || {
	echo "deb-upgrade: not root (dpkg -i), skipped" >&2
	exit 0
}
major=$(pg_config --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
work=$(mktemp -d /tmp/uuid_seq_deb_upgrade.XXXXXX)
chmod 755 "$work"

new_deb=${1:-}
if [[ -z $new_deb ]]; then
	for deb in "$top"/matrix_log/debs/postgresql-"$major"-uuid-seq_*.deb; do
		[[ -e $deb ]] && new_deb=$deb
	done
fi
if [[ -z $new_deb ]]; then
	say "this tree's package (test/package/deb-check.sh $major)"
	bash "$top/test/package/deb-check.sh" "$major" "$work/new" >"$work/new.log" 2>&1 || {
		tail -50 "$work/new.log"
		fail "building this tree's package"
	}
	new_deb=$(echo "$work"/new/postgresql-"$major"-uuid-seq_*.deb)
fi
[[ -f $new_deb ]] || fail "no package $new_deb"
say "this tree's package: $new_deb"
# whatever happens next, this tree's package is what stays installed
trap 'DEBIAN_FRONTEND=noninteractive flock /tmp/uuid_seq-install.lock dpkg -i "$new_deb" >/dev/null; rm -rf "$work"' EXIT

# 1.2.1's package, built by its own deb-check.sh (which installs it) once
# per cache entry, keyed by the commit, the server's version and its
# headers' package (test/matrix/lib.sh's cache: the entry is made under an
# exclusive lock, installed from under a shared one)
. "$top/test/matrix/lib.sh"
key_text="commit=$release_commit
server=$(pg_config --version) $(dpkg-query -W -f '${Version}' "postgresql-server-dev-$major" 2>/dev/null)"
entry="$matrix_cache/deb-1.2.1-$(matrix_hash <<<"$key_text")"
mkdir -p "$matrix_cache"
(
	matrix_lock "$entry.lock" -x
	[[ -e $entry/$matrix_stamp ]] && exit 0
	say "1.2.1's package (its own test/package/deb-check.sh $major, from $release_commit)"
	git -C "$top" cat-file -e "$release_commit^{commit}" 2>/dev/null ||
		fail "this checkout's history lacks 1.2.1's commit $release_commit (a shallow clone? git fetch --unshallow)"
	rm -rf "$entry"
	mkdir "$work/old"
	git -C "$top" archive "$release_commit" | tar -x -C "$work/old"
	bash "$work/old/test/package/deb-check.sh" "$major" "$entry" >"$work/old.log" 2>&1 || {
		tail -50 "$work/old.log"
		fail "building 1.2.1's package"
	}
	matrix_entry_complete "$entry" "$key_text"
)
matrix_lock "$entry.lock" -s
[[ -e $entry/$matrix_stamp ]] || fail "no package of 1.2.1 in $entry"
DEBIAN_FRONTEND=noninteractive flock /tmp/uuid_seq-install.lock dpkg -i "$entry"/postgresql-"$major"-uuid-seq_1.2.1*.deb >/dev/null
say "$(dpkg-query -W -f '${Package} ${Version}' "postgresql-$major-uuid-seq") installed ($entry)"
matrix_remove_outdated "$entry"

cd /
pg_virtualenv -v "$major" -t -o shared_preload_libraries=uuid_seq \
	bash "$top/test/package/deb-upgrade.sh" --day "$new_deb"
say "passed: $(dpkg-query -W -f '${Package} ${Version}' "postgresql-$major-uuid-seq") installed over 1.2.1 with the cluster running, the runbook followed"
