// SPDX-License-Identifier: MIT
// Abalone's side of the search contract (core/game_contract.h): the static-inline functions
// the search recursion is compiled against. The game context is the AbaloneRules in force.
#ifndef ABALONE_CONTRACT_H
#define ABALONE_CONTRACT_H

#include "abalone/eval.h"
#include "abalone/features.h"
#include "abalone/game.h"
#include "abalone/search.h"
#include "core/score.h"

typedef AbaloneSearchBoard GameBoard;
typedef AbaloneUndo GameUndo;
#define GAME_MAX_MOVES ABALONE_MAX_MOVES
// A net's scores stay clear of the forced results' range.
#define ABALONE_NET_SCORE_MAX 20000

static inline int game_gen_moves(const GameBoard *b, Move *out)
{
    return abalone_gen_moves(&b->pos, out);
}

static inline int game_gen_forcing(const GameBoard *b, Move *out)
{
    return abalone_gen_ejections(&b->pos, out);
}

// With a net, the next accumulators are this position's plus the move's feature changes.
static inline void game_make(GameBoard *b, Move m, GameUndo *u)
{
    if (b->net) {
        AbaloneNetDelta d;
        abalone_net_delta_of(&b->pos, m, b->features, &d);
        const uint16_t *const add[2] = {d.add[0], d.add[1]}, *const sub[2] = {d.sub[0], d.sub[1]};
        net_acc_update(b->net, b->acc, b->acc + 1, add, d.nadd, sub, d.nsub);
        b->acc++;
    }
    abalone_board_make(&b->pos, m, u);
}

static inline void game_unmake(GameBoard *b, Move m, const GameUndo *u)
{
    abalone_board_unmake(&b->pos, m, u);
    if (b->net) b->acc--;
}

static inline int game_move_index(Move m)
{
    return ABALONE_MOVE_INDEX(m);
}

static inline Move game_move_from_index(const GameBoard *b, int index)
{
    return abalone_board_move_from_index(&b->pos, index);
}

// An ejection lowers the marble count for good: no earlier position can come back.
static inline bool game_move_irreversible(Move m)
{
    return ABALONE_MOVE_EJECTS(m) != 0;
}

// Legality never depends on earlier positions.
static inline uint32_t game_history_stamp(const GameBoard *b)
{
    return 0;
}

static inline Key game_key(const GameBoard *b)
{
    return b->pos.key;
}

static inline int game_side(const GameBoard *b)
{
    return b->pos.side;
}

static inline Score game_evaluate_base(const GameBoard *b)
{
    if (!b->net)
        return b->defensive ? abalone_evaluate_defensive(&b->pos) : abalone_evaluate(&b->pos);
    int32_t v = net_evaluate(b->net, b->acc, b->pos.side);
    return (Score)(v > ABALONE_NET_SCORE_MAX    ? ABALONE_NET_SCORE_MAX
                   : v < -ABALONE_NET_SCORE_MAX ? -ABALONE_NET_SCORE_MAX
                                                : v);
}

// The evaluation, with the side ahead's progress terms when they are on.
static inline Score game_evaluate(const GameBoard *b, const void *ctx)
{
    Score v = game_evaluate_base(b);
    if (b->press_edge | b->press_threat)
        v += (Score)abalone_evaluate_press(&b->pos, b->press_edge, b->press_threat);
    return v;
}

// Six marbles lost ends the game (the side to move is the one that lost them); at the move
// cap more marbles ejected wins.
static inline bool game_terminal(const GameBoard *sb, const void *ctx, int ply, Score *score)
{
    const AbaloneRules *rules = ctx;
    const AbaloneBoard *b = &sb->pos;
    int own = abalone_popcount(b->bb[b->side]), opp = abalone_popcount(b->bb[b->side ^ 1]);
    int floor = ABALONE_MARBLES - ABALONE_EJECT_TO_WIN;
    if (own <= floor || opp <= floor) {
        *score = own <= floor ? -SCORE_MATE + ply : SCORE_MATE - ply;
        return true;
    }
    if (rules->move_cap > 0 && b->ply >= rules->move_cap) {
        *score = own > opp ? SCORE_MATE - ply : own < opp ? -SCORE_MATE + ply : SCORE_DRAW;
        return true;
    }
    return false;
}

// The side to move's lead in marbles (contempt: who a draw disappoints).
#define GAME_MATERIAL
static inline int game_material(const GameBoard *b)
{
    return abalone_lead(&b->pos, b->pos.side);
}

// RankCut's "in check": the opponent, were it to move now, could eject one of our marbles.
static inline bool game_threat(const GameBoard *b)
{
    return abalone_ejectable(b->pos.bb[b->pos.side ^ 1], b->pos.bb[b->pos.side]) != 0;
}

// Abalone has no pass: the null move is an artificial one that only hands the move over (and
// counts a ply towards the move cap, so it is refused where that would end the game). The
// marbles do not change, so a net's accumulators stay as they are.
static inline bool game_null_allowed(const GameBoard *b, const void *ctx)
{
    const AbaloneRules *rules = ctx;
    return rules->move_cap <= 0 || b->pos.ply + 1 < rules->move_cap;
}

static inline void game_make_null(GameBoard *b, GameUndo *u)
{
    u->key = b->pos.key;
    b->pos.key ^= abalone_tables.zobrist_side;
    b->pos.side ^= 1;
    b->pos.ply++;
}

static inline void game_unmake_null(GameBoard *b, const GameUndo *u)
{
    b->pos.key = u->key;
    b->pos.side ^= 1;
    b->pos.ply--;
}

// ProbCut's stages, by the marbles on the board: 28-27, 26-25, 24-23, 22 and fewer.
#define GAME_PROBCUT_STAGES ABALONE_PROBCUT_STAGES

static inline int game_stage(const GameBoard *b)
{
    int gone = 2 * ABALONE_MARBLES - abalone_popcount(b->pos.bb[0] | b->pos.bb[1]);
    return gone < 6 ? gone / 2 : 3;
}

// Ejections first, then pushes, each by the number of marbles involved.
static inline int game_move_tactical(const GameBoard *b, Move m)
{
    int pushed = ABALONE_MOVE_PUSHED(m);
    if (!pushed) return 0;
    int involved = abalone_tables.move[ABALONE_MOVE_INDEX(m)].count + pushed;
    return ABALONE_MOVE_EJECTS(m) ? 64 + involved : 32 + involved;
}

// A helper thread's copy (Lazy SMP): the position, and with a net a stack of accumulators of
// its own (as deep as the engine's) starting from a copy of the root's.
static inline GameBoard *game_board_clone(const GameBoard *b)
{
    AbaloneSearchBoard *c = g_new(AbaloneSearchBoard, 1);
    *c = *b;
    if (b->net) {
        c->acc = g_aligned_alloc(MAX_PLY + 2, sizeof *c->acc, 32);
        c->acc[0] = *b->acc;
    }
    return c;
}

static inline void game_board_free(GameBoard *c)
{
    if (c->net) g_aligned_free(c->acc);
    g_free(c);
}

// Quiet moves: towards the centre first, then more marbles.
static inline int game_move_static(const GameBoard *b, Move m)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    return 128 + mi->centre_gain * 16 + mi->count;
}

#endif
