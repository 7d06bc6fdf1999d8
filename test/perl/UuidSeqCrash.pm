# A postmaster that dies without a word (kill -9, as a power loss would
# leave it): nothing is written at exit, so a server started afterwards has
# only what was made durable while it ran (src/README §12); and a backend
# that does (the postmaster re-initialises shared memory).
package UuidSeqCrash;
use strict;
use warnings;
use Exporter 'import';
use Time::HiRes qw(usleep);
use PostgreSQL::Test::Utils;
our @EXPORT = qw(kill9_and_start kill9_backend);

# Kill $node's postmaster with SIGKILL, then start it again; returns whether
# it started.
sub kill9_and_start
{
	my ($node) = @_;
	my ($postmaster) = split /\n/, slurp_file($node->data_dir . '/postmaster.pid');
	$node->kill9;
	# Where nothing reaps orphans (some containers) the dead postmaster stays
	# a zombie, and its pid file looks live: remove it once the process is
	# dead.
	for (1 .. 100)
	{
		my $status = -e "/proc/$postmaster/status" ? slurp_file("/proc/$postmaster/status") : '';
		last if $status eq '' || $status =~ /^State:\s+Z/m;
		usleep(100_000);
	}
	unlink $node->data_dir . '/postmaster.pid';
	# the orphaned children notice the postmaster is gone and exit
	for (1 .. 60)
	{
		return 1 if $node->start(fail_ok => 1);
		sleep 1;
	}
	return 0;
}

# Kill one backend of $node with SIGKILL and wait until the postmaster has
# re-initialised shared memory and accepts connections again.
sub kill9_backend
{
	my ($node) = @_;
	my $victim = $node->background_psql('postgres');
	my $pid = $victim->query_safe('SELECT pg_backend_pid()');
	kill 'KILL', $pid;
	$victim->{run}->finish;
	$node->poll_query_until('postgres', 'SELECT 1', '1') or die 'server did not come back';
}

1;
