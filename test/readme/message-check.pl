#!/usr/bin/perl
# message-check.pl [--self-test] [FILE...]: fails when a message of the C
# code breaks PostgreSQL's Error Message Style Guide.  No server, no build:
# test/readme/readme-check.sh runs it after design-check.pl.
#
# Read: every .c and .h file under src/ (or the FILEs given), comments blanked
# out.  A message is the format of a call of errmsg, errmsg_plural (both
# forms), errdetail, errdetail_plural, errhint, GUC_check_errmsg,
# GUC_check_errdetail, GUC_check_errhint or elog, wherever the call is (a
# helper returning errdetail() counts); adjacent string literals and the
# INT64_FORMAT family of macros join into one format.  It fails when
#
#  * primary    an errmsg or elog starts with a capital letter (an acronym
#               such as COMB or TypeID, or a name of @proper, may start
#               it), or ends with a period;
#  * detail     an errdetail or errhint is not a literal sentence: its
#               format does not start with a capital letter or does not
#               end with a period (errdetail("%s", text) fails: a
#               translator never sees the sentence);
#  * quoting    a %s stands outside quotes ("%s", or '%s' in a line of
#               SQL) and its argument is not one of @names, names the
#               code itself holds (a family's name and range, a setting's
#               name, a timestamp's text, an object's description, which
#               quotes its own name): identifiers and values a user gave
#               are quoted "%s";
#  * splicing   an argument is a string literal or chooses between
#               literals (cond ? "a" : "b"): each reason gets an ereport
#               of its own, whole sentences a translator can see;
#  * duration   a message spells a span of time ("1 day", "24 hours"):
#               derive it from the constant it states (%d of it) or name
#               the setting, so the text cannot drift from the code;
#  * errcode    an ereport carries no errcode() (a LOG or DEBUG one too:
#               log_line_prefix's %e and csvlog show it, so it names
#               00000 where nothing went wrong): elog is for internal
#               errors only;
#  * elog       an elog is at WARNING, NOTICE or INFO: a client reads
#               those, so they are ereports with an errcode.
#
# --self-test runs the rules on planted messages, one bad per rule and the
# good forms beside them, and fails unless each bad one is caught and no
# good one is: the check can fail.
use strict;
use warnings;
use File::Find;

my $top = $0 =~ m{^(.*)/test/readme/[^/]+$} ? $1 : '.';

# Words that may start a primary message with a capital: proper names.
my @proper = qw(Snowflake);

# Arguments a bare %s may take: names the code holds, never a user's text.
my @names = (
	qr/^family->name$/,
	qr/^family->range$/,
	qr/^TSID_RANGE$/,
	qr/^OBJECTID_RANGE$/,
	qr/^KSUID_TYPE_RANGE$/,
	qr/^FACADE_KEY_NAME$/,
	qr/^UUID_SEQ_VERSION$/,
	qr/^timestamptz_to_str\(.*\)$/,
	qr/^names\.data$/,			# raise_frontier.c's list of quoted family names,
								# guc.c's of ignored postmaster settings
	qr/->description$/,			# getObjectDescription(): "function f(integer)",
								# its name quoted as needed, as core prints it
	qr/^default_horizon$/,		# the raises' horizons and lock waits in words
	qr/^opts->horizon_text$/,	# ("5 minutes"), core/raise_plan.c's
	qr/^opts->lock_wait_text$/,	# raise_interval_text()
	qr/^typname$/,				# raise_frontier.c: a key's type, "uuid" or
								# format_type_be()'s, as core prints types
);

my %primary = map { $_ => 1 } qw(errmsg errmsg_plural errmsg_internal GUC_check_errmsg elog);
my %secondary = map { $_ => 1 } qw(errdetail errdetail_plural errdetail_log errhint GUC_check_errdetail GUC_check_errhint);
my %plural = map { $_ => 1 } qw(errmsg_plural errdetail_plural);
my $calls = join '|', 'ereport', sort(keys %primary), sort(keys %secondary);

