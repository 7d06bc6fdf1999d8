# A table hash-partitioned by its time-ordered key (docs/operations.md,
# "Many writers: hash partitions"), for every family and TypeID, preloaded:
#  - three sessions insert at once into M partitions: rows land in every
#    partition, and each partition's primary-key index is as dense as the
#    index of an unpartitioned table of as many rows, filled the same way,
#    and as a bigserial's (pgstattuple's avg_leaf_density, at most 5 points
#    below either; skipped with one line where pgstattuple is not
#    installed, as in the PostgreSQL 14 and 16 source builds);
#  - `WHERE id = <key>` scans one partition, in a custom plan and in a
#    generic one (plan_cache_mode = force_generic_plan, PREPARE, EXPLAIN
#    EXECUTE: pruned at executor start);
#  - `ORDER BY id LIMIT 10` is a Merge Append of the partitions' indexes,
#    no Sort, and returns what a full sort returns;
#  - uuid_seq_raise_frontiers() lists the partitioned column once (not its
#    partitions, whose defaults are the same call), raises its family to
#    the partitions' keys after a restart forgot them (persist off), and
#    new keys land above the old ones.
# The 'sqlserver' COMBs go into sqlguid (their order), TypeIDs into text
# COLLATE "C" (byte order, which is creation order).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqGenerators;

my $partitions = 3;
my $sessions = 3;
my $per_session = 20_000;    # a partition: about as many rows as a session

# every family, and TypeID over the v7 frontier: name, family, column type,
# default, the type of a parameter compared with the column
my @keys = map {
	my $sqlguid = $_->{gt} eq '#>#';
	{
		name => $_->{family},
		family => $_->{family},
		type => $sqlguid ? 'sqlguid' : $_->{type},
		expr => $_->{expr},
		param => $sqlguid ? 'sqlguid' : $_->{type},
	}
} @GENERATORS;
push @keys,
  {
	name => 'typeid',
	family => 'v7',
	type => 'text COLLATE "C"',
	expr => q{typeid_generate('user')},
	param => 'text',
  };

my $node = PostgreSQL::Test::Cluster->new('hash_partitions');
$node->init;
# persist off: a restart forgets the frontiers, for the raise below
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.persist = off
max_connections = 20
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
my $pgstattuple = $node->safe_psql('postgres',
	q{SELECT count(*) FROM pg_available_extensions WHERE name = 'pgstattuple'});
$node->safe_psql('postgres', 'CREATE EXTENSION pgstattuple') if $pgstattuple;

# $sessions sessions at once, each inserting $rows rows into $table, with
# keys an hour ahead of the clock (so that the raise below has something
# to do once a restart forgot them)
sub insert_at_once
{
	my ($table, $rows) = @_;
	my @bg = map { $node->background_psql('postgres') } 1 .. $sessions;
	$_->query_until(qr/started/, "\\echo started\n") for @bg;
	$_->query_until(qr/^$/, qq{
		SET uuid_seq.clock_shift = '1 hour';
		INSERT INTO $table (n) SELECT n FROM generate_series(1, $rows) n;
	}) for @bg;
	$_->quit for @bg;
}

# the scan nodes of $plan on partitions of $table
sub scanned
{
	my ($plan, $table) = @_;
	return scalar(() = $plan =~ /^.*\bon \Q$table\E_\d+\b.*$/mg);
}

# the reference density: a bigserial's index, filled the same way
$node->safe_psql('postgres', 'CREATE TABLE one_bigserial (id bigserial PRIMARY KEY, n int)');
insert_at_once('one_bigserial', $per_session / $sessions);
my $bigserial = $pgstattuple
  ? $node->safe_psql('postgres', "SELECT (pgstatindex('one_bigserial_pkey')).avg_leaf_density")
  : undef;

