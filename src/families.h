/*
 * families.h
 *		The generator families by id: the GeneratorId enum, each family's
 *		FrontierFamily and the name uuid_seq_state() shows, all generated
 *		from core/family_list.h.
 */
#ifndef UUID_SEQ_FAMILIES_H
#define UUID_SEQ_FAMILIES_H

#include "core/comb.h"
#include "core/frontier.h"
#include "core/id64.h"
#include "core/rfc9562.h"
#include "core/ulid.h"

/*
 * One frontier per family, numbered in the order of core/family_list.h,
 * which is also the frontier file's order.
 */
typedef enum GeneratorId
{
#define FAMILY(symbol, name, family) GENERATOR_##symbol,
#include "core/family_list.h"
#undef FAMILY
	GENERATOR_COUNT
} GeneratorId;

extern const FrontierFamily *const generator_families[GENERATOR_COUNT];

/* The family names uuid_seq_state() shows, e.g. "v7". */
extern const char *const generator_names[GENERATOR_COUNT];

/* The generator of a registered family. */
extern GeneratorId generator_of(const FrontierFamily *family);

#endif							/* UUID_SEQ_FAMILIES_H */
