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
	# the frontier shown is the smallest value of the last step: above the
	# value before, at or below the last (a uuid in frontier, or a bigint in
	# frontier_id, the other column NULL; neither for a type of its own)
	next unless frontier_column($g);
	my ($shown, $other) = (frontier_column($g), $g->{type} eq 'bigint' ? 'frontier' : 'frontier_id');
	is( $node->safe_psql(
			'postgres', qq{
			CREATE TEMP TABLE two AS SELECT n, $g->{expr} u FROM generate_series(1, 2) n;
			SELECT (SELECT u FROM two WHERE n = 1) < $shown AND $shown <= (SELECT u FROM two WHERE n = 2),
			       $other IS NULL
			FROM uuid_seq_state() WHERE family = '$g->{family}'}),
		't|t', "$g->{family}: uuid_seq_state's $shown lies between the last two values");
	# uuid_seq_backends shows the last value in the column of its type
	my $last = last_column($g);
	is( $node->safe_psql(
			'postgres', qq{
			CREATE TEMP TABLE one AS SELECT $g->{expr} u;
			SELECT $last = (SELECT u FROM one), @{[ $last eq 'last_id' ? 'last_value' : 'last_id' ]} IS NULL
			FROM uuid_seq_backends WHERE pid = pg_backend_pid()}),
		't|t', "$g->{family}: uuid_seq_backends shows the last value in $last");
}

# Fresh connections never share random bits: each backend draws its own
# buffer (a buffer filled before a fork is never used by the child).
my %random_parts;
for (1 .. 20)
{
	my ($v4, $v7) = split /\|/, $node->safe_psql('postgres', 'SELECT public.uuidv4(), uuid_generate_v7()');
	$random_parts{ substr($v4, 19) }++;
	$random_parts{ substr($v7, 24) }++;
}
is(scalar(keys %random_parts), 40, 'first values of 20 connections share no random bits');

# The extension is trusted: a database owner who is not superuser installs it.
$node->safe_psql('postgres', 'CREATE ROLE app_owner LOGIN; CREATE DATABASE app OWNER app_owner');
is( $node->safe_psql(
		'app', q{
		CREATE EXTENSION uuid_seq;
		CREATE TABLE t (id sqlguid PRIMARY KEY DEFAULT comb_new());
		INSERT INTO t DEFAULT VALUES;
		SELECT rolsuper, (SELECT count(*) FROM t) FROM pg_roles WHERE rolname = current_user},
		extra_params => [ '-U', 'app_owner' ]),
	'f|1', 'a database owner without superuser installs the trusted extension');
# the ulid type (1.4) is theirs too: a key column, its casts and classes
is( $node->safe_psql(
		'app', q{
		CREATE TABLE u (id ulid PRIMARY KEY DEFAULT gen_ulid(), name text);
		INSERT INTO u (name) VALUES ('a'), ('b');
		INSERT INTO u VALUES ('01arz3ndektsv4rrffq69g5fav', 'c');
		CREATE INDEX ON u USING hash (id);
		SELECT count(*), min(id), max(id) = (SELECT id FROM u WHERE name = 'b'),
		       min(id)::timestamptz AT TIME ZONE 'UTC'
		FROM u WHERE id >= '2016-07-30'::timestamptz::ulid},
		extra_params => [ '-U', 'app_owner' ]),
	'3|01ARZ3NDEKTSV4RRFFQ69G5FAV|t|2016-07-30 23:54:10.259',
	'the database owner uses the ulid type');
# and 1.4's other keys: UUIDv6, the ksuid and objectid types, each a key
# column of its generator with its classes, bounds and time
is( $node->safe_psql(
		'app', q{
		CREATE TABLE k6 (id uuid PRIMARY KEY DEFAULT uuid_generate_v6());
		CREATE TABLE kk (id ksuid PRIMARY KEY DEFAULT ksuid_generate());
		CREATE TABLE ko (id objectid PRIMARY KEY DEFAULT objectid_generate());
		INSERT INTO k6 SELECT FROM generate_series(1, 3);
		INSERT INTO kk SELECT FROM generate_series(1, 3);
		INSERT INTO ko SELECT FROM generate_series(1, 3);
		CREATE INDEX ON kk USING hash (id);
		CREATE INDEX ON ko USING hash (id);
		SELECT (SELECT count(*) FROM k6 WHERE id >= uuid_v6_lower_bound(now() - interval '1 hour')),
		       (SELECT count(*) FROM kk WHERE id >= ksuid_lower_bound(now() - interval '1 hour')
		                                  AND ksuid_to_timestamptz(id) <= now() + interval '1 hour'),
		       (SELECT count(*) FROM ko WHERE id >= objectid_lower_bound(now() - interval '1 hour')
		                                  AND objectid_to_timestamptz(id) <= now() + interval '1 hour'),
		       (SELECT min(id) < max(id) FROM kk), (SELECT min(id) < max(id) FROM ko)},
		extra_params => [ '-U', 'app_owner' ]),
	'3|3|3|t|t', 'the database owner uses UUIDv6, ksuid and objectid keys');
