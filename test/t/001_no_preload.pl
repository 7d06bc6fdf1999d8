# The regression suite against a server that does not preload uuid_seq: on
# 17 and later every family takes from the frontiers in the named segment,
# as when preloaded (v7_state_2.out shows the settings and where the
# frontiers live); before 17 the uuid families have frontiers per session
# and the 8-byte ones refuse (the _1 expected outputs).  Then 8-byte ids
# from concurrent sessions.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

my $major = tested_major();

my $node = PostgreSQL::Test::Cluster->new('no_preload');
$node->init;
$node->start;

is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'),
	'', 'uuid_seq is not preloaded');

my $outdir = "${PostgreSQL::Test::Utils::tmp_check}/regress_no_preload";
mkdir $outdir;
my @tests = split ' ', ($ENV{UUID_SEQ_REGRESS} // '');
die 'UUID_SEQ_REGRESS names no tests: run through "make prove"' unless @tests;
my $rc = system($ENV{PG_REGRESS},
	'--host=' . $node->host,
	'--port=' . $node->port,
	'--inputdir=test/regress',
	"--outputdir=$outdir",
	'--dbname=contrib_regression',
	@tests);
is($rc, 0, 'regression suite passes without preload');
if ($rc != 0 && -e "$outdir/regression.diffs")
{
	diag(slurp_file("$outdir/regression.diffs"));
}

# 8-byte ids from 4 sessions at once, 50,000 each: on 17 and later they come
# from the named segment's frontiers, all distinct, each session's
# increasing; before 17 there are no shared frontiers and they are refused
# (55000), never made from a backend-local frontier, which has no random
# bits to tell two sessions apart.
my ($sessions, $per_session) = (4, 50_000);
for my $expr ('tsid_generate()', 'snowflake_generate()')
{
	$node->safe_psql('contrib_regression',
		'DROP TABLE IF EXISTS conc; CREATE TABLE conc (s int, n int, id bigint)');
	my @bg = map { $node->background_psql('contrib_regression', on_error_stop => 0) }
	  1 .. $sessions;
	$_->query_until(qr/started/, "\\echo started\n") for @bg;
	$bg[$_]->query_until(qr/^$/, qq{
		\\set VERBOSITY verbose
		INSERT INTO conc SELECT $_, n, $expr FROM generate_series(1, $per_session) n;
	}) for 0 .. $#bg;
	$_->quit for @bg;
	if ($major >= 17)
	{
		is( $node->safe_psql(
				'contrib_regression', qq{
				SELECT count(*), count(DISTINCT id), bool_and(prev IS NULL OR id > prev)
				FROM (SELECT id, lag(id) OVER (PARTITION BY s ORDER BY n) prev FROM conc) t}),
			($sessions * $per_session) . '|' . ($sessions * $per_session) . '|t',
			"$expr: $sessions sessions without preload, every id distinct, each session's increasing");
	}
	else
	{
		is($node->safe_psql('contrib_regression', 'SELECT count(*) FROM conc'),
			'0', "$expr: no id made without the shared frontiers");
		my ($ret, $out, $err) = $node->psql('contrib_regression',
			"\\set VERBOSITY verbose\nSELECT $expr");
		isnt($ret, 0, "$expr: refused without the shared frontiers");
		like($err, qr/ERROR:  55000: .* generation needs the shared frontiers of uuid_seq/,
			"$expr: SQLSTATE 55000");
		like($err, qr/HINT:  Add uuid_seq to shared_preload_libraries/,
			"$expr: the hint names shared_preload_libraries");
	}
}

# Where the frontiers live (uuid_seq_frontiers_in()), and shared or not.
is( $node->safe_psql(
		'contrib_regression',
		'SELECT DISTINCT uuid_seq_frontiers_in(), shared FROM uuid_seq_state()'),
	$major >= 17 ? 'named segment|t' : 'session|f',
	'uuid_seq_frontiers_in() says where the frontiers live');

# A uuid family before 17: each backend keeps its own frontier, and one
# session's values still increase.
is( $node->safe_psql(
		'contrib_regression', q{
		SELECT bool_and(u > prev) FROM (
		  SELECT u, lag(u) OVER (ORDER BY n) prev
		  FROM (SELECT n, uuid_generate_v7() u FROM generate_series(1, 10000) n) s) t
		WHERE prev IS NOT NULL}),
	't', 'uuid_generate_v7(): one session\'s values increase');

$node->stop;
done_testing();
