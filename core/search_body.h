// SPDX-License-Identifier: MIT
// The search recursion, compiled once per game (see core/game_contract.h): iterative
// deepening with aspiration windows, principal variation search (fail-soft), a quiescence
// search over the game's forcing moves, the transposition table, killers and history, staged
// move ordering, and RankCut (Lim & Lee 2006) with its statistics collection.
//
// With params.threads > 1 the search runs on several threads (Lazy SMP, core/search_threads.h):
// helpers search the same root on copies of the board (game_board_clone), sharing the TT, until
// the calling thread, which alone decides the move, has finished.
//
// Defines: Move SEARCH_NAME(run)(Search *s, GameBoard *b, SearchInfo *out)
// No include guard: each game's search file includes it once, after defining the contract.

#include <math.h>
#include <string.h>

#include "core/game_contract.h"
#include "core/lmr.h"

_Static_assert(GAME_MAX_MOVES <= RANKCUT_MAX_MOVES, "RankCut's per-node buffers are too small");

// Move-ordering phases, in the order moves are searched. RankCut only acts from the
// history-ordered phase on: in the paper, earlier phases never had a low enough probability.
enum { PHASE_TT, PHASE_TACTICAL, PHASE_KILLER, PHASE_HISTORY, PHASE_REST };

typedef struct {
    Move moves[GAME_MAX_MOVES];
    int64_t keys[GAME_MAX_MOVES];
    uint8_t phase[GAME_MAX_MOVES];
    int n, next;
    Move tt_move;
    bool generated;
} SEARCH_NAME(Picker);

#define HISTORY_MAX 16384

static inline int32_t *SEARCH_NAME(history_slot)(Search *s, int side, Move m)
{
    return &s->history[(size_t)side * (size_t)s->move_indices + (size_t)game_move_index(m)];
}

