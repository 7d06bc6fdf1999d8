# Frontiers that travel with the data: docs/operations.md's two runbooks, each
# tested with the old server's frontiers ten minutes ahead of the clock, so
# that without the runbook's step the new server's values fall below the old
# keys (checked first, then the step):
#
# - dump and restore: after the restore, one uuid_seq_raise_frontier(family,
#   max(key)) per key column (the bigint form for the 8-byte ids, with the
#   epoch for a Snowflake key of another epoch than Twitter's);
# - pg_upgrade (to the same major here; the version matrix runs it on each):
#   the old data directory's uuid_seq.frontiers copied into the new one
#   before its first start, here before pg_upgrade runs (its own runs of the
#   new server must leave the file alone).
use strict;
use warnings;
use File::Copy;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $preload = "shared_preload_libraries = 'uuid_seq'\n";
# (pg_config is the tested major's, first in PATH under make prove)
my $bindir = `pg_config --bindir`;
chomp $bindir;

sub server
{
	my ($name) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);
	$node->init;
	$node->append_conf('postgresql.conf', $preload);
	return $node;
}

# A database `shop` with keys of four families made with the clock ten
# minutes ahead (as a server whose clock, or bursts, ran ahead): v7, ULID,
# TSID, and Snowflake ids of Discord's epoch.
sub fill
{
	my ($node) = @_;
	$node->safe_psql('postgres', 'CREATE DATABASE shop');
	$node->safe_psql('shop', q{
		CREATE EXTENSION uuid_seq;
		CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		CREATE TABLE lines (id uuid PRIMARY KEY DEFAULT ulid_generate(), n int);
		CREATE TABLE parcels (id bigint PRIMARY KEY DEFAULT tsid_generate(), n int);
		CREATE TABLE messages (id bigint PRIMARY KEY DEFAULT snowflake_generate('2015-01-01 00:00+00'), n int);
		SET uuid_seq.clock_shift = '10 min';
		INSERT INTO orders (n) SELECT g FROM generate_series(1, 1000) g;
		INSERT INTO lines (n) SELECT g FROM generate_series(1, 1000) g;
		INSERT INTO parcels (n) SELECT g FROM generate_series(1, 1000) g;
		INSERT INTO messages (n) SELECT g FROM generate_series(1, 1000) g;});
}

# How many of 100 fresh values of each family lie at or below the greatest
# key of its table: "orders|lines|parcels|messages".
my %keys = (
	orders => 'uuid_generate_v7()',
	lines => 'ulid_generate()',
	parcels => 'tsid_generate()',
	messages => q{snowflake_generate('2015-01-01 00:00+00')});
my @tables = qw(orders lines parcels messages);
sub below
{
	my ($node) = @_;
	return $node->safe_psql('shop',
		'SELECT ' . join(" || '|' || ", map {
			"(SELECT count(*) FROM (SELECT $keys{$_} u FROM generate_series(1, 100)) s "
			  . "WHERE u <= (SELECT id FROM $_ ORDER BY id DESC LIMIT 1))"
		} @tables));
}
my $all_below = join '|', map { 100 } @tables;
my $none_below = join '|', map { 0 } @tables;

# Dump and restore.
{
	my $old = server('dump_old');
	$old->start;
	fill($old);
	my $dump = "${PostgreSQL::Test::Utils::tmp_check}/shop.sql";
	$old->command_ok([ 'pg_dump', '-d', $old->connstr('shop'), '-f', $dump ], 'pg_dump');
	$old->stop;

	my $new = server('dump_new');
	$new->start;
	$new->safe_psql('postgres', 'CREATE DATABASE shop');
	$new->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $new->connstr('shop'),
		'-f', $dump ], 'restore');
	is(below($new), $all_below, 'restored, without the step: new values fall below the old keys');
	is( $new->safe_psql('shop', q{
			SELECT uuid_seq_raise_frontier('v7', max(id)) FROM orders;
			SELECT uuid_seq_raise_frontier('ulid', max(id)) FROM lines;
			SELECT uuid_seq_raise_frontier('tsid', max(id)) FROM parcels;
			SELECT uuid_seq_raise_frontier('snowflake', max(id), '2015-01-01 00:00+00') FROM messages;}),
		"t\nt\nt\nt", 'the runbook: one uuid_seq_raise_frontier() per key column');
	is(below($new), $none_below, 'after it, every new value lies above every restored key');
	$new->restart;
	is(below($new), $none_below, '... and after a restart (the raise is durable)');
	$new->stop;
}

# pg_upgrade, the frontier file copied into the new data directory before it
# runs.
{
	my $old = server('upgrade_old');
	$old->start;
	fill($old);
	$old->stop;

	my $new = server('upgrade_new');
	my $file = $new->data_dir . '/uuid_seq.frontiers';
	copy($old->data_dir . '/uuid_seq.frontiers', $file) or die "copy: $!";
	my $copied = slurp_file($file);
	my @upgrade = ('pg_upgrade', '-d', $old->data_dir, '-D', $new->data_dir,
		'-b', $bindir, '-B', $bindir,
		'-s', $new->host, '-p', $old->port, '-P', $new->port);
	# pg_upgrade writes its logs in the current directory
	chdir ${PostgreSQL::Test::Utils::tmp_check};
	command_ok([ @upgrade, '--check' ], 'pg_upgrade --check');
	command_ok(\@upgrade, 'pg_upgrade');
	is(slurp_file($file), $copied, "pg_upgrade's runs of the new server leave the copied file alone");
	$new->start;
	is(below($new), $none_below, 'upgraded with the file: every new value lies above every old key');
	$new->stop;

	# the same without the file: below, which is why the runbook copies it
	my $bare = server('upgrade_bare');
	@upgrade = ('pg_upgrade', '-d', $old->data_dir, '-D', $bare->data_dir,
		'-b', $bindir, '-B', $bindir,
		'-s', $bare->host, '-p', $old->port, '-P', $bare->port);
	command_ok(\@upgrade, 'pg_upgrade without the file');
	$bare->start;
	is(below($bare), $all_below, 'upgraded without the file: new values fall below the old keys');
	$bare->stop;
}

done_testing();
