# docs/monitoring/'s ready-made checks against a preloading server
# (docs/monitoring.md says what they watch).
# 1. postgres_exporter.yaml: every query, as a role in pg_monitor (what the
#    file's header asks for), returns exactly the columns its metrics name,
#    text for a LABEL and a number for a GAUGE or COUNTER (psql's \gdesc),
#    and rows whose numbers say what the metrics describe: a family's
#    frontier put an hour ahead of the clock by uuid_seq.clock_shift reads
#    about 3,600 s ahead, a role outside pg_monitor sees no frontier.
# 2. check_uuid_seq: exit code and line for OK, WARNING and CRITICAL (that
#    frontier an hour ahead, under thresholds below, around and above it),
#    UNKNOWN for a role that cannot see the frontiers, a database without
#    the extension, a bad threshold; once the server no longer preloads
#    uuid_seq, WARNING before 17 (each session's frontiers); on 17+ (a
#    named segment, restored from the file) v7 is still an hour ahead, and
#    --need-preload warns.
# 3. Where Debian's prometheus-postgres-exporter is installed, the exporter
#    itself runs the file (on a loopback port) and /metrics carries every
#    metric it declares, with no scrape error; skipped with one line
#    otherwise.  No sleeps: the frontier is moved by the clock shift.
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

my $node = PostgreSQL::Test::Cluster->new('monitoring');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE watch LOGIN IN ROLE pg_monitor;
	CREATE ROLE peek LOGIN;
	CREATE DATABASE plain;
});

# ---- 1. the exporter's queries --------------------------------------------

my $yaml = CPAN::Meta::YAML->read_string(slurp_file($yaml_file))
  or die CPAN::Meta::YAML->errstr;
my %queries = %{ $yaml->[0] };
ok(keys %queries >= 3, "$yaml_file: " . scalar(keys %queries) . ' queries');

# {column => usage} of a query's metrics, in the file's order
sub declared
{
	my ($q) = @_;
	return map { my ($c) = keys %$_; [ $c, $_->{$c}{usage} ] } @{ $queries{$q}{metrics} };
}

# the rows of query $q as role $role: a list of {column => value}
sub rows_of
{
	my ($q, $role) = @_;
	my @cols = map { $_->[0] } declared($q);
	my $out = $node->safe_psql('postgres', $queries{$q}{query}, extra_params => [ '-U', $role ]);
	return map { my %r; @r{@cols} = split /\|/, $_, -1; \%r } grep { $_ ne '' } split /\n/, $out;
}

# keys of every kind, so that every family has a frontier
$node->safe_psql('postgres', q{
	SELECT uuid_generate_v7(), ulid_generate(), tsid_generate(), snowflake_generate(), comb_new();
});