// History with gravity: h moves toward +-HISTORY_MAX and never leaves it.
static inline void SEARCH_NAME(history_add)(Search *s, int side, Move m, int bonus)
{
    int32_t *h = SEARCH_NAME(history_slot)(s, side, m);
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

static void SEARCH_NAME(picker_score)(Search *s, SEARCH_NAME(Picker) * p, GameBoard *b, int ply,
                                      int depth)
{
    int side = game_side(b), k = 0;
    bool by_eval = s->params.order_eval_depth > 0 && depth >= s->params.order_eval_depth;
    int k0 = game_move_index(s->killers[ply][0]), k1 = game_move_index(s->killers[ply][1]);
    for (int i = 0; i < p->n; i++) {
        Move m = p->moves[i];
        if (m == p->tt_move) continue;
        int idx = game_move_index(m), tactical = game_move_tactical(b, m);
        int64_t key;
        uint8_t phase;
        if (tactical > 0) {
            key = ((int64_t)4 << 40) + tactical, phase = PHASE_TACTICAL;
        } else if (s->killers[ply][0] && idx == k0) {
            key = ((int64_t)3 << 40) + 2, phase = PHASE_KILLER;
        } else if (s->killers[ply][1] && idx == k1) {
            key = ((int64_t)3 << 40) + 1, phase = PHASE_KILLER;
        } else {
            int32_t h = *SEARCH_NAME(history_slot)(s, side, m);
            key = (int64_t)h * 256 + game_move_static(b, m);
            phase = h > 0 ? PHASE_HISTORY : PHASE_REST;
            if (phase == PHASE_REST && by_eval) {
                // Far from the leaves the remaining moves are worth ordering by the
                // evaluation of the position they lead to (best for the mover first).
                GameUndo u;
                game_make(b, m, &u);
                Score v = -game_evaluate(b, s->game_ctx);
                game_unmake(b, m, &u);
                key = -((int64_t)1 << 40) + v;
            }
        }
        p->moves[k] = m, p->keys[k] = key, p->phase[k] = phase;
        k++;
    }
    p->n = k;
    // Insertion sort, best first; stable, so equal keys keep the generator's order.
    for (int i = 1; i < p->n; i++) {
        Move m = p->moves[i];
        int64_t key = p->keys[i];
        uint8_t ph = p->phase[i];
        int j = i - 1;
        while (j >= 0 && p->keys[j] < key) {
            p->moves[j + 1] = p->moves[j], p->keys[j + 1] = p->keys[j],
                         p->phase[j + 1] = p->phase[j];
            j--;
        }
        p->moves[j + 1] = m, p->keys[j + 1] = key, p->phase[j + 1] = ph;
    }
}

// Next move and its phase; the TT move comes before any generation. MOVE_NONE at the end.
static Move SEARCH_NAME(picker_next)(Search *s, SEARCH_NAME(Picker) * p, GameBoard *b, int ply,
                                     int depth, int *phase)
{
    if (!p->generated) {
        if (p->tt_move && p->next == 0) {
            p->next = 1;
            *phase = PHASE_TT;
            return p->tt_move;
        }
        p->n = game_gen_moves(b, p->moves);
        SEARCH_NAME(picker_score)(s, p, b, ply, depth);
        p->generated = true;
        p->next = 0;
    }
    if (p->next >= p->n) return MOVE_NONE;
    *phase = p->phase[p->next];
    return p->moves[p->next++];
}

static inline void SEARCH_NAME(push_key)(Search *s, Key key, bool irreversible)
{
    int n = s->nkeys;
    s->keys[n] = key;
    s->irreversible[n] = irreversible || n == 0 ? n : s->irreversible[n - 1];
    s->nkeys = n + 1;
}

// A position that occurred before on the path or in the game (same side to move) is a draw.
static inline bool SEARCH_NAME(is_repetition)(const Search *s)
{
    int n = s->nkeys - 1;
    Key key = s->keys[n];
    for (int i = n - 2; i >= s->irreversible[n]; i -= 2)
        if (s->keys[i] == key) return true;
    return false;
}

// The side to move's lead in material (Abalone's marbles), which decides who a draw
// disappoints (contempt). A game without the notion leaves it out: no side is ever ahead.
#ifndef GAME_MATERIAL
static inline int game_material(const GameBoard *b)
{
    (void)b;
    return 0;
}
#endif

// The end of the game, with a drawn end scored as a draw for the side to move (contempt).
static inline bool SEARCH_NAME(terminal)(const Search *s, const GameBoard *b, int ply, Score *score)
{
    if (!game_terminal(b, s->game_ctx, ply, score)) return false;
    if (*score == SCORE_DRAW) *score = s->draw_score[game_side(b)];
    return true;
}

// Contempt: with the root's side ahead in material, a draw scores -contempt for it and
// +contempt for its opponent (zero-sum); behind, the reverse; level, zero for both.
static void SEARCH_NAME(set_draw_scores)(Search *s, const GameBoard *root)
{
    int lead = game_material(root), side = game_side(root);
    Score c = (Score)s->params.contempt;
    Score own = lead > 0 ? -c : lead < 0 ? c : 0;
    s->draw_score[side] = own;
    s->draw_score[side ^ 1] = (Score)-own;
}

static inline void SEARCH_NAME(count_node)(Search *s, int ply)
{
    s->nodes++;
    if (ply > s->seldepth) s->seldepth = ply;
    if ((s->nodes & 255) == 0) search_check_limits(s); // about every 0.1 ms at 2-3 M nodes/s
}

// Step Q. Quiescence search over the forcing moves, standing pat on the evaluation, at most
// qleft more plies (the qsearch_plies parameter): Go's captures and escapes do not run out the
// way Abalone's ejections do, and a position with many strings in atari made a depth-1 search
// with 9x9's evaluation take a minute before the bound.
static Score SEARCH_NAME(qsearch)(Search *s, GameBoard *b, Score alpha, Score beta, int ply,
                                  int qleft)
{
    Score score;
    if (SEARCH_NAME(terminal)(s, b, ply, &score)) return score;
    Score best = game_evaluate(b, s->game_ctx);
    if (best >= beta || qleft <= 0 || ply >= MAX_PLY - 1) return best;
    if (best > alpha) alpha = best;
    Move moves[GAME_MAX_MOVES];
    int n = game_gen_forcing(b, moves);
    for (int i = 0; i < n && !search_stopping(s); i++) {
        GameUndo u;
        game_make(b, moves[i], &u);
        SEARCH_NAME(count_node)(s, ply + 1);
        score = -SEARCH_NAME(qsearch)(s, b, -beta, -alpha, ply + 1, qleft - 1);
        game_unmake(b, moves[i], &u);
        if (score > best) {
            best = score;
            if (score > alpha) alpha = score;
            if (score >= beta) break;
        }
    }
    return best;
}

// Step 9 helper. Pi'(f) from the table, or -1 when the cell was seen fewer than
// rankcut_min_samples times. With rankcut_backoff such a cell takes the same features at the
// deepest shallower remaining depth that has enough samples (the depth is the slowest-varying
// part of a cell's index, so one ply shallower is one stride lower).
static inline float SEARCH_NAME(rankcut_lookup)(Search *s, const RankcutFeatures *f)
{
    const RankcutTable *t = s->rankcut_table;
    uint64_t min = (uint64_t)s->params.rankcut_min_samples;
    uint32_t cell = rankcut_cell(f, &t->counts.scheme);
    bool backed = false;
    int at = (f->depth < RANKCUT_DEPTHS ? f->depth : RANKCUT_DEPTHS) - 1;
    s->stats.rankcut_lookups++;
    s->stats.rankcut_lookups_at[at]++;
    while (t->counts.n[cell] < min) {
        if (!s->params.rankcut_backoff || cell < RANKCUT_DEPTH_STRIDE) return -1;
        cell -= RANKCUT_DEPTH_STRIDE;
        backed = true;
    }
    s->stats.rankcut_known++;
    s->stats.rankcut_known_at[at]++;
    s->stats.rankcut_backoffs += backed;
    return t->prob[cell];
}

// Step 9 helper. RankCut's decision for one move (Lim & Lee 2006, Pseudocode 1): the plies
// to take off, 0 for a full-depth search. *rest is pruneRest, held as the reduction every
// later move gets (0: not set). In the paper's form (rankcut_graded 0) the table is not
// consulted while it is set; graded reductions look every move up and never reduce less than
// *rest. Records the feature cell when collecting. *prob gets Pi'(f_i) when the table knew the
// cell (else it stays as it was).
static inline int SEARCH_NAME(rankcut_reduction)(Search *s, const RankcutFeatures *f, bool active,
                                                 int *rest, RankcutNode *collect, float *prob)
{
    if (collect) collect->cell[collect->count] = rankcut_cell(f, &s->collect->scheme);
    if (!active) return 0;
    const SearchParams *p = &s->params;
    if (*rest && !p->rankcut_graded) return *rest;
    float pr = SEARCH_NAME(rankcut_lookup)(s, f);
    if (pr < 0) return *rest;
    *prob = pr;
    bool scheme1 = s->rankcut_table->counts.scheme.scheme == RANKCUT_SCHEME_BEST;
    double t = scheme1 ? p->rankcut_threshold_v1 : p->rankcut_threshold;
    if (pr >= t) return *rest;
    int r = p->rankcut_reduction;
    for (int k = 1; k <= p->rankcut_graded; k++) r += pr < t / (1 << (2 * k));
    if (p->rankcut_depth_step > 0) r += (f->depth - p->rankcut_min_depth) / p->rankcut_depth_step;
    if (r < *rest) r = *rest;
    *rest = r;
    return r;
}

static void SEARCH_NAME(update_pv)(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int len = s->pv_len[ply + 1];
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)len * sizeof(Move));
    s->pv_len[ply] = len + 1;
}

