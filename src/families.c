/*
 * families.c
 *		The tables of the families by id (see families.h).
 */
#include "postgres.h"

#include "families.h"

const FrontierFamily *const family_table[FAMILY_COUNT] = {
#define FAMILY(symbol, name, family) [FAMILY_##symbol] = (family),
#include "core/family_list.h"
#undef FAMILY
};

const char *const family_names[FAMILY_COUNT] = {
#define FAMILY(symbol, name, family) [FAMILY_##symbol] = (name),
#include "core/family_list.h"
#undef FAMILY
};

FamilyId
family_id_of(const FrontierFamily *family)
{
	for (int id = 0; id < FAMILY_COUNT; id++)
		if (family_table[id] == family)
			return (FamilyId) id;
	elog(ERROR, "family \"%s\" is not registered", family->name);
	pg_unreachable();
}
