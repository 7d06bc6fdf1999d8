# Released versions of uuid_seq for the release tests (test/release/t/):
# a release built from its commit in this checkout's history, and a
# private copy of the PostgreSQL installation into which a test installs
# one version and then another while its server runs, as a package
# upgrade does.
package UuidSeqRelease;
use strict;
use warnings;
use Exporter 'import';
use File::Basename qw(dirname);
use File::Copy qw(copy);
use PostgreSQL::Test::Utils;
use Test::More;
our @EXPORT = qw(release_build private_installation install_uuid_seq installed_build);

# The release commits (a clone of main has them in its history).
my %commits = (
	'1.1.0' => '12cdd0b15270d17685022ccab58986e4d35f8d56',
	'1.2.1' => '8ca2bbd597871a6ce62d109182ea2cdbcdb7c322',
	'1.3.0' => '6775083f432dbe25549b9224d8da9632bd957387',
);
my $top = dirname(__FILE__) . '/../..';

# release_build VERSION: the directory of VERSION's tree, built (its
# uuid_seq.so, uuid_seq.control and sql/), from its commit or, for 1.2.1,
# from the source in UUID_SEQ_RELEASE_SRC.  Built once per run of the
# release tests (tmp_check, which make prove-release empties first).
sub release_build
{
	my ($version) = @_;
	my $commit = $commits{$version} // die "no commit known for uuid_seq $version";
	my $build = "$PostgreSQL::Test::Utils::tmp_check/uuid_seq-$version";
	return $build if -e "$build/built";

	my $src = $version eq '1.2.1' ? $ENV{UUID_SEQ_RELEASE_SRC} : undef;
	system("rm -rf '$build' && mkdir -p '$build'") == 0 or BAIL_OUT("cannot make $build");
	if (defined $src)
	{
		system("cp -R '$src/.' '$build/'") == 0 or BAIL_OUT("cannot copy $src");
	}
	else
	{
		plan skip_all => 'not a git checkout, and UUID_SEQ_RELEASE_SRC is not set'
		  if system("git -C '$top' rev-parse --git-dir >/dev/null 2>&1") != 0;
		system("git -C '$top' cat-file -e $commit^{commit} 2>/dev/null") == 0
		  or BAIL_OUT("this checkout's history lacks ${version}'s commit $commit"
			  . ' (a shallow clone? git fetch --unshallow)');
		system("git -C '$top' archive $commit | tar -x -C '$build'") == 0
		  or BAIL_OUT("git archive of $commit failed");
	}
	# (no bitcode: the tests never inline a release's functions)
	system("make -s -j2 -C '$build' PG_CONFIG=pg_config with_llvm=no >'$build/build.log' 2>&1") == 0
	  or BAIL_OUT("building $version failed: " . slurp_file("$build/build.log"));
	open my $fh, '>', "$build/built" or die "$build/built: $!";
	close $fh;
	return $build;
}

sub pg_config_dir
{
	my ($what) = @_;
	my $dir = `pg_config --$what`;
	chomp $dir;
	return $dir;
}

# mirror FROM TO REAL: TO made, holding a symbolic link to each entry of
# FROM but uuid_seq's; the entries named in REAL made directories of their
# own, mirrored in turn.
sub mirror
{
	my ($from, $to, @real) = @_;
	system('mkdir', '-p', $to) == 0 or die "mkdir $to";
	opendir my $dh, $from or die "$from: $!";
	for my $entry (grep { !/^\.\.?$/ && !/^uuid_seq[-.]/ } readdir $dh)
	{
		if (grep { $_ eq $entry } @real)
		{
			mirror("$from/$entry", "$to/$entry");
		}
		else
		{
			symlink("$from/$entry", "$to/$entry") or die "symlink $to/$entry: $!";
		}
	}
	closedir $dh;
	return;
}

# private_installation NAME: a copy of the PostgreSQL installation without
# uuid_seq, for PostgreSQL::Test::Cluster->new(..., install_path =>
# $inst->{install_path}).  The executables are copied (PostgreSQL finds
# its share and library directories relative to where they really are),
# the rest linked, but for the directories uuid_seq installs into.
sub private_installation
{
	my ($name) = @_;
	my $root = PostgreSQL::Test::Utils::tempdir("installation_$name");
	my %dir = map { $_ => pg_config_dir($_) } qw(bindir sharedir pkglibdir);
	system('mkdir', '-p', "$root$dir{bindir}") == 0 or die "mkdir $root$dir{bindir}";
	system("cp -a '$dir{bindir}/.' '$root$dir{bindir}/'") == 0 or die "cp $dir{bindir}";
	mirror($dir{pkglibdir}, "$root$dir{pkglibdir}");
	mirror($dir{sharedir}, "$root$dir{sharedir}", 'extension');
	my $inst = {
		install_path => $root . dirname($dir{bindir}),
		lib => "$root$dir{pkglibdir}",
		extension => "$root$dir{sharedir}/extension",
	};
	my $found = `'$root$dir{bindir}/pg_config' --pkglibdir`;
	chomp $found;
	BAIL_OUT("the copy of the installation in $root finds its libraries in $found")
	  if $found ne $inst->{lib};
	return $inst;
}

# The installed build (this one): its library, control file and scripts.
sub installed_build
{
	my $ext = pg_config_dir('sharedir') . '/extension';
	return (
		lib => pg_config_dir('pkglibdir') . '/uuid_seq.so',
		control => "$ext/uuid_seq.control",
		scripts => [ glob("$ext/uuid_seq--*.sql") ]);
}

# install_uuid_seq INST, lib => ..., control => ..., scripts => [...]:
# installs those files into the private installation as dpkg does, each
# written beside its place and renamed over it, so that a running server
# keeps the library it mapped (a new inode; the old file lives on).
# Without lib etc., the files of a release_build directory: build => DIR.
sub install_uuid_seq
{
	my ($inst, %files) = @_;
	if (defined $files{build})
	{
		%files = (
			lib => "$files{build}/uuid_seq.so",
			control => "$files{build}/uuid_seq.control",
			scripts => [ glob("$files{build}/sql/uuid_seq--*.sql") ]);
	}
	my @moves = ([ $files{lib}, "$inst->{lib}/uuid_seq.so", 0755 ],
		map { [ $_, "$inst->{extension}/" . ($_ =~ s{.*/}{}r), 0644 ] } $files{control},
		@{ $files{scripts} });
	for my $move (@moves)
	{
		my ($from, $to, $mode) = @$move;
		copy($from, "$to.new") or die "copy $from: $!";
		chmod($mode, "$to.new") or die "chmod $to.new: $!";
		rename("$to.new", $to) or die "rename $to.new: $!";
	}
	return;
}

1;
