# The frontiers without preload (issue 35).  On PostgreSQL 17 and later
# they live in a named DSM segment, and every family keeps the guarantees it
# has when preloaded: a value made after another session's value (that
# session 10 minutes ahead with uuid_seq.clock_shift, in another database)
# lies above it, and so does every value made after a clean restart, a
# backend's crash (the postmaster re-initialises shared memory, and the
# segment's next first user restores it), a kill -9 of the postmaster (only
# the leases were written: nothing runs at exit), and a restart that turns
# preloading on, or off: both read and write the same frontier file.
# Pacing holds there too: an ordinary role carries a frontier raised an
# hour ahead, or restored, at most a second further.
#
# Before 17 there is no named segment: without preload the 8-byte families
# refuse and uuid_seq_state() says 'session'; a start without preload leaves
# the frontier file alone, so the next preloaded start continues above the
# values made before it.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use Fcntl qw(O_NONBLOCK O_WRONLY);
use POSIX ();
use Time::HiRes qw(usleep);
use lib "$FindBin::Bin/../perl";
use UuidSeqCrash;
use UuidSeqGenerators;
use UuidSeqMajor;

my $major = tested_major();
my $preload = "shared_preload_libraries = 'uuid_seq'\n";

my $node = PostgreSQL::Test::Cluster->new('named_segment');
$node->init;
$node->append_conf('postgresql.conf', "restart_after_crash = on\n");

# Preloading on or off at the next start (the line is the configuration's
# last).
sub set_preload
{
	my ($preloaded) = @_;
	my $conf = $node->data_dir . '/postgresql.conf';
	my $text = slurp_file($conf);
	$text =~ s/^shared_preload_libraries = .*\n//mg;
	$text .= $preload if $preloaded;
	open my $fh, '>', $conf or die "open $conf: $!";
	print $fh $text;
	close $fh;
}

sub start_with
{
	my ($preloaded) = @_;
	set_preload($preloaded);
	$node->start;
}

# The greatest of 1000 fresh values of each family, made in $db by one
# session whose clock runs $shift ahead: family => value.
sub newest
{
	my ($db, $shift) = @_;
	return {
		map {
			($_->{family} => $node->safe_psql($db,
					"SET uuid_seq.clock_shift = '$shift';\n" . newest_sql($_, 1000)))
		} @GENERATORS
	};
}

# Whether 1000 fresh values of each family, made in $db with the real
# clock, all lie above its value in $floor.
sub all_above
{
	my ($db, $floor) = @_;
	my @below = grep {
		$node->safe_psql($db, qq{
			SELECT bool_and(u $_->{gt} '$floor->{$_->{family}}')
			FROM (SELECT $_->{expr} u FROM generate_series(1, 1000)) s}) ne 't'
	} @GENERATORS;
	diag('below the floor: ' . join(', ', map { $_->{family} } @below)) if @below;
	return @below ? 'f' : 't';
}

# Without preload the settings read only at start are ignored (node_id,
# node_bits and persist are set): the session that loads uuid_seq gets one
# WARNING naming them all; PostgreSQL's own about each placeholder it
# removes go to the server log only, but a misspelt name (uuid_seq.nodeid)
# still gets PostgreSQL's WARNING.
sub one_warning
{
	my ($ret, $out, $err) = $node->psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL');
	my @warnings = $err =~ /WARNING:  /g;
	is(scalar(@warnings), 2, 'without preload: one WARNING for the ignored settings, one for a misspelt one')
	  or diag($err);
	like($err,
		qr/WARNING:  uuid_seq\.node_id, uuid_seq\.node_bits, uuid_seq\.persist are ignored: uuid_seq is not in shared_preload_libraries/,
		'the one WARNING names each ignored setting');
	like($err, qr/WARNING:  .*"uuid_seq\.nodeid"/, 'the misspelt one gets PostgreSQL\'s');
}

sub frontiers_in
{
	my ($db) = @_;
	return $node->safe_psql($db, 'SELECT uuid_seq_frontiers_in()');
}

if ($major < 17)
{
	# Preloaded first: values 10 minutes ahead, kept in the file at shutdown.
	start_with(1);
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	my $floor = newest('postgres', '10 minutes');
	$node->stop;

	$node->append_conf('postgresql.conf', "uuid_seq.persist = on\n");
	start_with(0);
	is(frontiers_in('postgres'), 'session', 'before 17 without preload: frontiers per session');
	my ($ret, $out, $err) = $node->psql('postgres', 'SELECT tsid_generate()');
	like($err, qr/TSID generation needs the shared frontiers of uuid_seq/,
		'before 17 without preload: an 8-byte id is refused');
	like($err, qr/uuid_seq\.persist is ignored: uuid_seq is not in shared_preload_libraries/,
		'a setting read only at start says it is ignored');
	$node->safe_psql('postgres', 'SELECT uuid_generate_v7() FROM generate_series(1, 1000)');
	$node->stop;

	start_with(1);
	is(all_above('postgres', $floor), 't',
		'preloaded again: the file a start without preload left alone keeps every family above');
	$node->stop;

	set_preload(0);
	$node->append_conf('postgresql.conf',
		"uuid_seq.node_id = 3\nuuid_seq.node_bits = 4\nuuid_seq.nodeid = 1\n");
	$node->start;
	one_warning();
	$node->stop;
	done_testing();
	exit;
}

