# uuid_seq_raise_frontiers() run by a superuser in a database whose owner
# prepared it (issue 34): what the owner's tables can make of the raise.
#
# - one rule: no column carries a frontier more than the horizon (5
#   minutes unless asked) past the clock, nor exhausts a family, whatever
#   its keys and its uuidv7(shift) shift; the shift is undone as the
#   generator applies it (months on the calendar, in any time zone), so a
#   key of 2262 under '40000 months -1120000 days' came from a step of
#   1995, and one fresh key of uuidv7('-3 days'), whose step any zone's
#   offset can put up to 26 hours later, raises v7 to the horizon, no
#   further.
# - a table its owner keeps locked (ACCESS EXCLUSIVE) is listed with raised
#   NULL and a WARNING after lock_wait (or the session's shorter
#   lock_timeout), and the others are raised; so is a partitioned table
#   whose partition the owner locked before asking for the partitioned
#   table the raise holds (a deadlock, or lock_wait's end): the statement
#   finishes, and the owner's transaction too.
# - uuidv7('N days') keys made across the next spring-forward of a zone
#   (New York or Sydney, whichever comes next, N from the date of the
#   run), one imported from a server 45 minutes ahead: raised to with
#   horizon => '1 hour' (UTC's arithmetic put its step an hour earlier,
#   below the frontier: raised false, and the next key 15 minutes below
#   it); the same across a fall-back, where the key lies an hour past
#   UTC's arithmetic and was taken for one past the horizon.
# - tables the owner changes while the raise waits for a lock the owner
#   holds: each is checked again under its own lock; a table turned into a
#   view (CREATE RULE "_RETURN", 13 to 15: 16 refuses it) is not read (its
#   scan crashed the server), nor a key column of another type; a dropped
#   table is not listed; a partition detached meanwhile is read on its own
#   (it still holds keys, and its default still calls the generator).
# - a domain named sqlguid that the extension's owner adds to the
#   extension does not take the place of the real sqlguid.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../perl";
use UuidSeqMajor;

my $node = PostgreSQL::Test::Cluster->new('raise_owner');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->start;
$node->safe_psql('postgres', q{
	CREATE EXTENSION uuid_seq;
	CREATE ROLE mowner LOGIN;
	CREATE DATABASE mdb OWNER mowner;
});

