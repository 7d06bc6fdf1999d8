# The every-database script of docs/operations.md ("Moving off a server"),
# taken from the page as it is and run with bash against a server that
# preloads uuid_seq: it raises the frontiers in each database that has the
# extension (one in another schema, one whose name has a space), skips and
# names the others (template1 included), and exits 0; run by a role that
# may not raise, it exits non-zero at the first database with the extension.
# With "update" (the runbook "Upgrading uuid_seq"), it brings a database
# at 1.2 to the default version and prints it, the others untouched.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use IPC::Run;

# the ```sh block of docs/operations.md that is the script
my $page = slurp_file("$FindBin::Bin/../../docs/operations.md");
my ($script) = $page =~ /^```sh\n(#!\/bin\/bash\n# every-database\.sh .*?)^```$/ms;
ok(defined $script, 'docs/operations.md has the every-database script')
  or BAIL_OUT('the script is not in docs/operations.md');
my $file = PostgreSQL::Test::Utils::tempdir() . '/every-database.sh';
open(my $fh, '>', $file) or die "$file: $!";
print $fh $script;
close $fh;

my $node = PostgreSQL::Test::Cluster->new('every_database');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->start;

# shop: a v7 key 2 minutes ahead; "my shop": a TSID 2 minutes ahead,
# uuid_seq in a schema of its own (both within the raise's default
# horizon, 5 minutes, as the page's script passes none); plain: no
# extension
$node->safe_psql('postgres', 'CREATE DATABASE shop');
$node->safe_psql('postgres', 'CREATE DATABASE "my shop"');
$node->safe_psql('postgres', 'CREATE DATABASE plain');
$node->safe_psql('shop', q{
	CREATE EXTENSION uuid_seq;
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), total int);
	INSERT INTO orders (id) VALUES (uuid_generate_v7(now() + interval '2 minutes'));});
$node->safe_psql('my shop', q{
	CREATE SCHEMA util;
	CREATE EXTENSION uuid_seq SCHEMA util;
	CREATE TABLE tickets (id bigint PRIMARY KEY DEFAULT util.tsid_generate(), total int);
	INSERT INTO tickets (id) VALUES (util.tsid_lower_bound(now() + interval '2 minutes'));});
$node->safe_psql('postgres', 'CREATE ROLE plain_role LOGIN');

# run_script USER [ARG]: the script's exit status, stdout and stderr, as USER
sub run_script
{
	my ($user, @args) = @_;
	my ($out, $err) = ('', '');
	local %ENV = %ENV;
	$ENV{PGHOST} = $node->host;
	$ENV{PGPORT} = $node->port;
	$ENV{PGUSER} = $user;
	delete $ENV{PGDATABASE};
	IPC::Run::run([ 'bash', $file, @args ], '<', \undef, '>', \$out, '2>', \$err);
	return ($? >> 8, $out, $err);
}

# section OUTPUT DB: what the script printed for DB, up to the next database
sub section
{
	my ($out, $db) = @_;
	return $out =~ /^\Q$db\E:\n((?:(?!\S.*:$).*\n)*)/m ? $1 : '';
}

my ($rc, $out, $err) = run_script('plain_role');
isnt($rc, 0, 'as a role that may not raise, the script fails');
like($err, qr/permission denied|must be superuser/, '... saying why');

my $superuser = $node->safe_psql('postgres', 'SELECT current_user');
($rc, $out, $err) = run_script($superuser);
is($rc, 0, 'as a superuser, the script exits 0') or diag("stdout:\n$out\nstderr:\n$err");
like($out, qr/^plain: no uuid_seq, skipped$/m, 'a database without the extension is skipped, by name');
like($out, qr/^template1: no uuid_seq, skipped$/m, 'template1 too');
unlike($out, qr/template0/, 'template0 (no connections) is not listed');
like($out, qr/^shop:\n.*\n-+.*\n orders +\| id +\| v7 +\| t /m, 'shop: its v7 column is raised');
like($out, qr/^my shop:\n.*\n-+.*\n tickets +\| id +\| tsid +\| t /m,
	'"my shop", uuid_seq in schema util: its TSID column is raised');

# the keys made now lie above the ones 2 minutes ahead
is($node->safe_psql('shop', 'SELECT uuid_generate_v7() > (SELECT max(id) FROM orders)'),
	't', 'shop: a new key lies above the old ones');
is($node->safe_psql('my shop', 'SELECT util.tsid_generate() > (SELECT max(id) FROM tickets)'),
	't', '"my shop": a new TSID lies above the old ones');

# update: old is at 1.2, the others at the default version already
my $default = $node->safe_psql('postgres',
	"SELECT default_version FROM pg_available_extensions WHERE name = 'uuid_seq'");
$node->safe_psql('postgres', 'CREATE DATABASE old');
$node->safe_psql('old', q{
	CREATE EXTENSION uuid_seq VERSION '1.2';
	CREATE TABLE notes (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), body text);});
($rc, $out, $err) = run_script($superuser, 'update');
is($rc, 0, 'update: the script exits 0') or diag("stdout:\n$out\nstderr:\n$err");
like(section($out, 'old'), qr/^-+\n \Q$default\E\n/m, "update: old is at $default, and says so");
like(section($out, 'my shop'), qr/^-+\n \Q$default\E\n/m, '"my shop" (schema util) too');
like($out, qr/^plain: no uuid_seq, skipped$/m, 'update: a database without the extension is skipped');
is($node->safe_psql('old', "SELECT extversion FROM pg_extension WHERE extname = 'uuid_seq'"),
	$default, 'update: the catalog of old says so too');
is($node->safe_psql('shop', 'SELECT count(*) FROM orders'), '1', 'update: the rows are untouched');
($rc, $out, $err) = run_script($superuser, 'updtae');
is($rc, 2, 'a mode it does not know: usage, exit 2');
like($err, qr/^usage: every-database\.sh \[raise\|update\]$/m, '... saying the modes');
is($out, '', '... before touching any database');

$node->stop;
done_testing();
