# Writing the frontier file (src/README §12) when the data directory holds
# surprises or refuses the write:
# - a symlink at uuid_seq.frontiers.tmp, pointing to a file outside the data
#   directory, is removed, never followed: at a lease write and at clean
#   shutdown its target is untouched and the frontier file installed is a
#   regular file the next start restores from;
# - a leftover .tmp the server may not write does not block the write;
# - a lease write that fails (data directory read-only) raises an ERROR with
#   a file-access SQLSTATE, leaves the frontier file byte for byte as it was
#   and no .tmp behind; once the directory is writable again generation
#   resumes above every value handed out;
# - a lease write that fails at the rename (a directory in the file's place)
#   leaves no .tmp behind either.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('frontier_file');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

my $pgdata = $node->data_dir;
my $file = "$pgdata/uuid_seq.frontiers";
my $tmp = "$file.tmp";
my $target = $node->basedir . '/outside';    # next to the data directory

# A file's bytes, or undef if there is none.
sub bytes_of
{
	my ($path) = @_;
	open my $fh, '<', $path or return undef;
	binmode $fh;
	local $/;
	my $bytes = <$fh>;
	close $fh;
	return $bytes;
}

# A file outside the data directory, and a symlink to it at the .tmp name.
sub plant_symlink
{
	open my $fh, '>', $target or die "open $target: $!";
	print $fh "not a frontier file\n";
	close $fh;
	unlink $tmp;
	symlink $target, $tmp or die "symlink $tmp: $!";
}

# Whether the frontier file is a regular file and no .tmp is left.
sub file_in_place
{
	return (-f $file && !-l $file && !-e $tmp && !-l $tmp) ? 't' : 'f';
}

# Force a lease write: a value with the clock further ahead each time is
# always at or above the lease.  Returns (psql's exit code, value, stderr);
# $last is the last value handed out.
my $hours_ahead = 0;
my $last;
sub lease_write
{
	$hours_ahead++;
	my ($ret, $out, $err) = $node->psql(
		'postgres', "SET uuid_seq.clock_shift = '$hours_ahead hours';
		SELECT uuid_generate_v7()",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	$last = $out if $ret == 0;
	return ($ret, $out, $err);
}

# Whether 1000 fresh values (at the real clock) all lie above $last.
sub all_above_last
{
	my $above = $node->safe_psql('postgres', qq{
		SELECT bool_and(u > '$last'), (array_agg(u ORDER BY u DESC))[1]
		FROM (SELECT uuid_generate_v7() u FROM generate_series(1, 1000)) s});
	($above, $last) = split /\|/, $above;
	return $above;
}

# Where the v7 frontier, the one family generating here, was restored from
# (a family that made no value starts from the clock).
sub origin
{
	return $node->safe_psql('postgres',
		q{SELECT restored_from FROM uuid_seq_state() WHERE family = 'v7'});
}

# A symlink at the .tmp name, at a lease write.
plant_symlink();
my ($ret, $out, $err) = lease_write();
is($ret, 0, 'symlinked .tmp, lease write: the value is handed out') or diag($err);
is(bytes_of($target), "not a frontier file\n", 'symlinked .tmp, lease write: target untouched');
is(file_in_place(), 't', 'symlinked .tmp, lease write: the frontier file is a regular file');

# The same at clean shutdown; the next start restores from the file.
plant_symlink();
$node->stop;
is(bytes_of($target), "not a frontier file\n", 'symlinked .tmp, shutdown: target untouched');
is(file_in_place(), 't', 'symlinked .tmp, shutdown: the frontier file is a regular file');
$node->start;
is(origin(), 'file', 'the frontier file written at shutdown is restored');
is(all_above_last(), 't', 'values stay above the last one handed out');

# A leftover .tmp without write permission is replaced, not reused.
open my $fh, '>', $tmp or die "open $tmp: $!";
print $fh "leftover\n";
close $fh;
chmod 0400, $tmp or die "chmod $tmp: $!";
($ret, $out, $err) = lease_write();
is($ret, 0, 'read-only leftover .tmp: the lease write succeeds') or diag($err);
is(file_in_place(), 't', 'read-only leftover .tmp: replaced by the frontier file');

# A read-only data directory: the lease write fails, nothing changes.  (The
# running server only needs to create files in the directory root for this
# file; the test restores the mode right after.)
my $before = bytes_of($file);
my $mode = (stat $pgdata)[2] & 07777;
unlink $tmp;    # what the section above may have left
chmod 0500, $pgdata or die "chmod $pgdata: $!";
($ret, $out, $err) = lease_write();
chmod $mode, $pgdata or die "chmod $pgdata: $!";
isnt($ret, 0, 'read-only data directory: the lease write fails');
like($err, qr/ERROR:  42501: .*uuid_seq frontier file/,
	'read-only data directory: ERROR with a file-access SQLSTATE');
is($out, '', 'read-only data directory: no value handed out');
ok(bytes_of($file) eq $before, 'read-only data directory: the frontier file is byte-identical');
ok(!-e $tmp && !-l $tmp, 'read-only data directory: no .tmp left');

# Writable again: generation resumes, above everything handed out.
is(all_above_last(), 't', 'writable again: values stay above the last one handed out');
($ret, $out, $err) = lease_write();
is($ret, 0, 'writable again: a lease write succeeds') or diag($err);
ok(bytes_of($file) ne $before, 'writable again: the frontier file is rewritten');
is(all_above_last(), 't', 'writable again: values stay above the last one handed out');

# A directory in the frontier file's place: the rename fails after the .tmp
# was written, and the .tmp is removed.
$node->stop;
unlink $file or die "unlink $file: $!";
mkdir $file or die "mkdir $file: $!";
$node->start;
($ret, $out, $err) = lease_write();
isnt($ret, 0, 'a directory in the way: the lease write fails');
like($err, qr/ERROR:  [0-9A-Z]{5}: .*uuid_seq\.frontiers/,
	'a directory in the way: the ERROR names the file');
ok(!-e $tmp && !-l $tmp, 'a directory in the way: no .tmp left');
rmdir $file or die "rmdir $file: $!";
($ret, $out, $err) = lease_write();
is($ret, 0, 'directory gone: the lease write succeeds') or diag($err);
is(file_in_place(), 't', 'directory gone: the frontier file is a regular file');

$node->stop;
done_testing();
