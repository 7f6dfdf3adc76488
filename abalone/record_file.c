// SPDX-License-Identifier: MIT
// Files of many game records, as the public archives publish them: the games are found by
// their tags (a line starting with '[' after a game's moves begins the next game), so that
// a damaged game is refused alone and the games after it are still read.
#include "abalone/record.h"

#include <string.h>

#include "base/file.h"
#include "core/text.h"

// Where each game starts. A comment left open at the end of a game does not swallow the
// games after it: a tag line after a blank line ends it.
static void find_games(const char *text, GArray *starts, GArray *lines)
{
    size_t zero = 0;
    int line_number = 1;
    g_array_append_val(starts, zero);
    g_array_append_val(lines, line_number);
    bool moves = false, comment = false, blank_before = true;
    for (const char *line = text + text_bom_length(text, strnlen(text, 3)); *line;) {
        const char *end = strchr(line, '\n');
        if (!end) end = line + strlen(line);
        const char *c = line;
        while (c < end && g_ascii_isspace(*c)) c++;
        bool blank = c == end;
        if (*c == '[' && moves && (!comment || blank_before)) {
            size_t at = (size_t)(line - text);
            g_array_append_val(starts, at);
            g_array_append_val(lines, line_number);
            moves = comment = false;
        }
        if (!blank && (*c != '[' || comment)) {
            moves = true;
            for (; c < end; c++)
                if (comment ? *c == '}' : *c == '{') comment = !comment;
        }
        blank_before = blank;
        line = *end ? end + 1 : end;
        line_number++;
    }
}

bool abalone_record_file_read(AbaloneRecordFile *f, const char *path, GError **err)
{
    gsize len = 0;
    char *text = NULL;
    memset(f, 0, sizeof *f);
    if (!file_read_all(path, FILE_READ_MAX, &text, &len, err)) return false;
    return abalone_record_file_take_text(f, text, len, path, err);
}

bool abalone_record_file_take_text(AbaloneRecordFile *f, char *text, size_t len, const char *name,
                                   GError **err)
{
    memset(f, 0, sizeof *f);
    f->text = text;
    if (strlen(f->text) != len) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "%s: contains a NUL byte (not a game record)", name);
        abalone_record_file_clear(f);
        return false;
    }
    f->path = g_strdup(name);
    f->starts = g_array_new(FALSE, FALSE, sizeof(size_t));
    f->lines = g_array_new(FALSE, FALSE, sizeof(int));
    find_games(f->text, f->starts, f->lines);
    return true;
}

void abalone_record_file_clear(AbaloneRecordFile *f)
{
    g_free(f->path);
    g_free(f->text);
    if (f->starts) g_array_free(f->starts, TRUE);
    if (f->lines) g_array_free(f->lines, TRUE);
    memset(f, 0, sizeof *f);
}

int abalone_record_file_count(const AbaloneRecordFile *f)
{
    return (int)f->starts->len;
}

bool abalone_record_file_game(const AbaloneRecordFile *f, int i, AbaloneRecord *rec, char **sets,
                              GError **err)
{
    size_t from = g_array_index(f->starts, size_t, i);
    size_t to = i + 1 < (int)f->starts->len ? g_array_index(f->starts, size_t, i + 1)
                                            : strlen(f->text + from) + from;
    char *text = g_strndup(f->text + from, to - from);
    bool ok =
        abalone_record_parse_at(rec, text, g_array_index(f->lines, int, i), f->path, sets, err);
    g_free(text);
    return ok;
}

bool abalone_record_file_check_index(const AbaloneRecordFile *f, int index, bool one, GError **err)
{
    int n = abalone_record_file_count(f);
    if (index > n)
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "%s holds %d game%s: there is no game %d", f->path, n, n == 1 ? "" : "s",
                    index);
    else if (index < 0 || (index == 0 && one && n > 1))
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "%s holds %d games: choose one with --game-index N (from 1)", f->path, n);
    else
        return true;
    return false;
}

bool abalone_record_load(AbaloneRecord *rec, const char *path, int index, char **sets, GError **err)
{
    AbaloneRecordFile f;
    bool ok = abalone_record_file_read(&f, path, err) &&
              abalone_record_file_check_index(&f, index, true, err);
    if (ok) {
        ok = abalone_record_file_game(&f, index ? index - 1 : 0, rec, sets, err);
    } else {
        AbaloneBoard b;
        AbaloneRules rules;
        abalone_rules_default(&rules);
        abalone_board_set_layout(&b, "standard");
        abalone_record_init(rec, &b, "standard", &rules);
    }
    abalone_record_file_clear(&f);
    return ok;
}
