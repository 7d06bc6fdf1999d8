# uuid_seq preloaded: node bits reach the values and a node id that does not
# fit its bits stops the server from starting (006_concurrency.pl covers the
# shared frontier under load).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqGenerators;

my $node = PostgreSQL::Test::Cluster->new('preload');
$node->init;
$node->append_conf('postgresql.conf', q{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 8
uuid_seq.node_id = 201
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

for my $g (grep { $_->{node_id} } @GENERATORS)
{
	my $node_id = sprintf $g->{node_id}, 'u';
	is( $node->safe_psql(
			'postgres', qq{
			SELECT count(*) FILTER (WHERE $node_id = 201)
			FROM (SELECT $g->{expr} u FROM generate_series(1, 1000)) s}),
		'1000', "$g->{family}: every value carries the node id");
	is($node->safe_psql('postgres',
			"SELECT shared, node_id, node_bits FROM uuid_seq_state() WHERE family = '$g->{family}'"),
		't|201|8', "$g->{family}: uuid_seq_state shows the node settings");
}

$node->stop;

# A node id that does not fit its bits: the server refuses to start.
$node->append_conf('postgresql.conf', "uuid_seq.node_id = 256\n");
my $started = $node->start(fail_ok => 1);
ok(!$started, 'node_id 256 with node_bits 8 stops the start');
like(slurp_file($node->logfile), qr/uuid_seq.node_id 256 does not fit in uuid_seq.node_bits = 8/,
	'the log says why');

done_testing();
