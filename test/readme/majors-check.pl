#!/usr/bin/perl
# majors-check.pl [--self-test] [FILE...]: fails when a page says which
# PostgreSQL majors have something ("on 17+", "before 17", "PostgreSQL 15
# and later", "13–16") without linking to that major's section of
# docs/majors.md, the one place where what each major has is written.  No
# server: test/readme/readme-check.sh runs it with the other checks of the
# docs, before any server starts.
#
# Read: README.md, SECURITY.md, CONTRIBUTING.md and docs/*.md but
# docs/majors.md (or the FILEs given), without their code blocks, inline
# code, HTML comments and link targets.  CHANGELOG.md is history (what was
# true at each release) and is not read.
#
# A claim is a bound on the majors; each gives the first major that has
# the thing (its boundary B):
#     17+   17 and later   17 or newer   from (PostgreSQL) 17 on
#     since (PostgreSQL) 17   before (PostgreSQL) 17           B = 17
#     16 and earlier   16 or older                             B = 17
#     13–16   13 to 16   13 and 14 (from the oldest major)     B = 17 (15)
# The oldest and newest majors are test/matrix/lib.sh's: a claim whose
# boundary is the oldest or below ("13 and later", "PostgreSQL 12 and
# later") says every supported major has it, and a range up to the newest
# ("13 to 19") is the support range; neither is a claim.  A number right
# after the name of another product (JDK 17, Citus 13, Node 18, ...) is
# that product's.
#
# It fails when
#   * link      a paragraph (lines between blank lines; a heading belongs to
#               the paragraph after it; a table is one paragraph) makes a
#               claim with boundary B and has no link to majors.md's
#               section of B (`[17+](docs/majors.md#postgresql-17)`);
#   * section   a link to majors.md names an anchor that is not one of its
#               "## PostgreSQL N" headings;
#   * term      a sentence makes claims and names, in code, a thing that
#               majors.md names under one major only (its code spans:
#               `pg_dsm_registry_allocations`, `uuidv7()`, ...), but none of
#               its claims has that major as boundary: "`X` lists it on
#               18+" where majors.md has `X` under 19.
# --self-test runs the rules on planted paragraphs, one bad per rule and
# good forms beside them, and fails unless each bad one is caught and no
# good one is: the check can fail.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));

my $top = $0 =~ m{^(.*)/test/readme/[^/]+$} ? $1 : '.';

sub slurp {
	my ($path) = @_;
	open my $fh, '<', $path or die "$path: $!\n";
	local $/;
	return scalar <$fh>;
}

my ($oldest, $newest) = (13, 19);
if (-e "$top/test/matrix/lib.sh") {
	my ($list) = slurp("$top/test/matrix/lib.sh") =~ /^matrix_all_majors=\(([\d ]+)\)/m;
	my @m = sort { $a <=> $b } split ' ', $list // '';
	($oldest, $newest) = ($m[0], $m[-1]) if @m;
}

# Other products whose versions a page may give.
my $OTHER = qr/(?:JDK|Java|Node(?:\.js)?|Citus|pg_partman|Debian|Ubuntu|Python|psycopg|npm|clang|gcc|libFuzzer)/;
my $N = qr/(?<![\d.])([12]\d)(?![\d.]\d)/;
my $PG = qr/(?:PostgreSQL\s+)?/;

# The claims of a text: [boundary, what was written, offset].
sub claims {
	my ($t) = @_;
	my @c;
	my $add = sub {
		my ($b, $pos, $what) = @_;
		my $before = substr($t, 0, $pos);
		return if $before =~ /\b$OTHER\s*$/;
		return if $b <= $oldest;
		push @c, [$b, $what, $pos];
	};
	while ($t =~ /$N\+/g) { $add->($1, $-[0], $&) }
	while ($t =~ /$N\s+(?:and|or)\s+(?:later|newer|above|up)\b/g) { $add->($1, $-[0], $&) }
	while ($t =~ /\b[Ff]rom\s+$PG$N\s+on\b/g) { $add->($1, $-[0], $&) }
	while ($t =~ /\b(?:[Ss]ince|[Bb]efore)\s+$PG$N\b/g) { $add->($1, $-[0], $&) }
	while ($t =~ /$N\s+(?:and|or)\s+(?:earlier|older|below)\b/g) { $add->($1 + 1, $-[0], $&) }
	while ($t =~ /(?<![\d.])$oldest\s*(–|-|to|and)\s*$N/g) {
		my ($how, $end, $pos, $what) = ($1, $2, $-[0], $&);
		next if $end >= $newest || $end <= $oldest;
		next if $how eq 'and' && $end != $oldest + 1;
		$add->($end + 1, $pos, $what);
	}
	return sort { $a->[2] <=> $b->[2] } @c;
}

