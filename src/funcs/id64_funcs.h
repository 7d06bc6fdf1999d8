/*
 * id64_funcs.h
 *		What the SQL functions of the 8-byte ids share with the others.
 */
#ifndef UUID_SEQ_ID64_FUNCS_H
#define UUID_SEQ_ID64_FUNCS_H

#include "datatype/timestamp.h"

/*
 * A Snowflake epoch argument as Unix ms: 22008 unless finite (and within
 * Unix microseconds), 22023 unless a whole millisecond.
 */
extern int64 snowflake_epoch_arg(TimestampTz epoch);

#endif							/* UUID_SEQ_ID64_FUNCS_H */
