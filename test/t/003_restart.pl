# Frontiers across restarts and crashes (uuid_seq.persist), for every
# family: a first start takes them from the clock (uuid_seq_state's
# restored_from, before and after generating, and after restarts before any
# value), and a clean restart with the
# clock an hour behind continues above the values handed out before, from
# the file; a damaged, truncated or foreign frontier file only costs a
# WARNING, one whole message per problem; a start with uuid_seq.persist off
# removes the file, so that turning it on again starts from the clock rather
# than from a file below the values made meanwhile; a backend crash (the postmaster
# re-initialises shared memory) and an immediate shutdown never rewind the
# frontier.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqCrash;
use UuidSeqGenerators;

my $node = PostgreSQL::Test::Cluster->new('restart');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\nrestart_after_crash = on\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
my $file = $node->data_dir . '/uuid_seq.frontiers';

# The greatest of 1000 fresh values of each family, family => value.
sub newest
{
	return { map { ($_->{family} => $node->safe_psql('postgres', newest_sql($_, 1000))) }
		  @GENERATORS };
}

# Whether 1000 fresh values of each family all lie above its value in $floor.
sub all_above
{
	my ($floor) = @_;
	my @below = grep {
		$node->safe_psql('postgres', qq{
			SELECT bool_and(u $_->{gt} '$floor->{$_->{family}}')
			FROM (SELECT $_->{expr} u FROM generate_series(1, 1000)) s}) ne 't'
	} @GENERATORS;
	diag('below the floor: ' . join(', ', map { $_->{family} } @below)) if @below;
	return @below ? 'f' : 't';
}

# Overwrite bytes of a file at an offset.
sub overwrite
{
	my ($path, $offset, $bytes) = @_;
	open my $fh, '+<', $path or die "open $path: $!";
	binmode $fh;
	seek $fh, $offset, 0;
	print $fh $bytes;
	close $fh;
}

# Flip every bit of the byte of a file at an offset: always a change,
# whatever the byte held.
sub flip_byte
{
	my ($path, $offset) = @_;
	open my $fh, '+<', $path or die "open $path: $!";
	binmode $fh;
	seek $fh, $offset, 0;
	read($fh, my $byte, 1) == 1 or die "read $path: $!";
	seek $fh, $offset, 0;
	print $fh chr(ord($byte) ^ 0xff);
	close $fh;
}

# Where each family's frontier was restored from, when all agree.
sub origin
{
	return $node->safe_psql('postgres',
		'SELECT string_agg(DISTINCT restored_from, \',\') FROM uuid_seq_state()');
}

is(origin(), 'clock', 'a first start begins from the clock');

# A family never used has no frontier, also after restarts: it is not
# restored from the file (where it is saved as 0), and it starts from the
# clock, not from a frontier in 1970 (1900, year 1).
$node->restart;
$node->restart;
is( $node->safe_psql(
		'postgres', q{SELECT count(*) FROM uuid_seq_state()
		              WHERE restored_from = 'clock' AND frontier_time IS NULL}),
	scalar(@GENERATORS), 'restarted before any value: no frontier, from the clock');
my $before = newest();
# (test/regress/sql/v7_state.sql accepts 'clock' or 'file', so that installcheck passes on
# a restarted server: the value a first start shows is checked here)
is(origin(), 'clock', 'generating does not change where the frontiers came from');
$node->stop;
ok(-f $file, 'clean shutdown writes the frontier file');

# Restart with the clock an hour behind: the file keeps generation above.
$node->append_conf('postgresql.conf', "uuid_seq.clock_shift = '-1 hour'\n");
$node->start;
is(origin(), 'file', 'frontier restored from the file');
is(all_above($before), 't', 'after a restart with the clock behind, values stay above');

# Damaged files: the server starts with a WARNING and uses the clock.  Each
# WARNING is one whole message in frontier_store.c, as a translator sees it: an
# errmsg format there with only the file name filled in.
my %formats;
my $source = slurp_file("$FindBin::Bin/../../src/runtime/frontier_store.c");
while ($source =~ /errmsg\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/g)
{
	my $format = join '', $1 =~ /"((?:[^"\\]|\\.)*)"/g;
	$format =~ s/\\(.)/$1/g;
	$format =~ s/%s/uuid_seq.frontiers/g;
	$formats{$format} = 1;
}
my %damage = (
	'garbage' => [
		sub { PostgreSQL::Test::Utils::append_to_file($file, 'x' x 40); },
		'it has the wrong length'
	],
	'truncated' => [ sub { truncate $file, 10 or die "truncate: $!"; }, 'it is truncated' ],
	'foreign' => [
		sub { overwrite($file, 8, pack('V', 99)); },    # a later major, 99
		'it was written by a later PostgreSQL major or another format of uuid_seq'
	],
	'damaged' => [
		sub { flip_byte($file, 20); },                 # the first family's word
		'its checksum does not match'
	],
	'not ours' => [
		sub {
			PostgreSQL::Test::Utils::append_to_file($file . '.new', 'hello');
			rename $file . '.new', $file;
		},
		'it is not a uuid_seq frontier file'
	]);
