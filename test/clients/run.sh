#!/bin/bash
# test/clients/run.sh [-h HOST] [-p PORT] [-U USER] [CLIENT...]: real client
# libraries against a server with uuid_seq installed (preloaded, for the
# cluster-wide order the tests read back): psycopg3, psycopg2, sqlalchemy
# (Debian's python3-psycopg, python3-psycopg2, python3-sqlalchemy), node-postgres
# and knex (npm, the versions of node/package-lock.json, installed with
# `npm ci`), jdbc (Debian's libpostgresql-jdbc-java, compiled with javac),
# and the facade ports of docs/facade.md, facade-js, facade-python and
# facade-java (node/uuidv47.js, python/uuidv47.py, java/UuidV47.java: no
# dependency; their tests reach the server through node-postgres, psycopg 3
# and JDBC), and ulid-js, the ulid type against npm's ulid (node/ulid_test.js:
# each side parses what the other generates, byte for byte, time and order),
# uuid-js, UUIDv6 against npm's uuid (node/uuid_v6_test.js, the same),
# ksuid-js, the ksuid type against npm's ksuid (node/ksuid_test.js, the
# same), and bson-js, the objectid type against npm's bson
# (node/bson_test.js, the same); all of them without CLIENT.  Each gets a fresh database (uuid_seq_clients_<client>)
# with the tables of schema.sql, and fails on any value that changes on its
# way through the client (test/clients/*/: the keys of every family generated
# by their DEFAULT, read back and compared with the server's id::text, sent
# back as parameters, in arrays, COPY and ORDER BY; the facade ports: the
# server's facades byte for byte, and the UUIDv47 reference's vectors, which
# facade_vectors.py takes from ../shared/vendor or $UUID_SEQ_VENDOR, or
# each facade test says in one line that it skipped them).  First,
# recipes-check.py checks that the code blocks of docs/clients.md and
# docs/facade.md are code these tests run.
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
all=(psycopg3 psycopg2 sqlalchemy node-postgres knex jdbc facade-js facade-python facade-java ulid-js uuid-js ksuid-js bson-js)
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

(cd "$top" && "$python" test/clients/recipes-check.py docs/clients.md test/clients &&
	"$python" test/clients/recipes-check.py docs/facade.md test/clients)

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
if wants node-postgres || wants knex || wants facade-js || wants ulid-js || wants uuid-js || wants ksuid-js || wants bson-js; then
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
	javac -Xlint:all -Werror -cp "$jar" -d "$work/java/classes" "$work/java/Sqlguid.java" "$work/java/JdbcTest.java"
fi
if wants facade-java; then
	mkdir -p "$work/java/classes"
	javac -Xlint:all -Werror -d "$work/java/classes" "$work/java/UuidV47.java" "$work/java/FacadeTest.java"
fi
# the facade ports' reference vectors (facade_vectors.py says what they are)
if wants facade-js || wants facade-python || wants facade-java; then
	reference=${UUID_SEQ_VENDOR:-$top/../shared/vendor}/uuidv47-81ba63f.tar.xz
	if [[ -f $reference ]]; then
		"$python" "$work/facade_vectors.py" "$reference" "$work/facade_vectors.txt"
		export UUID_SEQ_FACADE_VECTORS=$work/facade_vectors.txt
	else
		export UUID_SEQ_FACADE_VECTORS= UUID_SEQ_FACADE_SKIP="$reference not found"
		echo "clients: $reference not found: the facade ports are checked against the server only"
	fi
fi

run_client() {
	case $1 in
	psycopg3 | psycopg2 | sqlalchemy) "$python" -W error "$work/python/$1_test.py" ;;
	node-postgres) node "$work/node/pg_test.js" ;;
	knex) node "$work/node/knex_test.js" ;;
	jdbc) java -cp "$work/java/classes:$jar" JdbcTest ;;
	facade-js) node "$work/node/facade_test.js" ;;
	ulid-js) node "$work/node/ulid_test.js" ;;
	facade-python) "$python" -W error "$work/python/facade_test.py" ;;
	facade-java) java -cp "$work/java/classes:$jar" FacadeTest ;;
	uuid-js) node "$work/node/uuid_v6_test.js" ;;
	ksuid-js) node "$work/node/ksuid_test.js" ;;
	bson-js) node "$work/node/bson_test.js" ;;
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
