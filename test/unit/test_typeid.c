/*
 * test_typeid.c
 *		Unit tests of the TypeID core (core/typeid.c): the examples the
 *		TypeID specification publishes for version 0.3 (spec/valid.yml and
 *		spec/invalid.yml of jetify-com/typeid, "last updated 2024-04-10 for
 *		version 0.3.0"), restated here with the status each must give; the
 *		prefix rules character by character; a round trip of random uuids
 *		under random valid prefixes, and of their text.
 */
#include <stdbool.h>
#include <string.h>

#include "typeid.h"
#include "unit.h"

/* TypeID 0.3 spec/valid.yml: each decodes to its prefix and uuid, and back. */
static const struct
{
	const char *name;
	const char *typeid;
	const char *prefix;
	const char *uuid;
}			valid[] = {
	{"nil", "00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"},
	{"one", "00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"},
	{"ten", "0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"},
	{"sixteen", "0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"},
	{"thirty-two", "00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"},
	{"max-valid", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	{"valid-alphabet", "prefix_0123456789abcdefghjkmnpqrs", "prefix",
	"0110c853-1d09-52d8-d73e-1194e95b5f19"},
	{"valid-uuidv7", "prefix_01h455vb4pex5vsknk084sn02q", "prefix",
	"01890a5d-ac96-774b-bcce-b302099a8057"},
	{"prefix-underscore", "pre_fix_00000000000000000000000000", "pre_fix",
	"00000000-0000-0000-0000-000000000000"},
};

/* TypeID 0.3 spec/invalid.yml: each must fail to parse, here with this status. */
static const struct
{
	const char *name;
	const char *typeid;
	TypeidStatus status;
}			invalid[] = {
	{"prefix-uppercase", "PREFIX_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"prefix-numeric", "12345_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"prefix-period", "pre.fix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"prefix-non-ascii", "pr\xc3\xa9" "fix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"prefix-spaces", "  prefix_00000000000000000000000000", TYPEID_PREFIX_BAD_CHAR},
	{"prefix-64-chars",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
	TYPEID_PREFIX_TOO_LONG},
	{"separator-empty-prefix", "_00000000000000000000000000", TYPEID_EMPTY_PREFIX_SEPARATOR},
	{"separator-empty", "_", TYPEID_EMPTY_PREFIX_SEPARATOR},
	{"suffix-short", "prefix_1234567890123456789012345", TYPEID_SUFFIX_BAD_LENGTH},
	{"suffix-long", "prefix_123456789012345678901234567", TYPEID_SUFFIX_BAD_LENGTH},
	{"suffix-spaces", "prefix_1234567890123456789012345 ", TYPEID_SUFFIX_BAD_CHAR},
	{"suffix-uppercase", "prefix_0123456789ABCDEFGHJKMNPQRS", TYPEID_SUFFIX_UPPERCASE},
	{"suffix-hyphens", "prefix_123456789-123456789-123456", TYPEID_SUFFIX_BAD_CHAR},
	{"suffix-wrong-alphabet", "prefix_ooooooiiiiiiuuuuuuulllllll", TYPEID_SUFFIX_BAD_CHAR},
	{"suffix-ambiguous-crockford", "prefix_i23456789ol23456789oi23456", TYPEID_SUFFIX_BAD_CHAR},
	{"suffix-hyphens-crockford", "prefix_123456789-0123456789-0123456", TYPEID_SUFFIX_BAD_LENGTH},
	{"suffix-overflow", "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", TYPEID_SUFFIX_OVERFLOW},
	{"prefix-underscore-start", "_prefix_00000000000000000000000000", TYPEID_PREFIX_UNDERSCORE_END},
	{"prefix-underscore-end", "prefix__00000000000000000000000000", TYPEID_PREFIX_UNDERSCORE_END},
};

#define N_VALID		(sizeof(valid) / sizeof(valid[0]))
#define N_INVALID	(sizeof(invalid) / sizeof(invalid[0]))

static void
test_spec_valid(void)
{
	int			passed = 0;

	for (size_t i = 0; i < N_VALID; i++)
	{
		uint8_t		expect[UUID_BYTES];
		uint8_t		u[UUID_BYTES];
		char		text[TYPEID_TEXT_MAX];
		size_t		len = 0;
		size_t		prefix_len = 0;
		size_t		want_prefix = strlen(valid[i].prefix);
		bool		ok;

		CHECK(parse_uuid(valid[i].uuid, expect) == 0);
		ok = typeid_from_text(valid[i].typeid, strlen(valid[i].typeid), &prefix_len, u) == TYPEID_OK &&
			prefix_len == want_prefix &&
			memcmp(valid[i].typeid, valid[i].prefix, want_prefix) == 0 &&
			memcmp(u, expect, UUID_BYTES) == 0 &&
			typeid_to_text(valid[i].prefix, want_prefix, expect, text, &len) == TYPEID_OK &&
			len == strlen(valid[i].typeid) &&
			memcmp(text, valid[i].typeid, len) == 0;
		if (!ok)
			fprintf(stderr, "TypeID spec valid example \"%s\" failed\n", valid[i].name);
		passed += ok;
	}
	CHECK(passed == (int) N_VALID);
}

static void
test_spec_invalid(void)
{
	int			passed = 0;

	for (size_t i = 0; i < N_INVALID; i++)
	{
		uint8_t		u[UUID_BYTES];
		size_t		prefix_len;
		TypeidStatus status = typeid_from_text(invalid[i].typeid, strlen(invalid[i].typeid),
											   &prefix_len, u);

		if (status != invalid[i].status)
			fprintf(stderr, "TypeID spec invalid example \"%s\": status %d, expected %d\n",
					invalid[i].name, (int) status, (int) invalid[i].status);
		passed += status == invalid[i].status;
	}
	CHECK(passed == (int) N_INVALID);
}

/* Every byte at the start, middle and end of a prefix; lengths 0, 63, 64. */
static void
test_prefix_rules(void)
{
	char		prefix[TYPEID_PREFIX_MAX + 2];
	int			bad = 0;

	CHECK(typeid_check_prefix("", 0) == TYPEID_OK);
	CHECK(typeid_check_prefix("a", 1) == TYPEID_OK);
	CHECK(typeid_check_prefix("_", 1) == TYPEID_PREFIX_UNDERSCORE_END);
	CHECK(typeid_check_prefix("a__b", 4) == TYPEID_OK);
	CHECK(typeid_check_prefix("user_", 5) == TYPEID_PREFIX_UNDERSCORE_END);
	/* the length is counted, never a NUL */
	CHECK(typeid_check_prefix("ab\0c", 4) == TYPEID_PREFIX_BAD_CHAR);

	memset(prefix, 'z', sizeof(prefix));
	CHECK(typeid_check_prefix(prefix, TYPEID_PREFIX_MAX) == TYPEID_OK);
	CHECK(typeid_check_prefix(prefix, TYPEID_PREFIX_MAX + 1) == TYPEID_PREFIX_TOO_LONG);

	for (int c = 0; c < 256; c++)
	{
		bool		letter = c >= 'a' && c <= 'z';
		char		three[3] = {'a', (char) c, 'b'};
		TypeidStatus inner = typeid_check_prefix(three, 3);
		TypeidStatus first = typeid_check_prefix(three + 1, 2);

		three[2] = (char) c;
		if ((inner == TYPEID_OK) != (letter || c == '_') ||
			(first == TYPEID_OK) != letter ||
			(typeid_check_prefix(three, 3) == TYPEID_OK) != letter)
			bad++;
		if (c == '_' && (first != TYPEID_PREFIX_UNDERSCORE_END ||
						 typeid_check_prefix(three, 3) != TYPEID_PREFIX_UNDERSCORE_END))
			bad++;
		if (!letter && c != '_' && (inner != TYPEID_PREFIX_BAD_CHAR ||
									first != TYPEID_PREFIX_BAD_CHAR))
			bad++;
	}
	CHECK(bad == 0);
}

/* Formatting refuses a bad prefix and writes nothing. */
static void
test_to_text(void)
{
	uint8_t		u[UUID_BYTES];
	char		text[TYPEID_TEXT_MAX];
	char		longest[TYPEID_PREFIX_MAX];
	size_t		len = 12345;

	memset(u, 0xff, UUID_BYTES);
	memset(text, '#', sizeof(text));
	CHECK(typeid_to_text("User", 4, u, text, &len) == TYPEID_PREFIX_BAD_CHAR);
	CHECK(typeid_to_text("_user", 5, u, text, &len) == TYPEID_PREFIX_UNDERSCORE_END);
	CHECK(len == 12345 && text[0] == '#' && text[TYPEID_TEXT_MAX - 1] == '#');

	/* the longest TypeID fills the buffer exactly */
	memset(longest, 'q', sizeof(longest));
	CHECK(typeid_to_text(longest, sizeof(longest), u, text, &len) == TYPEID_OK);
	CHECK(len == TYPEID_TEXT_MAX && text[TYPEID_PREFIX_MAX] == '_' &&
		  memcmp(text + TYPEID_PREFIX_MAX + 1, "7zzzzzzzzzzzzzzzzzzzzzzzzz",
				 TYPEID_SUFFIX_LEN) == 0);

	/* the README's example */
	CHECK(parse_uuid("01890a5d-ac96-774b-bcce-b302099a8057", u) == 0);
	CHECK(typeid_to_text("user", 4, u, text, &len) == TYPEID_OK);
	CHECK(len == 31 && memcmp(text, "user_01h455vb4pex5vsknk084sn02q", len) == 0);
}

/* A random valid prefix: empty one time in eight, otherwise 1-63 characters. */
static size_t
random_prefix(FakeClock *rng, char prefix[TYPEID_PREFIX_MAX])
{
	uint64_t	r = fake_random_u64(rng);
	size_t		len = r % 8 == 0 ? 0 : 1 + (size_t) (r >> 3) % TYPEID_PREFIX_MAX;

	for (size_t i = 0; i < len; i++)
	{
		uint64_t	c = fake_random_u64(rng) % 32;

		/* underscores inside only, about one character in six */
		prefix[i] = c < 26 || i == 0 || i == len - 1 ? (char) ('a' + c % 26) : '_';
	}
	return len;
}

static void
test_round_trip(void)
{
	FakeClock	rng = {0, 0, 1234};
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		char		prefix[TYPEID_PREFIX_MAX];
		size_t		plen = random_prefix(&rng, prefix);
		uint8_t		u[UUID_BYTES];
		uint8_t		back[UUID_BYTES];
		char		text[TYPEID_TEXT_MAX];
		char		again[TYPEID_TEXT_MAX];
		size_t		len;
		size_t		len2;
		size_t		back_plen = 0;

		fake_random_uuid(&rng, u);
		if (typeid_check_prefix(prefix, plen) != TYPEID_OK ||
			typeid_to_text(prefix, plen, u, text, &len) != TYPEID_OK)
		{
			bad++;
			continue;
		}
		/* uuid -> text -> uuid, with the prefix back where it was */
		if (len != plen + (plen > 0) + TYPEID_SUFFIX_LEN ||
			typeid_from_text(text, len, &back_plen, back) != TYPEID_OK ||
			back_plen != plen || memcmp(text, prefix, plen) != 0 ||
			memcmp(u, back, UUID_BYTES) != 0 || text[len - TYPEID_SUFFIX_LEN] > '7')
			bad++;
		/* text -> uuid -> text: the text is canonical (lowercase, 0-9 a-z) */
		if (typeid_to_text(text, back_plen, back, again, &len2) != TYPEID_OK ||
			len2 != len || memcmp(again, text, len) != 0)
			bad++;
		for (size_t j = len - TYPEID_SUFFIX_LEN; j < len; j++)
			if (strchr("0123456789abcdefghjkmnpqrstvwxyz", text[j]) == NULL || text[j] == 0)
				bad++;
	}
	CHECK(bad == 0);
}

