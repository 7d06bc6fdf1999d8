# The upgrade day (issue 42): a release installed as a database owner's
# trusted extension, this build installed over it while the server runs,
# then ALTER EXTENSION uuid_seq UPDATE.
#
# Each server runs on a private copy of the PostgreSQL installation
# (test/perl/UuidSeqRelease.pm), into which the release is installed and
# then this build (the installed one), each file renamed into place as
# dpkg does, so that the running server keeps the library it mapped.
#
# - 1.2.1 preloaded: before a restart the update stops, changing nothing,
#   with 55000 and a hint to restart (the server runs 1.2.1's library);
#   after it the 1.2 catalog works on the new library, and the update keeps
#   every object of 1.2 (same OIDs, same grants), the owner's view on
#   uuid_seq_state() and function calling a generator; every family
#   continues above 1.2.1's keys (the frontier file carries over).
# - 1.2.1 without preload: a session that loaded 1.2.1's library gets the
#   same refusal; a new session updates, no restart needed.  On 17 and
#   later the 8-byte families then work (the named segment); before, they
#   refuse as they did.
# - 1.1.0 preloaded, with databases at 1.1 and at 1.0: the same refusal,
#   not a function of 1.1 or 1.2 missing from 1.1's library (the direct
#   scripts, uuid_seq--1.0--1.3.sql and uuid_seq--1.1--1.3.sql), and the
#   update after the restart.
# - 1.3.0 preloaded (once this build is a later version): the update to
#   1.4 asks the library's version first and refuses the same way before a
#   restart, then keeps every object of 1.3.
# (1.2.0 shares 1.2.1's scripts and lacks the same functions.)
#
# Run by make prove-release (tools/run-all.sh on this machine's major);
# the version matrix does not run test/release/.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../../perl";
use UuidSeqGenerators;
use UuidSeqMajor;
use UuidSeqRelease;

my $major = tested_major();
my %this_build = installed_build();
# the version this build installs (1.3 when it was released, now later)
my ($default) = slurp_file("$FindBin::Bin/../../../uuid_seq.control") =~ /^default_version = '([^']+)'/m;

# the refusal of an update under an older library, as psql -v VERBOSITY=verbose shows it
my $refused = qr/ERROR:  55000: uuid_seq's library in this session is older than its 1\.3 update script/;
my $restart_hint = qr/HINT:  Restart the server \(pg_ctl restart, or systemctl restart postgresql\) so that it loads the new library, then run ALTER EXTENSION uuid_seq UPDATE again\./;

# A server of its own on a private installation holding RELEASE's build:
# the roles of a shop (its database's owner, an application, a monitoring
# role), and the database shop, owned by the first.
sub release_server
{
	my ($name, $release, $preload) = @_;
	my $inst = private_installation($name);
	install_uuid_seq($inst, build => release_build($release));
	my $node = PostgreSQL::Test::Cluster->new($name, install_path => $inst->{install_path});
	$node->init;
	$node->append_conf('postgresql.conf',
		"jit = off\n" . ($preload ? "shared_preload_libraries = 'uuid_seq'\n" : ''));
	$node->start;
	$node->safe_psql('postgres', q{
		CREATE ROLE shop_owner LOGIN;
		CREATE ROLE app LOGIN;
		CREATE ROLE monitor LOGIN;
		CREATE DATABASE shop OWNER shop_owner;});
	return ($node, $inst);
}

# psql as ROLE in DB, errors with their SQLSTATE: (exit code, stdout, stderr)
sub psql_as
{
	my ($node, $role, $db, $sql) = @_;
	my ($rc, $out, $err) = $node->psql($db, "\\set VERBOSITY verbose\n$sql",
		extra_params => [ '-U', $role ]);
	return ($rc, $out, $err);
}

sub safe_psql_as
{
	my ($node, $role, $db, $sql) = @_;
	return $node->safe_psql($db, $sql, extra_params => [ '-U', $role ]);
}

sub extversion
{
	my ($node, $db) = @_;
	return $node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq'});
}

# The extension's members: OID, identity and privileges, one line each.
sub members
{
	my ($node, $db) = @_;
	return $node->safe_psql($db, q{
		SELECT d.objid, pg_describe_object(d.classid, d.objid, 0),
		       coalesce((SELECT proacl::text FROM pg_proc WHERE oid = d.objid AND d.classid = 'pg_proc'::regclass),
		                (SELECT relacl::text FROM pg_class WHERE oid = d.objid AND d.classid = 'pg_class'::regclass),
		                (SELECT typacl::text FROM pg_type WHERE oid = d.objid AND d.classid = 'pg_type'::regclass),
		                '-')
		FROM pg_depend d JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
		WHERE e.extname = 'uuid_seq' AND d.deptype = 'e' ORDER BY 2});
}

