/*
 * comb.h
 *		COMB layouts (src/README §3): the time of a COMB in the bytes its database
 *		compares first, byte-compatible with RT.Comb, the T-SQL formula and
 *		the .NET-ticks COMB; one family per layout and strategy.
 *
 * Pure C (no PostgreSQL headers).  A uuid is 16 bytes in the order of its
 * canonical text form.
 *
 * Layouts (the time is 6 bytes, most significant first):
 *
 *		sqlserver	bytes 10-15 time; bytes 8-9 variant 10 + 14-bit counter;
 *					bytes 0-7 random but for the version nibble (4)
 *		postgresql	bytes 0-5 time; byte 6 version nibble (4) + bytes 6-7 a
 *					12-bit counter; bytes 8-15 variant 10 + random
 *
 * Strategies (the time bytes):
 *
 *		unix_ms		milliseconds since 1970-01-01 (uint48)
 *		sqldatetime	days since 1900-01-01 (uint16) then 1/300-s ticks since
 *					midnight (uint32, 0..25,919,999): the last 6 bytes of
 *					SQL Server's datetime
 *		dotnet_ticks (sqlserver only) .NET DateTime.Ticks (100 ns since
 *					0001-01-01) over bytes 10-15 then 8-9, the marker nibble
 *					0xc in the high nibble of byte 6, every other bit random
 *
 * A family's frontier word is tick << counter_bits | counter, where the tick
 * counts the strategy's unit linearly (for sqldatetime days × 25,920,000 +
 * ticks, so counting past 23:59:59.997 gives the next day, never an invalid
 * datetime); the dotnet_ticks word is the tick count itself.
 */
#ifndef UUID_SEQ_COMB_H
#define UUID_SEQ_COMB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "allocator.h"

/* The byte layouts: which bytes hold the time and the counter. */
typedef enum CombLayout
{
	COMB_LAYOUT_SQLSERVER,
	COMB_LAYOUT_POSTGRESQL
} CombLayout;

/* The strategies: what the time bytes count. */
typedef enum CombStrategy
{
	COMB_STRATEGY_UNIX_MS,
	COMB_STRATEGY_SQLDATETIME,
	COMB_STRATEGY_DOTNET_TICKS
} CombStrategy;

/* One layout/strategy pair; each is a family. */
typedef enum CombKind
{
	COMB_SQLSERVER_UNIX_MS,
	COMB_POSTGRESQL_UNIX_MS,
	COMB_SQLSERVER_SQLDATETIME,
	COMB_POSTGRESQL_SQLDATETIME,
	COMB_SQLSERVER_DOTNET_TICKS,
	COMB_KIND_COUNT
} CombKind;

typedef enum CombNameStatus
{
	COMB_NAME_OK,
	COMB_UNKNOWN_LAYOUT,
	COMB_UNKNOWN_STRATEGY,
	COMB_UNSUPPORTED_PAIR		/* dotnet_ticks with postgresql */
} CombNameStatus;

#define COMB_SQLDATETIME_RANGE \
	"1900-01-01 00:00:00 UTC to 2079-06-06 23:59:59.997 UTC"
#define COMB_DOTNET_TICKS_RANGE \
	"0001-01-01 00:00:00 UTC to 9999-12-31 23:59:59.9999999 UTC"

/*
 * A COMB family: the frontier family first, so that its callbacks, handed
 * the FrontierFamily, find the layout and strategy around it.
 */
typedef struct CombFamily
{
	FrontierFamily frontier;
	CombLayout	layout;
	CombStrategy strategy;
} CombFamily;

/* The family of each kind, indexed by CombKind. */
extern const CombFamily comb_families[COMB_KIND_COUNT];

/*
 * The kind named by a layout and a strategy (not NUL-terminated, compared
 * exactly).
 */
extern CombNameStatus comb_kind_from_names(const char *layout, size_t layout_len,
										   const char *strategy, size_t strategy_len,
										   CombKind *kind);

/*
 * The frontier word of an explicit time (Unix-epoch microseconds), with a
 * counter start taken from `random` as for a fresh tick; false when the
 * time is outside the kind's range.
 */
extern bool comb_word_at_unix_us(CombKind kind, int64_t us, uint64_t random,
								 uint64_t *word);

/*
 * Write the COMB of frontier word `word`; the bits that are neither time,
 * counter, version, variant nor marker come from `random`.
 */
extern void comb_encode(CombKind kind, uint64_t word, uint64_t random,
						uint8_t out[16]);

/*
 * The frontier word a COMB carries (time and counter); false when its time
 * bytes hold no valid time (sqldatetime ticks past midnight, .NET ticks past
 * 9999).  Never looks at the version nibble or the marker.
 */
extern bool comb_decode_word(CombKind kind, const uint8_t u[16], uint64_t *word);

/*
 * The time of a frontier word as Unix-epoch microseconds: sqldatetime ticks
 * × 10/3 ms rounded to the microsecond, .NET ticks truncated.
 */
extern int64_t comb_word_to_unix_us(CombKind kind, uint64_t word);

/* The .NET-ticks COMB's marker (its IsComb): byte 6 & 0xc0 == 0xc0. */
extern bool comb_has_dotnet_marker(const uint8_t u[16]);

/*
 * The layout named by `name` (not NUL-terminated, compared exactly); false
 * for an unknown name.
 */
extern bool comb_layout_from_name(const char *name, size_t len, CombLayout *layout);

/*
 * Move a COMB from one layout to the other (src/README §3, "Converting"):
 * the 6 time bytes, the counter and the 60 random bits keep their values,
 * so the strategy is kept and converting back gives the input again.  The
 * sqlserver counter has 14 bits, the postgresql one 12: its low 2 bits go
 * to the 2 bits below the postgresql variant, which uuid order compares
 * right after the counter, so a run of sqlserver values in SQL Server order
 * converts to a run in uuid order, and back.  The result always has
 * version 4 and variant 10; the input's are never read.  The same layout
 * copies the input.  False (out untouched) for a sqlserver input with the
 * .NET-ticks marker: that strategy has no postgresql layout, and its ticks
 * fill the bits a conversion would overwrite.
 */
extern bool comb_convert_layout(CombLayout from, CombLayout to, const uint8_t in[16],
								uint8_t out[16]);

/*
 * The smallest COMB of the tick that holds an explicit time (Unix-epoch
 * microseconds) in the kind's own order: its time bytes, counter and
 * random bits zero, version and variant (or marker) set.  For a postgresql
 * kind that is the lower bound of the tick in uuid order.  False outside
 * the kind's range.
 */
extern bool comb_bound_at_unix_us(CombKind kind, int64_t us, uint8_t out[16]);

#endif							/* UUID_SEQ_COMB_H */
