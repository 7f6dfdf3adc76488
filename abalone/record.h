// SPDX-License-Identifier: MIT
// Game records in APGN, the PGN-style format of the public Abalone archives: tag pairs
// ([Event], [Date], [Black], [White], [Variant] or [SetUp "1"] with [Position], [Result],
// [Termination], [Plies], [Notation], sumito's [Layout], [TimePerMove], [MoveCap] and
// [RepetitionDraw], any other tag kept), then numbered moves, {comments} and the result; many
// games to a file. Reading checks every move against the record's rules and names the line
// and column of any problem; writing goes through a temporary file and a rename.
#ifndef ABALONE_RECORD_H
#define ABALONE_RECORD_H

#include <glib.h>

#include "abalone/game.h"
#include "abalone/notation.h"

typedef struct {
    GPtrArray *tag_names;  // char *, in file order
    GPtrArray *tag_values; // char *
    GPtrArray *comments;   // char * or NULL; [0] before the first move, [i] after move i
    AbaloneGame game;
    AbaloneOutcome result; // as recorded (the Result tag / the termination marker)
    AbaloneNotation notation;
} AbaloneRecord;

// A new record starting from start; layout names the layout (a [Variant] tag) or is NULL
// ([SetUp "1"] and a [Position] tag). The rules that end a game by repetition or at a move
// cap are written as [RepetitionDraw "yes"] and [MoveCap "N"] when they are on.
void abalone_record_init(AbaloneRecord *rec, const AbaloneBoard *start, const char *layout,
                         const AbaloneRules *rules);
void abalone_record_free(AbaloneRecord *rec);

void abalone_record_set_tag(AbaloneRecord *rec, const char *name, const char *value);
const char *abalone_record_tag(const AbaloneRecord *rec, const char *name);

// Appends a legal move and its comment (may be NULL).
void abalone_record_play(AbaloneRecord *rec, Move m, const char *comment);

// The record's rules: its [MoveCap] and [RepetitionDraw] tags; a record without them has
// neither rule, except one in sumito's older format (no [Variant] and no [SetUp] tag), which
// keeps the rules sumito wrote it under (abalone_rules_default). Then sets, NAME=VALUE rules
// parameters (NULL-terminated, or NULL), override them. False with an error for a bad tag
// value or assignment.
bool abalone_record_rules(const AbaloneRecord *rec, char **sets, AbaloneRules *rules, GError **err);

// Parses a file holding one game; source names the file in error messages ("game.txt:12:5:
// ...") and sets overrides the record's rules (see abalone_record_rules).
bool abalone_record_parse(AbaloneRecord *rec, const char *text, const char *source, char **sets,
                          GError **err);

// Parses the game that starts at line first_line (from 1) of its file: text is that game's
// text alone, and messages give the lines of the file.
bool abalone_record_parse_at(AbaloneRecord *rec, const char *text, int first_line,
                             const char *source, char **sets, GError **err);

// Reads game number index (from 1) of the file at path; index 0 takes the file's only game and
// refuses a file of several games, naming how many it holds.
bool abalone_record_load(AbaloneRecord *rec, const char *path, int index, char **sets,
                         GError **err);

// A file of games (PGN's convention: each game's tags begin a new game after the moves of the
// one before).
typedef struct {
    char *path;
    char *text;
    GArray *starts; // size_t: the offset of each game's first byte; at least one game
    GArray *lines;  // int: the line (from 1) of each game's first byte
} AbaloneRecordFile;

// Reads the file and finds its games; false with an error when it cannot be read, is no text
// (a NUL byte) or is empty.
bool abalone_record_file_read(AbaloneRecordFile *f, const char *path, GError **err);
// The same over text already read, len bytes without the final NUL (the file takes it and frees
// it, even on failure); name stands for the path in messages.
bool abalone_record_file_take_text(AbaloneRecordFile *f, char *text, size_t len, const char *name,
                                   GError **err);
void abalone_record_file_clear(AbaloneRecordFile *f);
int abalone_record_file_count(const AbaloneRecordFile *f);

// Whether game number index (from 1) is in the file; 0 stands for the only game when one is
// set (a file of several games is refused, naming how many it holds), for all of them if not.
bool abalone_record_file_check_index(const AbaloneRecordFile *f, int index, bool one, GError **err);

// Parses game i (from 0) of the file.
bool abalone_record_file_game(const AbaloneRecordFile *f, int i, AbaloneRecord *rec, char **sets,
                              GError **err);

// The record as text (caller frees); the Result tag and marker follow rec->result unless the
// rules have ended the game, which decides.
char *abalone_record_format(const AbaloneRecord *rec);
bool abalone_record_save(const AbaloneRecord *rec, const char *path, GError **err);

#endif