# The text with comments blanked out (newlines kept, so offsets give lines).
sub uncomment {
	my $t = shift;
	$t =~ s{(/\*.*?\*/|//[^\n]*)|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')}
		{ defined $1 ? ($1 =~ tr/\n//cdr) =~ s/[^\n]//gr : $2 }gse;
	return $t;
}

# The balanced argument list starting after the "(" at $pos, and its end.
sub arglist {
	my ($t, $pos) = @_;
	my ($depth, $i, $start) = (1, $pos, $pos);
	while ($i < length $t) {
		my $c = substr $t, $i, 1;
		if ($c eq '"' || $c eq "'") {
			pos($t) = $i;
			$t =~ /\G(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')/gc or die "unterminated literal\n";
			$i = pos($t);
			next;
		}
		$depth++ if $c eq '(';
		$depth-- if $c eq ')';
		return (substr($t, $start, $i - $start), $i) if $depth == 0;
		$i++;
	}
	die "unbalanced parentheses\n";
}

# The top-level comma-separated arguments of an argument list.
sub split_args {
	my $s = shift;
	my @args;
	my ($depth, $cur) = (0, '');
	while ($s =~ /\G("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[()]|,|[^"'(),]+)/gcs) {
		my $tok = $1;
		$depth++ if $tok eq '(';
		$depth-- if $tok eq ')';
		if ($tok eq ',' && $depth == 0) {
			push @args, $cur;
			$cur = '';
		} else {
			$cur .= $tok;
		}
	}
	push @args, $cur;
	s/^\s+|\s+$//g for @args;
	return @args;
}

# The format an argument spells (literals and the *_FORMAT macros), or undef.
sub format_of {
	my $a = shift;
	my $f = '';
	while ($a =~ /\G\s*(?:"((?:\\.|[^"\\])*)"|(U?INT64_FORMAT|INT64_MODIFIER))/gc) {
		if (defined $1) {
			(my $lit = $1) =~ s/\\(.)/$1 eq 'n' ? "\n" : $1/ge;
			$f .= $lit;
		} else {
			$f .= $2 eq 'INT64_MODIFIER' ? 'll' : '%lld';
		}
	}
	return undef unless $a =~ /\G\s*$/gc && length $a;
	return $f;
}

# The conversions of a format: [type, quoted?] each, in argument order
# ("*" stands for a width or precision taking an argument).
sub conversions {
	my $f = shift;
	my @conv;
	while ($f =~ /%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?(?:hh|h|ll|l|z|j|t|L)?([diouxXeEfgGcspm%])/g) {
		my ($w, $p, $type) = ($2, $3, $4);
		next if $type eq '%' || $type eq 'm';
		my $end = pos $f;
		my $begin = $end - length $&;
		push @conv, ['*', 0] if defined $w && $w eq '*';
		push @conv, ['*', 0] if defined $p && $p eq '*';
		my $before = $begin > 0 ? substr($f, $begin - 1, 1) : '';
		my $quoted = ($before eq '"' || $before eq "'") && substr($f, $end, 1) eq $before;
		push @conv, [$type, $quoted];
	}
	return @conv;
}

# The problems of one file's text, as "line: rule: text" strings.
sub check_text {
	my ($text) = @_;
	my $t = uncomment($text);
	my @found;
	my $line_of = sub { 1 + (substr($t, 0, shift) =~ tr/\n//) };
	while ($t =~ /\b($calls)\s*\(/g) {
		my ($fn, $open) = ($1, pos $t);
		my ($body, $close) = eval { arglist($t, $open) };
		my $line = $line_of->($open);
		if (!defined $body) {
			push @found, "$line: parse: cannot read the arguments of $fn";
			next;
		}
		my @args = split_args($body);
		my $bad = sub { push @found, "$line: $_[0]: $fn(" . ($body =~ s/\s+/ /gr) . ")" };
		if ($fn eq 'ereport') {
			$bad->('errcode: an ereport names its SQLSTATE')
			  if $body !~ /\berrcode(?:_for_file_access|_for_socket_access)?\s*\(/;
			next;
		}
		my @fmts;
		my $first = 0;
		if ($fn eq 'elog') {
			$bad->('elog: a message a client reads is an ereport with an errcode')
			  if $args[0] =~ /^(?:WARNING|NOTICE|INFO)$/;
			$first = 1;
		}
		my $nfmt = $plural{$fn} ? 2 : 1;
		for my $k ($first .. $first + $nfmt - 1) {
			my $f = format_of($args[$k] // '');
			if (!defined $f) {
				$bad->('detail: the format is not a literal');
				@fmts = ();
				last;
			}
			push @fmts, $f;
		}
		next unless @fmts;
		my @rest = @args[$first + $nfmt + ($plural{$fn} ? 1 : 0) .. $#args];
		for my $f (@fmts) {
			if ($primary{$fn}) {
				my ($word) = $f =~ /^(\S*)/;
				$bad->('primary: starts with a capital letter')
				  if $f =~ /^[A-Z]/ && $word !~ /^[A-Za-z]+?[A-Z]/
				  && !grep { $word =~ /^\Q$_\E\b/ } @proper;
				$bad->('primary: ends with a period') if $f =~ /\.\s*$/;
			} else {
				$bad->('detail: not a sentence starting with a capital letter') unless $f =~ /^[A-Z]/;
				$bad->('detail: not a sentence ending with a period') unless $f =~ /\.$/;
			}
			$bad->('duration: a span of time spelled in the text')
			  if $f =~ /\b(?:\d+|one|a)\s+(?:second|minute|hour|day|week)s?\b/i;
			my @conv = conversions($f);
			for my $i (0 .. $#conv) {
				my ($type, $quoted) = @{$conv[$i]};
				my $arg = $rest[$i] // '';
				next unless $type eq 's' && !$quoted;
				$bad->("quoting: %s of $arg is not quoted")
				  unless grep { $arg =~ $_ } @names;
			}
		}
		for my $arg (@rest) {
			$bad->("splicing: argument $arg is English text")
			  if $arg =~ /^"/ || $arg =~ /\?[^:]*"[^"]*"\s*:|:\s*"/;
		}
	}
	my %once;
	return grep { !$once{$_}++ } @found;
}

sub slurp {
	my $f = shift;
	open my $fh, '<', $f or die "$f: $!\n";
	local $/;
	return scalar <$fh>;
}

if (@ARGV && $ARGV[0] eq '--self-test') {
	# [planted code, the rule it must break (or '' for none)]
	my @cases = (
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("invalid input syntax for type ulid: \"%s\"", quote_text(s))));', ''],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("Value is bad")));', 'primary'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("value is bad.")));', 'primary'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("COMB layout is bad"), errdetail("TypeID too.")));', ''],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("Snowflake id " INT64_FORMAT " holds no time", id)));', ''],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("bad"), errdetail("%s", detail)));', 'detail'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("bad"), errdetail(detail)));', 'detail'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("bad"), errhint("raise it.")));', 'detail'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("bad"), errhint("Raise it")));', 'detail'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("column %s of %s.%s is bad", a, b, c)));', 'quoting'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("column \"%s\" of \"%s.%s\" is bad", a, b, c)));', 'quoting'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("column \"%s\" of table \"%s.%s\" is bad", a, b, c)));', 'quoting'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("column \"%s\" of table \"%s\".\"%s\" is bad", a, b, c)));', ''],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("%s holds times from %s", family->name, family->range)));', ''],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("family \"%s\" holds %s values", f, big ? "uuid" : "bigint")));', 'splicing'],
		['ereport(ERROR, (errcode(ERRCODE_X), errmsg("family \"%s\" holds %s values", f, "uuid")));', 'splicing'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("keys more than 1 day ahead are ignored")));', 'duration'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg("keys more than %d seconds ahead are ignored", n)));', ''],
		['ereport(WARNING, (errmsg("partition \"%s\" is a foreign table", p)));', 'errcode'],
		['ereport(LOG, (errmsg("uuid_seq restored its frontiers")));', 'errcode'],
		['ereport(LOG, (errcode(ERRCODE_SUCCESSFUL_COMPLETION), errmsg("uuid_seq restored its frontiers")));', ''],
		['elog(WARNING, "something odd");', 'elog'],
		['elog(ERROR, "unknown op code %u", info);', ''],
		['return errdetail("the UUID given is version %d.", v);', 'detail'],
		['GUC_check_errdetail("\"%s\" is not an interval.", text);', 'detail'],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg_plural("%llu key is bad", "%llu keys are bad", n, (unsigned long long) n)));', ''],
		['ereport(WARNING, (errcode(ERRCODE_X), errmsg_plural("%llu key is bad", "%llu keys are bad.", n, (unsigned long long) n)));', 'primary'],
	);
	my $failed = 0;
	for my $c (@cases) {
		my ($code, $rule) = @$c;
		my @got = check_text("void f(void)\n{\n\t$code\n}\n");
		my $ok = $rule eq '' ? !@got : (grep { /^\d+: \Q$rule\E:/ } @got);
		next if $ok;
		$failed++;
		print "FAIL self-test: ", ($rule eq '' ? 'a good message was refused' : "the $rule rule missed it"),
		  ": $code\n", map { "  $_\n" } @got;
	}
	printf "message-check --self-test: %d planted messages, %d wrong\n", scalar(@cases), $failed;
	exit($failed ? 1 : 0);
}

my @files = @ARGV;
unless (@files) {
	find({ no_chdir => 1, wanted => sub { push @files, $_ if -f $_ && /\.[ch]$/ } }, "$top/src");
	@files = sort @files;
}
my ($problems, $messages) = (0, 0);
for my $f (@files) {
	(my $rel = $f) =~ s{^\Q$top\E/}{};
	my $text = slurp($f);
	$messages += () = uncomment($text) =~ /\b(?:errmsg|errmsg_plural|GUC_check_errmsg|elog)\s*\(/g;
	my @found = check_text($text);
	print "FAIL $rel:$_\n" for @found;
	$problems += @found;
}
printf "message-check src/: %d files, %d messages; %d problem(s)\n",
	scalar(@files), $messages, $problems;
exit($problems ? 1 : 0);
