// SPDX-License-Identifier: MIT
// A game of `sumito abalone play` and `sumito demo` (abalone/play.h): the loop between engines
// and humans, the lines it prints, the record it writes and the demo's pictures of it.
#include "abalone/play.h"

#include <stdio.h>
#include <string.h>

#include "abalone/notation.h"
#include "abalone/record.h"
#include "abalone/render.h"
#include "core/draw/png.h"
#include "core/lab/lab.h"

static void print_move_line(const AbaloneGame *g, const AbalonePlayer *p, Move m,
                            const SearchInfo *info, const AbaloneBoard *before)
{
    char text[ABALONE_MOVE_TEXT];
    int number = (abalone_game_length(g) - 1 + (g->start.side == ABALONE_WHITE)) / 2 + 1;
    printf("%d. %s (%s): %s", number, before->side == ABALONE_BLACK ? "Black" : "White", p->name,
           abalone_move_format(before, m, ABALONE_NOTATION_ABAPRO, text));
    if (info) {
        GString *s = g_string_new(NULL);
        search_format_score(info->score, s);
        double secs = info->seconds > 0 ? info->seconds : 1e-9;
        printf("  depth %d  score %s  nodes %" G_GUINT64_FORMAT "  %.2f M nodes/s  %.3f s",
               info->depth, s->str, info->nodes, (double)info->nodes / secs / 1e6, info->seconds);
        g_string_free(s, TRUE);
    }
    printf("\n");
}

// Reads a human's move. Returns MOVE_NONE on quit/end of input, and 1 for "undo".
static Move read_human_move(AbaloneGame *g)
{
    char line[256];
    for (;;) {
        printf("%s to move (Aba-Pro move, 'undo' or 'quit'): ",
               g->board.side == ABALONE_BLACK ? "Black" : "White");
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) return MOVE_NONE;
        char *t = g_strstrip(line);
        if (!*t) continue;
        if (strcmp(t, "quit") == 0) return MOVE_NONE;
        if (strcmp(t, "undo") == 0) return (Move)1;
        GError *err = NULL;
        Move m = abalone_move_parse(&g->board, t, ABALONE_NOTATION_ABAPRO, &err);
        if (m != MOVE_NONE) return m;
        printf("illegal: %s\n", err->message);
        g_error_free(err);
    }
}

// Plays the game out; returns false if a human quit.
static bool play_game(AbaloneRecord *rec, AbalonePlayer players[2], double movetime, bool quiet)
{
    AbaloneGame *g = &rec->game;
    while (abalone_game_outcome(g, NULL) == ABALONE_ONGOING) {
        AbalonePlayer *p = &players[g->board.side];
        AbaloneBoard before = g->board;
        SearchInfo info;
        Move m;
        if (p->human) {
            m = read_human_move(g);
            if (m == MOVE_NONE) return false;
            if (m == (Move)1) { // take back a move pair
                int back = 0;
                while (back < 2 && abalone_game_undo(g)) back++;
                g_ptr_array_set_size(rec->comments, (guint)abalone_game_length(g) + 1);
                printf(back ? "took back %d move%s\n" : "nothing to take back\n", back,
                       back == 1 ? "" : "s");
                char *ascii = abalone_board_render_ascii(&g->board);
                printf("%s", ascii);
                g_free(ascii);
                continue;
            }
        } else {
            SearchLimits limits = {0};
            limits.time = timeman_per_move(movetime);
            limits.start_us = g_get_monotonic_time();
            m = abalone_engine_search(&p->engine, g, &limits, NULL, NULL, &info);
        }
        char *comment = NULL;
        if (!p->human)
            comment =
                g_strdup_printf("depth %d, %" G_GUINT64_FORMAT " nodes", info.depth, info.nodes);
        abalone_record_play(rec, m, comment);
        g_free(comment);
        print_move_line(g, p, m, p->human ? NULL : &info, &before);
        if (!quiet) {
            char *ascii = abalone_board_render_ascii(&g->board);
            printf("%s\n", ascii);
            g_free(ascii);
        }
        fflush(stdout);
    }
    return true;
}