# The sections of docs/majors.md, and its terms: the code spans in the bold
# lead of a bullet ("* **Core `uuidv7()` ...**"), each under one major.
sub majors_page {
	my ($text) = @_;
	my (%sections, %term_majors, $major);
	for my $line (split /\n/, $text) {
		if ($line =~ /^##\s+PostgreSQL\s+(\d+)\s*$/) {
			$major = $1;
			$sections{"postgresql-$major"} = $major;
			next;
		}
		next unless defined $major && $line =~ /^\*\s+\*\*(.*?)\*\*/;
		my $lead = $1;
		$term_majors{$1}{$major} = 1 while $lead =~ /`([^`]+)`/g;
	}
	my %terms;
	for (keys %term_majors) {
		my @m = keys %{$term_majors{$_}};
		$terms{$_} = $m[0] if @m == 1;
	}
	return (\%sections, \%terms);
}

# Paragraphs of a Markdown text: [first line, text, [code spans]], code
# blocks and HTML comments left out, inline code kept aside.
sub paragraphs {
	my ($text) = @_;
	$text =~ s/<!--.*?-->/ ($& =~ tr{\n}{}) ? "\n" x ($& =~ tr{\n}{}) : '' /gse;
	my @lines = split /\n/, $text, -1;
	my (@paras, @cur, $start, $fence);
	my $flush = sub {
		push @paras, [$start, join("\n", @cur)] if @cur;
		@cur = ();
	};
	for my $i (0 .. $#lines) {
		my $l = $lines[$i];
		if (defined $fence) {
			undef $fence if $l =~ /^\s*\Q$fence\E\s*$/;
			next;
		}
		if ($l =~ /^\s*(```+|~~~+)/) {
			$fence = $1;
			$flush->();
			next;
		}
		if ($l !~ /\S/) {
			# a heading joins the paragraph after it
			$flush->() unless @cur == 1 && $cur[0] =~ /^#/;
			next;
		}
		$start = $i + 1 unless @cur;
		push @cur, $l;
	}
	$flush->();
	return @paras;
}

# check_page(NAME, TEXT, SECTIONS, TERMS): the failures of one page, and
# how many claims it makes.
sub check_page {
	my ($name, $text, $sections, $terms) = @_;
	my (@fail, $nclaims);
	for my $p (paragraphs($text)) {
		my ($line, $para) = @$p;
		my %linked;
		while ($para =~ /\]\(([^)\s]*)\)/g) {
			my $target = $1;
			next unless $target =~ /(?:^|\/)majors\.md(?:#([\w-]*))?$/;
			my $anchor = $1;
			next unless defined $anchor && length $anchor;
			if (!exists $sections->{$anchor}) {
				push @fail, "$name:$line: section: a link to majors.md#$anchor, which is no \"## PostgreSQL N\" heading of docs/majors.md";
				next;
			}
			$linked{$sections->{$anchor}} = 1;
		}
		# the prose: link targets and inline code out (code kept for terms)
		(my $prose = $para) =~ s/\]\([^)\s]*\)/]/g;
		my @code;
		$prose =~ s/`([^`]*)`/push @code, $1; '`' . ('x' x length $1) . '`'/ge;
		my @claims = claims($prose);
		$nclaims += @claims;
		my %wanted;
		for (@claims) {
			my ($b, $what) = @$_;
			next if $linked{$b} || $wanted{$b}++;
			(my $shown = $what) =~ s/\s+/ /g;
			push @fail, "$name:$line: link: \"$shown\" (PostgreSQL $b) with no link to docs/majors.md#postgresql-$b in its paragraph";
		}
		next unless @claims && %$terms;
		# sentences: after ". " (or ! ?), and after ": " or "; " before a
		# capital, a backquote or a bracket; a table's cells
		(my $flat = $para) =~ s/\]\([^)\s]*\)/]/g;
		my $split = sub { split /(?<=[.!?])\s+|(?<=[:;])\s+(?=[A-Z`*(\[])/, $_[0] };
		my (@sentences, @prose);
		for (split /\n/, $flat, -1) {
			if (/^\s*#/) {
				push @sentences, $_;
			} elsif (/^\s*\|/) {
				push @sentences, map { $split->($_) } split /(?<!\\)\|/;
			} else {
				push @prose, s/^\s+|\s+$//gr;
			}
		}
		push @sentences, $split->(join ' ', @prose);
		for my $s (@sentences) {
			my @sc = claims($s =~ s/`[^`]*`/`x`/gr);
			next unless @sc;
			my %b = map { $_->[0] => 1 } @sc;
			while ($s =~ /`([^`]+)`/g) {
				my $m = $terms->{$1} // next;
				next if $b{$m};
				push @fail, "$name:$line: term: `$1` is PostgreSQL ${m}'s (docs/majors.md), but this sentence "
					. 'claims ' . join(', ', map { "\"$_->[1]\"" } @sc) . " (PostgreSQL "
					. join(', ', sort { $a <=> $b } keys %b) . ')';
			}
		}
	}
	return (\@fail, $nclaims // 0);
}

