#!/usr/bin/perl
# run.pl: the mutation run (test/mutation/README).  Plants each mutant of
# test/mutation/mutants.txt, one at a time, in a copy of the tree, builds
# it, installs it and runs the tests the mutant names; a mutant is caught
# when one of them fails, and survives when all pass.  Before the first
# mutant the same tests run on the unchanged tree: a test that fails there
# judges nothing, and the run stops.
#
#   perl test/mutation/run.pl [--list | --check] [--no-baseline] [--work DIR]
#                             [--limit SECONDS] [NAME ...]
#
# --list prints the mutants and their tests; --check only plants each one
# (no build, no test, no root) and says which are stale; --no-baseline
# skips the run on the unchanged tree (when a run just showed it passes).
# Run as root (make install; pg_virtualenv; the TAP tests run as postgres
# through runuser), on a machine whose server is this tree's PG_CONFIG.  One
# line per mutant, then the totals.
use strict;
use warnings;
use Cwd qw(abs_path);
use File::Basename qw(dirname);
use File::Path qw(make_path);
use Getopt::Long;

my $top = abs_path(dirname(__FILE__) . '/../..');
my $work = '/tmp/uuid_seq_mutation';
my $limit = 1800;
my $list_only = 0;
my $check_only = 0;
my $no_baseline = 0;
GetOptions('work=s' => \$work, 'limit=i' => \$limit, 'list' => \$list_only,
	'check' => \$check_only, 'no-baseline' => \$no_baseline)
  or die "usage: $0 [--list | --check] [--work DIR] [--limit SECONDS] [NAME ...]\n";

# "\t", "\n" and "\\" in a from: or to: value; the rest is literal.
sub unescape
{
	my ($text) = @_;
	$text =~ s/\\([tn\\])/$1 eq 't' ? "\t" : $1 eq 'n' ? "\n" : "\\"/ge;
	return $text;
}

