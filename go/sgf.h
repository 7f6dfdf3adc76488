// SPDX-License-Identifier: MIT
// SGF FF[4] game records for Go: GM, FF, CA, SZ, KM, RU, HA, RE, PB, PW, DT, AB, AW, AE, PL,
// B, W and C are read and written; other properties are read and ignored. The main line is
// played (every move checked against the rules); variations and further game trees are
// parsed and skipped with a warning. Pass is written B[] and read as B[] or B[tt]. Errors
// name the file, line and column. Files are written to a temporary name and renamed.
#ifndef GO_SGF_H
#define GO_SGF_H

#include <glib.h>

#include "go/game.h"

typedef struct {
    char *black, *white, *date, *result; // PB, PW, DT, RE (NULL when absent)
    char *ruleset;                       // RU as read (NULL when absent)
    GPtrArray *comments;                 // char * or NULL: [0] the root, [i] after move i
    GPtrArray *warnings;                 // char *: what the reader skipped or did not know
} GoSgfInfo;

// Game trees (variations) nested deeper than this are refused.
#define GO_SGF_MAX_DEPTH 1000

void go_sgf_info_init(GoSgfInfo *info);
void go_sgf_info_free(GoSgfInfo *info);

// Parses an SGF text into g (initialised here: free it with go_game_free even on failure)
// under `defaults` changed by the record's RU and KM. Warnings (what was skipped or not
// known) go to info->warnings for the caller to show. source names the text in messages
// ("game.sgf:3:14: ...").
bool go_sgf_parse(const char *text, const char *source, const GoRules *defaults, GoGame *g,
                  GoSgfInfo *info, GError **err);
bool go_sgf_load(const char *path, const GoRules *defaults, GoGame *g, GoSgfInfo *info,
                 GError **err);

// The RU value for rules: Chinese, Japanese, AGA, NZ, Tromp-Taylor, or sumito's own
// "ko=... suicide=..." for the combinations without a common name. go_sgf_rules_from_text
// reads them back (and GOE, Korean, TT); false when the name is unknown.
const char *go_sgf_rules_text(const GoRules *r);
bool go_sgf_rules_from_text(const char *text, GoRules *r);

// The game as SGF text (caller frees); info may be NULL.
char *go_sgf_format(const GoGame *g, const GoSgfInfo *info);
bool go_sgf_save(const GoGame *g, const GoSgfInfo *info, const char *path, GError **err);

#endif
