/*
 * test_vector_files.c
 *		The core against the test vector files kept beside the checkout
 *		(UNIT_VECTOR_DIR, ../shared/vectors), read at run time: every row of
 *		comb.tsv encoded and decoded byte-exact, every row of ulid.tsv both
 *		ways, and the ranked values of sqlserver_order.sql in ascending
 *		SQL Server order.  Where the directory is absent the suite says so in
 *		one line and checks nothing; the other suites hold the same values,
 *		each with its primary source, so the core is tested either way.
 */
#define _POSIX_C_SOURCE 200809L	/* getline() under -std=c11 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "comb.h"
#include "sqlserver_order.h"
#include "ulid.h"
#include "unit.h"

#define VECTOR_MAX_RANKED 256

/* Opens UNIT_VECTOR_DIR/name; NULL (and one line saying so) when absent. */
static FILE *
vector_open(const char *name)
{
	char		path[1024];
	FILE	   *file;

	snprintf(path, sizeof(path), "%s/%s", UNIT_VECTOR_DIR, name);
	file = fopen(path, "r");
	if (file == NULL)
		printf("vector files: %s absent, skipped\n", path);
	return file;
}

/*
 * Splits a tab-separated line in place into at most max fields; returns how
 * many it found.  The trailing newline is dropped.
 */
static int
split_tabs(char *line, char **fields, int max)
{
	int			n = 0;
	char	   *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max)
	{
		fields[n++] = p;
		p = strchr(p, '\t');
		if (p == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

/*
 * comb.tsv: "# ... unix ms = <ms> ..." in its header gives T; each row is
 * layout, strategy, the value at T with zero random bits.
 */
static void
test_comb_file(void)
{
	FILE	   *file = vector_open("comb.tsv");
	char	   *line = NULL;
	size_t		cap = 0;
	long long	t_ms = -1;
	int			rows = 0;

	if (file == NULL)
		return;
	while (getline(&line, &cap, file) >= 0)
	{
		char	   *fields[4];
		const char *ms;
		CombKind	kind;
		uint64_t	word;
		uint64_t	decoded;
		uint8_t		expect[16];
		uint8_t		u[16];

		if (line[0] == '#')
		{
			if (t_ms < 0 && (ms = strstr(line, "unix ms = ")) != NULL)
				t_ms = strtoll(ms + strlen("unix ms = "), NULL, 10);
			continue;
		}
		if (split_tabs(line, fields, 4) < 3)
			continue;
		rows++;
		CHECK(t_ms > 0);
		CHECK(comb_kind_from_names(fields[0], strlen(fields[0]),
								   fields[1], strlen(fields[1]),
								   &kind) == COMB_NAME_OK);
		CHECK(parse_uuid(fields[2], expect) == 0);
		CHECK(comb_word_at_unix_us(kind, (int64_t) t_ms * 1000, 0, &word));
		comb_encode(kind, word, 0, u);
		CHECK(memcmp(u, expect, 16) == 0);
		CHECK(comb_decode_word(kind, expect, &decoded) && decoded == word);
	}
	CHECK(rows > 0);
	free(line);
	fclose(file);
}

/* ulid.tsv: each row is the ULID's text and the uuid of its 128 bits. */
static void
test_ulid_file(void)
{
	FILE	   *file = vector_open("ulid.tsv");
	char	   *line = NULL;
	size_t		cap = 0;
	int			rows = 0;

	if (file == NULL)
		return;
	while (getline(&line, &cap, file) >= 0)
	{
		char	   *fields[3];
		uint8_t		expect[UUID_BYTES];
		uint8_t		u[UUID_BYTES];
		char		text[ULID_TEXT_LEN];

		if (line[0] == '#' || split_tabs(line, fields, 3) < 2)
			continue;
		rows++;
		CHECK(strlen(fields[0]) == ULID_TEXT_LEN);
		CHECK(parse_uuid(fields[1], expect) == 0);
		CHECK(ulid_from_text(fields[0], strlen(fields[0]), u) == ULID_TEXT_OK);
		CHECK(memcmp(u, expect, UUID_BYTES) == 0);
		ulid_to_text(expect, text);
		CHECK(memcmp(text, fields[0], ULID_TEXT_LEN) == 0);
	}
	CHECK(rows > 0);
	free(line);
	fclose(file);
}

/*
 * sqlserver_order.sql: rows " (rank,'uuid')" of its INSERT, ranks 1..n in
 * ascending SQL Server order; every pair must compare as the ranks do.
 */
static void
test_sqlserver_order_file(void)
{
	FILE	   *file = vector_open("sqlserver_order.sql");
	char	   *line = NULL;
	size_t		cap = 0;
	static uint8_t ranked[VECTOR_MAX_RANKED][16];
	int			n = 0;
	int			bad = 0;

	if (file == NULL)
		return;
	while (getline(&line, &cap, file) >= 0)
	{
		int			rank;
		char		text[37];

		if (sscanf(line, " (%d,'%36[0-9a-f-]')", &rank, text) != 2)
			continue;
		CHECK(rank == n + 1 && n < VECTOR_MAX_RANKED);
		if (rank != n + 1 || n >= VECTOR_MAX_RANKED)
			break;
		CHECK(parse_uuid(text, ranked[n]) == 0);
		n++;
	}
	CHECK(n > 1);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
		{
			int			c = sqlserver_cmp(ranked[i], ranked[j]);

			if ((c > 0) - (c < 0) != (i > j) - (i < j))
				bad++;
		}
	CHECK(bad == 0);
	free(line);
	fclose(file);
}

void
test_vector_files(void)
{
	test_comb_file();
	test_ulid_file();
	test_sqlserver_order_file();
}
