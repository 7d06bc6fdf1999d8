# Every family under concurrency, preloaded: 8 sessions taking
# 25k values each at once (no duplicate, each session strictly increasing),
# successive connections with skewed clocks (one strictly increasing stream),
# and parallel plans (the generators stay in the leader; called in workers
# through a mislabelled wrapper, they share the leader's frontier).
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../perl";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidSeqGenerators;

my $sessions = 8;
my $per_session = 25_000;

my $node = PostgreSQL::Test::Cluster->new('concurrency');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
max_connections = 40
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
$node->safe_psql('postgres',
	'CREATE TABLE big AS SELECT g FROM generate_series(1, 300000) g; ANALYZE big');
my $parallel = q{
	SET parallel_setup_cost = 0;
	SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0;
	SET max_parallel_workers_per_gather = 2;
};

for my $g (@GENERATORS)
{
	my ($family, $expr, $gt, $type) = @$g{qw(family expr gt type)};

	# 8 sessions at once.
	$node->safe_psql('postgres', "DROP TABLE IF EXISTS conc; CREATE TABLE conc (s int, n int, u $type)");
	my @bg = map { $node->background_psql('postgres') } 1 .. $sessions;
	$_->query_until(qr/started/, "\\echo started\n") for @bg;
	for my $s (0 .. $#bg)
	{
		$bg[$s]->query_until(qr/^$/, qq{
			INSERT INTO conc SELECT $s, n, $expr FROM generate_series(1, $per_session) n;
		});
	}
	$_->quit for @bg;
	is( $node->safe_psql(
			'postgres', qq{
			SELECT count(*), count(DISTINCT u), bool_and(prev IS NULL OR u $gt prev)
			FROM (SELECT u, lag(u) OVER (PARTITION BY s ORDER BY n) prev FROM conc) t}),
		($sessions * $per_session) . '|' . ($sessions * $per_session) . '|t',
		"$family: $sessions concurrent sessions, all values distinct, each session increasing");

	# Successive connections, each with its own skewed clock: one stream.
	$node->safe_psql('postgres', "DROP TABLE IF EXISTS seen; CREATE TABLE seen (n serial, u $type)");
	for my $i (1 .. 20)
	{
		my $shift = ($i % 2 ? '' : '-') . ($i % 5) . ' seconds';
		$node->safe_psql('postgres', qq{
			SET uuid_seq.clock_shift = '$shift';
			INSERT INTO seen (u) SELECT $expr FROM generate_series(1, 50)});
	}
	is( $node->safe_psql(
			'postgres', qq{
			SELECT bool_and(u $gt prev) FROM (
			  SELECT u, lag(u) OVER (ORDER BY n) prev FROM seen) t
			WHERE prev IS NOT NULL}),
		't', "$family: connections with skewed clocks keep increasing");

	# Parallel plans: the scan runs in workers, the generator (PARALLEL
	# RESTRICTED) in the leader, above the Gather.
	my ($fn) = $expr =~ /^(\w+)/;
	my $plan = $node->safe_psql('postgres', $parallel . qq{
			EXPLAIN (VERBOSE, COSTS OFF) SELECT $expr FROM big});
	my ($above, $below) = split /Parallel Seq Scan/, $plan, 2;
	ok(defined $below && $above =~ /Gather/ && $above =~ /\b$fn\(/ && $below !~ /\b$fn\(/,
		"$family: the plan is parallel, the generator runs in the leader")
	  or diag($plan);
	is( $node->safe_psql('postgres', $parallel . qq{
			SELECT count(*) = count(DISTINCT u) AND count(*) = 300000
			FROM (SELECT $expr u FROM big) s}),
		't', "$family: values of a parallel plan are unique");

	# Called in workers all the same (through a wrapper mislabelled PARALLEL
	# SAFE), with a clock 10 s ahead, the generator moves the shared
	# frontier: the leader's next value, with the real clock, lies above all
	# of the workers' values.
	$node->safe_psql('postgres', qq{
			DROP FUNCTION IF EXISTS in_worker();
			CREATE FUNCTION in_worker() RETURNS $type LANGUAGE plpgsql
			PARALLEL SAFE AS \$body\$BEGIN RETURN $expr; END\$body\$});
	like($node->safe_psql('postgres', $parallel . q{
			SET parallel_leader_participation = off;
			EXPLAIN (VERBOSE, COSTS OFF) SELECT in_worker() FROM big}),
		qr/Parallel Seq Scan.*in_worker\(\)/s, "$family: the wrapper runs in workers");
	is( $node->safe_psql('postgres', $parallel . qq{
			SET parallel_leader_participation = off;
			SET uuid_seq.clock_shift = '10 s';
			CREATE TEMP TABLE from_workers AS SELECT in_worker() u FROM big;
			RESET uuid_seq.clock_shift;
			SELECT bool_and(($expr) $gt u) FROM from_workers}),
		't', "$family: parallel workers share the frontier with the leader");
}

$node->stop;
done_testing();
