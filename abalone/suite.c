// SPDX-License-Identifier: MIT
// Position suites: parsing, and the built-in compare suite (abalone/data/compare_suite.txt,
// made by `sumito abalone make-suite`; the README gives the command).
#include "abalone/suite.h"

#include <string.h>

#include "abalone/notation.h"
#include "core/embed.h"

EMBED_FILE(abalone_compare_suite, "abalone/data/compare_suite.txt");

bool abalone_suite_parse(AbaloneSuite *s, const char *text, const char *source, GError **err)
{
    s->positions = g_array_new(FALSE, FALSE, sizeof(AbaloneBoard));
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *hash = strchr(lines[i], '#');
        if (hash) *hash = '\0';
        char *line = g_strstrip(lines[i]);
        if (!*line) continue;
        AbaloneBoard b;
        GError *e = NULL;
        ok = abalone_position_parse(&b, line, &e);
        if (ok) {
            g_array_append_val(s->positions, b);
        } else {
            g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "%s:%d: %s", source, i + 1,
                        e->message);
            g_error_free(e);
        }
    }
    g_strfreev(lines);
    if (ok && s->positions->len == 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "%s: no positions", source);
        ok = false;
    }
    return ok;
}

bool abalone_suite_load(AbaloneSuite *s, const char *path, GError **err)
{
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, err)) {
        s->positions = g_array_new(FALSE, FALSE, sizeof(AbaloneBoard));
        return false;
    }
    bool ok = abalone_suite_parse(s, text, path, err);
    g_free(text);
    return ok;
}

char *abalone_suite_builtin_text(void)
{
    return g_strndup((const char *)abalone_compare_suite,
                     (size_t)(abalone_compare_suite_end - abalone_compare_suite));
}

void abalone_suite_builtin(AbaloneSuite *s)
{
    size_t n = (size_t)(abalone_compare_suite_end - abalone_compare_suite);
    char *text = g_strndup((const char *)abalone_compare_suite, n);
    GError *err = NULL;
    if (!abalone_suite_parse(s, text, "built-in compare suite", &err))
        g_error("%s", err->message); // the build embeds a checked file; see tests
    g_free(text);
}

void abalone_suite_free(AbaloneSuite *s)
{
    if (s->positions) g_array_free(s->positions, TRUE);
    s->positions = NULL;
}