// The record's header: event, date, players and time per move.
static void set_tags(AbaloneRecord *rec, AbalonePlayer *const players, double movetime)
{
    GDateTime *now = g_date_time_new_now_local();
    char *date = g_date_time_format(now, "%Y.%m.%d");
    char *tpm = g_strdup_printf("%g", movetime);
    abalone_record_set_tag(rec, "Event", "sumito abalone play");
    abalone_record_set_tag(rec, "Date", date);
    abalone_record_set_tag(rec, "Black", players[0].name);
    abalone_record_set_tag(rec, "White", players[1].name);
    abalone_record_set_tag(rec, "TimePerMove", tpm);
    g_free(date);
    g_free(tpm);
    g_date_time_unref(now);
}

void abalone_player_free(AbalonePlayer *p)
{
    if (!p->human && p->name) abalone_engine_free(&p->engine);
    g_free(p->name);
}

int abalone_play_game(AbalonePlayer players[2], const AbaloneBoard *start, const char *layout,
                      double movetime, bool quiet, const char *record)
{
    AbaloneRules rules;
    abalone_rules_default(&rules);
    if (!players[0].human) rules = players[0].engine.rules;
    AbaloneRecord rec;
    abalone_record_init(&rec, start, layout, &rules);
    set_tags(&rec, players, movetime);
    char *ascii = abalone_board_render_ascii(start);
    printf("%s (Black) against %s (White), %g s per move\n%s\n", players[0].name, players[1].name,
           movetime, ascii);
    g_free(ascii);
    bool finished = play_game(&rec, players, movetime, quiet);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(&rec.game, &why);
    printf("%s: %s (%s) after %d plies; lost: Black %d, White %d\n",
           finished ? "Game over" : "Stopped", abalone_outcome_text(o), abalone_end_text(why),
           abalone_game_length(&rec.game), abalone_board_lost(&rec.game.board, 0),
           abalone_board_lost(&rec.game.board, 1));
    GError *err = NULL;
    int rc = 0;
    if (!abalone_record_save(&rec, record, &err)) {
        rc = lab_report(err);
    } else {
        printf("Game record: %s\n", record);
    }
    abalone_record_free(&rec);
    return rc;
}

// The final position (last move marked, the result as caption) at 800 pixels.
static bool write_final(const AbaloneGame *g, const char *path, GError **err)
{
    int len = abalone_game_length(g);
    AbaloneEnd why;
    AbaloneOutcome o = abalone_game_outcome(g, &why);
    char *caption = o == ABALONE_ONGOING
                        ? g_strdup_printf("move %d", len)
                        : g_strdup_printf("move %d, %s", len, abalone_outcome_text(o));
    AbaloneRenderOptions ro;
    abalone_render_options_default(&ro);
    ro.last_move = len > 0 ? abalone_game_move(g, len - 1) : MOVE_NONE;
    ro.caption = caption;
    bool ok = png_write_raster_free(
        abalone_render_position(abalone_game_position(g, len), &ro, err), path, err);
    g_free(caption);
    return ok;
}

// A contact sheet of at most about 21 positions: every 10 moves, or every 20, 30, ... in
// longer games.
static bool write_strip(const AbaloneGame *g, const char *path, int *every, GError **err)
{
    Series series;
    abalone_render_series(g, NULL, &series);
    SeriesSheetOptions so;
    series_sheet_options_default(&so);
    int len = abalone_game_length(g);
    so.every = *every = len <= 200 ? 10 : 10 * ((len + 199) / 200);
    return png_write_raster_free(series_sheet(&series, &so, err), path, err);
}

int abalone_play_draw(const char *dir, const char *record)
{
    AbaloneRecord rec;
    GError *err = NULL;
    if (!abalone_record_load(&rec, record, 0, NULL, &err)) {
        abalone_record_free(&rec);
        return lab_report(err);
    }
    char *final = g_build_filename(dir, "final.png", NULL);
    char *strip = g_build_filename(dir, "strip.png", NULL);
    int every = 0, rc = 0;
    if (write_final(&rec.game, final, &err) && write_strip(&rec.game, strip, &every, &err)) {
        printf("Pictures: %s (the final position, last move marked)\n"
               "          %s (the game, every %d moves)\n",
               final, strip, every);
    } else {
        rc = lab_report(err);
    }
    g_free(final);
    g_free(strip);
    abalone_record_free(&rec);
    return rc;
}
