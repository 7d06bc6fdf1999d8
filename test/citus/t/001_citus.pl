# Citus: a coordinator and two workers on localhost, each preloading citus
# and uuid_seq with uuid_seq.node_bits = 4 and a node id of its own (1 the
# coordinator, 2 and 3 the workers, 4 a worker added at the end), metadata
# synced to the workers so that they accept distributed queries.
#
#  * CREATE EXTENSION uuid_seq (1.0) and ALTER EXTENSION uuid_seq UPDATE on
#    the coordinator reach the workers; a worker added later gets the
#    default version.
#  * Distributed tables keyed by uuid_generate_v7(), ulid_generate(),
#    comb_new('postgresql'), a sqlguid comb_new() key (distributed by the
#    sqlguid column) and the 8-byte ids tsid_generate() and
#    snowflake_generate() (bigint distribution columns), and a reference
#    table with a v7 default: rows inserted
#    through the coordinator and through each worker: single-row, multi-row,
#    INSERT ... SELECT from a function and from another distributed table.
#    No id repeats, and the node id in every v7, ULID, TSID and Snowflake
#    value names the node
#    that evaluated the DEFAULT: the node that took the statement, which
#    evaluates it before routing the row, except for INSERT ... SELECT from a
#    distributed table, which Citus repartitions: the DEFAULT joins the
#    SELECT on each source shard, so the worker holding the source row
#    generates the key.
#  * A uuid_sqlserver_ops index on a distributed uuid column is created on
#    every shard; amcheck finds every shard index of every table clean.
#  * Creation-time queries across shards (uuid_v7_to_timestamptz,
#    comb_timestamp, ulid_timestamp, tsid_to_timestamptz,
#    snowflake_to_timestamptz) return the right rows, and a range on the v7
#    key, and one on the TSID key, is an index scan on every shard.
#  * uuid_seq_state() through run_command_on_workers shows each worker's own
#    shared frontier and node id.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $bits = 4;
my $shards = 4;

my $probe = PostgreSQL::Test::Cluster->new('probe');
plan skip_all => 'Citus is not installed (bash test/citus/build.sh, as root)'
  unless -e $probe->config_data('--pkglibdir') . '/citus.so';

# A server preloading citus and uuid_seq, reachable over TCP on 127.0.0.1
# (Citus connects to its nodes by host name and port), with CREATE
# EXTENSION citus done.
sub citus_node
{
	my ($name, $node_id) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'citus,uuid_seq'
uuid_seq.node_bits = $bits
uuid_seq.node_id = $node_id
listen_addresses = '127.0.0.1'
citus.shard_count = $shards
});
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION citus');
	return $node;
}

sub extversion
{
	my ($node) = @_;
	return $node->safe_psql('postgres',
		"SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq'");
}

my $coord = citus_node('coordinator', 1);
my @workers = (citus_node('worker1', 2), citus_node('worker2', 3));
my %node_id_of = (coordinator => 1, worker1 => 2, worker2 => 3);

$coord->safe_psql('postgres',
	"SELECT citus_set_coordinator_host('127.0.0.1', " . $coord->port . ')');
sub add_worker
{
	my ($w) = @_;
	$coord->safe_psql('postgres',
		"SELECT citus_add_node('127.0.0.1', " . $w->port . ')');
}
add_worker($_) for @workers;
is( $coord->safe_psql(
		'postgres', q{
	SELECT count(*) FROM pg_dist_node
	WHERE groupid <> 0 AND isactive AND hasmetadata AND metadatasynced}),
	'2',
	'two active workers with synced metadata');

# The extension travels with Citus's DDL propagation.
$coord->safe_psql('postgres', q{CREATE EXTENSION uuid_seq VERSION '1.0'});
is(extversion($_), '1.0', $_->name . ': CREATE EXTENSION uuid_seq reached it')
  for @workers;
$coord->safe_psql('postgres', 'ALTER EXTENSION uuid_seq UPDATE');
my $default_version = $coord->safe_psql('postgres',
	q{SELECT default_version FROM pg_available_extensions WHERE name = 'uuid_seq'});
