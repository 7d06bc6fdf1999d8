# uuid_seq.on_overflow under bursts of more values than a tick holds, from
# one statement: UUIDv7 and Snowflake have 4,096 per millisecond, TSID under
# uuid_seq.node_bits = 12 has 1,024 (its counter starting at random below
# 512).  Every burst reads a frozen clock (uuid_seq.clock_frozen: at the
# start of a millisecond, one nanosecond later at each reading), so what it
# does depends on the number of values, never on how fast the machine takes
# them; each one shifts that clock a minute further ahead
# (uuid_seq.clock_shift) than the one before, so that it starts from a
# frontier behind its clock.  Checked: error raises 54000, advance counts
# overflows (steps carried ahead of the clock), uses ticks up to their last
# counter and stays strictly increasing, wait never lets the frontier get
# more than a millisecond ahead.  Every burst that may wait runs under
# statement_timeout: a frozen clock that never advanced would fail the
# test, not hang it.
#
# Pacing (src/README §1), on a second server: no ordinary role's generation
# carries a frontier more than a second past the clock, or past where a
# superuser's raise, a superuser's burst or a restart left it, however far
# ahead that is; a clock that went back leaves the role that second; a
# wait for the clock sleeps (the wait event) and ends by statement_timeout
# (also on a clock that does not advance) or pg_cancel_backend();
# on_overflow = error refuses with 54000 instead.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# A server preloading uuid_seq, its node id 1000 in $node_bits, started.
sub new_server
{
	my ($name, $node_bits) = @_;
	my $server = PostgreSQL::Test::Cluster->new($name);
	$server->init;
	$server->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = $node_bits
uuid_seq.node_id = 1000
});
	$server->start;
	$server->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	return $server;
}

my $node = new_server('overflow', 12);

# The settings of the next burst: a frozen clock a minute further ahead
# than the last burst's, and the policy.
my $minutes = 0;
sub burst_settings
{
	my ($policy) = @_;
	$minutes++;
	return "SET uuid_seq.clock_frozen = on; SET uuid_seq.clock_shift = '$minutes min'; "
	  . "SET uuid_seq.on_overflow = $policy; SET statement_timeout = '30s';";
}

# Bursts of 10,000: more than two ticks of each family on a frozen clock.
my $n = 10000;
my $burst = "SELECT count(uuid_generate_v7()) FROM generate_series(1, $n)";

