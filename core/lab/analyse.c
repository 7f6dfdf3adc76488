// SPDX-License-Identifier: MIT
// The analyse command for any game, and info lines (core/lab/commands.h).
#include <stdio.h>

#include "core/lab/commands.h"
#include "core/lab/lab.h"

void lab_format_pv(const GameDesc *game, const GameState *s, const Move *pv, int n, GString *out)
{
    GameState *b = game->state_copy(s);
    Move *legal = g_new(Move, game->max_moves);
    for (int i = 0; i < n; i++) {
        int k = game->legal_moves(b, legal), j = 0;
        while (j < k && legal[j] != pv[i]) j++;
        if (j == k) break;
        char text[GAME_MOVE_TEXT];
        g_string_append_printf(out, "%s%s", i ? " " : "", game->move_format(b, pv[i], text));
        game->play(b, pv[i]);
    }
    g_free(legal);
    game->state_free(b);
}

void lab_format_info(const GameDesc *game, const GameState *s, const SearchInfo *info, GString *out)
{
    search_format_info(info, out);
    lab_format_pv(game, s, info->pv, info->pv_len, out);
}

typedef struct {
    const GameDesc *game;
    const GameState *root;
} InfoPrinter;

static void print_info(const SearchInfo *info, void *user)
{
    const InfoPrinter *p = user;
    GString *line = g_string_new(NULL);
    lab_format_info(p->game, p->root, info, line);
    printf("%s\n", line->str);
    fflush(stdout);
    g_string_free(line, TRUE);
}

int lab_analyse(const GameDesc *game, GameEngine *e, const GameState *s, const SearchLimits *limits)
{
    GameResult r;
    game->result(s, &r);
    if (r.over) return lab_error("the game is over (%s): nothing to search", r.reason);
    InfoPrinter printer = {game, s};
    SearchInfo info;
    Move best = game->search(e, s, limits, print_info, &printer, &info);
    char text[GAME_MOVE_TEXT];
    printf("bestmove %s\n", best ? game->move_format(s, best, text) : "none");
    const Engine *core = game_engine_core(e);
    const SearchStats *st = &core->search.stats;
    printf("info string rankcut %s (%s), lookups %" G_GUINT64_FORMAT ", known %" G_GUINT64_FORMAT
           ", reductions %" G_GUINT64_FORMAT "\n",
           core->params.rankcut && core->have_table ? "on" : "off",
           core->have_table ? core->table_source : "no statistics", st->rankcut_lookups,
           st->rankcut_known, st->rankcut_reductions);
    GString *counters = g_string_new(NULL);
    search_format_counters(st, counters);
    engine_format_probcut_idle(core, counters);
    fputs(counters->str, stdout);
    g_string_free(counters, TRUE);
    return 0;
}
