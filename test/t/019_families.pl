# What every family comes with (src/README §10, "Families and the registry"): a
# family the registry has but a list or a test has not fails here, by name.
# The families are those uuid_seq_state() lists, in the registry's order
# (core/family_list.h, which src/README §1's table must follow too:
# test/readme/design-check.pl).  Each must be
#  - in test/perl/UuidSeqGenerators.pm, in the same order: the TAP tests
#    exercise every family through it;
#  - in test/perl/UuidSeqTravel.pm: the moves off a server (014, 016);
#  - found by uuid_seq_raise_frontiers() through each of its generators
#    (core/raise_plan.c knows their C functions);
#  - a key column of the pg_upgrade fixture (test/matrix/upgrade_fixture.sql,
#    run here as the version matrix runs it on the older major, then the
#    runbook upgrade_raise.sql on a server whose frontiers did not travel:
#    every column raised, as many as test/matrix/pg-upgrade.sh counts, and
#    upgrade_verify.sql's checks where amcheck is installed);
#  - named in docs/layouts.md's table of families.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqGenerators;
use UuidSeqTravel;

my $top = "$FindBin::Bin/../..";

# persist off: a restart forgets the frontiers, as a server that the keys
# travel to has never seen them
my $node = PostgreSQL::Test::Cluster->new('families');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.persist = off
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

my @families = split /\n/,
  $node->safe_psql('postgres', 'SELECT family FROM uuid_seq_state()');
cmp_ok(scalar(@families), '>=', 9, 'uuid_seq_state() lists the registered families');

# the registry itself, in its order
my $list = slurp_file("$top/src/core/family_list.h");
$list =~ s{/\*.*?\*/}{}gs;
my @registered = $list =~ /^\s*FAMILY\(\s*\w+\s*,\s*"([^"]+)"/mg;
is("@families", "@registered", 'uuid_seq_state() lists core/family_list.h, in its order');

is( join(' ', map { $_->{family} } @GENERATORS),
	"@families", 'test/perl/UuidSeqGenerators.pm has every family, in the registry\'s order');

my %travels = map { ($_->{family} => 1) } @KEY_TABLES;
is(join(' ', grep { !$travels{$_} } @families),
	'', 'test/perl/UuidSeqTravel.pm has a key column of every family');

my $layouts = slurp_file("$top/docs/layouts.md");
is(join(' ', grep { $layouts !~ /^\| `\Q$_\E` \|/m } @families),
	'', 'docs/layouts.md names every family in its table');

# uuid_seq_raise_frontiers() finds a column of every generator, of its family
$node->safe_psql('postgres',
	join '', map { "CREATE TABLE gen_$_ (k $GENERATORS[$_]{type} PRIMARY KEY DEFAULT $GENERATORS[$_]{expr});\n" }
	  0 .. $#GENERATORS);
is( $node->safe_psql('postgres', q{
		SELECT string_agg(table_name || '=' || coalesce(family, '?'), ' ' ORDER BY table_name::text)
		FROM uuid_seq_raise_frontiers() WHERE table_name::text LIKE 'gen\_%'}),
	join(' ', map { "gen_$_=$GENERATORS[$_]{family}" } sort { "gen_$a" cmp "gen_$b" } 0 .. $#GENERATORS),
	'uuid_seq_raise_frontiers() finds each generator\'s column, of its family');

# The pg_upgrade fixture, as the matrix makes it on the older major (its
# keys an hour ahead), then the runbook on a server whose frontiers did not
# travel (a restart with persist off).
my $matrix = "$top/test/matrix";
$node->safe_psql('postgres', 'CREATE DATABASE fixture');
$node->psql('fixture', slurp_file("$matrix/upgrade_fixture.sql"), on_error_stop => 1) == 0
  or BAIL_OUT('test/matrix/upgrade_fixture.sql failed');
$node->restart;
my @raised = split /\n/,
  $node->safe_psql('fixture', slurp_file("$matrix/upgrade_raise.sql"));
my %in_fixture = map { ((split /\|/)[2] => 1) } @raised;
is(join(' ', grep { !$in_fixture{$_} } @families),
	'', 'test/matrix/upgrade_fixture.sql has a key column of every family');
is(join(' ', grep { !/\|t$/ } @raised), '', 'upgrade_raise.sql raises every key column of the fixture');
my ($counted) = slurp_file("$matrix/pg-upgrade.sh") =~ /key columns, not (\d+) /;
is(scalar(@raised), $counted // 'none',
	'test/matrix/pg-upgrade.sh counts the fixture\'s key columns');

SKIP:
{
	skip 'amcheck is not installed', 1
	  unless $node->safe_psql('fixture',
		  q{SELECT count(*) FROM pg_available_extensions WHERE name = 'amcheck'});
	my ($rc, $out, $err) = $node->psql('fixture', slurp_file("$matrix/upgrade_verify.sql"),
		on_error_stop => 1);
	is($rc, 0, 'upgrade_verify.sql passes: every default generates above the old keys')
	  or diag("$out\n$err");
}

$node->stop;
done_testing();
