// SPDX-License-Identifier: MIT
// Fuzzing target: the Abalone engine protocol's command stream (abalone_aep_serve_bounded), every
// search capped at 100 nodes so that an execution stays cheap. The engine (1 MiB hash) is made
// once and each input finds it as a new one would be: after an input it gets `newgame`
// (abalone_engine_new_game: the table and the search's tables cleared, what the protocol's own
// newgame does), and after an input holding a `setoption name N value V` line, which may change
// any parameter, it is made again (a setoption of another form changes nothing: the server
// refuses it before engine_set). Inputs naming `hash` are skipped: a 64 GiB table is a legal
// option. An input of odd length runs with small bounds (8 commands held behind a search, lines of
// 256 bytes), so that the queue's bound, its wait for room and the refusal of a long line are
// reached, which the default bounds (10 000 commands, 4 MiB) are not within an input's 64 KiB.
// What the engine writes must hold no control character but the newlines ending its lines.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abalone/aep.h"
#include "core/text.h"
#include "tests/fuzz/fuzz.h"

static AbaloneEngine engine;
static bool have_engine;

static void check_output(const char *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)out[i];
        if ((c < 32 && c != '\n' && c != '\t') || c == 127) __builtin_trap();
    }
}

// The engine as a new one is made: the defaults with a 1 MiB table.
static void make_engine(void)
{
    SearchParams p;
    AbaloneRules r;
    abalone_search_params_default(&p);
    abalone_rules_default(&r);
    p.hash = 1;
    if (have_engine) abalone_engine_free(&engine);
    if (!abalone_engine_init(&engine, &p, &r, NULL)) __builtin_trap();
    have_engine = true;
}

// Whether some line of the input, its blanks stripped and split into words as the server does,
// is `setoption name N value V` (more words after it too), the form that reaches engine_set.
// Lines are cut at every newline; a line the server would drop (too long, holding a NUL) still
// counts, so the check errs towards making the engine again.
static bool sets_an_option(const uint8_t *data, size_t size)
{
    bool sets = false;
    for (size_t at = 0; at < size && !sets;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t n = nl ? (size_t)(nl - (data + at)) : size - at;
        if (memmem(data + at, n, "setoption", 9)) {
            char *line = g_strndup((const char *)data + at, n);
            char **tok = text_split_words(g_strstrip(line));
            sets = tok[0] && strcmp(tok[0], "setoption") == 0 && tok[1] &&
                   strcmp(tok[1], "name") == 0 && tok[2] && tok[3] &&
                   strcmp(tok[3], "value") == 0 && tok[4];
            g_strfreev(tok);
            g_free(line);
        }
        at += n + 1;
    }
    return sets;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) abalone_init(), make_engine(), ready = true;
    if (memmem(data, size, "hash", 4) || size == 0) return 0;
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *in = fmemopen((void *)data, size, "r"), *out = open_memstream(&out_text, &out_len);
    if (in && out) {
        AbaloneAepBounds bounds = {.node_cap = 100};
        if (size % 2) bounds.held_lines = 8, bounds.line_max = 256;
        abalone_aep_serve_bounded(&engine, in, out, &bounds);
        fflush(out);
        check_output(out_text, out_len);
    }
    if (in) fclose(in);
    if (out) fclose(out);
    free(out_text);
    if (sets_an_option(data, size))
        make_engine();
    else
        abalone_engine_new_game(&engine);
    return 0;
}
