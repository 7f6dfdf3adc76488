// SPDX-License-Identifier: MIT
// Training positions from self-play, for any game with a net (core/lab/gendata.h).
#include "core/lab/gendata.h"

#include <stdio.h>
#include <string.h>

#include "core/lab/lab.h"
#include "core/lab/opening.h"
#include "nets/data.h"

typedef struct {
    const GameDesc *game;
    const GenDataOptions *o;
    GameEngine *engine;
    NetDataWriter *w;
    GArray *sides;   // the side to move of each buffered record, for the results
    GArray *records; // NetDataRecord of the game being played
    LabProgress line;
    size_t positions; // written in this run
    LabOpenings openings;
} GenData;

static int16_t clamp_score(Score s)
{
    return (int16_t)(s > NET_DATA_SCORE_MAX    ? NET_DATA_SCORE_MAX
                     : s < -NET_DATA_SCORE_MAX ? -NET_DATA_SCORE_MAX
                                               : s);
}

// The record of the current position, labelled with the search that chose its move.
static void add_record(GenData *g, const GameState *s, const GameChoice *c, int game_number)
{
    const GameDesc *game = g->game;
    NetDataRecord r = {0};
    r.game = (uint32_t)game_number;
    r.ply = (uint16_t)MIN(game->length(s), 65535);
    // A playout label's seed: the run's seed, the game and the ply, so a resumed shard or
    // another machine draws the same.
    r.score = clamp_score(g->o->label_playouts > 0
                              ? game->net_label(s, g->o->label_playouts,
                                                g->o->seed ^ ((uint64_t)game_number << 20) ^ r.ply)
                              : c->info.score);
    r.flags = game->net_noisy(s) ? NET_DATA_NOISY : 0;
    for (int p = 0; p < 2; p++)
        r.n[p] = (uint8_t)game->net_features(s, g->o->feature_set, p, r.f[p]);
    int side = game->side(s);
    g_array_append_val(g->records, r);
    g_array_append_val(g->sides, side);
}

// Plays game k to its end; false when it was cut short (Ctrl-C).
static bool play_game(GenData *g, int k, int done, int total)
{
    const GameDesc *game = g->game;
    GameState *s = lab_opening(&g->openings, g->engine, g->o->seed, k, g->o->size, NULL);
    engine_new_game(game_engine_core(g->engine));
    g_array_set_size(g->records, 0);
    g_array_set_size(g->sides, 0);
    GameResult res = {0};
    int resigned = -1;
    for (;;) {
        game->result(s, &res);
        if (res.over) break;
        SearchLimits limits = lab_limits(0, g->o->nodes, g->o->depth);
        GameChoice c;
        game->choose(g->engine, s, &limits, &c);
        if (lab_interrupted()) break;
        if (c.move == MOVE_NONE) {
            resigned = game->side(s);
            break;
        }
        if (c.searched) add_record(g, s, &c, k);
        game->play(s, c.move);
        lab_progress(&g->line, done, total, "game %d/%d (number %d), ply %d, %zu positions",
                     done + 1, total, k, game->length(s), g->positions);
    }
    game->state_free(s);
    if (lab_interrupted()) return false;
    int winner = resigned >= 0 ? resigned ^ 1 : res.winner;
    for (guint i = 0; i < g->records->len; i++) {
        NetDataRecord *r = &g_array_index(g->records, NetDataRecord, i);
        int side = g_array_index(g->sides, int, i);
        r->result = (int8_t)(winner < 0 ? 0 : winner == side ? 1 : -1);
        net_data_writer_add(g->w, r);
    }
    g->positions += g->records->len;
    return true;
}

static NetDataWriter *open_writer(const GameDesc *game, const GenDataOptions *o, int64_t *last,
                                  GError **err)
{
    NetDataHeader h = {0};
    g_strlcpy(h.feature_set, game->net_feature_set_name(o->feature_set), sizeof h.feature_set);
    h.inputs = game->net_feature_set_inputs(o->feature_set);
    h.symmetries = game->net_symmetries;
    h.perm = g_new(uint16_t, (gsize)h.symmetries * (gsize)h.inputs);
    game->net_symmetry_perms(o->feature_set, h.perm);
    h.provenance = g_strdup(o->command ? o->command : "");
    NetDataWriter *w = net_data_writer_open(o->out, &h, last, err);
    g_free(h.perm);
    g_free(h.provenance);
    return w;
}

int gendata_feature_set(const GameDesc *game, const char *name)
{
    if (!name) return 0;
    for (int i = 0; i < game->net_feature_sets; i++)
        if (strcmp(name, game->net_feature_set_name(i)) == 0) return i;
    GString *known = g_string_new(NULL);
    for (int i = 0; i < game->net_feature_sets; i++)
        g_string_append_printf(known, "%s%s", i ? ", " : "", game->net_feature_set_name(i));
    lab_error("--features '%s': no such feature set (%s has: %s)", name, game->title, known->str);
    g_string_free(known, TRUE);
    return -1;
}

int gendata_run(const GameDesc *game, const GenDataOptions *o)
{
    if (!game->net_features) return lab_error("%s has no neural-net features", game->title);
    if (o->label_playouts > 0 && !game->net_label)
        return lab_error("%s has no playout labels", game->title);
    GError *err = NULL;
    int64_t last = -1;
    GenData g = {game, o, NULL, NULL, NULL, NULL, {false, 0}, 0, {0}};
    if (!(g.w = open_writer(game, o, &last, &err))) return lab_report(err);
    if (!(g.engine = lab_engine_alphabeta(game, o->config, o->sets, o->rankcut_file, &err))) {
        net_data_writer_close(g.w);
        return lab_report(err);
    }
    int end = o->first_game + o->games;
    int start = (int)MAX((int64_t)o->first_game, last + 1);
    if (start >= end)
        fprintf(stderr, "%s already holds games %d to %d\n", o->out, o->first_game, end - 1);
    else if (last >= o->first_game)
        fprintf(stderr, "resuming %s after game %d\n", o->out, (int)last);
    g.records = g_array_new(FALSE, FALSE, sizeof(NetDataRecord));
    g.sides = g_array_new(FALSE, FALSE, sizeof(int));
    lab_openings_init(&g.openings, game, o->size);
    lab_interrupt_catch();
    lab_interrupt_search(game_engine_core(g.engine));
    lab_progress_start(&g.line);
    int rc = 0, played = 0;
    for (int k = start; k < end && !lab_interrupted(); k++) {
        if (!play_game(&g, k, k - start, end - start)) break;
        if (!net_data_writer_end_game(g.w, &err)) {
            rc = lab_report(err);
            break;
        }
        played++;
    }
    lab_progress_end(&g.line);
    lab_interrupt_search(NULL);
    printf("%s: %d games, %zu positions written in this run%s\n", o->out, played, g.positions,
           lab_interrupted() ? " (interrupted: run the same command to resume)" : "");
    if (rc == 0 && lab_interrupted()) rc = 130;
    g_array_free(g.records, TRUE);
    g_array_free(g.sides, TRUE);
    lab_openings_free(&g.openings);
    game_engine_free(game, g.engine);
    net_data_writer_close(g.w);
    return rc;
}
