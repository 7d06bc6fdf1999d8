/*
 * generator.h
 *		Glue between the generator families of the pure core and their
 *		frontiers (shared when preloaded, backend-local otherwise).
 */
#ifndef UUID_SEQ_GENERATOR_H
#define UUID_SEQ_GENERATOR_H

#include "core/comb.h"
#include "core/frontier.h"
#include "core/rfc9562.h"
#include "core/ulid.h"

/* One frontier per family; append only (the order is persisted). */
typedef enum GeneratorId
{
	GENERATOR_V7,
	GENERATOR_ULID,
	/* the COMB families, in CombKind order */
	GENERATOR_COMB_SQLSERVER_UNIX_MS,
	GENERATOR_COMB_POSTGRESQL_UNIX_MS,
	GENERATOR_COMB_SQLSERVER_SQLDATETIME,
	GENERATOR_COMB_POSTGRESQL_SQLDATETIME,
	GENERATOR_COMB_SQLSERVER_DOTNET_TICKS,
	GENERATOR_COUNT
} GeneratorId;

/* The family of a COMB layout/strategy pair, and back. */
#define GENERATOR_FOR_COMB(kind) \
	((GeneratorId) (GENERATOR_COMB_SQLSERVER_UNIX_MS + (kind)))
#define COMB_KIND_OF_GENERATOR(id) \
	((CombKind) ((id) - GENERATOR_COMB_SQLSERVER_UNIX_MS))

extern const FrontierFamily *const generator_families[GENERATOR_COUNT];

/* The family names uuid_seq_state() shows, e.g. "v7". */
extern const char *const generator_names[GENERATOR_COUNT];

/*
 * Take the next frontier word of a family, raising the SPEC §8 errors.
 * Follow it with generator_record() once the value is encoded.
 */
extern void generator_take(GeneratorId id, FrontierTake *take);
extern void generator_record(GeneratorId id, const FrontierTake *take,
							 const uint8 value[UUID_BYTES]);

/* The frontier word of a family as this backend sees it (0 if unused). */
extern uint64 generator_frontier(GeneratorId id);

#endif							/* UUID_SEQ_GENERATOR_H */
