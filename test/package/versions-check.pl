#!/usr/bin/perl
# versions-check.pl [--self-test] [TOP]: fails unless the files that name
# uuid_seq's version agree with each other.  No server, no build, no root:
# tools/run-all.sh runs it before anything else is built.
#
# Read, in TOP (the checkout by default):
#   uuid_seq.control   default_version, the catalog version (1.3)
#   CHANGELOG.md       its top "## X.Y.Z (YYYY-MM-DD)" or "## X.Y.Z (unreleased)"
#   debian/changelog   its top entry's version, distribution and date
#   META.json          version, release_status, provides.uuid_seq.version
#   SECURITY.md        the table of supported versions
# It fails when
#   * CHANGELOG's top version is not default_version's (X.Y of X.Y.Z);
#   * META.json's version is not CHANGELOG's top version, or its
#     provides.uuid_seq.version not default_version as X.Y.0;
#   * debian/changelog's top version (its upstream part, before a "-N"
#     revision) is not CHANGELOG's top version;
#   * they disagree on whether it is released: a dated CHANGELOG heading
#     goes with "release_status": "stable" and a debian/changelog entry of
#     a real distribution dated the same day; "(unreleased)" with "testing"
#     or "unstable" and the distribution UNRELEASED;
#   * SECURITY.md has no row for X.Y.x that says whether it gets fixes, or
#     (released) still calls it in development.
# --self-test plants one mismatch at a time in a copy of the files and
# fails unless each is caught and the copy as it is passes.
use strict;
use warnings;
use JSON::PP;
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);

my $top = $0 =~ m{^(.*)/test/package/[^/]+$} ? $1 : '.';
my @FILES = qw(uuid_seq.control CHANGELOG.md debian/changelog META.json SECURITY.md);

sub slurp {
	my ($path) = @_;
	open my $fh, '<:encoding(UTF-8)', $path or return undef;
	local $/;
	return scalar <$fh>;
}

# check(TOP): the list of failures, and a summary line
sub check {
	my ($dir) = @_;
	my @errors;
	my %text;
	for (@FILES) {
		$text{$_} = slurp("$dir/$_");
		push @errors, "$_: cannot read it" unless defined $text{$_};
	}
	return (\@errors, '') if @errors;

	my ($default) = $text{'uuid_seq.control'} =~ /^\s*default_version\s*=\s*'([^']*)'/m;
	push @errors, "uuid_seq.control: no default_version" unless defined $default;

	my ($cl_version, $cl_when) = $text{'CHANGELOG.md'} =~ /^##\s+(\d+\.\d+\.\d+)\s+\(([^)]*)\)/m;
	push @errors, 'CHANGELOG.md: no "## X.Y.Z (date)" heading' unless defined $cl_version;

	my ($deb_version, $deb_dist) = $text{'debian/changelog'} =~ /\A\S+ \(([^)]+)\) (\S+?);/;
	my ($deb_date) = $text{'debian/changelog'} =~ /^ -- .+?>  (\w{3}, \d\d? \w{3} \d{4} [\d:]+ [+-]\d{4})$/m;
	push @errors, 'debian/changelog: its first line is not "package (version) distribution; urgency=..."'
		unless defined $deb_version;
	push @errors, 'debian/changelog: its top entry has no " -- name <mail>  date" line'
		unless defined $deb_date;

	my $meta = eval { JSON::PP->new->decode($text{'META.json'}) };
	push @errors, "META.json: not JSON: $@" unless ref $meta eq 'HASH';
	return (\@errors, '') if @errors;

	my $released = $cl_when !~ /unreleased/i;
	my ($xy) = $cl_version =~ /^(\d+\.\d+)\./;
	push @errors, "CHANGELOG.md: the top version is $cl_version, but uuid_seq.control's "
		. "default_version is $default (expected $default.Z)"
		unless $xy eq $default;
	if ($released && $cl_when !~ /^\d{4}-\d\d-\d\d$/) {
		push @errors, "CHANGELOG.md: \"## $cl_version ($cl_when)\": a date is YYYY-MM-DD, or \"unreleased\"";
	}

	my $meta_version = $meta->{version} // 'null';
	my $provides = ref $meta->{provides} eq 'HASH' && ref $meta->{provides}{uuid_seq} eq 'HASH'
		? $meta->{provides}{uuid_seq}{version} // 'null' : 'null';
	my $status = $meta->{release_status} // 'stable';
	push @errors, "META.json: version $meta_version, but CHANGELOG.md's top version is $cl_version"
		unless $meta_version eq $cl_version;
	push @errors, "META.json: provides.uuid_seq.version $provides, but uuid_seq.control's "
		. "default_version is $default (expected $default.0)"
		unless $provides eq "$default.0";

	(my $deb_upstream = $deb_version) =~ s/-[^-]*$//;
	push @errors, "debian/changelog: the top entry is $deb_version, but CHANGELOG.md's top version is $cl_version"
		unless $deb_upstream eq $cl_version;

	if ($released) {
		push @errors, "META.json: release_status \"$status\", but CHANGELOG.md dates $cl_version "
			. '(a release is "stable")'
			unless $status eq 'stable';
		push @errors, "debian/changelog: $deb_version is UNRELEASED, but CHANGELOG.md dates it $cl_when"
			if $deb_dist eq 'UNRELEASED';
		my $iso = iso_date($deb_date);
		push @errors, "debian/changelog: $deb_version is dated $deb_date, but CHANGELOG.md $cl_when"
			unless defined $iso && $iso eq $cl_when;
	} else {
		push @errors, "META.json: release_status \"$status\", but CHANGELOG.md has $cl_version unreleased "
			. '("testing" or "unstable" until it is dated)'
			if $status eq 'stable';
		push @errors, "debian/changelog: $deb_version is for \"$deb_dist\", but CHANGELOG.md has it unreleased "
			. '(UNRELEASED until it is dated)'
			unless $deb_dist eq 'UNRELEASED';
	}

	my ($row) = $text{'SECURITY.md'} =~ /^(\|\s*\Q$xy\E\.x\b[^\n]*)$/m;
	if (!defined $row) {
		push @errors, "SECURITY.md: no row for $xy.x in the supported versions";
	} elsif ($released && $row =~ /development/i) {
		push @errors, "SECURITY.md: $xy.x is released ($cl_when) but its row says \"in development\"";
	}

	return (\@errors, sprintf('control %s, CHANGELOG %s (%s), debian/changelog %s (%s), '
		. 'META.json %s %s provides %s, SECURITY.md %s.x',
		$default, $cl_version, $cl_when, $deb_version, $deb_dist, $meta_version, $status,
		$provides, $xy));
}

