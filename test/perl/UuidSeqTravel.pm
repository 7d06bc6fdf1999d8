# The database that a move off a server carries (test/t/014_frontier_travel.pl,
# test/t/016_logical_switchover.pl): a key column of every kind and of every
# family (test/t/019_families.pl checks), each with its DEFAULT, and keys made while the old server's clock ran ten minutes
# ahead; how many new keys fall at or below the old ones, in each family's
# order; and the one statement, uuid_seq_raise_frontiers().
package UuidSeqTravel;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(@KEY_TABLES create_keys fill_keys below_old new_not_above
  every_table raise_frontiers statement_says);

# Each table: its key's type and DEFAULT, the key in its family's order
# (SQL Server order for the 'sqlserver' COMBs: sqlguid; a TypeID's uuid),
# and the family.
our @KEY_TABLES = (
	{ table => 'orders', type => 'uuid', default => 'uuid_generate_v7()', key => 'id', family => 'v7' },
	{ table => 'lines', type => 'uuid', default => 'ulid_generate()', key => 'id', family => 'ulid' },
	# the ulid type (1.4), read through its own btree class
	{ table => 'tickets', type => 'ulid', default => 'gen_ulid()', key => 'id', family => 'ulid' },
	{
		table => 'invoices',
		type => 'sqlguid',
		default => 'comb_new()',
		key => 'id',
		family => 'comb_sqlserver_unix_ms'
	},
	{
		table => 'receipts',
		type => 'uuid',
		default => q{comb_new('postgresql')},
		key => 'id',
		family => 'comb_postgresql_unix_ms'
	},
	# a uuid column in SQL Server order through its operator class
	{
		table => 'payments',
		type => 'uuid',
		default => q{comb_new('sqlserver', 'sqldatetime')},
		key => 'id::sqlguid',
		index => 'uuid_sqlserver_ops',
		family => 'comb_sqlserver_sqldatetime'
	},
	{
		table => 'users',
		type => 'text',
		default => q{typeid_generate('user')},
		key => 'typeid_to_uuid(id)',
		family => 'v7'
	},
	{
		table => 'shipments',
		type => 'uuid',
		default => q{comb_new('postgresql', 'sqldatetime')},
		key => 'id',
		family => 'comb_postgresql_sqldatetime'
	},
	{
		table => 'refunds',
		type => 'sqlguid',
		default => q{comb_new('sqlserver', 'dotnet_ticks')},
		key => 'id',
		family => 'comb_sqlserver_dotnet_ticks'
	},
	{ table => 'parcels', type => 'bigint', default => 'tsid_generate()', key => 'id', family => 'tsid' },
	{
		table => 'messages',
		type => 'bigint',
		default => q{snowflake_generate('2015-01-01 00:00+00')},
		key => 'id',
		family => 'snowflake'
	},
	{ table => 'vouchers', type => 'uuid', default => 'uuid_generate_v6()', key => 'id', family => 'v6' },
	{ table => 'sessions', type => 'ksuid', default => 'ksuid_generate()', key => 'id', family => 'ksuid' },
	{ table => 'documents', type => 'objectid', default => 'objectid_generate()', key => 'id', family => 'objectid' },
);

# "orders=V lines=V ...": the same value for every table.
sub every_table
{
	my ($value) = @_;
	return join ' ', map { "$_->{table}=$value" } @KEY_TABLES;
}

# The extension and the tables in database $db of $node.  A table's rows
# have n > 0 when old, n < 0 when made after the move.
sub create_keys
{
	my ($node, $db) = @_;
	my $sql = "CREATE EXTENSION uuid_seq;\n";
	for my $t (@KEY_TABLES)
	{
		if ($t->{index})
		{
			$sql .= "CREATE TABLE $t->{table} (id $t->{type} NOT NULL DEFAULT $t->{default}, n int NOT NULL);\n"
			  . "CREATE UNIQUE INDEX $t->{table}_id ON $t->{table} (id $t->{index});\n"
			  . "ALTER TABLE $t->{table} REPLICA IDENTITY USING INDEX $t->{table}_id;\n";
		}
		else
		{
			$sql .= "CREATE TABLE $t->{table} (id $t->{type} PRIMARY KEY DEFAULT $t->{default}, n int NOT NULL);\n";
		}
	}
	$node->safe_psql($db, $sql);
	return;
}

