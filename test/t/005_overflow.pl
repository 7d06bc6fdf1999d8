# uuid_seq.on_overflow under a real burst: far more values per millisecond
# than a tick holds, from one statement (a backend generates one every
# ~100 ns): UUIDv7 and Snowflake have 4,096 per millisecond, TSID under
# uuid_seq.node_bits = 12 has 1,024 (its counter starting at random below
# 512).  The exact figures depend on speed, so only what any such burst
# must show is checked: error raises 54000, advance counts overflows (steps
# carried ahead of the clock) and stays strictly increasing, wait never
# lets the frontier get more than a millisecond ahead.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('overflow');
$node->init;
$node->append_conf('postgresql.conf', qq{
shared_preload_libraries = 'uuid_seq'
uuid_seq.node_bits = 12
uuid_seq.node_id = 1000
});
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

my $burst = 'SELECT count(uuid_generate_v7()) FROM generate_series(1, 2000000)';

my ($ret, $out, $err) = $node->psql('postgres',
	"SET uuid_seq.on_overflow = error; $burst",
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
isnt($ret, 0, 'error: the burst fails');
like($err, qr/ERROR:  54000: UUIDv7 values for the current clock tick are used up/,
	'error: SQLSTATE 54000');

$node->safe_psql('postgres', "SELECT uuid_seq_reset_stats()");
is( $node->safe_psql(
		'postgres', "SET uuid_seq.on_overflow = advance; $burst;
		SELECT overflows > 0 FROM uuid_seq_backends WHERE pid = pg_backend_pid()"),
	"2000000\nt", 'advance: overflows are counted');

# SQL for a burst of $n values of $expr taken as fast as count() takes them
# (into an array: a sort or a table would slow the burst down), then
# checked: "n|strictly increasing|whether $predicate holds for one|the
# last".
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

# The 8-byte ids (src/README §16): 200,000 in one statement are 49 ms of
# Snowflake ids and at least 196 of TSIDs here, which a backend takes in
# far less time.
my %id64 = (
	snowflake => [ 'snowflake_generate()', 'Snowflake', 'snowflake_counter(u) = 4095' ],
	tsid => [ 'tsid_generate()', 'TSID', 'tsid_counter(u, 12) = 1023' ]);
for my $family (sort keys %id64)
{
	my ($expr, $name, $last_step) = @{ $id64{$family} };
	my ($ret, $out, $err) = $node->psql('postgres',
		"SET uuid_seq.on_overflow = error; SELECT count($expr) FROM generate_series(1, 2000000)",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, "$family, error: the burst fails");
	like($err, qr/ERROR:  54000: $name values for the current clock tick are used up/,
		"$family, error: SQLSTATE 54000");

	# advance: every value strictly above the one before, ticks used up to
	# their last counter, overflows counted (an overflow is a step carried
	# out of the tick the clock is in: the frontier ran ahead of the clock)
	my ($steps, $state, $drift) = split /\n/, $node->safe_psql(
		'postgres', qq{
		SET uuid_seq.on_overflow = advance;
		@{[ in_order($expr, 200000, $last_step) ]};
		SELECT overflows > 0, last_id
		FROM uuid_seq_backends WHERE pid = pg_backend_pid();
		SELECT max_drift_ms FROM uuid_seq_backends WHERE pid = pg_backend_pid()});
	my ($last) = $steps =~ /\|(\d+)$/;
	is("$steps\n$state", "200000|t|t|$last\nt|$last",
		"$family, advance: 200,000 strictly increasing, overflows carried ahead of the clock");
	note "$family, advance: the burst ran up to $drift ms ahead of the clock";
}

# wait: no value ever more than 1 ms ahead of the clock it was taken at.
# Start from a frontier that is not ahead of the clock (the advance burst
# above may have run it a little into the future): a clock 2 s ahead.
$node->restart;
is( $node->safe_psql(
		'postgres', "SET uuid_seq.on_overflow = wait; SET uuid_seq.clock_shift = '2 s'; $burst;
		SELECT max_drift_ms <= 1, overflows > 0
		FROM uuid_seq_backends WHERE pid = pg_backend_pid()"),
	"2000000\nt|t", 'wait: overflows are waited out, never more than 1 ms ahead');
for my $family (sort keys %id64)
{
	my ($expr) = @{ $id64{$family} };
	like( $node->safe_psql(
			'postgres', qq{
			SET uuid_seq.on_overflow = wait;
			SET uuid_seq.clock_shift = '2 s';
			@{[ in_order($expr, 200000, 'true') ]};
			SELECT max_drift_ms <= 1, overflows > 0
			FROM uuid_seq_backends WHERE pid = pg_backend_pid()}),
		qr/^200000\|t\|t\|\d+\nt\|t$/, "$family, wait: strictly increasing, never more than 1 ms ahead");
}

$node->stop;
done_testing();
