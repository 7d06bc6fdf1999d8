#!/bin/bash
# test/matrix/dump-source.sh start|stop DIR: the older server of the
# dump/restore test (as root): PostgreSQL 15 on the host, with the uuid_seq
# that test/matrix/suite.sh installed there, holding dump_fixture.sql's
# database.  `start` makes and starts it in DIR, listening on 127.0.0.1 only
# (a chroot shares the host's network), records the rows (dump_rows.sql) in
# DIR/rows.out and prints its port; `stop` stops it and removes DIR's data.
# suite.sh of 18 then dumps it with 18's pg_dump and restores it into 18.
# What runs as postgres reads nothing from the source tree, which postgres
# may not be able to enter (a checkout in /root): psql gets the SQL files on
# stdin, opened by root, and every command starts in /.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
action=$1
dir=$(realpath -m "$2")
bindir=/usr/lib/postgresql/15/bin
port=54315

as_postgres()
{
	(cd / && runuser -u postgres -- "$@")
}

case $action in
start)
	mkdir -p "$dir"
	chown postgres: "$dir"
	rm -rf "$dir/data"
	as_postgres "$bindir/initdb" -D "$dir/data" -U postgres -A trust -N >"$dir/initdb.log" 2>&1 ||
		matrix_fail 15 "dump source (initdb)" "see $dir/initdb.log"
	cat >>"$dir/data/postgresql.conf" <<-CONF
		shared_preload_libraries = 'uuid_seq'
		listen_addresses = '127.0.0.1'
		unix_socket_directories = '$dir'
		port = $port
		fsync = off
	CONF
	as_postgres "$bindir/pg_ctl" start -w -D "$dir/data" -l "$dir/server.log" >/dev/null ||
		matrix_fail 15 "dump source (pg_ctl start, port $port)" "see $dir/server.log"
	psql=("$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres)
	as_postgres "${psql[@]}" -d postgres -c 'CREATE DATABASE fixture' >/dev/null &&
		as_postgres "${psql[@]}" -d fixture <"$here/dump_fixture.sql" >/dev/null &&
		as_postgres "${psql[@]}" -d fixture -A -t <"$here/dump_rows.sql" >"$dir/rows.out" ||
		matrix_fail 15 "dump source (fixture)" "dump_fixture.sql or dump_rows.sql failed"
	echo "$port"
	;;
stop)
	as_postgres "$bindir/pg_ctl" stop -w -D "$dir/data" -m fast >/dev/null 2>&1 || true
	rm -rf "$dir/data"
	;;
esac
