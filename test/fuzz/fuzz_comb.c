/*
 * fuzz_comb.c
 *		libFuzzer harness for the COMB layouts (core/comb.c).  The input is
 *		read as 16-byte records; each is, for every kind, a uuid to decode
 *		and re-encode, and two numbers used as an explicit time (us) and a
 *		clock reading (ns).  Nothing may crash, and whatever encodes must
 *		decode back to itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "comb.h"

static uint64_t
read_u64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* How many ticks a time can lose on its way through microseconds. */
static const uint64_t max_tick_loss[COMB_KIND_COUNT] = {
	[COMB_SQLSERVER_SQLDATETIME] = 1,
	[COMB_POSTGRESQL_SQLDATETIME] = 1,
	[COMB_SQLSERVER_DOTNET_TICKS] = 9,
};

/* The tick (time without counter) of a frontier word. */
static uint64_t
tick_of(CombKind kind, uint64_t word)
{
	return word >> comb_families[kind].frontier.counter_bits;
}

/* encode -> decode is the identity on words; the time never moves ahead */
static void
check_word(CombKind kind, uint64_t word, uint64_t random)
{
	uint8_t		u[16];
	uint64_t	back;
	uint64_t	again;

	comb_encode(kind, word, random, u);
	if (!comb_decode_word(kind, u, &back) || back != word)
		abort();
	if ((kind == COMB_SQLSERVER_DOTNET_TICKS) != comb_has_dotnet_marker(u))
		abort();

	/*
	 * The time decoded, taken as an explicit time, gives the same tick or
	 * one a little earlier: decoding rounds sqldatetime's 1/300 s to the
	 * microsecond (possibly down into the tick before) and truncates .NET's
	 * 100 ns to it.
	 */
	if (!comb_word_at_unix_us(kind, comb_word_to_unix_us(kind, word), random, &again) ||
		tick_of(kind, again) > tick_of(kind, word) ||
		tick_of(kind, word) - tick_of(kind, again) > max_tick_loss[kind])
		abort();
}

static void
run(CombKind kind, const uint8_t record[16])
{
	const FrontierFamily *family = &comb_families[kind].frontier;
	uint64_t	word;
	int64_t		us = (int64_t) read_u64(record);
	int64_t		ns = (int64_t) read_u64(record + 8);

	/* any 16 bytes: decode, then round-trip what decoded */
	if (comb_decode_word(kind, record, &word))
	{
		if (word > family->max_word)
			abort();
		check_word(kind, word, read_u64(record + 4));
	}

	/* an explicit time: its word lies in range and holds that time */
	if (comb_word_at_unix_us(kind, us, (uint64_t) ns, &word))
	{
		if (word > family->max_word || comb_word_to_unix_us(kind, word) > us)
			abort();
		check_word(kind, word, (uint64_t) ns);
	}

	/* a clock reading: its word is the tick's first ns, or saturates */
	if (family->word_from_ns(family, ns, &word))
	{
		uint64_t	back;
		int64_t		first = family->word_to_ns(family, word);

		if (word > family->max_word || first > ns ||
			!family->word_from_ns(family, first, &back) || back != word)
			abort();
		check_word(kind, word, (uint64_t) us);
	}
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 16 <= size; i += 16)
		for (int kind = 0; kind < COMB_KIND_COUNT; kind++)
			run((CombKind) kind, data + i);
	return 0;
}
