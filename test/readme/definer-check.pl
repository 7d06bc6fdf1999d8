#!/usr/bin/perl
# definer-check.pl [FILE...]: fails when a SECURITY DEFINER function that
# the project shows or ships does not pin its search_path with pg_temp
# last, or when a page shows a published key.  No server:
# test/readme/readme-check.sh runs it after design-check.pl.
#
# A SECURITY DEFINER function runs with its owner's rights for whoever calls
# it.  Unless its search_path is set, and ends with pg_temp, a caller's
# temporary table, view or function of a name it uses (pg_temp is searched
# first when the path does not list it) runs in its place with those
# rights: the advice of PostgreSQL's "Writing SECURITY DEFINER Functions
# Safely".  So every statement that makes a function SECURITY DEFINER
# (CREATE FUNCTION / PROCEDURE, ALTER FUNCTION / PROCEDURE) must carry
# `SET search_path = ..., pg_temp` (or TO, or one quoted list) in that same
# statement.
#
# A facade key printed in a page is nobody's secret, and a reader copies
# it: README.md and docs/*.md must not show the published keys the docs
# once did (SipHash's test key 00 01 ... 0f, the AES test key, the UUIDv47
# reference's key), in either text form.  Examples make their keys
# (CONTRIBUTING.md).
#
# Read: the code blocks (any fence) of README.md and docs/*.md, and the
# scripts sql/*.sql, or the FILEs given (a .md file's code blocks, any
# other file whole).  Statements end at a semicolon outside quotes,
# dollar-quoted bodies and comments; a body's text is not read, so a
# function whose body talks about SECURITY DEFINER is not one.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));

my $top = $0 =~ m{^(.*)/test/readme/[^/]+$} ? $1 : '.';
my @files = @ARGV ? @ARGV :
  ("$top/README.md", glob("$top/docs/*.md"), glob("$top/sql/*.sql"));

# [line, text] pieces of a file that hold SQL: every fenced block of a
# Markdown file, or the whole file.
sub sql_pieces {
	my $f = shift;
	open my $fh, '<', $f or die "$f: $!\n";
	my $text = do { local $/; <$fh> };
	return ([1, $text]) unless $f =~ /\.md$/;
	my @pieces;
	my @lines = split /\n/, $text, -1;
	for (my $i = 0; $i < @lines; $i++) {
		next unless $lines[$i] =~ /^\s*(```+|~~~+)/;
		my $fence = $1;
		my $start = $i + 2;
		my @body;
		for ($i++; $i < @lines && $lines[$i] !~ /^\s*\Q$fence\E\s*$/; $i++) {
			push @body, $lines[$i];
		}
		push @pieces, [$start, join("\n", @body)];
	}
	return @pieces;
}

# The statements of a piece, as [line, text with quoted bodies and comments
# blanked out].
sub statements {
	my ($line, $text) = @_;
	my @out;
	my $cur = '';
	my $cur_line = $line;
	my $i = 0;
	my $n = length $text;
	while ($i < $n) {
		my $rest = substr($text, $i);
		if ($rest =~ /^(--[^\n]*)/ || $rest =~ m{^(/\*.*?\*/)}s) {
			$cur .= ' ';
			$line += ($1 =~ tr/\n//);
			$i += length $1;
		} elsif ($rest =~ /^(\$[A-Za-z_]*\$)/) {
			my $tag = $1;
			my $end = index($text, $tag, $i + length $tag);
			$end = $n - length $tag if $end < 0;
			my $body = substr($text, $i, $end + length($tag) - $i);
			$cur .= ' $body$ ';
			$line += ($body =~ tr/\n//);
			$i += length $body;
		} elsif ($rest =~ /^('(?:[^']|'')*'?)/) {
			# a string stays: it may be a quoted search_path
			$cur .= $1;
			$line += ($1 =~ tr/\n//);
			$i += length $1;
		} elsif (substr($rest, 0, 1) eq ';') {
			push @out, [$cur_line, $cur];
			$cur = '';
			$i++;
			$cur_line = $line;
		} else {
			my $c = substr($rest, 0, 1);
			$line++ if $c eq "\n";
			$cur_line = $line if $cur !~ /\S/;
			$cur .= $c;
			$i++;
		}
	}
	push @out, [$cur_line, $cur] if $cur =~ /\S/;
	return @out;
}

# The schemas of the search_path a statement sets, lower-cased, or none.
sub search_path_of {
	my $stmt = shift;
	return () unless $stmt =~ /\bSET\s+search_path\s*(?:=|\bTO\b)\s*(.*)/is;
	my $value = $1;
	my @items;
	# a list of identifiers and strings, separated by commas
	while ($value =~ /\G\s*("(?:[^"]|"")*"|'(?:[^']|'')*'|[\w\$]+)\s*(,?)/gc) {
		my ($item, $comma) = ($1, $2);
		if ($item =~ /^'(.*)'$/s) {
			push @items, map { s/^\s+|\s+$//gr } split /,/, $1 =~ s/''/'/gr;
		} elsif ($item =~ /^"(.*)"$/s) {
			push @items, $1 =~ s/""/"/gr;
		} else {
			push @items, lc $item;
		}
		last unless $comma;
	}
	return map { s/^"(.*)"$/$1/r } @items;
}

my @published = qw(000102030405060708090a0b0c0d0e0f 2b7e151628aed2a6abf7158809cf4f3c
  efcdab89674523011032547698badcfe);

my $problems = 0;
my $definers = 0;
for my $f (@files) {
	(my $name = $f) =~ s{^\Q$top\E/}{};
	if ($f =~ /\.md$/) {
		open my $fh, '<', $f or die "$f: $!\n";
		my $n = 0;
		while (my $line = <$fh>) {
			$n++;
			(my $hex = lc $line) =~ s/(\\x|[:\s])//g;
			for my $key (@published) {
				next unless index($hex, $key) >= 0;
				print "$name:$n: a published key ($key): make the example's key instead\n";
				$problems++;
			}
		}
	}
	for my $piece (sql_pieces($f)) {
		for my $st (statements(@$piece)) {
			my ($line, $stmt) = @$st;
			next unless $stmt =~ /\bSECURITY\s+DEFINER\b/i;
			$definers++;
			my @path = search_path_of($stmt);
			if (!@path) {
				print "$name:$line: a SECURITY DEFINER function without SET search_path\n";
				$problems++;
			} elsif ($path[-1] ne 'pg_temp') {
				print "$name:$line: a SECURITY DEFINER function whose search_path ("
				  . join(', ', @path) . ") does not end with pg_temp\n";
				$problems++;
			}
		}
	}
}
print "definer-check: $definers SECURITY DEFINER statements in " . scalar(@files)
  . " files; $problems problems (a search_path not ending in pg_temp, a published key)\n";
exit($problems ? 1 : 0);