# its binary form, through COPY: 16 bytes a value, read back the same
my $copy = $node->basedir . '/ulid.copy';
is( $node->safe_psql(
		'app', qq{
		COPY (SELECT id FROM u) TO '$copy' (FORMAT binary);
		CREATE TEMP TABLE back (id ulid);
		COPY back FROM '$copy' (FORMAT binary);
		SELECT count(*) FROM u JOIN back USING (id)}),
	'3', 'a ulid goes through COPY in binary');
# (header 19 bytes, then per row a field count, a length of 16, 16 bytes)
is(-s $copy, 19 + 3 * (2 + 4 + 16) + 2, 'its binary form is 16 bytes');

# uuid_seq_state() shows each frontier as the smallest value this server
# hands out at that step: with the node id, for every family that has one.
my @with_node = grep { $_->{node_id} && frontier_column($_) } @GENERATORS;
is( $node->safe_psql(
		'postgres', 'SELECT '
		  . join(" || ',' || ",
			map {
				"(SELECT '$_->{family}:' || " . sprintf($_->{node_id}, frontier_column($_))
				  . " FROM uuid_seq_state() WHERE family = '$_->{family}')"
			} @with_node)),
	join(',', map { "$_->{family}:201" } @with_node), 'the frontiers shown carry the node id');

# The shared frontiers move with every value generated anywhere in the
# cluster: an ordinary role, here in another database, sees each family and
# the settings but not the frontiers; pg_read_all_stats sees them.
$node->safe_psql('postgres', q{
	CREATE ROLE watcher LOGIN;
	CREATE DATABASE elsewhere OWNER watcher;
	SELECT uuid_generate_v7(), tsid_generate()});
$node->safe_psql('elsewhere', 'CREATE EXTENSION uuid_seq', extra_params => [ '-U', 'watcher' ]);
my $state_sql = q{
	SELECT count(*), bool_and(shared), count(frontier) + count(frontier_id), count(frontier_time),
	       min(node_id), min(node_bits)
	FROM uuid_seq_state()};
is($node->safe_psql('elsewhere', $state_sql, extra_params => [ '-U', 'watcher' ]),
	scalar(@GENERATORS) . '|t|0|0|201|8',
	'an ordinary role in another database sees no frontier');
$node->safe_psql('postgres', 'GRANT pg_read_all_stats TO watcher');
like($node->safe_psql('elsewhere', $state_sql, extra_params => [ '-U', 'watcher' ]),
	qr/^\d+\|t\|[1-9]\d*\|[1-9]\d*\|201\|8$/,
	'with pg_read_all_stats it sees the frontiers');

# ulid_generate_xact() keeps the node id; its low bits count up by 1.
is( $node->safe_psql(
		'postgres', q{
		BEGIN;
		CREATE TEMP TABLE x AS SELECT n, ulid_generate_xact() u FROM generate_series(1, 1000) n;
		SELECT bool_and(ulid_node_id(u, 8) = 201), count(DISTINCT ulid_timestamp(u)),
		       bool_and(low - prev_low = 1)
		FROM (SELECT u, ('x' || right(u::text, 12))::bit(48)::bigint AS low,
		             lag(('x' || right(u::text, 12))::bit(48)::bigint) OVER (ORDER BY n) AS prev_low
		      FROM x) s;
		COMMIT;}),
	't|1|t', 'ulid_generate_xact: node id kept, one timestamp, low bits +1');

# ulid_generate_xact() is PARALLEL RESTRICTED; a wrapper mislabelled PARALLEL
# SAFE that reaches a worker gets an error, not values out of order.
$node->safe_psql('postgres', q{
	CREATE FUNCTION xact_wrapper() RETURNS uuid LANGUAGE plpgsql PARALLEL SAFE
	AS 'BEGIN RETURN ulid_generate_xact(); END';
	CREATE TABLE big AS SELECT g FROM generate_series(1, 100000) g;
	ANALYZE big});
my ($rc, $out, $err) = $node->psql('postgres', q{
	SET parallel_setup_cost = 0;
	SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0;
	SET max_parallel_workers_per_gather = 2;
	SET parallel_leader_participation = off;
	SELECT count(xact_wrapper()) FROM big});
like($err, qr/ulid_generate_xact\(\) cannot run in a parallel worker/,
	'ulid_generate_xact in a parallel worker: error');

$node->stop;

# A node id that does not fit its bits: the server refuses to start.
$node->append_conf('postgresql.conf', "uuid_seq.node_id = 256\n");
my $started = $node->start(fail_ok => 1);
ok(!$started, 'node_id 256 with node_bits 8 stops the start');
like(slurp_file($node->logfile), qr/uuid_seq.node_id 256 does not fit in uuid_seq.node_bits = 8/,
	'the log says why');

done_testing();
