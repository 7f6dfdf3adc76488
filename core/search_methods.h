// SPDX-License-Identifier: MIT
// The forward-pruning methods beside RankCut, one helper each, compiled into the search body
// of each game (core/search_body.h includes this file once, after the move picker and before
// the recursion). Each method's idea, source and parameters are described in its own header:
// null move (core/null_move.h), late move reductions (core/lmr.h), futility pruning
// (core/futility.h), Multi-Cut (core/multicut.h), move chains (core/move_chains.h) and ProbCut
// (core/probcut.h).
// Every helper does nothing unless its method's switch is on.
//
// No include guard: part of core/search_body.h.

static Score SEARCH_NAME(search)(Search *s, GameBoard *b, Score alpha, Score beta, int depth,
                                 int ply, bool pv_node, bool cut_node);

// Step 6 helper. Null-move pruning: true with *out set when passing and searching to
// depth - 1 - R still scores at least beta (and, from null_move_verify_depth on, a search of
// the node itself at depth - R with null moves off for its first plies confirms it).
static bool SEARCH_NAME(try_null_move)(Search *s, GameBoard *b, Score beta, int depth, int ply,
                                       bool cut_node, Score eval, Score *out)
{
    const SearchParams *p = &s->params;
    // Never twice in a row, never inside a verification's first plies, never to prove a
    // forced result (a pass can hide one), never where the game has no pass to give.
    if (depth < p->null_move_min_depth || eval < beta || s->null_ply == ply ||
        ply < s->null_min_ply || score_is_mate(beta) || !game_null_allowed(b, s->game_ctx))
        return false;
    int r =
        p->null_move_reduction + (p->null_move_depth_step ? depth / p->null_move_depth_step : 0);
    GameUndo u;
    game_make_null(b, &u);
    SEARCH_NAME(count_node)(s, ply + 1);
    // The pass is irreversible for repetitions: no line through it can claim a repetition of
    // a position before it (the null move is not a move of the game).
    SEARCH_NAME(push_key)(s, game_key(b), true);
    int saved_null = s->null_ply;
    s->null_ply = ply + 1;
    s->stats.null_move_tries++;
    Score v =
        -SEARCH_NAME(search)(s, b, -beta, -beta + 1, depth - 1 - r, ply + 1, false, !cut_node);
    s->null_ply = saved_null;
    s->nkeys--;
    game_unmake_null(b, &u);
    if (v < beta || search_stopping(s)) return false;
    if (v >= SCORE_MATE_BOUND) v = beta; // a win found after a pass is not a proven one
    if (p->null_move_verify_depth && depth >= p->null_move_verify_depth) {
        s->stats.null_move_verifications++;
        int saved_min = s->null_min_ply;
        s->null_min_ply = ply + 3 * (depth - r) / 4;
        Score w = SEARCH_NAME(search)(s, b, beta - 1, beta, depth - r, ply, false, false);
        s->null_min_ply = saved_min;
        if (search_stopping(s)) return false;
        if (w < beta) {
            s->stats.null_move_refuted++;
            return false;
        }
    }
    s->stats.null_move_cutoffs++;
    *out = v;
    return true;
}

// One ProbCut check: a null-window search to depth d around the bound the fit gives for
// `edge` (beta for a cut high, alpha for a cut low). True when it decides the cut.
static bool SEARCH_NAME(probcut_check)(Search *s, GameBoard *b, const ProbcutFit *f, Score edge,
                                       bool high, int d, int ply)
{
    double t = s->params.probcut_t * f->sigma;
    double bound = ((high ? t : -t) + edge - f->b) / f->a;
    // A bound among the forced results would take a proven win or loss to cut: not tried.
    if (bound >= SCORE_MATE_BOUND - 1 || bound <= -SCORE_MATE_BOUND + 1) return false;
    Score v = (Score)lround(bound);
    s->stats.probcut_searches++;
    s->probcut_busy++;
    Score w = high ? SEARCH_NAME(search)(s, b, v - 1, v, d, ply, false, true)
                   : SEARCH_NAME(search)(s, b, v, v + 1, d, ply, false, false);
    s->probcut_busy--;
    if (search_stopping(s)) return false;
    return high ? w >= v : w <= v;
}

