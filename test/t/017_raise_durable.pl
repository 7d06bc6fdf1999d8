# uuid_seq_raise_frontier() is durable on its own, before any value follows
# it (src/README §12): it renews the leases above the raised word and makes
# them durable (the file, and the WAL with uuid_seq.wal_frontiers) before it
# raises the frontier.  Every family is raised to a key ten minutes ahead of
# the clock, and with no value taken after the raise:
#
# - the postmaster is killed (kill -9: nothing is written at exit) and
#   started again, on a server where the family had made no value before
#   (a restore's runbook): the next value lies above the key;
# - with uuid_seq.wal_frontiers (PostgreSQL 15 and later; before, the
#   server refuses the setting, and that is checked), the primary stops at
#   once and its standby, which has replayed the raise, is promoted: the
#   promoted standby's next value lies above the key.
#
# Each family is the last one raised before its fault: a raise renews every
# family's lease from its frontier, so a later raise would cover an earlier
# raised word even if a raise did not cover its own.
#
# And a raise past 2262 (where int64 nanoseconds end), then kill -9: the
# family is not exhausted after the restart.  And with a synchronous
# standby, the raise waits for it, as a commit would.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqCrash;
use UuidSeqGenerators;
use UuidSeqMajor;

my $preload = "shared_preload_libraries = 'uuid_seq'\n";

# The arguments after the key that pass uuid_seq_raise_frontier() a
# horizon (past the default, 5 minutes): an 8-byte id's after its epoch
# (Twitter's for UuidSeqGenerators' Snowflake keys, TSID's own).
sub horizon_args
{
	my ($g, $horizon) = @_;
	return ", horizon => '$horizon'" if $g->{type} ne 'bigint';
	my $epoch = $g->{family} eq 'tsid' ? '2020-01-01 00:00+00' : '2010-11-04 01:42:54.657+00';
	return ", '$epoch', '$horizon'";
}

# Raise $g's frontier on $node past a key of the family ten minutes ahead of
# the clock (made without any frontier); returns the key.
sub raise_ahead
{
	my ($node, $g) = @_;
	my $key = $node->safe_psql('postgres',
		'SELECT ' . sprintf($g->{at}, q{now() + interval '10 min'}));
	is( $node->safe_psql(
			'postgres',
			"SELECT uuid_seq_raise_frontier('$g->{family}', '$key'::$g->{type}"
			  . horizon_args($g, '1 hour') . ')'),
		't', "$g->{family}: raised ten minutes ahead");
	return $key;
}

# Whether the next value of $g on $node lies above $key.
sub next_above
{
	my ($node, $g, $key) = @_;
	return $node->safe_psql('postgres', "SELECT $g->{expr} $g->{gt} '$key'");
}

# A raise, then kill -9 of the postmaster before any value.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_crash');
	$node->init;
	$node->append_conf('postgresql.conf', $preload);
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	for my $g (@GENERATORS)
	{
		my $key = raise_ahead($node, $g);
		ok(kill9_and_start($node), "$g->{family}: the server starts again after kill -9");
		is(next_above($node, $g, $key), 't',
			"$g->{family}: raised, killed before any value: the next value lies above the key");
	}
	$node->stop;
}

# A raise past 2262, where int64 nanoseconds end (a placeholder key of a
# far-future time, say), then kill -9 before any value: the leases written
# for it are counted in words, never the family's largest word, so the
# restarted server goes on above the key instead of finding the family
# exhausted (src/README §12).  One kill -9 for all of them: every raise
# renews every family's lease.
{
	my $far = q{'2300-01-01 00:00+00'::timestamptz};
	my $epoch = q{'2250-01-01 00:00+00'::timestamptz};
	my @far = (
		[ 'v7', 'uuid', "uuid_generate_v7($far)", 'uuid_generate_v7()', '>' ],
		[ 'ulid', 'uuid', "ulid_lower_bound($far)", 'ulid_generate()', '>' ],
		[ 'comb_sqlserver_unix_ms', 'uuid', "comb_new($far)", 'comb_new()', '#>#' ],
		[ 'comb_postgresql_unix_ms', 'uuid', "comb_new($far, 'postgresql')",
			"comb_new('postgresql')", '>' ],
		[ 'comb_sqlserver_dotnet_ticks', 'uuid', "comb_new($far, 'sqlserver', 'dotnet_ticks')",
			"comb_new('sqlserver', 'dotnet_ticks')", '#>#' ],
		[ 'snowflake', 'bigint', "snowflake_lower_bound($far, $epoch)",
			"snowflake_generate($epoch)", '>' ],
		[ 'v6', 'uuid', "uuid_generate_v6($far)", 'uuid_generate_v6()', '>' ]);
	my $node = PostgreSQL::Test::Cluster->new('raise_far');
	$node->init;
	$node->append_conf('postgresql.conf', $preload);
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	my %key;
	for my $f (@far)
	{
		my ($family, $type, $at) = @$f;
		$key{$family} = $node->safe_psql('postgres', "SELECT $at");
		my $extra = ($family eq 'snowflake' ? ", $epoch" : '') . ", horizon => '300 years'";
		is( $node->safe_psql(
				'postgres',
				"SELECT uuid_seq_raise_frontier('$family', '$key{$family}'::$type$extra)"),
			't', "$family: raised to a key of 2300");
	}
	ok(kill9_and_start($node), 'raised past 2262: the server starts again after kill -9');
	for my $f (@far)
	{
		my ($family, $type, $at, $next, $gt) = @$f;
		my ($ret, $out, $err) = $node->psql('postgres',
			"SELECT $next $gt '$key{$family}'::$type");
		is("$ret $out", '0 t',
			"$family: raised past 2262, killed: the next value lies above the key");
		is($err, '', "$family: ... and the family is not exhausted");
	}
	$node->stop;
}

