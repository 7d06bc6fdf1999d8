#!/bin/bash
# test/clients/run.sh [-h HOST] [-p PORT] [-U USER] [CLIENT...]: real client
# libraries against a server with uuid_seq installed (preloaded, for the
# cluster-wide order the tests read back): psycopg3, psycopg2, sqlalchemy
# (Debian's python3-psycopg, python3-psycopg2, python3-sqlalchemy), node-postgres
# and knex (npm, the versions of node/package-lock.json, installed with
# `npm ci`), jdbc (Debian's libpostgresql-jdbc-java, compiled with javac);
# all of them without CLIENT.  Each gets a fresh database (uuid_seq_clients_<client>)
# with the tables of schema.sql, and fails on any value that changes on its
# way through the client (test/clients/*/: the keys of every family generated
# by their DEFAULT, read back and compared with the server's id::text, sent
# back as parameters, in arrays, COPY and ORDER BY).  First,
# recipes-check.py checks that the code blocks of docs/clients.md are code
# these tests run.
# The server: HOST, PORT, USER, or the libpq environment (PGHOST, PGPORT,
# PGUSER, PGPASSWORD); JDBC needs TCP (a host name, not a socket directory).
# tools/run-all.sh runs it under pg_virtualenv (a throwaway PostgreSQL 15
# preloading uuid_seq).  Nothing is written into the checkout: the tests run
# from a copy in a temporary directory (node_modules, compiled classes).
# Prints one line per client, then a summary; exits 1 if any client failed
# (its output shown, its database kept).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
all=(psycopg3 psycopg2 sqlalchemy node-postgres knex jdbc)
python=${PYTHON:-/usr/bin/python3} # Debian's python3 and its packages
jar=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}

usage() {
	echo "usage: bash test/clients/run.sh [-h HOST] [-p PORT] [-U USER] [CLIENT...] (clients: ${all[*]})" >&2
	exit 2
}
while getopts h:p:U: opt; do
	case $opt in
	h) export PGHOST=$OPTARG ;;
	p) export PGPORT=$OPTARG ;;
	U) export PGUSER=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
clients=("$@")
[[ ${#clients[@]} -gt 0 ]] || clients=("${all[@]}")
for c in "${clients[@]}"; do
	[[ " ${all[*]} " == *" $c "* ]] || usage
done
export PGHOST=${PGHOST:-localhost} PGUSER=${PGUSER:-postgres}
unset PGDATABASE PGOPTIONS PGSERVICE

work=$(mktemp -d /tmp/uuid_seq_clients.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp -a "$here/." "$work/"
rm -rf "$work/node/node_modules"

(cd "$top" && "$python" test/clients/recipes-check.py docs/clients.md test/clients)

# the tests read back creation order across connections: the cluster-wide
# frontiers of a server preloading uuid_seq (SHOW needs a superuser or
# pg_read_all_settings: without, the check is left out)
if preload=$(psql -X -At -d postgres -c "SHOW shared_preload_libraries" 2>/dev/null) &&
	[[ ! ,${preload// /}, == *,uuid_seq,* ]]; then
	echo "clients: the server does not preload uuid_seq (shared_preload_libraries = '$preload')" >&2
	exit 1
fi

wants() { [[ " ${clients[*]} " == *" $1 "* ]]; }

# Node: node-postgres and knex at the lock file's versions
if wants node-postgres || wants knex; then
	node_major=$(node --version | sed 's/^v\([0-9]*\).*/\1/')
	if [[ $node_major -lt 16 ]]; then
		echo "clients: node $(node --version) is too old (knex needs 16)" >&2
		exit 1
	fi
	(cd "$work/node" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >"$work/npm.log" 2>&1) || {
		cat "$work/npm.log" >&2
		echo "clients: npm ci failed" >&2
		exit 1
	}
fi
# JDBC: compiled against Debian's driver
if wants jdbc; then
	mkdir "$work/java/classes"
	javac -Xlint:all -Werror -cp "$jar" -d "$work/java/classes" "$work/java/JdbcTest.java"
fi

run_client() {
	case $1 in
	psycopg3 | psycopg2 | sqlalchemy) "$python" -W error "$work/python/$1_test.py" ;;
	node-postgres) node "$work/node/pg_test.js" ;;
	knex) node "$work/node/knex_test.js" ;;
	jdbc) java -cp "$work/java/classes:$jar" JdbcTest ;;
	esac
}

# each client's last line: "<client> <version>: N checks, 0 failed: ok"
failed=()
for c in "${clients[@]}"; do
	db=uuid_seq_clients_${c//-/_}
	psql -X -q -d postgres -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
		-c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
	psql -X -q -d "$db" -v ON_ERROR_STOP=1 -f "$work/schema.sql" >/dev/null
	log="$work/$c.log"
	if (cd "$work" && PGDATABASE=$db run_client "$c") >"$log" 2>&1 &&
		tail -1 "$log" | grep -Eq '^[^ ]+ [^ ]+: [1-9][0-9]* checks, 0 failed: ok$'; then
		tail -1 "$log"
		psql -X -q -d postgres -c "DROP DATABASE $db" >/dev/null
	else
		cat "$log"
		echo "$c: FAILED (its output above; its database $db is kept)"
		failed+=("$c")
	fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
	echo "clients: ${#failed[@]} of ${#clients[@]} failed: ${failed[*]}"
	exit 1
fi
echo "clients: all ${#clients[@]} passed"
