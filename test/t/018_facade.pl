# The keyed v4 facade (src/README §17) against the UUIDv47 reference, and
# the configured key as an ordinary role sees it.
#
# 1. Interop: the reference's header, from ../shared/vendor (or
#    $UUID_SEQ_VENDOR), is compiled at run time with a small driver of our
#    own; 2,200 v7 values (random ones, and ones uuid_seq generated under
#    both settings of uuid_seq.v7_rand_a) under 10 random keys and the
#    reference's own, and 2,000 random v4 values under each key, go through
#    the SQL functions and the reference: the same bytes both ways.  No
#    third-party code is in the tree; without the archive this part is
#    skipped with one line.
# 1b. Published vectors, which need no archive: the reference's key and the
#    values of its tests.c with the facades its header computes, and
#    SipHash-2-4's own test vector (its test key, a message whose mask is
#    the low 48 bits of the published SipHash output), through the keyed
#    forms and through uuid_seq.facade_key.  The whole 48-bit mask and the
#    2-4 rounds are what make these values.
# 2. Preloaded, with uuid_seq.facade_key in postgresql.conf: an ordinary role
#    uses the key through the functions but reads nothing of it (SHOW,
#    current_setting, pg_settings, pg_file_settings, SET, and no message
#    quotes it), nor does a member of pg_read_all_settings, who may read
#    other superuser-only settings (it sees "(hidden)"); a reload that
#    changes it, ALTER SYSTEM and a bad value leave it out of the server log.
# 2b. The key file (uuid_seq.facade_key_file), preloaded: its key is used,
#    SHOW gives its path to superusers and pg_read_all_settings alone, a
#    reload makes a running session read it again, a file open to other OS
#    users, missing, not a regular file or holding no key is refused without
#    quoting it, and a key in both settings is refused.
# 3. Not preloaded: a key from the configuration is refused, also with
#    session_preload_libraries (a session that has not loaded uuid_seq shows
#    the placeholder to every role, as the test shows, and a role or
#    database setting can scope that setting), and logged where a session
#    loads uuid_seq; a key a superuser SETs in a session works; the key
#    file works, a fresh session showing an ordinary role its path alone.
# Neither server logs any key.
use strict;
use warnings;
use Cwd qw(getcwd);
use File::Temp qw(tempdir);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

my $seed = $ENV{UUID_SEQ_FACADE_SEED} // time() ^ $$;
note "random seed: $seed (UUID_SEQ_FACADE_SEED reruns it)";
srand($seed);

sub random_hex { my ($bytes) = @_; return join '', map { sprintf '%02x', int(rand(256)) } 1 .. $bytes; }

# a random uuid of version $v with the RFC 9562 variant
sub random_uuid
{
	my ($v) = @_;
	my @b = map { int(rand(256)) } 1 .. 16;
	$b[6] = ($b[6] & 0x0f) | ($v << 4);
	$b[8] = ($b[8] & 0x3f) | 0x80;
	my $h = join '', map { sprintf '%02x', $_ } @b;
	return join '-', substr($h, 0, 8), substr($h, 8, 4), substr($h, 12, 4), substr($h, 16, 4),
	  substr($h, 20);
}

my $node = PostgreSQL::Test::Cluster->new('facade');
$node->init;
my $key = random_hex(16);
my $key2 = random_hex(16);
# (log_statement = none: the harness logs every statement, and ALTER SYSTEM
# below carries a key in its text, as docs/facade.md warns)
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.facade_key = '$key'
log_statement = none
});
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE app LOGIN;
	CREATE ROLE other LOGIN;
	CREATE TABLE items (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), payload int);
	INSERT INTO items (payload) SELECT n FROM generate_series(1, 100) n;
	CREATE VIEW api_items AS SELECT uuid_v7_facade(id) AS id, payload FROM items;
	GRANT SELECT ON api_items TO app, other;
});

# ---- 0. the configured key is for the roles it is granted to -------------

# The keyless forms as $role in database $db: what each gives, or its
# SQLSTATE.
sub keyless_as
{
	my ($db, $role) = @_;
	my @got;
	for my $sql (q{SELECT uuid_v7_facade('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')},
		q{SELECT uuid_v7_from_facade('22d97126-9609-4000-8000-000000000000')})
	{
		my ($rc, $out, $err) = $node->psql($db, "\\set VERBOSITY sqlstate\n$sql",
			extra_params => [ '-U', $role ]);
		push @got, $rc == 0 ? 'ok' : ($err =~ /ERROR:\s+(\w{5})/)[0] // $err;
	}
	return join ',', @got;
}

