// SPDX-License-Identifier: MIT
// Game records: PGN-style tag pairs ([Event], [Date], [Black], [White], [Layout] or
// [Position], [TimePerMove], [Result], optionally [Notation "FFTL"]), then numbered moves,
// {comments} and the result. Reading checks every move against the rules and names the
// line and column of any problem; writing goes through a temporary file and a rename.
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

// A new record starting from start; layout names the layout (or NULL: a [Position] tag).
void abalone_record_init(AbaloneRecord *rec, const AbaloneBoard *start, const char *layout,
                         const AbaloneRules *rules);
void abalone_record_free(AbaloneRecord *rec);

void abalone_record_set_tag(AbaloneRecord *rec, const char *name, const char *value);
const char *abalone_record_tag(const AbaloneRecord *rec, const char *name);

// Appends a legal move and its comment (may be NULL).
void abalone_record_play(AbaloneRecord *rec, Move m, const char *comment);

// Parses a record; source names the file in error messages ("game.txt:12:5: ...").
bool abalone_record_parse(AbaloneRecord *rec, const char *text, const char *source,
                          const AbaloneRules *rules, GError **err);
bool abalone_record_load(AbaloneRecord *rec, const char *path, const AbaloneRules *rules,
                         GError **err);

// The record as text (caller frees); the Result tag and marker follow rec->result unless the
// rules have ended the game, which decides.
char *abalone_record_format(const AbaloneRecord *rec);
bool abalone_record_save(const AbaloneRecord *rec, const char *path, GError **err);

#endif
