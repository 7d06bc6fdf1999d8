# uuid_seq.wal_frontiers under faults that 010_standby.pl takes one at a
# time, each a case an adversarial review broke in 1.1 (PostgreSQL 15 and
# later; before, the server refuses the setting, and that is checked):
#
# - leases renewed during recovery are logged before a value relies on them:
#   after a crash restart of the primary, after a kill -9 of one backend
#   (the postmaster restarts the others), and in a cascade P -> S1 -> S2
#   where S1 is promoted, generates and dies and S2 is promoted, a promoted
#   standby continues above every value handed out before (UUIDv7 and the
#   8-byte TSID and Snowflake ids, each from its own frontier), and a
#   primary's own crash recovery renews its leases 1 s ahead, as while
#   running, not 10 s as a standby does;
# - uuid_seq.wal_frontiers = on with uuid_seq.persist = off is refused at
#   start, naming both settings, and so is a standby with persist off;
# - a server that meets lease records replays them whatever the setting
#   says: turned off after an unclean stop, the server starts and its
#   frontiers are raised;
# - but not with uuid_seq.persist off too: its crash recovery meets a lease
#   record and stops (FATAL), leaving its frontier file byte for byte as it
#   was (the removal that persist off asks for waits for the end of redo);
#   with persist on again it starts and replays the record; and where redo
#   meets no lease record, the file goes once redo has ended;
# - a frontier-file write that fails during replay stops replay, and the
#   record is replayed again at the next start;
# - a lease record of a later frontier format stops replay with a message
#   that says to install the primary's version (a second build of the
#   module, with the next format, plays the newer primary).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use File::Path qw(make_path);
use File::Temp qw(tempdir);
use Cwd qw(getcwd);
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqCrash;
use UuidSeqMajor;

my $preload = "shared_preload_libraries = 'uuid_seq'\nuuid_seq.wal_frontiers = on\n";

# before 15 there are no WAL-logged frontiers to test: the server refuses them
if (tested_major() < 15)
{
	check_wal_frontiers_refused('refused');
	done_testing();
	exit;
}

