// SPDX-License-Identifier: MIT
// Whole games of `sumito go gtp` (genmove with the search and RankCut, a small fixed time per
// move) against GNU Go 3.8 (`--mode gtp --chinese-rules --positional-superko --level 1`) on
// 9x9, both driven through GTP pipes. A referee board checks every move of both sides
// (legality under positional superko, no suicide), each engine must accept the other's moves,
// and the game must end: two passes, a resignation, or the move cap. Two passes are followed by
// the clean-up phase the match runner plays (both sides answer kgs-genmove_cleanup until two
// passes in a row, at most SIZE * SIZE moves), so that the count does not keep stones one side
// left for dead. At the end sumito's final_score must be the referee's Tromp-Taylor count, and
// GNU Go's own final_score must agree with it or the difference be explained: GNU Go then takes
// stones for dead (final_status_list dead) that the area count keeps, and the test says which.
//
// Games: SUMITO_MATCH_GAMES (default 2, one with each colour, for make test; make test-slow
// plays 10); seconds per move for sumito: SUMITO_MATCH_TIME (default 0.05).
#include <stdlib.h>
#include <string.h>

#include "go/game.h"
#include "go/movegen.h"
#include "go/notation.h"
#include "tests/gtp_client.h"
#include "tests/test_util.h"

#define SIZE 9

typedef struct {
    int moves;    // before the clean-up phase
    int resigned; // the colour that resigned, 0 for none
    bool capped;
    int cleanup_moves; // moves of the clean-up phase
    bool cleanup_cut;  // the clean-up phase stopped at its cap, not by two passes
    double score;      // Black's count minus komi on the referee
    char *gnugo_count; // GNU Go's final_score where it differs from the referee's, else NULL
    char *gnugo_dead;  // then GNU Go's dead stones (final_status_list dead)
} MatchResult;

static void setup_engine(GtpClient *c)
{
    const char *cmds[] = {"boardsize 9", "clear_board", "komi 7.5"};
    for (size_t i = 0; i < G_N_ELEMENTS(cmds); i++) {
        char *r = gtp_client_ask(c, NULL, "%s", cmds[i]);
        g_assert_nonnull(r);
        g_free(r);
    }
}

typedef enum { MOVE_PLAYED, MOVE_RESIGNED, MOVE_GNUGO_DIED } MoveOutcome;

// One move: the mover's answer to GENMOVE (genmove or kgs-genmove_cleanup), checked on the
// referee and played on the other engine.
static MoveOutcome one_move(GtpClient *mover, GtpClient *other, GoGame *ref, const char *who,
                            const char *genmove)
{
    int colour = ref->board.side;
    char c = colour == GO_BLACK ? 'b' : 'w', *error = NULL;
    char *text = gtp_client_ask(mover, &error, "%s %c", genmove, c);
    if (mover->died) return MOVE_GNUGO_DIED; // only GNU Go may die
    if (!text) g_error("%s %s %c failed: %s", who, genmove, c, error);
    if (g_ascii_strcasecmp(text, "resign") == 0) {
        g_free(text);
        return MOVE_RESIGNED;
    }
    GError *err = NULL;
    Move m = go_vertex_parse(&ref->board, text, &err);
    if (m == MOVE_NONE) g_error("%s answered '%s': %s", who, text, err->message);
    if (!go_game_play(ref, colour, m))
        g_error("%s played %c %s, illegal (%s)", who, c, text,
                go_game_illegal_reason(ref, colour, m));
    char *ok = gtp_client_ask(other, &error, "play %c %s", c, text);
    if (!ok && !other->died) g_error("the other engine refused %c %s: %s", c, text, error);
    g_free(ok);
    g_free(text);
    return other->died ? MOVE_GNUGO_DIED : MOVE_PLAYED;
}

// The side to move's turn, whichever engine plays it.
static MoveOutcome turn(GtpClient *sumito, GtpClient *opponent, bool sumito_black, GoGame *ref,
                        const char *genmove)
{
    bool ours = (ref->board.side == GO_BLACK) == sumito_black;
    return one_move(ours ? sumito : opponent, ours ? opponent : sumito, ref,
                    ours ? "sumito" : "GNU Go", genmove);
}

