# uuid_seq.on_overflow under a real burst: far more than 4096 values per
# millisecond from one statement (a backend generates one every ~100 ns).
# The exact figures depend on speed, so only what any such burst must show
# is checked: error raises 54000, advance counts overflows and runs ahead,
# wait never lets the frontier get more than a millisecond ahead.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('overflow');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
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

# wait: no value ever more than 1 ms ahead of the clock it was taken at.
# Start from a frontier that is not ahead of the clock (the advance burst
# above may have run it a little into the future): a clock 2 s ahead.
$node->restart;
is( $node->safe_psql(
		'postgres', "SET uuid_seq.on_overflow = wait; SET uuid_seq.clock_shift = '2 s'; $burst;
		SELECT max_drift_ms <= 1, overflows > 0
		FROM uuid_seq_backends WHERE pid = pg_backend_pid()"),
	"2000000\nt|t", 'wait: overflows are waited out, never more than 1 ms ahead');

$node->stop;
done_testing();
