/*
 * test_registry.c
 *		The registry of families (core/registry.c, generated from
 *		core/family_list.h): every registered family is whole and can be
 *		found, and frontier files written by earlier releases still read and
 *		write the same.
 *
 * The golden files are what uuid_seq 1.0 (fixtures/frontiers-1.0, seven
 * families) and 1.2.1 (fixtures/frontiers-1.2, nine) wrote on PostgreSQL 15
 * at a clean shutdown after one value of each family, each with its own
 * uuid_seq.clock_shift (-1 day, -2 days, ...), so that every family's
 * frontier lies on a different day; the times are what uuid_seq_state()
 * showed as frontier_time just before.  Every family, at its position in
 * the registry, reads back the frontier that release saved for it, and the
 * words encode back to the file byte for byte: the format of the frontier
 * file, which the WAL's lease records carry too (src/README §12, §13), is
 * the same.
 *
 * And every family reads the tick back from a value it encoded
 * (value_tick), whatever its random bits and node id.
 */
#include <string.h>

#include "comb.h"
#include "frontier_format.h"
#include "id64.h"
#include "ksuid.h"
#include "registry.h"
#include "rfc9562.h"
#include "unit.h"
#include "uuidv6.h"

/* frontier_time in a release's uuid_seq_state(), Unix us */
typedef struct SavedFrontier
{
	const char *name;
	int64_t		unix_us;
} SavedFrontier;

static const SavedFrontier saved_by_1_0[] = {
	{"v7", INT64_C(1795376419185062)},	/* 2026-11-22 19:40:19.185062 */
	{"ulid", INT64_C(1795290019186000)},
	{"comb_sqlserver_unix_ms", INT64_C(1795203619187000)},
	{"comb_postgresql_unix_ms", INT64_C(1795117219188000)},
	{"comb_sqlserver_sqldatetime", INT64_C(1795030819186666)},
	{"comb_postgresql_sqldatetime", INT64_C(1794944419190000)},
	{"comb_sqlserver_dotnet_ticks", INT64_C(1794858019191258)}, /* -7 days */
};

static const SavedFrontier saved_by_1_2[] = {
	{"v7", INT64_C(1795621452186318)},	/* 2026-11-25 15:44:12.186318 */
	{"ulid", INT64_C(1795535052187000)},
	{"comb_sqlserver_unix_ms", INT64_C(1795448652188000)},
	{"comb_postgresql_unix_ms", INT64_C(1795362252188000)},
	{"comb_sqlserver_sqldatetime", INT64_C(1795275852186666)},
	{"comb_postgresql_sqldatetime", INT64_C(1795189452190000)},
	{"comb_sqlserver_dotnet_ticks", INT64_C(1795103052191463)},
	{"tsid", INT64_C(1795016652192000)},
	{"snowflake", INT64_C(1794930252193000)},	/* -9 days */
};

/* A family's name is an SQL-friendly word: [a-z][a-z0-9_]* */
static bool
good_name(const char *name)
{
	if (name == NULL || !(name[0] >= 'a' && name[0] <= 'z'))
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return true;
}

/* Every registered family is whole, named once, and found by name and by itself. */
static void
test_families(void)
{
	static const FrontierFamily stranger = {.name = "stranger"};

	CHECK(FAMILY_COUNT >= sizeof(saved_by_1_2) / sizeof(saved_by_1_2[0]));
	CHECK(FAMILY_COUNT <= FRONTIER_FILE_MAX_FAMILIES);
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *family = family_table[id];
		const char *name = family_names[id];
		bool		bigint = family == &tsid_family || family == &snowflake_family;

		CHECK(family != NULL && good_name(name));
		if (family == NULL || name == NULL)
			continue;
		CHECK(family_id_of(family) == (FamilyId) id);
		CHECK(family_by_name(name, strlen(name)) == (FamilyId) id);
		for (int other = 0; other < id; other++)
			CHECK(strcmp(family_names[other], name) != 0 && family_table[other] != family);

		/*
		 * every family declares the width of its values (a hand-written
		 * FrontierFamily that leaves it out has 0), a bigint's only for
		 * the 8-byte families, and all the rest
		 */
		CHECK(bigint ? family->value_bytes == FRONTIER_VALUE_BIGINT :
			  family->value_bytes == FRONTIER_VALUE_UUID ||
			  family->value_bytes == FRONTIER_VALUE_KSUID ||
			  family->value_bytes == FRONTIER_VALUE_OBJECTID);
		CHECK(family->value_bytes <= FRONTIER_VALUE_MAX);
		CHECK(family->name != NULL && family->range != NULL);
		CHECK(family->counter_bits < 64 && family->max_word > 0);
		CHECK(family->word_from_ns != NULL && family->word_to_ns != NULL &&
			  family->encode != NULL && family->value_tick != NULL);
	}
	CHECK(family_by_name("v", 1) == FAMILY_COUNT);
	CHECK(family_by_name("v7x", 3) == FAMILY_COUNT);
	CHECK(family_by_name("v7x", 2) == FAMILY_V7);
	CHECK(family_id_of(&stranger) == FAMILY_COUNT);

	/* 1.4's KSUID, after 1.2's families, its values 20 bytes wide */
	CHECK(family_by_name("ksuid", 5) == FAMILY_KSUID && family_table[FAMILY_KSUID] == &ksuid_family);
	CHECK(FAMILY_KSUID >= sizeof(saved_by_1_2) / sizeof(saved_by_1_2[0]));
	CHECK(ksuid_family.value_bytes == FRONTIER_VALUE_KSUID);

	/* every COMB kind is registered, once */
	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		int			found = 0;

		for (int id = 0; id < FAMILY_COUNT; id++)
			found += family_table[id] == &comb_families[k].frontier;
		CHECK(found == 1);
	}
}

