#!/usr/bin/perl
# pgxn-meta.pl DISTDIR ZIPNAME: validates the META.json of an unpacked PGXN
# distribution (test/package/pgxn-check.sh unpacks `make dist`'s zip) against
# the PGXN Meta Spec 1.0.0 (https://pgxn.org/spec/), then against the rest of
# the distribution:
#   * the zip is <name>-<version>.zip;
#   * every extension's "file" and "docfile" are in the distribution, and
#     every *.control at its top is a key of "provides";
#   * provides.<ext>.version is the control file's default_version as semver
#     (1.2 -> 1.2.0), and the distribution's version has the same major.minor;
#   * the version has a CHANGELOG.md heading: a released one ("## X.Y.Z
#     (date)") is the latest released and "stable"; an unreleased one
#     ("## X.Y.Z (unreleased)", the development branch) is "testing" or
#     "unstable", so PGXN never offers it over a stable release;
#   * prereqs.runtime.requires.PostgreSQL is at least the oldest major of the
#     version matrix (test/matrix/lib.sh), 13: ">= 13.0.0";
#   * the sources are in (Makefile, control file, the install script and
#     upgrade scripts up to default_version, every OBJS source) and no build
#     product is (*.o, *.so, *.bc, a zip, results/, tmp_check/).
# Prints one line per failure and exits 1 on any.
use strict;
use warnings;
use JSON::PP;
use File::Find;

my ($dist, $zipname) = @ARGV;
die "usage: $0 DISTDIR ZIPNAME\n" unless defined $zipname && -d $dist;

my @errors;
sub fail { push @errors, join('', @_) }

