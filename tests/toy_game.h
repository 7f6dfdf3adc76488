// SPDX-License-Identifier: MIT
// A toy game for testing the search: positions (ply, x) with x in 0..60, 2 to 6 moves that
// add 1..6 to x (so different orders transpose), terminal positions, forcing moves for the
// quiescence search, and evaluations, all drawn from a hash of (seed, ply, x). Small enough
// for brute-force minimax; tests/toy_game.c compiles the search body against it.
#ifndef TESTS_TOY_GAME_H
#define TESTS_TOY_GAME_H

#include "core/score.h"
#include "core/search.h"

// RankCut's statistics scheme for the toy game (its scores are Abalone-like).
#define TOY_RANKCUT_SCHEME                                                                         \
    {                                                                                              \
        RANKCUT_SCHEME_ALPHA, { 5, 25, 100, 300, 1000, 10, 50, 200, 600, 2000 }                    \
    }

typedef struct {
    uint64_t seed;
    int ply, x;
} ToyBoard;

typedef struct {
    int x;
} ToyUndo;

#define TOY_MODULUS          61
#define TOY_MAX_MOVES        6
#define TOY_QUIESCENCE_PLIES 24 // forcing moves exist only below this ply
#define TOY_PROBCUT_STAGES   2  // ProbCut's stages: the parity of x

static inline uint64_t toy_hash(uint64_t seed, int ply, int x, int salt)
{
    uint64_t z = seed ^ ((uint64_t)ply << 32) ^ ((uint64_t)x << 8) ^ (uint64_t)salt;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int toy_branching(const ToyBoard *b)
{
    return 2 + (int)(toy_hash(b->seed, b->ply, b->x, 1) % 5);
}

// Terminal positions: about one in 25, won, lost or drawn for the side to move.
static inline bool toy_terminal(const ToyBoard *b, Score *s)
{
    uint64_t h = toy_hash(b->seed, b->ply, b->x, 2);
    if (b->ply == 0 || h % 25) return false;
    int kind = (int)(h / 25 % 3);
    *s = kind == 0 ? SCORE_MATE - b->ply : kind == 1 ? -SCORE_MATE + b->ply : SCORE_DRAW;
    return true;
}

static inline Score toy_eval(const ToyBoard *b)
{
    return (Score)(toy_hash(b->seed, b->ply, b->x, 3) % 2001) - 1000;
}

// Move i (0-based) is forcing when a hash bit says so, below TOY_QUIESCENCE_PLIES.
static inline bool toy_forcing(const ToyBoard *b, int i)
{
    return b->ply < TOY_QUIESCENCE_PLIES && (toy_hash(b->seed, b->ply, b->x, 10 + i) & 3) == 0;
}

static inline void toy_play(ToyBoard *b, int i)
{
    b->x = (b->x + i + 1) % TOY_MODULUS;
    b->ply++;
}

// The side to move's lead in material, -1, 0 or 1 from a hash (the search's contempt).
static inline int toy_material(const ToyBoard *b)
{
    return (int)(toy_hash(b->seed, b->ply, b->x, 6) % 3) - 1;
}

// Brute-force negamax to `depth`, then the quiescence value: the best of the evaluation and
// every forcing move's value, with no pruning of any kind.
Score toy_minimax(ToyBoard *b, int depth);
Score toy_quiescence(ToyBoard *b);
// The same with a drawn end scored draw[side to move's parity] instead of SCORE_DRAW.
Score toy_minimax_draws(ToyBoard *b, int depth, const Score draw[2]);

// RankCut statistics for the toy game where every cell has been seen often (100 000 times),
// with the given share of "a later move was better" (t to be freed with rankcut_table_free).
void toy_rankcut_table(RankcutTable *t, double better_share);

// The search body compiled for the toy game.
Move toy_search_run(Search *s, ToyBoard *b, SearchInfo *out);

// The Monte Carlo search's context on the toy game (s->game_ctx): playouts end at ply
// `horizon` with the quiescence value through the logistic of `scale`, so that the values
// the search converges to are those of toy_minimax(root, horizon). Without one (NULL) playouts
// end at terminal positions or at mcts_playout_plies.
typedef struct {
    int horizon;
    double scale;
} ToyMctsCtx;

// The Monte Carlo search compiled for the toy game, and the algorithm params.search names.
Move toy_search_mcts_run(Search *s, ToyBoard *b, SearchInfo *out);
Move toy_search_dispatch(Search *s, ToyBoard *b, SearchInfo *out);

#endif
