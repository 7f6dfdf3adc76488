// SPDX-License-Identifier: MIT
// The one reader of the numbers a user types: command-line options, `--set NAME=VALUE`,
// configuration files and match results files. Numbers are decimal only: a hexadecimal
// `0x10` or a `010` that C would read as octal is refused instead of being read as another
// value, and so are blanks, a leading `+` and anything after the number.
#ifndef BASE_NUMBER_H
#define BASE_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
    NUMBER_OK,
    NUMBER_NOT_DECIMAL, // not a decimal number (empty, hexadecimal, a leading zero, junk after it)
    NUMBER_OUT_OF_RANGE // a decimal integer outside [min, max]
} NumberParse;

// An integer: an optional '-', then digits, the first of them 0 only in "0" itself; *out is
// set only when NUMBER_OK.
NumberParse number_parse_int(const char *text, int64_t min, int64_t max, int64_t *out);

// A real number in decimal notation (digits, a point, an exponent), or the words nan and inf
// as C reads them: callers that need a finite number check isfinite, so that they can name
// the value. Hexadecimal (0x1p3) is refused. *out is set only when NUMBER_OK.
NumberParse number_parse_double(const char *text, double *out);

// What a result other than NUMBER_OK means, for messages: "is not a decimal number" or "is
// out of range".
const char *number_problem(NumberParse r);

#endif