// Step 12 helper. A quiet move failed high: it becomes a killer and gains history; the quiet
// moves searched before it lose some.
static void SEARCH_NAME(reward_cutoff)(Search *s, const GameBoard *b, int ply, int depth, Move m,
                                       const Move *quiets, int nquiets)
{
    int side = game_side(b), bonus = depth * depth < 1200 ? depth * depth * 8 : 9600;
    if (game_move_index(s->killers[ply][0]) != game_move_index(m)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    SEARCH_NAME(history_add)(s, side, m, bonus);
    for (int i = 0; i < nquiets; i++) SEARCH_NAME(history_add)(s, side, quiets[i], -bonus);
}

#include "core/search_methods.h"

// Step 10 helper. Principal variation search of one move (made; the child is at ply + 1): the
// first move with the full window, the others with a null window, reduced by *r plies and
// searched again when they beat alpha (to the depth RankCut keeps unless rankcut_research,
// since the paper keeps its reduced score; LMR always searches again at full depth), then
// with the full window at PV nodes. A chain of `nchain` moves leads the child's search.
static Score SEARCH_NAME(search_move)(Search *s, GameBoard *b, const Move *chain, int nchain,
                                      Score alpha, Score beta, int depth, int ply, bool pv_node,
                                      bool cut_child, bool first, int *r, int r_lmr)
{
    Score score;
    int nd = depth - 1 - *r;
    if (first)
        return -SEARCH_NAME(chain_search)(s, b, chain, nchain, -beta, -alpha, nd, ply + 1, pv_node,
                                          cut_child);
    score = -SEARCH_NAME(chain_search)(s, b, chain, nchain, -alpha - 1, -alpha, nd, ply + 1, false,
                                       cut_child);
    int keep = s->params.rankcut_research ? 0 : *r - r_lmr;
    if (*r > keep && score > alpha && !search_stopping(s)) {
        s->stats.rankcut_researches += *r - r_lmr > 0 && s->params.rankcut_research;
        s->stats.lmr_researches += r_lmr > 0;
        *r = keep, nd = depth - 1 - keep;
        score = -SEARCH_NAME(chain_search)(s, b, chain, nchain, -alpha - 1, -alpha, nd, ply + 1,
                                           false, cut_child);
    }
    if (pv_node && score > alpha && score < beta && !search_stopping(s))
        score = -SEARCH_NAME(chain_search)(s, b, chain, nchain, -beta, -alpha, nd, ply + 1, true,
                                           false);
    return score;
}

// Step 4 helper. Whether the node needs its static evaluation (null move, futility).
static inline bool SEARCH_NAME(wants_eval)(const Search *s, int depth, bool pv_node)
{
    const SearchParams *p = &s->params;
    return !pv_node && (p->null_move || (p->futility && depth <= p->futility_depth));
}

static Score SEARCH_NAME(search)(Search *s, GameBoard *b, Score alpha, Score beta, int depth,
                                 int ply, bool pv_node, bool cut_node)
{
    s->pv_len[ply] = 0;
    s->chain_line_len[ply] = 0;
    // Step 1. Horizon: the quiescence search takes over.
    if (depth <= 0) return SEARCH_NAME(qsearch)(s, b, alpha, beta, ply, s->params.qsearch_plies);
    if (search_stopping(s)) return 0;

    // Step 2. End of the game, repetition (a draw, scored with contempt), and mate-distance
    // bounds.
    Score score;
    if (SEARCH_NAME(terminal)(s, b, ply, &score)) return score;
    if (SEARCH_NAME(is_repetition)(s)) return s->draw_score[game_side(b)];
    if (ply >= MAX_PLY - 1) return game_evaluate(b, s->game_ctx);
    Score alpha_in = alpha;
    if (alpha < -SCORE_MATE + ply) alpha = -SCORE_MATE + ply;
    if (beta > SCORE_MATE - ply - 1) beta = SCORE_MATE - ply - 1;
    if (alpha >= beta) return alpha;

    // Step 3. Transposition table: a cutoff at non-PV nodes, else its move goes first. The
    // history stamp tells at Step 14 whether the result depended on the path (superko).
    uint32_t history_stamp = game_history_stamp(b);
    Key key = game_key(b);
    TtEntry e = {0};
    bool hit = s->tt && tt_probe(s->tt, key, &e);
    SEARCH_NAME(Picker) picker;
    picker.tt_move = MOVE_NONE;
    picker.generated = false;
    picker.next = 0;
    if (hit) {
        s->stats.tt_hits++;
        Score tts = tt_score_from(e.score, ply);
        int bound = e.genbound & 3;
        if (!pv_node && e.depth >= depth &&
            (bound == TT_EXACT || (bound == TT_LOWER && tts >= beta) ||
             (bound == TT_UPPER && tts <= alpha))) {
            s->stats.tt_cutoffs++;
            return tts;
        }
        if (e.move1) picker.tt_move = game_move_from_index(b, e.move1 - 1);
    }

    // Step 4. The static evaluation, for the methods that compare it with the window.
    Score eval = SEARCH_NAME(wants_eval)(s, depth, pv_node) ? game_evaluate(b, s->game_ctx) : 0;

    // Step 5. ProbCut and Multi-ProbCut (off by default; core/probcut.h), before the null
    // move as Jiang & Buro placed it in Crafty.
    if (s->probcut_table && !pv_node &&
        SEARCH_NAME(try_probcut)(s, b, alpha, beta, depth, ply, &score))
        return score;

    // Step 6. Null-move pruning (off by default; core/null_move.h).
    if (s->params.null_move && !pv_node &&
        SEARCH_NAME(try_null_move)(s, b, beta, depth, ply, cut_node, eval, &score))
        return score;

    // Step 7. Multi-Cut at expected cut nodes (off by default; core/multicut.h).
    if (s->params.multicut && cut_node && !pv_node &&
        SEARCH_NAME(try_multicut)(s, &picker, b, beta, depth, ply))
        return beta;
    if (search_stopping(s)) return 0;

    // Step 8. RankCut set-up: the threat feature is computed once per node. Futility pruning
    // (off by default; core/futility.h) decides here whether this node may skip quiet moves.
    bool rc_active = s->params.rankcut && s->rankcut_table && depth >= s->params.rankcut_min_depth;
    // Collection skips nodes whose window lies wholly among forced results (no move there can
    // raise alpha in the sense the statistics measure) and iterations deeper than the table's
    // last depth (set by the iterative deepening loop).
    bool forced_window = alpha_in >= SCORE_MATE_BOUND || beta <= -SCORE_MATE_BOUND;
    RankcutNode *collect =
        s->collect && !s->collect_paused && !forced_window ? &s->rc_nodes[ply] : NULL;
    bool rc_features = rc_active || collect;
    bool threat = rc_features && game_threat(b);
    int rest_r = 0; // pruneRest, as the reduction it gives
    if (collect) collect->count = 0;
    Score futility_value = eval + s->params.futility_margin * depth;
    bool futile = s->params.futility && !pv_node && depth <= s->params.futility_depth &&
                  futility_value <= alpha && !score_is_mate(alpha);
    bool chains = s->params.move_chains && depth >= s->params.move_chains_min_depth;

    // Step 9. The moves, in order.
    Score best = -SCORE_INF, last = -SCORE_INF;
    Move best_move = MOVE_NONE, m, quiets[GAME_MAX_MOVES], chain[MOVE_CHAINS_MAX];
    int searched = 0, nquiets = 0, best_changes = 0, alpha_raises = 0, phase;
    int reduced_depth = depth;
    bool cut_by_reduced = false;
    while ((m = SEARCH_NAME(picker_next)(s, &picker, b, ply, depth, &phase)) != MOVE_NONE) {
        // Futility: past the first move, quiet moves cannot lift a hopeless node to alpha.
        if (futile && searched > 0 && phase >= PHASE_KILLER) {
            s->stats.futility_prunes++;
            if (best < futility_value) best = futility_value;
            continue;
        }
        // RankCut (Lim & Lee 2006): from the history-ordered phase on, reduce the move when
        // pruneRest is set or Pi'(f_i) < t. The root, moves of earlier phases and nodes below
        // rankcut_min_depth are never reduced; this search has no extensions.
        int r = 0;
        float prob = -1;
        bool candidate = rc_features && phase >= PHASE_HISTORY;
        if (candidate) {
            RankcutFeatures f = {.depth = depth,
                                 .threat = threat,
                                 .move_number = searched + 1,
                                 .best_changes = best_changes,
                                 .alpha_raises = alpha_raises,
                                 .have_best = searched > 0,
                                 .best_minus_alpha = best - alpha_in,
                                 .last_minus_best = last - best,
                                 .remaining_phase = phase == PHASE_REST};
            // The bound a later move has to beat: alpha as it stands (the paper's fail-hard
            // event), or for scheme 1 the fail-soft best so far.
            if (collect)
                collect->best_before[collect->count] =
                    s->collect->scheme.scheme == RANKCUT_SCHEME_ALPHA ? alpha
                    : searched > 0                                    ? best
                                                                      : -SCORE_INF - 1;
            r = SEARCH_NAME(rankcut_reduction)(s, &f, rc_active, &rest_r, collect, &prob);
        }
        // A reduction below the horizon changes nothing: the quiescence search runs either way.
        if (r > depth - 1) r = depth - 1;
        s->stats.rankcut_reductions += r > 0;
        // Late move reductions (off by default; core/lmr.h), on top of RankCut's, never to
        // below one ply; with rankcut_lmr, RankCut's decision moves LMR's reduction instead.
        int r_lmr = 0;
        if (s->params.lmr) {
            r_lmr = SEARCH_NAME(lmr_reduction)(s, depth, searched + 1, phase, pv_node);
            if (s->params.rankcut_lmr && rc_active && candidate && r_lmr >= 0)
                r_lmr = SEARCH_NAME(rankcut_lmr_adjust)(s, r_lmr, &r, prob);
            r_lmr = MAX(MIN(r_lmr, depth - 2 - r), 0);
            s->stats.lmr_reductions += r_lmr > 0;
            r += r_lmr;
        }

        // Step 10. Principal variation search of the move, along its chain if it has one
        // (move chains, off by default; core/move_chains.h).
        GameUndo u;
        int side = game_side(b);
        game_make(b, m, &u);
        SEARCH_NAME(count_node)(s, ply + 1);
        SEARCH_NAME(push_key)(s, game_key(b), game_move_irreversible(m));
        int nchain =
            chains ? SEARCH_NAME(chain_fetch)(s, b, side, m, depth - 1 - r, ply, chain) : 0;
        bool cut_child = pv_node ? searched > 0 : !cut_node;
        score = SEARCH_NAME(search_move)(s, b, chain, nchain, alpha, beta, depth, ply, pv_node,
                                         cut_child, searched == 0, &r, r_lmr);
        s->nkeys--;
        game_unmake(b, m, &u);
        if (search_stopping(s)) return 0;
        if (collect && candidate) collect->score[collect->count++] = score;
        searched++;
        last = score;
        // A chain searched the plies it covers with one move each: for the TT, like a reduction.
        r += nchain;
        if (r > 0 && depth - r < reduced_depth) reduced_depth = depth - r;

        // Step 11. A new best move; raising alpha clears RankCut's pruneRest.
        if (score > best) {
            if (best_move != MOVE_NONE) best_changes++;
            best = score;
            best_move = m;
            if (s->params.move_chains) SEARCH_NAME(chain_line_set)(s, ply, m);
            if (score > alpha) {
                alpha = score;
                alpha_raises++;
                rest_r = 0;
                if (pv_node) SEARCH_NAME(update_pv)(s, ply, m);
                // Step 12. Beta cutoff.
                if (score >= beta) {
                    s->stats.beta_cutoffs++;
                    s->stats.first_move_cutoffs += searched == 1;
                    cut_by_reduced = r > 0;
                    if (game_move_tactical(b, m) <= 0)
                        SEARCH_NAME(reward_cutoff)(s, b, ply, depth, m, quiets, nquiets);
                    break;
                }
            }
        }
        if (game_move_tactical(b, m) <= 0 && nquiets < GAME_MAX_MOVES) quiets[nquiets++] = m;
    }

    // Step 13. No legal move: the side to move loses.
    if (searched == 0) return -SCORE_MATE + ply;
    if (collect) rankcut_node_flush(collect, s->collect);

    // Step 14. Store the result at the depth actually searched: a reduced move only backs its
    // score to the reduced depth (Edax and Stockfish store pruned results likewise). Nothing
    // is stored when a legality decision below depended on the path (the stamp moved). The
    // node's best line becomes the chain of its best move.
    int bound = best >= beta ? TT_LOWER : best > alpha_in ? TT_EXACT : TT_UPPER;
    int stored = bound == TT_LOWER ? (cut_by_reduced ? reduced_depth : depth) : reduced_depth;
    if (s->tt && game_history_stamp(b) == history_stamp)
        tt_store(s->tt, key, bound == TT_UPPER ? -1 : game_move_index(best_move), best, 0, stored,
                 bound, ply);
    if (chains) SEARCH_NAME(chain_store)(s, b, ply);
    return best;
}

// ---------------------------------------------------------------------------------------
// Root and iterative deepening

typedef struct {
    Move move;
    Score score, prev_score;
    uint64_t nodes;
} SEARCH_NAME(RootMove);

static void SEARCH_NAME(sort_root)(SEARCH_NAME(RootMove) * rm, int n)
{
    // The previous best stays first; the others by their last score, then subtree size.
    for (int i = 2; i < n; i++) {
        SEARCH_NAME(RootMove) x = rm[i];
        int j = i - 1;
        while (j >= 1 && (rm[j].prev_score < x.prev_score ||
                          (rm[j].prev_score == x.prev_score && rm[j].nodes < x.nodes))) {
            rm[j + 1] = rm[j];
            j--;
        }
        rm[j + 1] = x;
    }
}

// One iteration at the root within (alpha, beta). Returns the best score; *best_index is the
// root move that raised alpha last (-1 if none completed).
static Score SEARCH_NAME(root)(Search *s, GameBoard *b, SEARCH_NAME(RootMove) * rm, int n,
                               int depth, Score alpha, Score beta, int *best_index)
{
    Score best = -SCORE_INF;
    *best_index = -1;
    for (int i = 0; i < n; i++) {
        GameUndo u;
        uint64_t before = s->nodes;
        game_make(b, rm[i].move, &u);
        SEARCH_NAME(count_node)(s, 1);
        SEARCH_NAME(push_key)(s, game_key(b), game_move_irreversible(rm[i].move));
        Score score;
        if (i == 0) {
            score = -SEARCH_NAME(search)(s, b, -beta, -alpha, depth - 1, 1, true, false);
        } else {
            score = -SEARCH_NAME(search)(s, b, -alpha - 1, -alpha, depth - 1, 1, false, true);
            if (score > alpha && score < beta && !search_stopping(s))
                score = -SEARCH_NAME(search)(s, b, -beta, -alpha, depth - 1, 1, true, false);
        }
        s->nkeys--;
        game_unmake(b, rm[i].move, &u);
        rm[i].nodes += s->nodes - before;
        if (search_stopping(s)) break;
        rm[i].score = score;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                *best_index = i;
                SEARCH_NAME(update_pv)(s, 0, rm[i].move);
                if (score >= beta) break;
            }
        }
    }
    return best;
}