is(extversion($coord), $default_version, "coordinator: updated to $default_version");
is(extversion($_), $default_version, $_->name . ': ALTER EXTENSION uuid_seq UPDATE reached it')
  for @workers;
$coord->safe_psql('postgres', 'CREATE EXTENSION amcheck');

my %nodes = (coordinator => $coord, worker1 => $workers[0], worker2 => $workers[1]);
my @senders = sort keys %nodes;

# Distributed tables: (key, source text, n int), the key's DEFAULT a
# generator.  staging feeds the INSERT ... SELECT.
my %tables = (
	events => { type => 'uuid', default => 'uuid_generate_v7()',
		node_id => "uuid_node_id(id, $bits)", time => 'uuid_v7_to_timestamptz(id)' },
	tickets => { type => 'uuid', default => 'ulid_generate()',
		node_id => "ulid_node_id(id, $bits)", time => 'ulid_timestamp(id)' },
	docs => { type => 'uuid', default => q{comb_new('postgresql')},
		time => q{comb_timestamp(id, 'postgresql')} },
	orders => { type => 'sqlguid', default => 'comb_new()',
		time => 'comb_timestamp(id)' },
	parcels => { type => 'bigint', default => 'tsid_generate()',
		node_id => "tsid_node_id(id, $bits)", time => 'tsid_to_timestamptz(id)' },
	flakes => { type => 'bigint', default => 'snowflake_generate()',
		node_id => 'snowflake_node_id(id)', time => 'snowflake_to_timestamptz(id)' },);
my @tables = sort keys %tables;
my $per_statement = 50;
$coord->safe_psql('postgres', qq{
	CREATE TABLE staging (n int PRIMARY KEY);
	SELECT create_distributed_table('staging', 'n');
	INSERT INTO staging SELECT generate_series(1, $per_statement);});
for my $t (@tables)
{
	$coord->safe_psql('postgres', qq{
		CREATE TABLE $t (id $tables{$t}{type} PRIMARY KEY DEFAULT $tables{$t}{default},
		                 source text NOT NULL, n int);
		SELECT create_distributed_table('$t', 'id');});
}
is( $coord->safe_psql(
		'postgres', q{
	SELECT string_agg(logicalrelid::text || ':' || partmethod::text || ':'
	                  || (SELECT count(*) FROM pg_dist_shard s WHERE s.logicalrelid = p.logicalrelid),
	                  ',' ORDER BY logicalrelid::text)
	FROM pg_dist_partition p WHERE logicalrelid::text <> 'staging'}),
	join(',', map { "$_:h:$shards" } @tables),
	"hash-distributed in $shards shards each");
is( $coord->safe_psql(
		'postgres', q{
	SELECT string_agg(format_type(atttypid, atttypmod), ',' ORDER BY attrelid::regclass::text)
	FROM pg_attribute a JOIN pg_dist_partition p ON p.logicalrelid = a.attrelid
	WHERE attrelid::regclass::text IN ('flakes', 'orders', 'parcels')
	  AND attname = column_to_column_name(p.logicalrelid, p.partkey)}),
	'bigint,sqlguid,bigint', 'orders: distributed by its sqlguid column, parcels and flakes by bigint');
$coord->safe_psql('postgres', 'CREATE INDEX events_id_mssql ON events (id uuid_sqlserver_ops)');

# Every way in: through each node, one row per statement, many rows in one
# VALUES, INSERT ... SELECT from a set-returning function, and INSERT ...
# SELECT from the distributed table staging.
my %expected;    # table => source => [rows, the node ids in its values]
for my $sender (@senders)
{
	my $node = $nodes{$sender};
	for my $t (@tables)
	{
		my $single = join '',
		  map { "INSERT INTO $t (source, n) VALUES ('$sender single', $_);\n" }
		  1 .. $per_statement;
		my $multi = "INSERT INTO $t (source, n) VALUES "
		  . join(', ', map { "('$sender multi', $_)" } 1 .. $per_statement);
		$node->safe_psql('postgres', qq{
			$single
			$multi;
			INSERT INTO $t (source, n)
			SELECT '$sender select-local', n FROM generate_series(1, $per_statement) n;
			INSERT INTO $t (source, n) SELECT '$sender select-distributed', n FROM staging;});
		$expected{$t}{"$sender $_"} = [ $per_statement, $node_id_of{$sender} ]
		  for ('single', 'multi', 'select-local');
		# generated where staging's shards are: on both workers
		$expected{$t}{"$sender select-distributed"} =
		  [ $per_statement, join ',', map { $node_id_of{ $_->name } } @workers ];
	}
}

