# uuid_seq_raise_frontiers() against what surrounds it on a real server
# (src/README §12, "Frontiers that travel"):
#
# - a restart with another node id after the statement: the keys of
#   ULID, TSID and Snowflake hold the node id above their counter, and a
#   key of a smaller node id than the server's is covered by a word of its
#   own tick; a start restores a saved word to the end of its tick, so the
#   server, started again with a node id smaller than the key's, makes keys
#   above it (the word was once the last of the tick before: new keys fell
#   below the old ones).
# - tables changed while the statement waits for their lock: a rewrite of
#   another column (ALTER ... TYPE) that commits meanwhile is read as it
#   committed (a snapshot taken before the lock saw the rewritten table
#   empty, and raised nothing); a key column whose default changed
#   meanwhile is listed as not read, with a WARNING; one dropped meanwhile
#   is not listed.
# - what is read: the largest key of a column of several (through its
#   index, and read whole without one), a Snowflake column of its own
#   epoch, with keys ten minutes ahead and horizon => '1 hour'; and what is
#   not: a key two days ahead, past that horizon.
# - the default horizon, 5 minutes: a table of random uuids (a legacy v4
#   key) switched to ULID keys, one v4 reading as a ULID 12 hours ahead
#   (about 3 in 10 million v4s fall within a day): the family stays at the
#   clock, and a WARNING names the column.
# - a function that wraps a generator (BEGIN ATOMIC, PostgreSQL 14 and
#   later), the DEFAULT of a key column: the column is not read, and a
#   WARNING names the function.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

# Keys of node 5 ten minutes ahead of the clock, read by a server with node
# id 7 (under node_bits = 8), which is then restarted with node id 3.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_node_id');
	$node->init;
	$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 8
uuid_seq.node_id = 7
});
	$node->start;
	# each key: node 5, counter 100, ten minutes ahead
	my $ahead = q{now() + interval '10 min'};
	my %tables = (
		tsid_keys => [ 'bigint', 'tsid_generate()',
			"tsid_lower_bound($ahead) + (5::bigint << 14) + 100", '>' ],
		snowflake_keys => [ 'bigint', 'snowflake_generate()',
			"snowflake_lower_bound($ahead) + (5::bigint << 12) + 100", '>' ],
		ulid_keys => [ 'uuid', 'ulid_generate()',
			"encode(overlay(uuid_send(ulid_lower_bound($ahead)) placing '\\x050064'::bytea from 7 for 3), 'hex')::uuid",
			'>' ]);
	$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	for my $t (sort keys %tables)
	{
		my ($type, $default, $key) = @{ $tables{$t} };
		$node->safe_psql('postgres', qq{
			CREATE TABLE $t (id $type PRIMARY KEY DEFAULT $default, n int);
			INSERT INTO $t (id, n) VALUES ($key, 1);
		});
	}
	is( $node->safe_psql(
			'postgres',
			'SELECT string_agg(table_name || \' \' || raised, \', \' ORDER BY table_name::text) FROM uuid_seq_raise_frontiers(horizon => \'1 hour\')'),
		'snowflake_keys true, tsid_keys true, ulid_keys true',
		'node id 7: the statement raises every column of node 5\'s keys');

	$node->append_conf('postgresql.conf', "uuid_seq.node_id = 3\n");
	$node->restart;
	for my $t (sort keys %tables)
	{
		my ($type, $default, $key, $gt) = @{ $tables{$t} };
		is( $node->safe_psql(
				'postgres', qq{
				INSERT INTO $t (n) VALUES (2)
				RETURNING id $gt (SELECT id FROM $t WHERE n = 1)}),
			't',
			"$t: restarted with node id 3, a new key lies above node 5's");
	}
	$node->stop;
}