# after CREATE EXTENSION, and after an update from 1.2: the key is the
# cluster's, and the owner of any database could otherwise decode the
# application's facades with it
$node->safe_psql('postgres', 'CREATE DATABASE updated');
$node->safe_psql('updated', q{
	CREATE EXTENSION uuid_seq VERSION '1.2';
	ALTER EXTENSION uuid_seq UPDATE TO '1.3'});
for my $db ('postgres', 'updated')
{
	is(keyless_as($db, 'app'), '42501,42501', "$db: PUBLIC may not use the configured key");
	$node->safe_psql($db,
		'GRANT EXECUTE ON FUNCTION uuid_v7_facade(uuid), uuid_v7_from_facade(uuid) TO app');
	is(keyless_as($db, 'app'), 'ok,ok', "$db: the role it is granted to may");
	is(keyless_as($db, 'other'), '42501,42501', "$db: another role still may not");
}
my ($rc0, $out0, $err0) = $node->psql('postgres', 'SELECT count(id) FROM api_items',
	extra_params => [ '-U', 'other' ]);
like($err0, qr/permission denied for function uuid_v7_facade/,
	'a view of facades needs the grant too');

# ---- 1. interop with the reference ---------------------------------------

my $vendor = $ENV{UUID_SEQ_VENDOR} // getcwd() . '/../shared/vendor';
my $archive = "$vendor/uuidv47-81ba63f.tar.xz";
SKIP:
{
	skip "$archive not found: no interop check against the UUIDv47 reference", 1
	  unless -f $archive;

	my $dir = tempdir(CLEANUP => 1);
	ok(system('tar', '-xJf', $archive, '-C', $dir, '--strip-components=1',
			'uuidv47-81ba63f/uuidv47.h') == 0, 'the reference header is extracted');

	# Our driver of the reference: "KEYHEX UUID" lines in, the reference's
	# encoding of UUID (as a v7) and decoding of it (as a facade) out.
	open my $c, '>', "$dir/driver.c" or die $!;
	print $c <<'EOC';
#include <stdio.h>
#include "uuidv47.h"

int
main(void)
{
	char		key_hex[40];
	char		text[40];

	while (scanf("%39s %39s", key_hex, text) == 2)
	{
		uuidv47_key_t key = {0, 0};
		uuid128_t	u;
		uuid128_t	facade;
		uuid128_t	v7;
		char		a[37];
		char		b[37];

		/* the bytea key: k0 is bytes 0-7 little-endian, k1 bytes 8-15 */
		for (int i = 7; i >= 0; i--)
		{
			unsigned	hi, lo;

			sscanf(key_hex + 2 * i, "%2x", &lo);
			sscanf(key_hex + 16 + 2 * i, "%2x", &hi);
			key.k0 = key.k0 << 8 | lo;
			key.k1 = key.k1 << 8 | hi;
		}
		if (!uuid_parse(text, &u))
			return 1;
		facade = uuidv47_encode_v4facade(u, key);
		v7 = uuidv47_decode_v4facade(u, key);
		uuid_format(&facade, a);
		uuid_format(&v7, b);
		printf("%s %s\n", a, b);
	}
	return 0;
}
EOC
	close $c;
	my $cc = $ENV{CC} // 'cc';
	my ($out, $err) = ('', '');
	ok(IPC::Run::run([ $cc, '-std=c11', '-O1', "-I$dir", '-o', "$dir/driver", "$dir/driver.c" ],
			'>', \$out, '2>', \$err), 'the reference compiles with our driver')
	  or diag($err);

	# the keys: 10 random ones and the reference's own (k0 0x0123456789abcdef,
	# k1 0xfedcba9876543210); the v7 values: 1,000 random, 1,200 generated
	my @keys = ((map { random_hex(16) } 1 .. 10), 'efcdab89674523011032547698badcfe');
	my @v7 = map { random_uuid(7) } 1 .. 1000;
	push @v7, split /\n/, $node->safe_psql('postgres', q{
		SELECT uuid_generate_v7() FROM generate_series(1, 600);
		SET uuid_seq.v7_rand_a = 'random';
		SELECT uuid_generate_v7() FROM generate_series(1, 600);});
	my @v4 = map { random_uuid(4) } 1 .. 2000;
	is(scalar(@v7), 2200, '2,200 v7 values');

	my $keys_sql = join ',', map { "('\\x$_'::bytea)" } @keys;
	my $v7_sql = join ',', map { "('$_'::uuid)" } @v7;
	my $v4_sql = join ',', map { "('$_'::uuid)" } @v4;
	my @sql_rows = split /\n/, $node->safe_psql('postgres', qq{
		SELECT encode(k.key, 'hex'), i.id, 'v7', uuid_v7_facade(i.id, k.key),
		       uuid_v7_from_facade(uuid_v7_facade(i.id, k.key), k.key)
		FROM (VALUES $keys_sql) k(key), (VALUES $v7_sql) i(id)
		UNION ALL
		SELECT encode(k.key, 'hex'), i.id, 'v4', uuid_v7_from_facade(i.id, k.key),
		       uuid_v7_facade(uuid_v7_from_facade(i.id, k.key), k.key)
		FROM (VALUES $keys_sql) k(key), (VALUES $v4_sql) i(id)});
	is(scalar(@sql_rows), 11 * 4200, 'SQL: every value under every key');

	my $input = join '', map { my @f = split /\|/; "$f[0] $f[1]\n" } @sql_rows;
	($out, $err) = ('', '');
	ok(IPC::Run::run([ "$dir/driver" ], '<', \$input, '>', \$out, '2>', \$err),
		'the reference runs') or diag($err);
	my @ref_rows = split /\n/, $out;
	my ($v7_same, $v4_same, $round_trips, @first_bad) = (0, 0, 0);
	for my $i (0 .. $#sql_rows)
	{
		my ($k, $in, $kind, $mapped, $back) = split /\|/, $sql_rows[$i];
		my ($ref_facade, $ref_v7) = split / /, ($ref_rows[$i] // '');
		my $ref = $kind eq 'v7' ? $ref_facade : $ref_v7;
		if (defined $ref && $mapped eq $ref) { $kind eq 'v7' ? $v7_same++ : $v4_same++; }
		elsif (@first_bad < 5) { push @first_bad, "$k $in ($kind): ours $mapped, reference " . ($ref // 'none'); }
		$round_trips++ if $back eq $in;
	}
	is($v7_same, 11 * 2200, 'uuid_v7_facade(id, key) = the reference\'s encoding, for 24,200 pairs')
	  or diag(join "\n", @first_bad);
	is($v4_same, 11 * 2000, 'uuid_v7_from_facade(facade, key) = the reference\'s decoding, for 22,000 pairs')
	  or diag(join "\n", @first_bad);
	is($round_trips, 11 * 4200, 'every value comes back');

	# the configured key gives the same as the reference under that key
	my @configured = map { "$key $_\n" } @v7[ 0 .. 199 ];
	($out, $err) = ('', '');
	IPC::Run::run([ "$dir/driver" ], '<', \join('', @configured), '>', \$out, '2>', \$err);
	my $expect = join "\n", map { (split / /)[0] } split /\n/, $out;
	is( $node->safe_psql('postgres',
			'SELECT uuid_v7_facade(id) FROM (VALUES '
			  . join(',', map { "($_, '$v7[$_]'::uuid)" } 0 .. 199)
			  . ') v(n, id) ORDER BY n', extra_params => [ '-U', 'app' ]),
		$expect, 'uuid_v7_facade(id) with the configured key, as an ordinary role, = the reference');
}

# ---- 1b. published vectors --------------------------------------------

{
	# k0 = 0x0123456789abcdef, k1 = 0xfedcba9876543210, as the bytea's 16 bytes
	my $ref_key = 'efcdab89674523011032547698badcfe';
	my %vectors = (
		'00000000-0000-7000-8000-000000000000' => '22d97126-9609-4000-8000-000000000000',
		'00000000-007b-7aaa-8123-456789abcdef' => 'b108050e-46b6-4aaa-8123-456789abcdef',
		'00000010-007b-7aad-9032-547698badcfe' => 'bc75bd50-97ef-4aad-9032-547698badcfe',
		'00000080-007b-7a92-89ab-cdef01234567' => '9d9bd354-51fe-4a92-89ab-cdef01234567',
		'000000f0-007b-7ac3-bedc-ba9876543210' => 'ce171cbd-d0f1-4ac3-bedc-ba9876543210',
		'12345678-9abc-7abc-8123-456789abcdef' => '386ef887-69df-4abc-8123-456789abcdef');
	my $values = join ',', map { "('$_'::uuid, '$vectors{$_}'::uuid)" } sort keys %vectors;
	is( $node->safe_psql('postgres', qq{
			SET uuid_seq.facade_key = '$ref_key';
			SELECT count(*) FILTER (WHERE uuid_v7_facade(v7, '\\x$ref_key') = facade
			                          AND uuid_v7_from_facade(facade, '\\x$ref_key') = v7),
			       count(*) FILTER (WHERE uuid_v7_facade(v7) = facade
			                          AND uuid_v7_from_facade(facade) = v7)
			FROM (VALUES $values) AS r(v7, facade)}),
		scalar(keys %vectors) . '|' . scalar(keys %vectors),
		'the reference\'s vectors, keyed and through uuid_seq.facade_key');
	# SipHash-2-4 of 00 01 ... 09 under the key 00 01 ... 0f is
	# 0x7a5dbbc594ddb9f3: its low 48 bits are the mask
	is( $node->safe_psql('postgres', q{
			SELECT uuid_v7_facade('00000000-0000-7001-8203-040506070809',
			                      '\x000102030405060708090a0b0c0d0e0f')}),
		'bbc594dd-b9f3-4001-8203-040506070809', 'SipHash-2-4\'s published vector: a 48-bit mask');
}

# ---- 2. the configured key and an ordinary role, preloaded ---------------

# every way to read a setting, as the role `app`: each refuses or shows
# nothing, and no output or message carries the key
sub ordinary_role_sees_nothing
{
	my ($n, $what, @keys) = @_;
	my %expect = (
		'SHOW uuid_seq.facade_key' => 'error',
		q{SELECT current_setting('uuid_seq.facade_key')} => 'error',
		q{SELECT current_setting('uuid_seq.facade_key', true)} => 'error',
		q{SELECT count(*) FROM pg_settings WHERE name LIKE 'uuid_seq.facade%'} => '0',
		q{SELECT count(*) FROM pg_file_settings} => 'error',
		q{SELECT setting FROM pg_file_settings WHERE name = 'uuid_seq.facade_key'} => 'error',
		q{SET uuid_seq.facade_key = ''} => 'error',
		q{ALTER SYSTEM SET uuid_seq.facade_key = ''} => 'error',
		q{SELECT setconfig FROM pg_db_role_setting} => '',);
	my ($all, $bad) = ('', 0);
	for my $sql (sort keys %expect)
	{
		my ($rc, $out, $err) = $n->psql('postgres', $sql, extra_params => [ '-U', 'app' ]);
		$all .= "$out\n$err\n";
		my $got = $rc == 0 ? $out : 'error';
		if ($got ne $expect{$sql})
		{
			$bad++;
			diag("$what: $sql gave '$got' ($err), not '$expect{$sql}'");
		}
	}
	is($bad, 0, "$what: SHOW, current_setting, pg_settings, pg_file_settings, SET refuse or show nothing");
	my @found = grep { index(lc $all, lc $_) >= 0 } @keys;
	is(scalar(@found), 0, "$what: no output or message carries the key");
}

ordinary_role_sees_nothing($node, 'preloaded', $key);

# pg_read_all_settings lets its members read superuser-only settings: not
# this one
$node->safe_psql('postgres', 'CREATE ROLE monitor LOGIN IN ROLE pg_read_all_settings');
my $monitor_sees = $node->safe_psql('postgres', q{
	SHOW uuid_seq.facade_key;
	SELECT current_setting('uuid_seq.facade_key')}, extra_params => [ '-U', 'monitor' ]);
is($monitor_sees, "(hidden)\n(hidden)", 'a member of pg_read_all_settings sees "(hidden)"');
unlike($monitor_sees, qr/\Q$key\E/i, 'and not the key');
is( $node->safe_psql('postgres',
		'SELECT count(*), bool_and(uuid_version(id) = 4) FROM api_items',
		extra_params => [ '-U', 'app' ]),
	'100|t', 'the role reads facades through the view');
my $facade = $node->safe_psql('postgres', 'SELECT uuid_v7_facade(id) FROM items WHERE payload = 42');
is( $node->safe_psql('postgres', "SELECT payload FROM items WHERE id = uuid_v7_from_facade('$facade')"),
	'42', 'a lookup by facade finds the row');

# a reload that changes the key: the postmaster says so without the value
$node->append_conf('postgresql.conf', "uuid_seq.facade_key = '$key2'\n");
$node->reload;
ok( $node->poll_query_until('postgres',
		"SELECT uuid_v7_facade(id) <> '$facade' FROM items WHERE payload = 42"),
	'a reload changes the key');
ok(eval { $node->wait_for_log(qr/parameter "uuid_seq\.facade_key" changed/); 1 },
	'the log says the key changed');

# ALTER SYSTEM (postgresql.auto.conf), and a value that is no key
my $key3 = random_hex(8) . ':' . random_hex(8);
$node->safe_psql('postgres', "ALTER SYSTEM SET uuid_seq.facade_key = '$key3'");
$node->reload;
ok( $node->poll_query_until('postgres',
		'SELECT uuid_v7_facade(id) = uuid_v7_facade(id, '
		  . "decode('" . ($key3 =~ s/://r) . "', 'hex')) FROM items WHERE payload = 42"),
	'ALTER SYSTEM sets the key (k0:k1)');
my ($rc, $out, $err) = $node->psql('postgres', q{ALTER SYSTEM SET uuid_seq.facade_key = 'not-a-key-0123456789abcdef'});
like($err, qr/invalid value for parameter "uuid_seq\.facade_key"/, 'ALTER SYSTEM refuses a bad value');
unlike($err, qr/0123456789abcdef/, 'without quoting it');
$node->append_conf('postgresql.conf', "uuid_seq.facade_key = 'bad-key-fedcba9876543210'\n");
$node->safe_psql('postgres', 'ALTER SYSTEM RESET uuid_seq.facade_key');
$node->reload;
ok(eval { $node->wait_for_log(qr/invalid value for parameter "uuid_seq\.facade_key"/); 1 },
	'a bad value in the file is reported');
ordinary_role_sees_nothing($node, 'after the reloads', $key, $key2, $key3);

# ---- 2b. the key file, preloaded ----------------------------------------

# postgresql.conf without its uuid_seq.facade_key* lines, plus @lines; reload
sub set_key_conf
{
	my ($n, @lines) = @_;
	my $conf = $n->data_dir . '/postgresql.conf';
	my $text = slurp_file($conf) =~ s/^uuid_seq\.facade_key.*\n//mgr;
	open my $fh, '>', $conf or die "open $conf: $!";
	print $fh $text, map { "$_\n" } @lines;
	close $fh;
	$n->reload;
}

# $text into the file $name of $n's data directory, with permissions $mode
sub write_key_file
{
	my ($n, $name, $text, $mode) = @_;
	my $path = $n->data_dir . "/$name";
	unlink $path;
	open my $fh, '>', $path or die "open $path: $!";
	print $fh $text;
	close $fh;
	chmod $mode, $path or die "chmod $path: $!";
}

my $v7 = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';

# whether the keyless facade is the one under $hex (a query; it names the
# key, so it runs only where it cannot fail and be logged)
sub uses_key
{
	my ($hex) = @_;
	$hex =~ s/://;
	return "SELECT uuid_v7_facade('$v7') = uuid_v7_facade('$v7', '\\x$hex')";
}

# the keyless call as app in a new session: its messages
sub keyless_err
{
	my ($n) = @_;
	my ($rc, $out, $err) = $n->psql('postgres', "SELECT uuid_v7_facade('$v7')",
		extra_params => [ '-U', 'app' ]);
	return $err;
}

my $key4 = random_hex(16);
write_key_file($node, 'facade.key', "$key4\n", 0600);
set_key_conf($node, "uuid_seq.facade_key_file = 'facade.key'");
ok($node->poll_query_until('postgres', uses_key($key4)), 'preloaded: the key file\'s key is used');
is($node->safe_psql('postgres', uses_key($key4), extra_params => [ '-U', 'app' ]),
	't', 'preloaded: an ordinary role granted the functions uses it');
is($node->safe_psql('postgres', 'SHOW uuid_seq.facade_key_file'),
	'facade.key', 'a superuser sees the key file\'s path');
is($node->safe_psql('postgres', 'SHOW uuid_seq.facade_key_file', extra_params => [ '-U', 'monitor' ]),
	'facade.key', 'so does a member of pg_read_all_settings: a path, not a key');
($rc, $out, $err) = $node->psql('postgres', 'SHOW uuid_seq.facade_key_file',
	extra_params => [ '-U', 'app' ]);
like($err, qr/examine "uuid_seq\.facade_key_file"/, 'an ordinary role may not read the path');
ordinary_role_sees_nothing($node, 'with the key file', $key4);

# a running session reads the file again after a reload: the same path, a
# new key (k0:k1, white space around it)
my $key5 = random_hex(8) . ':' . random_hex(8);
my $session = $node->background_psql('postgres');
is(session_value($session, uses_key($key4)), 't', 'a session reads the file at the first use');
write_key_file($node, 'facade.key', "  $key5\r\n", 0600);
$node->reload;
my $reread = 0;
for (1 .. 5 * $PostgreSQL::Test::Utils::timeout_default)
{
	last if ($reread = session_value($session, uses_key($key5)) eq 't');
	usleep(100_000);
}
ok($reread, 'after a reload a running session uses the new key in the file');
$session->quit;

# refused: a file other OS users may read or write, none, a directory, and
# a file that holds no key; no message quotes what the file holds
for my $mode (0640, 0604, 0620, 0602)
{
	write_key_file($node, 'facade.key', "$key5\n", $mode);
	like(keyless_err($node), qr/ERROR:  facade key file "facade\.key" has group or world access/,
		sprintf('a key file of mode %04o is refused', $mode));
}
write_key_file($node, 'facade.key', "$key5\n", 0400);
is($node->safe_psql('postgres', uses_key($key5)), 't', 'a key file of mode 0400 is used');
my $key_line = random_hex(16);
write_key_file($node, 'facade.key', "uuid_seq.facade_key = '$key_line'\n", 0600);
$err = keyless_err($node);
like($err, qr/ERROR:  facade key file "facade\.key" does not hold a facade key/,
	'a key file that holds more than a key is refused');
unlike($err, qr/\Q$key_line\E/i, 'without quoting it');
write_key_file($node, 'facade.key', "$key5\n", 0600);
set_key_conf($node, "uuid_seq.facade_key_file = 'missing.key'");
ok($node->poll_query_until('postgres', 'SHOW uuid_seq.facade_key_file', 'missing.key'), 'reloaded');
like(keyless_err($node), qr/ERROR:  could not open facade key file "missing\.key": No such file/,
	'a missing key file is refused');
set_key_conf($node, "uuid_seq.facade_key_file = 'pg_wal'");
ok($node->poll_query_until('postgres', 'SHOW uuid_seq.facade_key_file', 'pg_wal'), 'reloaded');
like(keyless_err($node), qr/ERROR:  facade key file "pg_wal" is not a regular file/,
	'a directory is refused');

# both settings in the configuration: which key is meant is not clear
set_key_conf($node, "uuid_seq.facade_key = '$key4'", "uuid_seq.facade_key_file = 'facade.key'");
ok($node->poll_query_until('postgres', 'SHOW uuid_seq.facade_key_file', 'facade.key'), 'reloaded');
like(keyless_err($node), qr/ERROR:  uuid_seq\.facade_key and uuid_seq\.facade_key_file are both set/,
	'a key in both settings is refused');
# a superuser's session key is that session's, over the file's
set_key_conf($node, "uuid_seq.facade_key_file = 'facade.key'");
ok($node->poll_query_until('postgres', 'SHOW uuid_seq.facade_key', ''), 'reloaded');
is($node->safe_psql('postgres', "SET uuid_seq.facade_key = '$key4';\n" . uses_key($key4)),
	't', 'a key a superuser sets in a session comes before the file\'s');

my $log = slurp_file($node->logfile);
my @in_log = grep { index(lc $log, lc $_) >= 0 } $key, $key2, $key3, 'fedcba9876543210',
  $key4, $key5, $key5 =~ s/://r, $key_line;
is(scalar(@in_log), 0, 'the server log carries no key, nor the bad value')
  or diag("found in the log: @in_log");
$node->stop;

# ---- 3. not preloaded -----------------------------------------------------

my $plain = PostgreSQL::Test::Cluster->new('facade_no_preload');
$plain->init;
$plain->append_conf('postgresql.conf', "uuid_seq.facade_key = '$key'\nlog_statement = none\n");
$plain->start;
$plain->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE app LOGIN;
	GRANT EXECUTE ON FUNCTION uuid_v7_facade(uuid), uuid_v7_from_facade(uuid) TO app});
($rc, $out, $err) = $plain->psql('postgres', "SELECT uuid_v7_facade('$v7')",
	extra_params => [ '-U', 'app' ]);
like($err, qr/uuid_seq\.facade_key is set in the server's configuration, but uuid_seq is not preloaded/,
	'without preload, a configured key is refused');
like($err, qr/HINT:  Move the key into a file .* name that file in uuid_seq\.facade_key_file/,
	'and the hint says where the key belongs');
unlike($err, qr/\Q$key\E/i, 'without quoting it');
# a key a superuser sets in a session is that session's alone: no preloading
is( $plain->safe_psql('postgres',
		"SET uuid_seq.facade_key = '$key2'; SELECT uuid_v7_facade('$v7') = uuid_v7_facade('$v7', '\\x$key2')"),
	't', 'without preload, a key set in the session works');

# session_preload_libraries is not enough: a role or database setting can
# scope it, and a session elsewhere would show the placeholder
$plain->safe_psql('postgres', "ALTER DATABASE postgres SET session_preload_libraries = 'uuid_seq'");
($rc, $out, $err) = $plain->psql('postgres', "SELECT uuid_v7_facade('$v7')",
	extra_params => [ '-U', 'app' ]);
like($err, qr/uuid_seq is not preloaded/,
	'with session_preload_libraries only, a configured key is still refused');
like(slurp_file($plain->logfile),
	qr/LOG:  uuid_seq\.facade_key is set in the server's configuration, but uuid_seq is not preloaded/,
	'a session that loads uuid_seq logs the refusal');

# why: a session that has not loaded uuid_seq keeps the configured value as
# a placeholder, which every role reads (PostgreSQL's own behaviour, which
# docs/facade.md describes)
$plain->safe_psql('postgres', 'ALTER DATABASE postgres RESET session_preload_libraries');
is($plain->safe_psql('postgres', 'SHOW uuid_seq.facade_key', extra_params => [ '-U', 'app' ]),
	$key, 'without preload, the placeholder shows a configured key to an ordinary role');

# the key file instead: an ordinary role's fresh session shows the path only
my $key6 = random_hex(16);
write_key_file($plain, 'facade.key', "$key6\n", 0600);
set_key_conf($plain, "uuid_seq.facade_key_file = 'facade.key'");
ok($plain->poll_query_until('postgres', uses_key($key6)), 'without preload, the key file\'s key is used');
is($plain->safe_psql('postgres', uses_key($key6), extra_params => [ '-U', 'app' ]),
	't', 'without preload, an ordinary role granted the functions uses it');
is( $plain->safe_psql('postgres', 'SHOW uuid_seq.facade_key_file', extra_params => [ '-U', 'app' ]),
	'facade.key', 'without preload, a fresh session shows an ordinary role the path alone');
is($plain->safe_psql('postgres', 'SHOW uuid_seq.facade_key', extra_params => [ '-U', 'app' ]),
	'', 'and the placeholder of a key removed from the configuration is empty');
my $key7 = random_hex(16);
write_key_file($plain, 'facade.key', "$key7\n", 0600);
$plain->reload;
ok($plain->poll_query_until('postgres', uses_key($key7)), 'without preload, a new key in the file is used');
write_key_file($plain, 'facade.key', "$key7\n", 0644);
like(keyless_err($plain), qr/ERROR:  facade key file "facade\.key" has group or world access/,
	'without preload, a key file others may read is refused');

$log = slurp_file($plain->logfile);
@in_log = grep { index(lc $log, lc $_) >= 0 } $key, $key6, $key7;
is(scalar(@in_log), 0, 'without preload, the server log carries no key')
  or diag("found in the log: @in_log");
$plain->stop;

done_testing();
