// SPDX-License-Identifier: MIT
// The command line's options, read with GLib's GOptionContext but with numbers read the way
// every other number a user types is (base/number.h): an integer or real option given
// `0x10` or `010` is refused rather than read as 16 or 8, as GLib's own parser would. An
// option that names one file (G_OPTION_ARG_FILENAME: `--config`, `--out`, ...) given twice is
// refused too, rather than the second silently replacing the first.
#ifndef CORE_LAB_OPTIONS_H
#define CORE_LAB_OPTIONS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct LabOptions LabOptions;

// A context for a command: its usage line and summary (may be NULL).
LabOptions *lab_options_new(const char *usage, const char *summary);
void lab_options_free(LabOptions *o);

// Adds entries to the command's options (the ones --help lists). As for GLib, the entries end
// at the first without a long name; they are read until lab_options_free.
void lab_options_add(LabOptions *o, const GOptionEntry *entries);

// Parses argv, leaving the arguments that are not options; false with an error naming the
// option and the value.
bool lab_options_parse(LabOptions *o, int *argc, char ***argv, GError **err);

// "A<sep>B" (a shard "2/8", plies "4..9"): two decimal integers from min to max each; false
// when text is not that. With sep_optional, "A" alone is also taken, as A<sep>A.
bool lab_parse_pair(const char *text, const char *sep, bool sep_optional, int64_t min, int64_t max,
                    int64_t *a, int64_t *b);

// Each of texts (NULL-ended, may be NULL) a decimal integer from min to max, at most maxn of
// them, into out[0..*n); false with an error naming the option, the value and the range.
bool lab_parse_ints(const char *option, char *const *texts, int64_t min, int64_t max, int maxn,
                    int *out, int *n, GError **err);

#endif
