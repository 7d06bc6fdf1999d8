# Fault sequences (issue 18).  A primary, a synchronous standby and a
# cascading standby (streaming from the synchronous one), all preloading
# uuid_seq with uuid_seq.wal_frontiers = on, go through a seeded random
# sequence of rounds.  Each round two sessions on the primary take values of
# every family at once, each session with its own uuid_seq.clock_shift
# between -5 and +15 minutes (so the frontiers run ahead of the clock and
# most values step from a frontier, not from the clock), and keep them in one
# table per family with the round's number; then one random fault:
#
#   primary_crash      the primary stops at once and restarts (crash recovery)
#   backend_kill       kill -9 of a backend while it generates: the
#                      postmaster re-initialises shared memory and recovers
#   checkpoint         CHECKPOINT on the primary, then a restartpoint on
#                      each standby
#   standby_restart    clean restart of one of the standbys
#   failover           the primary stops at once, the synchronous standby is
#                      promoted, the old primary comes back as its
#                      synchronous standby (pg_rewind, or a new base backup
#                      where that fails) and the cascade is re-pointed to it
#   cascade_promotion  once the cascading standby has replayed everything,
#                      the primary stops at once and the cascade is
#                      promoted; the old synchronous standby and the old
#                      primary come back as its synchronous and cascading
#                      standbys (pg_rewind, or new base backups)
#
# After each round the test audits the tables on whatever is primary now:
# for every family no duplicate, every value of this round above every value
# of the earlier rounds (in the family's order: SQL Server order for the
# 'sqlserver' COMB layout), and every row of a round whose sessions finished
# still there.  A closing load after the last round exposes the last fault.
# A round's values exposing a fault are those of the round after it: values
# handed out after a crash or a promotion that lie at or below values handed
# out before (src/README §12, §13).
#
# Why the audit is sound.  The test only audits values in committed rows,
# and relies on nothing but what uuid_seq promises for them:
# - Round r starts only once both sessions of round r - 1 have finished (or
#   died), so every value of round r was taken after every value of the
#   earlier rounds: the shared frontier (and, across crashes and promotions,
#   the frontier file and the lease records in the WAL) must put it above.
# - The synchronous standby is named in synchronous_standby_names, so a
#   commit returns only once that standby has flushed the commit record.  A
#   lease's WAL record is flushed before any value under the lease is
#   handed out, so it comes before the commit record of every row holding
#   such a value: a promoted synchronous standby has every committed row and
#   every lease that covers it, and continues above them.  Rows of
#   transactions that never returned (the killed backend, the other session
#   killed with it) may or may not survive; rounds with a kill are not
#   counted for lost rows, and a row that exists is audited like any other.
# - The cascading standby is asynchronous.  Promoted while behind, it would
#   lack the latest rows, and values handed out under leases it never
#   received could be handed out again without the audit seeing it (the
#   limit docs/guarantees.md states: the replay lag plus one lease).  Any row it does
#   have was committed after the lease that covers its value, so the audit
#   would still be correct for it; but so that no row is lost and every
#   value handed out is audited, the test waits until the cascade has
#   replayed everything the primary wrote (no session runs by then) before
#   it stops the primary and promotes the cascade.
#
# Two deterministic checks close the sequence, each of a behaviour the
# audit relies on but cannot see by itself: a primary's own crash recovery
# renews its leases only 1 s ahead, as while running (a standby's replay
# reaches 10 s): a kill -9 after it restarts each frontier less than 2 s
# above the last value handed out; and a raise waits for the synchronous
# standby, as a commit does (with it stopped, the raise's wait is what
# statement_timeout cancels, with PostgreSQL's WARNING).
#
# Reproducing and soaking: the seed is printed first (diag); every violation
# is printed with its family, round and the seed, and a run replays with
#   UUID_SEQ_FAULT_SEED=<seed>     the same rounds, loads and faults (only
#                                  timing differs: how far a killed backend
#                                  got, which rows a crash cut short)
#   UUID_SEQ_FAULT_ROUNDS=<n>      n rounds (default 30, about 3 minutes on
#                                  two cores)
#   UUID_SEQ_FAULT_SOAK=1          a long soak: 1000 rounds unless
#                                  UUID_SEQ_FAULT_ROUNDS says otherwise
# e.g. make prove PROVE_TESTS=test/t/012_fault_sequence.pl UUID_SEQ_FAULT_SOAK=1
# (as a non-root user).  The summary at the end (diag) gives the seed, the
# rounds, the faults by kind, how many values were checked and the
# violations.  uuid_seq.wal_frontiers needs PostgreSQL 15: before, the test
# checks that the server refuses it.  On 17 and later a second sequence runs
# on a server without preload (the frontiers in the named segment, below).
use strict;
use warnings;
use File::Copy qw(copy);
use File::Path qw(rmtree);
use Time::HiRes qw(time);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqCrash;
use UuidSeqGenerators;
use UuidSeqMajor;