for my $kind (sort keys %damage)
{
	my ($spoil, $problem) = @{ $damage{$kind} };
	$node->stop;
	$spoil->();
	my $log_offset = -s $node->logfile;
	$node->start;
	my $log = substr(slurp_file($node->logfile), $log_offset);
	like($log, qr/WARNING:  ignoring uuid_seq frontier file "uuid_seq.frontiers"/,
		"$kind file: WARNING");
	my ($message) = $log =~ /WARNING:  (ignoring uuid_seq frontier file .*)/;
	is($message, qq{ignoring uuid_seq frontier file "uuid_seq.frontiers": $problem},
		"$kind file: the WARNING says why");
	ok(defined $message && $formats{$message},
		"$kind file: the WARNING is one whole message in frontier_store.c");
	is(origin(), 'clock', "$kind file: generators start from the clock");
}

# uuid_seq.persist = off: nothing is written, and the file of the last
# start with it on is removed, and the log says so: the values made while it
# is off (here with the clock an hour ahead) lie above that file, so a later
# start with it on must not restore it as if it bounded them.
$node->stop;
ok(-f $file, 'a file from the last start with persist = on');
$node->append_conf('postgresql.conf', "uuid_seq.persist = off\nuuid_seq.clock_shift = '1 hour'\n");
my $log_offset = -s $node->logfile;
$node->start;
ok(!-e $file, 'a start with persist = off removes the file');
like(substr(slurp_file($node->logfile), $log_offset),
	qr/LOG:  uuid_seq removed its frontier file "uuid_seq.frontiers" because uuid_seq.persist is off/,
	'... and logs it');
newest();
# a family's last word is every lease's without persist: v6 raised to its
# last tick but one takes the last word, then refuses, and nothing is
# renewed or written
$node->safe_psql('postgres', q{SELECT uuid_seq_raise_frontier('v6',
	'ffffffff-ffff-6ffe-8000-000000000000'::uuid, horizon => '4000 years')});
my ($rc, $out, $err) = $node->psql('postgres',
	"\\set VERBOSITY verbose\nSELECT uuid_generate_v6() FROM generate_series(1, 20)");
like($err, qr/ERROR:  22008: /, 'persist = off: v6 raised to its last ticks runs out (22008)');
is($node->safe_psql('postgres', 'SELECT 1'), '1', '... and the server is up');
ok(!-e $file, '... with no file written');
$node->stop;
ok(!-e $file, 'persist = off writes no file');
$node->append_conf('postgresql.conf', "uuid_seq.persist = on\nuuid_seq.clock_shift = '0'\n");
$log_offset = -s $node->logfile;
$node->start;
unlike(substr(slurp_file($node->logfile), $log_offset), qr/restored its frontiers/,
	'persist on again: no file of the start before persist was off is restored');
is(origin(), 'clock', '... the frontiers start from the clock');

# A backend crash: the postmaster resets shared memory.  The file (from the
# last clean shutdown) is older than what is handed out below, and the clock
# goes back an hour, so only the postmaster's copy of the old segment keeps
# the frontier from rewinding.
$node->restart;
$before = newest();
$node->safe_psql('postgres', q{ALTER SYSTEM SET uuid_seq.clock_shift = '-1 hour'});
$node->reload;
kill9_backend($node);
like(slurp_file($node->logfile), qr/terminated by signal 9/, 'the backend crashed');
is(all_above($before), 't', 'after a backend crash, values stay above');

# An immediate shutdown: the server recovers and generation goes on above.
$before = newest();
$node->stop('immediate');
$node->start;
is(all_above($before), 't', 'after an immediate shutdown, values stay above');

# The postmaster itself dies (kill -9) and comes back with its clock an hour
# behind: nothing was written at exit, only the lease renewed while running
# keeps generation above what was handed out.
# (a clock 2 s ahead is past the last lease: the values below renew it)
$node->safe_psql('postgres', q{ALTER SYSTEM SET uuid_seq.clock_shift = '2 s'});
$node->reload;
$before = newest();
$node->safe_psql('postgres', q{ALTER SYSTEM SET uuid_seq.clock_shift = '-1 hour'});
ok(kill9_and_start($node), 'the server starts again after kill -9 of the postmaster');
is(all_above($before), 't',
	'after the postmaster was killed, with the clock behind, values stay above');

$node->stop;
done_testing();
