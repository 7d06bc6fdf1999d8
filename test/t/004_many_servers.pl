# Three independent servers with uuid_seq.node_bits = 8 and node ids 1..3
# generate at the same time, with every family that carries a node id: the
# merged values are all distinct and each value gives back the node that
# made it.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqGenerators;

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
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	push @nodes, $node;
}

for my $g (grep { $_->{node_id} } @GENERATORS)
{
	my $family = $g->{family};
	my $node_id = sprintf $g->{node_id}, 'u';

	# Generate on all three at once.
	$_->safe_psql('postgres', 'DROP TABLE IF EXISTS made; CREATE TABLE made (n int, u uuid)')
	  for @nodes;
	my @sessions = map { $_->background_psql('postgres') } @nodes;
	for my $s (@sessions)
	{
		$s->query_until(qr/^$/, qq{
			INSERT INTO made SELECT n, $g->{expr} FROM generate_series(1, $per_node) n;
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
			$per_node, "$family: node $id made its values");
		is( $node->safe_psql(
				'postgres', "SELECT count(*) FROM made WHERE $node_id <> $id"),
			'0', "$family: node $id: the node id comes back");
		$seen{$_}++ for split /\n/, $node->safe_psql('postgres', 'SELECT u FROM made');
		$total += $per_node;
	}
	is(scalar(keys %seen), $total, "$family: merged values are all distinct");
}

$_->stop for @nodes;
done_testing();
