#!/usr/bin/perl
# readme-check.pl FILE.md: runs every ```sql block of the file (README.md or
# a docs/*.md), top to bottom, in a fresh database of the server that the
# PG* environment names (test/readme/readme-check.sh starts one, preloading
# uuid_seq, and runs this once per file), and compares what each statement
# prints with what the file shows after it.
#
# The conventions of README.md and docs/*.md, which this script reads:
#
#  * A statement's output is written in `-- ` comments right after it: on
#    the statement's last line, or on the comment lines that follow it with
#    no blank line in between.  A comment at the start of a block or after a
#    blank line is prose and is not read.  Outputs are what psql prints
#    (aligned, no "(N rows)" footer): a single value, rows with cells joined
#    by " | ", or a whole table with its header and dashed line.  Cells are
#    compared with surrounding blanks trimmed.
#  * `e.g.` before an output (`-- e.g. 01963f…`, or `-- e.g.` on its own
#    line before a table) marks values that vary from run to run (random
#    bits, the clock): they are checked for shape only, character class by
#    character class (a digit stands for any letter or digit, a lowercase
#    letter for a lowercase letter or digit, an uppercase one for an
#    uppercase letter or digit, anything else for itself; a fraction of a
#    second may have 1 to 6 digits).
#  * An output that starts with `ERROR:` is an intentional error: the
#    statement must fail with exactly these ERROR, DETAIL and HINT lines.
#    Any other statement must succeed.
#  * A line `…` in an output stands for any number of lines left out.
#  * A statement with no output comment must succeed; what it prints is not
#    compared.
#  * `<!-- readme-test: skip (why) -->` on the line before a block's fence:
#    the block is not run (it needs other servers or extensions).
#  * `<!-- readme-test: database NAME -->`: the block runs in a database of
#    its own, NAME, created empty (no uuid_seq), in a session of its own
#    after the main one; consecutive blocks with the same NAME share it.
#
# The main session starts with PGTZ set to a zone other than UTC, so the
# file's own `SET TimeZone = 'UTC'` is what makes its outputs UTC.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));
use File::Temp qw(tempfile);

my $readme = shift // 'README.md';
my $verbose = $ENV{README_CHECK_VERBOSE};
open my $fh, '<', $readme or die "$readme: $!\n";
my @lines = <$fh>;
close $fh;
chomp @lines;

# ---- parse -------------------------------------------------------------
my @stmts;          # { sql, out => [lines], line, db }
my ($blocks, $skipped_blocks) = (0, 0);
my $i = 0;
my $prev_nonblank = '';
while ($i < @lines) {
	my $l = $lines[$i];
	if ($l =~ /^(\s*)```sql\s*$/) {
		my $indent = length $1;
		my $marker = $prev_nonblank;
		my @body;
		my $start = $i + 1;
		$i++;
		while ($i < @lines && $lines[$i] !~ /^\s*```\s*$/) {
			push @body, substr($lines[$i], $indent > length($lines[$i]) ? length($lines[$i]) : $indent);
			$i++;
		}
		die "$readme:$start: unterminated ```sql block\n" if $i >= @lines;
		$i++;
		$prev_nonblank = '```';
		if ($marker =~ /<!--\s*readme-test:\s*skip\b/) {
			$skipped_blocks++;
			next;
		}
		my $db = $marker =~ /<!--\s*readme-test:\s*database\s+(\w+)\s*-->/ ? $1 : '';
		$blocks++;
		push @stmts, parse_block(\@body, $start, $db);
		next;
	}
	$prev_nonblank = $l if $l =~ /\S/;
	$i++;
}