for my $k (@keys)
{
	my ($name, $type, $expr, $param) = @$k{qw(name type expr param)};
	my ($one, $part) = ("one_$name", "part_$name");
	$node->safe_psql('postgres', qq{
		CREATE TABLE $one (id $type PRIMARY KEY DEFAULT $expr, n int);
		CREATE TABLE $part (id $type PRIMARY KEY DEFAULT $expr, n int)
			PARTITION BY HASH (id);
		DO \$\$
		BEGIN
			FOR r IN 0 .. $partitions - 1 LOOP
				EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
					'${part}_' || r, '$part', $partitions, r);
			END LOOP;
		END
		\$\$;
	});
	insert_at_once($one, $per_session / $sessions);
	insert_at_once($part, $per_session);
	$node->safe_psql('postgres', "ANALYZE $one, $part");

	# every partition has rows (a hash spreads them evenly: a third each)
	my $counts = $node->safe_psql('postgres', qq{
		SELECT string_agg((count >= $per_session / 2)::text, ' ' ORDER BY tableoid::regclass::text)
		FROM (SELECT tableoid, count(*) FROM $part GROUP BY tableoid) s});
	is($counts, join(' ', ('true') x $partitions),
		"$name: the rows land in all $partitions partitions, about a third in each");

	SKIP:
	{
		skip 'pgstattuple is not installed: leaf density not checked', 1 unless $pgstattuple;
		my $dense = $node->safe_psql('postgres', qq{
			SELECT string_agg(format('%s %s', c.relname, (pgstatindex(i.indexrelid)).avg_leaf_density), ', '
			                  ORDER BY c.relname)
			FROM pg_inherits h JOIN pg_index i ON i.indrelid = h.inhrelid
			JOIN pg_class c ON c.oid = i.indexrelid
			WHERE h.inhparent = '$part'::regclass});
		my $base = $node->safe_psql('postgres',
			"SELECT (pgstatindex('${one}_pkey')).avg_leaf_density");
		my @low = grep { my $d = (split / /)[1]; $d < $base - 5 || $d < $bigserial - 5 }
		  split /, /, $dense;
		is("@low", '',
			"$name: every partition's index is as dense as one table's ($base%) and a bigserial's ($bigserial%): $dense");
	}

	# one partition for one key, planned for the key or generic
	my $key = $node->safe_psql('postgres', "SELECT id FROM $part ORDER BY id OFFSET 1000 LIMIT 1");
	my $plan = $node->safe_psql('postgres',
		"EXPLAIN (COSTS OFF) SELECT n FROM $part WHERE id = '$key'");
	is(scanned($plan, $part), 1, "$name: WHERE id = <key> scans one partition")
	  or diag($plan);
	my $generic = $node->safe_psql('postgres', qq{
		SET plan_cache_mode = force_generic_plan;
		PREPARE q($param) AS SELECT n FROM $part WHERE id = \$1;
		EXPLAIN (COSTS OFF) EXECUTE q('$key');
	});
	ok(scanned($generic, $part) == 1 && $generic =~ /Subplans Removed: @{[$partitions - 1]}\b/,
		"$name: a generic plan prunes to one partition at executor start")
	  or diag($generic);
	is( $node->safe_psql('postgres', qq{
			SET plan_cache_mode = force_generic_plan;
			PREPARE q($param) AS SELECT count(*) FROM $part WHERE id = \$1;
			EXECUTE q('$key');
		}),
		'1', "$name: and finds the row");

	# the first ten keys through a Merge Append of the indexes, no Sort
	my $first = "SELECT string_agg(id::text, ' ') FROM (SELECT id FROM $part ORDER BY id LIMIT 10) s";
	$plan = $node->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT id FROM $part ORDER BY id LIMIT 10");
	ok( $plan =~ /Merge Append/
		  && $plan !~ /^\s*(?:->\s+)?(?:Incremental )?Sort\s*$/m
		  && scanned($plan, $part) == $partitions,
		"$name: ORDER BY id LIMIT 10 merges the partitions' indexes, no Sort")
	  or diag($plan);
	is( $node->safe_psql('postgres', $first),
		$node->safe_psql('postgres', qq{
			SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off;
			$first}),
		"$name: the same ten keys as a full sort");
}

# After a restart that forgot the frontiers (persist off), the keys are an
# hour ahead of them (the raise's horizon reaches them): one row per
# partitioned table, none for a partition.
$node->restart;
my $report = $node->safe_psql('postgres', q{
	SELECT string_agg(format('%s=%s:%s', table_name, family, raised), ' ' ORDER BY table_name::text)
	FROM uuid_seq_raise_frontiers(horizon => '2 hours') WHERE table_name::text LIKE 'part\_%'});
is( $report,
	join(' ', map { "part_$_->{name}=$_->{family}:t" } sort { "part_$a->{name}" cmp "part_$b->{name}" } @keys),
	'uuid_seq_raise_frontiers(): each partitioned column once, of its family, raised');
for my $k (@keys)
{
	my ($name, $type) = @$k{qw(name type)};
	is( $node->safe_psql('postgres', qq{
			INSERT INTO part_$name (n) VALUES (0);
			SELECT bool_and(id < (SELECT id FROM part_$name WHERE n = 0))
			FROM part_$name WHERE n <> 0}),
		't', "$name: after the raise a new key lies above every partition's keys");
}
is( $node->safe_psql('postgres', q{
		SELECT count(*) FROM uuid_seq_raise_frontiers(horizon => '2 hours')
		WHERE table_name::text LIKE 'part\_%' AND raised}),
	'0', 'a second raise raises nothing');

$node->stop;
done_testing();
