# Frontiers that travel with the data: the runbooks of docs/operations.md
# for a dump and restore and for pg_upgrade, each run as a DBA runs it, with
# the old server's frontiers ten minutes ahead of the clock and a key
# column of every kind (test/perl/UuidSeqTravel.pm: v7, ULID, a sqlguid
# COMB, a 'postgresql' COMB, a uuid COMB in SQL Server order, a sqldatetime
# and a .NET-ticks COMB, TypeID text, TSID, Snowflake of Discord's epoch).  Each shows first that without the
# runbook's step every new key falls below the old ones, then the step:
#
# - dump and restore: pg_dump -Fc, pg_restore into a fresh server that
#   preloads uuid_seq, then the one statement, uuid_seq_raise_frontiers(),
#   with the horizon the runbook gives a server that ran ahead ('1 hour':
#   with the default, 5 minutes, keys ten minutes ahead are not raised to);
# - pg_upgrade (to the same major here; the version matrix upgrades 18 to
#   19): the one statement after the upgrade, before anything generates;
#   or the old data directory's uuid_seq.frontiers copied into the new one
#   before its first start, here before pg_upgrade runs (its own runs of
#   the new server must leave the file alone).
# Each statement's raise is durable (a restart keeps it), and a repeat of
# it raises nothing.
use strict;
use warnings;
use File::Copy;
use FindBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use lib "$FindBin::Bin/../perl";
use UuidSeqTravel;

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

# An old server's database `shop`: 1,000 keys in every table, made with the
# clock ten minutes ahead.
sub old_shop
{
	my ($node) = @_;
	$node->safe_psql('postgres', 'CREATE DATABASE shop');
	create_keys($node, 'shop');
	fill_keys($node, 'shop', 1, 1000);
	return;
}

# Dump and restore.
{
	my $old = server('dump_old');
	$old->start;
	old_shop($old);
	my $dump = "${PostgreSQL::Test::Utils::tmp_check}/shop.dump";
	$old->command_ok([ 'pg_dump', '-Fc', '-d', $old->connstr('shop'), '-f', $dump ], 'pg_dump -Fc');
	$old->stop;

	my $new = server('dump_new');
	$new->start;
	$new->safe_psql('postgres', 'CREATE DATABASE shop');
	$new->command_ok([ 'pg_restore', '--exit-on-error', '-d', $new->connstr('shop'), $dump ],
		'pg_restore into a fresh server that preloads uuid_seq');
	my $below = below_old($new, 'shop');
	note "restored, without the statement, new keys at or below the old ones (of 100): $below";
	is($below, every_table(100), 'restored, without the statement: every new key falls below the old ones');
	is(raise_frontiers($new, 'shop'), statement_says('false'),
		'the default horizon (5 minutes) raises no column to keys ten minutes ahead');
	is(raise_frontiers($new, 'shop', '1 hour'), statement_says('true'),
		'the one statement with horizon => \'1 hour\' raises every key column');
	is(new_not_above($new, 'shop', 100), every_table(0),
		'after it, every new key lies above every restored key');
	is(raise_frontiers($new, 'shop', '1 hour'), statement_says('false'), 'a repeat raises nothing');
	$new->restart;
	is(new_not_above($new, 'shop', 100), every_table(0),
		'... and after a restart (the raise is durable)');
	$new->stop;
}

# pg_upgrade.
{
	my $old = server('upgrade_old');
	$old->start;
	old_shop($old);
	$old->stop;

	# pg_upgrade writes its logs in the current directory
	chdir ${PostgreSQL::Test::Utils::tmp_check};
	my $upgrade = sub {
		my ($new) = @_;
		return ('pg_upgrade', '-d', $old->data_dir, '-D', $new->data_dir,
			'-b', $bindir, '-B', $bindir,
			'-s', $new->host, '-p', $old->port, '-P', $new->port);
	};

	# the statement runbook
	my $new = server('upgrade_new');
	command_ok([ $upgrade->($new), '--check' ], 'pg_upgrade --check');
	command_ok([ $upgrade->($new) ], 'pg_upgrade');
	$new->start;
	my $below = below_old($new, 'shop');
	note "upgraded, without the statement, new keys at or below the old ones (of 100): $below";
	is($below, every_table(100), 'upgraded, without the statement: every new key falls below the old ones');
	is(raise_frontiers($new, 'shop', '1 hour'), statement_says('true'),
		'the one statement raises every key column');
	is(new_not_above($new, 'shop', 100), every_table(0),
		'after it, every new key lies above every old key');
	$new->restart;
	is(new_not_above($new, 'shop', 100), every_table(0), '... and after a restart');
	$new->stop;

	# the file runbook: the old frontier file in the new data directory
	my $copied_into = server('upgrade_file');
	my $file = $copied_into->data_dir . '/uuid_seq.frontiers';
	copy($old->data_dir . '/uuid_seq.frontiers', $file) or die "copy: $!";
	my $copied = slurp_file($file);
	command_ok([ $upgrade->($copied_into) ], 'pg_upgrade, the old frontier file copied first');
	is(slurp_file($file), $copied, "pg_upgrade's runs of the new server leave the copied file alone");
	$copied_into->start;
	is(new_not_above($copied_into, 'shop', 100), every_table(0),
		'upgraded with the file: every new key lies above every old key');
	is(raise_frontiers($copied_into, 'shop', '1 hour'), statement_says('false'),
		'... and the statement finds nothing to raise');
	$copied_into->stop;
}

done_testing();