static void SEARCH_NAME(report)(Search *s, int depth, Score score, SearchInfo *out)
{
    out->depth = depth;
    out->seldepth = s->seldepth;
    out->score = score;
    out->nodes = search_total_nodes(s);
    out->seconds = search_elapsed(s);
    out->hashfull = s->tt ? tt_hashfull(s->tt) : 0;
    out->pv_len = s->pv_len[0];
    memcpy(out->pv, s->pv[0], (size_t)s->pv_len[0] * sizeof(Move));
    if (s->on_info) s->on_info(out, s->user);
}

// The root's moves, the TT's move first when it has one; returns how many.
static int SEARCH_NAME(root_moves)(Search *s, GameBoard *b, SEARCH_NAME(RootMove) * rm)
{
    Move moves[GAME_MAX_MOVES];
    int n = game_gen_moves(b, moves);
    for (int i = 0; i < n; i++)
        rm[i] = (SEARCH_NAME(RootMove)){moves[i], -SCORE_INF, -SCORE_INF, 0};
    TtEntry e = {0};
    bool hit = s->tt && tt_probe(s->tt, game_key(b), &e);
    for (int i = 1; hit && e.move1 && i < n; i++)
        if (game_move_index(rm[i].move) == e.move1 - 1) {
            SEARCH_NAME(RootMove) t = rm[0];
            rm[0] = rm[i], rm[i] = t;
        }
    return n;
}

