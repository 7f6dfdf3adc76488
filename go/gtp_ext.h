// SPDX-License-Identifier: MIT
// The GTP engine's commands kept outside go/gtp.c (which keeps the table): the clock's
// (time_settings, kgs-time_settings, time_left: go/gtp_time.c), and the extension commands
// beyond the specification's: rules (kgs-rules, kata-get-rules, kata-set-rules:
// go/gtp_rules.c), cputime, live analysis (lz-analyze, kata-analyze and their genmove forms;
// analyze is lz-analyze), and what GoGui-style clients show (gogui-analyze_commands,
// sumito-ownership, sumito-pv). Each is a handler of go/gtp.c's table: it writes its result
// (success) or its error message (failure) into reply.
#ifndef GO_GTP_EXT_H
#define GO_GTP_EXT_H

#include "go/gtp.h"

// What go/gtp.c shares with them: colour's move by the genmove handler under colour's clock
// (MOVE_NONE: resign), false with an error in reply when the move is illegal; and playing a
// move into the game and its record.
bool go_gtp_choose(GoGtp *e, int colour, bool cleanup, Move *move, GString *reply);
void go_gtp_play(GoGtp *e, int colour, Move m);

// The arguments as every handler reads them: a whole number (decimal, within +-10^9, nothing
// after it; false for NULL or anything else), and argv[0] as a colour (GO_EMPTY when it is
// missing or not one).
bool go_gtp_parse_int(const char *s, int *v);
int go_gtp_arg_colour(int argc, char **argv);

bool go_gtp_cmd_time_settings(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_kgs_time_settings(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_time_left(GoGtp *e, int argc, char **argv, GString *reply);

bool go_gtp_cmd_kgs_rules(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_kata_get_rules(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_kata_set_rules(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_cputime(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_analyze_commands(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_ownership(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_pv(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_lz_analyze(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_kata_analyze(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_lz_genmove_analyze(GoGtp *e, int argc, char **argv, GString *reply);
bool go_gtp_cmd_kata_genmove_analyze(GoGtp *e, int argc, char **argv, GString *reply);

#endif
