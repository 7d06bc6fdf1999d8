# The regression suite against a server that does not preload uuid_seq:
# every function works with backend-local frontiers (v7_state has its own
# expected output for this mode, v7_state_1.out).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

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

# Each backend keeps its own frontier: one session's values still increase,
# for the 8-byte ids too.
for my $expr ('uuid_generate_v7()', 'tsid_generate()', 'snowflake_generate()')
{
	is( $node->safe_psql(
			'contrib_regression', qq{
			SELECT bool_and(u > prev) FROM (
			  SELECT u, lag(u) OVER (ORDER BY n) prev
			  FROM (SELECT n, $expr u FROM generate_series(1, 10000) n) s) t
			WHERE prev IS NOT NULL}),
		't', "$expr: backend-local frontier is monotonic");
}

$node->stop;
done_testing();
