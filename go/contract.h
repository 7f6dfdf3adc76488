// SPDX-License-Identifier: MIT
// Go's side of the search contract (core/game_contract.h). The game context is a GoEvalCtx
// (komi, move cap). The board searched carries the game's superko history (GoBoard.history),
// so legality along the search path is exact under every ko rule:
//   - Superko: a move that recreates an earlier whole-board position (positional, the
//     default) or an earlier position with the same side to move (situational) is illegal,
//     so it is never generated and a TT move that would do it is refused. A repetition is
//     therefore never reached under superko, and the core's draw-by-repetition check cannot
//     fire; under the simple-ko rule, where cycles are legal, it scores a repeated position
//     along the path as a draw (no result).
//   - The key covers stones, side to move, the simple-ko point and consecutive passes. The TT
//     is still path-dependent under superko (the same key can have different legal moves on
//     different paths): a node whose subtree met a superko refusal stores nothing
//     (game_history_stamp), and a TT move is checked for legality on the current path.
//     Entries stored on a path without refusals can still be used on a path where a line of
//     theirs would be refused; that rare case is accepted.
//   - Moves that fill one of the mover's own true eyes (go_board_is_eye) are not generated:
//     under area scoring they never gain, and leaving them out lets a lost or finished game
//     end with passes.
//   - Two consecutive passes, or the move cap, end the game: it scores the exact count.
#ifndef GO_CONTRACT_H
#define GO_CONTRACT_H

#include "core/score.h"
#include "go/eval.h"
#include "go/features.h"
#include "go/game.h"
#include "go/movegen.h"
#include "go/playout.h"

typedef GoBoard GameBoard;
typedef GoUndo GameUndo;
#define GAME_MAX_MOVES GO_MAX_MOVES

// Dense move indices: the cell of a point (below GO_MAX_CELLS on every size), and pass.
#define GO_MOVE_INDICES (GO_MAX_CELLS + 1)
#define GO_PASS_INDEX   GO_MAX_CELLS

static inline bool go_search_point_wanted(const GoBoard *b, int p)
{
    return p != b->ko && !go_board_is_eye(b, p, b->side) && go_board_point_legal(b, p);
}

static inline int game_gen_moves(const GameBoard *b, Move *out)
{
    int n = 0;
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i];
        if (go_search_point_wanted(b, p)) out[n++] = (Move)p;
    }
    out[n++] = GO_PASS;
    return n;
}

// An escape from atari: p is the liberty of an own string in atari, and after the move the
// stone has another empty neighbour or joins an own string that is not in atari.
static inline bool go_move_escapes(const GoBoard *b, int p)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    bool rescues = false, gains = go_nbr_count(b, p, GO_EMPTY) >= 2;
    for (int k = 0; k < 4; k++) {
        int n = p + d[k];
        if (b->color[n] != b->side) continue;
        if (go_string_in_atari(go_string_of(b, n)))
            rescues = true;
        else
            gains = true;
    }
    return rescues && gains;
}

// The quiescence search's moves: captures (largest first), then escapes from atari. Lines
// of them are short: each needs a string already in atari, an escape fills a point and a
// capture removes stones, superko forbids cycles, and the core stops at its ply limit.
static inline int game_gen_forcing(const GameBoard *b, Move *out)
{
    int n = 0, size[GO_MAX_MOVES];
    for (int i = 0; i < b->empty_count; i++) {
        int p = b->empty[i];
        if (p == b->ko) continue;
        int captured = go_board_move_captures(b, (Move)p);
        if (!captured && (!go_move_escapes(b, p) || go_board_is_eye(b, p, b->side))) continue;
        if (!go_board_point_legal(b, p)) continue;
        int j = n++;
        for (; j > 0 && size[j - 1] < captured; j--) out[j] = out[j - 1], size[j] = size[j - 1];
        out[j] = (Move)p, size[j] = captured;
    }
    return n;
}

static inline void game_make(GameBoard *b, Move m, GameUndo *u)
{
    go_board_play(b, m, u);
}

static inline void game_unmake(GameBoard *b, Move m, const GameUndo *u)
{
    go_board_undo(b, m, u);
}

static inline int game_move_index(Move m)
{
    return m == GO_PASS ? GO_PASS_INDEX : (int)m;
}

static inline Move game_move_from_index(const GameBoard *b, int index)
{
    Move m = index == GO_PASS_INDEX ? GO_PASS : (Move)index;
    return go_board_is_legal(b, m) ? m : MOVE_NONE;
}

// Captured stones can come back, so no Go move makes every earlier position impossible.
static inline bool game_move_irreversible(Move m)
{
    return false;
}

// Superko refusals so far: a result whose subtree met one holds on this path only.
static inline uint32_t game_history_stamp(const GameBoard *b)
{
    return b->history ? b->history->bans : 0;
}

static inline Key game_key(const GameBoard *b)
{
    return go_board_key(b);
}

