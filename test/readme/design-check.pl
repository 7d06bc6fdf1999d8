#!/usr/bin/perl
# design-check.pl [TOP]: checks that src/README, the design document, still
# describes the tree it sits in.  No server, no build: test/readme/readme-check.sh
# runs it before it starts one.  It fails when
#
#  * a .c or .h file under src/ (at any depth) has no line in §9's map, or a
#    line of the map names a file that is not there.  A map line starts
#    with the file's path under src/ ("core/id64.[ch]", "lease.[ch]",
#    "uuid_seq.c"; several may share a line, separated by commas); ".[ch]"
#    stands for the .c and the .h;
#  * a family of src/core/family_list.h (its FAMILY(symbol, "name", ...)
#    lines) has no row in §1's family table, a row names no registered
#    family, or the rows are not in the registry's order.  A row starts two
#    spaces in with the name uuid_seq_state() shows; its continuation lines
#    start further in;
#  * a setting that the C code defines (DefineCustom...Variable("uuid_seq.x"))
#    has no row in the "Settings" table of docs/reference.md, which §7
#    points to, or a row there names no setting the code defines.  A row
#    starts with "| `uuid_seq.x` |"; a name may come through a macro
#    (#define FACADE_KEY_NAME "uuid_seq.facade_key" in the same file).
#
# A section runs from its heading ("§9 Layers and files" at the start of a
# line, underlined with dashes) to the next heading.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));
use File::Find;

my $top = shift // '.';
my $design = "$top/src/README";
my @problems;

sub slurp {
	my $f = shift;
	open my $fh, '<', $f or die "$f: $!\n";
	local $/;
	my $text = <$fh>;
	close $fh;
	return $text;
}

# ---- the sections of src/README ------------------------------------------
my %section;
{
	my @lines = split /\n/, slurp($design);
	my $cur;
	for my $i (0 .. $#lines) {
		my ($n) = $lines[$i] =~ /^§(\d+)\s+\S/;
		if (defined $n && ($lines[$i + 1] // '') =~ /^-+\s*$/) {
			$cur = $n;
			$section{$cur} = [];
			next;
		}
		push @{$section{$cur}}, $lines[$i] if defined $cur;
	}
	for my $n (1, 9) {
		die "$design: no section §$n\n" unless $section{$n};
	}
}

# ---- §9: every file under src/ ---------------------------------------------
my $file_re = qr{[\w-]+(?:/[\w-]+)*\.(?:\[ch\]|[ch])};
my %mapped;
for my $line (@{$section{9}}) {
	next unless $line =~ /^\s+($file_re(?:,\s*$file_re)*)(?:\s|,?$)/;
	for my $entry (split /,\s*/, $1) {
		if ($entry =~ /^(.*)\.\[ch\]$/) {
			$mapped{"$1.c"} = $mapped{"$1.h"} = $entry;
		} else {
			$mapped{$entry} = $entry;
		}
	}
}
my %tree;
find({ no_chdir => 1, wanted => sub {
	return unless -f $_ && /\.[ch]$/;
	(my $rel = $_) =~ s{^\Q$top\E/src/}{};
	$tree{$rel} = 1;
} }, "$top/src");
for my $f (sort keys %tree) {
	push @problems, "§9: src/$f is not in the map of files" unless $mapped{$f};
}
for my $f (sort keys %mapped) {
	push @problems, "§9: the map lists $mapped{$f}, but there is no src/$f" unless $tree{$f};
}

# ---- §1: every registered family -------------------------------------------
my @registry;
{
	my $list = slurp("$top/src/core/family_list.h");
	$list =~ s{/\*.*?\*/}{}gs;
	@registry = $list =~ /^\s*FAMILY\(\s*\w+\s*,\s*"([^"]+)"/mg;
	die "src/core/family_list.h: no FAMILY lines\n" unless @registry;
}
my @rows;
{
	my $in = 0;
	for my $line (@{$section{1}}) {
		if (!$in) {
			$in = 1 if $line =~ /^\s+family\b.*\bvalue layout\b/;
			next;
		}
		next if $line =~ /^\s*-[-\s]*$/;
		last if $line !~ /\S/;
		push @rows, $1 if $line =~ /^  (\S+)/;
	}
	die "$design: no family table in §1\n" unless @rows;
}
my %row = map { $_ => 1 } @rows;
my %registered = map { $_ => 1 } @registry;
for my $f (@registry) {
	push @problems, "§1: family $f (src/core/family_list.h) has no row in the family table" unless $row{$f};
}
for my $f (@rows) {
	push @problems, "§1: the family table has a row $f, which src/core/family_list.h does not register" unless $registered{$f};
}
my @common = grep { $row{$_} } @registry;
my @row_order = grep { $registered{$_} } @rows;
push @problems, "§1: the family table is not in the registry's order (@common)"
  if "@common" ne "@row_order";

# ---- §7: every setting, a row of docs/reference.md's table ----------------
my %settings;
for my $f (grep { /\.c$/ } sort keys %tree) {
	my $c = slurp("$top/src/$f");
	my %macro = $c =~ /^#define\s+(\w+)\s+"(uuid_seq\.\w+)"/mg;
	for my $name ($c =~ /DefineCustom\w+Variable\(\s*("uuid_seq\.\w+"|\w+)/g) {
		$name = $name =~ /^"(.*)"$/ ? $1 : $macro{$name} // next;
		$settings{$name} = 1;
	}
}
my %rows;
{
	my $reference = "$top/docs/reference.md";
	my ($table) = slurp($reference) =~ /^## Settings\n(.*?)(?=^## |\z)/ms
	  or die "$reference: no section \"Settings\"\n";
	$rows{$_} = 1 for $table =~ /^\| `(uuid_seq\.\w+)` \|/mg;
}
for my $s (sort keys %settings) {
	push @problems, "§7: setting $s has no row in docs/reference.md's Settings table" unless $rows{$s};
}
for my $s (sort keys %rows) {
	push @problems, "§7: docs/reference.md's Settings table has a row $s, which the code does not define" unless $settings{$s};
}

print "FAIL src/README $_\n" for @problems;
printf "design-check src/README: %d files under src/, %d families, %d settings; %d problem(s)\n",
	scalar(keys %tree), scalar(@registry), scalar(keys %settings), scalar(@problems);
exit(@problems ? 1 : 0);
