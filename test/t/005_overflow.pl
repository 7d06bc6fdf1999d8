# uuid_seq.on_overflow under bursts of more values than a tick holds, from
# one statement: UUIDv7 and Snowflake have 4,096 per millisecond, TSID under
# uuid_seq.node_bits = 12 has 1,024 (its counter starting at random below
# 512).  Every burst reads a frozen clock (uuid_seq.clock_frozen: at the
# start of a millisecond, one nanosecond later at each reading), so what it
# does depends on the number of values, never on how fast the machine takes
# them; each one shifts that clock a minute further ahead
# (uuid_seq.clock_shift) than the one before, so that it starts from a
# frontier behind its clock.  Checked: error
# raises 54000, advance counts overflows (steps carried ahead of the clock),
# uses ticks up to their last counter and stays strictly increasing, wait
# never lets the frontier get more than a millisecond ahead.  Every burst
# that may wait runs under statement_timeout: a frozen clock that never
# advanced would fail the test, not hang it.
#
# Pacing (src/README §1), on a second server: an ordinary role, with
# on_overflow = advance, cannot take any frontier more than a second past
# its clock by generating, under either uuid_seq.v7_rand_a (UUIDv7 at one
# value a millisecond, or 4,096, and TSID): its bursts wait for the clock
# instead, and the cluster-wide frontiers stay within a second of the wall
# clock.  A superuser's burst still runs ahead, as in 1.2.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# A server preloading uuid_seq, TSID with 12 node bits, started.
sub new_server
{
	my ($name) = @_;
	my $server = PostgreSQL::Test::Cluster->new($name);
	$server->init;
	$server->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 12
uuid_seq.node_id = 1000
});
	$server->start;
	$server->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
	return $server;
}

my $node = new_server('overflow');

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

my $paced = new_server('paced');
# the role's sessions read a frozen clock (superuser-only, so set for it),
# so that how far a burst would run ahead depends on its count alone
$paced->safe_psql('postgres', q{
	CREATE ROLE pacer LOGIN;
	ALTER ROLE pacer SET uuid_seq.clock_frozen = on;
	ALTER ROLE postgres SET uuid_seq.clock_frozen = on});

# A burst of $n values of $expr by $role under v7_rand_a = $mode and
# on_overflow = advance: its count, how far its values ran past its clock
# (ms), and whether every family's frontier is within 1 s of the wall clock
# (a whole-tick v7 frontier holds its tick's last word: one ms more).
sub paced_burst
{
	my ($role, $mode, $expr, $n) = @_;
	$paced->safe_psql('postgres', "ALTER ROLE $role SET uuid_seq.v7_rand_a = '$mode'");
	return $paced->safe_psql('postgres', qq{
		SET uuid_seq.on_overflow = 'advance';
		SET statement_timeout = '120s';
		SELECT count($expr) FROM generate_series(1, $n);
		SELECT max_drift_ms FROM uuid_seq_backends WHERE pid = pg_backend_pid();
		SELECT bool_and(frontier_time IS NULL
		                OR frontier_time < clock_timestamp() + interval '1.001 s')
		FROM uuid_seq_state()}, extra_params => [ '-U', $role ]);
}

# v7 under 'random' is one value a millisecond: 1,100 values are 1.1 s of
# ticks; under 'fraction', 4,300,000 are about 1.05 s; TSID under 12 node
# bits has 1,024 a millisecond once it carries: 1,150,000 are 1.12 s.
for my $case (
	[ 'random', 'uuid_generate_v7()', 1100 ],
	[ 'fraction', 'uuid_generate_v7()', 4_300_000 ],
	[ 'fraction', 'tsid_generate()', 1_150_000 ])
{
	my ($mode, $expr, $n) = @$case;
	my ($count, $drift, $within) = split /\n/, paced_burst('pacer', $mode, $expr, $n);
	is($count, $n, "pacer, $mode: $expr, $n values");
	cmp_ok($drift, '<=', 1000, "pacer, $mode: $expr ran at most 1 s past its clock");
	is($within, 't', "pacer, $mode: every frontier within 1 s of the wall clock");
}

# a superuser's burst runs ahead as before
my ($count, $drift) = split /\n/, paced_burst('postgres', 'random', 'uuid_generate_v7()', 1100);
cmp_ok($drift, '>', 1000, 'a superuser runs ahead of its clock as in 1.2');

$paced->stop;
done_testing();