// Step A. One iteration in an aspiration window around the previous score, widened on
// failure; *bi gets the index of the best root move (or -1).
static Score SEARCH_NAME(aspiration)(Search *s, GameBoard *b, SEARCH_NAME(RootMove) * rm, int n,
                                     int depth, Score prev, int *bi)
{
    int delta = s->params.aspiration;
    bool window = delta > 0 && depth >= 4 && !score_is_mate(prev);
    Score alpha = window ? prev - delta : -SCORE_INF, beta = window ? prev + delta : SCORE_INF;
    Score score;
    for (;;) {
        s->seldepth = 0;
        score = SEARCH_NAME(root)(s, b, rm, n, depth, alpha, beta, bi);
        if (search_stopping(s)) break;
        if (score <= alpha && alpha > -SCORE_INF) {
            alpha = MAX(score - delta, -SCORE_INF);
        } else if (score >= beta && beta < SCORE_INF) {
            beta = MIN(score + delta, SCORE_INF);
        } else {
            break;
        }
        delta *= 2;
    }
    return score;
}

// Whether iterative deepening stops after a completed iteration: the only move, a forced
// result shorter than the depth searched (time limits only: it will not change), the soft
// time limit, or the node limit (the helpers' nodes included).
static bool SEARCH_NAME(done)(const Search *s, int n, int depth, Score score)
{
    if (n == 1 && !s->limits.infinite && s->limits.depth == 0) return true;
    if (score_is_mate(score) && abs(score_mate_plies(score)) < depth && !s->limits.infinite &&
        !s->limits.depth)
        return true;
    if (!search_control_may_start(&s->control)) return true;
    return s->limits.nodes && search_total_nodes(s) >= s->limits.nodes;
}

