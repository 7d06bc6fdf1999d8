# A logical-replication switchover, as a DBA does it (docs/operations.md):
# a publisher whose frontiers run ten minutes ahead of the clock, with a key
# column of every kind (test/perl/UuidSeqTravel.pm: v7, ULID, a sqlguid
# COMB, a 'postgresql' COMB, a uuid COMB in SQL Server order, TypeID text,
# TSID, Snowflake of Discord's epoch), published FOR ALL TABLES; a
# subscriber that preloads uuid_seq, its schema from pg_dump --schema-only,
# copies the rows and streams more; then writes stop on the publisher, the
# subscriber catches up, the subscription goes, the one statement
# (uuid_seq_raise_frontiers()) runs on the subscriber, and writes go there.
# Without the statement every new key falls below the replicated ones;
# with it, every new key lies above them.
#
# Once with a text subscription, once with binary = true (PostgreSQL 14
# and later; 13 has text only).  On 19 and later, beside core sequences:
# a bigserial table, its sequence published FOR ALL SEQUENCES and brought
# over by ALTER SUBSCRIPTION ... REFRESH SEQUENCES, which uuid_seq's keys
# do not need (and which does nothing for them).
use strict;
use warnings;
use FindBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;
use UuidSeqTravel;

my $major = tested_major();
my $sequences = $major >= 19;
my $preload = "shared_preload_libraries = 'uuid_seq'\n";
my @modes = ('text');
push @modes, 'binary' if $major >= 14;    # CREATE SUBSCRIPTION ... (binary) came in 14
note "PostgreSQL $major: subscriptions " . join(', ', @modes)
  . ($sequences ? ', with FOR ALL SEQUENCES' : '');

my $publisher = PostgreSQL::Test::Cluster->new('publisher');
$publisher->init(allows_streaming => 'logical');
$publisher->append_conf('postgresql.conf', $preload);
$publisher->start;
$publisher->safe_psql('postgres', 'CREATE DATABASE shop');
create_keys($publisher, 'shop');
$publisher->safe_psql('shop', 'CREATE TABLE seats (id bigserial PRIMARY KEY, n int NOT NULL)')
  if $sequences;
fill_keys($publisher, 'shop', 1, 300);
$publisher->safe_psql('shop', 'CREATE PUBLICATION shop_tables FOR ALL TABLES');
$publisher->safe_psql('shop', 'CREATE PUBLICATION shop_sequences FOR ALL SEQUENCES')
  if $sequences;
my $schema = "${PostgreSQL::Test::Utils::tmp_check}/shop_schema.sql";
$publisher->command_ok(
	[ 'pg_dump', '--schema-only', '--no-publications', '-d', $publisher->connstr('shop'), '-f', $schema ],
	'pg_dump --schema-only of the publisher');

# The subscribers, each with its schema and its subscription; the initial
# copy, then rows streamed after it.
my %subscriber;
for my $mode (@modes)
{
	my $node = PostgreSQL::Test::Cluster->new("subscriber_$mode");
	$node->init;
	$node->append_conf('postgresql.conf', $preload);
	$node->start;
	$node->safe_psql('postgres', 'CREATE DATABASE shop');
	$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('shop'), '-f', $schema ],
		"$mode: the schema on the subscriber");
	my $publications = 'shop_tables' . ($sequences ? ', shop_sequences' : '');
	my $binary = $mode eq 'binary' ? ' WITH (binary = true)' : '';
	$node->safe_psql('shop',
		"CREATE SUBSCRIPTION shop_$mode CONNECTION '" . $publisher->connstr . ' dbname=shop'
		  . "' PUBLICATION $publications$binary");
	$node->wait_for_subscription_sync($publisher, "shop_$mode", 'shop');
	$subscriber{$mode} = $node;
}
fill_keys($publisher, 'shop', 301, 200);
$publisher->safe_psql('shop', 'INSERT INTO seats (n) SELECT generate_series(1, 500)') if $sequences;

# Writes stop on the publisher; each subscriber catches up.
my $counts_sql = 'SELECT '
  . join(" || ' ' || ", map { "(SELECT count(*) FROM $_->{table})" } @KEY_TABLES);
my $published = $publisher->safe_psql('shop', $counts_sql);
my $lsn = $publisher->lsn('insert');
for my $mode (@modes)
{
	$publisher->wait_for_catchup("shop_$mode", 'replay', $lsn);
	is($subscriber{$mode}->safe_psql('shop', $counts_sql), $published,
		"$mode: every row reached the subscriber ($published)");
}

for my $mode (@modes)
{
	my $node = $subscriber{$mode};

	my $below = below_old($node, 'shop');
	note "$mode subscription, without the statement, new keys at or below the replicated ones (of 100): $below";
	is($below, every_table(100),
		"$mode: without the statement, every new key on the subscriber falls below the replicated ones");

	if ($sequences)
	{
		ok( $node->safe_psql('shop', 'SELECT last_value < (SELECT max(id) FROM seats) FROM seats_id_seq'),
			"$mode: the sequence lags behind its replicated ids until REFRESH SEQUENCES");
		$node->safe_psql('shop', "ALTER SUBSCRIPTION shop_$mode REFRESH SEQUENCES");
		$node->poll_query_until('shop',
			q{SELECT count(*) = 0 FROM pg_subscription_rel r JOIN pg_class c ON c.oid = r.srrelid
			  WHERE c.relkind = 'S' AND r.srsubstate <> 'r'})
		  or die 'timed out waiting for the sequences to synchronise';
		is($node->safe_psql('shop', 'SELECT last_value = (SELECT max(id) FROM seats) FROM seats_id_seq'),
			't', "$mode: REFRESH SEQUENCES brings the sequence to its replicated ids");
		is(below_old($node, 'shop'), every_table(100),
			"$mode: ... and does nothing for uuid_seq's keys");
	}

	# the switchover: the subscription goes, the statement, writes here
	$node->safe_psql('shop', "DROP SUBSCRIPTION shop_$mode");
	my $said = raise_frontiers($node, 'shop', '1 hour');
	note "$mode: uuid_seq_raise_frontiers() says $said";
	is($said, statement_says('true'), "$mode: the one statement raises every key column");
	my $not_above = new_not_above($node, 'shop', 100);
	note "$mode: after it, new keys at or below the replicated ones (of 100): $not_above";
	is($not_above, every_table(0),
		"$mode: after it, every key written on the subscriber lies above every replicated one");
	if ($sequences)
	{
		is( $node->safe_psql('shop',
				'INSERT INTO seats (n) VALUES (0) RETURNING id > (SELECT max(id) FROM seats WHERE n > 0)'),
			't', "$mode: and so does the sequence's next id");
	}
	$node->stop;
}

$publisher->stop;
done_testing();