my $seed = $ENV{UUID_SEQ_FAULT_SEED};
die "UUID_SEQ_FAULT_SEED must be a number\n"
  if defined $seed && $seed !~ /^\d+$/;
$seed = (int(time * 1000) ^ $$) % 1_000_000_000 unless defined $seed;
my $rounds = $ENV{UUID_SEQ_FAULT_ROUNDS} // ($ENV{UUID_SEQ_FAULT_SOAK} ? 1000 : 30);
die "UUID_SEQ_FAULT_ROUNDS must be a number\n" if $rounds !~ /^\d+$/;
srand($seed);

my @FAULTS = qw(primary_crash backend_kill checkpoint standby_restart failover
  cascade_promotion);

my $nodes = 0;

sub new_node
{
	return PostgreSQL::Test::Cluster->new('fault' . ++$nodes);
}

# before 15 there are no WAL-logged frontiers to test: the server refuses them
if (tested_major() < 15)
{
	check_wal_frontiers_refused('refused');
	done_testing();
	exit;
}
my $primary = new_node();
diag("fault sequence seed $seed, $rounds rounds (replay: UUID_SEQ_FAULT_SEED=$seed)");

my ($sync, $cascade);
my %faults = map { ($_ => 0) } @FAULTS;
my ($rewinds, $base_backups) = (0, 0);
my $violations = 0;
my %duplicates;    # family => duplicates already reported
my %expected;      # family index => round => rows its sessions committed

# A random integer in [lo, hi].
sub pick
{
	my ($lo, $hi) = @_;
	return $lo + int(rand($hi - $lo + 1));
}