# Rows $from .. $from + $count - 1 in every table, made by the defaults
# with the clock ten minutes ahead (a server whose clock, or bursts, ran
# ahead).
sub fill_keys
{
	my ($node, $db, $from, $count) = @_;
	my $to = $from + $count - 1;
	$node->safe_psql($db,
		"SET uuid_seq.clock_shift = '10 min';\n"
		  . join('', map { "INSERT INTO $_->{table} (n) SELECT g FROM generate_series($from, $to) g;\n" } @KEY_TABLES));
	return;
}

# "orders=N ...": how many of 100 fresh values of each table's default fall
# at or below its old keys' largest, in the family's order (nothing is
# written).
sub below_old
{
	my ($node, $db) = @_;
	return $node->safe_psql($db,
		"SELECT string_agg(t || '=' || c, ' ' ORDER BY o) FROM (\n"
		  . join("UNION ALL\n", map {
				my $t = $KEY_TABLES[$_];
				"SELECT $_ AS o, '$t->{table}' AS t, (SELECT count(*) FROM "
				  . "(SELECT ($t->{default})::$t->{type} AS id FROM generate_series(1, 100)) s "
				  . "WHERE $t->{key} <= (SELECT max($t->{key}) FROM $t->{table} WHERE n > 0)) AS c\n"
			} 0 .. $#KEY_TABLES)
		  . ") r");
}

# "orders=N ...": $count rows written by each table's default (n < 0), and
# how many of them fall at or below the old keys' largest.
sub new_not_above
{
	my ($node, $db, $count) = @_;
	my $sql = '';
	for my $t (@KEY_TABLES)
	{
		$sql .= "INSERT INTO $t->{table} (n) SELECT -g FROM generate_series(1, $count) g;\n";
	}
	$sql .= "SELECT string_agg(t || '=' || c, ' ' ORDER BY o) FROM (\n"
	  . join("UNION ALL\n", map {
			my $t = $KEY_TABLES[$_];
			"SELECT $_ AS o, '$t->{table}' AS t, (SELECT count(*) FROM $t->{table} "
			  . "WHERE n < 0 AND $t->{key} <= (SELECT max($t->{key}) FROM $t->{table} WHERE n > 0)) AS c\n"
		} 0 .. $#KEY_TABLES)
	  . ") r";
	return $node->safe_psql($db, $sql);
}

# The one statement, as a DBA runs it: "table.column=family:raised ..."
# (raised true, false, or n for NULL), in table order.  With $horizon, the
# runbook's for an old server whose frontiers ran further ahead than the
# default horizon (5 minutes): fill_keys()' keys lie ten minutes ahead, and
# are raised to with '1 hour'.
sub raise_frontiers
{
	my ($node, $db, $horizon) = @_;
	my $args = defined $horizon ? "horizon => '$horizon'" : '';
	return $node->safe_psql($db,
		qq{SELECT string_agg(table_name || '.' || column_name || '=' || coalesce(family, '?') || ':'
		   || coalesce(raised::text, 'n'), ' ' ORDER BY table_name::text)
		   FROM uuid_seq_raise_frontiers($args)});
}

# What raise_frontiers() must return when every column has `raised`
# $raised ('true' or 'false').
sub statement_says
{
	my ($raised) = @_;
	return join ' ', map { "$_->{table}.id=$_->{family}:$raised" }
	  sort { $a->{table} cmp $b->{table} } @KEY_TABLES;
}

1;
