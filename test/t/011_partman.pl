# pg_partman 5 with uuid_seq's time encoders and decoders (README
# "Partitioning by creation time").  On every server: each family's
# <prefix>lower_bound(timestamptz) and <prefix>text_to_timestamptz(text)
# called the way pg_partman 5.2 calls them, and the catalog checks later
# releases make, for the uuid families and the 8-byte ids (TSID, Snowflake
# of Twitter's epoch: bigint keys).  Where the pg_partman extension is
# available: create_parent on a UUIDv7-keyed table with monthly partitions,
# rows across the months, run_maintenance() making the next partitions.
# pg_partman 5.2 takes an encoder and decoder for a text or uuid control
# column only: for a bigint TSID column create_parent refuses them (checked,
# word for word), and plain integer partitioning with an interval of one
# day of TSIDs (86,400,000 << 22: TSIDs count milliseconds since
# 2020-01-01 00:00 UTC above bit 22) makes daily partitions whose bounds are
# tsid_lower_bound() of each day.  Without pg_partman, one note says so and
# that part is not run (the rest of the file still is).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('partman');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION uuid_seq');

sub query { return $node->safe_psql('postgres', shift); }

# prefix => a key made at an explicit time (%s), its extraction function,
# the key's type
my %families = (
	uuid_v7 => ['uuid_generate_v7(%s)', 'uuid_v7_to_timestamptz(%s)', 'uuid'],
	# any 128 bits whose first 48 are the milliseconds are a ULID of that time
	ulid => ['uuid_generate_v7(%s)', 'ulid_timestamp(%s)', 'uuid'],
	comb => [
		q{comb_new(%s, 'postgresql', 'unix_ms')},
		q{comb_timestamp(%s, 'postgresql', 'unix_ms')}, 'uuid'
	],
	comb_sqldatetime => [
		q{comb_new(%s, 'postgresql', 'sqldatetime')},
		q{comb_timestamp(%s, 'postgresql', 'sqldatetime')}, 'uuid'
	],
	# an id of that millisecond: its lower bound with node and counter bits
	tsid => [ 'tsid_lower_bound(%s) + 1234567', 'tsid_to_timestamptz(%s)', 'bigint' ],
	snowflake => [ 'snowflake_lower_bound(%s) + 1234567', 'snowflake_to_timestamptz(%s)', 'bigint' ],);

for my $prefix (sort keys %families)
{
	my ($gen, $extract, $type) = @{ $families{$prefix} };
	my $encoder = "public.${prefix}_lower_bound";
	my $decoder = "public.${prefix}_text_to_timestamptz";

	# the catalog lookups of pg_partman's check_time_encoder_decoder(): one
	# function each, by schema-qualified name and first argument type, with
	# the right result, IMMUTABLE and PARALLEL SAFE
	for my $check ([ $encoder, 'timestamptz', $type ],
		[ $decoder, 'text', 'timestamptz' ])
	{
		my ($fn, $in, $out) = @$check;
		is( query(
				qq{SELECT count(*) FILTER (WHERE p.provolatile = 'i' AND p.proparallel = 's'), count(*)
				FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
				WHERE ARRAY[n.nspname, p.proname]::text[] = parse_ident('$fn')
				  AND p.pronargs >= 1 AND p.proargtypes[0] = '$in'::regtype
				  AND p.prorettype = '$out'::regtype}),
			'1|1',
			"$fn($in) -> $out: one, IMMUTABLE, PARALLEL SAFE");
	}

	# STRICT: NULL gives NULL
	is(query("SELECT $encoder(NULL) IS NULL AND $decoder(NULL) IS NULL"),
		't', "$prefix: NULL gives NULL");

	# the round trip at a partition's start: the encoder called with
	# format('%s(%L)'), its uuid as text
	is( query(
			"SELECT $decoder($encoder('2024-03-01 00:00:00+00')::text)"),
		'2024-03-01 00:00:00+00',
		"$prefix: decoder(encoder(month start)) is the month start");

	# run_maintenance(): decoder(key::text) of a stored key
	my $key = sprintf $gen, q{'2024-03-17 12:34:56.789+00'};
	is( query(
			sprintf 'SELECT %s(k::text) = %s FROM (SELECT %s AS k) s',
			$decoder, sprintf($extract, 'k'), $key),
		't', "$prefix: decoder(key::text) is the key's time");

	# show_partition_info(): the decoder on a partition bound's literal
	query("CREATE TABLE t_$prefix (id $type PRIMARY KEY) PARTITION BY RANGE (id)");
	query(  "CREATE TABLE t_${prefix}_m PARTITION OF t_$prefix FOR VALUES "
		  . "FROM ($encoder('2024-03-01 00:00+00')) TO ($encoder('2024-04-01 00:00+00'))");
	my $start = query(
		qq{SELECT (regexp_match(pg_get_expr(relpartbound, oid), '\\(([^)]+)\\) TO'))[1]
		FROM pg_class WHERE relname = 't_${prefix}_m'});
	is(query("SELECT $decoder($start)"),
		'2024-03-01 00:00:00+00', "$prefix: decoder on the bound $start");
	# and the key of a month lands in that month's partition
	query("INSERT INTO t_$prefix VALUES (" . sprintf($gen, q{'2024-03-31 23:59:59.99+00'}) . ')');
	is(query("SELECT tableoid::regclass FROM t_$prefix"), "t_${prefix}_m",
		"$prefix: a key of the month's last second is in the month's partition");
	query("DROP TABLE t_$prefix");
}

