# A primary and a hot standby, both preloading uuid_seq (streaming
# replication).  On the standby the generators work in read-only
# transactions, from the standby's own shared frontiers.  Failover: the
# primary generates with its clock ten minutes ahead, the standby catches up,
# the primary stops at once and the standby is promoted.  With
# uuid_seq.wal_frontiers = on (PostgreSQL 15 and later) the leases reach the
# standby through the WAL and every value after the promotion lies above
# every value before it, for every family; without it, the promoted standby
# starts from its own clock, ten minutes below (the limit docs/guarantees.md
# states).
# A standby with the setting off still replays the records it meets.
# Before 15 the setting cannot be turned on: the server refuses to start.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqGenerators;
use UuidSeqMajor;

# A primary (with the given extra settings) and a streaming standby.
sub pair
{
	my ($name, $conf) = @_;
	my $primary = PostgreSQL::Test::Cluster->new("${name}_primary");
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf',
		"shared_preload_libraries = 'uuid_seq'\n$conf");
	$primary->start;
	$primary->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	$primary->backup('base');
	my $standby = PostgreSQL::Test::Cluster->new("${name}_standby");
	$standby->init_from_backup($primary, 'base', has_streaming => 1);
	$standby->start;
	return ($primary, $standby);
}

# Every family generates on the primary, its clock ten minutes ahead; the
# standby replays all of it, the primary stops at once, the standby is
# promoted.  Returns, per family, whether every value after the promotion
# lies above every value before, and the seam (first value after minus last
# before) in ms of embedded time.
sub failover
{
	my ($primary, $standby) = @_;
	my %result;
	for my $i (0 .. $#GENERATORS)
	{
		my $g = $GENERATORS[$i];
		$primary->safe_psql('postgres', qq{
			SET uuid_seq.clock_shift = '10 min';
			CREATE TABLE before_$i AS SELECT $g->{expr} u FROM generate_series(1, 100000)});
	}
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	$standby->promote;
	$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die 'the standby was not promoted';
	for my $i (0 .. $#GENERATORS)
	{
		my $g = $GENERATORS[$i];
		my $lt = lt_of($g);
		my $time = $g->{time};
		my ($above, $seam) = split /\|/, $standby->safe_psql('postgres', qq{
			CREATE TABLE after_$i AS SELECT $g->{expr} u FROM generate_series(1, 1000);
			WITH last AS (SELECT u FROM before_$i ORDER BY u USING $g->{gt} LIMIT 1),
			     first AS (SELECT u FROM after_$i ORDER BY u USING $lt LIMIT 1)
			SELECT (SELECT u FROM first) $g->{gt} (SELECT u FROM last),
			       round(extract(epoch FROM @{[sprintf $time, '(SELECT u FROM first)']}
			                     - @{[sprintf $time, '(SELECT u FROM last)']}) * 1000)});
		$result{ $g->{family} } = [ $above, $seam ];
	}
	return \%result;
}

my ($primary, $standby) = pair('off', '');
my $version = $primary->safe_psql('postgres', 'SHOW server_version_num');

# Hot standby: every generator works in a read-only transaction, from the
# standby's own shared frontier.
$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
for my $g (@GENERATORS)
{
	is( $standby->safe_psql('postgres', qq{
			BEGIN READ ONLY;
			SELECT count(DISTINCT u) FROM (SELECT $g->{expr} u FROM generate_series(1, 1000)) s;
			COMMIT}),
		'1000', "$g->{family}: generates on the hot standby");
}
is($standby->safe_psql('postgres', 'SELECT bool_and(shared) FROM uuid_seq_state()'),
	't', 'the standby has shared frontiers of its own');

# Without uuid_seq.wal_frontiers nothing carries the frontiers: the promoted
# standby starts from its own clock, below the primary's last values.
my $off = failover($primary, $standby);
for my $g (@GENERATORS)
{
	my ($above, $seam) = @{ $off->{ $g->{family} } };
	is($above, 'f', "wal_frontiers off: $g->{family} after promotion starts below the primary");
	note "wal_frontiers off: $g->{family} seam $seam ms";
}
$standby->stop;

if ($version < 150000)
{
	# Before 15 there are no custom WAL resource managers: refused at start.
	check_wal_frontiers_refused('wal_refused');
	done_testing();
	exit;
}

# With it, the leases reach the standby, and a promoted standby continues
# above every value the primary handed out.
($primary, $standby) = pair('on', "uuid_seq.wal_frontiers = on\n");
my $on = failover($primary, $standby);
for my $g (@GENERATORS)
{
	my ($above, $seam) = @{ $on->{ $g->{family} } };
	is($above, 't', "wal_frontiers on: $g->{family} after promotion lies above every value before");
	note "wal_frontiers on: $g->{family} seam $seam ms";
}

# The promoted standby restarts above them too: its own frontier file holds
# the replayed leases.
my %newest = map { ($_->{family} => $standby->safe_psql('postgres', newest_sql($_, 10))) } @GENERATORS;
$standby->restart;
for my $g (@GENERATORS)
{
	is($standby->safe_psql('postgres', "SELECT $g->{expr} $g->{gt} '$newest{$g->{family}}'"),
		't', "after a restart of the promoted standby, $g->{family} values stay above");
}

# A standby with the setting off replays the lease records all the same
# (the resource manager is registered whenever uuid_seq is preloaded; the
# setting decides only whether leases are logged).
$primary->start;
$primary->backup('off_base');
my $off_standby = PostgreSQL::Test::Cluster->new('setting_off');
$off_standby->init_from_backup($primary, 'off_base', has_streaming => 1);
$off_standby->append_conf('postgresql.conf', "uuid_seq.wal_frontiers = off\n");
$off_standby->start;
my ($ahead, $ahead_tsid, $ahead_snowflake) = split /\|/, $primary->safe_psql('postgres', q{
	SET uuid_seq.clock_shift = '20 min';
	SELECT max(uuid_generate_v7()::text), max(tsid_generate()), max(snowflake_generate())
	FROM generate_series(1, 10)});
$primary->wait_for_catchup($off_standby, 'replay', $primary->lsn('insert'));
is($off_standby->safe_psql('postgres', qq{
		SELECT string_agg(family || ':' || CASE family WHEN 'v7' THEN frontier >= '$ahead'
		                                               WHEN 'tsid' THEN frontier_id >= $ahead_tsid
		                                               ELSE frontier_id >= $ahead_snowflake END, ',' ORDER BY family)
		FROM uuid_seq_state() WHERE family IN ('v7', 'tsid', 'snowflake')}),
	'snowflake:true,tsid:true,v7:true', 'a standby with the setting off replays the lease records');

done_testing();
