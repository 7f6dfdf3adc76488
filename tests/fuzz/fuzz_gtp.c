// SPDX-License-Identifier: MIT
// Fuzzing target: the GTP command stream, read as the engine reads it (go_gtp_run: the bounded
// line reader, then each line handled), with a genmove that plays the first legal point or
// passes (the protocol, not the search, is fuzzed here). One engine is made for the process and
// each input finds it as go_gtp_init made it: after an input, go_gtp_reset sets it back (what
// boardsize 19, clear_board and the other commands would) without making a new game. Lines that
// could make printsgf write a file are taken out first: it would write wherever the input says. An
// input of odd length is read with lines of at most 256 bytes, so that the refusal of a long line
// is reached. The answers must be whole responses: each starts with '=' or '?', ends with the blank
// line and holds no other blank line and no control character but newlines and tabs.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "go/board.h"
#include "go/gtp.h"
#include "tests/fuzz/fuzz.h"

static Move first_legal(void *data, const GoGame *game, int colour, const TimeControl *time,
                        const TimeClock *clock, bool cleanup)
{
    for (int p = 0; p < game->board.cells; p++)
        if (go_game_is_legal((GoGame *)game, colour, (Move)p)) return (Move)p;
    return GO_PASS;
}

// Whether the line of len bytes holds `printsgf` in any case once the control characters are
// taken out (tabs and NULs too): a word can name printsgf only then. Most lines do not, and
// this look costs no allocation ("printsgf" repeats no prefix of itself, so a mismatch
// restarts the match at its first letter).
static bool holds_printsgf(const uint8_t *s, size_t len)
{
    static const char word[] = "printsgf";
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < 32 || s[i] == 127) continue;
        char c = g_ascii_tolower((char)s[i]);
        if (c == word[k]) {
            if (++k == sizeof word - 1) return true;
        } else {
            k = c == word[0];
        }
    }
    return false;
}

// Whether the line of len bytes could make printsgf write a file: after the control characters
// the engine removes (more: tabs and NULs too, which only joins words), some word names
// printsgf in any case, and the line is not just `printsgf` or `ID printsgf` (which print).
static bool writes_a_file(const uint8_t *s, size_t len)
{
    if (!holds_printsgf(s, len)) return false;
    GString *kept = g_string_new(NULL);
    for (size_t i = 0; i < len; i++)
        if (s[i] >= 32 && s[i] != 127) g_string_append_c(kept, g_ascii_tolower((char)s[i]));
    char **w = text_split_words(kept->str);
    int n = (int)g_strv_length(w), mentions = 0;
    for (int i = 0; i < n; i++) mentions += strstr(w[i], "printsgf") != NULL;
    bool prints =
        (n == 1 && strcmp(w[0], "printsgf") == 0) ||
        (n == 2 && strspn(w[0], "0123456789") == strlen(w[0]) && strcmp(w[1], "printsgf") == 0);
    g_strfreev(w);
    g_string_free(kept, TRUE);
    return mentions && !prints;
}

static void check_responses(const char *out, size_t len)
{
    for (size_t at = 0; at < len;) {
        const char *end = g_strstr_len(out + at, (gssize)(len - at), "\n\n");
        if (!end || (out[at] != '=' && out[at] != '?')) __builtin_trap();
        for (const char *c = out + at; c < end; c++)
            if (((unsigned char)*c < 32 && *c != '\n' && *c != '\t') || *c == 127) __builtin_trap();
        at = (size_t)(end - out) + 2;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static GoGtp e;
    static bool ready;
    GoRules rules;
    go_rules_default(&rules);
    if (!ready) {
        go_init();
        go_gtp_init(&e, &rules);
        go_gtp_set_genmove(&e, first_legal, NULL);
        ready = true;
    }
    GString *input = g_string_new(NULL);
    for (size_t at = 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t n = nl ? (size_t)(nl - (data + at)) : size - at;
        if (!writes_a_file(data + at, n)) {
            g_string_append_len(input, (const char *)data + at, (gssize)n);
            g_string_append_c(input, '\n');
        }
        at += n + 1;
    }
    if (size % 2) e.line_max = 256;
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *in = input->len ? fmemopen(input->str, input->len, "r") : NULL;
    FILE *out = open_memstream(&out_text, &out_len);
    if (in && out) {
        go_gtp_run(&e, in, out);
        fflush(out);
        check_responses(out_text, out_len);
    }
    if (in) fclose(in);
    if (out) fclose(out);
    free(out_text);
    g_string_free(input, TRUE);
    // After the input, not before: what it allocated is freed within it, so that libFuzzer,
    // which looks for leaks after an input that allocated more than it freed, has no reason to.
    go_gtp_reset(&e, &rules);
    return 0;
}
