// SPDX-License-Identifier: MIT
// Helpers of the GTP engine's tests: an engine as `sumito go gtp` makes it (default rules, with
// or without a Monte Carlo engine for analysis), and one line's response asked or checked.
#ifndef TESTS_GTP_UTIL_H
#define TESTS_GTP_UTIL_H

#include "go/engine.h"
#include "go/gtp.h"

// A GTP engine on the default rules, without move choice or analysis.
void gtp_test_new(GoGtp *e);

// The same with engine set up for analysis (search=mcts, one thread, small tables) and plugged
// in; free both.
void gtp_test_new_analysis(GoGtp *e, GoEngine *engine);

// The response to one line (caller frees).
char *gtp_test_ask(GoGtp *e, const char *line);

// Fails the test unless the response to line is want, byte for byte.
void gtp_test_expect(GoGtp *e, const char *line, const char *want);

#endif
