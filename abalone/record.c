// SPDX-License-Identifier: MIT
// Reading and writing Abalone game records.
#include "abalone/record.h"
#include "base/file.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"

// sumito's layout names and the names the archives give them in [Variant].
static const char *const variant_names[][2] = {{"standard", "standard"},
                                               {"belgian", "belgian"},
                                               {"german", "german_daisy"},
                                               {"dutch", "dutch_daisy"},
                                               {"swiss", "swiss_daisy"}};

static const char *variant_of_layout(const char *layout)
{
    for (size_t i = 0; i < G_N_ELEMENTS(variant_names); i++)
        if (strcmp(variant_names[i][0], layout) == 0) return variant_names[i][1];
    return layout;
}

static const char *layout_of_variant(const char *variant)
{
    for (size_t i = 0; i < G_N_ELEMENTS(variant_names); i++)
        if (g_ascii_strcasecmp(variant_names[i][1], variant) == 0 ||
            g_ascii_strcasecmp(variant_names[i][0], variant) == 0)
            return variant_names[i][0];
    return NULL;
}

void abalone_record_init(AbaloneRecord *rec, const AbaloneBoard *start, const char *layout,
                         const AbaloneRules *rules)
{
    rec->tag_names = g_ptr_array_new_with_free_func(g_free);
    rec->tag_values = g_ptr_array_new_with_free_func(g_free);
    rec->comments = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(rec->comments, NULL);
    abalone_game_init(&rec->game, start, rules);
    rec->result = ABALONE_ONGOING;
    rec->notation = ABALONE_NOTATION_ABAPRO;
    if (layout) {
        abalone_record_set_tag(rec, "Variant", variant_of_layout(layout));
    } else {
        char pos[ABALONE_POSITION_TEXT];
        abalone_record_set_tag(rec, "SetUp", "1");
        abalone_record_set_tag(rec, "Position", abalone_position_format(start, pos));
    }
    if (rules->move_cap > 0) {
        char cap[16];
        snprintf(cap, sizeof cap, "%d", rules->move_cap);
        abalone_record_set_tag(rec, "MoveCap", cap);
    }
    if (rules->repetition_draw) abalone_record_set_tag(rec, "RepetitionDraw", "yes");
}

void abalone_record_free(AbaloneRecord *rec)
{
    g_ptr_array_free(rec->tag_names, TRUE);
    g_ptr_array_free(rec->tag_values, TRUE);
    g_ptr_array_free(rec->comments, TRUE);
    abalone_game_free(&rec->game);
}

void abalone_record_set_tag(AbaloneRecord *rec, const char *name, const char *value)
{
    for (guint i = 0; i < rec->tag_names->len; i++)
        if (strcmp(g_ptr_array_index(rec->tag_names, i), name) == 0) {
            g_free(rec->tag_values->pdata[i]);
            rec->tag_values->pdata[i] = g_strdup(value);
            return;
        }
    g_ptr_array_add(rec->tag_names, g_strdup(name));
    g_ptr_array_add(rec->tag_values, g_strdup(value));
}

const char *abalone_record_tag(const AbaloneRecord *rec, const char *name)
{
    for (guint i = 0; i < rec->tag_names->len; i++)
        if (strcmp(g_ptr_array_index(rec->tag_names, i), name) == 0)
            return g_ptr_array_index(rec->tag_values, i);
    return NULL;
}

void abalone_record_play(AbaloneRecord *rec, Move m, const char *comment)
{
    abalone_game_play(&rec->game, m);
    g_ptr_array_add(rec->comments, comment ? g_strdup(comment) : NULL);
}

// ---------------------------------------------------------------------------------------
// Reading

typedef struct {
    const char *text;
    size_t i;
    const char *source;
    int first_line; // of text in its file
    GError **err;
    GHashTable *tags; // tag name -> where it was read (size_t in a pointer), for duplicates
} Lexer;