# The newest key of each family's table in shop: family => key.
sub newest_keys
{
	my ($node, $families) = @_;
	return map { split /\|/ } split /\n/, $node->safe_psql('shop', join(' UNION ALL ', map {
		"SELECT '$_->{family}', (SELECT id FROM keys_$_->{family} ORDER BY id USING $_->{gt} LIMIT 1)::text"
	} @$families));
}

# A key of each family's table in shop by its DEFAULT, inserted as ROLE,
# and whether it lies above the one in NEWEST: family => 't' or 'f'.
sub new_keys_above
{
	my ($node, $role, $families, $newest) = @_;
	my @keys = split /\n/, safe_psql_as($node, $role, 'shop',
		join('', map { "INSERT INTO keys_$_->{family} DEFAULT VALUES RETURNING id;\n" } @$families));
	return map { split /\|/ } split /\n/, $node->safe_psql('shop', join(' UNION ALL ', map {
		my $g = $families->[$_];
		"SELECT '$g->{family}', '$keys[$_]'::$g->{type} $g->{gt} '$newest->{$g->{family}}'::$g->{type}"
	} 0 .. $#$families));
}

# ---- 1.2.1 preloaded ------------------------------------------------------

my ($node, $inst) = release_server('preloaded', '1.2.1', 1);

# The owner's trusted install, a view and a function of its own, one key
# table per family of 1.2.1 (its DEFAULT the generator).
my ($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'CREATE EXTENSION uuid_seq');
is($rc, 0, "1.2.1: the database owner creates the extension (trusted)") or diag($err);
is( $node->safe_psql('shop',
		q{SELECT extversion || ' ' || extowner::regrole FROM pg_extension WHERE extname = 'uuid_seq'}),
	'1.2 shop_owner', '... version 1.2, owned by the database owner');
my %in_release = map { $_ => 1 } split /\n/, $node->safe_psql('shop', 'SELECT family FROM uuid_seq_state()');
my @families = grep { $in_release{ $_->{family} } } @GENERATORS;
is(scalar(@families), scalar(keys %in_release), "every family of 1.2.1 has its generator here");

my $atomic = $major >= 14 ? 'BEGIN ATOMIC SELECT uuid_generate_v7(); END' : q{AS 'SELECT uuid_generate_v7()'};
safe_psql_as($node, 'shop_owner', 'shop', qq{
	CREATE VIEW my_frontiers AS SELECT family, frontier_time FROM uuid_seq_state();
	GRANT SELECT ON my_frontiers TO monitor;
	CREATE FUNCTION new_order_id() RETURNS uuid LANGUAGE sql $atomic;
	} . join('', map { "CREATE TABLE keys_$_->{family} (id $_->{type} PRIMARY KEY DEFAULT $_->{expr});\n" } @families)
	  . 'GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO app;');
# grants on 1.2's objects (the bootstrap superuser owns them)
$node->safe_psql('shop', q{
	REVOKE EXECUTE ON FUNCTION uuid_seq_state() FROM PUBLIC;
	GRANT EXECUTE ON FUNCTION uuid_seq_state() TO monitor, shop_owner;
	GRANT EXECUTE ON FUNCTION uuid_seq_reset_stats() TO monitor;
	REVOKE SELECT ON uuid_seq_backends FROM PUBLIC;
	GRANT SELECT ON uuid_seq_backends TO monitor;
	GRANT EXECUTE ON FUNCTION uuid_seq_raise_frontier(text, uuid) TO shop_owner;
	REVOKE EXECUTE ON FUNCTION ulid_generate() FROM PUBLIC;
	GRANT EXECUTE ON FUNCTION ulid_generate() TO shop_owner, app;});
# keys of a clock an hour ahead: only the frontier file can keep later ones above
$node->safe_psql('shop', "SET uuid_seq.clock_shift = '1 hour';\n"
	  . join('', map { "INSERT INTO keys_$_->{family} SELECT FROM generate_series(1, 3);\n" } @families));
my %newest = newest_keys($node, \@families);
my $members_1_2 = members($node, 'shop');
my $view_oid = $node->safe_psql('shop', q{SELECT 'my_frontiers'::regclass::oid});

# this build installed, the server running 1.2.1's library
install_uuid_seq($inst, %this_build);
is( safe_psql_as($node, 'app', 'shop', 'INSERT INTO keys_v7 DEFAULT VALUES RETURNING id IS NOT NULL'),
	't', 'this build installed: the running server still generates (1.2.1\'s library)');

($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'ALTER EXTENSION uuid_seq UPDATE');
isnt($rc, 0, 'before the restart, ALTER EXTENSION uuid_seq UPDATE fails');
like($err, $refused, '... with 55000: the library in this session is older than the update');
like($err, $restart_hint, '... and a hint to restart the server, then update');
unlike($err, qr/could not find function/, '... not a C function missing from the library');
is(extversion($node, 'shop'), '1.2', '... leaving the extension at 1.2');
is(members($node, 'shop'), $members_1_2, '... and every member as it was');

$node->restart;
# (a row per family of the new library: 1.2.1's and those added since)
is( safe_psql_as($node, 'monitor', 'shop',
		'SELECT count(*) >= ' . scalar(@families) . ' FROM my_frontiers'),
	't', 'restarted, not yet updated: the owner\'s view on uuid_seq_state() works on 1.2\'s catalog');
is(safe_psql_as($node, 'app', 'shop', 'SELECT new_order_id() IS NOT NULL'),
	't', '... and the owner\'s function calling a generator');

($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'ALTER EXTENSION uuid_seq UPDATE');
is($rc, 0, 'after the restart the database owner updates') or diag($err);
is( $node->safe_psql('shop',
		q{SELECT extversion || ' ' || uuid_seq_library_version() FROM pg_extension WHERE extname = 'uuid_seq'}),
	"$default $default", "... to $default, the library's version");
my %after = map { $_ => 1 } split /\n/, members($node, 'shop');
is(join("\n", grep { !$after{$_} } split /\n/, $members_1_2),
	'', 'every object of 1.2 is still there: same OID, same grants');
is($node->safe_psql('shop', q{SELECT 'my_frontiers'::regclass::oid}), $view_oid, 'the owner\'s view is the same');
is( safe_psql_as($node, 'monitor', 'shop', 'SELECT count(*) >= ' . scalar(@families) . ' FROM my_frontiers'),
	't', '... and monitor still reads it');
is( $node->safe_psql('shop', q{
		SELECT string_agg(r.rolname || ':' || has_function_privilege(r.oid, 'uuid_seq_state()', 'EXECUTE')
		                  || ',' || has_function_privilege(r.oid, 'ulid_generate()', 'EXECUTE'), ' ' ORDER BY r.rolname)
		FROM pg_roles r WHERE r.rolname IN ('app', 'monitor', 'shop_owner')}),
	'app:false,true monitor:true,false shop_owner:true,true',
	'the grants and revokes on 1.2\'s functions hold');
is(safe_psql_as($node, 'app', 'shop', 'SELECT new_order_id() IS NOT NULL'), 't', 'the owner\'s function works');
my %above = new_keys_above($node, 'app', \@families, \%newest);
is($above{ $_->{family} }, 't',
	"$_->{family}: a new key lies above 1.2.1's (an hour ahead: the frontier file carried over)")
  for @families;
$node->stop;

# ---- 1.2.1 without preload ------------------------------------------------

($node, $inst) = release_server('session', '1.2.1', 0);
safe_psql_as($node, 'shop_owner', 'shop', 'CREATE EXTENSION uuid_seq');
# (1.2.1 makes 8-byte ids only with the shared frontiers: preloaded)
my @uuid_families = grep { $_->{type} eq 'uuid' } @families;
safe_psql_as($node, 'shop_owner', 'shop',
	join('', map { "CREATE TABLE keys_$_->{family} (id uuid PRIMARY KEY DEFAULT $_->{expr});\n" } @uuid_families));
# keys an hour behind: later ones lie above them however the frontiers start
$node->safe_psql('shop', "SET uuid_seq.clock_shift = '-1 hour';\n"
	  . join('', map { "INSERT INTO keys_$_->{family} SELECT FROM generate_series(1, 3);\n" } @uuid_families));
%newest = newest_keys($node, \@uuid_families);
my $session = $node->background_psql('shop', on_error_stop => 0, extra_params => [ '-U', 'shop_owner' ]);
$session->query_safe('SELECT uuid_generate_v7()');

install_uuid_seq($inst, %this_build);
$session->query("\\set VERBOSITY verbose\nALTER EXTENSION uuid_seq UPDATE");
like($session->{stderr}, $refused,
	'without preload, a session that loaded 1.2.1\'s library before the install: the update refuses (55000)');
like($session->{stderr}, $restart_hint, '... with the hint');
$session->quit;
is(extversion($node, 'shop'), '1.2', '... leaving the extension at 1.2');

($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'ALTER EXTENSION uuid_seq UPDATE');
is($rc, 0, 'a new session updates without a restart') or diag($err);
is( $node->safe_psql('shop',
		q{SELECT extversion || ' ' || uuid_seq_library_version() FROM pg_extension WHERE extname = 'uuid_seq'}),
	"$default $default", "... to $default, on the new library");
%above = new_keys_above($node, 'shop_owner', \@uuid_families, \%newest);
is($above{ $_->{family} }, 't', "without preload, $_->{family}: a new key lies above 1.2.1's")
  for @uuid_families;
($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'SELECT tsid_generate() IS NOT NULL');
if ($major >= 17)
{
	is($rc, 0, '17 and later: after the update TSIDs come from the named segment, without preload')
	  or diag($err);
}
else
{
	like($err, qr/ERROR:  55000: /, 'before 17: TSIDs still need the shared frontiers (55000)');
}
$node->stop;

# ---- 1.1.0 preloaded: databases at 1.1 and at 1.0 -------------------------

($node, $inst) = release_server('from_1_1', '1.1.0', 1);
$node->safe_psql('postgres', 'CREATE DATABASE shop_1_0 OWNER shop_owner');
safe_psql_as($node, 'shop_owner', 'shop', 'CREATE EXTENSION uuid_seq');
safe_psql_as($node, 'shop_owner', 'shop_1_0', q{CREATE EXTENSION uuid_seq VERSION '1.0'});
my %from = (shop => '1.1', shop_1_0 => '1.0');
is(join(' ', map { extversion($node, $_) } sort keys %from), '1.1 1.0', '1.1.0 installed: databases at 1.1 and 1.0');

install_uuid_seq($inst, %this_build);
for my $db (sort keys %from)
{
	($rc, $out, $err) = psql_as($node, 'shop_owner', $db, 'ALTER EXTENSION uuid_seq UPDATE');
	like($err, $refused, "from $from{$db} under 1.1.0's library: the update refuses with 55000");
	unlike($err, qr/could not find function/, '... not at a function 1.1.0\'s library lacks');
	is(extversion($node, $db), $from{$db}, "... leaving the extension at $from{$db}");
}
$node->restart;
for my $db (sort keys %from)
{
	($rc, $out, $err) = psql_as($node, 'shop_owner', $db, 'ALTER EXTENSION uuid_seq UPDATE');
	is($rc, 0, "restarted: the update from $from{$db} works") or diag($err);
	is(extversion($node, $db), $default, "... to $default");
}
$node->stop;

# ---- 1.3.0 preloaded, once a later version is in this build ----------------
# The update from 1.3 asks the library for its version first (1.3 made
# uuid_seq_library_version()): under 1.3.0's it stops with 55000.

if ($default ne '1.3')
{
	($node, $inst) = release_server('from_1_3', '1.3.0', 1);
	safe_psql_as($node, 'shop_owner', 'shop', 'CREATE EXTENSION uuid_seq');
	safe_psql_as($node, 'shop_owner', 'shop', q{
		CREATE VIEW my_frontiers AS SELECT family, frontier_time FROM uuid_seq_state();
		CREATE TABLE keys_v7 (id uuid PRIMARY KEY DEFAULT uuid_generate_v7());});
	$node->safe_psql('shop', "SET uuid_seq.clock_shift = '1 hour';\n"
		  . 'INSERT INTO keys_v7 SELECT FROM generate_series(1, 3);');
	my $newest_v7 = $node->safe_psql('shop', 'SELECT max(id) FROM keys_v7');
	my $members_1_3 = members($node, 'shop');

	install_uuid_seq($inst, %this_build);
	($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'ALTER EXTENSION uuid_seq UPDATE');
	like($err, qr/ERROR:  55000: uuid_seq's library in this session \(1\.3\) is older than its 1\.4 update script/,
		'1.3.0 preloaded, this build installed: the update refuses with 55000, naming the library\'s version');
	like($err, $restart_hint, '... with the hint to restart');
	is(extversion($node, 'shop'), '1.3', '... leaving the extension at 1.3');
	is(members($node, 'shop'), $members_1_3, '... and every member as it was');

	$node->restart;
	($rc, $out, $err) = psql_as($node, 'shop_owner', 'shop', 'ALTER EXTENSION uuid_seq UPDATE');
	is($rc, 0, 'restarted: the database owner updates from 1.3') or diag($err);
	is( $node->safe_psql('shop',
			q{SELECT extversion || ' ' || uuid_seq_library_version() FROM pg_extension WHERE extname = 'uuid_seq'}),
		"$default $default", "... to $default, on the new library");
	my %kept = map { $_ => 1 } split /\n/, members($node, 'shop');
	is(join("\n", grep { !$kept{$_} } split /\n/, $members_1_3),
		'', 'every object of 1.3 is still there: same OID, same grants');
	is($node->safe_psql('shop', 'SELECT count(*) > 0 FROM my_frontiers'), 't', 'the owner\'s view still reads');
	is( safe_psql_as($node, 'shop_owner', 'shop',
			"INSERT INTO keys_v7 DEFAULT VALUES RETURNING id > '$newest_v7'"),
		't', 'a new v7 lies above 1.3.0\'s (an hour ahead: the frontier file carried over)');
	$node->stop;
}

done_testing();