# What each table holds: per source its rows, distinct ids and node ids.
for my $t (@tables)
{
	my $node_id = $tables{$t}{node_id} // 'NULL';
	my $want = join "\n", map {
		my ($rows, $ids) = @{ $expected{$t}{$_} };
		"$_|$rows|$rows|" . ($tables{$t}{node_id} ? $ids : '')
	} sort keys %{ $expected{$t} };
	is( $coord->safe_psql(
			'postgres', qq{
		SELECT source, count(*), count(DISTINCT id), string_agg(DISTINCT ($node_id)::text, ',')
		FROM $t GROUP BY source ORDER BY source}),
		$want, "$t: per insert path, the node ids of the nodes that evaluated the DEFAULT");
	is( $workers[0]->safe_psql(
			'postgres', "SELECT count(*) = count(DISTINCT id) FROM $t"),
		't', "$t: no id repeats across shards and nodes (read through a worker)");
}

# Each node's keys strictly increase in the order it made them (one session
# per sender, rows numbered n).
for my $t (grep { $tables{$_}{node_id} } @tables)
{
	is( $coord->safe_psql(
			'postgres', qq{
		WITH made AS MATERIALIZED (SELECT source, n, id FROM $t
		                           WHERE source LIKE '% single' OR source LIKE '% multi')
		SELECT count(*), count(*) FILTER (WHERE id > prev)
		FROM (SELECT id, lag(id) OVER (PARTITION BY source ORDER BY n) prev FROM made) s
		WHERE prev IS NOT NULL}),
		join('|', (6 * ($per_statement - 1)) x 2),
		"$t: the keys each node made increase in the order it made them");
}

# The plans behind that: a SELECT from a distributed table is repartitioned,
# the DEFAULT added to the SELECT that runs on staging's shards; a local
# SELECT runs, DEFAULT and all, where the statement was taken.
like(
	$coord->safe_psql(
		'postgres',
		q{EXPLAIN (COSTS OFF) INSERT INTO events (source, n) SELECT 'x', n FROM staging}),
	qr{INSERT/SELECT method: repartition},
	'INSERT ... SELECT from a distributed table: repartitioned');
like(
	$coord->safe_psql(
		'postgres', q{
	EXPLAIN (COSTS OFF) INSERT INTO events (source, n) SELECT 'x', n FROM generate_series(1, 2) n}),
	qr{INSERT/SELECT method: pull to coordinator},
	'INSERT ... SELECT from a function: pulled to the node that took it');
# Row by row: each value generated from staging carries the node id of the
# worker holding that staging row's shard.
my $port_node = join ', ',
  map { '(' . $_->port . ", $node_id_of{$_->name})" } @workers;
$coord->safe_psql('postgres', qq{
	CREATE TABLE staging_node AS
	SELECT n, m.node_id FROM generate_series(1, $per_statement) n
	JOIN pg_dist_shard_placement p
	  ON p.shardid = get_shard_id_for_distribution_column('staging', n)
	JOIN (VALUES $port_node) m(port, node_id) ON m.port = p.nodeport});
for my $t (grep { $tables{$_}{node_id} } @tables)
{
	is( $coord->safe_psql(
			'postgres', qq{
		WITH made AS MATERIALIZED (
			SELECT n, $tables{$t}{node_id} AS node_id FROM $t WHERE source LIKE '% select-distributed')
		SELECT count(*), count(*) FILTER (WHERE made.node_id = s.node_id)
		FROM made JOIN staging_node s USING (n)}),
		join('|', (3 * $per_statement) x 2),
		"$t: INSERT ... SELECT from staging generated on the worker of each source row");
}

# sqlguid: equality on the distribution column prunes to one shard.
my $one = $coord->safe_psql('postgres', 'SELECT id FROM orders ORDER BY id LIMIT 1');
like(
	$coord->safe_psql(
		'postgres', qq{EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id = '$one'}),
	qr/Task Count: 1\b/,
	'orders: a sqlguid key value routes to one shard');
