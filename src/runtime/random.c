/*
 * random.c
 *		Buffered CSPRNG bytes for the generators.
 *
 * pg_strong_random is drawn in blocks of RANDOM_BLOCK bytes into a
 * per-backend buffer, so a generated value costs a copy instead of a CSPRNG
 * round trip.  Bytes are handed out once and never reused.  The buffer is
 * filled lazily and remembers the pid that filled it: a process forked after
 * a fill (every backend is forked from the postmaster) discards what it
 * inherited, so two processes never share random bits.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "port.h"

#include "runtime/random.h"

#define RANDOM_BLOCK	4096

static uint8 random_block[RANDOM_BLOCK];
static size_t random_used = RANDOM_BLOCK;
static int	random_filled_by = 0;

static void
random_refill(void)
{
	if (!pg_strong_random(random_block, RANDOM_BLOCK))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
	random_used = 0;
	random_filled_by = MyProcPid;
}

void
random_bytes(void *dst, size_t len)
{
	Assert(len <= RANDOM_BLOCK);
	if (random_filled_by != MyProcPid || RANDOM_BLOCK - random_used < len)
		random_refill();
	memcpy(dst, random_block + random_used, len);
	random_used += len;
}

uint64
random_u64(void)
{
	uint64		value;

	random_bytes(&value, sizeof(value));
	return value;
}
