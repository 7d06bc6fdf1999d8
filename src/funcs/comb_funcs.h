/*
 * comb_funcs.h
 *		What comb_funcs.c shares with the other glue: reading a COMB's time.
 */
#ifndef UUID_SEQ_COMB_FUNCS_H
#define UUID_SEQ_COMB_FUNCS_H

#include "datatype/timestamp.h"
#include "utils/uuid.h"

#include "core/comb.h"

/*
 * The time a COMB of the given kind carries (its layout's time bytes alone,
 * never the version nibble or the marker), or 22008 when they hold no valid
 * time (sqldatetime ticks past midnight, .NET ticks past 9999).
 */
extern TimestampTz comb_time_of(CombKind kind, pg_uuid_t *uuid);

#endif							/* UUID_SEQ_COMB_FUNCS_H */