static bool fail_at(Lexer *lx, size_t at, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static bool fail_at(Lexer *lx, size_t at, const char *fmt, ...)
{
    int line, col;
    text_line_col(lx->text, at, &line, &col);
    line += lx->first_line - 1;
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(lx->err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "%s:%d:%d: %s", lx->source, line, col,
                msg);
    g_free(msg);
    return false;
}

static void skip_space(Lexer *lx)
{
    while (g_ascii_isspace(lx->text[lx->i])) lx->i++;
}

// [Name "Value"] on one line; backslash escapes '"' and '\'.
static bool read_tag(Lexer *lx, AbaloneRecord *rec)
{
    size_t start = lx->i++;
    size_t n0 = lx->i;
    while (g_ascii_isalnum(lx->text[lx->i]) || lx->text[lx->i] == '_') lx->i++;
    if (lx->i == n0) return fail_at(lx, lx->i, "expected a tag name after '['");
    char *name = g_strndup(lx->text + n0, lx->i - n0);
    while (lx->text[lx->i] == ' ' || lx->text[lx->i] == '\t') lx->i++;
    if (lx->text[lx->i] != '"') {
        g_free(name);
        return fail_at(lx, lx->i, "expected '\"' to open the tag's value");
    }
    lx->i++;
    GString *v = g_string_new(NULL);
    while (lx->text[lx->i] && lx->text[lx->i] != '"' && lx->text[lx->i] != '\n') {
        if (lx->text[lx->i] == '\\' && (lx->text[lx->i + 1] == '"' || lx->text[lx->i + 1] == '\\'))
            lx->i++;
        g_string_append_c(v, lx->text[lx->i++]);
    }
    bool ok = lx->text[lx->i] == '"';
    if (ok) {
        lx->i++;
        while (lx->text[lx->i] == ' ' || lx->text[lx->i] == '\t') lx->i++;
        ok = lx->text[lx->i] == ']';
        if (ok)
            lx->i++;
        else
            fail_at(lx, lx->i, "expected ']' to close the tag [%s", name);
    } else {
        fail_at(lx, start, "the value of tag [%s is not closed on its line", name);
    }
    // A hash of the names read so far: a repeated tag is an error, and checking for one costs
    // the same for the 200 000th tag as for the first.
    gpointer first;
    if (ok && g_hash_table_lookup_extended(lx->tags, name, NULL, &first)) {
        int line, col;
        text_line_col(lx->text, GPOINTER_TO_SIZE(first), &line, &col);
        line += lx->first_line - 1;
        ok = fail_at(lx, start, "tag [%s] given twice (first at line %d)", name, line);
    }
    if (ok) {
        g_hash_table_insert(lx->tags, g_strdup(name), GSIZE_TO_POINTER(start));
        g_ptr_array_add(rec->tag_names, name);
        g_ptr_array_add(rec->tag_values, g_string_free(v, FALSE));
    } else {
        g_free(name);
        g_string_free(v, TRUE);
    }
    return ok;
}

static AbaloneOutcome result_of(const char *s, size_t len)
{
    static const char *text[] = {"*", "1-0", "0-1", "1/2-1/2"};
    for (int o = 0; o < 4; o++)
        if (strlen(text[o]) == len && strncmp(s, text[o], len) == 0) return (AbaloneOutcome)o;
    return (AbaloneOutcome)-1;
}

// Where tag name was read (the end of the tags when it was not).
static size_t tag_at(const Lexer *lx, const char *name)
{
    gpointer at;
    return g_hash_table_lookup_extended(lx->tags, name, NULL, &at) ? GPOINTER_TO_SIZE(at) : lx->i;
}

static bool parse_count(const char *s, long max, long *n)
{
    char *end;
    if (!g_ascii_isdigit(s[0])) return false;
    *n = strtol(s, &end, 10);
    return !*end && *n <= max;
}

bool abalone_record_rules(const AbaloneRecord *rec, char **sets, AbaloneRules *rules, GError **err)
{
    abalone_rules_default(rules);
    if (abalone_record_tag(rec, "Variant") || abalone_record_tag(rec, "SetUp"))
        rules->move_cap = 0, rules->repetition_draw = false;
    const char *cap = abalone_record_tag(rec, "MoveCap");
    const char *rep = abalone_record_tag(rec, "RepetitionDraw");
    long n;
    if (cap && !parse_count(cap, 1000000, &n)) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "[MoveCap \"%s\"] is not a number of plies from 0 (no cap) to 1000000", cap);
        return false;
    }
    if (cap) rules->move_cap = (int)n;
    if (rep && strcmp(rep, "yes") != 0 && strcmp(rep, "no") != 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "[RepetitionDraw \"%s\"] is neither \"yes\" nor \"no\"", rep);
        return false;
    }
    if (rep) rules->repetition_draw = strcmp(rep, "yes") == 0;
    ParamGroup g = abalone_rules_params(rules);
    for (char **a = sets; a && *a; a++)
        if (!params_set_assignment(&g, 1, *a, err)) return false;
    return true;
}