static inline int game_side(const GameBoard *b)
{
    return b->side - 1;
}

// The estimate, side to move's view: the net's (go/features.h) when ctx has one and the board
// is 9x9, the handcrafted evaluation (go/eval.h) otherwise.
static inline Score go_estimate(const GoBoard *b, const GoEvalCtx *ctx)
{
    if (ctx->net && b->size == GO_NET_SIZE) return go_net_evaluate(ctx->net, b, ctx->komi);
    return go_evaluate(b, ctx);
}

static inline Score game_evaluate(const GameBoard *b, const void *ctx)
{
    return go_estimate(b, ctx);
}

// What a game ended by two passes is worth (side to move's view, units): the fair count
// (go_eval_final_fair) when every region of empty and dead points reaches one colour of live
// stones (or none), else, with some region neutral, the estimate (*estimated, if not NULL,
// says which). The search scores two passes with it; the player weighs passing with it
// (go/player.c). A region that both colours reach is either dame, where the estimate and the
// count agree, or open ground, where the count says nothing of the game: with E5 and D4
// against A1 and B2 on 9x9 the whole board is one region reaching both, White "wins" by komi,
// and a cleanup phase (or any opponent) plays on. The estimate is the honest value of
// stopping there.
static inline Score go_eval_pass_end(const GoBoard *b, const GoEvalCtx *ctx, bool *estimated)
{
    bool neutral = false;
    Score count = go_eval_final_fair(b, ctx, &neutral);
    if (estimated) *estimated = neutral;
    return neutral ? go_estimate(b, ctx) : count;
}

// True when the count is decided: every empty region is small and reaches one colour only,
// and no string is in atari or taken for dead (the estimate equals the exact count).
static inline bool go_eval_settled(const GoBoard *b, const GoEvalCtx *ctx)
{
    return go_eval_regions_decided(b) && go_estimate(b, ctx) == go_eval_final(b, ctx);
}

// Two consecutive passes or the move cap: the count decides, in evaluation units (a
// score-maximising search: a win by more is better, a loss by less is better).
static inline bool game_terminal(const GameBoard *b, const void *ctx, int ply, Score *score)
{
    const GoEvalCtx *c = ctx;
    if (b->passes < 2 && (c->move_cap <= 0 || b->ply < c->move_cap)) return false;
    // Two passes are scored with the stones taken for dead removed, as players who agree on
    // them (or a cleanup phase) would, and by the estimate where a region is neutral: the bare
    // count would make passing next to a hopeless stone, or on open ground, look like a win.
    // The move cap ends the game on the referee's bare count.
    *score = b->passes >= 2 ? go_eval_pass_end(b, c, NULL) : go_eval_final(b, c);
    return true;
}

// The null move is Go's real pass, refused where it would end the game: after a pass (two in a
// row end it) or when it would reach the move cap.
static inline bool game_null_allowed(const GameBoard *b, const void *ctx)
{
    const GoEvalCtx *c = ctx;
    return b->passes == 0 && (c->move_cap <= 0 || b->ply + 1 < c->move_cap);
}

static inline void game_make_null(GameBoard *b, GameUndo *u)
{
    go_board_play(b, GO_PASS, u);
}

static inline void game_unmake_null(GameBoard *b, const GameUndo *u)
{
    go_board_undo(b, GO_PASS, u);
}

// ProbCut's stages, by the move number relative to the board's points: on 9x9 moves 0-20,
// 21-40, 41-60, then the rest.
#define GAME_PROBCUT_STAGES GO_PROBCUT_STAGES

static inline int game_stage(const GameBoard *b)
{
    int stage = b->ply * 4 / (b->size * b->size);
    return stage < 3 ? stage : 3;
}

// RankCut's "in check": a string of the side to move is in atari.
static inline bool game_threat(const GameBoard *b)
{
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            if (b->color[p] == b->side && b->head[p] == p && go_string_in_atari(&b->str[p]))
                return true;
        }
    return false;
}

// True when a stone on p (empty) leaves the opposing string with head h in atari: p is one of
// its pseudo-liberties k times, and what remains is a single point.
static inline bool go_move_ataris(const GoBoard *b, int p, int h, int k)
{
    const GoString *s = &b->str[h];
    uint64_t libs = s->libs - (uint64_t)k, sum = s->lib_sum - (uint64_t)k * (uint64_t)p;
    uint64_t sq = s->lib_sq - (uint64_t)k * (uint64_t)p * (uint64_t)p;
    return libs > 0 && libs * sq == sum * sum;
}

// The largest opposing string a move on p puts in atari (0 for none).
static inline int go_move_atari_size(const GoBoard *b, int p)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int opp = go_other(b->side), best = 0;
    for (int k = 0; k < 4; k++) {
        int n = p + d[k];
        if (b->color[n] != opp) continue;
        int h = b->head[n], times = 0;
        for (int j = 0; j < 4; j++) times += b->color[p + d[j]] == opp && b->head[p + d[j]] == h;
        if (go_move_ataris(b, p, h, times) && b->str[h].stones > best) best = b->str[h].stones;
    }
    return best;
}

