# Three independent servers with uuid_seq.node_bits = 8 and node ids 1..3
# generate at the same time: the merged values are all distinct and each
# value gives back the node that made it.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $per_node = 50000;
my @nodes;
for my $id (1 .. 3)
{
	my $node = PostgreSQL::Test::Cluster->new("node$id");
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 8
uuid_seq.node_id = $id
});
	$node->start;
	$node->safe_psql('postgres',
		'CREATE EXTENSION uuid_seq; CREATE TABLE made (n int, u uuid)');
	push @nodes, $node;
}

# Generate on all three at once.
my @sessions = map { $_->background_psql('postgres') } @nodes;
for my $s (@sessions)
{
	$s->query_until(qr/^$/, qq{
		INSERT INTO made SELECT n, uuid_generate_v7() FROM generate_series(1, $per_node) n;
	});
}
$_->quit for @sessions;

my %seen;
my $total = 0;
for my $i (0 .. $#nodes)
{
	my $node = $nodes[$i];
	my $id = $i + 1;
	is($node->safe_psql('postgres', 'SELECT count(*) FROM made'),
		$per_node, "node $id made its values");
	is( $node->safe_psql(
			'postgres', "SELECT count(*) FROM made WHERE uuid_node_id(u, 8) <> $id"),
		'0', "node $id: uuid_node_id(u, 8) gives back $id");
	$seen{$_}++ for split /\n/, $node->safe_psql('postgres', 'SELECT u FROM made');
	$total += $per_node;
}
is(scalar(keys %seen), $total, 'merged values are all distinct');

$_->stop for @nodes;
done_testing();