// Step 5 helper. ProbCut and Multi-ProbCut (Jiang & Buro 2003, Figure 3): at height `depth`,
// for the pairs (depth - gap, depth) and (depth - gap2, depth) with a usable fit for the
// node's stage, a shallow null-window search decides whether v >= beta (return beta) or
// v <= alpha (return alpha) is likely with confidence t. Not inside its own shallow searches
// (the paper: the depth would collapse).
static bool SEARCH_NAME(try_probcut)(Search *s, GameBoard *b, Score alpha, Score beta, int depth,
                                     int ply, Score *out)
{
    const SearchParams *p = &s->params;
    const ProbcutTable *t = s->probcut_table;
    if (depth < p->probcut_min_depth || depth >= PROBCUT_DEPTHS || s->probcut_busy) return false;
    int stage = game_stage(b);
    const int gaps[2] = {p->probcut_gap, p->probcut_gap2};
    for (int k = 0; k < 2; k++) {
        int d = depth - gaps[k];
        if (gaps[k] == 0 || d < 1 || !t->ok[stage][d][depth]) continue;
        const ProbcutFit *f = &t->fit[stage][d][depth];
        s->stats.probcut_checks++;
        if (SEARCH_NAME(probcut_check)(s, b, f, beta, true, d, ply)) {
            s->stats.probcut_cuts_high++;
            *out = beta;
            return true;
        }
        if (SEARCH_NAME(probcut_check)(s, b, f, alpha, false, d, ply)) {
            s->stats.probcut_cuts_low++;
            *out = alpha;
            return true;
        }
    }
    return false;
}

// Step 7 helper. Multi-Cut (Bjornsson & Marsland, Algorithm 4): at an expected cut node, the
// first M moves searched to depth - 1 - R with a null window; true when C of them fail high.
// The picker is rewound for the normal search when the node is not cut.
static bool SEARCH_NAME(try_multicut)(Search *s, SEARCH_NAME(Picker) * picker, GameBoard *b,
                                      Score beta, int depth, int ply)
{
    const SearchParams *p = &s->params;
    if (depth < p->multicut_r || depth < p->multicut_min_depth || game_threat(b)) return false;
    s->stats.multicut_tries++;
    int cuts = 0, phase;
    Move m;
    for (int i = 0; i < p->multicut_m &&
                    (m = SEARCH_NAME(picker_next)(s, picker, b, ply, depth, &phase)) != MOVE_NONE;
         i++) {
        GameUndo u;
        game_make(b, m, &u);
        SEARCH_NAME(count_node)(s, ply + 1);
        SEARCH_NAME(push_key)(s, game_key(b), game_move_irreversible(m));
        Score v = -SEARCH_NAME(search)(s, b, -beta, -beta + 1, depth - 1 - p->multicut_r, ply + 1,
                                       false, false);
        s->nkeys--;
        game_unmake(b, m, &u);
        if (search_stopping(s)) return false;
        if (v >= beta && ++cuts >= p->multicut_c) {
            s->stats.multicut_cutoffs++;
            return true;
        }
    }
    picker->generated = false;
    picker->next = 0;
    return false;
}

// Step 9 helper. The late-move reduction of a quiet move (phase from the killers on) that is
// the move_number-th at a node, in plies; -1 where LMR does not apply. The caller caps it.
static inline int SEARCH_NAME(lmr_reduction)(const Search *s, int depth, int move_number, int phase,
                                             bool pv_node)
{
    const SearchParams *p = &s->params;
    if (depth < p->lmr_min_depth || move_number < p->lmr_min_move || phase < PHASE_KILLER)
        return -1;
    int r = lmr_table_get(&s->lmr, depth, move_number);
    if (pv_node) r -= p->lmr_pv_less;
    if (phase == PHASE_KILLER) r--;
    return r > 0 ? r : 0;
}

// Step 9 helper. rankcut_lmr: where LMR applies to a RankCut candidate, RankCut's decision
// (*r_rc plies, Pi' in prob, -1 when the cell was not known) adjusts LMR's reduction r_lmr
// instead of adding its own: one ply more when RankCut would reduce, one less when Pi' is at
// least rankcut_lmr_keep. Returns the adjusted reduction; *r_rc becomes 0.
static inline int SEARCH_NAME(rankcut_lmr_adjust)(Search *s, int r_lmr, int *r_rc, float prob)
{
    if (*r_rc > 0) {
        s->stats.rankcut_lmr_more++;
        r_lmr++;
    } else if (prob >= s->params.rankcut_lmr_keep) {
        s->stats.rankcut_lmr_less++;
        r_lmr--;
    }
    *r_rc = 0;
    return r_lmr;
}