// The start: [Position] (with [SetUp "1"] in APGN) wins over [Variant]; sumito's older
// records name a layout with [Layout].
static bool start_position(Lexer *lx, const AbaloneRecord *rec, AbaloneBoard *start)
{
    const char *layout = abalone_record_tag(rec, "Layout");
    const char *variant = abalone_record_tag(rec, "Variant");
    const char *setup = abalone_record_tag(rec, "SetUp");
    const char *position = abalone_record_tag(rec, "Position");
    if (layout && position)
        return fail_at(lx, lx->i, "the record has both a [Layout] and a [Position] tag");
    if (layout && variant)
        return fail_at(lx, tag_at(lx, "Variant"),
                       "the record has both a [Layout] and a [Variant] tag");
    if (setup && strcmp(setup, "0") != 0 && strcmp(setup, "1") != 0)
        return fail_at(lx, tag_at(lx, "SetUp"), "[SetUp \"%s\"] is neither \"0\" nor \"1\"", setup);
    if (setup && strcmp(setup, "1") == 0 && !position)
        return fail_at(lx, tag_at(lx, "SetUp"), "[SetUp \"1\"] without a [Position] tag");
    if (position) {
        GError *e = NULL;
        if (abalone_position_parse(start, position, &e)) return true;
        fail_at(lx, tag_at(lx, "Position"), "[Position]: %s", e->message);
        g_error_free(e);
        return false;
    }
    if (variant) {
        const char *name = layout_of_variant(variant);
        if (name && abalone_board_set_layout(start, name)) return true;
        return fail_at(lx, tag_at(lx, "Variant"),
                       "[Variant \"%s\"]: a layout sumito does not have (standard, belgian, "
                       "german_daisy, dutch_daisy or swiss_daisy)",
                       variant);
    }
    if (abalone_board_set_layout(start, layout ? layout : "standard")) return true;
    return fail_at(lx, tag_at(lx, "Layout"),
                   "unknown layout '%s' in [Layout] (standard, belgian, german, dutch or swiss)",
                   layout);
}

static bool setup_start(Lexer *lx, AbaloneRecord *rec, char **sets)
{
    AbaloneBoard start;
    if (!start_position(lx, rec, &start)) return false;
    const char *nota = abalone_record_tag(rec, "Notation");
    if (nota && g_ascii_strcasecmp(nota, "FFTL") == 0)
        rec->notation = ABALONE_NOTATION_FFTL;
    else if (nota && g_ascii_strcasecmp(nota, "Aba-Pro") != 0)
        return fail_at(lx, tag_at(lx, "Notation"), "unknown [Notation \"%s\"] (Aba-Pro or FFTL)",
                       nota);
    AbaloneRules rules;
    GError *e = NULL;
    if (!abalone_record_rules(rec, sets, &rules, &e)) {
        fail_at(lx, lx->i, "%s", e->message);
        g_error_free(e);
        return false;
    }
    abalone_game_free(&rec->game);
    abalone_game_init(&rec->game, &start, &rules);
    return true;
}

// "12." before Black's move, "12..." before a White move that opens the move text.
static bool read_move_number(Lexer *lx, const AbaloneRecord *rec)
{
    size_t start = lx->i;
    long n = 0;
    while (g_ascii_isdigit(lx->text[lx->i])) {
        n = n * 10 + (lx->text[lx->i++] - '0');
        if (n > 10000000) return fail_at(lx, start, "move number too large");
    }
    int dots = 0;
    while (lx->text[lx->i] == '.') dots++, lx->i++;
    if (dots != 1 && dots != 3) return fail_at(lx, start, "expected '%ld.' or '%ld...'", n, n);
    const AbaloneBoard *b = &rec->game.board;
    int plies = abalone_game_length(&rec->game);
    long expected = (plies + (rec->game.start.side == ABALONE_WHITE)) / 2 + 1;
    if (n != expected)
        return fail_at(lx, start, "move number %ld where %ld was expected", n, expected);
    if ((dots == 1) != (b->side == ABALONE_BLACK))
        return fail_at(lx, start, "'%ld%s' but %s is to move", n, dots == 1 ? "." : "...",
                       b->side == ABALONE_BLACK ? "Black" : "White");
    return true;
}

static bool read_move(Lexer *lx, AbaloneRecord *rec)
{
    size_t start = lx->i;
    while (g_ascii_isalnum(lx->text[lx->i])) lx->i++;
    char *tok = g_strndup(lx->text + start, lx->i - start);
    AbaloneGame *g = &rec->game;
    AbaloneEnd why;
    int number = (abalone_game_length(g) + (g->start.side == ABALONE_WHITE)) / 2 + 1;
    const char *who = g->board.side == ABALONE_BLACK ? "Black" : "White";
    bool ok = false;
    if (abalone_game_outcome(g, &why) != ABALONE_ONGOING) {
        fail_at(lx, start, "move %d (%s) '%s' comes after the game ended (%s)", number, who, tok,
                abalone_end_text(why));
    } else {
        GError *e = NULL;
        Move m = abalone_move_parse(&g->board, tok, rec->notation, &e);
        if (m == MOVE_NONE) {
            fail_at(lx, start, "move %d (%s) '%s': %s", number, who, tok, e->message);
            g_error_free(e);
        } else {
            abalone_record_play(rec, m, NULL);
            ok = true;
        }
    }
    g_free(tok);
    return ok;
}

