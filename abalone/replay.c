// SPDX-License-Identifier: MIT
// Replaying record files: one game with its final position, or every game of a file with a
// line each and a summary, a refused game leaving the others to be read.
#include "abalone/replay.h"

#include <stdio.h>
#include <string.h>

#include "abalone/record.h"
#include "core/lab/lab.h"
#include "core/text.h"

// [Termination] values that say a game ended off the board, as the archives (in French) and
// sumito's matches write them, and what they mean.
static const char *const off_board[][2] = {
    {"Abandon", "resigned"},      {"Au temps", "lost on time"}, {"Déco", "disconnected"},
    {"Match nul", "draw agreed"}, {"resignation", "resigned"},  {"time", "lost on time"}};

static const char *off_board_text(const char *termination)
{
    for (size_t i = 0; termination && i < G_N_ELEMENTS(off_board); i++)
        if (g_ascii_strcasecmp(off_board[i][0], termination) == 0) return off_board[i][1];
    return NULL;
}

// The result and how the game ended: by the rules, or as the record says.
static void append_result(GString *out, const AbaloneRecord *rec)
{
    AbaloneEnd why;
    AbaloneOutcome ruled = abalone_game_outcome(&rec->game, &why);
    const char *term = abalone_record_tag(rec, "Termination");
    if (ruled != ABALONE_ONGOING) {
        g_string_append_printf(out, "%s (%s)", abalone_outcome_text(ruled), abalone_end_text(why));
        return;
    }
    g_string_append_printf(out, "%s (as recorded; ", abalone_outcome_text(rec->result));
    if (off_board_text(term))
        g_string_append_printf(out, "ended off the board: %s, ", off_board_text(term));
    if (term) {
        g_string_append(out, "[Termination \"");
        text_append_escaped(out, term);
        g_string_append(out, off_board_text(term) ? "\"])" : "\"]; ");
    }
    if (!off_board_text(term)) g_string_append(out, "by the rules the game is not over)");
}

// The final position and the result of one game.
static void print_game(const AbaloneRecord *rec, const char *path, int index)
{
    char *ascii = abalone_board_render_ascii(&rec->game.board);
    char pos[ABALONE_POSITION_TEXT];
    GString *head = g_string_new(NULL);
    text_append_escaped(head, path);
    if (index > 0) g_string_append_printf(head, ", game %d", index);
    GString *result = g_string_new(NULL);
    append_result(result, rec);
    printf("%s: %d moves, all legal\n%s%s\nResult: %s\n", head->str,
           abalone_game_length(&rec->game), ascii, abalone_position_format(&rec->game.board, pos),
           result->str);
    g_string_free(head, TRUE);
    g_string_free(result, TRUE);
    g_free(ascii);
}

static void append_player(GString *out, const AbaloneRecord *rec, const char *tag)
{
    const char *name = abalone_record_tag(rec, tag);
    text_append_escaped(out, name && *name ? name : "?");
}

// Game i (from 0) of f in one line; false when it is refused.
static bool report_game(const AbaloneRecordFile *f, int i, char **sets)
{
    AbaloneRecord rec;
    GError *err = NULL;
    GString *line = g_string_new(NULL);
    g_string_printf(line, "game %d: ", i + 1);
    bool ok = abalone_record_file_game(f, i, &rec, sets, &err);
    if (ok) {
        append_player(line, &rec, "Black");
        g_string_append(line, " - ");
        append_player(line, &rec, "White");
        g_string_append(line, ": ");
        append_result(line, &rec);
        g_string_append_printf(line, ", %d plies", abalone_game_length(&rec.game));
    } else {
        g_string_append(line, "refused: ");
        text_append_escaped(line, err->message);
        g_error_free(err);
    }
    printf("%s\n", line->str);
    g_string_free(line, TRUE);
    abalone_record_free(&rec);
    return ok;
}

// One game of f: its number (from 1), or 0 for the only one.
static int replay_one(const AbaloneRecordFile *f, int index, char **sets)
{
    AbaloneRecord rec;
    GError *err = NULL;
    int rc = 0;
    if (abalone_record_file_game(f, index ? index - 1 : 0, &rec, sets, &err))
        print_game(&rec, f->path, index);
    else
        rc = lab_report(err);
    abalone_record_free(&rec);
    return rc;
}

int abalone_replay_file(const char *path, int index, char **sets)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    ParamGroup g = abalone_rules_params(&rules);
    GError *err = NULL;
    for (char **s = sets; s && *s; s++)
        if (!params_set_assignment(&g, 1, *s, &err)) return lab_report(err);
    AbaloneRecordFile f;
    if (!abalone_record_file_read(&f, path, &err)) return lab_report(err);
    int n = abalone_record_file_count(&f), rc = 0;
    if (!abalone_record_file_check_index(&f, index, false, &err)) {
        rc = lab_report(err);
    } else if (index > 0 || n == 1) {
        rc = replay_one(&f, index, sets);
    } else {
        int replayed = 0;
        for (int i = 0; i < n; i++) replayed += report_game(&f, i, sets);
        printf("%d games: %d replay", n, replayed);
        if (replayed < n) printf(", %d refused", n - replayed);
        printf("\n");
        rc = replayed < n ? EXIT_BAD_INPUT : 0;
    }
    abalone_record_file_clear(&f);
    return rc;
}