# Tables changed by a transaction that holds their lock while the statement
# waits for it.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_waits');
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid_seq;
		CREATE TABLE rewritten (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		CREATE TABLE redefaulted (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		CREATE TABLE dropped (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		INSERT INTO rewritten VALUES (uuid_generate_v7(now() + interval '10 min'), 1);
		INSERT INTO redefaulted VALUES (uuid_generate_v7(now() + interval '10 min'), 1);
		INSERT INTO dropped VALUES (uuid_generate_v7(now() + interval '10 min'), 1);
	});
	my $key = $node->safe_psql('postgres', 'SELECT id FROM rewritten');

	my $ddl = $node->background_psql('postgres');
	$ddl->query_safe(q{
		BEGIN;
		ALTER TABLE rewritten ALTER n TYPE bigint;
		ALTER TABLE redefaulted ALTER id SET DEFAULT gen_random_uuid();
		ALTER TABLE dropped DROP COLUMN id;
	});
	my $raise = $node->background_psql('postgres');
	my $pid = $raise->query_safe('SELECT pg_backend_pid()');
	$raise->query_until(qr/raising/, q{
		\echo raising
		SELECT string_agg(table_name || ' ' || coalesce(raised::text, 'NULL') || ' ' ||
		                  coalesce(max_value, 'NULL'), ', ' ORDER BY table_name::text)
		FROM uuid_seq_raise_frontiers(horizon => '1 hour', lock_wait => '1 hour');
	});
	$node->poll_query_until('postgres',
		"SELECT EXISTS (SELECT FROM pg_locks WHERE pid = $pid AND NOT granted)")
	  or die 'the statement did not wait for the tables';
	$ddl->query_safe('COMMIT');
	# (its WARNING goes to stderr, which query_safe() refuses)
	my ($out) = $raise->query('SELECT 1');
	my ($rows) = split /\n/, $out;
	is($rows, "redefaulted NULL NULL, rewritten true $key",
		'a table rewritten while the statement waited is read as it committed, '
		  . 'a changed default is not read, a dropped key column is not listed');
	like($raise->{stderr},
		qr/WARNING:  column "id" of relation "public"\."redefaulted" is not raised\nDETAIL:  Its default changed while the statement waited/,
		'... with a WARNING for the changed default');
	$raise->quit;
	$ddl->quit;
	is( $node->safe_psql(
			'postgres', "INSERT INTO rewritten (n) VALUES (2) RETURNING id > '$key'"),
		't', 'a new key of the rewritten table lies above its old one');
	$node->stop;
}

# The largest key, not the first or the smallest; a Snowflake column of an
# epoch of its own; with horizon => '1 hour', a key two days ahead is passed
# over, one ten minutes ahead is not.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_reads');
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid_seq;
		CREATE TABLE indexed (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
		CREATE TABLE whole (id uuid DEFAULT uuid_generate_v7(), n int);
		INSERT INTO indexed SELECT uuid_generate_v7(now() - i * interval '1 hour'), i
		FROM generate_series(1, 3) i;
		INSERT INTO indexed VALUES (uuid_generate_v7(now() + interval '10 min'), 0);
		INSERT INTO whole SELECT * FROM indexed ORDER BY n DESC;
		INSERT INTO whole SELECT * FROM indexed WHERE n = 3;
		CREATE TABLE flakes (id bigint PRIMARY KEY DEFAULT snowflake_generate('2015-01-01+00'), n int);
		INSERT INTO flakes VALUES
		    (snowflake_lower_bound(now() + interval '10 min', '2015-01-01+00') + 100, 0);
		CREATE TABLE ahead (id bigint PRIMARY KEY DEFAULT tsid_generate(), n int);
		INSERT INTO ahead VALUES (tsid_lower_bound(now() + interval '2 days'), 0);
	});
	my ($ret, $out, $err) = $node->psql('postgres', q{
		SELECT string_agg(table_name || ' ' || raised || ' ' ||
		                  (max_value IS NOT DISTINCT FROM CASE table_name::text
		                       WHEN 'indexed' THEN (SELECT id::text FROM indexed WHERE n = 0)
		                       WHEN 'whole' THEN (SELECT id::text FROM whole WHERE n = 0)
		                       WHEN 'flakes' THEN (SELECT id::text FROM flakes WHERE n = 0)
		                   END), ', ' ORDER BY table_name::text)
		FROM uuid_seq_raise_frontiers(horizon => '1 hour')});
	is("$ret $out", '0 ahead false true, flakes true true, indexed true true, whole true true',
		'the largest key of each column, an epoch column too; a key 2 days ahead is not raised to');
	like($err,
		qr/WARNING:  column "id" of relation "public"\."ahead" has (1 key|keys) too far ahead of the server's clock\nDETAIL:  Keys more than 1 hour ahead \(the horizon\) are taken/,
		'... and a WARNING says so');
	for my $t (qw(indexed whole flakes ahead))
	{
		my $cmp = $t eq 'ahead' ? '<' : '>';
		is( $node->safe_psql(
				'postgres', qq{
				INSERT INTO $t (n) VALUES (9) RETURNING id $cmp (SELECT id FROM $t WHERE n = 0)}),
			't',
			"$t: a new key lies " . ($t eq 'ahead' ? 'below the key past the horizon' : 'above the largest'));
	}
	$node->stop;
}