// Readies s for a search of b: counters, the stop flag (a helper's is its main search's to
// set), killers, the clock, the root's key. Returns the length of the position history before
// the search, which the search restores at its end. Only a main search starts a new TT
// generation, before its helpers start.
static int SEARCH_NAME(begin)(Search *s, GameBoard *b)
{
    s->nodes = 0;
    s->seldepth = 0;
    if (!s->helper_id) search_control_reset(&s->control); // a request before the search counts
    s->control.stopped = false;
    memset(&s->stats, 0, sizeof s->stats);
    memset(s->killers, 0, sizeof s->killers);
    s->null_ply = -1;
    s->null_min_ply = 0;
    SEARCH_NAME(set_draw_scores)(s, b);
    if (s->params.lmr) lmr_table_build(&s->lmr, s->params.lmr_base, s->params.lmr_divisor);
    if (s->collect && !s->rc_nodes) s->rc_nodes = g_new0(RankcutNode, MAX_PLY + 1);
    if (s->tt && !s->helper_id) tt_new_search(s->tt);
    search_start_clock(s);
    // The caller's history normally ends with this position; a bare position starts one.
    int base_keys = s->nkeys;
    if (s->nkeys == 0 || s->keys[s->nkeys - 1] != game_key(b))
        SEARCH_NAME(push_key)(s, game_key(b), true);
    return base_keys;
}