static bool read_comment(Lexer *lx, AbaloneRecord *rec)
{
    size_t start = lx->i++;
    const char *close = strchr(lx->text + lx->i, '}');
    if (!close) return fail_at(lx, start, "comment '{' is never closed");
    char *c = g_strndup(lx->text + lx->i, (gsize)(close - (lx->text + lx->i)));
    g_strstrip(c);
    guint last = rec->comments->len - 1;
    char *old = rec->comments->pdata[last];
    rec->comments->pdata[last] = old ? g_strconcat(old, " ", c, NULL) : g_strdup(c);
    g_free(old);
    g_free(c);
    lx->i = (size_t)(close - lx->text) + 1;
    return true;
}

static bool read_movetext(Lexer *lx, AbaloneRecord *rec)
{
    for (;;) {
        skip_space(lx);
        const char *s = lx->text + lx->i;
        if (!*s)
            return fail_at(lx, lx->i,
                           "the record ends without a result (1-0, 0-1, 1/2-1/2 "
                           "or *): is the file truncated?");
        size_t len = strcspn(s, " \t\r\n{");
        AbaloneOutcome r = result_of(s, len);
        if ((int)r >= 0) {
            rec->result = r;
            lx->i += len;
            skip_space(lx);
            while (lx->text[lx->i] == '{') {
                if (!read_comment(lx, rec)) return false;
                skip_space(lx);
            }
            if (lx->text[lx->i])
                return fail_at(lx, lx->i,
                               "text after the result (the next game starts with its tags, on a "
                               "line of their own)");
            return true;
        }
        bool ok;
        if (*s == '{')
            ok = read_comment(lx, rec);
        else if (g_ascii_isdigit(*s))
            ok = read_move_number(lx, rec);
        else if (g_ascii_isalpha(*s))
            ok = read_move(lx, rec);
        else if (*s == '(')
            ok = fail_at(lx, lx->i, "variations '(...)' are not supported");
        else
            ok = fail_at(lx, lx->i, "unexpected '%c' in the move text", *s);
        if (!ok) return false;
    }
}

// What the record says after its moves: the result against [Result], the rules and [Plies].
static bool check_end(Lexer *lx, AbaloneRecord *rec)
{
    const char *tag = abalone_record_tag(rec, "Result");
    if (tag && (int)result_of(tag, strlen(tag)) < 0)
        return fail_at(lx, tag_at(lx, "Result"), "[Result \"%s\"] is not 1-0, 0-1, 1/2-1/2 or *",
                       tag);
    if (tag && result_of(tag, strlen(tag)) != rec->result)
        return fail_at(lx, lx->i, "the result %s differs from [Result \"%s\"]",
                       abalone_outcome_text(rec->result), tag);
    AbaloneEnd why;
    AbaloneOutcome ruled = abalone_game_outcome(&rec->game, &why);
    if (ruled != ABALONE_ONGOING && rec->result != ABALONE_ONGOING && ruled != rec->result)
        return fail_at(lx, lx->i, "the record says %s but the rules give %s (%s)",
                       abalone_outcome_text(rec->result), abalone_outcome_text(ruled),
                       abalone_end_text(why));
    const char *plies = abalone_record_tag(rec, "Plies");
    long n;
    int len = abalone_game_length(&rec->game);
    if (plies && (!parse_count(plies, 100000000, &n) || n != len))
        return fail_at(lx, tag_at(lx, "Plies"), "[Plies \"%s\"] but the record has %d move%s",
                       plies, len, len == 1 ? "" : "s");
    return true;
}