# The list, shuffled (Fisher-Yates, with the seeded rand).
sub shuffled
{
	my @list = @_;
	for (my $i = $#list; $i > 0; $i--)
	{
		my $j = int(rand($i + 1));
		@list[ $i, $j ] = @list[ $j, $i ];
	}
	return @list;
}

# Wait until $standby streams from $upstream (as its synchronous standby if
# $is_sync).
sub wait_streaming
{
	my ($upstream, $standby, $is_sync) = @_;
	my $name = $standby->name;
	my $sync_state = $is_sync ? "AND sync_state = 'sync'" : '';
	$upstream->poll_query_until('postgres', qq{
		SELECT count(*) FROM pg_stat_replication
		WHERE application_name = '$name' AND state = 'streaming' $sync_state}, '1')
	  or die "$name does not stream from " . $upstream->name;
}

# Primary, synchronous standby, cascade: all there and connected (the
# no-preload rounds have the primary alone).
sub wait_topology
{
	return unless $sync;
	wait_streaming($primary, $sync, 1);
	wait_streaming($sync, $cascade, 0);
}

# $standby becomes the synchronous standby of the primary.
sub make_sync
{
	my ($standby) = @_;
	$primary->safe_psql('postgres',
		"ALTER SYSTEM SET synchronous_standby_names = '" . $standby->name . "'");
	$primary->reload;
	wait_streaming($primary, $standby, 1);
}

# A new node from a base backup of $upstream, streaming from it, started.
sub standby_from_backup
{
	my ($upstream) = @_;
	my $node = new_node();
	my $backup = 'for_' . $node->name;
	$upstream->backup($backup);
	$node->init_from_backup($upstream, $backup, has_streaming => 1);
	rmtree($upstream->backup_dir . "/$backup");
	$node->start;
	$base_backups++;
	return $node;
}

# $node, stopped (cleanly or not), rewound to the primary with pg_rewind and
# started as a standby streaming from $upstream; where pg_rewind fails, a new
# node from a base backup of $upstream instead.  Returns the standby.
sub rejoin
{
	my ($node, $upstream) = @_;
	my $pgdata = $node->data_dir;
	my $keep = $node->basedir . '/postgresql.conf.keep';

	# pg_rewind copies the source's configuration: keep the node's own
	copy("$pgdata/postgresql.conf", $keep) or die "copy: $!";
	my $ok = run_log([
		'pg_rewind', '--target-pgdata', $pgdata,
		'--source-server', $primary->connstr('postgres'), '--no-sync' ]);
	copy($keep, "$pgdata/postgresql.conf") or die "copy: $!";
	if ($ok)
	{
		$node->enable_streaming($upstream);
		$ok = $node->start(fail_ok => 1);
	}
	if ($ok)
	{
		$rewinds++;
		return $node;
	}
	note 'pg_rewind of ' . $node->name . ' failed: a new base backup instead';
	return standby_from_backup($upstream);
}

# Promote $node and wait until it takes writes; then a checkpoint, so that
# its control file (which pg_rewind reads) names its new timeline.
sub promote
{
	my ($node) = @_;
	$node->promote;
	$node->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die $node->name . ' was not promoted';
	$node->safe_psql('postgres', 'CHECKPOINT');
}

# Start round $round's load: two sessions on the primary, each with its own
# clock shift, each taking n values of every family (in its own order) into
# the family's table.  Returns the sessions, and a monitoring session too
# if $monitor.
sub start_load
{
	my ($round, $monitor) = @_;
	my @sessions;
	for my $k (0, 1)
	{
		my $shift = pick(-5, 15);
		my $n = pick(100, 1000);
		my @order = shuffled(0 .. $#GENERATORS);
		my $sql = "SET uuid_seq.clock_shift = '$shift min';\n";
		$sql .= "INSERT INTO fam_$_ (u, round) SELECT $GENERATORS[$_]{expr}, $round "
		  . "FROM generate_series(1, $n);\n"
		  for @order;
		my $psql = $primary->background_psql('postgres');
		my $pid = $psql->query_safe('SELECT pg_backend_pid()');
		push @sessions,
		  { psql => $psql, pid => $pid, sql => $sql, n => $n, order => \@order };
		note "round $round session $k: clock_shift $shift min, $n values of each family";
	}
	$monitor = $primary->background_psql('postgres') if $monitor;
	# both at once: psql reads its whole script while the other runs
	for my $s (@sessions)
	{
		$s->{psql}{stdin} .= $s->{sql};
		$s->{psql}{run}->pump_nb;
	}
	return (\@sessions, $monitor);
}

# Wait until both sessions are done; their rows are now committed.
sub finish_load
{
	my ($sessions, $round) = @_;
	for my $s (@$sessions)
	{
		$s->{psql}->query_safe('SELECT 1');
		$s->{psql}->quit;
		$expected{$_}{$round} += $s->{n} for 0 .. $#GENERATORS;
	}
}

# kill -9 of one session's backend while it generates: into the table of a
# random family of its script, when the monitor sees it there in time, or
# wherever it is.  The postmaster terminates every backend and
# re-initialises shared memory.
sub kill_load
{
	my ($sessions, $monitor) = @_;
	my $victim = $sessions->[ pick(0, 1) ];
	my $family = $victim->{order}[ pick(0, $#GENERATORS) ];
	my $last = $victim->{order}[-1];
	my $deadline = time + 10;
	while (time < $deadline)
	{
		my $state = $monitor->query_safe(qq{
			SELECT state || ':' || CASE
				WHEN query LIKE 'INSERT INTO fam\\_$last %' AND state = 'idle' THEN 'done'
				WHEN query LIKE 'INSERT INTO fam\\_$family %' THEN 'target'
				ELSE 'elsewhere' END
			FROM pg_stat_activity WHERE pid = $victim->{pid}});
		# there, done with its script, or gone
		last if $state eq 'active:target' || $state eq 'idle:done' || $state eq '';
	}
	$monitor->quit;
	kill 'KILL', $victim->{pid};
	# the sessions' psql exit (connection lost, or end of input)
	eval { $_->{psql}{run}->finish; } for @$sessions;
	$primary->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die 'the primary did not come back after the backend crash';
}

# The faults: each leaves a primary, its synchronous standby and a cascade.
my %fault = (
	primary_crash => sub {
		$primary->stop('immediate');
		$primary->start;
	},
	# (run by the round itself: it needs the sessions)
	backend_kill => sub { },
	checkpoint => sub {
		$primary->safe_psql('postgres', 'CHECKPOINT');
		my $lsn = $primary->lsn('insert');
		$primary->wait_for_catchup($sync, 'replay', $lsn);
		$sync->safe_psql('postgres', 'CHECKPOINT');
		$sync->wait_for_catchup($cascade, 'replay', $lsn);
		$cascade->safe_psql('postgres', 'CHECKPOINT');
	},
	standby_restart => sub {
		(pick(0, 1) ? $sync : $cascade)->restart;
	},
	failover => sub {
		my $old = $primary;
		$old->stop('immediate');
		promote($sync);
		$primary = $sync;
		$sync = rejoin($old, $primary);
		make_sync($sync);
		# the cascade followed the promotion; it streams from the new
		# synchronous standby once that one has caught up
		$primary->wait_for_catchup($sync, 'replay', $primary->lsn('insert'));
		$cascade->enable_streaming($sync);
		$cascade->restart;
	},
	cascade_promotion => sub {
		my $lsn = $primary->lsn('insert');
		$primary->wait_for_catchup($sync, 'replay', $lsn);
		$sync->wait_for_catchup($cascade, 'replay', $lsn);
		my ($old_primary, $old_sync) = ($primary, $sync);
		$old_primary->stop('immediate');
		$old_sync->stop;
		promote($cascade);
		$primary = $cascade;
		$sync = rejoin($old_sync, $primary);
		make_sync($sync);
		$primary->wait_for_catchup($sync, 'replay', $primary->lsn('insert'));
		$cascade = rejoin($old_primary, $sync);
	});

# Audit round $round on the primary, printing each violation; returns how
# many it found and how many values the tables hold.
sub audit
{
	my ($round, $what) = @_;
	my @queries;
	for my $i (0 .. $#GENERATORS)
	{
		my $gt = $GENERATORS[$i]{gt};
		my $lt = $gt eq '>' ? '<' : '#<#';
		push @queries, qq{
			SELECT $i, count(*), count(*) - count(DISTINCT u),
				count(*) FILTER (WHERE round = $round),
				count(*) FILTER (WHERE round = $round AND NOT u $gt
					(SELECT u FROM fam_$i WHERE round < $round ORDER BY u USING $gt LIMIT 1)),
				(SELECT u::text AS t FROM fam_$i WHERE round < $round ORDER BY u USING $gt LIMIT 1),
				(SELECT u::text AS t FROM fam_$i WHERE round = $round ORDER BY u USING $lt LIMIT 1),
				(SELECT string_agg(round || ':' || n, ',' ORDER BY round)
				 FROM (SELECT round, count(*) n FROM fam_$i GROUP BY round) r)
			FROM fam_$i};
	}
	my $found = 0;
	my $values = 0;
	for my $line (split /\n/, $primary->safe_psql('postgres', join(' UNION ALL ', @queries)))
	{
		my ($i, $total, $dups, $in_round, $below, $max_before, $min_round, $per_round) =
		  split /\|/, $line;
		my $family = $GENERATORS[$i]{family};
		my %rows = map { split /:/ } split /,/, $per_round // '';
		$values += $total;
		if ($dups > ($duplicates{$family} // 0))
		{
			diag("VIOLATION seed $seed round $round ($what): $family has "
				  . ($dups - ($duplicates{$family} // 0)) . ' new duplicate values');
			$duplicates{$family} = $dups;
			$found++;
		}
		if ($below > 0)
		{
			diag("VIOLATION seed $seed round $round ($what): $family: $below of "
				  . "$in_round values at or below the greatest of earlier rounds "
				  . "($min_round <= $max_before)");
			$found++;
		}
		for my $r (sort { $a <=> $b } keys %{ $expected{$i} })
		{
			my $have = $rows{$r} // 0;
			next if $have == $expected{$i}{$r};
			diag("LOST ROWS seed $seed round $round ($what): $family round $r has "
				  . "$have of its $expected{$i}{$r} committed rows");
			# reported once
			$expected{$i}{$r} = $have;
			$found++;
		}
	}
	return ($found, $values);
}

# The first topology.
my $conf = qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.wal_frontiers = on
restart_after_crash = on
wal_keep_size = '256MB'
max_connections = 20
};
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', $conf);
$primary->start;
$primary->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
$primary->safe_psql('postgres',
	join '', map { "CREATE TABLE fam_$_ (u $GENERATORS[$_]{type} NOT NULL, round int NOT NULL);" }
	  0 .. $#GENERATORS);
$sync = standby_from_backup($primary);
make_sync($sync);
$cascade = standby_from_backup($sync);
wait_streaming($sync, $cascade, 0);
$base_backups = 0;

my $started = time;
my $values = 0;

# Round $round: the load, then fault $kind of %$faults (backend_kill strikes
# during the load; 'none' is none), the topology back, the audit; counts
# the fault in %$count.  $label names the sequence.  Returns the violations.
sub run_round
{
	my ($round, $kind, $faults, $count, $label) = @_;
	my ($sessions, $monitor) = start_load($round, $kind eq 'backend_kill');
	if ($kind eq 'backend_kill')
	{
		kill_load($sessions, $monitor);
	}
	else
	{
		finish_load($sessions, $round);
	}
	if ($kind ne 'none')
	{
		$faults->{$kind}->();
		$count->{$kind}++;
	}
	wait_topology();
	my $found;
	($found, $values) = audit($round, "$label$kind");
	ok(!$found, "${label}round $round ($kind): no duplicate, above the earlier rounds, no row lost");
	return $found;
}

for my $round (1 .. $rounds + 1)
{
	# the closing load, after the last round, has no fault
	my $kind = $round <= $rounds ? $FAULTS[ pick(0, $#FAULTS) ] : 'none';
	note "round $round: fault $kind, primary " . $primary->name
	  . ', synchronous standby ' . $sync->name . ', cascade ' . $cascade->name;
	$violations += run_round($round, $kind, \%fault, \%faults, '');
}

my $elapsed = time - $started;
diag(sprintf "fault sequence seed %d: %d rounds and a closing load in %.0f s; faults: %s; "
	  . "%d pg_rewind, %d base backups; %d values checked; %d violations",
	$seed, $rounds, $elapsed, join(', ', map { "$_ $faults{$_}" } @FAULTS),
	$rewinds, $base_backups, $values, $violations);

diag("replay: UUID_SEQ_FAULT_SEED=$seed UUID_SEQ_FAULT_ROUNDS=$rounds") if $violations;
is($violations, 0, 'no violation in the whole sequence');

# The crash reach: crash recovery, one value of each 8-byte family and of
# v7 (the first renews the lease), then a kill -9 (nothing saved at exit):
# the frontiers restart from the lease that recovery renewed.
$primary->stop('immediate');
$primary->start;
my @times = split /\|/, $primary->safe_psql('postgres', q{
	SELECT uuid_v7_to_timestamptz(uuid_generate_v7()) || '|'
	       || tsid_to_timestamptz(tsid_generate()) || '|'
	       || snowflake_to_timestamptz(snowflake_generate())});
ok(kill9_and_start($primary), 'the primary starts again after kill -9');
is( $primary->safe_psql('postgres', qq{
		SELECT string_agg(family || ':' || (frontier_time >= t AND frontier_time - t < interval '2 s'),
		                  ',' ORDER BY family)
		FROM uuid_seq_state()
		JOIN (VALUES ('v7', '$times[0]'::timestamptz), ('tsid', '$times[1]'::timestamptz),
		             ('snowflake', '$times[2]'::timestamptz)) v(family, t) USING (family)}),
	'snowflake:true,tsid:true,v7:true',
	'after crash recovery the leases reach 1 s, not 10: less than 2 s above the last value');

# The raise's wait for the synchronous standby: with the standby stopped,
# the raise waits until statement_timeout cancels the wait.
wait_streaming($primary, $sync, 1);
$sync->stop;
my ($rc, $out, $err) = $primary->psql('postgres', q{
	SET statement_timeout = '1s';
	SELECT uuid_seq_raise_frontier('v7', uuid_generate_v7(now() + interval '1 day'), '2 days')});
like($err, qr/canceling wait for synchronous replication/,
	'a raise waits for the synchronous standby');
is($out, 't', 'and has raised the frontier locally');

# No preload (17 and later), last: the frontiers in the named segment,
# restored by its first user from the file the leases keep; the same loads
# and the same audit, on a new server (lease records in the WAL need
# preloading, so no standbys), a third as many rounds, each with one fault
# of its own kind:
#   primary_crash     immediate stop and start
#   backend_kill      kill -9 of a backend while it generates (the
#                     postmaster re-initialises shared memory, the DSM
#                     registry with it)
#   checkpoint        CHECKPOINT
#   postmaster_kill   kill -9 of the postmaster (nothing runs at exit)
#   restart           clean restart
if (tested_major() >= 17)
{
	my @np_faults = qw(primary_crash backend_kill checkpoint postmaster_kill restart);
	my %np_fault = (
		primary_crash => $fault{primary_crash},
		backend_kill => sub { },
		checkpoint => sub { $primary->safe_psql('postgres', 'CHECKPOINT'); },
		postmaster_kill => sub {
			kill9_and_start($primary) or die 'no start after kill -9 of the postmaster';
		},
		restart => sub { $primary->restart; },
	);
	my %np_count = map { ($_ => 0) } @np_faults;
	my $np_rounds = int(($rounds + 2) / 3);
	$_->stop('immediate') for grep { defined } $primary, $sync, $cascade;
	($sync, $cascade) = (undef, undef);
	%expected = ();
	%duplicates = ();
	$primary = new_node();
	$primary->init;
	$primary->append_conf('postgresql.conf', "restart_after_crash = on\nmax_connections = 20\n");
	$primary->start;
	$primary->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	is($primary->safe_psql('postgres', 'SELECT uuid_seq_frontiers_in()'),
		'named segment', 'no preload: the frontiers are in the named segment');
	$primary->safe_psql('postgres',
		join '', map { "CREATE TABLE fam_$_ (u $GENERATORS[$_]{type} NOT NULL, round int NOT NULL);" }
		  0 .. $#GENERATORS);
	my $np_started = time;
	my $np_violations = 0;
	for my $round (1 .. $np_rounds + 1)
	{
		my $kind = $round <= $np_rounds ? $np_faults[ pick(0, $#np_faults) ] : 'none';
		note "no preload, round $round: fault $kind";
		$np_violations += run_round($round, $kind, \%np_fault, \%np_count, 'no preload, ');
	}
	diag(sprintf "fault sequence seed %d without preload: %d rounds and a closing load in %.0f s; "
		  . "faults: %s; %d values checked; %d violations",
		$seed, $np_rounds, time - $np_started,
		join(', ', map { "$_ $np_count{$_}" } @np_faults), $values, $np_violations);
	diag("replay: UUID_SEQ_FAULT_SEED=$seed UUID_SEQ_FAULT_ROUNDS=$rounds") if $np_violations;
	is($np_violations, 0, 'no violation in the whole sequence without preload');
}
done_testing();