// Move chains (Greer 2013). A node's line: its best move so far, then its child's line then.
static inline void SEARCH_NAME(chain_line_set)(Search *s, int ply, Move m)
{
    int len = s->chain_line_len[ply + 1];
    if (len > MOVE_CHAINS_MAX) len = MOVE_CHAINS_MAX;
    s->chain_line[ply][0] = (uint16_t)game_move_index(m);
    memcpy(&s->chain_line[ply][1], s->chain_line[ply + 1], (size_t)len * sizeof(uint16_t));
    s->chain_line_len[ply] = (uint8_t)(len + 1);
}

// Step 14 helper. The node's final best line is stored under its first move, for the side to
// move, replacing the chain that was there.
static inline void SEARCH_NAME(chain_store)(Search *s, const GameBoard *b, int ply)
{
    int len = s->chain_line_len[ply] - 1;
    if (len < 1) return;
    if (len > s->params.move_chains_length) len = s->params.move_chains_length;
    MoveChain *c = move_chains_slot(&s->chains, game_side(b), s->chain_line[ply][0]);
    c->len = (uint8_t)len;
    memcpy(c->index, &s->chain_line[ply][1], (size_t)len * sizeof(uint16_t));
    s->stats.chains_stored++;
}

// Step 10 helper. The chain stored under move m (just made; b is the position after it, at
// ply + 1) as moves, when every one of them is legal in turn: their number, at most max (a
// chain ends at the horizon or where the game ends). An illegal chain is dropped: 0.
static int SEARCH_NAME(chain_fetch)(Search *s, GameBoard *b, int side, Move m, int max, int ply,
                                    Move *line)
{
    MoveChain *c = move_chains_slot(&s->chains, side, game_move_index(m));
    if (c->len == 0) return 0;
    s->stats.chains_found++;
    // The chain's plies stay within the per-ply arrays (and a net's accumulator stack).
    if (max > MAX_PLY - 3 - ply) max = MAX_PLY - 3 - ply;
    GameUndo u[MOVE_CHAINS_MAX];
    int n = 0;
    bool legal = true;
    Score ignored;
    while (n < c->len && n < max && !game_terminal(b, s->game_ctx, ply + 1 + n, &ignored)) {
        line[n] = game_move_from_index(b, c->index[n]);
        if (line[n] == MOVE_NONE) {
            legal = false;
            break;
        }
        game_make(b, line[n], &u[n]);
        n++;
    }
    for (int i = n - 1; i >= 0; i--) game_unmake(b, line[i], &u[i]);
    if (!legal) {
        c->len = 0;
        s->stats.chains_dropped++;
        return 0;
    }
    s->stats.chains_followed += n > 0;
    return n;
}

// The search of a child along a chain: one move at each of its plies, then the normal search.
static Score SEARCH_NAME(chain_search)(Search *s, GameBoard *b, const Move *line, int n,
                                       Score alpha, Score beta, int depth, int ply, bool pv_node,
                                       bool cut_node)
{
    if (n == 0 || ply >= MAX_PLY - 2)
        return SEARCH_NAME(search)(s, b, alpha, beta, depth, ply, pv_node, cut_node);
    s->pv_len[ply] = 0;
    s->chain_line_len[ply] = 0;
    Score score;
    if (SEARCH_NAME(terminal)(s, b, ply, &score)) return score;
    if (SEARCH_NAME(is_repetition)(s)) return s->draw_score[game_side(b)];
    GameUndo u;
    game_make(b, line[0], &u);
    SEARCH_NAME(count_node)(s, ply + 1);
    SEARCH_NAME(push_key)(s, game_key(b), game_move_irreversible(line[0]));
    score = -SEARCH_NAME(chain_search)(s, b, line + 1, n - 1, -beta, -alpha, depth - 1, ply + 1,
                                       pv_node, !cut_node);
    s->nkeys--;
    game_unmake(b, line[0], &u);
    if (pv_node) SEARCH_NAME(update_pv)(s, ply, line[0]);
    SEARCH_NAME(chain_line_set)(s, ply, line[0]);
    return score;
}