start_with(0);
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
$node->safe_psql('postgres', 'CREATE DATABASE other');
$node->safe_psql('other', 'CREATE EXTENSION uuid_seq');
is(frontiers_in('postgres'), 'named segment', 'without preload: the frontiers are in the named segment');

# Across sessions and databases: one session 10 minutes ahead, then another
# with the real clock.
my $floor = newest('postgres', '10 minutes');
is(all_above('other', $floor), 't',
	'a session of another database continues above a session 10 minutes ahead');

# A clean restart: the file holds the leases (no one writes it at exit).
$floor = newest('other', '10 minutes');
$node->restart;
is(all_above('postgres', $floor), 't', 'after a clean restart, values stay above');
is($node->safe_psql('postgres', q{SELECT DISTINCT restored_from FROM uuid_seq_state()}),
	'file', 'the segment\'s first user restored the frontiers from the file');

# A backend crash: the postmaster re-initialises shared memory, the DSM
# registry with it.
$floor = newest('postgres', '10 minutes');
kill9_backend($node);
like(slurp_file($node->logfile), qr/terminated by signal 9/, 'a backend crashed');
is(all_above('other', $floor), 't', 'after a backend crash, values stay above');

# kill -9 of the postmaster: nothing at exit, the leases alone.
$floor = newest('other', '10 minutes');
ok(kill9_and_start($node), 'the server starts after kill -9 of the postmaster');
is(all_above('postgres', $floor), 't', 'after kill -9 of the postmaster, values stay above');

# Preloading turned on: the postmaster reads the file the named segment's
# leases wrote.
$floor = newest('postgres', '10 minutes');
$node->stop;
start_with(1);
is(frontiers_in('postgres'), 'shared memory', 'preloaded: the frontiers are in shared memory');
is(all_above('other', $floor), 't', 'preload turned on: values stay above');

# ... and off again: the named segment's first user reads the file the
# postmaster wrote at shutdown.
$floor = newest('other', '10 minutes');
$node->stop;
start_with(0);
is(frontiers_in('postgres'), 'named segment', 'not preloaded again: the named segment');
is(all_above('postgres', $floor), 't', 'preload turned off: values stay above');

# ... also after a kill -9 of a preloaded postmaster (its leases only);
# settings read only at start say, where the library loads, that they are
# ignored without preload.
$node->stop;
start_with(1);
$floor = newest('postgres', '10 minutes');
set_preload(0);
$node->append_conf('postgresql.conf', "uuid_seq.persist = on\n");
ok(kill9_and_start($node), 'the server starts without preload after kill -9 of a preloaded one');
my ($ret, $out, $err) = $node->psql('other', 'SELECT uuid_generate_v7() IS NOT NULL');
like($err, qr/uuid_seq\.persist is ignored: uuid_seq is not in shared_preload_libraries/,
	'a setting read only at start says it is ignored');
is(all_above('other', $floor), 't',
	'after kill -9 of a preloaded postmaster, not preloaded: values stay above');

# The first attach races: the segment's first user restores the frontiers
# from the file (10 minutes ahead) while every other session that attaches
# meanwhile waits for it, under the registry's lock, and then continues
# above the file.  The file is made a FIFO so that the first user blocks
# in the middle of its restore, for as long as the test wants: the others
# attach then, and the test lets the restore finish only once each of them
# either waits on the registry's lock or has generated (which a restore
# outside the lock would let them do, from the clock, below the file).
$floor = newest('postgres', '10 minutes');
$node->stop;
my $file = $node->data_dir . '/uuid_seq.frontiers';
my $saved = slurp_file($file);
unlink $file or die "unlink $file: $!";
POSIX::mkfifo($file, 0600) or die "mkfifo $file: $!";
$node->start;
$node->safe_psql('postgres', 'CREATE TABLE raced (family text, value text)');
my $take_all = 'INSERT INTO raced VALUES '
  . join(', ', map { "('$_->{family}', ($_->{expr})::text)" } @GENERATORS) . ';';
