# Three independent servers with uuid_seq.node_bits = 8 and node ids 1..3
# generate at the same time, with every family that carries a node id: the
# merged values are all distinct and each value gives back the node that
# made it.  The 8-byte ids hold it in the bits src/README §16 gives it: a
# TSID's top node_bits of its 22 low bits, a Snowflake's bits 12 to 21.  A
# node id that fits node_bits but not a Snowflake's 10-bit field: the server
# starts, the uuid families and TSID carry it, snowflake_generate() refuses
# (22023).  A node id that changes across a restart keeps every family
# above the values it handed out before.
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
	$_->safe_psql('postgres', "DROP TABLE IF EXISTS made; CREATE TABLE made (n int, u $g->{type})")
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

# The raw bits of the 8-byte ids, without the readers: node 2's TSIDs hold 2
# in bits 14 to 21 (the top 8 of 22), its Snowflake ids in bits 12 to 21.
is( $nodes[1]->safe_psql(
		'postgres', q{
		SELECT count(*) FILTER (WHERE (t >> 14) & 255 = 2), count(*) FILTER (WHERE (s >> 12) & 1023 = 2)
		FROM (SELECT tsid_generate() t, snowflake_generate() s FROM generate_series(1, 1000)) x}),
	'1000|1000', 'node 2: the node id in the bits of the TSID and Snowflake layouts');

# A server whose node id changes across a clean restart, with its clock an
# hour behind (so the frontiers restored from the file are ahead of it):
# every family still continues above what it handed out, although the node
# id lies above the counter in ULID, TSID and Snowflake values.
my $renamed = $nodes[2];
my %newest = map { ($_->{family} => $renamed->safe_psql('postgres', newest_sql($_, 1000))) } @GENERATORS;
$renamed->stop;
$renamed->append_conf('postgresql.conf', "uuid_seq.node_id = 1\nuuid_seq.clock_shift = '-1 hour'\n");
$renamed->start;
for my $g (@GENERATORS)
{
	is($renamed->safe_psql('postgres', "SELECT $g->{expr} $g->{gt} '$newest{$g->{family}}'"),
		't', "$g->{family}: node id 3 -> 1 across a restart, the clock behind: values stay above");
}

# node_bits 16, node id 1024: snowflake_generate() refuses at the call, the
# others carry the node id.
my $wide = $nodes[0];
$wide->stop;
$wide->append_conf('postgresql.conf', "uuid_seq.node_bits = 16\nuuid_seq.node_id = 1024\n");
$wide->start;
is( $wide->safe_psql(
		'postgres', q{
		SELECT tsid_node_id(tsid_generate(), 16), (tsid_generate() >> 6) & 65535,
		       uuid_node_id(uuid_generate_v7(), 16), ulid_node_id(ulid_generate(), 16)}),
	'1024|1024|1024|1024', 'node id 1024 in 16 bits: TSID, v7 and ULID carry it');
my ($ret, $out, $err) = $wide->psql('postgres',
	q{SELECT snowflake_generate(); SELECT snowflake_generate('2015-01-01 00:00+00')},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
isnt($ret, 0, 'node id 1024: snowflake_generate() fails');
like($err,
	qr/ERROR:  22023: uuid_seq.node_id 1024 does not fit in a Snowflake's 10-bit node field\n(?:.*\n)*?HINT:  Give this server a node id below 1024/,
	'node id 1024: 22023, and the hint says what to do');
is( $wide->safe_psql(
		'postgres', q{
		CREATE TEMP TABLE f AS SELECT frontier_id FROM uuid_seq_state() WHERE family = 'snowflake';
		DO $$BEGIN PERFORM snowflake_generate(); EXCEPTION WHEN invalid_parameter_value THEN NULL; END$$;
		SELECT coalesce((SELECT generated FROM uuid_seq_backends WHERE pid = pg_backend_pid()), 0),
		       frontier_id = (SELECT frontier_id FROM f)
		FROM uuid_seq_state() WHERE family = 'snowflake';
		SELECT tsid_generate() > 0}),
	"0|t\nt", 'the refusal takes no value and leaves the frontier; TSIDs go on');

$_->stop for @nodes;
done_testing();
