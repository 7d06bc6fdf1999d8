# The generator families the TAP tests exercise, one entry per family of
# uuid_seq_state(): the SQL expression that takes its next value, the
# operator under which its values strictly increase (SQL Server order for the
# 'sqlserver' COMB layout), and how to read the node id from a value.
package UuidSeqGenerators;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT = qw(@GENERATORS newest_sql);

our @GENERATORS = (
	{
		family => 'v7',
		expr => 'uuid_generate_v7()',
		gt => '>',
		node_id => 'uuid_node_id(%s, 8)',
	},
	{
		family => 'ulid',
		expr => 'ulid_generate()',
		gt => '>',
		node_id => 'ulid_node_id(%s, 8)',
	},
	{ family => 'comb_sqlserver_unix_ms', expr => 'comb_new()', gt => '#>#' },
	{
		family => 'comb_postgresql_unix_ms',
		expr => "comb_new('postgresql')",
		gt => '>',
	},
	{
		family => 'comb_sqlserver_sqldatetime',
		expr => "comb_new('sqlserver', 'sqldatetime')",
		gt => '#>#',
	},
	{
		family => 'comb_postgresql_sqldatetime',
		expr => "comb_new('postgresql', 'sqldatetime')",
		gt => '>',
	},
	{
		family => 'comb_sqlserver_dotnet_ticks',
		expr => "comb_new('sqlserver', 'dotnet_ticks')",
		gt => '#>#',
	},
);

# SQL for the greatest of $n fresh values of generator $g, as text.
sub newest_sql
{
	my ($g, $n) = @_;
	return "SELECT u FROM (SELECT $g->{expr} u FROM generate_series(1, $n)) s "
	  . "ORDER BY u USING $g->{gt} LIMIT 1";
}

1;