bool abalone_record_parse_at(AbaloneRecord *rec, const char *text, int first_line,
                             const char *source, char **sets, GError **err)
{
    AbaloneBoard standard;
    AbaloneRules rules;
    abalone_rules_default(&rules);
    abalone_board_set_layout(&standard, "standard");
    abalone_record_init(rec, &standard, "standard", &rules);
    g_ptr_array_set_size(rec->tag_names, 0);
    g_ptr_array_set_size(rec->tag_values, 0);
    Lexer lx = {text, 0, source, first_line, err, NULL};
    lx.i = text_bom_length(text, strnlen(text, 3));
    skip_space(&lx);
    if (!text[lx.i]) return fail_at(&lx, 0, "no game in this file");
    lx.tags = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    bool ok = true;
    while (ok && text[lx.i] == '[') {
        ok = read_tag(&lx, rec);
        skip_space(&lx);
    }
    ok = ok && setup_start(&lx, rec, sets) && read_movetext(&lx, rec) && check_end(&lx, rec);
    g_hash_table_destroy(lx.tags);
    return ok;
}

bool abalone_record_parse(AbaloneRecord *rec, const char *text, const char *source, char **sets,
                          GError **err)
{
    return abalone_record_parse_at(rec, text, 1, source, sets, err);
}

// ---------------------------------------------------------------------------------------
// Writing

static void append_wrapped(GString *out, int *col, const char *word)
{
    int len = (int)strlen(word);
    if (*col > 0 && *col + 1 + len > 79) {
        g_string_append_c(out, '\n');
        *col = 0;
    } else if (*col > 0) {
        g_string_append_c(out, ' ');
        (*col)++;
    }
    g_string_append(out, word);
    *col += len;
}

static void append_comment(GString *out, int *col, const char *c)
{
    if (!c) return;
    char *word = g_strdup_printf("{%s}", c);
    for (char *p = word + 1; p[1]; p++)
        if (*p == '}') *p = ')'; // a brace inside would end the comment early
    append_wrapped(out, col, word);
    g_free(word);
}

char *abalone_record_format(const AbaloneRecord *rec)
{
    const AbaloneGame *g = &rec->game;
    AbaloneOutcome ruled = abalone_game_outcome(g, NULL);
    const char *result = abalone_outcome_text(ruled != ABALONE_ONGOING ? ruled : rec->result);
    GString *out = g_string_new(NULL);
    bool has_result = false, has_notation = false;
    const char *nota = rec->notation == ABALONE_NOTATION_FFTL ? "FFTL" : "Aba-Pro";
    char plies[16];
    snprintf(plies, sizeof plies, "%d", abalone_game_length(g));
    for (guint i = 0; i < rec->tag_names->len; i++) {
        const char *name = g_ptr_array_index(rec->tag_names, i);
        const char *value = g_ptr_array_index(rec->tag_values, i);
        if (strcmp(name, "Result") == 0) value = result, has_result = true;
        if (strcmp(name, "Plies") == 0) value = plies;
        if (strcmp(name, "Notation") == 0) {
            has_notation = true;
            if (g_ascii_strcasecmp(value, nota) != 0) value = nota; // the notation written
        }
        g_string_append_printf(out, "[%s \"", name);
        for (const char *p = value; *p; p++) {
            if (*p == '"' || *p == '\\') g_string_append_c(out, '\\');
            g_string_append_c(out, *p == '\n' ? ' ' : *p);
        }
        g_string_append(out, "\"]\n");
    }
    if (!has_result) g_string_append_printf(out, "[Result \"%s\"]\n", result);
    if (!has_notation && rec->notation == ABALONE_NOTATION_FFTL)
        g_string_append(out, "[Notation \"FFTL\"]\n");
    g_string_append_c(out, '\n');

    int col = 0;
    append_comment(out, &col, g_ptr_array_index(rec->comments, 0));
    AbaloneBoard b = g->start;
    int white_first = g->start.side == ABALONE_WHITE;
    for (int i = 0; i < abalone_game_length(g); i++) {
        char num[24], mv[ABALONE_MOVE_TEXT];
        int number = (i + white_first) / 2 + 1;
        if (b.side == ABALONE_BLACK) {
            snprintf(num, sizeof num, "%d.", number);
            append_wrapped(out, &col, num);
        } else if (i == 0) {
            snprintf(num, sizeof num, "%d...", number);
            append_wrapped(out, &col, num);
        }
        Move m = abalone_game_move(g, i);
        append_wrapped(out, &col, abalone_move_format(&b, m, rec->notation, mv));
        append_comment(out, &col, g_ptr_array_index(rec->comments, (guint)i + 1));
        AbaloneUndo u;
        abalone_board_make(&b, m, &u);
    }
    append_wrapped(out, &col, result);
    g_string_append_c(out, '\n');
    return g_string_free(out, FALSE);
}

bool abalone_record_save(const AbaloneRecord *rec, const char *path, GError **err)
{
    char *text = abalone_record_format(rec);
    bool ok = file_write_atomic(path, text, strlen(text), err);
    g_free(text);
    return ok;
}
