# The PostgreSQL major under test, what the WAL-logged frontiers' tests
# check on a major that cannot have them (before 15): that the server
# refuses uuid_seq.wal_frontiers = on, rather than skip (the version matrix
# fails a skipped test file), and a background session's result as every
# major's test modules would give it.
package UuidSeqMajor;
use strict;
use warnings;
use Exporter 'import';
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
our @EXPORT = qw(tested_major check_wal_frontiers_refused session_value);

# The major of pg_config, first in PATH under make prove (13's test modules
# have no pg_version method).
sub tested_major
{
	my ($major) = `pg_config --version` =~ /PostgreSQL (\d+)/;
	return $major;
}

# Before 15: the server refuses to start with uuid_seq.wal_frontiers = on,
# and says why.
sub check_wal_frontiers_refused
{
	my ($name) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf',
		"shared_preload_libraries = 'uuid_seq'\nuuid_seq.wal_frontiers = on\n");
	ok(!$node->start(fail_ok => 1), 'before 15, wal_frontiers = on: the server refuses to start');
	like(slurp_file($node->logfile), qr/custom WAL resource managers of PostgreSQL 15/,
		'the log says why');
}

# session_value SESSION, SQL: what a query of a background_psql session
# printed, without a trailing newline (16beta2's BackgroundPsql leaves one
# after the last line; later ones do not).
sub session_value
{
	my ($session, $sql) = @_;
	my $out = $session->query_safe($sql);
	$out =~ s/\n+\z//;
	return $out;
}

1;
