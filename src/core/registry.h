/*
 * registry.h
 *		The registered families by number (src/README §10): the FamilyId
 *		enum, each family's FrontierFamily and the name uuid_seq_state()
 *		shows, all generated from family_list.h, as core generates its
 *		resource managers from rmgrlist.h.
 *
 * Pure C (no PostgreSQL headers): the glue, the unit tests and the fuzzers
 * read the same tables.
 */
#ifndef UUID_SEQ_REGISTRY_H
#define UUID_SEQ_REGISTRY_H

#include <stddef.h>

#include "allocator.h"

/*
 * One frontier per family, numbered in the order of family_list.h, which
 * is also the frontier file's order.
 */
typedef enum FamilyId
{
#define FAMILY(symbol, name, family) FAMILY_##symbol,
#include "family_list.h"
#undef FAMILY
	FAMILY_COUNT
} FamilyId;

extern const FrontierFamily *const family_table[FAMILY_COUNT];

/* The family names uuid_seq_state() shows, e.g. "v7". */
extern const char *const family_names[FAMILY_COUNT];

/* The number of a registered family; FAMILY_COUNT for one that is not. */
extern FamilyId family_id_of(const FrontierFamily *family);

/*
 * The family named by len bytes (no terminating NUL needed); FAMILY_COUNT
 * when no family has that name.
 */
extern FamilyId family_by_name(const char *name, size_t len);

#endif							/* UUID_SEQ_REGISTRY_H */