my $partman = query(
	"SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_partman'");
if ($partman eq '0')
{
	note 'pg_partman is not available on this server: its create_parent '
	  . 'and run_maintenance part was not run';
	$node->stop;
	done_testing();
	exit;
}

query('CREATE SCHEMA partman; CREATE EXTENSION pg_partman SCHEMA partman');
note 'pg_partman ' . query(
	"SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'");

# A UUIDv7-keyed table, monthly partitions from two months back to two
# months ahead (p_premake), our encoder and decoder
query(
	q{CREATE TABLE public.events (
	      id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
	      created_at timestamptz GENERATED ALWAYS AS (uuid_v7_to_timestamptz(id)) STORED,
	      payload text
	  ) PARTITION BY RANGE (id)});
my $start = query(
	q{SELECT date_trunc('month', now() - interval '2 months')});
query(
	qq{SELECT partman.create_parent(
	       p_parent_table := 'public.events', p_control := 'id',
	       p_interval := '1 month', p_premake := 2,
	       p_start_partition := '$start',
	       p_time_encoder := 'public.uuid_v7_lower_bound',
	       p_time_decoder := 'public.uuid_v7_text_to_timestamptz')});

# the partitions pg_partman made, with the range show_partition_info()
# reads through our decoder: consecutive months from the start
my $children = q{
	SELECT i.child_start_time, i.child_end_time
	FROM partman.show_partitions('public.events') p,
	     LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
	                                         p_parent_table := 'public.events') i};
is( query(
		qq{SELECT count(*) >= 5,
		          min(child_start_time) = '$start',
		          bool_and(child_end_time = child_start_time + interval '1 month')
		   FROM ($children) c}),
	't|t|t',
	'create_parent: monthly partitions from the start month, ranges read by the decoder');

# keys made at instants across those months (and now) land in the partition
# of their month, none in the default partition
query(
	qq{INSERT INTO events (id, payload)
	   SELECT uuid_generate_v7(timestamptz '$start' + m * interval '1 month' + d * interval '1 day'), 'explicit'
	   FROM generate_series(0, 4) m, generate_series(0, 27, 9) d;
	   INSERT INTO events (payload) SELECT 'now' FROM generate_series(1, 10)});
is( query(
		q{SELECT count(*), count(*) FILTER (WHERE e.created_at >= i.child_start_time
		                                       AND e.created_at < i.child_end_time)
		  FROM events e,
		       LATERAL partman.show_partition_info(
		           (SELECT 'public.' || relname FROM pg_class WHERE oid = e.tableoid),
		           p_parent_table := 'public.events') i}),
	'30|30',
	'every row is in the partition of its creation time');
is(query('SELECT count(*) FROM ONLY public.events_default'),
	'0', 'nothing in the default partition');

# run_maintenance(): rows in the last partition make it premake the next two
my $last_before = query(qq{SELECT max(child_start_time) FROM ($children) c});
query(
	qq{INSERT INTO events (id, payload)
	   VALUES (uuid_generate_v7(timestamptz '$last_before' + interval '1 day'), 'last')});
query(q{SELECT partman.run_maintenance('public.events')});
is( query(
		qq{SELECT max(child_start_time) = timestamptz '$last_before' + interval '2 months'
		   FROM ($children) c}),
	't', 'run_maintenance made the next two monthly partitions');
query(
	qq{INSERT INTO events (id, payload)
	   VALUES (uuid_generate_v7(timestamptz '$last_before' + interval '2 months 3 days'), 'new')});