# The default horizon against legacy random keys: a table keyed by
# gen_random_uuid() switched to ulid_generate(), whose v4s read as ULIDs of
# random times; about 3 in 10 million fall within a day ahead, as the one
# planted here, 12 hours ahead (its first 48 bits a ULID's time, the rest a
# v4's).  The default horizon (5 minutes) leaves it: the family stays at
# the clock, and a WARNING names the column.
{
	my $node = PostgreSQL::Test::Cluster->new('raise_legacy');
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid_seq;
		CREATE TABLE legacy (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
		INSERT INTO legacy VALUES ('c3b9e1a4-2d7f-4a6b-8c5e-9f0a1b2c3d4e', 1),
		                          ('5f0c7a3e-9b1d-4e8a-a6f2-3c4d5e6f7a8b', 2),
		                          (encode(overlay(uuid_send('b1a6c3e4-7d2f-4c89-9e0a-f1e2d3c4b5a6')
		                                  placing substring(uuid_send(ulid_lower_bound(now() + interval '12 hours'))
		                                                    from 1 for 6)
		                                  from 1 for 6), 'hex')::uuid, 3);
		ALTER TABLE legacy ALTER id SET DEFAULT ulid_generate();
		INSERT INTO legacy (n) SELECT g FROM generate_series(10, 19) g;
	});
	my ($ret, $out, $err) = $node->psql('postgres', q{
		SELECT string_agg(table_name || ' ' || raised || ' ' ||
		                  (max_value = (SELECT max(id)::text FROM legacy WHERE n >= 10)), ', ')
		FROM uuid_seq_raise_frontiers()});
	is("$ret $out", '0 legacy false true',
		'the default horizon: the largest ULID the table made is its largest key, nothing to raise');
	like($err,
		qr/WARNING:  column "id" of relation "public"\."legacy" has (\d+ keys?|keys) too far ahead of the server's clock\nDETAIL:  Keys more than 5 minutes ahead \(the horizon\) are taken/,
		'... and a WARNING names the column');
	is( $node->safe_psql('postgres', q{
			SELECT frontier_time < now() + interval '1 minute' FROM uuid_seq_state() WHERE family = 'ulid'}),
		't', 'the ULID frontier stays at the clock, not 12 hours ahead');
	$node->stop;
}

# A function that wraps a generator, as a key column's DEFAULT: its body
# (BEGIN ATOMIC, 14 and later) depends on the generator, the column's
# default on the function alone.
if (tested_major() >= 14)
{
	my $node = PostgreSQL::Test::Cluster->new('raise_wrapped');
	$node->init;
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE EXTENSION uuid_seq;
		CREATE FUNCTION new_id() RETURNS uuid LANGUAGE sql
		BEGIN ATOMIC SELECT uuid_generate_v7(); END;
		CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT new_id(), n int);
		INSERT INTO orders VALUES (uuid_generate_v7(now() + interval '10 min'), 1);
	});
	my ($ret, $out, $err) = $node->psql('postgres',
		'SELECT count(*) FROM uuid_seq_raise_frontiers()');
	is("$ret $out", '0 0', 'a column whose default wraps a generator is not listed');
	like(
		$err,
		qr/WARNING:  function new_id\(\) calls uuid_seq generator "uuid_generate_v7\(\)"\nDETAIL:  Keys made through it are not covered/,
		'... and a WARNING names the function');
	$node->stop;
}

done_testing();
