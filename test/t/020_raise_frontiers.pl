# uuid_seq_raise_frontiers() against what surrounds it on a real server
# (src/README §12, "Frontiers that travel"):
#
# - a restart with another node id after the statement: the keys of
#   ULID, TSID and Snowflake hold the node id above their counter, and a
#   key of a smaller node id than the server's is covered by a word of its
#   own tick; a start restores a saved word to the end of its tick, so the
#   server, started again with a node id smaller than the key's, makes keys
#   above it (the word was once the last of the tick before: new keys fell
#   below the old ones).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# Keys of node 5 ten minutes ahead of the clock, read by a server with node
# id 7 (under node_bits = 8), which is then restarted with node id 3.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_node_id');
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 8
uuid_seq.node_id = 7
});
	$node->start;
	# each key: node 5, counter 100, ten minutes ahead
	my $ahead = q{now() + interval '10 min'};
	my %tables = (
		tsid_keys => [ 'bigint', 'tsid_generate()',
			"tsid_lower_bound($ahead) + (5::bigint << 14) + 100", '>' ],
		snowflake_keys => [ 'bigint', 'snowflake_generate()',
			"snowflake_lower_bound($ahead) + (5::bigint << 12) + 100", '>' ],
		ulid_keys => [ 'uuid', 'ulid_generate()',
			"encode(overlay(uuid_send(ulid_lower_bound($ahead)) placing '\\x050064'::bytea from 7 for 3), 'hex')::uuid",
			'>' ]);
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	for my $t (sort keys %tables)
	{
		my ($type, $default, $key) = @{ $tables{$t} };
		$node->safe_psql('postgres', qq{
			CREATE TABLE $t (id $type PRIMARY KEY DEFAULT $default, n int);
			INSERT INTO $t (id, n) VALUES ($key, 1);
		});
	}
	is( $node->safe_psql(
			'postgres',
			'SELECT string_agg(table_name || \' \' || raised, \', \' ORDER BY table_name::text) FROM uuid_seq_raise_frontiers()'),
		'snowflake_keys true, tsid_keys true, ulid_keys true',
		'node id 7: the statement raises every column of node 5\'s keys');

	$node->append_conf('postgresql.conf', "uuid_seq.node_id = 3\n");
	$node->restart;
	for my $t (sort keys %tables)
	{
		my ($type, $default, $key, $gt) = @{ $tables{$t} };
		is( $node->safe_psql(
				'postgres', qq{
				INSERT INTO $t (n) VALUES (2)
				RETURNING id $gt (SELECT id FROM $t WHERE n = 1)}),
			't',
			"$t: restarted with node id 3, a new key lies above node 5's");
	}
	$node->stop;
}

done_testing();
