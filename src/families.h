/*
 * families.h
 *		The families by id: the FamilyId enum, each family's
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
typedef enum FamilyId
{
#define FAMILY(symbol, name, family) FAMILY_##symbol,
#include "core/family_list.h"
#undef FAMILY
	FAMILY_COUNT
} FamilyId;

extern const FrontierFamily *const family_table[FAMILY_COUNT];

/* The family names uuid_seq_state() shows, e.g. "v7". */
extern const char *const family_names[FAMILY_COUNT];

/* The generator of a registered family. */
extern FamilyId family_id_of(const FrontierFamily *family);

#endif							/* UUID_SEQ_FAMILIES_H */
