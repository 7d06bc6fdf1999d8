/*
 * test_family_list.c
 *		The registry of families (core/family_list.h) against a
 *		frontier file written by uuid_seq 1.0 on PostgreSQL 15
 *		(fixtures/frontiers-1.0): every family, at its position in the list,
 *		reads back the frontier that 1.0 saved for it.
 *
 * And every family reads the tick back from a value it encoded
 * (value_tick), whatever its random bits and node id.
 *
 * The fixture was written at a clean shutdown after one value of each
 * family, each with its own uuid_seq.clock_shift (-1 to -7 days), so every
 * family's frontier lies on a different day; the times below are what
 * uuid_seq_state() showed as frontier_time just before.
 */
#include <string.h>

#include "comb.h"
#include "frontier_format.h"
#include "id64.h"
#include "rfc9562.h"
#include "ulid.h"
#include "unit.h"

static const struct
{
	const char *name;
	const FrontierFamily *family;
} registry[] = {
#define FAMILY(symbol, name, family) {name, family},
#include "family_list.h"
#undef FAMILY
};

#define REGISTRY_SIZE	(sizeof(registry) / sizeof(registry[0]))

/* frontier_time of each family in 1.0's uuid_seq_state(), Unix us */
static const struct
{
	const char *name;
	int64_t		unix_us;
} saved_by_1_0[] = {
	{"v7", INT64_C(1795376419185062)},	/* 2026-11-22 19:40:19.185062 */
	{"ulid", INT64_C(1795290019186000)},
	{"comb_sqlserver_unix_ms", INT64_C(1795203619187000)},
	{"comb_postgresql_unix_ms", INT64_C(1795117219188000)},
	{"comb_sqlserver_sqldatetime", INT64_C(1795030819186666)},
	{"comb_postgresql_sqldatetime", INT64_C(1794944419190000)},
	{"comb_sqlserver_dotnet_ticks", INT64_C(1794858019191258)},	/* -7 days */
};

void
test_family_list(void)
{
	uint8_t		buf[1024];
	uint64_t	words[REGISTRY_SIZE] = {0};
	bool		present[REGISTRY_SIZE] = {false};
	size_t		len = 0;
	FILE	   *file = fopen(UNIT_FIXTURE_DIR "/frontiers-1.0", "rb");

	CHECK(file != NULL);
	if (file != NULL)
	{
		len = fread(buf, 1, sizeof(buf), file);
		fclose(file);
	}
	CHECK(frontier_file_decode(buf, len, 15, words, present, REGISTRY_SIZE) ==
		  FRONTIER_FILE_OK);

	/* 1.0 had these families; a later release may only add to the list */
	CHECK(REGISTRY_SIZE >= sizeof(saved_by_1_0) / sizeof(saved_by_1_0[0]));
	for (size_t i = 0; i < sizeof(saved_by_1_0) / sizeof(saved_by_1_0[0]); i++)
	{
		const FrontierFamily *family = registry[i].family;

		CHECK(strcmp(registry[i].name, saved_by_1_0[i].name) == 0);
		CHECK(present[i]);
		CHECK(frontier_word_ns(family, words[i]) / 1000 == saved_by_1_0[i].unix_us);
	}

	/*
	 * every family declares the width of its values: a hand-written
	 * FrontierFamily that leaves it out has 0
	 */
	for (size_t i = 0; i < REGISTRY_SIZE; i++)
	{
		const FrontierFamily *family = registry[i].family;
		bool		bigint = family == &tsid_family || family == &snowflake_family;

		CHECK(family->value_bytes == (bigint ? FRONTIER_VALUE_BIGINT : FRONTIER_VALUE_UUID));
	}

	/* every COMB kind is registered, once */
	for (int k = 0; k < COMB_KIND_COUNT; k++)
	{
		int			found = 0;

		for (size_t i = 0; i < REGISTRY_SIZE; i++)
			found += registry[i].family == &comb_families[k].frontier;
		CHECK(found == 1);
	}

	/*
	 * value_tick reads back the tick of an encoded word, at both ends
	 * (Snowflake's encoding has an epoch inside its range: test_id64.c)
	 */
	for (size_t i = 0; i < REGISTRY_SIZE; i++)
	{
		const FrontierFamily *family = registry[i].family;

		if (family == &snowflake_family)
			continue;
		uint64_t	samples[] = {words[i], family->max_word, UINT64_C(1) << family->counter_bits};

		for (size_t j = 0; j < sizeof(samples) / sizeof(samples[0]); j++)
		{
			FrontierValue value;
			uint64_t	tick = 0;

			family->encode(family, samples[j], UINT64_C(0xa5a5a5a5a5a5a5a5), 8, 0xab, &value);
			CHECK(family->value_tick(family, &value, &tick));
			CHECK(tick == samples[j] >> family->counter_bits);
		}
	}
	/* a version 4 uuid is no UUIDv7 */
	{
		static const FrontierValue v4 = {{0x91, 0x91, 0x08, 0xf7, 0x52, 0xd1, 0x43, 0x20,
		0x9b, 0xac, 0xf8, 0x47, 0xdb, 0x41, 0x48, 0xa8}};
		uint64_t	tick;

		CHECK(!uuidv7_family.value_tick(&uuidv7_family, &v4, &tick));
	}
}
