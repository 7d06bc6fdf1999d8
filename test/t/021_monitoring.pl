# docs/monitoring/'s ready-made checks against a preloading server
# (docs/monitoring.md says what they watch), run in a hostile cluster: a
# role, mallory, owns databases and has planted look-alikes.
# 0. Look-alikes of everything the check and the exporter's queries name
#    (uuid_seq's functions and view, clock_timestamp(), pg_has_role(),
#    current_schemas(), the operators -, >=, =, ||, domains named text and
#    float8), each running code that counts in public.planted_ran and tries
#    ALTER ROLE mallory SUPERUSER: in every schema mallory can write (a
#    schema of its own, public where it may create, as on 13 and 14), with
#    search_path pointing there per database and per role.  Everything
#    below runs among them, and at the end no planted code has run and
#    mallory is no superuser.
# 1. postgres_exporter.yaml: every query, as a role in pg_monitor, in the
#    setup the file prescribes (the postgres database, search_path pinned by
#    the connection's options), returns exactly the columns its metrics
#    name, text for a LABEL and a number for a GAUGE or COUNTER (psql's
#    \gdesc), and rows whose numbers say what the metrics describe: a
#    family's frontier put an hour ahead of the clock by
#    uuid_seq.clock_shift reads about 3,600 s ahead, a role outside
#    pg_monitor sees no frontier, uuid_seq_setup_trusted is 1 there and 0
#    where a non-superuser could plant code (or search_path is not pinned).
# 2. check_uuid_seq: exit code and line for OK, WARNING and CRITICAL (that
#    frontier an hour ahead, under thresholds below, around and above it),
#    as superuser and as a pg_monitor role, whatever search_path the
#    database, the role or PGOPTIONS set; UNKNOWN for a role that cannot
#    see the frontiers, a database without the extension, each database a
#    non-superuser controls (the extension's or its schema's owner), a
#    function that is not uuid_seq's C function (a superuser's plpgsql
#    look-alike in its place) or not alone under its name, --need-preload
#    with 1.2 (which still works without it), and bad thresholds (NaN, a
#    sign, an exponent, -w above -c); once the server no longer preloads
#    uuid_seq, WARNING before 17 (each session's frontiers); on 17+ (a
#    named segment, restored from the file) v7 is still an hour ahead, and
#    --need-preload warns.
# 3. Where Debian's prometheus-postgres-exporter is installed, the exporter
#    itself runs the file (on a loopback port) with the connection string
#    docs/monitoring.md prescribes, and /metrics carries every metric it
#    declares, the frontiers_in label on every uuid_seq_server_* one, with
#    no scrape error; skipped with one line otherwise.  No sleeps: the
#    frontier is moved by the clock shift.
use strict;
use warnings;
use CPAN::Meta::YAML;
use File::Spec;
use HTTP::Tiny;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

my $yaml_file = 'docs/monitoring/postgres_exporter.yaml';
my $check = 'docs/monitoring/check_uuid_seq';
# what docs/monitoring.md prescribes for the exporter's connection
my $pinned = '-c search_path=pg_catalog';

my $node = PostgreSQL::Test::Cluster->new('monitoring');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE watch LOGIN IN ROLE pg_monitor;
	CREATE ROLE peek LOGIN;
	CREATE ROLE mallory LOGIN;
	CREATE DATABASE plain;
	CREATE DATABASE mdb OWNER mallory;
	CREATE DATABASE app OWNER mallory;
	CREATE DATABASE trap;
	CREATE DATABASE old;
});

