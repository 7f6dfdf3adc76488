// SPDX-License-Identifier: MIT
// The handcrafted Abalone evaluation, the baseline a learned evaluator has to beat: marbles
// lost (1000 each), distance from the centre, cohesion (adjacent pairs of own marbles), and
// marbles in danger at the edge (those the other side could eject with one move). Terms in
// the spirit of the published Abalone evaluations (Abalone notes, section 7.2); the weights
// are this engine's own. Scores are from the side to move's point of view.
#ifndef ABALONE_EVAL_H
#define ABALONE_EVAL_H

#include "abalone/movegen.h"

// Identifies this evaluation; RankCut statistics collected with it carry this name.
#define ABALONE_EVAL_ID "abalone-hce-1"

// RankCut's statistics scheme for this evaluation (core/rankcut.h, scheme 2): the one-sided
// score-gap intervals of best - alpha and of last - best, in evaluation units (a marble is
// 1000 for the handcrafted evaluation, about as much for the nets trained on its scale).
// Placed where the values fall: in three self-play games with the first net at 0.1 s a
// move (62.8 M records), best - alpha spread over all seven intervals (1.8 M to 19.5 M
// records each) while last - best crowded 32 M records into -200..-50 and 0.2 M below -2000,
// so that interval is split and the two deepest are merged.
#define ABALONE_RANKCUT_SCHEME                                                                     \
    {                                                                                              \
        RANKCUT_SCHEME_ALPHA,                                                                      \
        {                                                                                          \
            5, 25, 100, 300, 1000, 10, 50, 100, 200, 600                                           \
        }                                                                                          \
    }

#define ABALONE_W_MARBLE     1000
#define ABALONE_W_COHESION   6
#define ABALONE_W_DANGER_OWN 150 // own marble the opponent could eject if it moved now
#define ABALONE_W_DANGER_OPP 50  // opposing marble we can eject (the quiescence search tries)
static const int abalone_ring_weight[5] = {40, 30, 20, 10, 0};

// Marbles of `victim` that `attacker` could push off the board with one move: for each
// direction, the last pushed marble of every ejecting sumito (2v1, 3v1, 3v2).
static inline AbaloneBits abalone_ejectable(AbaloneBits attacker, AbaloneBits victim)
{
    AbaloneBits off = ~abalone_tables.valid, out = 0;
    for (int d = 0; d < 6; d++) {
        int s = abalone_dir_step[d];
        AbaloneBits t2 = attacker & abalone_pre(attacker, s);
        AbaloneBits t3 = t2 & abalone_pre(attacker, 2 * s);
        AbaloneBits v2 = abalone_pre(victim, 2 * s), v3 = abalone_pre(victim, 3 * s);
        AbaloneBits e21 = t2 & v2 & abalone_pre(off, 3 * s);
        AbaloneBits e31 = t3 & v3 & abalone_pre(off, 4 * s);
        AbaloneBits e32 = t3 & v3 & abalone_pre(victim, 4 * s) & abalone_pre(off, 5 * s);
        // Shift each set of tails onto the marble that leaves the board.
        out |= abalone_pre(e21, -2 * s) | abalone_pre(e31, -3 * s) | abalone_pre(e32, -4 * s);
    }
    return out & victim;
}

static inline int abalone_centre_score(AbaloneBits x)
{
    int v = 0;
    for (int r = 0; r < 4; r++)
        v += abalone_popcount(x & abalone_tables.ring[r]) * abalone_ring_weight[r];
    return v;
}

static inline int abalone_cohesion(AbaloneBits x)
{
    return abalone_popcount(x & abalone_pre(x, 1)) + abalone_popcount(x & abalone_pre(x, 11)) +
           abalone_popcount(x & abalone_pre(x, 10));
}

// Side's lead in marbles: its marbles on the board minus the other side's (negative when it is
// behind). The evaluation's first term, the press terms' side ahead and contempt's (game_material
// in abalone/contract.h) all read it here.
static inline int abalone_lead(const AbaloneBoard *b, int side)
{
    return abalone_popcount(b->bb[side]) - abalone_popcount(b->bb[side ^ 1]);
}