// Plays one game; false if GNU Go died during it (its bug, not sumito's: the caller replays
// the game once), with *died saying how (caller frees).
static bool play_game(const char *gnugo, bool sumito_black, double movetime, MatchResult *out,
                      char **died)
{
    GtpClient sumito, opponent;
    char *cmd = g_strdup_printf("%s go gtp --time-per-move %g", TEST_SUMITO, movetime);
    g_assert_true(gtp_client_start(&sumito, cmd));
    g_free(cmd);
    cmd = g_strdup_printf("%s --mode gtp --chinese-rules --positional-superko --level 1", gnugo);
    g_assert_true(gtp_client_start(&opponent, cmd));
    opponent.may_die = true;
    g_free(cmd);
    setup_engine(&sumito);
    setup_engine(&opponent);
    GoRules rules;
    go_rules_default(&rules);
    GoGame ref;
    go_game_init(&ref, SIZE, &rules);
    MatchResult r = {0};
    MoveOutcome outcome = MOVE_PLAYED;
    while (!go_game_over(&ref) && outcome == MOVE_PLAYED) {
        outcome = turn(&sumito, &opponent, sumito_black, &ref, "genmove");
        if (outcome == MOVE_RESIGNED) r.resigned = ref.board.side;
    }
    r.moves = go_game_length(&ref);
    bool cleanup = outcome == MOVE_PLAYED && go_board_game_over(&ref.board);
    for (int n = 1; cleanup && outcome == MOVE_PLAYED && n <= SIZE * SIZE; n++) {
        outcome = turn(&sumito, &opponent, sumito_black, &ref, "kgs-genmove_cleanup");
        g_assert_cmpint(outcome, !=, MOVE_RESIGNED); // neither resigns in clean-up mode
        r.cleanup_moves = n;
        if (n >= 2 && go_board_game_over(&ref.board)) break;
    }
    if (outcome == MOVE_GNUGO_DIED) {
        *died = g_strdup_printf("%s at move %d", opponent.died, go_game_length(&ref) + 1);
        go_game_free(&ref);
        gtp_client_stop(&sumito);
        gtp_client_stop(&opponent);
        return false;
    }
    r.capped = !r.resigned && !cleanup;
    r.cleanup_cut = cleanup && !go_board_game_over(&ref.board);
    r.score = go_game_score(&ref);
    char *theirs = gtp_client_ask(&sumito, NULL, "final_score"), *want = go_score_text(r.score);
    g_assert_cmpstr(theirs, ==, want);
    g_free(theirs);
    char *error = NULL;
    theirs = r.resigned ? NULL : gtp_client_ask(&opponent, &error, "final_score");
    if (!r.resigned && !theirs && !opponent.died) g_error("GNU Go's final_score failed: %s", error);
    if (theirs && g_ascii_strcasecmp(theirs, want) != 0) {
        r.gnugo_count = theirs;
        r.gnugo_dead = gtp_client_ask(&opponent, &error, "final_status_list dead");
        // A count of its own without a stone it takes for dead would be a disagreement on
        // the rules or the board: no explanation the test accepts.
        g_assert_nonnull(r.gnugo_dead);
        g_strdelimit(r.gnugo_dead, "\n", ' ');
        g_assert_cmpstr(g_strstrip(r.gnugo_dead), !=, "");
    } else {
        g_free(theirs);
    }
    g_free(want);
    go_game_free(&ref);
    gtp_client_stop(&sumito);
    gtp_client_stop(&opponent);
    *out = r;
    return true;
}

static void test_games(void)
{
    char *gnugo = gtp_client_gnugo_path();
    if (!gnugo) {
        g_test_fail_printf("gnugo not found (make deps installs the Debian package)");
        return;
    }
    const char *env = g_getenv("SUMITO_MATCH_GAMES"), *time = g_getenv("SUMITO_MATCH_TIME");
    int games = env ? atoi(env) : 2, wins = 0;
    double movetime = time ? g_ascii_strtod(time, NULL) : 0.05;
    g_assert_cmpfloat(movetime, >, 0);
    for (int i = 0; i < games; i++) {
        bool black = i % 2 == 0;
        MatchResult r;
        char *died = NULL;
        for (int attempt = 1; !play_game(gnugo, black, movetime, &r, &died); attempt++) {
            if (attempt == 2) g_error("GNU Go died twice (%s), in game %d", died, i + 1);
            g_test_message("GNU Go died (%s) in game %d; replaying the game", died, i + 1);
            g_free(died);
        }
        int ours = black ? GO_BLACK : GO_WHITE;
        wins += r.resigned ? r.resigned != ours : (r.score > 0) == black;
        g_test_message("game %d: sumito %s, %d moves, %s, %d in clean-up%s, count %+.1f for "
                       "Black",
                       i + 1, black ? "Black" : "White", r.moves,
                       r.resigned ? "ended by resignation"
                       : r.capped ? "ended at the move cap"
                                  : "ended by two passes",
                       r.cleanup_moves, r.cleanup_cut ? " (cut at its cap)" : "", r.score);
        if (r.gnugo_count)
            g_test_message("game %d: GNU Go counts %s, taking for dead %s, which the area count "
                           "keeps",
                           i + 1, r.gnugo_count, r.gnugo_dead);
        g_free(r.gnugo_count);
        g_free(r.gnugo_dead);
        // Games end: by two passes (or resignation) well before the move cap.
        g_assert_false(r.capped);
        g_assert_cmpint(r.moves, <, 3 * SIZE * SIZE);
    }
    g_test_message("sumito won %d of %d games at %g s per move", wins, games, movetime);
    g_free(gnugo);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    go_init();
    g_test_add_func("/go/match/gnugo", test_games);
    return g_test_run();
}
