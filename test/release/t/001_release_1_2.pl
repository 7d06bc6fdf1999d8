# uuid_seq 1.2.1, the latest release, and this build on the same data: the
# frontier file and the WAL's lease records are the format the release
# wrote (src/README §12, §13; nothing user-visible changes between them).
#
# 1.2.1 is built here from its commit in this checkout's history (or from
# the source in UUID_SEQ_RELEASE_SRC) and preloaded by its path, its SQL
# functions declared by hand in a database of their own; this build is the
# installed one, with CREATE EXTENSION.  The two never load into one
# server.
#
# The file, one data directory started by each in turn: the file this build
# writes restores 1.2.1's frontiers (each family in the tick it saved), the
# file 1.2.1 writes restores this build's, and for the same state both
# write the same bytes; uuid_seq_state() shows the same rows.
#
# The WAL (PostgreSQL 15 and later): a standby of either replays the lease
# records of a primary running the other, raising its frontiers above the
# primary's, and each writes a record whose body is the bytes of its file.
#
# Run by make prove-release (tools/run-all.sh on this machine's major), not
# by the version matrix.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../../perl";
use UuidSeqRelease;

# ---- 1.2.1, built -----------------------------------------------------

my $lib = release_build('1.2.1') . '/uuid_seq.so';
ok(-f $lib, '1.2.1 built from its commit');

# ---- the two versions ---------------------------------------------------

# The library a node preloads: 'release' (1.2.1) or 'build' (this one); the
# last line of postgresql.conf wins.
sub preload
{
	my ($node, $which) = @_;
	$node->append_conf('postgresql.conf',
		$which eq 'release' ? "shared_preload_libraries = '$lib'\n"
		: "shared_preload_libraries = 'uuid_seq'\n");
	return;
}

# A node's two databases, the node left running 1.2.1: cur holds the
# extension, made while this build is preloaded; v12 holds 1.2.1's
# functions, declared by hand with the names the extension gives them,
# while 1.2.1 is.  (Declaring a C function loads its library: the other
# version's would define the same settings again, and fail.)
sub prepare
{
	my ($node) = @_;
	preload($node, 'build');
	$node->start;
	$node->safe_psql('postgres', 'CREATE DATABASE cur');
	$node->safe_psql('cur', 'CREATE EXTENSION uuid_seq');
	$node->stop;
	preload($node, 'release');
	$node->start;
	$node->safe_psql('postgres', 'CREATE DATABASE v12');
	$node->safe_psql('v12', qq{
		CREATE FUNCTION uuid_seq_state(OUT family text, OUT shared bool, OUT frontier uuid,
			OUT frontier_time timestamptz, OUT restored_from text, OUT node_id int,
			OUT node_bits int, OUT frontier_id bigint)
			RETURNS SETOF record AS '$lib', 'uuid_seq_state' LANGUAGE C STRICT;
		CREATE FUNCTION uuid_generate_v7() RETURNS uuid AS '$lib', 'uuid_generate_v7' LANGUAGE C;
		CREATE FUNCTION ulid_generate() RETURNS uuid AS '$lib', 'ulid_generate' LANGUAGE C;
		CREATE FUNCTION comb_new(text, text) RETURNS uuid AS '$lib', 'comb_new_layout' LANGUAGE C STRICT;
		CREATE FUNCTION tsid_generate() RETURNS bigint AS '$lib', 'tsid_generate' LANGUAGE C;
		CREATE FUNCTION snowflake_generate(timestamptz) RETURNS bigint
			AS '$lib', 'snowflake_generate' LANGUAGE C STRICT;});
	return;
}

# Restart a node with the other library.
sub switch_to
{
	my ($node, $which) = @_;
	$node->stop;
	preload($node, $which);
	$node->start;
	return;
}

sub db_of { return $_[0] eq 'release' ? 'v12' : 'cur' }