# "Sat, 28 Nov 2026 12:00:00 +0000" -> "2026-11-28" (the date as written)
sub iso_date {
	my ($d) = @_;
	my %month = (Jan => 1, Feb => 2, Mar => 3, Apr => 4, May => 5, Jun => 6,
		Jul => 7, Aug => 8, Sep => 9, Oct => 10, Nov => 11, Dec => 12);
	my ($day, $mon, $year) = $d =~ /^\w{3}, (\d\d?) (\w{3}) (\d{4}) / or return undef;
	return undef unless $month{$mon};
	return sprintf('%04d-%02d-%02d', $year, $month{$mon}, $day);
}

if (@ARGV && $ARGV[0] eq '--self-test') {
	# [what is planted, file, a substitution on it, whether only a released
	# version's files are checked for it]
	my @plants = (
		['control one minor ahead', 'uuid_seq.control',
			sub { s/^(default_version = ')(\d+)\.(\d+)'/$1$2.@{[$3 + 1]}'/m }],
		['CHANGELOG a patch release ahead', 'CHANGELOG.md',
			sub { s/^(## \d+\.\d+\.)(\d+)/$1@{[$2 + 1]}/m }],
		['debian/changelog a version behind', 'debian/changelog',
			sub { s/\A(\S+ \(\d+\.\d+\.)(\d+)/$1@{[$2 + 7]}/ }],
		['META.json version', 'META.json',
			sub { s/("version":\s*")(\d+\.\d+\.)(\d+)"/$1$2@{[$3 + 1]}"/ }],
		['META.json provides', 'META.json',
			sub { s/("provides".*?"version":\s*")(\d+)\.(\d+)\.0"/$1$2.@{[$3 + 1]}.0"/s }],
		['META.json release_status flipped', 'META.json',
			sub { s/("release_status":\s*")(stable|testing|unstable)"/$1 . ($2 eq 'stable' ? 'unstable' : 'stable') . '"'/e }],
		['debian/changelog another date', 'debian/changelog',
			sub { s/^( -- .+?>  \w{3}, )(\d\d?)/$1 . ($2 % 28 + 1)/me }, 'released'],
		['debian/changelog distribution flipped', 'debian/changelog',
			sub { s/\A(\S+ \([^)]+\) )(\S+?);/$1 . ($2 eq 'UNRELEASED' ? 'unstable' : 'UNRELEASED') . ';'/e }],
		['SECURITY.md without the row', 'SECURITY.md',
			sub { s/^\|\s*\d+\.\d+\.x\b.*\n//m }],
	);
	my $wrong = 0;
	my $copy = sub {
		my $d = tempdir(CLEANUP => 1);
		make_path("$d/debian");
		copy("$top/$_", "$d/$_") or die "$_: $!\n" for @FILES;
		return $d;
	};
	my ($errors) = check($copy->());
	if (@$errors) {
		print "FAIL self-test: the files as they are fail: $_\n" for @$errors;
		$wrong++;
	}
	my $released = slurp("$top/CHANGELOG.md") !~ /^##\s+\d+\.\d+\.\d+\s+\(unreleased\)/mi;
	my $skipped = 0;
	for my $p (@plants) {
		my ($what, $file, $edit, $only) = @$p;
		if ($only && !$released) {
			print "versions-check --self-test: $what: not planted (only a released version's date is checked)\n";
			$skipped++;
			next;
		}
		my $d = $copy->();
		my $t = slurp("$d/$file");
		my $before = $t;
		{ local $_ = $t; $edit->(); $t = $_; }
		if ($t eq $before) {
			print "FAIL self-test: $what: the plant changed nothing in $file\n";
			$wrong++;
			next;
		}
		open my $fh, '>:encoding(UTF-8)', "$d/$file" or die "$d/$file: $!\n";
		print $fh $t;
		close $fh;
		my ($e) = check($d);
		if (!@$e) {
			print "FAIL self-test: $what: not caught\n";
			$wrong++;
		}
	}
	printf "versions-check --self-test: %d planted mismatches, %d wrong\n", scalar(@plants) - $skipped, $wrong;
	exit($wrong ? 1 : 0);
}

my ($errors, $summary) = check($ARGV[0] // $top);
if (@$errors) {
	print "versions-check: FAIL: $_\n" for @$errors;
	exit 1;
}
print "versions-check: $summary: they agree\n";
exit 0;