my ($ret, $out, $err) = $node->psql('postgres',
	burst_settings('error') . " $burst",
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
isnt($ret, 0, 'error: the burst fails');
like($err, qr/ERROR:  54000: UUIDv7 values for the current clock tick are used up/,
	'error: SQLSTATE 54000');

$node->safe_psql('postgres', "SELECT uuid_seq_reset_stats()");
is( $node->safe_psql(
		'postgres', burst_settings('advance') . " $burst;
		SELECT overflows > 0 FROM uuid_seq_backends WHERE pid = pg_backend_pid()"),
	"$n\nt", 'advance: overflows are counted');

# SQL for a burst of $n values of $expr into an array, then checked: "n|
# strictly increasing|whether $predicate holds for one|the last".
sub in_order
{
	my ($expr, $n, $predicate) = @_;
	return qq{
		SELECT cardinality(a),
		       a = (SELECT array_agg(u ORDER BY u) FROM unnest(a) u)
		         AND (SELECT count(DISTINCT u) FROM unnest(a) u) = cardinality(a),
		       (SELECT bool_or($predicate) FROM unnest(a) u),
		       a[cardinality(a)]
		FROM (SELECT array_agg(u) a FROM (SELECT $expr u FROM generate_series(1, $n)) s) b};
}

# The 8-byte ids (src/README §16): 10,000 in one statement are at least 2
# ms of Snowflake ids and at least 9 of TSIDs here.
my %id64 = (
	snowflake => [ 'snowflake_generate()', 'Snowflake', 'snowflake_counter(u) = 4095' ],
	tsid => [ 'tsid_generate()', 'TSID', 'tsid_counter(u, 12) = 1023' ]);
for my $family (sort keys %id64)
{
	my ($expr, $name, $last_step) = @{ $id64{$family} };
	my ($ret, $out, $err) = $node->psql('postgres',
		burst_settings('error') . " SELECT count($expr) FROM generate_series(1, $n)",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, "$family, error: the burst fails");
	like($err, qr/ERROR:  54000: $name values for the current clock tick are used up/,
		"$family, error: SQLSTATE 54000");

	# advance: every value strictly above the one before, ticks used up to
	# their last counter, overflows counted (an overflow is a step carried
	# out of the tick the clock is in: the frontier ran ahead of the clock),
	# and a value at least a whole millisecond ahead (max_drift_ms counts
	# whole ones): the frozen clock starts at the start of a millisecond,
	# so the burst carries two ticks past it (a clock frozen in the last
	# 16 us of its millisecond, 2 readings a Snowflake id, would cross into
	# the next one first, and the burst stay less than 1 ms ahead of it).
	my ($steps, $state) = split /\n/, $node->safe_psql(
		'postgres', burst_settings('advance') . qq{
		@{[ in_order($expr, $n, $last_step) ]};
		SELECT overflows > 0 AND max_drift_ms > 0, last_id
		FROM uuid_seq_backends WHERE pid = pg_backend_pid()});
	my ($last) = $steps =~ /\|(\d+)$/;
	is("$steps\n$state", "$n|t|t|$last\nt|$last",
		"$family, advance: $n strictly increasing, overflows carried ahead of the clock");
}

# wait: no value ever more than 1 ms ahead of the clock it was taken at, and
# the overflows waited out (the frozen clock advances while a burst waits).
is( $node->safe_psql(
		'postgres', burst_settings('wait') . " $burst;
		SELECT max_drift_ms <= 1, overflows > 0
		FROM uuid_seq_backends WHERE pid = pg_backend_pid()"),
	"$n\nt|t", 'wait: overflows are waited out, never more than 1 ms ahead');
for my $family (sort keys %id64)
{
	my ($expr) = @{ $id64{$family} };
	like( $node->safe_psql(
			'postgres', burst_settings('wait') . qq{
			@{[ in_order($expr, $n, 'true') ]};
			SELECT max_drift_ms <= 1, overflows > 0
			FROM uuid_seq_backends WHERE pid = pg_backend_pid()}),
		qr/^$n\|t\|t\|\d+\nt\|t$/, "$family, wait: strictly increasing, never more than 1 ms ahead");
}

$node->stop;

# ---- pacing ------------------------------------------------------------

# Pacing (src/README §1) on a second server, whose TSIDs have 64 steps a
# millisecond (16 node bits).  An ordinary role is a superuser's session
# after SET ROLE pacer, its superuser-only settings (v7_rand_a = 'random':
# one v7 a millisecond; a frozen or shifted clock) made before.
my $paced = new_server('paced', 16);
$paced->safe_psql('postgres', 'CREATE ROLE pacer');

# SQL that makes $settings, then runs $sql as pacer.
sub as_pacer
{
	my ($settings, $sql) = @_;
	return "$settings; SET ROLE pacer; $sql";
}

# A family's frontier_time.
sub frontier_time
{
	my ($family) = @_;
	return $paced->safe_psql('postgres',
		"SELECT frontier_time FROM uuid_seq_state() WHERE family = '$family'");
}

# Seconds from frontier_time $from to the family's frontier_time now.
sub advanced_since
{
	my ($family, $from) = @_;
	return $paced->safe_psql('postgres', qq{
		SELECT EXTRACT(EPOCH FROM frontier_time - '$from'::timestamptz)
		FROM uuid_seq_state() WHERE family = '$family'});
}

# A clock that went back: the readings before it moved the pace anchor, so
# an ordinary role whose clock runs an hour behind the frontier carries it
# on (500 values, a millisecond each) instead of waiting an hour for its
# clock (statement_timeout would end that wait: 57014).
$paced->safe_psql('postgres', 'SELECT uuid_generate_v7()');
($ret, $out, $err) = $paced->psql('postgres',
	as_pacer(q{SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.clock_shift = '-1 hour';
		SET uuid_seq.on_overflow = 'advance'; SET statement_timeout = '10s'},
		'SELECT count(uuid_generate_v7()) FROM generate_series(1, 500)'));
is("$ret|$out", '0|500', 'a clock an hour behind the frontier: an ordinary role carries it on');

# A clock that does not advance: the frozen clock moves a nanosecond a
# reading, so a paced wait for it (2,000 values a millisecond each, a second
# past it at the 1,000th) never ends by itself, and statement_timeout ends
# it (57014), well within psql's own timeout.  The frontiers stay within a
# second of the wall clock.
my $timed_out = 0;
($ret, $out, $err) = $paced->psql('postgres',
	as_pacer(q{SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.clock_frozen = on;
		SET uuid_seq.on_overflow = 'advance'; SET statement_timeout = '1s'},
		'SELECT count(uuid_generate_v7()) FROM generate_series(1, 2000)'),
	extra_params => [ '-v', 'VERBOSITY=verbose' ],
	timeout => 120, timed_out => \$timed_out);
is($timed_out, 0, 'frozen clock: a paced wait ends');
like($err, qr/ERROR:  57014: canceling statement due to statement timeout/,
	'frozen clock: statement_timeout ends a paced wait (57014)');
is( $paced->safe_psql('postgres', q{
		SELECT bool_and(frontier_time IS NULL
		                OR frontier_time < clock_timestamp() + interval '1.001 s')
		FROM uuid_seq_state()}),
	't', 'every frontier within a second of the wall clock');

# However far ahead a superuser's raise puts a frontier (an hour), an
# ordinary role's generation carries it at most a second further: a burst
# under on_overflow = error is refused there with 54000, v7 after 1,000
# values (one a millisecond), TSID after 64,000 (under statement_timeout:
# were it to wait instead, the test fails rather than hang).
$paced->safe_psql('postgres', q{
	SELECT uuid_seq_raise_frontier('v7', uuid_generate_v7(clock_timestamp() + interval '1 hour'),
							   interval '2 hours');
	SELECT uuid_seq_raise_frontier('tsid', tsid_lower_bound(clock_timestamp() + interval '1 hour'),
							   '2020-01-01+00', interval '2 hours')});
my $paced_error = q{SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.on_overflow = 'error';
	SET statement_timeout = '60s'};
for my $case ([ 'v7', 'UUIDv7', 'uuid_generate_v7()', 5000 ],
	[ 'tsid', 'TSID', 'tsid_generate()', 100_000 ])
{
	my ($family, $name, $expr, $n) = @$case;
	my $raised = frontier_time($family);
	($ret, $out, $err) = $paced->psql('postgres',
		as_pacer($paced_error, "SELECT count($expr) FROM generate_series(1, $n)"),
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	like($err,
		qr/ERROR:  54000: $name values would run more than 1 second ahead of the clock/,
		"$family raised an hour ahead, error: the paced refusal (54000)");
	my $advanced = advanced_since($family, $raised);
	cmp_ok($advanced, '>', 0.9, "$family: an ordinary role carried the raised frontier on");
	cmp_ok($advanced, '<=', 1.001, "$family: ... at most a second past the raise");
}

# advance (and wait) wait for the clock there, an hour: statement_timeout
# ends the wait (57014), which moved no frontier.
my $stood = frontier_time('v7');
($ret, $out, $err) = $paced->psql('postgres',
	as_pacer(q{SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.on_overflow = 'advance';
		SET statement_timeout = '1s'},
		'SELECT count(uuid_generate_v7()) FROM generate_series(1, 10)'),
	extra_params => [ '-v', 'VERBOSITY=verbose' ], timeout => 120);
like($err, qr/ERROR:  57014: canceling statement due to statement timeout/,
	'raised an hour ahead, advance: statement_timeout ends the wait');
is(frontier_time('v7'), $stood, '... which moved no frontier');

# The wait sleeps (its backend shows the wait event, type Extension; on 17+
# named UuidSeqPacing) and pg_cancel_backend() ends it.
my $waiting = $paced->background_psql('postgres', on_error_stop => 0);
$waiting->query_safe(q{SET uuid_seq.v7_rand_a = 'random'; SET uuid_seq.on_overflow = 'advance';
	SET ROLE pacer});
my $pid = $waiting->query_safe('SELECT pg_backend_pid()');
$waiting->query_until(qr/generating/, q{
	\echo generating
	SELECT count(uuid_generate_v7()) FROM generate_series(1, 10);
});
ok( $paced->poll_query_until('postgres', qq{
		SELECT wait_event_type = 'Extension' AND wait_event IN ('Extension', 'UuidSeqPacing')
		FROM pg_stat_activity WHERE pid = $pid}),
	'a paced wait sleeps: its backend shows the wait event');
$paced->safe_psql('postgres', "SELECT pg_cancel_backend($pid)");
$waiting->query('SELECT 1');
like($waiting->{stderr}, qr/canceling statement due to user request/,
	'pg_cancel_backend() ends a paced wait');
$waiting->quit;

# A superuser's generation still runs ahead (as in 1.2), and takes the pace
# anchor along: after its burst of 3,000 milliseconds, an ordinary role
# carries the frontier at most a second past where it left it.
$stood = frontier_time('v7');
$paced->safe_psql('postgres', q{SET uuid_seq.v7_rand_a = 'random';
	SET uuid_seq.on_overflow = 'advance';
	SELECT count(uuid_generate_v7()) FROM generate_series(1, 3000)});
cmp_ok(advanced_since('v7', $stood), '>', 2.9, 'a superuser carries a frontier past the bound');
$stood = frontier_time('v7');
($ret, $out, $err) = $paced->psql('postgres',
	as_pacer($paced_error, 'SELECT count(uuid_generate_v7()) FROM generate_series(1, 5000)'));
like($err, qr/UUIDv7 values would run more than 1 second ahead of the clock/,
	'after a superuser\'s burst, an ordinary role is paced');
cmp_ok(advanced_since('v7', $stood), '<=', 1.001, '... at most a second past where it left the frontier');

# A frontier restored at start (an hour ahead, from the file) is an anchor
# too: an ordinary role carries it a second further, no more.
$paced->restart;
$stood = frontier_time('v7');
($ret, $out, $err) = $paced->psql('postgres',
	as_pacer($paced_error, 'SELECT count(uuid_generate_v7()) FROM generate_series(1, 5000)'));
like($err, qr/UUIDv7 values would run more than 1 second ahead of the clock/,
	'after a restart, an ordinary role is paced');
my $advanced = advanced_since('v7', $stood);
cmp_ok($advanced, '>', 0.9, 'a restored frontier is carried on');
cmp_ok($advanced, '<=', 1.001, '... at most a second past it');

$paced->stop;
done_testing();