my $SEMVER = qr/(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)
	(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?/x;
my $OP = qr/(?:[=!]=|[<>]=?)/;
my $RANGE_ITEM = qr/(?:$OP\s*)?$SEMVER/;
my @LICENSES = qw(agpl_3 apache_1_1 apache_2_0 artistic_1 artistic_2 bsd freebsd
	gfdl_1_2 gfdl_1_3 gpl_1 gpl_2 gpl_3 lgpl_2_1 lgpl_3_0 mit mozilla_1_0
	mozilla_1_1 openssl perl_5 postgresql qpl_1_0 ssleay sun zlib open_source
	restricted unrestricted unknown);

sub slurp {
	my ($path) = @_;
	open my $fh, '<:raw', $path or return undef;
	local $/;
	return scalar <$fh>;
}

sub is_str  { defined $_[0] && !ref $_[0] && !JSON::PP::is_bool($_[0]) }
sub is_hash { ref $_[0] eq 'HASH' }
sub is_arr  { ref $_[0] eq 'ARRAY' }
sub custom  { $_[0] =~ /^[xX]_./ }

sub nonempty_string {
	my ($v, $what) = @_;
	return 1 if is_str($v) && length $v;
	fail("$what: must be a non-empty string");
	return 0;
}

# A Term: two characters or more, no slash, backslash, space or control character.
sub term {
	my ($v, $what) = @_;
	return 1 if is_str($v) && $v =~ /^[^\/\\\s[:cntrl:]]{2,}$/;
	fail("$what: \"", $v // 'null', "\" is not a Term (2+ characters, no / \\ space or control)");
	return 0;
}

sub semver {
	my ($v, $what) = @_;
	return 1 if is_str($v) && $v =~ /^$SEMVER$/;
	fail("$what: \"", $v // 'null', "\" is not a semantic version (X.Y.Z)");
	return 0;
}

sub uri {
	my ($v, $what) = @_;
	return 1 if is_str($v) && $v =~ /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
	fail("$what: \"", $v // 'null', "\" is not a URI");
	return 0;
}

# A Path: relative, with Unix separators.
sub path {
	my ($v, $what) = @_;
	return 1 if is_str($v) && length $v >= 2 && $v !~ m{^/} && $v !~ /\\/
		&& $v !~ m{(?:^|/)\.\.(?:/|$)};
	fail("$what: \"", $v // 'null', "\" is not a relative Unix path");
	return 0;
}

# keys of $h outside @known and not x_*
sub only_keys {
	my ($h, $what, @known) = @_;
	my %k = map { $_ => 1 } @known;
	for (sort keys %$h) {
		fail("$what: unknown key \"$_\" (custom keys start with x_)")
			unless $k{$_} || custom($_);
	}
}

my $meta_text = slurp("$dist/META.json");
defined $meta_text or do { print "pgxn-check: FAIL: no META.json in the distribution\n"; exit 1 };
my $meta = eval { JSON::PP->new->utf8->decode($meta_text) };
unless (is_hash($meta)) {
	my $why = $@ || "not a JSON object\n";
	print "pgxn-check: FAIL: META.json: $why";
	exit 1;
}

# --- the spec ---------------------------------------------------------------

for my $k (qw(name version abstract maintainer license provides meta-spec)) {
	fail("META.json: required key \"$k\" missing") unless exists $meta->{$k};
}
only_keys($meta, 'META.json', qw(name version abstract maintainer license provides
	meta-spec description generated_by tags no_index prereqs release_status resources));

term($meta->{name}, 'name') if exists $meta->{name};
semver($meta->{version}, 'version') if exists $meta->{version};
nonempty_string($meta->{abstract}, 'abstract') if exists $meta->{abstract};
nonempty_string($meta->{description}, 'description') if exists $meta->{description};
nonempty_string($meta->{generated_by}, 'generated_by') if exists $meta->{generated_by};

if (exists $meta->{maintainer}) {
	my $m = $meta->{maintainer};
	unless ((is_str($m) && length $m)
		|| (is_arr($m) && @$m && !grep { !(is_str($_) && length $_) } @$m)) {
		fail('maintainer: must be a non-empty string or a non-empty array of them');
	}
}

if (exists $meta->{license}) {
	my $l = $meta->{license};
	my %ok = map { $_ => 1 } @LICENSES;
	if (is_str($l)) {
		fail("license: \"$l\" is not one of the spec's license names") unless $ok{$l};
	} elsif (is_arr($l)) {
		fail('license: empty array') unless @$l;
		for (@$l) {
			fail('license: "', $_ // 'null', '" is not one of the spec\'s license names')
				unless is_str($_) && $ok{$_};
		}
	} elsif (is_hash($l)) {
		fail('license: empty object') unless %$l;
		uri($l->{$_}, "license.$_") for sort keys %$l;
	} else {
		fail('license: must be a license name, an array of them or an object of URIs');
	}
}

if (exists $meta->{'meta-spec'}) {
	my $ms = $meta->{'meta-spec'};
	if (!is_hash($ms)) {
		fail('meta-spec: must be an object');
	} else {
		only_keys($ms, 'meta-spec', qw(version url));
		fail('meta-spec.version: must be "1.0.0"')
			unless is_str($ms->{version}) && $ms->{version} eq '1.0.0';
		fail('meta-spec.url: must be "https://pgxn.org/meta/spec.txt"')
			unless is_str($ms->{url}) && $ms->{url} =~ m{^https?://pgxn\.org/meta/spec\.txt$};
	}
}

if (exists $meta->{provides}) {
	my $p = $meta->{provides};
	if (!is_hash($p) || !%$p) {
		fail('provides: must be a non-empty object');
	} else {
		for my $ext (sort keys %$p) {
			term($ext, "provides key");
			my $e = $p->{$ext};
			if (!is_hash($e)) {
				fail("provides.$ext: must be an object");
				next;
			}
			only_keys($e, "provides.$ext", qw(file version abstract docfile docpath));
			fail("provides.$ext: required key \"$_\" missing")
				for grep { !exists $e->{$_} } qw(file version);
			semver($e->{version}, "provides.$ext.version") if exists $e->{version};
			nonempty_string($e->{abstract}, "provides.$ext.abstract") if exists $e->{abstract};
			for my $f (qw(file docfile)) {
				next unless exists $e->{$f};
				next unless path($e->{$f}, "provides.$ext.$f");
				fail("provides.$ext.$f: \"$e->{$f}\" is not in the distribution")
					unless -f "$dist/$e->{$f}";
			}
		}
	}
}

my %pg_requires;    # prereqs.runtime.requires, checked below
if (exists $meta->{prereqs}) {
	my $pr = $meta->{prereqs};
	if (!is_hash($pr) || !%$pr) {
		fail('prereqs: must be a non-empty object');
	} else {
		only_keys($pr, 'prereqs', qw(configure build test runtime develop));
		for my $phase (grep { !custom($_) } sort keys %$pr) {
			my $ph = $pr->{$phase};
			if (!is_hash($ph) || !%$ph) {
				fail("prereqs.$phase: must be a non-empty object");
				next;
			}
			only_keys($ph, "prereqs.$phase", qw(requires recommends suggests conflicts));
			for my $rel (grep { !custom($_) } sort keys %$ph) {
				my $r = $ph->{$rel};
				if (!is_hash($r) || !%$r) {
					fail("prereqs.$phase.$rel: must be a non-empty object");
					next;
				}
				for my $name (sort keys %$r) {
					term($name, "prereqs.$phase.$rel key");
					my $v = $r->{$name};
					my $ok = defined $v && !ref $v
						&& ($v =~ /^0$/ || $v =~ /^$RANGE_ITEM(?:\s*,\s*$RANGE_ITEM)*$/);
					fail("prereqs.$phase.$rel.$name: \"", $v // 'null',
						'" is not a version range (0, "1.2.0", ">= 1.2.0, < 2.0.0")') unless $ok;
					$pg_requires{$name} = $v if $ok && $phase eq 'runtime' && $rel eq 'requires';
				}
			}
		}
	}
}

if (exists $meta->{resources}) {
	my $r = $meta->{resources};
	if (!is_hash($r) || !%$r) {
		fail('resources: must be a non-empty object');
	} else {
		only_keys($r, 'resources', qw(homepage bugtracker repository));
		uri($r->{homepage}, 'resources.homepage') if exists $r->{homepage};
		if (exists $r->{bugtracker}) {
			my $b = $r->{bugtracker};
			if (!is_hash($b) || !(exists $b->{web} || exists $b->{mailto})) {
				fail('resources.bugtracker: must be an object with "web" or "mailto"');
			} else {
				only_keys($b, 'resources.bugtracker', qw(web mailto));
				uri($b->{web}, 'resources.bugtracker.web') if exists $b->{web};
				fail('resources.bugtracker.mailto: not an email address')
					if exists $b->{mailto} && !(is_str($b->{mailto}) && $b->{mailto} =~ /^[^@\s]+@[^@\s]+$/);
			}
		}
		if (exists $r->{repository}) {
			my $g = $r->{repository};
			if (!is_hash($g) || !(exists $g->{web} || (exists $g->{url} && exists $g->{type}))) {
				fail('resources.repository: must be an object with "web", or "url" and "type"');
			} else {
				only_keys($g, 'resources.repository', qw(url web type));
				uri($g->{$_}, "resources.repository.$_") for grep { exists $g->{$_} } qw(url web);
				fail('resources.repository.type: must be a lowercase word (git)')
					if exists $g->{type} && !(is_str($g->{type}) && $g->{type} =~ /^[a-z]+$/);
			}
		}
	}
}

if (exists $meta->{tags}) {
	my $t = $meta->{tags};
	if (!is_arr($t) || !@$t) {
		fail('tags: must be a non-empty array');
	} else {
		for (@$t) {
			fail('tags: "', $_ // 'null', '" is not a tag (2 to 255 characters, no / \\ or control)')
				unless is_str($_) && /^[^\/\\[:cntrl:]]{2,255}$/;
		}
	}
}

if (exists $meta->{no_index}) {
	my $n = $meta->{no_index};
	if (!is_hash($n) || !(exists $n->{file} || exists $n->{directory})) {
		fail('no_index: must be an object with "file" or "directory"');
	} else {
		only_keys($n, 'no_index', qw(file directory));
		for my $k (grep { exists $n->{$_} } qw(file directory)) {
			my $v = $n->{$k};
			my @items = is_arr($v) ? @$v : ($v);
			fail("no_index.$k: empty array") unless @items;
			my %seen;
			for (@items) {
				path($_, "no_index.$k");
				fail("no_index.$k: \"$_\" listed twice") if is_str($_) && $seen{$_}++;
			}
		}
	}
}

my $status = $meta->{release_status} // 'stable';
fail('release_status: "', $status, '" is not stable, testing or unstable')
	if exists $meta->{release_status}
	&& !(is_str($status) && $status =~ /^(?:stable|testing|unstable)$/);

# --- the distribution against META.json ---------------------------------------

my $name = is_str($meta->{name}) ? $meta->{name} : '';
my $version = is_str($meta->{version}) ? $meta->{version} : '';
fail("zip: named $zipname, META.json says $name-$version.zip")
	unless $zipname eq "$name-$version.zip";

my @controls = map { s{^.*/}{}r } glob("$dist/*.control");
fail('distribution: no *.control file at its top') unless @controls;
my $provides = is_hash($meta->{provides}) ? $meta->{provides} : {};
my $main_default;
for my $control (@controls) {
	(my $ext = $control) =~ s/\.control$//;
	my ($default) = (slurp("$dist/$control") // '') =~ /^\s*default_version\s*=\s*'([^']*)'/m;
	if (!defined $default) {
		fail("$control: no default_version");
		next;
	}
	$main_default = $default if $ext eq $name;
	my $e = $provides->{$ext};
	if (!is_hash($e)) {
		fail("provides: no \"$ext\" (the extension of $control)");
		next;
	}
	my $want = $default =~ /^\d+\.\d+$/ ? "$default.0" : $default;
	fail("provides.$ext.version: \"", $e->{version} // 'null',
		"\", but $control says default_version = '$default' (\"$want\")")
		unless is_str($e->{version}) && $e->{version} eq $want;

	# CREATE EXTENSION reaches default_version: an install script, then upgrades
	my (%full, %edge);
	for (glob("$dist/sql/$ext--*.sql")) {
		if (m{/\Q$ext\E--(.+?)--(.+)\.sql$}) {
			push @{$edge{$1}}, $2;
		} elsif (m{/\Q$ext\E--(.+)\.sql$}) {
			$full{$1} = 1;
		}
	}
	my %reach = %full;
	my @todo = keys %full;
	while (defined(my $v = shift @todo)) {
		for (@{$edge{$v} // []}) { push @todo, $_ unless $reach{$_}++ }
	}
	fail("sql/: no install script, nor upgrade scripts, reaching $ext $default")
		unless $reach{$default};
}
fail("distribution: no $name.control (the extension named like the distribution)")
	unless defined $main_default;
if (defined $main_default && $version =~ /^(\d+)\.(\d+)\./) {
	fail("version: $version, but $name.control's default_version is $main_default: "
		. "the distribution's major.minor must be the extension's")
		unless "$1.$2" eq $main_default;
}

# CHANGELOG.md: "## X.Y.Z (unreleased)" or "## X.Y.Z (YYYY-MM-DD)", newest first
my @headings = (slurp("$dist/CHANGELOG.md") // '') =~ /^##\s+($SEMVER)\s+\(([^)]*)\)/mg;
my (%released, $latest_released, %heading);
while (my ($v, $when) = splice @headings, 0, 2) {
	$heading{$v} = $when;
	next if $when =~ /unreleased/i;
	$released{$v} = 1;
	$latest_released //= $v;
}
if (!%heading) {
	fail('CHANGELOG.md: no "## X.Y.Z (date)" heading');
} elsif (!exists $heading{$version}) {
	fail("CHANGELOG.md: no heading for version $version");
} elsif ($released{$version}) {
	fail("release_status: \"$status\", but CHANGELOG.md dates $version: a release is \"stable\"")
		unless $status eq 'stable';
	fail("version: $version, but the latest release in CHANGELOG.md is $latest_released")
		unless $version eq $latest_released;
} else {
	fail("release_status: \"stable\", but CHANGELOG.md has $version unreleased "
		. '(date its heading when releasing; until then "testing" or "unstable")')
		if $status eq 'stable';
}

# PostgreSQL: at least the oldest major the version matrix tests
my ($oldest) = (slurp("$dist/test/matrix/lib.sh") // '') =~ /^matrix_all_majors=\((\d+)/m;
$oldest //= 13;
my $pg = $pg_requires{PostgreSQL};
if (!defined $pg) {
	fail('prereqs.runtime.requires.PostgreSQL: missing');
} else {
	my @min = map { /^(?:>=\s*)?(\d+)\.(\d+)\.(\d+)$/ ? "$1.$2.$3" : () }
		split /\s*,\s*/, $pg;
	fail("prereqs.runtime.requires.PostgreSQL: \"$pg\", expected \">= $oldest.0.0\" "
		. '(the oldest major of test/matrix/lib.sh)')
		unless @min == 1 && $min[0] eq "$oldest.0.0";
}

# contents: sources in, build products out
for (qw(META.json Makefile CHANGELOG.md LICENSE README.md)) {
	fail("distribution: no $_") unless -f "$dist/$_";
}
my $makefile = slurp("$dist/Makefile") // '';
my ($objs) = $makefile =~ /^OBJS\s*=((?:.*\\\n)*.*)$/m;
my @srcs = map { s/\.o$/.c/r } ($objs // '') =~ /(\S+\.o)\b/g;
fail('Makefile: no OBJS') unless @srcs;
-f "$dist/$_" or fail("distribution: no $_ (in the Makefile's OBJS)") for @srcs;
my @files;
find({ no_chdir => 1, wanted => sub {
	push @files, substr($File::Find::name, length($dist) + 1) if $File::Find::name ne $dist;
} }, $dist);
for (@files) {
	fail("distribution: build product $_")
		if m{\.(?:o|so|bc|a|zip|deb)$} || m{(?:^|/)(?:results|tmp_check|output_iso|log)(?:/|$)}
		|| m{^regression\.(?:diffs|out)$};
}

if (@errors) {
	print "pgxn-check: FAIL: $_\n" for @errors;
	exit 1;
}
my $nfiles = grep { -f "$dist/$_" } @files;
printf "pgxn-check: %s: META.json valid (PGXN Meta Spec 1.0.0), %s %s %s, "
	. "provides %s, PostgreSQL %s, %d files\n",
	$zipname, $name, $version, $status,
	join(', ', map { "$_ $provides->{$_}{version} ($provides->{$_}{file})" } sort keys %$provides),
	$pg, $nfiles;
exit 0;