// Iterative deepening over the root moves rm[0..n) (n > 0); returns the best move and
// fills *out. Helpers with an odd number run one ply ahead of their iteration count (Lazy
// SMP's depth offset: the threads of a search do not all work at the same depth).
static Move SEARCH_NAME(iterate)(Search *s, GameBoard *b, SEARCH_NAME(RootMove) * rm, int n,
                                 SearchInfo *out)
{
    Move best = rm[0].move;
    Score prev = 0, iteration[PROBCUT_DEPTHS];
    int completed = 0;
    int max_depth = s->limits.depth > 0 ? MIN(s->limits.depth, MAX_PLY - 2) : MAX_PLY - 2;
    for (int depth = 1 + (s->helper_id & 1); depth <= max_depth; depth++) {
        int bi;
        // Within a self-play move's time, iterations deeper than RANKCUT_DEPTHS happen only
        // where the tree has collapsed (the move cap or a forced line within reach): they would
        // fill every deep cell with the records of one position, all "no better move".
        s->collect_paused = depth > RANKCUT_DEPTHS;
        Score score = SEARCH_NAME(aspiration)(s, b, rm, n, depth, prev, &bi);
        // Step B. A cut-short iteration counts only if it found a better move than the
        // previous iteration's best (searched first, so any raise of alpha after it is one).
        if (search_stopping(s)) {
            s->control.stopped = true;
            if (bi > 0) {
                best = rm[bi].move;
                out->score = rm[bi].score;
                out->pv_len = s->pv_len[0];
                memcpy(out->pv, s->pv[0], (size_t)s->pv_len[0] * sizeof(Move));
            }
            break;
        }
        if (bi >= 0) best = rm[bi].move;
        for (int i = 0; i < n; i++) rm[i].prev_score = rm[i].score;
        for (int i = 0; i < n; i++)
            if (rm[i].move == best && i) {
                SEARCH_NAME(RootMove) t = rm[i];
                memmove(&rm[1], &rm[0], (size_t)i * sizeof t);
                rm[0] = t;
            }
        SEARCH_NAME(sort_root)(rm, n);
        prev = score;
        if (depth < PROBCUT_DEPTHS) iteration[depth] = score, completed = depth;
        SEARCH_NAME(report)(s, depth, score, out);
        if (SEARCH_NAME(done)(s, n, depth, score)) break;
    }
    // ProbCut's calibration: the root scores of the completed iterations, as pairs.
    if (s->probcut_collect)
        probcut_data_add_position(s->probcut_collect, game_stage(b), iteration, completed);
    return best;
}

