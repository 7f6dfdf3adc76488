// SPDX-License-Identifier: MIT
// Live analysis for GTP clients (Leela Zero's lz-analyze, KataGo's kata-analyze, Sabaki's
// analyze): the arguments, the `info` lines in either format, and the session that searches
// the position in a thread of its own, in rounds of one interval each, writing a line after
// every round, until the protocol's loop reads the next input line and stops it. Each round is
// one search of the engine (go_engine_search) lasting the interval; the Monte Carlo search
// keeps its tree from round to round (mcts_reuse), so the visits grow as in one long search.
#ifndef GO_GTP_ANALYZE_H
#define GO_GTP_ANALYZE_H

#include <glib.h>
#include <stdio.h>

#include "go/engine.h"
#include "go/game.h"

// The longest interval accepted, in centiseconds (an hour).
#define GO_ANALYZE_MAX_INTERVAL 360000

typedef struct {
    bool kata;       // KataGo's format (win rates as fractions), else Leela Zero's
    int colour;      // the colour to move in the analysed position
    int interval_cs; // a line every this many centiseconds (default 100)
    int minmoves;    // at least this many candidates (unvisited ones by their prior), if legal
    int maxmoves;    // at most this many candidates (0: all visited)
    bool ownership;  // kata: the ownership of every point after the candidates
} GoAnalyzeRequest;

// Reads `[colour] [interval] [KEY VALUE]...` (keys interval, minmoves, maxmoves, and with
// kata ownership true|false and KataGo's keys for more output, rootInfo and the like, false
// only) of an analysis command for game g; false with the problem and the key named in error
// (an unknown key, avoid or allow, a bad number, an interval outside 1..GO_ANALYZE_MAX_INTERVAL).
bool go_analyze_parse(const GoGame *g, int argc, char **argv, bool kata, GoAnalyzeRequest *r,
                      GString *error);

// Appends the line of the engine's last search of g with r->colour to move, ending in '\n':
// search=mcts, one `info` block per root move of its tree (most visited first); alpha-beta,
// one block for the best move of the deepest completed iteration (`info`), its nodes as
// visits, its score as a win rate by the logistic of mcts_eval_scale, prior 0, and with kata
// its score in points as scoreLead. Appends nothing when there is nothing to report.
void go_analyze_format(GoEngine *e, const GoGame *g, const GoAnalyzeRequest *r,
                       const SearchInfo *info, GString *out);

typedef struct GoAnalysis GoAnalysis;

// Starts searching g (which must not change until go_analysis_stop) for the request, writing
// a line to out after every round. NULL when the thread cannot start.
GoAnalysis *go_analysis_start(GoEngine *e, const GoGame *g, const GoAnalyzeRequest *r, FILE *out);

// Stops the search, waits for its thread (it writes nothing more) and frees the session.
void go_analysis_stop(GoAnalysis *a);

#endif
