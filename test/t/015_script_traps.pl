# Install and update scripts never run a database owner's code (issue 28,
# the class of CVE-2020-14350).  uuid_seq is trusted, so a role with CREATE
# on a database installs it and its scripts run as the bootstrap superuser,
# with the target schema in search_path.  pg_catalog is searched first, so
# only a look-alike that matches a call better than the catalog's own
# function can win: an overload with concrete argument types beside a
# variadic, polymorphic or "any" signature (format(text, VARIADIC "any")),
# or one that saves an implicit cast.
#
# Two checks, both derived from the installed scripts, not from a list, so
# that a future script cannot slip past:
#
# - a rule: no unqualified call, in the scripts' code (DO blocks and their
#   dynamic SQL included), of a name pg_catalog has as a function;
# - traps: every unqualified call `name(args)` in them whose name is a
#   pg_catalog function gets overloads of the call's arity over a set of
#   concrete types, scalar and array (every combination up to two
#   arguments, combinations of at most two types beyond), and every
#   operator the scripts use that pg_catalog has, spelled as a symbol or
#   implied by a keyword (LIKE is ~~, IN and CASE compare with =, ...), gets
#   binary and prefix operators over the same types.  String literals are
#   read as code where they are code (a DO '...' body, EXECUTE '...',
#   format()'s format string).  The owner of
#   a fresh database plants them in public and in a schema of its own;
#   then, as that owner and again as a superuser, every shipped version is
#   installed in each schema and every update path is walked.  A trap that
#   runs says so in a WARNING and fails the statement; the test fails on
#   either.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# (pg_config is the tested major's, first in PATH under make prove)
my $sharedir = `pg_config --sharedir`;
chomp $sharedir;
my @scripts = glob("$sharedir/extension/uuid_seq--*.sql");
ok(@scripts >= 4, 'the installed scripts are found (' . scalar(@scripts) . ')');

my $node = PostgreSQL::Test::Cluster->new('traps');
$node->init;
$node->start;

# --- what the scripts call ------------------------------------------------