my ($sections, $terms) = majors_page(slurp("$top/docs/majors.md"));

if (@ARGV && $ARGV[0] eq '--self-test') {
	# [rule it must break, or '' for a good paragraph, text]
	my @cases = (
		['link', "On PostgreSQL 17 and later the frontiers are shared.\n"],
		['link', "A heading for 18+\n\nbut no link here.\n"],
		['link', "| a | b |\n|---|---|\n| 13–16 | refused |\n"],
		['link', "Before 17 there is no named segment ([17](docs/majors.md#postgresql-18)).\n"],
		['link', "On 13 and 14 the setting cannot be on.\n"],
		['link', "It works on 16 and earlier only.\n"],
		['link', "Since PostgreSQL 19 the view lists it.\n"],
		['section', "On [17+](majors.md#postgresql-17) it is shared ([more](majors.md#postgresql-16x)).\n"],
		['term', "The segment (`pg_dsm_registry_allocations` lists it on [18+](majors.md#postgresql-18)).\n"],
		['', "On [17+](docs/majors.md#postgresql-17) the frontiers are shared.\n"],
		['', "## Preloaded or not (PostgreSQL 17+)\n\nWithout it, on [17 and later](majors.md#postgresql-17), a segment.\n"],
		['', "Tested on PostgreSQL 13 to 19, and on 18 the restore.\n"],
		['', "PostgreSQL 13 and later; foreign keys need PostgreSQL 12 and later.\n"],
		['', "Java (JDK 17 or later), Citus 13.2, on 16 cores, 1.2+ and since 1.2.\n"],
		['', "```sql\nSELECT 1; -- 17+\n```\n"],
		['', "The view (`pg_dsm_registry_allocations`, [19+](majors.md#postgresql-19)) lists it.\n"],
		['', "`uuidv7()` is core's on [18+](majors.md#postgresql-18).\n"],
	);
	my $failed = 0;
	for my $c (@cases) {
		my ($rule, $text) = @$c;
		my @f = @{(check_page('planted', $text, $sections, $terms))[0]};
		my $ok = $rule eq '' ? !@f : (@f && !grep { !/: \Q$rule\E: / } @f);
		next if $ok;
		$failed++;
		print "FAIL self-test: ", ($rule eq '' ? 'a good paragraph was refused' : "the $rule rule missed it, or another caught it"),
			":\n  $text", map({ "  $_\n" } @f);
	}
	printf "majors-check --self-test: %d planted paragraphs, %d wrong\n", scalar(@cases), $failed;
	exit($failed ? 1 : 0);
}

my @files = @ARGV ? @ARGV
	: ("$top/README.md", "$top/SECURITY.md", "$top/CONTRIBUTING.md",
		grep { !m{/majors\.md$} } glob("$top/docs/*.md"));
my (@fail, $nclaims);
for my $f (@files) {
	my $text = slurp($f);
	(my $name = $f) =~ s{^\Q$top\E/}{};
	my ($f, $n) = check_page($name, $text, $sections, $terms);
	push @fail, @$f;
	$nclaims += $n;
}
print "majors-check: $_\n" for @fail;
printf "majors-check: %d files, %d claims about PostgreSQL majors, %d sections of docs/majors.md (%s), %d terms; %d problem(s)\n",
	scalar(@files), $nclaims, scalar(keys %$sections),
	join(', ', sort { $a <=> $b } values %$sections), scalar(keys %$terms), scalar(@fail);
exit(@fail ? 1 : 0);