# The test's own statements, as postgres (or $role), with nothing of
# mallory's before pg_catalog on the path (the planted operators would count
# them).  (With pg_catalog first, CREATE EXTENSION names its schema.)
sub own_sql
{
	my ($db, $sql, $role) = @_;
	local $ENV{PGOPTIONS} = '-c search_path=pg_catalog,public';
	return $node->safe_psql($db, $sql, extra_params => [ '-U', $role // 'postgres' ]);
}

# ---- 0. look-alikes ----------------------------------------------------------

# planted() and its counter, in schema $s of $db (as $role); the look-alikes
# of $db call it there
my %planted_in;
sub plant_counter
{
	my ($db, $s, $role) = @_;
	$planted_in{$db} = $s;
	$node->safe_psql($db, qq{
		CREATE SEQUENCE IF NOT EXISTS public.planted_ran;
		GRANT USAGE ON SEQUENCE public.planted_ran TO PUBLIC;
		CREATE FUNCTION $s.planted() RETURNS boolean LANGUAGE plpgsql AS \$\$
		BEGIN
			PERFORM pg_catalog.nextval('public.planted_ran');
			BEGIN
				EXECUTE 'ALTER ROLE mallory SUPERUSER';
			EXCEPTION WHEN OTHERS THEN NULL;
			END;
			RETURN true;
		END \$\$;
	}, extra_params => [ '-U', $role ]);
}

# uuid_seq_state() of schema $s (with OUT columns as uuid_seq's; every
# frontier a second behind the clock) and its other functions' look-alikes
# (their bodies name pg_catalog's types and operators: they run under the
# caller's search_path, mallory's types first)
sub plant_uuid_seq
{
	my ($db, $s, $role) = @_;
	my $p = $planted_in{$db};
	$node->safe_psql($db, qq{
		CREATE FUNCTION $s.uuid_seq_state(OUT family text, OUT shared bool, OUT frontier uuid,
			OUT frontier_time timestamptz, OUT restored_from text, OUT node_id int,
			OUT node_bits int, OUT frontier_id bigint)
		RETURNS SETOF record LANGUAGE plpgsql AS \$\$
		BEGIN
			PERFORM $p.planted();
			RETURN QUERY SELECT 'v7'::pg_catalog.text, true, NULL::pg_catalog.uuid,
				pg_catalog.clock_timestamp() OPERATOR(pg_catalog.-) interval '1 second',
				'clock'::pg_catalog.text, 0, 0, NULL::bigint;
		END \$\$;
		CREATE FUNCTION $s.uuid_seq_frontiers_in() RETURNS text LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN 'shared memory'; END \$\$;
		CREATE FUNCTION $s.uuid_seq_backend_stats(OUT pid int, OUT generated bigint,
			OUT last_value uuid, OUT clock_rollbacks bigint, OUT overflows bigint,
			OUT max_drift_ms bigint, OUT cas_retries bigint, OUT last_id bigint)
		RETURNS SETOF record LANGUAGE plpgsql AS \$\$
		BEGIN
			PERFORM $p.planted();
			RETURN QUERY SELECT 1, 0::bigint, NULL::pg_catalog.uuid, 0::bigint, 0::bigint, 0::bigint,
				0::bigint, NULL::bigint;
		END \$\$;
		CREATE VIEW $s.uuid_seq_backends AS SELECT * FROM $s.uuid_seq_backend_stats();
	}, extra_params => [ '-U', $role ]);
}

# look-alikes of pg_catalog's functions, operators and types the queries use
sub plant_catalog
{
	my ($db, $s, $role) = @_;
	my $p = $planted_in{$db};
	$node->safe_psql($db, qq{
		CREATE FUNCTION $s.clock_timestamp() RETURNS timestamptz LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN pg_catalog.now() + interval '1 day'; END \$\$;
		CREATE FUNCTION $s.pg_has_role(text, text) RETURNS boolean LANGUAGE plpgsql AS \$\$
		BEGIN RETURN $p.planted(); END \$\$;
		CREATE FUNCTION $s.current_schemas(boolean) RETURNS name[] LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN '{pg_catalog}'; END \$\$;
		CREATE FUNCTION $s.minus(timestamptz, timestamptz) RETURNS interval LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN interval '-1 hour'; END \$\$;
		CREATE OPERATOR $s.- (LEFTARG = timestamptz, RIGHTARG = timestamptz, FUNCTION = $s.minus);
		CREATE FUNCTION $s.ge(float8, float8) RETURNS boolean LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN false; END \$\$;
		CREATE OPERATOR $s.>= (LEFTARG = float8, RIGHTARG = float8, FUNCTION = $s.ge);
		CREATE FUNCTION $s.eq(text, text) RETURNS boolean LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN true; END \$\$;
		CREATE OPERATOR $s.= (LEFTARG = text, RIGHTARG = text, FUNCTION = $s.eq);
		CREATE FUNCTION $s.name_eq(name, text) RETURNS boolean LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN true; END \$\$;
		CREATE OPERATOR $s.= (LEFTARG = name, RIGHTARG = text, FUNCTION = $s.name_eq);
		CREATE FUNCTION $s.cat(text, text) RETURNS text LANGUAGE plpgsql AS \$\$
		BEGIN PERFORM $p.planted(); RETURN '0 UUID_SEQ OK: planted'; END \$\$;
		CREATE OPERATOR $s.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = $s.cat);
		CREATE DOMAIN $s.float8 AS pg_catalog.float8 CHECK ($p.planted());
		CREATE DOMAIN $s.text AS pg_catalog.text CHECK ($p.planted());
	}, extra_params => [ '-U', $role ]);
}

# the prescribed database, postgres: mallory may write to public (as every
# role may on 13 and 14) and to a schema of its own; the database's and the
# monitoring role's search_path point there (a superuser's mistake: only one
# may set them)
own_sql('postgres', q{
	GRANT CREATE ON SCHEMA public TO PUBLIC;
	GRANT CREATE ON DATABASE postgres TO mallory;
});
$node->safe_psql('postgres', 'CREATE SCHEMA evil; GRANT USAGE ON SCHEMA evil TO PUBLIC',
	extra_params => [ '-U', 'mallory' ]);
plant_counter('postgres', 'evil', 'mallory');
plant_uuid_seq('postgres', 'evil', 'mallory');
plant_catalog('postgres', $_, 'mallory') for qw(evil public);
own_sql('postgres', q{
	ALTER DATABASE postgres SET search_path = evil, public, pg_catalog;
	ALTER ROLE watch SET search_path = evil, public, pg_catalog;
	ALTER ROLE peek SET search_path = evil, public, pg_catalog;
});

# mdb: mallory's database and mallory's (trusted) uuid_seq, which mallory
# tries to swap its uuid_seq_state() out of (refused: it is a superuser's
# function); app: mallory's database, uuid_seq a superuser's in mallory's
# schema public (15 and later give it to pg_database_owner, mallory here;
# before 15 the bootstrap superuser owns it, so mallory is given it as a
# database owner often is)
own_sql('app', 'ALTER SCHEMA public OWNER TO mallory') if tested_major() < 15;
own_sql('app', 'CREATE EXTENSION uuid_seq SCHEMA public');
$node->safe_psql('mdb', 'CREATE EXTENSION uuid_seq', extra_params => [ '-U', 'mallory' ]);
my ($rc, $out, $err) = $node->psql('mdb', 'ALTER EXTENSION uuid_seq DROP FUNCTION uuid_seq_state()',
	extra_params => [ '-U', 'mallory' ]);
note("mdb: mallory's ALTER EXTENSION uuid_seq DROP FUNCTION: " . ($rc ? $err : 'done'));
$node->safe_psql('mdb', 'DROP FUNCTION public.uuid_seq_state()', extra_params => [ '-U', 'mallory' ])
  if $rc == 0;
for my $db (qw(mdb app))
{
	$node->safe_psql($db, qq{
		CREATE SCHEMA evil;
		GRANT USAGE ON SCHEMA evil TO PUBLIC;
		ALTER DATABASE $db SET search_path = evil, public, pg_catalog;
	}, extra_params => [ '-U', 'mallory' ]);
	plant_counter($db, 'evil', 'mallory');
	plant_uuid_seq($db, 'evil', 'mallory');
	plant_uuid_seq($db, 'public', 'mallory') if $db eq 'mdb' && $rc == 0;
	plant_catalog($db, $_, 'mallory') for qw(evil public);
}

# trap: a superuser's database whose uuid_seq_state() a superuser swapped for
# a plpgsql look-alike (what the trick above would leave)
own_sql('trap', q{
	CREATE EXTENSION uuid_seq SCHEMA public;
	ALTER EXTENSION uuid_seq DROP FUNCTION uuid_seq_state();
	DROP FUNCTION uuid_seq_state();
});
plant_counter('trap', 'public', 'postgres');
own_sql('trap', q{
	CREATE FUNCTION public.uuid_seq_state(OUT family text, OUT shared bool, OUT frontier uuid,
		OUT frontier_time timestamptz, OUT restored_from text, OUT node_id int,
		OUT node_bits int, OUT frontier_id bigint)
	RETURNS SETOF record LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM public.planted();
		RETURN QUERY SELECT 'v7'::pg_catalog.text, true, NULL::pg_catalog.uuid, pg_catalog.clock_timestamp(),
			'clock'::pg_catalog.text, 0, 0, NULL::bigint;
	END $$;
	ALTER EXTENSION uuid_seq ADD FUNCTION public.uuid_seq_state();
});

# old: uuid_seq 1.2, not updated
own_sql('old', "CREATE EXTENSION uuid_seq VERSION '1.2' SCHEMA public");

# ---- 1. the exporter's queries --------------------------------------------

my $yaml = CPAN::Meta::YAML->read_string(slurp_file($yaml_file))
  or die CPAN::Meta::YAML->errstr;
my %queries = %{ $yaml->[0] };
ok(keys %queries >= 4, "$yaml_file: " . scalar(keys %queries) . ' queries');

# {column => usage} of a query's metrics, in the file's order
sub declared
{
	my ($q) = @_;
	return map { my ($c) = keys %$_; [ $c, $_->{$c}{usage} ] } @{ $queries{$q}{metrics} };
}

# [exit code, stdout, stderr] of query $q as role $role in $db, with the
# connection's options $options (the prescribed ones unless given)
sub run_query
{
	my ($q, $role, $db, $options) = @_;
	local $ENV{PGOPTIONS} = $options // $pinned;
	my ($rc, $out, $err) = $node->psql($db // 'postgres', $queries{$q}{query},
		extra_params => [ '-U', $role ]);
	return [ $rc, $out, $err ];
}

# the rows of query $q as role $role, as prescribed: a list of {column => value}
sub rows_of
{
	my ($q, $role) = @_;
	my @cols = map { $_->[0] } declared($q);
	my $r = run_query($q, $role);
	die "$q as $role: $r->[2]" if $r->[0];
	return map { my %r; @r{@cols} = split /\|/, $_, -1; \%r } grep { $_ ne '' } split /\n/, $r->[1];
}

# keys of every kind, so that every family has a frontier
own_sql('postgres', q{
	SELECT uuid_generate_v7(), ulid_generate(), tsid_generate(), snowflake_generate(), comb_new();
});

my $number = qr/^(smallint|integer|bigint|real|double precision|numeric)$/;
for my $q (sort keys %queries)
{
	is($queries{$q}{master}, 'true', "$q: master (one database: the state is the cluster's)");
	my @metrics = declared($q);
	(my $query = $queries{$q}{query}) =~ s/;?\s*$//;
	my $desc = do
	{
		local $ENV{PGOPTIONS} = $pinned;
		$node->safe_psql('postgres', "$query \\gdesc", extra_params => [ '-U', 'watch' ]);
	};
	my @got = map { [ split /\|/ ] } split /\n/, $desc;
	is_deeply([ map { $_->[0] } @got ], [ map { $_->[0] } @metrics ],
		"$q: the query's columns are the metrics declared, in order");
	for my $i (0 .. $#metrics)
	{
		my ($col, $usage) = @{ $metrics[$i] };
		my $type = $got[$i][1] // 'none';
		if ($usage eq 'LABEL') { is($type, 'text', "$q.$col: a LABEL, text"); }
		else
		{
			like($usage, qr/^(GAUGE|COUNTER)$/, "$q.$col: usage $usage");
			like($type, $number, "$q.$col: a $usage, a number ($type)");
		}
		ok(length($queries{$q}{metrics}[$i]{$col}{description} // '') > 10, "$q.$col: described");
	}
	my @rows = rows_of($q, 'watch');
	ok(@rows > 0, "$q: rows as a member of pg_monitor");
	for my $r (@rows)
	{
		for my $m (grep { $_->[1] ne 'LABEL' } @metrics)
		{
			like($r->{ $m->[0] }, qr/^-?[0-9.e+-]+$/, "$q.$m->[0]: a value ($r->{$m->[0]})");
		}
	}
}

# an hour ahead: one session's shift takes the v7 frontier there
own_sql('postgres', q{
	SET uuid_seq.clock_shift = '1 hour';
	SELECT uuid_generate_v7();
});
for my $role (qw(watch postgres))
{
	my %ahead = map { $_->{family} => $_->{ahead_seconds} } rows_of('uuid_seq_frontier', $role);
	is(scalar(keys %ahead), 5,
		"uuid_seq_frontier as $role: a row per family that made a key (v7, ulid, tsid, snowflake, a COMB)");
	ok($ahead{v7} > 3000 && $ahead{v7} <= 3600, "uuid_seq_frontier as $role: v7 an hour ahead ($ahead{v7} s)");
	ok($ahead{ulid} <= 0, "uuid_seq_frontier as $role: ulid not ahead ($ahead{ulid} s)");
	my ($server) = rows_of('uuid_seq_server', $role);
	is_deeply([ @$server{qw(frontiers_in shared frontiers_visible)} ], [ 'shared memory', 1, 1 ],
		"uuid_seq_server as $role: in shared memory, shared, visible");
	my ($backends) = rows_of('uuid_seq_backends', $role);
	ok($backends->{overflows} == 0 && $backends->{clock_rollbacks} == 0,
		"uuid_seq_backends as $role: no overflow, no rollback among the connected backends");
	my ($setup) = rows_of('uuid_seq_setup', $role);
	is($setup->{trusted}, 1, "uuid_seq_setup as $role: trusted, in the prescribed setup");
}
is(scalar(rows_of('uuid_seq_frontier', 'peek')), 0, 'uuid_seq_frontier: nothing for a role outside pg_monitor');
my ($server) = rows_of('uuid_seq_server', 'peek');
is($server->{frontiers_visible}, 0, 'uuid_seq_server: frontiers_visible 0 outside pg_monitor');

# uuid_seq_setup elsewhere: 0 without the pinned search_path (the role's
# puts mallory's schemas first), in mallory's databases, in trap; and it
# runs no planted code even there (every name in it is qualified)
for my $case ([ 'postgres', '', 'without the pinned search_path' ],
	[ 'mdb', $pinned, 'in mallory\'s database with mallory\'s uuid_seq' ],
	[ 'app', $pinned, 'in mallory\'s database (uuid_seq in mallory\'s schema)' ],
	[ 'trap', $pinned, 'with a plpgsql uuid_seq_state()' ])
{
	my ($db, $options, $what) = @$case;
	my $r = run_query('uuid_seq_setup', 'watch', $db, $options);
	is("$r->[0] $r->[1]", '0 0', "uuid_seq_setup: 0 $what") or diag($r->[2]);
}

# ---- 2. check_uuid_seq ---------------------------------------------------

# [exit code, the line] of check_uuid_seq with @args
sub run_check
{
	my @args = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run([ 'sh', $check, @args ], '>', \$out, '2>', \$err);
	chomp $out;
	return [ $? >> 8, $out . $err ];
}
my @server = ('-h', $node->host, '-p', $node->port, '-d', 'postgres');
my @in = ('-h', $node->host, '-p', $node->port, '-d');

for my $role (qw(watch postgres))
{
	my $r = run_check(@server, '-U', $role);
	is($r->[0], 2, "check as $role: CRITICAL with v7 an hour ahead (defaults: warning 1 s, critical 60 s)");
	like($r->[1], qr/^UUID_SEQ CRITICAL: frontier ahead of the clock: v7 3[0-9]{3}\.[0-9]{3} s \| (.* )?v7=3[0-9.]+s;1;60( |$)/,
		"check as $role: the line names v7 and its seconds, with performance data") or diag($r->[1]);
}
{
	# whatever the caller's PGOPTIONS say
	local $ENV{PGOPTIONS} = '-c search_path=evil,public,pg_catalog';
	my $r = run_check(@server, '-U', 'watch');
	is($r->[0], 2, 'check: CRITICAL under a PGOPTIONS search_path of mallory\'s schemas') or diag($r->[1]);
}
my $r = run_check('-w', 60, '-c', 7200, @server, '-U', 'watch');
is($r->[0], 1, 'check: WARNING under -w 60 -c 7200');
like($r->[1], qr/^UUID_SEQ WARNING: frontier ahead of the clock: v7 /, 'check: WARNING names v7') or diag($r->[1]);
$r = run_check('-w', 7200, '-c', 10000, '--need-preload', @server, '-U', 'watch');
is($r->[0], 0, 'check: OK under -w 7200 -c 10000 --need-preload');
like($r->[1], qr/^UUID_SEQ OK: every frontier less than 7200 s ahead of the clock \| .*ulid=-[0-9.]+s;7200;10000/,
	'check: the OK line') or diag($r->[1]);
$r = run_check('-w', 0, '-c', 0, @server, '-U', 'watch');
is($r->[0], 2, 'check: -w 0 -c 0 is valid (CRITICAL)') or diag($r->[1]);
$r = run_check('-w', '0.5', '-c', '3600.', @server, '-U', 'watch');
is($r->[0], 1, 'check: decimals as thresholds (-w 0.5 -c 3600.)') or diag($r->[1]);
$r = run_check(@server, '-U', 'peek');
is($r->[0], 3, 'check: UNKNOWN for a role outside pg_monitor');
like($r->[1], qr/^UUID_SEQ UNKNOWN: role peek cannot see the frontiers \(GRANT pg_monitor TO peek\)$/,
	'check: says what to grant') or diag($r->[1]);

# each database the check must not trust, as a pg_monitor role and as a
# superuser: UNKNOWN, saying why
for my $case (
	[ 'plain', qr/uuid_seq is not installed in database plain \(CREATE EXTENSION uuid_seq, as a superuser\)/,
		'a database without the extension' ],
	[ 'mdb', qr/uuid_seq in database mdb belongs to mallory, not a superuser: run the check in a database only superusers control, such as postgres/,
		'mallory\'s uuid_seq' ],
	[ 'app', qr/schema public of uuid_seq in database app belongs to mallory, not a superuser: /,
		'uuid_seq in mallory\'s schema' ],
	[ 'trap', qr/public\.uuid_seq_state\(\) in database trap is not uuid_seq's own C function, or not alone under that name: not called/,
		'a plpgsql uuid_seq_state()' ])
{
	my ($db, $says, $what) = @$case;
	for my $role (qw(watch postgres))
	{
		$r = run_check(@in, $db, '-U', $role);
		is($r->[0], 3, "check as $role: UNKNOWN for $what");
		like($r->[1], qr/^UUID_SEQ UNKNOWN: $says/, "check as $role: says why ($what)") or diag($r->[1]);
	}
}

# uuid_seq 1.2: works, but for --need-preload, which needs 1.3's uuid_seq_frontiers_in()
$r = run_check(@in, 'old', '-U', 'watch');
is($r->[0], 2, 'check: CRITICAL in a database with uuid_seq 1.2') or diag($r->[1]);
$r = run_check('--need-preload', @in, 'old', '-U', 'watch');
is($r->[0], 3, 'check: UNKNOWN for --need-preload with uuid_seq 1.2');
like($r->[1], qr/^UUID_SEQ UNKNOWN: uuid_seq 1\.2 in database old has no uuid_seq_frontiers_in\(\), which --need-preload reads: ALTER EXTENSION uuid_seq UPDATE$/,
	'check: says to update') or diag($r->[1]);

# thresholds: plain decimals, 0 or more, -w at most -c
for my $bad ([ 'NaN', 'NaN' ], [ 'soon', 60 ], [ -1, 60 ], [ 1, '-5' ], [ '1e3', '1e4' ],
	[ 'Infinity', 'Infinity' ], [ '', 60 ], [ '1.2.3', 60 ], [ '.', 60 ], [ 90, 60 ])
{
	my ($w, $c) = @$bad;
	$r = run_check('-w', $w, '-c', $c, @server, '-U', 'watch');
	is($r->[0], 3, "check: UNKNOWN for -w '$w' -c '$c'");
	like($r->[1], qr/^UUID_SEQ UNKNOWN: (-[wc] .*: a threshold is a number of seconds, 0 or more|-w 90 is more than -c 60)/,
		"check: says what is wrong with -w '$w' -c '$c'") or diag($r->[1]);
}
$r = run_check('-w');
is($r->[0], 3, 'check: UNKNOWN for -w without a value');
like($r->[1], qr/^UUID_SEQ UNKNOWN: usage: /, 'check: usage');

# a look-alike in uuid_seq's own schema (public is writable on 13 and 14):
# overloads that a call without arguments could also mean make the check
# UNKNOWN and the exporter's queries fail, and call none of them
$node->safe_psql('postgres', q{
	CREATE FUNCTION public.uuid_seq_state(VARIADIC a text[] DEFAULT '{}') RETURNS SETOF record
	LANGUAGE plpgsql AS $$ BEGIN PERFORM evil.planted(); END $$;
	CREATE FUNCTION public.uuid_seq_backend_stats(VARIADIC a text[] DEFAULT '{}') RETURNS SETOF record
	LANGUAGE plpgsql AS $$ BEGIN PERFORM evil.planted(); END $$;
	CREATE FUNCTION public.uuid_seq_frontiers_in(a int DEFAULT 0) RETURNS text
	LANGUAGE plpgsql AS $$ BEGIN PERFORM evil.planted(); RETURN 'shared memory'; END $$;
}, extra_params => [ '-U', 'mallory' ]);
for my $role (qw(watch postgres))
{
	$r = run_check(@server, '-U', $role);
	is($r->[0], 3, "check as $role: UNKNOWN with overloads of uuid_seq_state() in its schema");
	like($r->[1], qr/^UUID_SEQ UNKNOWN: public\.uuid_seq_state\(\) in database postgres is not uuid_seq's own C function, or not alone under that name: not called$/,
		"check as $role: says so") or diag($r->[1]);
	for my $q (grep { $_ ne 'uuid_seq_setup' } sort keys %queries)
	{
		my $res = run_query($q, $role);
		like($res->[2], qr/is not unique/, "$q as $role: fails with the overloads");
	}
	my ($setup) = rows_of('uuid_seq_setup', $role);
	is($setup->{trusted}, 0, "uuid_seq_setup as $role: 0 with the overloads");
}
$node->safe_psql('postgres', q{
	DROP FUNCTION public.uuid_seq_state(text[]);
	DROP FUNCTION public.uuid_seq_backend_stats(text[]);
	DROP FUNCTION public.uuid_seq_frontiers_in(int);
}, extra_params => [ '-U', 'mallory' ]);

# ---- 3. the exporter itself ----------------------------------------------

my ($exporter) = grep { -x $_ } map { File::Spec->catfile($_, 'prometheus-postgres-exporter') }
  File::Spec->path();
SKIP:
{
	skip 'prometheus-postgres-exporter not installed (Debian\'s package of that name): '
	  . "$yaml_file checked with psql only", 1 unless $exporter;
	my $port = PostgreSQL::Test::Cluster::get_free_port();
	# docs/monitoring.md's connection string
	local $ENV{DATA_SOURCE_NAME} = 'host=' . $node->host . ' port=' . $node->port
	  . " user=watch dbname=postgres sslmode=disable options='$pinned'";
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start([ $exporter, "--extend.query-path=$yaml_file",
			"--web.listen-address=127.0.0.1:$port", '--disable-default-metrics',
			'--disable-settings-metrics' ], '>', \$out, '2>', \$err);
	my $http = HTTP::Tiny->new(timeout => $PostgreSQL::Test::Utils::timeout_default);
	my $res;
	# until it listens, or the harness's patience is out (timeout_default,
	# 180 s unless PG_TEST_TIMEOUT_DEFAULT says otherwise): then it fails
	my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
	while (1)
	{
		$res = $http->get("http://127.0.0.1:$port/metrics");
		last if $res->{success} || !$h->pumpable || time > $deadline;
		usleep(100_000);
	}
	ok($res->{success}, 'the exporter answers /metrics') or diag("$res->{status} $res->{reason}\n$err");
	my $metrics = $res->{content} // '';
	$h->kill_kill;
	note(join "\n", grep { /^(uuid_seq_|pg_exporter_|pg_up)/ } split /\n/, $metrics);
	for my $q (sort keys %queries)
	{
		for my $m (grep { $_->[1] ne 'LABEL' } declared($q))
		{
			like($metrics, qr/^\Q$q\E_\Q$m->[0]\E[{ ]/m, "exporter: $q\_$m->[0]");
			like($metrics, qr/^\Q$q\E_\Q$m->[0]\E\{[^}]*frontiers_in="shared memory"/m,
				"exporter: $q\_$m->[0] has the label frontiers_in")
			  if $q eq 'uuid_seq_server';
		}
	}
	like($metrics, qr/^uuid_seq_frontier_ahead_seconds\{[^}]*family="v7"[^}]*\} 3[0-9]{3}\./m,
		'exporter: v7 an hour ahead');
	like($metrics, qr/^uuid_seq_server_shared\{[^}]*frontiers_in="shared memory"[^}]*\} 1$/m,
		'exporter: shared, in shared memory');
	like($metrics, qr/^uuid_seq_setup_trusted\{[^}]*\} 1$/m, 'exporter: the setup is trusted');
	unlike($metrics, qr/^pg_exporter_last_scrape_error 1$/m, 'exporter: no scrape error')
	  or diag($err);
	unlike($metrics, qr/^pg_exporter_user_queries_load_error\{[^}]*\} 1$/m, 'exporter: the file loads')
	  or diag($err);
}

