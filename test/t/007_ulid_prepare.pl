# ulid_generate_xact() across PREPARE TRANSACTION: the backend that prepared
# a transaction forgets its per-transaction state, so its next transaction
# starts fresh: a value above the prepared transaction's, from a new step of
# the ULID frontier (the frontier moves to it).  Checked without and with
# the library preloaded.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('ulid_prepare');
$node->init;
$node->append_conf('postgresql.conf', "max_prepared_transactions = 2\n");

# One session: two values in a transaction that is then prepared, two in the
# next transaction; each line of the result is one check.
my $script = q{
BEGIN;
SELECT ulid_generate_xact() AS p1 \gset
SELECT ulid_generate_xact() AS p2 \gset
PREPARE TRANSACTION 'ulid_p';
BEGIN;
SELECT ulid_generate_xact() AS n1 \gset
SELECT ulid_generate_xact() AS n2 \gset
COMMIT;
SELECT :'p2'::uuid > :'p1'::uuid AND left(:'p1', 18) = left(:'p2', 18);
SELECT :'n1'::uuid > :'p2'::uuid;
SELECT left(:'n1', 18) <> left(:'p2', 18);
SELECT (SELECT left(frontier::text, 18) FROM uuid_seq_state() WHERE family = 'ulid')
       = left(:'n1', 18);
SELECT :'n2'::uuid > :'n1'::uuid AND left(:'n1', 18) = left(:'n2', 18);
COMMIT PREPARED 'ulid_p';
SELECT count(*) FROM pg_prepared_xacts;
};

sub check_prepare
{
	my ($mode) = @_;
	my @checks = split /\n/, $node->safe_psql('postgres', $script);

	is($checks[0], 't', "$mode: one step for the prepared transaction");
	is($checks[1], 't', "$mode: the next transaction's first value is above it");
	is($checks[2], 't', "$mode: the next transaction takes a new step");
	is($checks[3], 't', "$mode: the frontier is at that new step");
	is($checks[4], 't', "$mode: the next transaction keeps its step");
	is($checks[5], '0', "$mode: the prepared transaction committed");
}

$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');
check_prepare('not preloaded');

$node->append_conf('postgresql.conf', "shared_preload_libraries = 'uuid_seq'\n");
$node->restart;
is($node->safe_psql('postgres', 'SELECT shared FROM uuid_seq_state() WHERE family = \'ulid\''),
	't', 'preloaded: the ULID frontier is shared');
check_prepare('preloaded');

$node->stop;
done_testing();