is( $coord->safe_psql('postgres', qq{SELECT count(*) FROM orders WHERE id = '$one'}),
	'1', 'orders: and finds the row');

# A reference table: the DEFAULT is evaluated once, on the node that took the
# statement, and every placement holds the same ids.
$coord->safe_psql('postgres', q{
	CREATE TABLE tags (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), source text NOT NULL);
	SELECT create_reference_table('tags');});
$nodes{$_}->safe_psql('postgres', qq{
	INSERT INTO tags (source) VALUES ('$_');
	INSERT INTO tags (source) SELECT '$_' FROM generate_series(1, 9);})
  for @senders;
is( $coord->safe_psql(
		'postgres', qq{
	SELECT string_agg(source || ':' || n || ':' || ids, ',' ORDER BY source)
	FROM (SELECT source, count(*) n, string_agg(DISTINCT uuid_node_id(id, $bits)::text, ',') ids
	      FROM tags GROUP BY source) s}),
	join(',', map { "$_:10:$node_id_of{$_}" } @senders),
	'tags: reference table rows carry the node id of the node that took the insert');
is( $coord->safe_psql(
		'postgres', q{
	SELECT count(*), count(DISTINCT result), bool_and(success)
	FROM run_command_on_placements('tags',
		$$SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM %s$$)}),
	'3|1|t',
	'tags: a placement on each of the three nodes, all identical');

# Every shard: the indexes Citus created with their operator classes, and
# amcheck (with heapallindexed) clean on each.
$coord->safe_psql('postgres', 'ANALYZE');
sub on_shards
{
	my ($t, $sql) = @_;
	return $coord->safe_psql(
		'postgres', qq{
		SELECT count(*), bool_and(success), string_agg(DISTINCT result, ';')
		FROM run_command_on_shards('$t', \$\$$sql\$\$)});
}
my $opclasses = q{SELECT string_agg(o.opcname, ',' ORDER BY o.opcname)
	FROM pg_index i, unnest(i.indclass::oid[]) c(oid), pg_opclass o
	WHERE o.oid = c.oid AND i.indrelid = '%s'::regclass};
is(on_shards('events', $opclasses), "$shards|t|uuid_ops,uuid_sqlserver_ops",
	'events: the uuid_sqlserver_ops index is on every shard');
is(on_shards('orders', $opclasses), "$shards|t|sqlguid_ops",
	'orders: every shard key is a sqlguid_ops index');
for my $t (@tables)
{
	my $want = $t eq 'events' ? 2 : 1;
	is( on_shards(
			$t, q{SELECT count(*) FROM pg_index i,
			      LATERAL bt_index_check(i.indexrelid, true) WHERE i.indrelid = '%s'::regclass}),
		"$shards|t|$want",
		"$t: bt_index_check clean on every shard index");
}

# Creation time across shards.  Old rows, a day back, make the recent ones
# few: a range on the key is then an index scan on every shard.
$coord->safe_psql('postgres', q{
	INSERT INTO events (id, source, n)
	SELECT uuid_generate_v7(now() - interval '1 day' + n * interval '1 ms'), 'old', n
	FROM generate_series(1, 20000) n;
	ANALYZE events;});
my $recent = 3 * 4 * $per_statement;
my $range = q{id >= uuid_v7_lower_bound(now() - interval '1 hour')};
is( $coord->safe_psql(
		'postgres', qq{
	SELECT count(*), bool_and(uuid_v7_to_timestamptz(id) BETWEEN now() - interval '1 hour' AND clock_timestamp()),
	       count(*) FILTER (WHERE source = 'old')
	FROM events WHERE $range}),
	"$recent|t|0",
	'events: the key range finds the recent rows, with their creation times');