# Splits a block into statements and the outputs written after them.
sub parse_block {
	my ($body, $first_line, $db) = @_;
	my @out;
	my $cur;            # statement being read
	my $open;           # last statement, whose output may continue
	my ($q, $dollar) = (0, undef);  # in '...' / in $tag$...$tag$
	for my $n (0 .. $#$body) {
		my $line = $body->[$n];
		my $ln = $first_line + $n + 1;
		if (!$cur) {
			if ($line !~ /\S/) { $open = undef; next; }
			if ($line =~ /^\s*--\s?(.*)$/) {
				push @{$open->{out}}, $1 if $open;
				next;
			}
			if ($line =~ /^\s*\\/) {   # a psql meta-command: one line
				my ($cmd, $c) = $line =~ /^\s*(.*?)(?:\s+--\s?(.*))?$/;
				$open = { sql => $cmd, out => [], line => $ln, db => $db };
				push @{$open->{out}}, $c if defined $c;
				push @out, $open;
				next;
			}
			$cur = { sql => '', out => [], line => $ln, db => $db };
		}
		# scan for the end of the statement
		my $pos = 0;
		my $end;
		while ($pos < length $line) {
			my $rest = substr($line, $pos);
			if ($dollar) {
				my $k = index($rest, $dollar);
				if ($k < 0) { $pos = length $line; last; }
				$pos += $k + length $dollar; $dollar = undef; next;
			}
			if ($q) {
				my $k = index($rest, "'");
				if ($k < 0) { $pos = length $line; last; }
				$pos += $k + 1; $q = 0; next;
			}
			if ($rest =~ /^--/) { last; }
			if ($rest =~ /^(\$[A-Za-z_]*\$)/) { $dollar = $1; $pos += length $1; next; }
			my $c = substr($rest, 0, 1);
			if ($c eq "'") { $q = 1; $pos++; next; }
			if ($c eq ';') { $end = $pos; last; }
			$pos++;
		}
		if (defined $end) {
			$cur->{sql} .= substr($line, 0, $end + 1);
			my $tail = substr($line, $end + 1);
			if ($tail =~ /^\s*--\s?(.*)$/) {
				push @{$cur->{out}}, $1;
			} elsif ($tail =~ /\S/) {
				die "$readme:$ln: text after a statement's semicolon that is not a comment\n";
			}
			push @out, $cur;
			$open = $cur;
			$cur = undef;
		} else {
			# a comment at the end of a line inside a statement stays in it
			$cur->{sql} .= $line . "\n";
		}
	}
	die "$readme:$first_line: block ends inside a statement\n" if $cur;
	return @out;
}

# ---- run ---------------------------------------------------------------
my @dbs;
my %seen;
for (@stmts) { push @dbs, $_->{db} unless $seen{$_->{db}}++; }
my $main = 'readme_check';
my @actual;
for my $db (@dbs) {
	my $name = $db eq '' ? $main : $db;
	system("PGOPTIONS='-c client_min_messages=warning' dropdb --if-exists $name") == 0 or die "dropdb $name failed\n";
	system('createdb', $name) == 0 or die "createdb $name failed\n";
	my @idx = grep { $stmts[$_]{db} eq $db } 0 .. $#stmts;
	my $script = "\\set SHOW_CONTEXT never\n\\set VERBOSITY default\n";
	for my $k (@idx) {
		$script .= "\\echo '<<<readme-check $k>>>'\n$stmts[$k]{sql}\n";
	}
	$script .= "\\echo '<<<readme-check end>>>'\n";
	my ($o, $tmp) = tempfile('readme-check-XXXXXX', SUFFIX => '.sql', TMPDIR => 1, UNLINK => 1);
	binmode $o, ':encoding(UTF-8)';
	print $o $script;
	close $o;
	local $ENV{PGTZ} = 'America/Sao_Paulo';
	local $ENV{PGOPTIONS} = '';
	my $res = `psql -X -q -P footer=off -v ON_ERROR_STOP=0 -d $name < $tmp 2>&1`;
	my $psql_status = $?;
	my $k;
	for my $l (split /\n/, $res) {
		if ($l =~ /^<<<readme-check (\d+|end)>>>$/) { $k = $1; next; }
		die "psql printed before the first statement: $l\n" unless defined $k;
		push @{$actual[$k]}, $l if $k ne 'end';
	}
	# psql must have run the whole script: a server or psql that died
	# partway would leave later statements without output, which passes
	die "psql stopped before the end of the script (status $psql_status):\n$res\n"
	  unless $psql_status == 0 && defined $k && $k eq 'end';
	for my $a (@actual) { pop @$a while $a && @$a && $a->[-1] eq "" }
}

