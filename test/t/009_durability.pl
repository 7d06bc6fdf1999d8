# Durability of the frontier file (src/README §12), seen through the system
# calls: with fsync = on, a write of the file fsyncs the .tmp before renaming
# it over the file and fsyncs the data directory after the rename, both at a
# lease write (before the query that triggered it returns its value: the
# lease is relied on only once the file is durable) and at the shutdown
# write.  Other TAP tests cannot see a missing fsync: their clusters run with
# fsync = off, and kill -9 keeps the page cache.
#
# Both writes also create the .tmp with O_EXCL and O_NOFOLLOW, so that a
# symlink planted at its name between the unlink of what was there and the
# open is never followed.  008_frontier_file.pl plants one before the write,
# where the unlink removes it: only the flags show the race is closed (a
# mutant opening with O_WRONLY | O_CREAT | O_TRUNC passed every other test).
#
# The server runs under strace -ff -y (one trace per process, each fd shown
# with its path); skipped where strace is missing or cannot trace.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Cwd qw(abs_path);
use IPC::Run;
use Time::HiRes qw(usleep);

if (system('strace -o /dev/null true >/dev/null 2>&1') != 0)
{
	plan skip_all => 'strace is missing or cannot trace here';
}

my $node = PostgreSQL::Test::Cluster->new('durability');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\nfsync = on\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
$node->stop;

my $pgdata = abs_path($node->data_dir);
my $trace = $node->basedir . '/strace';
my @strace = (
	'strace', '-ff', '-y', '-s', '256', '-o', $trace,
	'-e', 'trace=openat,fsync,fdatasync,rename,renameat,renameat2,sendto');

# Poll, as pg_ctl -w does, until postmaster.pid says the server accepts
# connections (a connection attempt before then can fail in many ways);
# returns the postmaster's pid.
sub wait_until_ready
{
	my ($server) = @_;
	my $pidfile = $node->data_dir . '/postmaster.pid';
	for (1 .. 6000)
	{
		my @lines = -e $pidfile ? split(/\n/, slurp_file($pidfile)) : ();
		return $lines[0] if @lines >= 8 && $lines[7] =~ /^ready/;
		die 'the server under strace exited' unless $server->pumpable;
		usleep(100_000);
	}
	die 'the server under strace did not become ready';
}

# The postmaster under strace, until pg_ctl stops it.
my $server = IPC::Run::start([ @strace, 'postgres', '-D', $node->data_dir ],
	'<', '/dev/null', '>>', $node->logfile, '2>&1',
	IPC::Run::timeout(600));
my ($value, $postmaster);
my $ok = eval {
	$postmaster = wait_until_ready($server);
	# the first value after a start is above the restored frontier, its
	# lease: it renews the lease, writing the file
	$value = $node->safe_psql('postgres', 'SELECT uuid_generate_v7()');
	1;
};
if (!$ok)
{
	my $error = $@;
	system('pg_ctl', '-D', $node->data_dir, '-m', 'immediate', '-w', 'stop');
	$server->kill_kill;
	die $error;
}
system('pg_ctl', '-D', $node->data_dir, '-m', 'fast', '-w', 'stop') == 0
  or die 'pg_ctl stop failed';
$server->finish;

# The traced system calls of process $pid, one string per call.
sub calls_of
{
	my ($pid) = @_;
	open my $fh, '<', "$trace.$pid" or die "open $trace.$pid: $!";
	my @calls = grep { !/^(---|\+\+\+)/ } <$fh>;
	close $fh;
	chomp @calls;
	return @calls;
}

# Index of the first call in @$calls from $from on matching $re, or undef.
sub find_call
{
	my ($calls, $from, $re) = @_;
	for my $i ($from .. $#$calls)
	{
		return $i if $calls->[$i] =~ $re;
	}
	return undef;
}

my $tmp_fd = qr/<\Q$pgdata\E\/uuid_seq\.frontiers\.tmp>/;
my $dir_fd = qr/<\Q$pgdata\E>/;
my $create = qr/^openat\(.*"(?:[^"]*\/)?uuid_seq\.frontiers\.tmp", [^)]*O_CREAT.*= \d+$tmp_fd/;
my $create_flags = qr/"(?:[^"]*\/)?uuid_seq\.frontiers\.tmp", ([A-Z_|]+)/;
my $sync_tmp = qr/^f(?:data)?sync\(\d+$tmp_fd\) = 0/;
my $rename = qr/^rename\w*\(.*"(?:[^"]*\/)?uuid_seq\.frontiers\.tmp", .*"(?:[^"]*\/)?uuid_seq\.frontiers"\) = 0/;
my $sync_dir = qr/^f(?:data)?sync\(\d+$dir_fd\) = 0/;

# Check the write of the file that ends in the rename at index $renamed of
# @$calls: the .tmp created (the last open of its name with O_CREAT before
# the rename) with O_EXCL and O_NOFOLLOW, an fsync of the .tmp between its
# creation and the rename, an fsync of the directory after the rename and,
# if $by is given, before the call at index $by.
sub check_write
{
	my ($what, $calls, $renamed, $by) = @_;
	my ($created) = grep { $calls->[$_] =~ $create } reverse(0 .. $renamed);
	ok(defined $created, "$what: the .tmp is created before the rename")
	  or return;
	my ($flags) = $calls->[$created] =~ $create_flags;
	my %flag = map { $_ => 1 } split /\|/, $flags // '';
	ok($flag{O_EXCL} && $flag{O_NOFOLLOW},
		"$what: the .tmp is created with O_EXCL and O_NOFOLLOW, never through a link")
	  or diag("the creation: $calls->[$created]");
	my $synced = find_call($calls, $created, $sync_tmp);
	ok(defined $synced && $synced < $renamed, "$what: the .tmp is fsynced before the rename");
	my $dir_synced = find_call($calls, $renamed, $sync_dir);
	ok(defined $dir_synced, "$what: the data directory is fsynced after the rename");
	ok(defined $dir_synced && $dir_synced < $by,
		"$what: both before the value is sent to the client")
	  if defined $by;
}

# Indexes of the renames of the .tmp over the file in @$calls.
sub renames
{
	my ($calls) = @_;
	return grep { $calls->[$_] =~ $rename } 0 .. $#$calls;
}

# The lease write: in the backend that sent the value to the client.
opendir my $dh, $node->basedir or die "opendir: $!";
my @pids = map { /^strace\.(\d+)$/ ? $1 : () } readdir $dh;
closedir $dh;
my ($backend, $sent);
for my $pid (@pids)
{
	my @calls = calls_of($pid);
	my $i = find_call(\@calls, 0, qr/^sendto\(.*\Q$value\E/);
	($backend, $sent) = ($pid, $i) if defined $i;
}
ok(defined $backend, 'the backend that sent the value is traced')
  or diag("no process sent $value; traces: @pids");
if (defined $backend)
{
	my @calls = calls_of($backend);
	my @renames = grep { $_ < $sent } renames(\@calls);
	ok(@renames, 'lease write: the .tmp is renamed over the file before the value is sent')
	  and check_write('lease write', \@calls, $renames[-1], $sent);
}

# The shutdown write: the postmaster's last write of the file.
my @calls = calls_of($postmaster);
my @renames = renames(\@calls);
ok(@renames, 'shutdown write: the postmaster renames the .tmp over the file')
  and check_write('shutdown write', \@calls, $renames[-1]);

done_testing();