is( query(
		q{SELECT tableoid::regclass::text = (SELECT p.partition_tablename
		          FROM partman.show_partitions('public.events', 'DESC') p LIMIT 1)
		  FROM events WHERE payload = 'new'}),
	't', 'a key of the newest month lands in the newest partition');

# A TSID-keyed table.  pg_partman 5.2 takes an encoder and decoder for a
# text or uuid control column only: for bigint, create_parent refuses them.
query(
	q{CREATE TABLE public.parcels (
	      id bigint PRIMARY KEY DEFAULT tsid_generate(),
	      payload text
	  ) PARTITION BY RANGE (id)});
my ($rc, $out, $err) = $node->psql('postgres',
	q{SELECT partman.create_parent(
	      p_parent_table := 'public.parcels', p_control := 'id',
	      p_interval := '1 day', p_premake := 2,
	      p_time_encoder := 'public.tsid_lower_bound',
	      p_time_decoder := 'public.tsid_text_to_timestamptz')});
note "pg_partman on a bigint control column with an encoder and decoder:\n$err";
isnt($rc, 0, 'create_parent: no encoder and decoder on a bigint control column');
like($err,
	qr/ERROR:  p_time_encoder and p_time_decoder can only be used with text\/uuid type control column\./,
	'create_parent: what pg_partman says');

# Integer partitioning instead: an interval of one day of TSIDs, from the
# lower bound of a day, gives daily partitions whose bounds are
# tsid_lower_bound() of each day (TSID time counts from a midnight UTC).
my $day_of_tsids = 86_400_000 << 22;
my $first_day = query(q{SELECT date_trunc('day', now() - interval '2 days')});
query(
	qq{SELECT partman.create_parent(
	       p_parent_table := 'public.parcels', p_control := 'id',
	       p_interval := '$day_of_tsids', p_premake := 4,
	       p_start_partition := tsid_lower_bound('$first_day')::text)});
my $days = q{
	SELECT i.child_start_id, i.child_end_id
	FROM partman.show_partitions('public.parcels') p,
	     LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
	                                         p_parent_table := 'public.parcels') i};
is( query(
		qq{SELECT count(*) >= 5,
		          min(child_start_id) = tsid_lower_bound('$first_day'),
		          bool_and(tsid_to_timestamptz(child_start_id) = date_trunc('day', tsid_to_timestamptz(child_start_id))),
		          bool_and(child_end_id = tsid_lower_bound(tsid_to_timestamptz(child_start_id) + interval '1 day') - 1)
		   FROM ($days) c}),
	't|t|t|t',
	'bigint TSID, integer interval of one day: partitions bounded by tsid_lower_bound of each day');
query(
	qq{INSERT INTO parcels (id, payload)
	   SELECT tsid_lower_bound(timestamptz '$first_day' + d * interval '1 day' + h * interval '5 hours') + 7, 'explicit'
	   FROM generate_series(0, 3) d, generate_series(0, 4) h;
	   INSERT INTO parcels (payload) SELECT 'now' FROM generate_series(1, 10)});
is( query(
		q{SELECT count(*), count(*) FILTER (WHERE e.id >= i.child_start_id AND e.id <= i.child_end_id
		                                       AND tsid_to_timestamptz(e.id)::date = tsid_to_timestamptz(i.child_start_id)::date)
		  FROM parcels e,
		       LATERAL partman.show_partition_info(
		           (SELECT 'public.' || relname FROM pg_class WHERE oid = e.tableoid),
		           p_parent_table := 'public.parcels') i}),
	'30|30',
	'every TSID is in the partition of its creation day');
is(query('SELECT count(*) FROM ONLY public.parcels_default'),
	'0', 'no TSID in the default partition');
my $last_day = query(qq{SELECT max(child_start_id) FROM ($days) c});
query(
	qq{INSERT INTO parcels (id, payload)
	   VALUES (tsid_lower_bound(tsid_to_timestamptz($last_day) + interval '1 hour'), 'last')});
query(q{SELECT partman.run_maintenance('public.parcels')});
is( query(
		qq{SELECT tsid_to_timestamptz(max(child_start_id)) - tsid_to_timestamptz($last_day) >= interval '1 day'
		   FROM ($days) c}),
	't', 'run_maintenance: a row in the last day makes the next days');
note 'TSID daily partitions: '
  . query(qq{SELECT string_agg(tsid_to_timestamptz(child_start_id)::text, ', ' ORDER BY child_start_id) FROM ($days) c});

$node->stop;
done_testing();