# tokens TEXT: identifiers, punctuation and operator symbols of the code in
# TEXT, with comments left out, and the contents of its string literals.
# The bodies of dollar-quoted strings ($$ of DO blocks, $sql$ of their
# dynamic SQL) are code and are read in place; a single-quoted string
# stands as one token, and the contents are returned to
# be read on their own: those of literals that are code (after DO or
# EXECUTE, format()'s format string), not prose (a COMMENT).
sub tokens
{
	my ($text) = @_;
	my (@tok, @literals);
	pos($text) = 0;
	while (pos($text) < length($text))
	{
		if ($text =~ /\G\s+/gc || $text =~ /\G--[^\n]*/gc || $text =~ m{\G/\*.*?\*/}gcs)
		{
			next;
		}
		elsif ($text =~ /\G[Ee]'((?:[^'\\]|\\.|'')*)'/gcs
			|| $text =~ /\G[Uu]?'((?:[^']|'')*)'/gcs)
		{
			my $body = $1 =~ s/''/'/gr;
			$body =~ s/\\(.)/$1/gs if $& =~ /^[Ee]/;
			# code: after DO or EXECUTE, the format string of format(), or
			# appended with || to one of those
			push @literals, $body
			  if @tok && ($tok[-1] =~ /^(ident:do|ident:execute|op:\|\|)$/
				|| (@tok > 1 && $tok[-1] eq '(' && $tok[-2] =~ /^ident:format$/));
			push @tok, 'literal';
		}
		elsif ($text =~ /\G\$\d+/gc)
		{
			push @tok, 'literal';
		}
		elsif ($text =~ /\G\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/gc)
		{
			next;    # a dollar quote's delimiter: its body is code
		}
		elsif ($text =~ /\G"((?:[^"]|"")*)"/gc)
		{
			push @tok, "ident:$1";
		}
		elsif ($text =~ /\G([A-Za-z_][A-Za-z0-9_\$]*)/gc)
		{
			push @tok, 'ident:' . lc($1);
		}
		elsif ($text =~ /\G(\d+(?:\.\d+)?)/gc)
		{
			push @tok, 'literal';
		}
		elsif ($text =~ m{\G([-+*/<>=~!\@#%^&|`?]+)}gc)
		{
			push @tok, "op:$1";
		}
		else
		{
			$text =~ /\G(.)/gcs;
			push @tok, $1;
		}
	}
	return (\@tok, \@literals);
}

# calls TOKENS: [name, arity] of every unqualified call.  A name after
# FUNCTION, AGGREGATE, PROCEDURE, TYPE or OPERATOR (and FUNCTION n in an
# operator class) is an object being defined or named with its exact
# signature, not a call.  Commas inside brackets (ARRAY[a, b]) or inner
# parentheses separate no arguments of the call.
sub calls
{
	my @tok = @_;
	my @calls;
	for my $i (0 .. $#tok - 1)
	{
		next unless $tok[$i] =~ /^ident:(.+)$/ && $tok[ $i + 1 ] eq '(';
		my $name = $1;
		next if $i > 0 && $tok[ $i - 1 ] eq '.';
		my $before = $i > 0 ? $tok[ $i - 1 ] : '';
		$before = $tok[ $i - 2 ] if $before eq 'literal' && $i > 1;
		next if $before =~ /^ident:(function|aggregate|procedure|type|operator)$/;
		my ($depth, $brackets, $commas, $empty) = (0, 0, 0, 1);
		for my $j ($i + 1 .. $#tok)
		{
			if ($tok[$j] eq '(') { $depth++; next; }
			if ($tok[$j] eq ')') { last if --$depth == 0; next; }
			$empty = 0;
			$brackets++ if $tok[$j] eq '[';
			$brackets-- if $tok[$j] eq ']';
			$commas++ if $depth == 1 && $brackets == 0 && $tok[$j] eq ',';
		}
		push @calls, [ $name, $empty ? 0 : $commas + 1 ];
	}
	return @calls;
}

# The operators that SQL keywords stand for: x LIKE y is x ~~ y, IN, CASE,
# NULLIF, IS DISTINCT FROM and ANY/ALL/SOME compare with =, BETWEEN with
# >= and <=, and so on.
my %keyword_operators = (
	like => [qw(~~ !~~)],
	ilike => [qw(~~* !~~*)],
	similar => [qw(~ !~)],
	between => [qw(>= <= > <)],
	map { $_ => [qw(= <>)] } qw(in case nullif distinct any all some));

# Calls and operators of the scripts.
my (%arities, %operators);
my @texts = map { slurp_file($_) } @scripts;
while (defined(my $text = shift @texts))
{
	my ($tok, $literals) = tokens($text);
	push @texts, @$literals;
	$arities{ $_->[0] }{ $_->[1] } = 1 for calls(@$tok);
	for (@$tok)
	{
		$operators{ substr($_, 3) } = 1 if /^op:/;
		$operators{$_} = 1 for @{ $keyword_operators{ s/^ident://r } // [] };
	}
}

# The ones pg_catalog has: a function that takes that many arguments (with
# its defaults, or VARIADIC), an operator of that name.
my $quoted = sub { join ',', map { "'" . s/'/''/gr . "'" } @_ };
my %catalog_fn = map { $_ => 1 } split /\n/, $node->safe_psql(
	'postgres', sprintf(
		q{SELECT DISTINCT proname || '/' || n
		  FROM pg_catalog.pg_proc p, pg_catalog.generate_series(0, 8) n
		  WHERE p.pronamespace = 'pg_catalog'::pg_catalog.regnamespace
		    AND p.proname IN (%s)
		    AND n >= p.pronargs - p.pronargdefaults
		    AND (n <= p.pronargs OR p.provariadic <> 0)},
		$quoted->(keys %arities)));
# Beyond the traps, a rule a future script cannot slip past whatever the
# types: no unqualified call of a name pg_catalog has as a function (other
# than a type's name, which `name(n)` also spells as a type modifier).
my @unqualified = split /\n/, $node->safe_psql(
	'postgres', sprintf(
		q{SELECT DISTINCT proname FROM pg_catalog.pg_proc
		  WHERE pronamespace = 'pg_catalog'::pg_catalog.regnamespace AND proname IN (%s)
		    AND proname NOT IN (SELECT typname FROM pg_catalog.pg_type
		                        WHERE typnamespace = 'pg_catalog'::pg_catalog.regnamespace)
		  ORDER BY 1},
		$quoted->(keys %arities)));
is(join(' ', @unqualified), '', 'no script calls a catalog function without pg_catalog.');

my @called = sort grep { $catalog_fn{$_} }
  map { my $f = $_; map { "$f/$_" } keys %{ $arities{$f} } } keys %arities;
my @ops = sort split /\n/, $node->safe_psql(
	'postgres', sprintf(
		q{SELECT DISTINCT oprname FROM pg_catalog.pg_operator
		  WHERE oprnamespace = 'pg_catalog'::pg_catalog.regnamespace AND oprname IN (%s)},
		$quoted->(keys %operators)));
# (the derivation reads the dynamic SQL of a DO block, as 1.0 to 1.2.0 had)
my ($sample, $sample_literals) = tokens(
	q{DO $$ BEGIN EXECUTE format($sql$ COMMENT ON FUNCTION %1$I.f(uuid) IS 'g(x)';
	  SELECT array_to_string(ARRAY['a', 'b'], ',') $sql$, current_schema(), 'x'); END $$;
	  DO 'BEGIN PERFORM lower(''a''); END';});
is( join(' ', map { "$_->[0]/$_->[1]" } calls(@$sample), map { calls(@{ (tokens($_))[0] }) } @$sample_literals),
	'format/3 array_to_string/2 current_schema/0 lower/1',
	'the derivation finds the calls of DO blocks, quoted or not, and of their dynamic SQL');
note 'catalog calls: ' . join(' ', @called);
note 'catalog operators: ' . join(' ', @ops);

# --- the traps --------------------------------------------------------------

my @types = qw(text name varchar "char" integer bigint numeric oid boolean uuid bytea
  regclass timestamptz interval jsonb text[] name[] integer[] bigint[]);

# signatures N: argument type lists of N, all combinations up to 2, beyond
# that the combinations of at most two types.
sub signatures
{
	my ($n) = @_;
	my @all = ([]);
	for my $k (1 .. $n)
	{
		@all = map { my $s = $_; map { [ @$s, $_ ] } @types } @all;
		@all = grep { my %seen = map { $_ => 1 } @$_; keys(%seen) <= 2 } @all if $k > 2;
	}
	return @all;
}

# (on 15 and later only the owner creates in public; before, anyone)
$node->safe_psql('postgres', 'CREATE ROLE mallory LOGIN; CREATE DATABASE mdb OWNER mallory');
my @plant = ('CREATE SCHEMA elsewhere', 'CREATE SCHEMA traps');
my $fired = q{BEGIN
	RAISE WARNING 'uuid_seq trap fired: %%', %s;
	RAISE EXCEPTION 'uuid_seq trap fired: %%', %s;
END};
my $n_fn = 0;
for my $call (@called)
{
	my ($name, $n) = split m{/}, $call;
	for my $sig (signatures($n))
	{
		my $args = join ', ', @$sig;
		my $what = "'$name($args)'";
		for my $schema (qw(public elsewhere))
		{
			push @plant,
			  sprintf(qq{CREATE FUNCTION %s."%s"(%s) RETURNS text LANGUAGE plpgsql AS \$f\$%s\$f\$},
				$schema, $name, $args, sprintf($fired, $what, $what));
			$n_fn++;
		}
	}
}
my $n_op = 0;
for my $i (0 .. $#types)
{
	my $l = $types[$i];
	push @plant,
	  sprintf(qq{CREATE FUNCTION traps.prefix_$i(%s) RETURNS boolean LANGUAGE plpgsql AS \$f\$%s\$f\$},
		$l, sprintf($fired, "'prefix operator on $l'", "'prefix operator on $l'"));
	for my $j (0 .. $#types)
	{
		my $r = $types[$j];
		push @plant,
		  sprintf(
			qq{CREATE FUNCTION traps.infix_${i}_$j(%s, %s) RETURNS boolean LANGUAGE plpgsql AS \$f\$%s\$f\$},
			$l, $r, sprintf($fired, "'operator on $l, $r'", "'operator on $l, $r'"));
	}
}
for my $op (@ops)
{
	for my $schema (qw(public elsewhere))
	{
		for my $i (0 .. $#types)
		{
			# (a prefix operator named like an infix-only one is refused
			# by some majors' grammar: those are left out)
			push @plant, "CREATE OPERATOR $schema.$op (RIGHTARG = $types[$i], FUNCTION = traps.prefix_$i)"
			  if $op =~ /^[-+~!\@#%^&|`?]+$/ && $op !~ /[<>=]/;
			for my $j (0 .. $#types)
			{
				push @plant,
				  "CREATE OPERATOR $schema.$op (LEFTARG = $types[$i], RIGHTARG = $types[$j], "
				  . "FUNCTION = traps.infix_${i}_$j)";
				$n_op++;
			}
		}
	}
}
my ($rc, $out, $err) = $node->psql(
	'mdb', join(";\n", @plant) . ";\n",
	on_error_stop => 1,
	extra_params => [ '-U', 'mallory' ]);
is($rc, 0, "the database owner plants $n_fn functions and $n_op operators") or diag($err);

# --- every install and every update, as the owner and as a superuser -------

my @versions = split /\n/, $node->safe_psql('postgres',
	q{SELECT version FROM pg_catalog.pg_available_extension_versions WHERE name = 'uuid_seq'});
my @paths = map { [ split /\|/ ] } split /\n/, $node->safe_psql('postgres',
	q{SELECT source, target FROM pg_catalog.pg_extension_update_paths('uuid_seq')
	  WHERE path IS NOT NULL});
ok(@versions >= 3 && @paths >= 3,
	scalar(@versions) . ' versions and ' . scalar(@paths) . ' update paths to walk');

my @walks = map { [$_] } @versions;
push @walks, @paths;
for my $role (qw(mallory postgres))
{
	my $user = $role eq 'postgres' ? $node->safe_psql('postgres', 'SELECT current_user') : $role;
	for my $schema (qw(public elsewhere))
	{
		for my $walk (@walks)
		{
			my ($from, $to) = @$walk;
			my $sql = "CREATE EXTENSION uuid_seq VERSION '$from' SCHEMA $schema;\n";
			$sql .= "ALTER EXTENSION uuid_seq UPDATE TO '$to';\n" if defined $to;
			$sql .= "DROP EXTENSION uuid_seq;\n";
			my ($rc, $out, $err) = $node->psql(
				'mdb', "SET client_min_messages = warning;\n$sql",
				on_error_stop => 1,
				extra_params => [ '-U', $user ]);
			my $label = "as $role in $schema: " . (defined $to ? "update $from to $to" : "install $from");
			ok($rc == 0 && $err !~ /uuid_seq trap fired/, "$label runs no planted object")
			  or diag($err);
			$node->safe_psql('mdb', 'DROP EXTENSION IF EXISTS uuid_seq CASCADE') if $rc != 0;
		}
	}
}
is($node->safe_psql('postgres', q{SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = 'mallory'}),
	'f', 'the database owner is still no superuser');

$node->stop;
done_testing();
