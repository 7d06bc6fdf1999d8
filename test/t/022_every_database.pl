# The every-database script of docs/operations.md ("Moving off a server"),
# taken from the page as it is and run with bash against a server that
# preloads uuid_seq: it raises the frontiers in each database that has the
# extension (one in another schema, one whose name has a space), skips and
# names the others (template1 included), and exits 0; run by a role that
# may not raise, it exits non-zero at the first database with the extension.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use IPC::Run;

# the ```sh block of docs/operations.md that is the script
my $page = slurp_file("$FindBin::Bin/../../docs/operations.md");
my ($script) = $page =~ /^```sh\n(#!\/bin\/bash\n# raise-every-database\.sh:.*?)^```$/ms;
ok(defined $script, 'docs/operations.md has the every-database script')
  or BAIL_OUT('the script is not in docs/operations.md');
my $file = PostgreSQL::Test::Utils::tempdir() . '/raise-every-database.sh';
open(my $fh, '>', $file) or die "$file: $!";
print $fh $script;
close $fh;

my $node = PostgreSQL::Test::Cluster->new('every_database');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->start;

# shop: a v7 key an hour ahead; "my shop": a TSID an hour ahead, uuid_seq in
# a schema of its own; plain: no extension
$node->safe_psql('postgres', 'CREATE DATABASE shop');
$node->safe_psql('postgres', 'CREATE DATABASE "my shop"');
$node->safe_psql('postgres', 'CREATE DATABASE plain');
$node->safe_psql('shop', q{
	CREATE EXTENSION uuid_seq;
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), total int);
	INSERT INTO orders (id) VALUES (uuid_generate_v7(now() + interval '1 hour'));});
$node->safe_psql('my shop', q{
	CREATE SCHEMA util;
	CREATE EXTENSION uuid_seq SCHEMA util;
	CREATE TABLE tickets (id bigint PRIMARY KEY DEFAULT util.tsid_generate(), total int);
	INSERT INTO tickets (id) VALUES (util.tsid_lower_bound(now() + interval '1 hour'));});
$node->safe_psql('postgres', 'CREATE ROLE plain_role LOGIN');

# run_script USER: the script's exit status, stdout and stderr, as USER
sub run_script
{
	my ($user) = @_;
	my ($out, $err) = ('', '');
	local %ENV = %ENV;
	$ENV{PGHOST} = $node->host;
	$ENV{PGPORT} = $node->port;
	$ENV{PGUSER} = $user;
	delete $ENV{PGDATABASE};
	IPC::Run::run([ 'bash', $file ], '<', \undef, '>', \$out, '2>', \$err);
	return ($? >> 8, $out, $err);
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

# the keys made now lie above the ones an hour ahead
is($node->safe_psql('shop', 'SELECT uuid_generate_v7() > (SELECT max(id) FROM orders)'),
	't', 'shop: a new key lies above the old ones');
is($node->safe_psql('my shop', 'SELECT util.tsid_generate() > (SELECT max(id) FROM tickets)'),
	't', '"my shop": a new TSID lies above the old ones');

$node->stop;
done_testing();