# ---- compare -----------------------------------------------------------
sub is_msg { $_[0] =~ /^(ERROR|DETAIL|HINT|NOTICE|WARNING|INFO):/ }
sub is_dash { $_[0] =~ /^\s*-+(\+-+)*\s*$/ }
sub cells { my $l = shift; return $l =~ /\|/ ? join(' | ', map { s/^\s+|\s+$//gr } split /\|/, $l, -1) : $l =~ s/^\s+|\s+$//gr }

sub shape_re {
	my $s = shift;
	my $re = '';
	while (length $s) {
		if ($s =~ s/^(\d\d:\d\d:\d\d)(?:\.\d+)?//) {
			$re .= '\d\d:\d\d:\d\d(?:\.\d{1,6})?';
		} elsif ($s =~ s/^[0-9]//) {
			$re .= '[0-9A-Za-z]';
		} elsif ($s =~ s/^[a-z]//) {
			$re .= '[0-9a-z]';
		} elsif ($s =~ s/^[A-Z]//) {
			$re .= '[0-9A-Z]';
		} else {
			$s =~ s/^(.)//s;
			$re .= quotemeta $1;
		}
	}
	return qr/^$re$/;
}

sub line_match {
	my ($exp, $act, $shape) = @_;
	return 1 if is_dash($exp) && is_dash($act);
	my ($e, $a) = (cells($exp), cells($act));
	return $e eq $a unless $shape;
	my @e = split / \| /, $e, -1;
	my @a = split / \| /, $a, -1;
	return 0 unless @e == @a;
	for my $j (0 .. $#e) { return 0 unless $a[$j] =~ shape_re($e[$j]); }
	return 1;
}

# matches expected lines (with … wildcards) against actual lines
sub seq_match {
	my ($exp, $act, $shape) = @_;
	return @$act == 0 unless @$exp;
	my ($e, @erest) = @$exp;
	if ($e =~ /^\s*…\s*$/) {
		for my $skip (0 .. @$act) {
			return 1 if seq_match(\@erest, [@$act[$skip .. $#$act]], $shape);
		}
		return 0;
	}
	return 0 unless @$act && line_match($e, $act->[0], $shape);
	return seq_match(\@erest, [@$act[1 .. $#$act]], $shape);
}

my ($failed, $exact, $shape_only, $errors, $unchecked) = (0, 0, 0, 0, 0);
for my $k (0 .. $#stmts) {
	my $s = $stmts[$k];
	my @exp = @{$s->{out}};
	my @act = grep { !/^(LINE \d+:|\s*\^\s*$)/ } @{$actual[$k] // []};
	# psql prints the query line of a LINE n: message and a caret line
	my $where = "$readme:$s->{line}";
	my $errored = grep { /^ERROR:/ } @act;
	my $problem;
	if (!@exp) {
		$unchecked++;
		$problem = 'fails, but the README shows no error' if $errored;
	} else {
		my $shape = 0;
		if ($exp[0] =~ /^e\.g\.\s*$/) { $shape = 1; shift @exp; }
		elsif ($exp[0] =~ s/^e\.g\.\s+//) { $shape = 1; }
		my $want_error = $exp[0] =~ /^ERROR:/;
		if ($want_error) {
			$errors++;
			$problem = 'should fail and does not' unless $errored;
		} else {
			$problem = 'fails' if $errored;
			$shape ? $shape_only++ : $exact++;
			# no header in the README: compare the rows only
			if (!(@exp > 1 && is_dash($exp[1])) && !grep { is_msg($_) } @exp) {
				my @rows = grep { !is_msg($_) } @act;
				if (@rows > 1 && is_dash($rows[1])) { splice @rows, 0, 2; }
				@act = @rows;
			}
		}
		$problem //= 'prints something else' unless seq_match(\@exp, \@act, $shape);
	}
	if ($problem || $verbose) {
		my $sql = $s->{sql} =~ s/\s+$//r;
		print $problem ? "FAIL $where: $problem\n" : "ok   $where\n";
		if ($problem) {
			print "  $_\n" for split /\n/, $sql;
			print "  README shows:\n";
			print "    | $_\n" for @{$s->{out}};
			print "  psql printed:\n";
			print "    | $_\n" for @{$actual[$k] // []};
			$failed++;
		}
	}
}
printf "readme-check %s: %d blocks (%d skipped), %d statements: %d compared exactly, %d by shape (e.g.), %d intentional errors, %d run without a shown output; %d failed\n",
	$readme, $blocks, $skipped_blocks, scalar @stmts, $exact, $shape_only, $errors, $unchecked, $failed;
exit($failed ? 1 : 0);