// ---------------------------------------------------------------------------------------
// Lazy SMP: helper threads searching the same root on their own boards, sharing the TT

#include "core/search_threads.h"

// Searches the position within s->limits. Returns the best move (MOVE_NONE when there is no
// legal move) and fills *out with the last completed iteration. The board is unchanged. With
// params.threads > 1 the helpers search beside this thread until it has decided.
Move SEARCH_NAME(run)(Search *s, GameBoard *b, SearchInfo *out)
{
    memset(out, 0, sizeof *out);
    int base_keys = SEARCH_NAME(begin)(s, b);
    SEARCH_NAME(RootMove) rm[GAME_MAX_MOVES];
    int n = SEARCH_NAME(root_moves)(s, b, rm);
    if (n == 0) {
        s->nkeys = base_keys;
        return MOVE_NONE;
    }
    SEARCH_NAME(Helper) *helpers = SEARCH_NAME(helpers_start)(s, b);
    Move best = SEARCH_NAME(iterate)(s, b, rm, n, out);
    SEARCH_NAME(helpers_finish)(s, helpers, &best, out);
    s->nkeys = base_keys;
    if (out->pv_len == 0) {
        out->pv[0] = best;
        out->pv_len = 1;
    }
    out->nodes = s->nodes;
    out->seconds = search_elapsed(s);
    return best;
}