// The terms with their weights: cohesion a pair, a multiple of the centre's ring weights, own
// marbles in danger and opposing marbles we can eject (constants, folded in where inlined).
static inline Score abalone_evaluate_weighted(const AbaloneBoard *b, int cohesion, int centre,
                                              int danger_own, int danger_opp)
{
    AbaloneBits own = b->bb[b->side], opp = b->bb[b->side ^ 1];
    int v = abalone_lead(b, b->side) * ABALONE_W_MARBLE;
    v += (abalone_centre_score(own) - abalone_centre_score(opp)) * centre;
    v += (abalone_cohesion(own) - abalone_cohesion(opp)) * cohesion;
    v -= abalone_popcount(abalone_ejectable(opp, own)) * danger_own;
    if (danger_opp) v += abalone_popcount(abalone_ejectable(own, opp)) * danger_opp;
    return (Score)v;
}

static inline Score abalone_evaluate(const AbaloneBoard *b)
{
    return abalone_evaluate_weighted(b, ABALONE_W_COHESION, 1, ABALONE_W_DANGER_OWN,
                                     ABALONE_W_DANGER_OPP);
}

// The defensive sparring partner (eval=defensive): the same terms weighted as a careful player
// who is behind plays, keeping its marbles in one compact group in the centre and waiting:
// cohesion four times and the centre three times the usual weight, a marble of its own in
// danger twice, and nothing for the opponent's marbles it threatens to push off (a marble
// actually ejected still counts, on either side). A partner to measure and train the finishing
// of won games against; its evaluator has its own name, so no RankCut statistics are shared.
#define ABALONE_EVAL_DEFENSIVE_ID "abalone-hce-defensive-1"
#define ABALONE_DEF_W_COHESION    (4 * ABALONE_W_COHESION)
#define ABALONE_DEF_CENTRE        3
#define ABALONE_DEF_W_DANGER_OWN  (2 * ABALONE_W_DANGER_OWN)

static inline Score abalone_evaluate_defensive(const AbaloneBoard *b)
{
    return abalone_evaluate_weighted(b, ABALONE_DEF_W_COHESION, ABALONE_DEF_CENTRE,
                                     ABALONE_DEF_W_DANGER_OWN, 0);
}

// Progress when ahead (eval's press_edge and press_threat): for the side ahead in marbles,
// `edge` for each marble of the side behind on the edge ring and `threat` for each it could
// push off with one move, whoever is to move; from the side to move's view, so negative when
// it is behind. Level: nothing. Added to the evaluation, the net's or the handcrafted one.
static inline int abalone_evaluate_press(const AbaloneBoard *b, int edge, int threat)
{
    AbaloneBits own = b->bb[b->side], opp = b->bb[b->side ^ 1];
    int lead = abalone_lead(b, b->side);
    if (lead == 0) return 0;
    AbaloneBits ahead = lead > 0 ? own : opp, behind = lead > 0 ? opp : own;
    int v = edge * abalone_popcount(behind & abalone_tables.ring[4]);
    if (threat) v += threat * abalone_popcount(abalone_ejectable(ahead, behind));
    return lead > 0 ? v : -v;
}

// The moves that eject an opposing marble (the quiescence search's forcing moves).
static inline int abalone_gen_ejections(const AbaloneBoard *b, Move *out)
{
    AbaloneBits O = b->bb[b->side], P = b->bb[b->side ^ 1], off = ~abalone_tables.valid;
    int n = 0;
    for (int d = 0; d < 6; d++) {
        int s = abalone_dir_step[d];
        const int16_t(*idx)[6][128] = abalone_tables.inline_index;
        AbaloneBits t2 = O & abalone_pre(O, s), t3 = t2 & abalone_pre(O, 2 * s);
        AbaloneBits p3 = t3 & abalone_pre(P, 3 * s);
        n = abalone_emit(out, n, t2 & abalone_pre(P, 2 * s) & abalone_pre(off, 3 * s), idx[1][d],
                         1);
        n = abalone_emit(out, n, p3 & abalone_pre(off, 4 * s), idx[2][d], 1);
        n = abalone_emit(out, n, p3 & abalone_pre(P, 4 * s) & abalone_pre(off, 5 * s), idx[2][d],
                         2);
    }
    return n;
}

#endif