# SQL run by a database's owner (the extension is trusted: theirs too).
sub as_owner
{
	my ($sql, $db) = @_;
	return $node->safe_psql($db // 'mdb', $sql, extra_params => [ '-U', 'mowner' ]);
}

# The raise with arguments $args: each column's table and raised.
sub raise_sql
{
	my ($args) = @_;
	$args //= '';
	return qq{
	SELECT string_agg(table_name || ' ' || coalesce(raised::text, 'NULL'), ', '
	                  ORDER BY table_name::text)
	FROM uuid_seq_raise_frontiers($args)};
}

# The raise in a database (mdb), as the superuser: its rows and stderr.
sub raise
{
	my ($settings, $db, $args) = @_;
	$settings //= '';
	my ($ret, $out, $err) = $node->psql($db // 'mdb', $settings . raise_sql($args));
	is($ret, 0, 'the raise runs') or diag($err);
	return ($out, $err);
}

# Whether a new v7 key of database postgres lies at the clock, at most the
# default horizon (5 minutes) past it.
sub v7_near_clock
{
	return $node->safe_psql('postgres', q{
		SELECT uuid_v7_to_timestamptz(uuid_generate_v7())
		       BETWEEN now() - interval '1 minute' AND now() + interval '6 minutes'});
}

as_owner(q{
	CREATE EXTENSION uuid_seq;
	CREATE SCHEMA m;
	CREATE TABLE m.t (id uuid PRIMARY KEY DEFAULT public.uuidv7('40000 months -1120000 days'));
	INSERT INTO m.t VALUES (public.uuid_generate_v7('2262-04-01+00'));
	CREATE TABLE m.far (id uuid PRIMARY KEY DEFAULT public.uuidv7('3600000 months -100800000 days'));
	INSERT INTO m.far VALUES (public.uuid_generate_v7('10889-08-01+00'));
	CREATE TABLE m.fresh (id uuid PRIMARY KEY DEFAULT public.uuidv7('-3 days'));
	INSERT INTO m.fresh DEFAULT VALUES;
});
my ($rows, $err) = raise();
is($rows, 'm.far NULL, m.fresh true, m.t false',
	'keys of 2262 and 10889 raise nothing; one fresh key of uuidv7(\'-3 days\') raises v7 ...');
is(v7_near_clock(), 't', '... to the horizon, no further: v7 keys of another database stay near the clock');
like($err,
	qr/WARNING:  column "id" of relation "m"\."far" is not raised\nDETAIL:  Its uuidv7\(\) shift lies outside the UUIDv7 range\./,
	'a shift uuidv7() refuses: a WARNING names the column');
unlike($err, qr/m\.(t|fresh)\b/, 'no WARNING for the others');


# ---- tables changed while the raise waits for a lock their owner holds

my $rules = tested_major() <= 15;
$node->safe_psql('postgres', 'CREATE DATABASE ldb OWNER mowner');
as_owner(q{
	CREATE EXTENSION uuid_seq;
	CREATE SCHEMA l;
	CREATE TABLE l.a_stall (id uuid PRIMARY KEY DEFAULT public.uuid_generate_v7());
	CREATE TABLE l.b_dropped (id uuid PRIMARY KEY DEFAULT public.uuid_generate_v7());
	INSERT INTO l.b_dropped VALUES (public.uuid_generate_v7(now() + interval '10 min'));
	CREATE TABLE l.c_retyped (id uuid PRIMARY KEY DEFAULT public.uuid_generate_v7());
	INSERT INTO l.c_retyped VALUES (public.uuid_generate_v7(now() + interval '10 min'));
	CREATE TABLE l.p (id uuid DEFAULT public.uuid_generate_v7(), n int) PARTITION BY RANGE (n);
	CREATE TABLE l.p1 PARTITION OF l.p FOR VALUES FROM (0) TO (10);
	CREATE TABLE l.p2 PARTITION OF l.p FOR VALUES FROM (10) TO (20);
	INSERT INTO l.p VALUES (public.uuid_generate_v7(now() - interval '1 hour'), 1),
	                       (public.uuid_generate_v7(now() + interval '10 min'), 11);
	CREATE TABLE l.z_victim (id uuid DEFAULT public.uuid_generate_v7(), n int);
}, 'ldb');
my $owner = $node->background_psql('ldb');
$owner->query_safe(q{
	SET ROLE mowner;
	BEGIN;
	LOCK l.a_stall IN ACCESS EXCLUSIVE MODE;
});
my $raiser = $node->background_psql('ldb');
my $pid = $raiser->query_safe('SELECT pg_backend_pid()');
# (keys ten minutes ahead: horizon => '1 hour'; the lock held until the
# owner commits: lock_wait => '1 hour')
$raiser->query_until(qr/raising/,
	"\\echo raising\n" . raise_sql("horizon => '1 hour', lock_wait => '1 hour'") . ";\n");
$node->poll_query_until('ldb',
	"SELECT EXISTS (SELECT FROM pg_locks WHERE pid = $pid AND NOT granted)")
  or die 'the raise did not wait for l.a_stall';
$owner->query_safe(q{
	DROP TABLE l.b_dropped;
	ALTER TABLE l.c_retyped ALTER id TYPE text;
	ALTER TABLE l.p DETACH PARTITION l.p2;
} . ($rules ? q{
	CREATE RULE "_RETURN" AS ON SELECT TO l.z_victim
	DO INSTEAD SELECT NULL::uuid AS id, NULL::int AS n;
} : '') . 'COMMIT;');
# (the WARNINGs go to stderr, which query_safe() refuses)
my ($out) = $raiser->query('SELECT 1');
($rows) = split /\n/, $out;
is($rows,
	'l.a_stall false, l.c_retyped NULL, l.p false, l.p2 true, l.z_victim '
	  . ($rules ? 'NULL' : 'false'),
	'changed meanwhile: a dropped table is not listed, a retyped column not read, '
	  . 'a detached partition read on its own'
	  . ($rules ? ', a table turned into a view not read' : ''));
like($raiser->{stderr},
	qr/WARNING:  column "id" of relation "l"\."c_retyped" is not raised\nDETAIL:  Its type changed while the statement waited/,
	'... with a WARNING for the retyped column');
if ($rules)
{
	like($raiser->{stderr},
		qr/WARNING:  column "id" of relation "l"\."z_victim" is not raised\nDETAIL:  Its table became another kind of relation while the statement waited for it/,
		'... and for the table turned into a view');
}
else
{
	my ($ret, $o, $e) = $node->psql('ldb', q{
		CREATE RULE "_RETURN" AS ON SELECT TO l.z_victim
		DO INSTEAD SELECT NULL::uuid AS id, NULL::int AS n},
		extra_params => [ '-U', 'mowner' ]);
	like($e, qr/cannot have ON SELECT rules/,
		'16 and later: a table cannot be turned into a view (no such case to test)');
}
$raiser->quit;
$owner->quit;
is($node->safe_psql('ldb', 'SELECT 1'), '1', 'the server stayed up');
is( as_owner(q{
		INSERT INTO l.p2 (n) VALUES (12)
		RETURNING id > (SELECT id FROM l.p2 WHERE n = 11)}, 'ldb'),
	't', 'a new key of the detached partition lies above its old one');

# ---- a lock the owner keeps, and a deadlock the owner's order makes

$node->safe_psql('postgres', 'CREATE DATABASE odb OWNER mowner');
as_owner(q{
	CREATE EXTENSION uuid_seq;
	CREATE SCHEMA o;
	CREATE TABLE o.a_locked (id bigint PRIMARY KEY DEFAULT public.tsid_generate());
	CREATE TABLE o.b_free (id bigint PRIMARY KEY DEFAULT public.tsid_generate());
	INSERT INTO o.b_free VALUES (public.tsid_lower_bound(now() + interval '1 min'));
	CREATE TABLE o.p (id uuid DEFAULT public.ulid_generate(), n int) PARTITION BY RANGE (n);
	CREATE TABLE o.p1 PARTITION OF o.p FOR VALUES FROM (0) TO (10);
	CREATE TABLE o.p2 PARTITION OF o.p FOR VALUES FROM (10) TO (20);
	INSERT INTO o.p VALUES (public.ulid_lower_bound(now() + interval '1 min'), 11);
}, 'odb');
# (the owner's session never runs the deadlock check: the raise's wait is
# the one a deadlock ends, as when the owner's check comes later)
$owner = $node->background_psql('odb');
$owner->query_safe(q{
	SET deadlock_timeout = '1h';
	SET ROLE mowner;
	BEGIN;
	LOCK o.a_locked IN ACCESS EXCLUSIVE MODE;
});
($rows, $err) = raise('', 'odb', "lock_wait => '1 second'");
is($rows, 'o.a_locked NULL, o.b_free true, o.p true',
	'a table its owner keeps locked: listed with raised NULL after lock_wait, the others raised');
like($err,
	qr/WARNING:  column "id" of relation "o"\."a_locked" is not raised\nDETAIL:  Another session held a lock on its table for more than 1 second \(lock_wait, or lock_timeout where shorter\)\.\nHINT:  Run the statement again once the lock is released/,
	'... with a WARNING saying how to raise it later');
($rows, $err) = raise("SET lock_timeout = '200ms';", 'odb');
is($rows, 'o.a_locked NULL, o.b_free false, o.p false',
	'the session\'s lock_timeout, where shorter than lock_wait, bounds the wait');
like($err, qr/for more than 0\.2 seconds \(lock_wait/, '... and the WARNING says so');
$owner->query_safe('COMMIT');

# The deadlock order: the owner locks a partition, the raise locks the
# partitioned table and waits for the partition, the owner asks for the
# partitioned table.  The raise's wait ends in a deadlock (its
# deadlock_timeout, 5 s, long enough for the owner's request to come
# first), or at lock_wait on a slower machine: either way the partitioned
# table is listed with raised NULL, the statement ends, and the owner's
# transaction goes on.
$owner->query_safe(q{
	BEGIN;
	LOCK o.p1 IN ACCESS EXCLUSIVE MODE;
});
$raiser = $node->background_psql('odb');
$raiser->query_safe(q{SET deadlock_timeout = '5s'});
$pid = $raiser->query_safe('SELECT pg_backend_pid()');
$raiser->query_until(qr/raising/,
	"\\echo raising\n" . raise_sql("lock_wait => '1 min'") . ";\n");
$node->poll_query_until('odb', qq{
	SELECT EXISTS (SELECT FROM pg_locks WHERE pid = $pid AND NOT granted
	                                      AND relation = 'o.p1'::regclass)})
  or die 'the raise did not wait for o.p1';
$owner->query_until(qr/locking/, "\\echo locking\nLOCK o.p IN ACCESS EXCLUSIVE MODE;\n");
($out) = $raiser->query('SELECT 1');
($rows) = split /\n/, $out;
is($rows, 'o.a_locked false, o.b_free false, o.p NULL',
	'the deadlock order: the partitioned table listed with raised NULL, the others raised');
like($raiser->{stderr},
	qr/WARNING:  column "id" of relation "o"\."p" is not raised\nDETAIL:  (Waiting for the lock on its partition "o"\."p1" deadlocked with another session|Another session held a lock on its partition "o"\."p1" for more than 1 minute)/,
	'... with a WARNING naming the partition');
note "the raise's WARNING: $1" if $raiser->{stderr} =~ /DETAIL:  ([^\n]*p1[^\n]*)/;
$owner->query_safe('COMMIT');
is(session_value($owner, q{SELECT count(*) FROM o.p}), '1', 'the owner\'s transaction went on');
$raiser->quit;
$owner->quit;

# ---- a look-alike sqlguid added to the extension by its owner

$node->safe_psql('postgres', 'CREATE DATABASE gdb OWNER mowner');
as_owner(q{
	CREATE EXTENSION uuid_seq;
	CREATE SCHEMA g;
	CREATE DOMAIN g.sqlguid AS uuid;
	ALTER EXTENSION uuid_seq ADD DOMAIN g.sqlguid;
	CREATE TABLE g.invoices (id public.sqlguid PRIMARY KEY DEFAULT public.comb_new(), n int);
	INSERT INTO g.invoices VALUES (public.comb_new(now() + interval '10 min'), 1);
}, 'gdb');
($rows, $err) = raise('', 'gdb', "horizon => '1 hour'");
is($rows, 'g.invoices true', 'a sqlguid column is read whatever else is named sqlguid');
unlike($err, qr/WARNING/, '... without a WARNING');
is( as_owner(q{
		INSERT INTO g.invoices (n) VALUES (2)
		RETURNING id > (SELECT id FROM g.invoices WHERE n = 1)}, 'gdb'),
	't', 'a new key of the sqlguid column lies above its old one');

$node->stop;

# ---- uuidv7(shift) across a daylight saving time change

# The zone, of one on either hemisphere, whose next change of UTC offset
# (in the next 400 days, from the date of the run) goes the way asked
# (1: a spring-forward, -1: a fall-back), and N, the days of a shift that
# reaches just past it and no further change.
sub zone_changing
{
	my ($node, $way) = @_;
	for my $zone ('America/New_York', 'Australia/Sydney')
	{
		my ($days, $dir) = split /\|/, $node->safe_psql('postgres', qq{
			SET TimeZone = '$zone';
			SELECT d::date - current_date + 2,
			       sign(extract(timezone FROM d + interval '12 hours')
			            - extract(timezone FROM d - interval '12 hours'))
			FROM generate_series(current_date + 1, current_date + 400, interval '1 day') d
			WHERE extract(timezone FROM d + interval '12 hours')
			      <> extract(timezone FROM d - interval '12 hours')
			ORDER BY d LIMIT 1});
		return ($zone, $days) if $dir == $way;
	}
	die "no zone whose next change goes $way";
}

# A session in such a zone makes uuidv7('N days') keys, N reaching past
# the zone's next change; one key was imported from a server whose clock
# ran 45 minutes ahead.  A fresh server for each way, v7 at its clock.
#
# Spring-forward: the offset at the key is an hour larger than at the
# step, so the key lies an hour before the step + N days in UTC.  UTC's
# arithmetic finds the imported key's step 15 minutes before the clock,
# below the frontier: nothing raised, and the next key 15 minutes below
# it.  The latest step any zone allows lies past it: raised (to the
# horizon given, an hour), and the next key above.
#
# Fall-back: the offset an hour smaller, the key an hour after the step +
# N days in UTC, the imported one an hour and 45 minutes after.  Read up to
# UTC's arithmetic of the horizon, it was taken for a key past it: not
# raised, and the next key below it.  Read up to the latest value any zone
# gives the horizon's step, it is raised (to the horizon).
for my $way ([ 1, 'spring-forward' ], [ -1, 'fall-back' ])
{
	my ($dir, $what) = @$way;
	my $dst = PostgreSQL::Test::Cluster->new($dir > 0 ? 'raise_dst' : 'raise_dst_fall');
	$dst->init;
	$dst->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
	$dst->start;
	my ($zone, $days) = zone_changing($dst, $dir);
	note "uuidv7('$days days') in $zone: past its next $what";
	$dst->safe_psql('postgres', qq{
		SET TimeZone = '$zone';
		CREATE EXTENSION uuid_seq;
		CREATE TABLE dst (id uuid PRIMARY KEY DEFAULT public.uuidv7('$days days'), n int);
		INSERT INTO dst VALUES
		    (uuid_generate_v7(now() + interval '45 minutes' + interval '$days days'), 1);
		SELECT uuid_generate_v7();  -- (v7's frontier at the clock)
	});
	is( $dst->safe_psql('postgres', q{
			SET TimeZone = 'UTC';
			SELECT raised FROM uuid_seq_raise_frontiers(horizon => '1 hour')}),
		't', "a key 45 minutes ahead of its uuidv7('N days') step, made across a $what: raised");
	is( $dst->safe_psql('postgres', qq{
			SET TimeZone = '$zone';
			INSERT INTO dst (n) VALUES (2) RETURNING id > (SELECT id FROM dst WHERE n = 1)}),
		't', "... and the next key of the $zone session lies above it");
	$dst->stop;
}

done_testing();
