/*
 * crockford.c
 *		Crockford's base32 digits and their values (see crockford.h).
 */
#include "crockford.h"

const char	crockford_digits[33] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

#define DIGIT(c, v)		[c] = (v) + 1
#define LETTER(c, v)	[c] = (v) + 1, [(c) - 'A' + 'a'] = (v) + 1
const uint8_t crockford_values[256] = {
	DIGIT('0', 0), DIGIT('1', 1), DIGIT('2', 2), DIGIT('3', 3),
	DIGIT('4', 4), DIGIT('5', 5), DIGIT('6', 6), DIGIT('7', 7),
	DIGIT('8', 8), DIGIT('9', 9),
	LETTER('A', 10), LETTER('B', 11), LETTER('C', 12), LETTER('D', 13),
	LETTER('E', 14), LETTER('F', 15), LETTER('G', 16), LETTER('H', 17),
	LETTER('J', 18), LETTER('K', 19), LETTER('M', 20), LETTER('N', 21),
	LETTER('P', 22), LETTER('Q', 23), LETTER('R', 24), LETTER('S', 25),
	LETTER('T', 26), LETTER('V', 27), LETTER('W', 28), LETTER('X', 29),
	LETTER('Y', 30), LETTER('Z', 31),
};
