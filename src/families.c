/*
 * families.c
 *		The tables of the generator families by id (see families.h).
 */
#include "postgres.h"

#include "families.h"

const FrontierFamily *const generator_families[GENERATOR_COUNT] = {
#define FAMILY(symbol, name, family) [GENERATOR_##symbol] = (family),
#include "core/family_list.h"
#undef FAMILY
};

const char *const generator_names[GENERATOR_COUNT] = {
#define FAMILY(symbol, name, family) [GENERATOR_##symbol] = (name),
#include "core/family_list.h"
#undef FAMILY
};

GeneratorId
generator_of(const FrontierFamily *family)
{
	for (int id = 0; id < GENERATOR_COUNT; id++)
		if (generator_families[id] == family)
			return (GeneratorId) id;
	elog(ERROR, "generator family \"%s\" is not registered", family->name);
	pg_unreachable();
}