# 1.2.1's nine families, in the registry's order, and a value of each in
# the SQL both versions have.
my @families = (
	[ v7 => 'uuid_generate_v7()' ],
	[ ulid => 'ulid_generate()' ],
	[ comb_sqlserver_unix_ms => q{comb_new('sqlserver', 'unix_ms')} ],
	[ comb_postgresql_unix_ms => q{comb_new('postgresql', 'unix_ms')} ],
	[ comb_sqlserver_sqldatetime => q{comb_new('sqlserver', 'sqldatetime')} ],
	[ comb_postgresql_sqldatetime => q{comb_new('postgresql', 'sqldatetime')} ],
	[ comb_sqlserver_dotnet_ticks => q{comb_new('sqlserver', 'dotnet_ticks')} ],
	[ tsid => 'tsid_generate()' ],
	[ snowflake => q{snowflake_generate('2010-11-04 01:42:54.657+00')} ],
);
my $n_release = scalar @families;

# One value of each family, each with its clock shifted a day further back,
# so that every family's frontier lies on a day of its own.
sub generate_each
{
	my ($node, $which) = @_;
	my $sql = '';
	for my $i (0 .. $#families)
	{
		$sql .= "SET uuid_seq.clock_shift = '-" . ($i + 1) . " days';\n"
		  . "SELECT ($families[$i][1]) IS NOT NULL;\n";
	}
	$node->safe_psql(db_of($which), $sql);
	return;
}

# uuid_seq_state()'s rows of 1.2.1's families, as text.
sub state_rows
{
	my ($node, $which, $columns) = @_;
	$columns //= 'family, shared, frontier, frontier_time, restored_from, node_id, node_bits, frontier_id';
	return $node->safe_psql(db_of($which), qq{
		SET TimeZone = 'UTC';
		SELECT $columns FROM uuid_seq_state() WITH ORDINALITY s
		WHERE ordinality <= $n_release ORDER BY ordinality});
}

# A frontier file (or a lease record's body): family => word, and the count.
sub decode_frontiers
{
	my ($bytes) = @_;
	my ($magic, $format, $major, $count) = unpack 'V4', $bytes;
	my %words;
	for my $i (0 .. $count - 1)
	{
		my ($family, $lo, $hi) = unpack 'V3', substr($bytes, 16 + 12 * $i, 12);
		$words{$family} = $hi * 2**32 + $lo;
	}
	return ($count, \%words);
}

# A file's bytes, as they are.
sub slurp_bytes
{
	my ($path) = @_;
	open my $fh, '<:raw', $path or die "$path: $!";
	local $/;
	my $bytes = <$fh>;
	close $fh;
	return $bytes;
}

sub frontier_file
{
	my ($node) = @_;
	return slurp_bytes($node->data_dir . '/uuid_seq.frontiers');
}

# The file: one data directory, each version in turn ---------------------

my $node = PostgreSQL::Test::Cluster->new('file');
$node->init;
$node->append_conf('postgresql.conf', "uuid_seq.node_bits = 8\nuuid_seq.node_id = 42\n");
prepare($node);
switch_to($node, 'build');
is( $node->safe_psql('cur', 'SELECT string_agg(family, \' \') FROM (SELECT family FROM uuid_seq_state() LIMIT ' . $n_release . ') s'),
	join(' ', map { $_->[0] } @families),
	'this build registers 1.2.1\'s families first, in 1.2.1\'s order');

# this build generates and saves
generate_each($node, 'build');
my $times_build = state_rows($node, 'build', q{family, date_trunc('milliseconds', frontier_time)});
$node->stop;
my $file_build = frontier_file($node);

# 1.2.1 restores from it: each family in the millisecond this build saved
preload($node, 'release');
$node->start;
is(state_rows($node, 'release', q{family, date_trunc('milliseconds', frontier_time)}),
	$times_build, '1.2.1 restores the frontiers from the file this build wrote');
is( $node->safe_psql('v12', 'SELECT string_agg(DISTINCT restored_from, \',\') FROM uuid_seq_state()'),
	'file', '... every one from the file');
my $rows_release = state_rows($node, 'release');
$node->stop;
my $file_release = frontier_file($node);
my ($count_release, $words_release) = decode_frontiers($file_release);
is($count_release, $n_release, "1.2.1's file holds its $n_release families");

# this build restores from 1.2.1's file: the same state, the same rows
preload($node, 'build');
$node->start;
is(state_rows($node, 'build'), $rows_release,
	'this build restores the frontiers from the file 1.2.1 wrote: uuid_seq_state() shows the same rows');
$node->stop;
my $file_build_again = frontier_file($node);
my ($count_build, $words_build) = decode_frontiers($file_build_again);
is( join(' ', map { $words_build->{$_} // 'none' } 0 .. $n_release - 1),
	join(' ', map { $words_release->{$_} } 0 .. $n_release - 1),
	'... and saves the same word for every family');
SKIP:
{
	skip "this build has more families than 1.2.1 ($count_build): its file is longer", 1
	  if $count_build != $n_release;
	ok($file_build_again eq $file_release,
		'for the same state, this build writes the bytes 1.2.1 wrote ('
		  . length($file_release) . ' bytes)');
}

# and back: 1.2.1 reads that file and writes it again, unchanged
preload($node, 'release');
$node->start;
is(state_rows($node, 'release'), $rows_release, '1.2.1 reads this build\'s file back: the same rows');
$node->stop;
ok(frontier_file($node) eq $file_release, '... and writes the same bytes again');
unlike(slurp_file($node->logfile), qr/ignoring uuid_seq frontier file|could not read uuid_seq/,
	'no start ignored a frontier file');

# The WAL: a standby of each replays the other's lease records ------------

# Whether the node's frontier file, as it is now, is in its WAL: the body
# of the lease record written with it.  A record that crossed a WAL page
# has a page header inside; then renew once more (a second past the lease)
# and look again.
sub file_in_wal
{
	my ($node, $which) = @_;
	for my $try (1 .. 5)
	{
		my $file = frontier_file($node);
		my $wal = $node->data_dir . '/pg_wal';
		opendir my $dh, $wal or die "$wal: $!";
		for my $segment (grep { /^[0-9A-F]{24}$/ } readdir $dh)
		{
			return 1 if index(slurp_bytes("$wal/$segment"), $file) >= 0;
		}
		closedir $dh;
		sleep 2;
		$node->safe_psql(db_of($which), 'SELECT uuid_generate_v7()');
	}
	return 0;
}

sub wal_pair
{
	my ($primary_runs, $standby_runs) = @_;
	my $name = "${primary_runs}_to_$standby_runs";
	my $primary = PostgreSQL::Test::Cluster->new("${name}_primary");
	$primary->init(allows_streaming => 1);
	$primary->append_conf('postgresql.conf', "uuid_seq.wal_frontiers = on\n");
	prepare($primary);
	switch_to($primary, 'build') if $primary_runs eq 'build';
	$primary->backup('base');
	my $standby = PostgreSQL::Test::Cluster->new("${name}_standby");
	$standby->init_from_backup($primary, 'base', has_streaming => 1);
	preload($standby, $standby_runs);
	$standby->start;

	# the primary's clock ten minutes ahead: only the lease records can
	# bring its frontiers to the standby
	$primary->safe_psql(db_of($primary_runs),
		"SET uuid_seq.clock_shift = '10 min';\n"
		  . join('', map { "SELECT count($_->[1]) FROM generate_series(1, 1000);\n" } @families));
	my $primary_times = state_rows($primary, $primary_runs, 'family, frontier_time');
	ok(file_in_wal($primary, $primary_runs),
		"$primary_runs primary: a lease record's body is the bytes of its frontier file");
	$primary->wait_for_catchup($standby, 'replay', $primary->lsn('insert'));
	my $standby_times = state_rows($standby, $standby_runs, 'family, frontier_time');
	my %ahead = map { split /\|/ } split /\n/, $primary_times;
	my @behind;
	for my $row (split /\n/, $standby_times)
	{
		my ($family, $time) = split /\|/, $row;
		push @behind, $family
		  if $standby->safe_psql('postgres',
			"SELECT '$time'::timestamptz < '$ahead{$family}'::timestamptz") eq 't';
	}
	is("@behind", '',
		"a $standby_runs standby replays a $primary_runs primary's lease records: every frontier at or above the primary's");
	unlike(slurp_file($standby->logfile), qr/PANIC|cannot replay|lease record|not registered/,
		"... with no replay error in the standby's log");
	$standby->stop;
	$primary->stop;
	return;
}

SKIP:
{
	my ($major) = `pg_config --version` =~ /PostgreSQL (\d+)/;
	skip 'lease records need PostgreSQL 15 (custom WAL resource managers)', 6
	  if $major < 15;
	wal_pair('build', 'release');
	wal_pair('release', 'build');
}

done_testing();