# The mutants, in the file's order: name, edits [file, from, to], tests,
# the least major they apply to, why.
sub read_mutants
{
	my ($path) = @_;
	my (@mutants, $m, $file);
	open my $fh, '<', $path or die "open $path: $!";
	while (my $line = <$fh>)
	{
		chomp $line;
		next if $line =~ /^\s*(#|$)/;
		my ($key, $value) = $line =~ /^(\w+):\s?(.*)$/
		  or die "$path:$.: not a \"key: value\" line\n";
		if ($key eq 'name')
		{
			$m = { name => $value, edits => [], tests => [], major => 0, why => '' };
			push @mutants, $m;
			next;
		}
		die "$path:$.: $key before any name:\n" unless $m;
		if ($key eq 'file') { $file = $value; }
		elsif ($key eq 'from') { push @{ $m->{edits} }, [ $file, unescape($value), undef ]; }
		elsif ($key eq 'to') { $m->{edits}[-1][2] = unescape($value); }
		elsif ($key eq 'tests') { $m->{tests} = [ split ' ', $value ]; }
		elsif ($key eq 'major') { $m->{major} = $value; }
		elsif ($key eq 'why') { $m->{why} = $value; }
		else { die "$path:$.: unknown key $key\n"; }
	}
	for (@mutants)
	{
		die "mutant $_->{name}: no edit\n" unless @{ $_->{edits} };
		die "mutant $_->{name}: no tests\n" unless @{ $_->{tests} };
		die "mutant $_->{name}: a from: without its to:\n"
		  if grep { !defined $_->[2] } @{ $_->{edits} };
	}
	return @mutants;
}

my @mutants = read_mutants("$top/test/mutation/mutants.txt");
if (@ARGV)
{
	my %want = map { $_ => 1 } @ARGV;
	@mutants = grep { delete $want{ $_->{name} } } @mutants;
	die 'no such mutant: ' . join(', ', sort keys %want) . "\n" if %want;
}
if ($list_only)
{
	printf "%-28s %-40s %s\n", $_->{name}, join(' ', @{ $_->{tests} }),
	  $_->{major} ? "$_->{major}+" : '' for @mutants;
	exit 0;
}

# The text of each edit, counted in the tree itself.
if ($check_only)
{
	my $stale = 0;
	for my $m (@mutants)
	{
		for my $edit (@{ $m->{edits} })
		{
			my ($file, $from) = @$edit;
			open my $in, '<', "$top/$file" or die "open $top/$file: $!";
			my $text = do { local $/; <$in> };
			my $count = () = $text =~ /\Q$from\E/g;
			next if $count == 1;
			print "stale     $m->{name}: its text occurs $count times in $file\n";
			$stale++;
		}
	}
	print scalar(@mutants) . " mutants, $stale stale edits\n";
	exit($stale ? 1 : 0);
}

my $pg_config = $ENV{PG_CONFIG} // 'pg_config';
my ($major) = `$pg_config --version` =~ /PostgreSQL (\d+)/
  or die "$pg_config --version: no major\n";
my $root = $> == 0;
my $tree = "$work/tree";
my $log = "$work/log";
make_path($tree, $log);

# Run a command with its output in $log/$name.log; true when it succeeded.
# The limit only ends a hang (a mutant can make a test loop forever).
sub run_logged
{
	my ($name, @cmd) = @_;
	my $pid = fork // die "fork: $!";
	if ($pid == 0)
	{
		open STDOUT, '>', "$log/$name.log" or die "open: $!";
		open STDERR, '>&', \*STDOUT or die "dup: $!";
		chdir '/' or die "chdir /: $!";
		exec 'timeout', '-k', '30', $limit, @cmd or die "exec: $!";
	}
	waitpid($pid, 0);
	return $? == 0 ? 'ok' : ($? >> 8) == 124 ? 'hung' : 'failed';
}

sub as_postgres { return $root ? ('runuser', '-u', 'postgres', '--', @_) : @_; }

# The copy of the tree as checked out, with the files an earlier mutant
# changed made newer than their objects (rsync restores their mtime).
my @touched;
sub fresh_tree
{
	system('rsync', '-a', '--delete', '--exclude', '.git', '--exclude', 'tmp_check',
		'--exclude', 'results', '--exclude', 'output_iso', "$top/", "$tree/") == 0
	  or die "rsync failed\n";
	utime(undef, undef, map { "$tree/$_" } @touched);
	system('chown', '-R', 'postgres:', $tree) == 0 or die "chown failed\n" if $root;
}

sub plant
{
	my ($m) = @_;
	for my $edit (@{ $m->{edits} })
	{
		my ($file, $from, $to) = @$edit;
		my $path = "$tree/$file";
		open my $in, '<', $path or die "open $path: $!";
		my $text = do { local $/; <$in> };
		close $in;
		my $count = () = $text =~ /\Q$from\E/g;
		return "its text occurs $count times in $file" unless $count == 1;
		$text =~ s/\Q$from\E/$to/;
		open my $out, '>', $path or die "open $path: $!";
		print $out $text;
		close $out;
		push @touched, $file;
	}
	return undef;
}

# One test ("unit", "regress:NAME", "iso:NAME", "tap:NNN_name") on the
# installed build: 'ok', 'failed' or 'hung'.
sub run_test
{
	my ($test, $tag) = @_;
	my $logname = "$tag." . ($test =~ s/\W/_/gr);
	my ($kind, $name) = split /:/, $test, 2;
	if ($kind eq 'unit')
	{
		return run_logged($logname, 'make', '-C', $tree, '-s', 'unit');
	}
	if ($kind eq 'regress' || $kind eq 'iso')
	{
		my @vars = $kind eq 'regress'
		  ? ("REGRESS=setup $name", 'ISOLATION=') : ('REGRESS=', "ISOLATION=$name");
		return run_logged($logname, 'pg_virtualenv', '-v', $major, '-t',
			'-o', 'shared_preload_libraries=uuid_seq',
			'make', '-C', $tree, 'installcheck', @vars, 'TAP_TESTS=');
	}
	if ($kind eq 'tap')
	{
		my ($file) = glob("$tree/test/t/$name*.pl") or die "no TAP test $name\n";
		$file =~ s{^\Q$tree\E/}{};
		return run_logged($logname, as_postgres('env',
				'UUID_SEQ_VENDOR=' . ($ENV{UUID_SEQ_VENDOR} // abs_path("$top/../shared/vendor") // ''),
				'make', '-C', $tree, 'prove', "PROVE_TESTS=$file"));
	}
	die "unknown test $test\n";
}

sub build_and_install
{
	my ($tag, $server) = @_;
	return 0 unless run_logged("$tag.build", 'make', '-C', $tree, '-s', '-j2') eq 'ok';
	return 1 unless $server;
	run_logged("$tag.install", 'make', '-C', $tree, '-s', 'install') eq 'ok'
	  or die "make install failed: $log/$tag.install.log\n";
	return 1;
}

my @runnable = grep { $_->{major} <= $major } @mutants;
my %seen;
my @baseline = grep { !$seen{$_}++ } map { @{ $_->{tests} } } @runnable;
my $server = sub { grep { $_ ne 'unit' } @_ };

fresh_tree();
build_and_install('baseline', scalar $server->(@baseline)) or die "the tree does not build\n";
for my $test ($no_baseline ? () : @baseline)
{
	my $result = run_test($test, 'baseline');
	die "baseline: $test $result on the unchanged tree ($log)\n" unless $result eq 'ok';
}
print $no_baseline ? "baseline: not run (--no-baseline)\n"
  : "baseline: @{[ scalar @baseline ]} tests pass on the unchanged tree\n";

my %count = map { $_ => 0 } qw(caught hung survived skipped stale unbuilt);
for my $m (@mutants)
{
	my ($outcome, $detail);
	if ($m->{major} > $major)
	{
		($outcome, $detail) = ('skipped', "needs PostgreSQL $m->{major}+");
	}
	else
	{
		fresh_tree();
		my $stale = plant($m);
		if ($stale)
		{
			($outcome, $detail) = ('stale', $stale);
		}
		elsif (!build_and_install($m->{name}, scalar $server->(@{ $m->{tests} })))
		{
			($outcome, $detail) = ('unbuilt', "$log/$m->{name}.build.log");
		}
		else
		{
			($outcome, $detail) = ('survived', 'passed: ' . join(' ', @{ $m->{tests} }));
			for my $test (@{ $m->{tests} })
			{
				my $result = run_test($test, $m->{name});
				next if $result eq 'ok';
				($outcome, $detail) = $result eq 'hung'
				  ? ('hung', "$test ran past $limit s") : ('caught', "by $test");
				last;
			}
		}
	}
	$count{$outcome}++;
	printf "%-9s %-28s %s\n", $outcome, $m->{name}, $detail;
}
# leave the unchanged build installed
fresh_tree();
build_and_install('restore', scalar $server->(@baseline)) or die "the tree does not build\n";
print join(', ', map { "$count{$_} $_" } qw(caught hung survived skipped stale unbuilt)), "\n";
exit($count{survived} + $count{hung} + $count{stale} ? 1 : 0);