/*
 * A release's frontier file: every family it saved reads back at its
 * position in the registry, and the words encode to the same bytes.
 * Returns the words read.
 */
static void
test_golden_file(const char *path, const SavedFrontier *saved, size_t nsaved,
				 uint64_t words[FAMILY_COUNT])
{
	uint8_t		buf[1024];
	uint8_t		again[1024];
	bool		present[FAMILY_COUNT] = {false};
	size_t		len = 0;
	FILE	   *file = fopen(path, "rb");

	CHECK(file != NULL);
	if (file != NULL)
	{
		len = fread(buf, 1, sizeof(buf), file);
		fclose(file);
	}
	CHECK(len == FRONTIER_FILE_BYTES(nsaved));
	CHECK(frontier_file_decode(buf, len, 15, words, present, FAMILY_COUNT) ==
		  FRONTIER_FILE_OK);
	for (size_t i = 0; i < nsaved; i++)
	{
		CHECK(strcmp(family_names[i], saved[i].name) == 0);
		CHECK(present[i]);
		CHECK(frontier_word_ns(family_table[i], words[i]) / 1000 == saved[i].unix_us);
	}
	frontier_file_encode(again, 15, words, (unsigned) nsaved);
	CHECK(len == FRONTIER_FILE_BYTES(nsaved) && memcmp(again, buf, len) == 0);
}

void
test_registry(void)
{
	uint64_t	words[FAMILY_COUNT] = {0};

	test_families();
	test_golden_file(UNIT_FIXTURE_DIR "/frontiers-1.0", saved_by_1_0,
					 sizeof(saved_by_1_0) / sizeof(saved_by_1_0[0]), words);
	test_golden_file(UNIT_FIXTURE_DIR "/frontiers-1.2", saved_by_1_2,
					 sizeof(saved_by_1_2) / sizeof(saved_by_1_2[0]), words);

	/*
	 * value_tick reads back the tick of an encoded word, at both ends
	 * (Snowflake's encoding has an epoch inside its range: test_id64.c)
	 */
	for (int id = 0; id < FAMILY_COUNT; id++)
	{
		const FrontierFamily *family = family_table[id];

		if (family == &snowflake_family)
			continue;
		uint64_t	samples[] = {words[id], family->max_word, UINT64_C(1) << family->counter_bits};

		for (size_t j = 0; j < sizeof(samples) / sizeof(samples[0]); j++)
		{
			FrontierValue value;
			uint64_t	tick = 0;

			family->encode(family, samples[j], UINT64_C(0xa5a5a5a5a5a5a5a5), 8, 0xab, &value);
			CHECK(family->value_tick(family, &value, &tick));
			CHECK(tick == samples[j] >> family->counter_bits);
		}
	}
	/* a version 4 uuid is no UUIDv7 nor UUIDv6 */
	{
		static const FrontierValue v4 = {{0x91, 0x91, 0x08, 0xf7, 0x52, 0xd1, 0x43, 0x20,
		0x9b, 0xac, 0xf8, 0x47, 0xdb, 0x41, 0x48, 0xa8}};
		uint64_t	tick;

		CHECK(!uuidv7_family.value_tick(&uuidv7_family, &v4, &tick));
		CHECK(!uuidv6_family.value_tick(&uuidv6_family, &v4, &tick));
	}
	/* the v6 family (1.4) is registered after 1.2's, under its name */
	CHECK(family_by_name("v6", 2) == FAMILY_V6 && family_table[FAMILY_V6] == &uuidv6_family);
	CHECK(FAMILY_V6 > FAMILY_SNOWFLAKE);
}