// Tactical moves, searched before killers: a pass that ends the game (the last move was a
// pass: the exact count is known at once), captures by size, escapes from atari, ataris.
static inline int game_move_tactical(const GameBoard *b, Move m)
{
    if (m == GO_PASS) return b->passes == 1 ? 250 : 0;
    int captured = go_board_move_captures(b, m);
    if (captured) return 150 + MIN(captured, 90);
    if (go_move_escapes(b, (int)m)) return 100;
    int atari = go_move_atari_size(b, (int)m);
    return atari ? 50 + MIN(atari, 40) : 0;
}

// A helper thread's copy (Lazy SMP): the position with a superko history of its own, which
// its search extends and restores along its path.
static inline GameBoard *game_board_clone(const GameBoard *b)
{
    GoBoard *c = g_new(GoBoard, 1);
    *c = *b;
    if (b->history) {
        c->history = g_new(GoHistory, 1);
        go_history_init(c->history);
        go_history_copy(c->history, b->history);
    }
    return c;
}

static inline void game_board_free(GameBoard *c)
{
    if (c->history) {
        go_history_free(c->history);
        g_free(c->history);
    }
    g_free(c);
}

// Playouts (core/mcts_body.h): on a copy of the position that checks simple ko only (the tree's
// moves keep the superko history), the playout of go/playout.h that ctx's parameters choose
// (playout_policy: light, a uniformly random move that fills no own eye, by default; heavy, the
// playout policy of go/policy.h), and the count by Tromp-Taylor area with the playouts' komi
// (ctx's playout_komi: the real komi plus a dynamic komi's extra, go/dynkomi.h) once two
// passes or the move cap end the game, or the playout reaches its ply limit.
#define GAME_PLAYOUT_MOVE
#define GAME_PLAYOUT_RESULT
#define GAME_PLAYOUT_ESTIMATE
#define GAME_PLAYOUT_COPY

static inline void game_playout_copy(GameBoard *dst, const GameBoard *src)
{
    go_board_copy_position(dst, src);
}

static inline void game_playout_play(GameBoard *b, Move m)
{
    go_board_play(b, m, NULL);
}

static inline Move game_playout_move(GameBoard *b, const void *ctx, Rng *rng)
{
    return go_playout_choose(b, ((const GoEvalCtx *)ctx)->playout, rng);
}

static inline bool game_playout_result(const GameBoard *b, const void *ctx, int ply, double *value)
{
    const GoEvalCtx *c = ctx;
    if (b->passes < 2 && (c->move_cap <= 0 || b->ply < c->move_cap)) return false;
    *value = go_playout_value(b, c->playout_komi);
    return true;
}

static inline double game_playout_estimate(const GameBoard *b, const void *ctx, double scale)
{
    return go_playout_value(b, ((const GoEvalCtx *)ctx)->playout_komi);
}

// The tree's prior knowledge (go/prior.h), when ctx has it and its switch is on.
#define GAME_MOVE_PRIORS

static inline void game_move_priors(const GameBoard *b, const void *ctx, const Move *moves, int n,
                                    MctsPrior *out)
{
    const GoEvalCtx *c = ctx;
    if (c->prior) go_prior_moves(b, c->prior, moves, n, out);
}

// Ownership (core/mcts_body.h): each point's Tromp-Taylor owner where the playout ended, a
// point's move index being its cell and game_side's 0 Black; and the pass, which owns no point,
// counts who won the playout at the real komi (ctx's komi, whatever the playouts' komi): its
// side 0 entry the playouts Black won, its side 1 entry those White won (a tie neither), for
// the win rate at the real komi (go_ownership_win_rate).
#define GAME_PLAYOUT_OWNERS

static inline void game_playout_owners(const GameBoard *b, const void *ctx, uint32_t *counts)
{
    double black = go_board_owners_count(b, counts) - ((const GoEvalCtx *)ctx)->komi;
    if (black != 0) counts[2 * GO_PASS_INDEX + (black > 0 ? 0 : 1)]++;
}

// Quiet moves: the third and fourth lines before the second, the first last; contact with
// stones first; a point with no empty neighbour (a self-atari or an eye-like point) late.
static inline int game_move_static(const GameBoard *b, Move m)
{
    if (m == GO_PASS) return 0;
    static const int line_value[4] = {30, 80, 130, 120};
    int p = (int)m, n = b->size - 1;
    int x = go_point_x(b, p), y = go_point_y(b, p);
    int line = MIN(MIN(x, y), MIN(n - x, n - y));
    int stones = 4 - go_nbr_count(b, p, GO_EMPTY) - go_nbr_count(b, p, GO_OFF);
    if (go_nbr_count(b, p, GO_EMPTY) == 0) return 10;
    return line_value[MIN(line, 3)] + 25 * stones;
}

#endif