if (tested_major() < 15)
{
	check_wal_frontiers_refused('raise_refused');
	done_testing();
	exit;
}

# A raise, then an immediate failover: the primary stops at once once its
# standby has replayed the raise, and the standby is promoted.  Each round's
# promoted standby is the next round's primary, with a new standby of its
# own.
{
	my $primary = PostgreSQL::Test::Cluster->new('raise_primary');
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf', $preload . "uuid_seq.wal_frontiers = on\n");
	$primary->start;
	$primary->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	# every family has made a value (and holds a lease) before its raise
	$primary->safe_psql('postgres', 'SELECT ' . join(', ', map { $_->{expr} } @GENERATORS));
	for my $i (0 .. $#GENERATORS)
	{
		my $g = $GENERATORS[$i];
		$primary->backup("base_$i");
		my $standby = PostgreSQL::Test::Cluster->new("raise_standby_$i");
		$standby->init_from_backup($primary, "base_$i", has_streaming => 1);
		$standby->start;
		my $key = raise_ahead($primary, $g);
		$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
		$primary->stop('immediate');
		$standby->promote;
		$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
		  or die 'the standby was not promoted';
		is(next_above($standby, $g, $key), 't',
			"$g->{family}: raised, failed over before any value: the next value lies above the key");
		$primary = $standby;
	}
	$primary->stop;
}

# A raise under synchronous replication: it logs its leases without a
# transaction id, so no commit waits for the standby; the raise itself
# waits until the synchronous standby has the record, as a commit would.
# The standby is down when the raise runs: the raise waits (SyncRep) until
# it is up, and once it has returned, an immediate failover (with no wait
# for catch-up) keeps the raise.
{
	my $g = $GENERATORS[0];
	my $primary = PostgreSQL::Test::Cluster->new('raise_sync_primary');
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf', $preload . "uuid_seq.wal_frontiers = on\n");
	$primary->start;
	$primary->safe_psql('postgres', "CREATE EXTENSION uuid_seq; SELECT $g->{expr}");
	$primary->backup('base_sync');
	my $standby = PostgreSQL::Test::Cluster->new('raise_sync_standby');
	$standby->init_from_backup($primary, 'base_sync', has_streaming => 1);
	$primary->append_conf('postgresql.conf',
		"synchronous_standby_names = 'raise_sync_standby'\n");
	$primary->reload;

	my $key = $primary->safe_psql('postgres',
		'SELECT ' . sprintf($g->{at}, q{now() + interval '10 min'}));
	my $session = $primary->background_psql('postgres');
	my $pid = $session->query_safe('SELECT pg_backend_pid()');
	$session->query_until(qr/raising/, qq{
		\\echo raising
		SELECT uuid_seq_raise_frontier('$g->{family}', '$key'::$g->{type}@{[horizon_args($g, '1 hour')]});
	});
	# until the raise waits, or has returned without waiting
	$primary->poll_query_until('postgres', qq{
		SELECT wait_event = 'SyncRep' OR state = 'idle'
		FROM pg_stat_activity WHERE pid = $pid})
	  or die 'the raise neither waited nor returned';
	is( $primary->safe_psql(
			'postgres', "SELECT wait_event FROM pg_stat_activity WHERE pid = $pid"),
		'SyncRep',
		'with wal_frontiers, a raise waits for the synchronous standby');
	$standby->start;
	my ($raised) = split /\n/, $session->query_safe('SELECT 1');
	is($raised, 't', '... and returns once the standby is up');
	$session->quit;
	$primary->stop('immediate');
	$standby->promote;
	$standby->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die 'the standby was not promoted';
	is(next_above($standby, $g, $key), 't',
		'raised under synchronous replication, failed over at once: the next value lies above the key');
	$standby->stop;
}

done_testing();
