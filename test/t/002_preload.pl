# uuid_seq preloaded: node bits reach the values, many connections share one
# frontier, parallel workers generate unique values, and a node id that does
# not fit its bits stops the server from starting.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('preload');
$node->init;
$node->append_conf('postgresql.conf', q{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 8
uuid_seq.node_id = 201
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

is( $node->safe_psql(
		'postgres', q{
		SELECT count(*) FILTER (WHERE uuid_node_id(u, 8) = 201)
		FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 1000)) s}),
	'1000', 'every value carries the node id');
is($node->safe_psql('postgres',
		"SELECT shared, node_id, node_bits FROM uuid_seq_state() WHERE family = 'v7'"),
	't|201|8', 'uuid_seq_state shows the node settings');

# 40 sequential connections, each with its own skewed clock: one frontier.
$node->safe_psql('postgres', 'CREATE TABLE seen (n serial, u uuid)');
for my $i (1 .. 40)
{
	my $shift = ($i % 2 ? '' : '-') . ($i % 5) . ' seconds';
	$node->safe_psql('postgres', qq{
		SET uuid_seq.clock_shift = '$shift';
		INSERT INTO seen (u) SELECT uuid_generate_v7() FROM generate_series(1, 50)});
}
is( $node->safe_psql(
		'postgres', q{
		SELECT bool_and(u > prev) FROM (
		  SELECT u, lag(u) OVER (ORDER BY n) prev FROM seen) t
		WHERE prev IS NOT NULL}),
	't', 'values of successive connections keep increasing');

# Parallel workers take from the same frontier.
my $parallel = q{
	SET parallel_setup_cost = 0;
	SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0;
	SET max_parallel_workers_per_gather = 2;
};
$node->safe_psql('postgres',
	'CREATE TABLE big AS SELECT g FROM generate_series(1, 300000) g; ANALYZE big');
like($node->safe_psql('postgres', $parallel . q{
		EXPLAIN (VERBOSE, COSTS OFF) SELECT uuid_generate_v7() FROM big}),
	qr/Gather.*Parallel Seq Scan.*Output: uuid_generate_v7\(\)/s,
	'workers evaluate uuid_generate_v7()');
is( $node->safe_psql('postgres', $parallel . q{
		SELECT count(*) = count(DISTINCT u) AND count(*) = 300000
		FROM (SELECT uuid_generate_v7() u FROM big) s}),
	't', 'parallel workers generate unique values');
# Workers alone, with a clock 10 s ahead: they move the shared frontier, so
# the leader's next value (with the real clock) lies above all of theirs.
is( $node->safe_psql('postgres', $parallel . q{
		SET parallel_leader_participation = off;
		SET uuid_seq.clock_shift = '10 s';
		CREATE TABLE from_workers AS SELECT uuid_generate_v7() u FROM big;
		RESET uuid_seq.clock_shift;
		SELECT uuid_generate_v7() > (SELECT max(u::text)::uuid FROM from_workers)}),
	't', 'parallel workers share the frontier with the leader');

# Concurrent backends: no duplicates, each strictly increasing.
my @sessions;
for my $s (1 .. 4)
{
	push @sessions, $node->background_psql('postgres');
}
$node->safe_psql('postgres', 'CREATE TABLE conc (s int, n int, u uuid)');
$_->query_until(qr/started/, "\\echo started\n") for @sessions;
for my $s (0 .. $#sessions)
{
	$sessions[$s]->query_until(qr/^$/, qq{
		INSERT INTO conc SELECT $s, n, uuid_generate_v7() FROM generate_series(1, 20000) n;
	});
}
$_->quit for @sessions;
is( $node->safe_psql(
		'postgres', q{
		SELECT count(*) = count(DISTINCT u) AND bool_and(prev IS NULL OR u > prev)
		FROM (SELECT u, lag(u) OVER (PARTITION BY s ORDER BY n) prev FROM conc) t}),
	't', 'concurrent sessions: unique, each strictly increasing');
is($node->safe_psql('postgres', 'SELECT count(*) FROM conc'), '80000', 'all rows in');

$node->stop;

# A node id that does not fit its bits: the server refuses to start.
$node->append_conf('postgresql.conf', "uuid_seq.node_id = 256\n");
my $started = $node->start(fail_ok => 1);
ok(!$started, 'node_id 256 with node_bits 8 stops the start');
like(slurp_file($node->logfile), qr/uuid_seq.node_id 256 does not fit in uuid_seq.node_bits = 8/,
	'the log says why');

done_testing();