/* Each suffix character outside the alphabet, and uppercase, at either end. */
static void
test_suffix_chars(void)
{
	char		text[] = "user_01h455vb4pex5vsknk084sn02q";
	size_t		len = sizeof(text) - 1;
	uint8_t		u[UUID_BYTES];
	size_t		plen;
	int			bad = 0;

	for (int c = 0; c < 256; c++)
	{
		bool		valid = c != 0 && strchr("0123456789abcdefghjkmnpqrstvwxyz", c) != NULL;
		TypeidStatus want = valid ? TYPEID_OK
			: c >= 'A' && c <= 'Z' ? TYPEID_SUFFIX_UPPERCASE
			: TYPEID_SUFFIX_BAD_CHAR;

		/* an underscore moves the split: tested below */
		if (c == '_')
			continue;
		text[len - 1] = (char) c;
		if (typeid_from_text(text, len, &plen, u) != want)
			bad++;
		text[len - 1] = 'q';
		/* the suffix's first character: valid ones above 7 overflow */
		text[5] = (char) c;
		if (typeid_from_text(text, len, &plen, u) !=
			(valid && c > '7' ? TYPEID_SUFFIX_OVERFLOW : want))
			bad++;
		text[5] = '0';
	}
	CHECK(bad == 0);
	/* an underscore in the suffix makes the prefix end there */
	CHECK(typeid_from_text("user__1h455vb4pex5vsknk084sn02q", len, &plen, u) ==
		  TYPEID_PREFIX_UNDERSCORE_END);
	CHECK(typeid_from_text("user_01h455vb4pex5vsknk084sn02_", len, &plen, u) ==
		  TYPEID_PREFIX_BAD_CHAR);
	CHECK(typeid_from_text("user_01h455vb4pex_vsknk084sn02q", len, &plen, u) ==
		  TYPEID_PREFIX_BAD_CHAR);
	CHECK(typeid_from_text("user_x_01h455vb4pex5vsknk084sn02q", len + 2, &plen, u) ==
		  TYPEID_OK && plen == 6);
	/* uppercase is refused even where the ULID decoder would take it */
	CHECK(typeid_from_text("01H455VB4PEX5VSKNK084SN02Q", 26, &plen, u) == TYPEID_SUFFIX_UPPERCASE);
	CHECK(typeid_from_text("", 0, &plen, u) == TYPEID_SUFFIX_BAD_LENGTH);
	CHECK(typeid_from_text("user_", 5, &plen, u) == TYPEID_SUFFIX_BAD_LENGTH);
	CHECK(typeid_from_text("user", 4, &plen, u) == TYPEID_SUFFIX_BAD_LENGTH);
}

void
test_typeid(void)
{
	test_spec_valid();
	test_spec_invalid();
	test_prefix_rules();
	test_to_text();
	test_round_trip();
	test_suffix_chars();
}
