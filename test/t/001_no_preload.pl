# The regression suite against a server that does not preload uuid_seq:
# the uuid families work with backend-local frontiers, the 8-byte ones
# refuse (the _1 expected outputs are this mode's).
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

# Each backend keeps its own frontier: one session's uuids still increase.
is( $node->safe_psql(
		'contrib_regression', q{
		SELECT bool_and(u > prev) FROM (
		  SELECT u, lag(u) OVER (ORDER BY n) prev
		  FROM (SELECT n, uuid_generate_v7() u FROM generate_series(1, 10000) n) s) t
		WHERE prev IS NOT NULL}),
	't', 'uuid_generate_v7(): backend-local frontier is monotonic');

# An 8-byte id has no random bits to tell two sessions apart: without the
# shared frontiers it is refused (55000), never made from a backend-local one.
for my $expr ('tsid_generate()', 'snowflake_generate()')
{
	my ($ret, $out, $err) = $node->psql('contrib_regression',
		"\\set VERBOSITY verbose\nSELECT $expr");
	isnt($ret, 0, "$expr: refused without the shared frontiers");
	like($err, qr/ERROR:  55000: .* generation needs the shared frontiers of uuid_seq/,
		"$expr: SQLSTATE 55000");
	like($err, qr/HINT:  Add uuid_seq to shared_preload_libraries/,
		"$expr: the hint names shared_preload_libraries");
}

$node->stop;
done_testing();
