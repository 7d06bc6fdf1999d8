#!/usr/bin/perl
# frozen-check.pl [--self-test] [TOP]: fails when a released install or
# update script has changed.  No server, no build, no root: tools/run-all.sh
# runs it before anything is built, beside versions-check.pl.
#
# A released version's scripts are frozen (CONTRIBUTING.md, "Reference rows
# and upgrade scripts"): test/package/frozen-scripts.sha256 holds the
# SHA-256 of each, as sha256sum writes it.  It fails when
#   * a listed script is missing or its contents changed;
#   * a script of sql/ that belongs to a released version is not listed:
#     every uuid_seq--*.sql whose target version (after its last "--") is
#     not the control file's default_version, and that version's too once
#     CHANGELOG.md's top entry is dated (released).  Until then the scripts
#     of the version in development may change.
# A security fix that leaves every object a frozen script creates identical
# (1.2.1 qualified the calls of 1.0's and 1.1's) updates the list in the
# same commit, which says why.
# --self-test plants a change, a missing line and a released version's
# unlisted script in a copy, and fails unless each is caught and the copy
# as it is passes.
use strict;
use warnings;
use Digest::SHA qw(sha256_hex);
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);

my $LIST = 'test/package/frozen-scripts.sha256';

sub slurp {
	my ($path) = @_;
	open my $fh, '<:raw', $path or return undef;
	local $/;
	return scalar <$fh>;
}

# the problems found in TOP, one line each
sub problems {
	my ($top) = @_;
	my @found;
	my $control = slurp("$top/uuid_seq.control") // return ("uuid_seq.control: cannot read it");
	my ($default) = $control =~ /^default_version = '([^']+)'/m
	  or return ("uuid_seq.control: no default_version");
	my $changelog = slurp("$top/CHANGELOG.md") // return ("CHANGELOG.md: cannot read it");
	my ($heading) = $changelog =~ /^## (\S+ \([^)]*\))/m
	  or return ("CHANGELOG.md: no version heading");
	my $released = $heading =~ /\(\d{4}-\d\d-\d\d\)$/;

	my %listed;
	my $list = slurp("$top/$LIST") // return ("$LIST: cannot read it");
	for my $line (split /\n/, $list) {
		next if $line =~ /^\s*(#|$)/;
		my ($sum, $file) = $line =~ /^([0-9a-f]{64})  (sql\/\S+)$/
		  or do { push @found, "$LIST: not a sha256sum line: $line"; next };
		$listed{$file} = 1;
		my $text = slurp("$top/$file");
		if (!defined $text) {
			push @found, "$file: frozen, but missing";
		} elsif (sha256_hex($text) ne $sum) {
			push @found, "$file: frozen since its release, but changed";
		}
	}
	opendir my $dir, "$top/sql" or return (@found, "sql/: cannot read it");
	for my $name (sort grep { /^uuid_seq--.*\.sql$/ } readdir $dir) {
		my ($target) = $name =~ /--([^-]+(?:-[^-]+)*)\.sql$/;
		$target = (split /--/, $target)[-1];
		next if $target eq $default && !$released;
		push @found, "sql/$name: a script of released $target, not in $LIST"
		  unless $listed{"sql/$name"};
	}
	return @found;
}

sub self_test {
	my ($top) = @_;
	my $wrong = 0;
	my $planted = 0;
	my $copy = sub {
		my $dir = tempdir(CLEANUP => 1);
		make_path("$dir/sql", "$dir/test/package");
		copy("$top/$_", "$dir/$_") or die "copy $_: $!"
		  for ('uuid_seq.control', 'CHANGELOG.md', $LIST);
		opendir my $sql, "$top/sql" or die "sql/: $!";
		copy("$top/sql/$_", "$dir/sql/$_") or die "copy $_: $!"
		  for grep { /\.sql$/ } readdir $sql;
		return $dir;
	};
	my $plant = sub {
		my ($what, $change) = @_;
		my $dir = $copy->();
		$change->($dir);
		$planted++;
		if (!problems($dir)) {
			print "frozen-check --self-test: not caught: $what\n";
			$wrong++;
		}
	};
	my $as_is = $copy->();
	if (my @p = problems($as_is)) {
		print "frozen-check --self-test: the copy as it is fails: $p[0]\n";
		$wrong++;
	}
	$plant->('a frozen script changed', sub {
		open my $fh, '>>', "$_[0]/sql/uuid_seq--1.0.sql" or die $!;
		print $fh "-- changed\n";
	});
	$plant->('a frozen script removed', sub { unlink "$_[0]/sql/uuid_seq--1.1--1.2.sql" or die $! });
	$plant->('a released script not listed', sub {
		my $path = "$_[0]/$LIST";
		my $text = slurp($path);
		$text =~ s/^.*uuid_seq--1\.0--1\.1\.sql\n//m or die "no 1.0--1.1 line";
		open my $fh, '>', $path or die $!;
		print $fh $text;
	});
	$plant->('a script of a released older version added', sub {
		open my $fh, '>', "$_[0]/sql/uuid_seq--1.1--1.1.1.sql" or die $!;
		print $fh "-- new\n";
	});
	print "frozen-check --self-test: $planted planted changes, $wrong wrong\n";
	return $wrong == 0;
}

my $self_test = @ARGV && $ARGV[0] eq '--self-test' ? shift @ARGV : undef;
my $top = shift(@ARGV) // ($0 =~ m{^(.*)/test/package/[^/]+$} ? $1 : '.');
if ($self_test) {
	exit(self_test($top) ? 0 : 1);
}
my @p = problems($top);
print "frozen-check: $_\n" for @p;
my $n = () = slurp("$top/$LIST") =~ /^[0-9a-f]{64}  /mg;
printf "frozen-check: %d frozen scripts; %d problem(s)\n", $n, scalar @p;
exit(@p ? 1 : 0);
