/*
 * registry.c
 *		The tables of the registered families by number (see registry.h),
 *		and the lookups of a family's number.
 */
#include <string.h>

#include "comb.h"
#include "id64.h"
#include "ksuid.h"
#include "objectid.h"
#include "registry.h"
#include "rfc9562.h"
#include "ulid.h"
#include "uuidv6.h"

const FrontierFamily *const family_table[FAMILY_COUNT] = {
#define FAMILY(symbol, name, family) [FAMILY_##symbol] = (family),
#include "family_list.h"
#undef FAMILY
};

const char *const family_names[FAMILY_COUNT] = {
#define FAMILY(symbol, name, family) [FAMILY_##symbol] = (name),
#include "family_list.h"
#undef FAMILY
};

FamilyId
family_id_of(const FrontierFamily *family)
{
	for (int id = 0; id < FAMILY_COUNT; id++)
		if (family_table[id] == family)
			return (FamilyId) id;
	return FAMILY_COUNT;
}

FamilyId
family_by_name(const char *name, size_t len)
{
	for (int id = 0; id < FAMILY_COUNT; id++)
		if (strlen(family_names[id]) == len && memcmp(family_names[id], name, len) == 0)
			return (FamilyId) id;
	return FAMILY_COUNT;
}