# ---- without preload -------------------------------------------------------

$node->append_conf('postgresql.conf', "shared_preload_libraries = ''");
$node->restart;
if (tested_major() >= 17)
{
	# the named segment restores the frontiers from the file: v7 still ahead
	$r = run_check('--need-preload', @server);
	is($r->[0], 2, 'check: CRITICAL without preload on 17+, v7 still an hour ahead');
	like($r->[1], qr/^UUID_SEQ CRITICAL: frontier ahead of the clock: v7 [0-9.]+ s; the frontiers are in a named segment: /,
		'check: the worst status, and both findings') or diag($r->[1]);
	$r = run_check('-w', 7200, '-c', 10000, @server);
	is($r->[0], 0, 'check: OK without preload on 17+ (the frontiers in a named segment)')
	  or diag($r->[1]);
	$r = run_check('-w', 7200, '-c', 10000, '--need-preload', @server);
	is($r->[0], 1, 'check: WARNING without preload under --need-preload');
	like($r->[1], qr/^UUID_SEQ WARNING: the frontiers are in a named segment: uuid_seq is not in shared_preload_libraries( \||$)/,
		'check: says so') or diag($r->[1]);
}
else
{
	$r = run_check(@server);
	is($r->[0], 1, 'check: WARNING without preload before 17');
	like($r->[1], qr/^UUID_SEQ WARNING: each session has frontiers of its own: uuid_seq is not in shared_preload_libraries( \| .*)?$/,
		'check: says so') or diag($r->[1]);
}

# ---- none of mallory's code ran ----------------------------------------------

for my $db (qw(postgres mdb app trap))
{
	is(own_sql($db, 'SELECT is_called FROM public.planted_ran'), 'f', "$db: no planted code ran");
}
is(own_sql('postgres', "SELECT rolsuper FROM pg_roles WHERE rolname = 'mallory'"), 'f', 'mallory is no superuser');
# (and the planted code does run where it is called)
own_sql('trap', 'SELECT count(*) FROM public.uuid_seq_state()', 'watch');
is(own_sql('trap', 'SELECT is_called FROM public.planted_ran'), 't', 'trap: the look-alike counts when called');

$node->stop;
done_testing();