my $number = qr/^(smallint|integer|bigint|real|double precision|numeric)$/;
for my $q (sort keys %queries)
{
	is($queries{$q}{master}, 'true', "$q: master (one database: the state is the cluster's)");
	my @metrics = declared($q);
	(my $query = $queries{$q}{query}) =~ s/;?\s*$//;
	my $desc = $node->safe_psql('postgres', "$query \\gdesc", extra_params => [ '-U', 'watch' ]);
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
$node->safe_psql('postgres', q{
	SET uuid_seq.clock_shift = '1 hour';
	SELECT uuid_generate_v7();
});
my %ahead = map { $_->{family} => $_->{ahead_seconds} } rows_of('uuid_seq_frontier', 'watch');
is(scalar(keys %ahead), 5, 'uuid_seq_frontier: a row per family that made a key (v7, ulid, tsid, snowflake, a COMB)');
ok($ahead{v7} > 3000 && $ahead{v7} <= 3600, "uuid_seq_frontier: v7 an hour ahead ($ahead{v7} s)");
ok($ahead{ulid} <= 0, "uuid_seq_frontier: ulid not ahead ($ahead{ulid} s)");
my ($server) = rows_of('uuid_seq_server', 'watch');
is_deeply([ @$server{qw(frontiers_in shared frontiers_visible)} ], [ 'shared memory', 1, 1 ],
	'uuid_seq_server: in shared memory, shared, visible');
my ($backends) = rows_of('uuid_seq_backends', 'watch');
ok($backends->{overflows} == 0 && $backends->{clock_rollbacks} == 0,
	'uuid_seq_backends: no overflow, no rollback among the connected backends');
is(scalar(rows_of('uuid_seq_frontier', 'peek')), 0, 'uuid_seq_frontier: nothing for a role outside pg_monitor');
($server) = rows_of('uuid_seq_server', 'peek');
is($server->{frontiers_visible}, 0, 'uuid_seq_server: frontiers_visible 0 outside pg_monitor');

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

my $r = run_check(@server, '-U', 'watch');
is($r->[0], 2, 'check: CRITICAL with v7 an hour ahead (defaults: warning 1 s, critical 60 s)');
like($r->[1], qr/^UUID_SEQ CRITICAL: frontier ahead of the clock: v7 3[0-9]{3}\.[0-9]{3} s \| (.* )?v7=3[0-9.]+s;1;60( |$)/,
	'check: the line names v7 and its seconds, with performance data') or diag($r->[1]);
$r = run_check('-w', 60, '-c', 7200, @server, '-U', 'watch');
is($r->[0], 1, 'check: WARNING under -w 60 -c 7200');
like($r->[1], qr/^UUID_SEQ WARNING: frontier ahead of the clock: v7 /, 'check: WARNING names v7') or diag($r->[1]);
$r = run_check('-w', 7200, '-c', 10000, '--need-preload', @server, '-U', 'watch');
is($r->[0], 0, 'check: OK under -w 7200 -c 10000 --need-preload');
like($r->[1], qr/^UUID_SEQ OK: every frontier less than 7200 s ahead of the clock \| .*ulid=-[0-9.]+s;7200;10000/,
	'check: the OK line') or diag($r->[1]);
$r = run_check(@server, '-U', 'peek');
is($r->[0], 3, 'check: UNKNOWN for a role outside pg_monitor');
like($r->[1], qr/^UUID_SEQ UNKNOWN: role peek cannot see the frontiers \(GRANT pg_monitor TO peek\)$/,
	'check: says what to grant') or diag($r->[1]);
$r = run_check('-h', $node->host, '-p', $node->port, '-d', 'plain', '-U', 'watch');
is($r->[0], 3, 'check: UNKNOWN in a database without the extension');
like($r->[1], qr/^UUID_SEQ UNKNOWN: ERROR:  function uuid_seq_state\(\) does not exist/, 'check: psql\'s error')
  or diag($r->[1]);
$r = run_check('-w', 'soon', @server);
is($r->[0], 3, 'check: UNKNOWN for a threshold that is no number');
$r = run_check('-w');
is($r->[0], 3, 'check: UNKNOWN for -w without a value');
like($r->[1], qr/^UUID_SEQ UNKNOWN: usage: /, 'check: usage');

# ---- 3. the exporter itself ----------------------------------------------

my ($exporter) = grep { -x $_ } map { File::Spec->catfile($_, 'prometheus-postgres-exporter') }
  File::Spec->path();
SKIP:
{
	skip 'prometheus-postgres-exporter not installed (Debian\'s package of that name): '
	  . "$yaml_file checked with psql only", 1 unless $exporter;
	my $port = PostgreSQL::Test::Cluster::get_free_port();
	local $ENV{DATA_SOURCE_NAME} = 'host=' . $node->host . ' port=' . $node->port
	  . ' user=watch dbname=postgres sslmode=disable';
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
		}
	}
	like($metrics, qr/^uuid_seq_frontier_ahead_seconds\{[^}]*family="v7"[^}]*\} 3[0-9]{3}\./m,
		'exporter: v7 an hour ahead');
	like($metrics, qr/^uuid_seq_server_shared\{[^}]*frontiers_in="shared memory"[^}]*\} 1$/m,
		'exporter: shared, in shared memory');
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

$node->stop;
done_testing();