is( $coord->safe_psql(
		'postgres',
		q{SELECT count(*) FROM events WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 hour'}),
	$recent,
	'events: the same rows as filtering on the creation time');
my $plan = $coord->safe_psql(
	'postgres', qq{
	SET citus.explain_all_tasks = on;
	EXPLAIN (COSTS OFF) SELECT id, uuid_v7_to_timestamptz(id) FROM events WHERE $range});
note "plan:\n$plan";
my $tasks = () = $plan =~ /-> +Task\b/g;
my $index_scans = () = $plan =~ /Index (?:Only )?Scan (?:using|on) events_pkey_\d+/g;
is($tasks, $shards, "events: the range query runs on all $shards shards");
is($index_scans, $shards, 'events: each shard reads its primary key index');

# The same on the TSID key: old rows a day back, tsid_lower_bound as the
# range's start.
$coord->safe_psql('postgres', q{
	INSERT INTO parcels (id, source, n)
	SELECT tsid_lower_bound(now() - interval '1 day' + n * interval '1 ms'), 'old', n
	FROM generate_series(1, 20000) n;
	ANALYZE parcels;});
my $tsid_range = q{id >= tsid_lower_bound(now() - interval '1 hour')};
is( $coord->safe_psql(
		'postgres', qq{
	SELECT count(*), bool_and(tsid_to_timestamptz(id) BETWEEN now() - interval '1 hour' AND clock_timestamp()),
	       count(*) FILTER (WHERE source = 'old')
	FROM parcels WHERE $tsid_range}),
	"$recent|t|0",
	'parcels: the TSID key range finds the recent rows, with their creation times');
$plan = $coord->safe_psql(
	'postgres', qq{
	SET citus.explain_all_tasks = on;
	EXPLAIN (COSTS OFF) SELECT id FROM parcels WHERE $tsid_range});
$tasks = () = $plan =~ /-> +Task\b/g;
$index_scans = () = $plan =~ /Index (?:Only )?Scan (?:using|on) parcels_pkey_\d+/g;
is("$tasks|$index_scans", "$shards|$shards", 'parcels: the range runs on every shard, by its primary key index')
  or note "plan:\n$plan";

for my $t (grep { $_ ne 'events' } @tables)
{
	is( $coord->safe_psql(
			'postgres', qq{
		SELECT count(*) FROM $t
		WHERE $tables{$t}{time} BETWEEN now() - interval '1 hour' AND clock_timestamp()}),
		$recent,
		"$t: every row's creation time, read across shards, is recent");
}

# uuid_seq_state() on each worker: shared frontiers, its own node id (the
# 8-byte families' frontiers in frontier_id).
my $state = q{SELECT string_agg(DISTINCT shared || ' ' || node_id || ' ' || node_bits, ',')
	|| ' ' || bool_and(frontier IS NOT NULL) FILTER (WHERE family IN ('v7', 'ulid'))
	|| ' ' || bool_and(frontier_id IS NOT NULL) FILTER (WHERE family IN ('tsid', 'snowflake'))
	FROM uuid_seq_state()};
is( $coord->safe_psql(
		'postgres', qq{
	SELECT string_agg(result, ',' ORDER BY nodeport)
	FROM run_command_on_workers(\$\$$state\$\$)}),
	join(',',
		map { "true $node_id_of{$_->name} $bits true true" }
		sort { $a->port <=> $b->port } @workers),
	'uuid_seq_state() on every worker: its own shared frontiers and node id');

# A worker added later gets the extension at its current version, and takes
# distributed inserts with its own node id.
my $late = citus_node('worker3', 4);
add_worker($late);
is(extversion($late), $default_version,
	"worker3, added later: the extension is there at $default_version");
$late->safe_psql('postgres', q{
	INSERT INTO events (source) VALUES ('worker3 single');
	INSERT INTO parcels (source) VALUES ('worker3 single');
	INSERT INTO flakes (source) VALUES ('worker3 single');});
is( $coord->safe_psql(
		'postgres', qq{
		SELECT (SELECT uuid_node_id(id, $bits) FROM events WHERE source = 'worker3 single')
		       || ',' || (SELECT tsid_node_id(id, $bits) FROM parcels WHERE source = 'worker3 single')
		       || ',' || (SELECT snowflake_node_id(id) FROM flakes WHERE source = 'worker3 single')}),
	'4,4,4', 'worker3: the rows it inserted carry its node id');

$_->stop for ($late, @workers, $coord);
done_testing();