my $first = $node->background_psql('postgres');
$first->query_until(qr/restoring/, "\\echo restoring\n$take_all\n");
my $fifo;
my $deadline = time + $PostgreSQL::Test::Utils::timeout_default;
until (sysopen($fifo, $file, O_WRONLY | O_NONBLOCK))
{
	die "the first user never opened the frontier file: $!"
	  unless $!{ENXIO} && time < $deadline;
	usleep(100_000);
}
my @racers = map { $node->background_psql('postgres') } 1 .. 6;
my @pids = map { $_->query_safe('SELECT pg_backend_pid()') } @racers;
$_->query_until(qr/racing/, "\\echo racing\n$take_all\n") for @racers;
my $pid_list = join(', ', @pids);
ok($node->poll_query_until('postgres', qq{
	SELECT count(*) = @{[ scalar @racers ]} FROM pg_stat_activity
	WHERE pid IN ($pid_list)
	  AND (state = 'idle' OR wait_event_type = 'LWLock' AND wait_event LIKE 'DSMRegistry%')}),
	'the first attach races: every other session has attached or waits for the registry');
syswrite($fifo, $saved) == length($saved) or die "write $file: $!";
close $fifo;
$_->quit for $first, @racers;
my @below = grep {
	$node->safe_psql('postgres', qq{
		SELECT bool_and(value::$_->{type} $_->{gt} '$floor->{$_->{family}}') AND count(*) = 7
		FROM raced WHERE family = '$_->{family}'}) ne 't'
} @GENERATORS;
is(join(', ', map { $_->{family} } @below), '',
	'the first attach races: every session waited for the restore, every value lies above the file');
# (the leases renewed since then replaced the FIFO with a file)
ok(!-p $file, 'the first attach races: the frontier file is a file again')
  or unlink $file;

# The node id configured but ignored: an 8-byte id would carry node 0, as
# another server's could; it is refused, the uuid families go on.  (And
# the session that loads uuid_seq gets one WARNING about it.)
$node->append_conf('postgresql.conf',
	"uuid_seq.node_id = 3\nuuid_seq.node_bits = 4\nuuid_seq.nodeid = 1\n");
$node->restart;
one_warning();
($ret, $out, $err) = $node->psql('postgres', q{SET client_min_messages = error; SELECT tsid_generate()},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: TSID generation cannot apply uuid_seq\.node_id or uuid_seq\.node_bits without preload/,
	'a node id set but ignored: an 8-byte id is refused with 55000');
is($node->safe_psql('postgres', 'SELECT uuid_generate_v7() IS NOT NULL'), 't',
	'a node id set but ignored: uuid_generate_v7() still works');

# ... and node_bits alone, without a node id: the ids would carry node 0 in
# a field of another width.
my $conf = slurp_file($node->data_dir . '/postgresql.conf');
$conf =~ s/^uuid_seq\.node_id = .*\n//mg;
open my $fh, '>', $node->data_dir . '/postgresql.conf' or die "open postgresql.conf: $!";
print $fh $conf, "uuid_seq.node_bits = 4\n";
close $fh;
$node->restart;
($ret, $out, $err) = $node->psql('postgres', q{SET client_min_messages = error; SELECT tsid_generate()},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/ERROR:  55000: TSID generation cannot apply uuid_seq\.node_id or uuid_seq\.node_bits without preload/,
	'node bits set alone but ignored: an 8-byte id is refused with 55000');

# Pacing (src/README §1) on the named segment: after a raise an hour ahead,
# an ordinary role's v7 (a millisecond a value) carries the frontier at most
# a second further, then is refused (on_overflow = error: 54000); so too
# after a restart, whose first user restores the frontier from the file,
# and the pace anchor with it.
$node->safe_psql('postgres', 'CREATE ROLE pacer');
$node->safe_psql('postgres',
	q{SELECT uuid_seq_raise_frontier('v7', uuid_generate_v7(clock_timestamp() + interval '1 hour'),
		interval '2 hours')});
for my $when ('after a raise an hour ahead', 'after a restart')
{
	$node->restart if $when eq 'after a restart';
	my $from = $node->safe_psql('postgres',
		q{SELECT frontier_time FROM uuid_seq_state() WHERE family = 'v7'});
	($ret, $out, $err) = $node->psql('postgres', q{
		LOAD 'uuid_seq';
		SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.on_overflow = 'error';
		SET statement_timeout = '60s'; SET ROLE pacer;
		SELECT count(uuid_generate_v7()) FROM generate_series(1, 5000)},
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	like($err, qr/ERROR:  54000: UUIDv7 values would run more than 1 second ahead of the clock/,
		"named segment, $when: an ordinary role is paced (54000)");
	my $advanced = $node->safe_psql('postgres', qq{
		SELECT EXTRACT(EPOCH FROM frontier_time - '$from'::timestamptz)
		FROM uuid_seq_state() WHERE family = 'v7'});
	cmp_ok($advanced, '>', 0.9, "named segment, $when: the frontier carried on");
	cmp_ok($advanced, '<=', 1.001, "named segment, $when: ... at most a second past it");
}

$node->stop;
done_testing();
