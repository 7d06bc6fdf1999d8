# The families the TAP tests exercise, one entry per family of
# uuid_seq_state(): the SQL expression that takes its next value, the SQL
# type of its values (uuid, bigint for the 8-byte ids, src/README §16, or
# a type of its own: ksuid, objectid),
# the operator under which its values strictly increase (SQL Server order
# for the 'sqlserver' COMB layout), how to read the node id from a value
# (under uuid_seq.node_bits = 8), its creation time, and a value of the
# family at a given time taken without any frontier (an explicit-time
# generator, or the family's smallest value of that tick).
package UuidSeqGenerators;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(@GENERATORS newest_sql frontier_column last_column lt_of);

our @GENERATORS = (
	{
		family => 'v7',
		expr => 'uuid_generate_v7()',
		type => 'uuid',
		gt => '>',
		node_id => 'uuid_node_id(%s, 8)',
		time => 'uuid_v7_to_timestamptz(%s)',
		at => 'uuid_generate_v7(%s)',
	},
	{
		family => 'ulid',
		expr => 'ulid_generate()',
		type => 'uuid',
		gt => '>',
		node_id => 'ulid_node_id(%s, 8)',
		time => 'ulid_timestamp(%s)',
		at => 'ulid_lower_bound(%s)',
	},
	{
		family => 'comb_sqlserver_unix_ms',
		expr => 'comb_new()',
		type => 'uuid',
		gt => '#>#',
		time => "comb_timestamp(%s, 'sqlserver', 'unix_ms')",
		at => "comb_new(%s, 'sqlserver', 'unix_ms')",
	},
	{
		family => 'comb_postgresql_unix_ms',
		expr => "comb_new('postgresql')",
		type => 'uuid',
		gt => '>',
		time => "comb_timestamp(%s, 'postgresql', 'unix_ms')",
		at => "comb_new(%s, 'postgresql', 'unix_ms')",
	},
	{
		family => 'comb_sqlserver_sqldatetime',
		expr => "comb_new('sqlserver', 'sqldatetime')",
		type => 'uuid',
		gt => '#>#',
		time => "comb_timestamp(%s, 'sqlserver', 'sqldatetime')",
		at => "comb_new(%s, 'sqlserver', 'sqldatetime')",
	},
	{
		family => 'comb_postgresql_sqldatetime',
		expr => "comb_new('postgresql', 'sqldatetime')",
		type => 'uuid',
		gt => '>',
		time => "comb_timestamp(%s, 'postgresql', 'sqldatetime')",
		at => "comb_new(%s, 'postgresql', 'sqldatetime')",
	},
	{
		family => 'comb_sqlserver_dotnet_ticks',
		expr => "comb_new('sqlserver', 'dotnet_ticks')",
		type => 'uuid',
		gt => '#>#',
		time => "comb_timestamp(%s, 'sqlserver', 'dotnet_ticks')",
		at => "comb_new(%s, 'sqlserver', 'dotnet_ticks')",
	},
	{
		family => 'tsid',
		expr => 'tsid_generate()',
		type => 'bigint',
		gt => '>',
		node_id => 'tsid_node_id(%s, 8)',
		time => 'tsid_to_timestamptz(%s)',
		at => 'tsid_lower_bound(%s)',
	},
	{
		family => 'snowflake',
		expr => 'snowflake_generate()',
		type => 'bigint',
		gt => '>',
		node_id => 'snowflake_node_id(%s)',
		time => 'snowflake_to_timestamptz(%s)',
		at => 'snowflake_lower_bound(%s)',
	},
	{
		family => 'v6',
		expr => 'uuid_generate_v6()',
		type => 'uuid',
		gt => '>',
		node_id => 'uuid_node_id(%s, 8)',
		time => 'uuid_v6_to_timestamptz(%s)',
		at => 'uuid_generate_v6(%s)',
	},
	{
		family => 'ksuid',
		expr => 'ksuid_generate()',
		type => 'ksuid',
		gt => '>',
		time => 'ksuid_to_timestamptz(%s)',
		at => 'ksuid_lower_bound(%s)',
	},
	{
		family => 'objectid',
		expr => 'objectid_generate()',
		type => 'objectid',
		gt => '>',
		node_id => "get_byte(%s::bytea, 4)",
		time => 'objectid_to_timestamptz(%s)',
		at => 'objectid_lower_bound(%s)',
	},
);

# SQL for the greatest of $n fresh values of generator $g, as text.
sub newest_sql
{
	my ($g, $n) = @_;
	return "SELECT u FROM (SELECT $g->{expr} u FROM generate_series(1, $n)) s "
	  . "ORDER BY u USING $g->{gt} LIMIT 1";
}

# The column of uuid_seq_state() that shows $g's frontier (the other one is
# NULL for it), and the column of uuid_seq_backends with its last value;
# undef for a family of a type of its own (ksuid, objectid), which neither
# shows.
sub frontier_column
{
	my $type = $_[0]{type};
	return $type eq 'bigint' ? 'frontier_id' : $type eq 'uuid' ? 'frontier' : undef;
}

sub last_column
{
	my $type = $_[0]{type};
	return $type eq 'bigint' ? 'last_id' : $type eq 'uuid' ? 'last_value' : undef;
}

# The operator that orders $g's values the other way.
sub lt_of { return $_[0]{gt} eq '>' ? '<' : '#<#'; }

1;