# A primary preloading uuid_seq with the leases in the WAL.
sub primary
{
	my ($name, $conf) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init(allows_streaming => 1);
	$node->append_conf('postgresql.conf', $preload . ($conf // ''));
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	return $node;
}

# A streaming standby of $upstream (a backup taken now), started.
sub standby_of
{
	my ($upstream, $name, $conf) = @_;
	$upstream->backup("${name}_base");
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init_from_backup($upstream, "${name}_base", has_streaming => 1);
	$node->append_conf('postgresql.conf', $conf) if $conf;
	$node->start;
	return $node;
}

# The families each case generates: UUIDv7, and the 8-byte ids (bigint
# values, src/README §16).  Table $table holds the v7 values, ${table}_tsid
# and ${table}_snowflake the others.
my %FAMILIES = (
	'' => 'uuid_generate_v7()',
	_tsid => 'tsid_generate()',
	_snowflake => 'snowflake_generate()');
my @SUFFIXES = sort keys %FAMILIES;

# Generate $n values of each family on $node into its tables (created there).
sub generate
{
	my ($node, $table, $n, $shift) = @_;
	$node->safe_psql('postgres',
		"SET uuid_seq.clock_shift = '$shift';\n" . join '',
		map { "CREATE TABLE $table$_ AS SELECT $FAMILIES{$_} u FROM generate_series(1, $n);\n" }
		  @SUFFIXES);
}

sub promote
{
	my ($node) = @_;
	$node->promote;
	$node->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()')
	  or die $node->name . ' was not promoted';
}

# (The values after a fault are generated with the clock five minutes behind
# the frontier, so that they continue from it under the leases renewed in
# recovery, whatever the time a restart took.)

# How many of $n values of each family generated on $node now are at or
# below every value of its table (there, replicated), "v7|snowflake|tsid"
# (the order of @SUFFIXES): all 0 when the promise holds.
sub not_above
{
	my ($node, $table, $n) = @_;
	return $node->safe_psql('postgres',
		join('', map { "CREATE TABLE after_$table$_ AS SELECT $FAMILIES{$_} u FROM generate_series(1, $n);\n" }
			  @SUFFIXES)
		  . 'SELECT '
		  . join(" || '|' || ",
			map {
				"(SELECT count(*) FROM after_$table$_ WHERE u <= (SELECT u FROM $table$_ ORDER BY u DESC LIMIT 1))"
			} @SUFFIXES));
}
my $none = join '|', map { 0 } @SUFFIXES;

# Wait until a node that stops by itself has exited, then forget its pid.
sub wait_exited
{
	my ($node) = @_;
	my $pid_file = $node->data_dir . '/postmaster.pid';
	my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
	usleep(100_000) while -e $pid_file && time < $deadline;
	ok(!-e $pid_file, $node->name . ' has stopped');
	$node->_update_pid(0);
}

# 1a. The primary crashes and restarts: its crash recovery replays its own
# lease records and renews the leases; the values it hands out next must be
# logged before the standby is promoted.
{
	my $primary = primary('crash_primary');
	my $standby = standby_of($primary, 'crash_standby');
	generate($primary, 'a', 1000, '10 min');
	$primary->stop('immediate');
	$primary->start;
	generate($primary, 'b', 1000, '5 min');
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	promote($standby);
	is(not_above($standby, 'b', 1000), $none,
		'primary crash restart: the promoted standby continues above every value');
	$standby->stop;
}

# 1b. One generating backend is killed: the postmaster restarts the backends
# and recovers, without exiting.
{
	my $primary = primary('kill_primary', "restart_after_crash = on\n");
	my $standby = standby_of($primary, 'kill_standby');
	generate($primary, 'a', 1000, '10 min');
	my $session = $primary->background_psql('postgres');
	my $pid = $session->query_safe(q{
		SET uuid_seq.clock_shift = '10 min';
		SELECT count(uuid_generate_v7()), count(tsid_generate()), count(snowflake_generate())
		FROM generate_series(1, 1000);
		SELECT pg_backend_pid()});
	($pid) = $pid =~ /(\d+)\s*$/;
	kill 'KILL', $pid;
	eval { $session->quit };
	$primary->poll_query_until('postgres', 'SELECT true')
	  or die 'the primary did not come back after the backend crash';
	generate($primary, 'b', 1000, '5 min');
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	promote($standby);
	is(not_above($standby, 'b', 1000), $none,
		'backend killed: the promoted standby continues above every value');
	$standby->stop;
}

# 1c. A cascade P -> S1 -> S2: S1 replays P's leases (renewing its own in
# recovery), is promoted, generates and dies; S2 is promoted.
{
	my $primary = primary('cascade_primary');
	my $s1 = standby_of($primary, 'cascade_s1');
	my $s2 = standby_of($s1, 'cascade_s2');
	generate($primary, 'a', 1000, '10 min');
	$primary->wait_for_catchup($s1, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	promote($s1);
	generate($s1, 'b', 1000, '5 min');
	$s1->wait_for_catchup($s2, 'replay', $s1->lsn('insert'));
	$s1->stop('immediate');
	promote($s2);
	is(not_above($s2, 'b', 1000), $none,
		'cascade: the second promoted standby continues above every value');
	$s2->stop;
}

# 1d. After its own crash recovery a primary's leases reach 1 s above the
# replayed ones, as while running (10 s is for a standby's long replay): a
# kill -9 that follows restarts each frontier less than 2 s above the last
# value handed out, as after any crash.  (An immediate shutdown saves the
# frontiers themselves, below the last lease records, which the crash
# recovery then replays.)
{
	my $primary = primary('recovery_lease');
	generate($primary, 'a', 1000, '10 min');
	$primary->stop('immediate');
	$primary->start;
	generate($primary, 'b', 1, '5 min');
	ok(kill9_and_start($primary), 'crash recovered: the primary starts again after kill -9');
	is( $primary->safe_psql(
			'postgres', q{
			SELECT string_agg(family || ':' || (frontier_time >= t AND frontier_time - t < interval '2 s'),
			                  ',' ORDER BY family)
			FROM uuid_seq_state()
			JOIN (VALUES ('v7', (SELECT uuid_v7_to_timestamptz(u) FROM b)),
			             ('tsid', (SELECT tsid_to_timestamptz(u) FROM b_tsid)),
			             ('snowflake', (SELECT snowflake_to_timestamptz(u) FROM b_snowflake))) v(family, t)
			USING (family)}),
		'snowflake:true,tsid:true,v7:true',
		'after a crash that follows a crash recovery, less than 2 s above the last value');
	$primary->stop;
}

# 2. The leases a standby replayed before its restart point live in its
# frontier file alone: without uuid_seq.persist it cannot keep them.
{
	my $node = PostgreSQL::Test::Cluster->new('no_persist');
	$node->init;
	$node->append_conf('postgresql.conf', $preload . "uuid_seq.persist = off\n");
	ok(!$node->start(fail_ok => 1), 'wal_frontiers without persist: the server refuses to start');
	like(slurp_file($node->logfile),
		qr/uuid_seq.wal_frontiers requires uuid_seq.persist/, 'the log names both settings');
}

# 2b. For the same reason a server in recovery needs it, even with its own
# uuid_seq.wal_frontiers off: its primary's leases come from the base
# backup's frontier file and from the lease records it replays, and it
# cannot know whether any will come.  A standby made from a base backup
# taken after the primary's frontier ran ahead, with persist off, refuses to
# start (it would have removed the file, and a promotion with no lease
# record replayed since would go back); with persist on it starts, and
# promoted with no record replayed since the backup it continues above.
{
	my $primary = primary('no_persist_primary');
	generate($primary, 'a', 1000, '10 min');
	$primary->safe_psql('postgres', 'CHECKPOINT');
	$primary->backup('no_persist_base');
	my $standby = PostgreSQL::Test::Cluster->new('no_persist_standby');
	$standby->init_from_backup($primary, 'no_persist_base', has_streaming => 1);
	$standby->append_conf('postgresql.conf',
		"uuid_seq.wal_frontiers = off\nuuid_seq.persist = off\n");
	ok(!$standby->start(fail_ok => 1), 'a standby with persist off refuses to start');
	like(slurp_file($standby->logfile),
		qr/uuid_seq.persist cannot be off on a server in recovery/, 'the log says why');
	like(slurp_file($standby->logfile), qr/HINT:  Turn uuid_seq.persist on/,
		'and what to do');
	$standby->append_conf('postgresql.conf', "uuid_seq.persist = on\n");
	$standby->start;
	$primary->stop('immediate');
	promote($standby);
	is(not_above($standby, 'a', 1000), $none,
		'with persist on, promoted with no record replayed: it continues above');
	$standby->stop;
}

# The greatest value of each family in table a (generate()'s), as one line.
sub last_values
{
	my ($node) = @_;
	return $node->safe_psql('postgres',
		'SELECT ' . join(" || '|' || ", map { "(SELECT u::text FROM a$_ ORDER BY u DESC LIMIT 1)" } @SUFFIXES));
}

# Whether the next value of every family lies above last_values()'s.
sub all_above
{
	my ($node, $last) = @_;
	my @last = split /\|/, $last;
	return $node->safe_psql('postgres', 'SELECT '
		  . join(" AND ", map { "$FAMILIES{$SUFFIXES[$_]} > '$last[$_]'" } 0 .. $#SUFFIXES)) eq 't';
}

# 3. Turned off after an unclean stop, the server still replays its lease
# records (the resource manager is registered whenever preloaded).
{
	my $node = primary('turned_off');
	generate($node, 'a', 1000, '10 min');
	my $last = last_values($node);
	$node->stop('immediate');
	unlink $node->data_dir . '/uuid_seq.frontiers';
	$node->append_conf('postgresql.conf', "uuid_seq.wal_frontiers = off\n");
	ok($node->start(fail_ok => 1), 'wal_frontiers turned off after an unclean stop: the server starts');
	ok(all_above($node, $last),
		'its replayed leases keep it above the values before the stop');
	$node->stop;
}

# 3b. Both turned off after an unclean stop: crash recovery meets a lease
# record with nowhere to keep it, and stops; the refused start leaves the
# frontier file as it was (it removes the file only once it is sure to run
# with persist off); turned on again, the server replays the record.
{
	my $node = primary('persist_off');
	generate($node, 'a', 1000, '10 min');
	my $last = last_values($node);
	$node->stop('immediate');
	my $file = $node->data_dir . '/uuid_seq.frontiers';
	my $bytes = slurp_file($file);
	my $log_offset = -s $node->logfile;
	$node->append_conf('postgresql.conf', "uuid_seq.wal_frontiers = off\nuuid_seq.persist = off\n");
	ok(!$node->start(fail_ok => 1),
		'wal_frontiers and persist off after an unclean stop: crash recovery refuses the lease records');
	my $log = substr(slurp_file($node->logfile), $log_offset);
	like($log, qr/FATAL:  uuid_seq cannot replay lease records with uuid_seq.persist off/,
		'the log says why');
	unlike($log, qr/removed its frontier file/, 'and removed nothing');
	ok(-e $file && slurp_file($file) eq $bytes, 'the frontier file is byte for byte as it was');
	$node->append_conf('postgresql.conf', "uuid_seq.persist = on\n");
	ok($node->start(fail_ok => 1), 'with persist on again, the server starts');
	ok(all_above($node, $last),
		'and continues above the values before the stop');

	# persist off after an unclean stop that left no lease record to replay
	# (only a table's): the file goes once redo has ended
	$node->safe_psql('postgres', 'CREATE TABLE after_replay AS SELECT 1 AS n');
	$node->stop('immediate');
	$node->append_conf('postgresql.conf', "uuid_seq.persist = off\n");
	$log_offset = -s $node->logfile;
	ok($node->start(fail_ok => 1), 'persist off, no lease record to replay: the server starts');
	like(substr(slurp_file($node->logfile), $log_offset), qr/removed its frontier file/,
		'and removes its frontier file once redo has ended');
	ok(!-e $file, 'the file is gone');
	$node->stop;
}

# 5a. A standby whose frontier file cannot be written stops replaying at the
# first lease record it must write, and replays it again at its next start.
{
	my $primary = primary('write_primary');
	my $standby = standby_of($primary, 'write_standby');
	# a non-empty directory where the .tmp file goes: it cannot be removed
	my $tmp = $standby->data_dir . '/uuid_seq.frontiers.tmp';
	make_path("$tmp/blocker");
	generate($primary, 'a', 1000, '10 min');
	$primary->safe_psql('postgres', 'SELECT pg_switch_wal()');
	ok(eval { $standby->wait_for_log(qr/could not remove uuid_seq frontier file/); 1 },
		'a failed frontier-file write during replay is an error');
	wait_exited($standby);
	rmdir "$tmp/blocker";
	rmdir $tmp;
	$standby->start;
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	$primary->stop('immediate');
	promote($standby);
	is(not_above($standby, 'a', 1000), $none,
		'the record was replayed again: the promoted standby continues above');
	$standby->stop;
}

# 5b. A primary whose uuid_seq writes a later frontier format (a second build
# of the module, compiled with the next format number) and a standby with
# this one: the standby stops with a message of its own.
{
	my $srcdir = getcwd();		# prove runs in the source directory
	my $build = tempdir(CLEANUP => 1);
	my $format = `sed -n 's/^#define FRONTIER_FILE_FORMAT\\s\\+\\([0-9]\\+\\).*/\\1/p' $srcdir/src/core/frontier_format.h`;
	chomp $format;
	my $make = $ENV{MAKE} // 'make';
	my $pg_config = $ENV{PG_CONFIG} // 'pg_config';
	# a copy of the sources alone (a VPATH build would find the tree's
	# objects), sql/ too (the Makefile joins update scripts from it),
	# without the JIT bitcode only an installed module needs
	my $built = system("cp -r $srcdir/src $srcdir/sql $srcdir/Makefile $srcdir/uuid_seq.control $build/ "
		  . "&& find $build -name '*.o' -delete "
		  . "&& $make -s -C $build PG_CONFIG=$pg_config with_llvm=no "
		  . "PG_CPPFLAGS='-I$build/src -DUUID_SEQ_VERSION=\"\\\"next\\\"\" -DFRONTIER_FILE_FORMAT="
		  . ($format + 1) . "' >$build/build.log 2>&1") == 0;
	ok($built, 'a build of the next frontier format')
	  or diag(slurp_file("$build/build.log"));

	my $primary = PostgreSQL::Test::Cluster->new('later_primary');
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf',
		"shared_preload_libraries = '$build/uuid_seq'\nuuid_seq.wal_frontiers = on\n");
	$primary->start;
	$primary->safe_psql('postgres', qq{
		CREATE FUNCTION next_v7() RETURNS uuid AS '$build/uuid_seq', 'uuid_generate_v7'
		LANGUAGE C VOLATILE});
	my $standby = standby_of($primary, 'later_standby', $preload);
	$primary->safe_psql('postgres', 'SELECT count(next_v7()) FROM generate_series(1, 10)');
	ok(eval { $standby->wait_for_log(qr/cannot replay a lease record of a later release/); 1 },
		'a record of a later format stops replay');
	like(slurp_file($standby->logfile), qr/Install the primary's version of uuid_seq/,
		'the message says what to do');
	wait_exited($standby);
	$primary->stop;
}

done_testing();
