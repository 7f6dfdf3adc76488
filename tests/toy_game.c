// SPDX-License-Identifier: MIT
// The toy game's contract for the search body, and its brute-force minimax.
#include "tests/toy_game.h"

// The side to move's terminal value, a draw scored draw[side].
static bool toy_terminal_draws(const ToyBoard *b, const Score draw[2], Score *s)
{
    if (!toy_terminal(b, s)) return false;
    if (*s == SCORE_DRAW) *s = draw[b->ply & 1];
    return true;
}

static Score toy_quiescence_draws(ToyBoard *b, const Score draw[2])
{
    Score s;
    if (toy_terminal_draws(b, draw, &s)) return s;
    Score best = toy_eval(b);
    if (b->ply >= MAX_PLY - 1) return best;
    for (int i = 0; i < toy_branching(b); i++) {
        if (!toy_forcing(b, i)) continue;
        ToyBoard c = *b;
        toy_play(&c, i);
        Score v = -toy_quiescence_draws(&c, draw);
        if (v > best) best = v;
    }
    return best;
}

static const Score toy_no_contempt[2] = {SCORE_DRAW, SCORE_DRAW};

Score toy_quiescence(ToyBoard *b)
{
    return toy_quiescence_draws(b, toy_no_contempt);
}

void toy_rankcut_table(RankcutTable *t, double better_share)
{
    static const RankcutScheme edges = TOY_RANKCUT_SCHEME;
    RankcutCounts c;
    rankcut_counts_init(&c, "toy", "toy-eval", &edges);
    for (size_t i = 0; i < RANKCUT_CELLS; i++) {
        c.n[i] = 100000;
        c.better[i] = (uint64_t)(100000 * better_share);
    }
    rankcut_table_init(t, &c);
}

Score toy_minimax_draws(ToyBoard *b, int depth, const Score draw[2])
{
    Score s;
    if (depth <= 0) return toy_quiescence_draws(b, draw);
    if (toy_terminal_draws(b, draw, &s)) return s;
    Score best = -SCORE_INF;
    for (int i = 0; i < toy_branching(b); i++) {
        ToyBoard c = *b;
        toy_play(&c, i);
        Score v = -toy_minimax_draws(&c, depth - 1, draw);
        if (v > best) best = v;
    }
    return best;
}

Score toy_minimax(ToyBoard *b, int depth)
{
    return toy_minimax_draws(b, depth, toy_no_contempt);
}

// ---- the contract -----------------------------------------------------------------------
typedef ToyBoard GameBoard;
typedef ToyUndo GameUndo;
#define GAME_MAX_MOVES TOY_MAX_MOVES
static inline int game_gen_moves(const GameBoard *b, Move *out)
{
    int n = toy_branching(b);
    for (int i = 0; i < n; i++) out[i] = (Move)(i + 1);
    return n;
}

static inline int game_gen_forcing(const GameBoard *b, Move *out)
{
    int n = 0;
    for (int i = 0; i < toy_branching(b); i++)
        if (toy_forcing(b, i)) out[n++] = (Move)(i + 1);
    return n;
}

static inline void game_make(GameBoard *b, Move m, GameUndo *u)
{
    u->x = b->x;
    toy_play(b, (int)m - 1);
}

static inline void game_unmake(GameBoard *b, Move m, const GameUndo *u)
{
    b->x = u->x;
    b->ply--;
}

static inline int game_move_index(Move m)
{
    return m ? (int)m - 1 : -1;
}

static inline Move game_move_from_index(const GameBoard *b, int i)
{
    return i >= 0 && i < toy_branching(b) ? (Move)(i + 1) : MOVE_NONE;
}

static inline bool game_move_irreversible(Move m)
{
    return true; // x and ply never come back
}

// Legality never depends on earlier positions.
static inline uint32_t game_history_stamp(const GameBoard *b)
{
    return 0;
}

static inline Key game_key(const GameBoard *b)
{
    return toy_hash(b->seed, b->ply, b->x, 4);
}

static inline int game_side(const GameBoard *b)
{
    return b->ply & 1;
}

static inline Score game_evaluate(const GameBoard *b, const void *ctx)
{
    return toy_eval(b);
}

static inline bool game_terminal(const GameBoard *b, const void *ctx, int ply, Score *s)
{
    return toy_terminal(b, s);
}

#define GAME_MATERIAL
static inline int game_material(const GameBoard *b)
{
    return toy_material(b);
}

static inline bool game_threat(const GameBoard *b)
{
    return toy_hash(b->seed, b->ply, b->x, 5) & 1;
}

static inline bool game_null_allowed(const GameBoard *b, const void *ctx)
{
    return true;
}

// A pass: the other side moves from the same x, one ply later.
static inline void game_make_null(GameBoard *b, GameUndo *u)
{
    u->x = b->x;
    b->ply++;
}

static inline void game_unmake_null(GameBoard *b, const GameUndo *u)
{
    b->ply--;
}

// Two stages, by the parity of x, so that the stages of ProbCut's calibration are exercised.
#define GAME_PROBCUT_STAGES TOY_PROBCUT_STAGES

static inline int game_stage(const GameBoard *b)
{
    return b->x & 1;
}

static inline int game_move_tactical(const GameBoard *b, Move m)
{
    return toy_forcing(b, (int)m - 1) ? 1 : 0;
}

static inline int game_move_static(const GameBoard *b, Move m)
{
    return (int)(toy_hash(b->seed, b->ply, b->x, 20 + (int)m) & 255);
}

// A toy position holds nothing outside itself: a helper thread's copy is a plain copy.
static inline GameBoard *game_board_clone(const GameBoard *b)
{
    return g_memdup2(b, sizeof *b);
}

static inline void game_board_free(GameBoard *c)
{
    g_free(c);
}

// Playouts: the toy game leaves the moves to the uniformly random ones of core/mcts_body.h and
// ends a playout where brute-force minimax stops: at a terminal position, or, with a ToyMctsCtx,
// at its horizon, valued there by the quiescence search through the logistic.
#define GAME_PLAYOUT_RESULT
static inline bool game_playout_result(const GameBoard *b, const void *ctx, int ply, double *value)
{
    Score s;
    if (toy_terminal(b, &s)) {
        *value = s > 0 ? 1.0 : s < 0 ? 0.0 : 0.5;
        return true;
    }
    const ToyMctsCtx *c = ctx;
    if (!c || b->ply < c->horizon) return false;
    ToyBoard copy = *b;
    *value = mcts_score_rate(toy_quiescence(&copy), c->scale);
    return true;
}

#define SEARCH_NAME(x) toy_search_##x
#include "core/search_body.h"
#include "core/mcts_body.h"
