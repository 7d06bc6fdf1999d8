# uuid_seq_raise_frontiers() run by a superuser in a database whose owner
# prepared it (issue 34): what the owner's tables can make of the raise.
#
# - one rule: no column carries a frontier more than the horizon (1 day)
#   past the clock, nor exhausts a family, whatever its keys and its
#   uuidv7(shift) shift; the shift is undone as the generator applies it
#   (months on the calendar), so one fresh key of uuidv7('-3 days') raises
#   nothing, and a key of 2262 under '40000 months -1120000 days' came from
#   a step of 1995.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

my $node = PostgreSQL::Test::Cluster->new('raise_owner');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE mowner LOGIN;
	CREATE DATABASE mdb OWNER mowner;
});

# SQL run by the database's owner (the extension is trusted: theirs too).
sub as_owner
{
	my ($sql) = @_;
	return $node->safe_psql('mdb', $sql, extra_params => [ '-U', 'mowner' ]);
}

# The raise in mdb, as the superuser: its rows (table raised) and stderr.
sub raise
{
	my ($settings) = @_;
	$settings //= '';
	my ($ret, $out, $err) = $node->psql('mdb', qq{$settings
		SELECT string_agg(table_name || ' ' || coalesce(raised::text, 'NULL'), ', '
		                  ORDER BY table_name::text)
		FROM uuid_seq_raise_frontiers()});
	is($ret, 0, 'the raise runs') or diag($err);
	return ($out, $err);
}

# Whether a new v7 key of database postgres lies within a minute of the clock.
sub v7_near_clock
{
	return $node->safe_psql('postgres', q{
		SELECT uuid_v7_to_timestamptz(uuid_generate_v7())
		       BETWEEN now() - interval '1 minute' AND now() + interval '1 minute'});
}

as_owner(q{
	CREATE EXTENSION uuid_seq;
	CREATE SCHEMA m;
	CREATE TABLE m.t (id uuid PRIMARY KEY DEFAULT public.uuidv7('40000 months -1120000 days'));
	INSERT INTO m.t VALUES (public.uuid_generate_v7('2262-04-01+00'));
	CREATE TABLE m.far (id uuid PRIMARY KEY DEFAULT public.uuidv7('3600000 months -100800000 days'));
	INSERT INTO m.far VALUES (public.uuid_generate_v7('10889-08-01+00'));
	CREATE TABLE m.fresh (id uuid PRIMARY KEY DEFAULT public.uuidv7('-3 days'));
	INSERT INTO m.fresh DEFAULT VALUES;
});
my ($rows, $err) = raise();
is($rows, 'm.far NULL, m.fresh false, m.t false',
	'keys of 2262 and 10889 raise nothing, nor one fresh key of uuidv7(\'-3 days\')');
like($err,
	qr/WARNING:  column id of m\.far is not raised: its uuidv7\(\) shift lies outside the UUIDv7 range/,
	'a shift uuidv7() refuses: a WARNING names the column');
unlike($err, qr/m\.(t|fresh)\b/, 'no WARNING for the others');
is(v7_near_clock(), 't', 'v7 keys of another database stay at the clock');

# A month shift maps Mar 28 to 31 onto Feb 28: a key of Feb 28 11:00 may
# come from a step of Mar 31 11:00, three days past a clock of Mar 28 12:00.
as_owner(q{
	CREATE TABLE m.clamped (id uuid PRIMARY KEY DEFAULT public.uuidv7('-1 month'));
	INSERT INTO m.clamped VALUES (public.uuid_generate_v7('2027-02-28 11:00+00'));
});
($rows, $err) = raise(q{
	SELECT set_config('uuid_seq.clock_shift',
	                  (timestamptz '2027-03-28 12:00+00' - now())::text, false) \g /dev/null
});
like($rows, qr/^m\.clamped NULL, /, 'a column whose step would lie past the horizon is not raised');
like($err,
	qr/WARNING:  column id of m\.clamped is not raised: the frontier its largest key needs lies more than 1 day ahead of the server's clock/,
	'... and a WARNING names it');
is(v7_near_clock(), 't', 'v7 keys stay at the clock');

$node->stop;
done_testing();
