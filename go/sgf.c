// SPDX-License-Identifier: MIT
// Reading and writing SGF FF[4] Go records (see the header). The reader is a recursive
// descent over GameTree = "(" Node+ GameTree* ")", Node = ";" Property*, Property =
// Ident Value+; it applies the nodes of the main line (first child at each branch) as it
// goes and only checks the syntax of the rest.
#include "go/sgf.h"
#include "base/file.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "go/notation.h"

typedef struct {
    char *id;
    GPtrArray *values; // char *
    GArray *at;        // size_t: where each value starts
} SgfProp;

typedef struct {
    const char *text, *source;
    size_t i;
    GError **err;
    const GoRules *defaults;
    GoGame *g;
    GoSgfInfo *info;
    bool started; // the root node has been applied (the game exists)
} SgfReader;

void go_sgf_info_init(GoSgfInfo *info)
{
    memset(info, 0, sizeof *info);
    info->comments = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(info->comments, NULL);
    info->warnings = g_ptr_array_new_with_free_func(g_free);
}

void go_sgf_info_free(GoSgfInfo *info)
{
    g_free(info->black);
    g_free(info->white);
    g_free(info->date);
    g_free(info->result);
    g_free(info->ruleset);
    if (info->comments) g_ptr_array_free(info->comments, TRUE);
    if (info->warnings) g_ptr_array_free(info->warnings, TRUE);
    memset(info, 0, sizeof *info);
}

static void prop_free(gpointer p)
{
    SgfProp *prop = p;
    g_free(prop->id);
    g_ptr_array_free(prop->values, TRUE);
    g_array_free(prop->at, TRUE);
    g_free(prop);
}

static char *where(const SgfReader *rd, size_t at)
{
    int line, col;
    text_line_col(rd->text, at, &line, &col);
    return g_strdup_printf("%s:%d:%d", rd->source, line, col);
}

static bool fail_at(SgfReader *rd, size_t at, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static bool fail_at(SgfReader *rd, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap), *pos = where(rd, at);
    va_end(ap);
    g_set_error(rd->err, GO_ERROR, 0, "%s: %s", pos, msg);
    g_free(msg);
    g_free(pos);
    return false;
}

static void warn_at(SgfReader *rd, size_t at, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static void warn_at(SgfReader *rd, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap), *pos = where(rd, at);
    va_end(ap);
    g_ptr_array_add(rd->info->warnings, g_strdup_printf("%s: %s", pos, msg));
    g_free(msg);
    g_free(pos);
}

static void skip_space(SgfReader *rd)
{
    while (g_ascii_isspace(rd->text[rd->i])) rd->i++;
}

// A value after its '['; escapes: "\" before any character, "\" + newline removed.
static bool read_value(SgfReader *rd, GString *out)
{
    size_t open = rd->i++;
    for (;;) {
        char c = rd->text[rd->i];
        if (c == '\0') return fail_at(rd, open, "the value opened here is never closed by ']'");
        rd->i++;
        if (c == ']') return true;
        if (c == '\\') {
            c = rd->text[rd->i];
            if (c == '\0') continue;
            rd->i++;
            if (c == '\r' && rd->text[rd->i] == '\n') rd->i++;
            if (c == '\n' || c == '\r') continue;
        }
        g_string_append_c(out, c);
    }
}

// Properties of one node, after its ';'.
static bool read_node(SgfReader *rd, GPtrArray *props)
{
    for (;;) {
        skip_space(rd);
        char c = rd->text[rd->i];
        if (c == ';' || c == '(' || c == ')' || c == '\0') return true;
        size_t start = rd->i;
        GString *id = g_string_new(NULL);
        // FF[3] idents may mix in lower-case letters ("AddBlack"): only capitals count.
        while (g_ascii_isalpha(rd->text[rd->i])) {
            if (g_ascii_isupper(rd->text[rd->i])) g_string_append_c(id, rd->text[rd->i]);
            rd->i++;
        }
        if (id->len == 0) {
            g_string_free(id, TRUE);
            return fail_at(rd, start, "expected a property name, found '%c'", c);
        }
        SgfProp *prop = g_new0(SgfProp, 1);
        prop->id = g_string_free(id, FALSE);
        prop->values = g_ptr_array_new_with_free_func(g_free);
        prop->at = g_array_new(FALSE, FALSE, sizeof(size_t));
        g_ptr_array_add(props, prop);
        skip_space(rd);
        if (rd->text[rd->i] != '[')
            return fail_at(rd, rd->i, "property %s has no value ('[' expected)", prop->id);
        while (rd->text[rd->i] == '[') {
            size_t at = rd->i + 1;
            GString *v = g_string_new(NULL);
            bool ok = read_value(rd, v);
            g_ptr_array_add(prop->values, g_string_free(v, FALSE));
            g_array_append_val(prop->at, at);
            if (!ok) return false;
            skip_space(rd);
        }
    }
}

static const SgfProp *find_prop(GPtrArray *props, const char *id)
{
    for (guint k = 0; k < props->len; k++) {
        const SgfProp *p = g_ptr_array_index(props, k);
        if (strcmp(p->id, id) == 0) return p;
    }
    return NULL;
}

static const char *value0(const SgfProp *p)
{
    return g_ptr_array_index(p->values, 0);
}

static size_t at0(const SgfProp *p)
{
    return g_array_index(p->at, size_t, 0);
}

// ---------------------------------------------------------------------------------------
// Rules names

static const struct {
    const char *name;
    int ko, suicide;
} rule_names[] = {
    {"Chinese", GO_KO_POSITIONAL, GO_SUICIDE_FORBID},
    {"Japanese", GO_KO_SIMPLE, GO_SUICIDE_FORBID},
    {"AGA", GO_KO_SITUATIONAL, GO_SUICIDE_FORBID},
    {"NZ", GO_KO_SITUATIONAL, GO_SUICIDE_MULTI},
    {"Tromp-Taylor", GO_KO_POSITIONAL, GO_SUICIDE_ALL},
    {"Korean", GO_KO_SIMPLE, GO_SUICIDE_FORBID},
    {"GOE", GO_KO_SITUATIONAL, GO_SUICIDE_MULTI},
    {"Ing", GO_KO_SITUATIONAL, GO_SUICIDE_MULTI},
    {"New Zealand", GO_KO_SITUATIONAL, GO_SUICIDE_MULTI},
    {"TT", GO_KO_POSITIONAL, GO_SUICIDE_ALL},
};

const char *go_sgf_rules_text(const GoRules *r)
{
    static const char *own[3][3] = {
        {"ko=simple suicide=forbid", "ko=simple suicide=multi", "ko=simple suicide=all"},
        {"ko=positional suicide=forbid", "ko=positional suicide=multi",
         "ko=positional suicide=all"},
        {"ko=situational suicide=forbid", "ko=situational suicide=multi",
         "ko=situational suicide=all"}};
    for (int i = 0; i < 5; i++)
        if (rule_names[i].ko == r->ko && rule_names[i].suicide == r->suicide)
            return rule_names[i].name;
    return own[r->ko][r->suicide];
}

bool go_sgf_rules_from_text(const char *text, GoRules *r)
{
    for (int i = 0; i < (int)G_N_ELEMENTS(rule_names); i++)
        if (g_ascii_strcasecmp(text, rule_names[i].name) == 0) {
            r->ko = rule_names[i].ko;
            r->suicide = rule_names[i].suicide;
            return true;
        }
    GoRules tmp = *r;
    char **words = g_strsplit(text, " ", -1);
    bool ok = words[0] != NULL;
    for (char **w = words; ok && *w; w++)
        ok = (g_str_has_prefix(*w, "ko=") || g_str_has_prefix(*w, "suicide=")) &&
             go_rules_set_assignment(&tmp, *w, NULL);
    g_strfreev(words);
    if (ok) *r = tmp;
    return ok;
}

// ---------------------------------------------------------------------------------------
// Applying nodes

static bool read_int(const char *s, int *v)
{
    char *end;
    long x = strtol(s, &end, 10);
    if (end == s || *end != '\0' || x < -1000000 || x > 1000000) return false;
    *v = (int)x;
    return true;
}

// SZ, GM, FF, KM and RU: the game is created here.
static bool apply_root(SgfReader *rd, GPtrArray *props)
{
    const SgfProp *p;
    int size = 19, gm = 1;
    if ((p = find_prop(props, "GM")) && (!read_int(value0(p), &gm) || gm != 1))
        return fail_at(rd, at0(p), "GM[%s]: not a Go record (GM[1])", value0(p));
    if ((p = find_prop(props, "FF")) && strcmp(value0(p), "4") != 0)
        warn_at(rd, at0(p), "FF[%s]: read as FF[4]", value0(p));
    if ((p = find_prop(props, "CA")) && g_ascii_strcasecmp(value0(p), "UTF-8") != 0 &&
        g_ascii_strcasecmp(value0(p), "UTF8") != 0)
        warn_at(rd, at0(p), "CA[%s]: text is kept as it is, not converted to UTF-8", value0(p));
    if ((p = find_prop(props, "SZ"))) {
        if (strchr(value0(p), ':'))
            return fail_at(rd, at0(p), "SZ[%s]: rectangular boards are not supported", value0(p));
        if (!read_int(value0(p), &size) || size < GO_MIN_SIZE || size > GO_MAX_SIZE)
            return fail_at(rd, at0(p), "SZ[%s]: the board size must be %d to %d", value0(p),
                           GO_MIN_SIZE, GO_MAX_SIZE);
    }
    GoRules rules = *rd->defaults;
    if ((p = find_prop(props, "RU"))) {
        rd->info->ruleset = g_strdup(value0(p));
        if (!go_sgf_rules_from_text(g_strstrip(rd->info->ruleset), &rules))
            warn_at(rd, at0(p), "RU[%s]: unknown rules, keeping ko=%s suicide=%s", value0(p),
                    go_ko_rule_name(rules.ko), go_suicide_rule_name(rules.suicide));
    }
    if ((p = find_prop(props, "KM"))) {
        char *end;
        double komi = g_ascii_strtod(value0(p), &end);
        if (end == value0(p) || *end != '\0' || !(komi >= -1000 && komi <= 1000))
            return fail_at(rd, at0(p), "KM[%s] is not a komi", value0(p));
        rules.komi = komi;
    }
    go_game_init(rd->g, size, &rules);
    rd->started = true;
    if ((p = find_prop(props, "HA")) && (!read_int(value0(p), &rd->g->handicap) ||
                                         rd->g->handicap < 0 || rd->g->handicap >= size * size))
        return fail_at(rd, at0(p), "HA[%s] is not a number of handicap stones", value0(p));
    static const char *texts[] = {"PB", "PW", "DT", "RE"};
    char **slots[] = {&rd->info->black, &rd->info->white, &rd->info->date, &rd->info->result};
    for (int k = 0; k < 4; k++)
        if ((p = find_prop(props, texts[k]))) *slots[k] = g_strdup(value0(p));
    return true;
}

// AB, AW, AE values: points or FF[4] rectangles "aa:cc", set up together (one rebuild of the
// board for the property); an error names the value it comes from.
static bool apply_setup(SgfReader *rd, const SgfProp *p, int colour)
{
    const GoBoard *b = &rd->g->board;
    GArray *points = g_array_new(FALSE, FALSE, sizeof(int));
    GArray *owner = g_array_new(FALSE, FALSE, sizeof(guint)); // each point's value
    bool ok = true;
    for (guint k = 0; ok && k < p->values->len; k++) {
        const char *v = g_ptr_array_index(p->values, k);
        size_t at = g_array_index(p->at, size_t, k);
        // FF[4] types AB, AW and AE as lists of points, not elists: [] is no point.
        if (!*v) {
            ok =
                fail_at(rd, at, "%s[]: an empty value (a point or a rectangle is expected)", p->id);
            break;
        }
        char **ends = g_strsplit(v, ":", 2);
        GError *e = NULL;
        Move m1 = go_sgf_point_parse(b, ends[0], &e), m2 = m1;
        if (m1 != MOVE_NONE && ends[1]) m2 = go_sgf_point_parse(b, ends[1], &e);
        g_strfreev(ends);
        if (m1 == MOVE_NONE || m2 == MOVE_NONE || m1 == GO_PASS || m2 == GO_PASS) {
            ok = fail_at(rd, at, "%s[%s]: %s", p->id, v, e ? e->message : "not a point");
            g_clear_error(&e);
            break;
        }
        int x1 = MIN(go_point_x(b, (int)m1), go_point_x(b, (int)m2));
        int x2 = MAX(go_point_x(b, (int)m1), go_point_x(b, (int)m2));
        int y1 = MIN(go_point_y(b, (int)m1), go_point_y(b, (int)m2));
        int y2 = MAX(go_point_y(b, (int)m1), go_point_y(b, (int)m2));
        for (int y = y1; y <= y2; y++)
            for (int x = x1; x <= x2; x++) {
                int q = go_point(b, x, y);
                g_array_append_val(points, q);
                g_array_append_val(owner, k);
            }
    }
    GError *e = NULL;
    int failed = 0;
    if (ok && !go_game_setup_points(rd->g, (const int *)(void *)points->data, (int)points->len,
                                    colour, &failed, &e)) {
        guint k = points->len ? g_array_index(owner, guint, failed) : 0;
        ok = fail_at(rd, g_array_index(p->at, size_t, k), "%s[%s]: %s", p->id,
                     (const char *)g_ptr_array_index(p->values, k), e->message);
        g_error_free(e);
    }
    g_array_free(points, TRUE);
    g_array_free(owner, TRUE);
    return ok;
}

static bool apply_move(SgfReader *rd, const SgfProp *p, int colour)
{
    GoGame *g = rd->g;
    const char *v = value0(p);
    GError *e = NULL;
    Move m = go_sgf_point_parse(&g->board, v, &e);
    if (m == MOVE_NONE) {
        bool r = fail_at(rd, at0(p), "%s[%s]: %s", p->id, v, e->message);
        g_error_free(e);
        return r;
    }
    if (!go_game_play(g, colour, m))
        return fail_at(rd, at0(p), "move %d, %s[%s]: illegal (%s)", go_game_length(g) + 1, p->id, v,
                       go_game_illegal_reason(g, colour, m));
    g_ptr_array_add(rd->info->comments, NULL);
    return true;
}

static bool apply_node(SgfReader *rd, GPtrArray *props, size_t node_at)
{
    if (!rd->started && !apply_root(rd, props)) return false;
    static const char *setup[] = {"AB", "AW", "AE"};
    static const int setup_colour[] = {GO_BLACK, GO_WHITE, GO_EMPTY};
    for (int k = 0; k < 3; k++) {
        const SgfProp *p = find_prop(props, setup[k]);
        if (p && go_game_length(rd->g) > 0)
            return fail_at(rd, at0(p), "%s after the first move is not supported", setup[k]);
        if (p && !apply_setup(rd, p, setup_colour[k])) return false;
    }
    const SgfProp *p = find_prop(props, "PL");
    if (p) {
        int colour = go_colour_parse(value0(p));
        if (colour == GO_EMPTY) return fail_at(rd, at0(p), "PL[%s] is not B or W", value0(p));
        if (go_game_length(rd->g) > 0)
            return fail_at(rd, at0(p), "PL after the first move is not supported");
        go_game_set_side(rd->g, colour);
    }
    const SgfProp *b = find_prop(props, "B"), *w = find_prop(props, "W");
    if (b && w) return fail_at(rd, node_at, "a node with both B and W");
    if (b && !apply_move(rd, b, GO_BLACK)) return false;
    if (w && !apply_move(rd, w, GO_WHITE)) return false;
    if ((p = find_prop(props, "C"))) {
        GPtrArray *c = rd->info->comments;
        g_free(c->pdata[c->len - 1]);
        c->pdata[c->len - 1] = g_strdup(value0(p));
    }
    return true;
}

// A game tree after its '(' at nesting depth `depth` (1 for a record's tree); main: its first
// line is the game's main line. The depth is bounded so that the recursion is.
static bool read_tree(SgfReader *rd, bool main, int depth)
{
    if (depth > GO_SGF_MAX_DEPTH)
        return fail_at(rd, rd->i, "game trees nested more than %d deep", GO_SGF_MAX_DEPTH);
    size_t open = rd->i++;
    skip_space(rd);
    if (rd->text[rd->i] != ';') return fail_at(rd, rd->i, "expected ';' to start a node");
    while (rd->text[rd->i] == ';') {
        size_t node_at = rd->i++;
        GPtrArray *props = g_ptr_array_new_with_free_func(prop_free);
        bool ok = read_node(rd, props) && (!main || apply_node(rd, props, node_at));
        g_ptr_array_free(props, TRUE);
        if (!ok) return false;
        skip_space(rd);
    }
    for (int child = 0; rd->text[rd->i] == '('; child++) {
        if (main && child == 1)
            warn_at(rd, rd->i, "variation skipped (only the main line is read)");
        if (!read_tree(rd, main && child == 0, depth + 1)) return false;
        skip_space(rd);
    }
    if (rd->text[rd->i] != ')')
        return rd->text[rd->i] ? fail_at(rd, rd->i, "expected ')', found '%c'", rd->text[rd->i])
                               : fail_at(rd, open, "the game tree opened here is never closed");
    rd->i++;
    return true;
}

bool go_sgf_parse(const char *text, const char *source, const GoRules *defaults, GoGame *g,
                  GoSgfInfo *info, GError **err)
{
    SgfReader rd = {text, source, 0, err, defaults, g, info, false};
    rd.i = text_bom_length(text, strnlen(text, 3));
    skip_space(&rd);
    bool ok = text[rd.i] == '(' ? read_tree(&rd, true, 1)
                                : fail_at(&rd, rd.i, "expected '(' to start a game tree");
    if (ok) {
        skip_space(&rd);
        while (ok && text[rd.i] == '(') {
            warn_at(&rd, rd.i, "further game tree skipped (only the first is read)");
            ok = read_tree(&rd, false, 1);
            skip_space(&rd);
        }
        if (ok && text[rd.i]) ok = fail_at(&rd, rd.i, "unexpected text after the game tree");
    }
    if (!rd.started) go_game_init(g, 19, defaults); // so that the caller can always free g
    return ok;
}

bool go_sgf_load(const char *path, const GoRules *defaults, GoGame *g, GoSgfInfo *info,
                 GError **err)
{
    char *text = NULL;
    gsize len = 0;
    if (!file_read_all(path, FILE_READ_MAX, &text, &len, err)) {
        go_game_init(g, 19, defaults);
        return false;
    }
    bool ok;
    if (strlen(text) != len) {
        go_game_init(g, 19, defaults);
        g_set_error(err, GO_ERROR, 0, "%s: contains a NUL byte: not an SGF file", path);
        ok = false;
    } else {
        ok = go_sgf_parse(text, path, defaults, g, info, err);
    }
    g_free(text);
    return ok;
}

// ---------------------------------------------------------------------------------------
// Writing

static void put_text(GString *out, const char *id, const char *value)
{
    if (!value) return;
    g_string_append_printf(out, "%s[", id);
    for (const char *s = value; *s; s++) {
        if (*s == ']' || *s == '\\') g_string_append_c(out, '\\');
        g_string_append_c(out, *s);
    }
    g_string_append_c(out, ']');
}

static void put_setup(GString *out, const GoBoard *b, int colour, const char *id)
{
    bool any = false;
    for (int y = b->size - 1; y >= 0; y--)
        for (int x = 0; x < b->size; x++) {
            int p = go_point(b, x, y);
            if (b->color[p] != colour) continue;
            char v[3];
            g_string_append_printf(out, "%s[%s]", any ? "" : id,
                                   go_sgf_point_format(b, (Move)p, v));
            any = true;
        }
}

char *go_sgf_format(const GoGame *g, const GoSgfInfo *info)
{
    const GoBoard *start = &g->start;
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "(;GM[1]FF[4]CA[UTF-8]AP[sumito]SZ[%d]", start->size);
    char komi[G_ASCII_DTOSTR_BUF_SIZE];
    g_ascii_formatd(komi, sizeof komi, "%g", g->rules.komi);
    g_string_append_printf(out, "KM[%s]", komi);
    put_text(out, "RU", go_sgf_rules_text(&g->rules));
    if (g->handicap) g_string_append_printf(out, "HA[%d]", g->handicap);
    if (info) {
        put_text(out, "PB", info->black);
        put_text(out, "PW", info->white);
        put_text(out, "DT", info->date);
        put_text(out, "RE", info->result);
    }
    put_setup(out, start, GO_BLACK, "AB");
    put_setup(out, start, GO_WHITE, "AW");
    bool setup = start->empty_count < start->size * start->size;
    if (start->side == GO_WHITE || setup)
        g_string_append_printf(out, "PL[%c]", start->side == GO_BLACK ? 'B' : 'W');
    if (info && info->comments->len > 0) put_text(out, "C", g_ptr_array_index(info->comments, 0));
    for (int i = 0; i < go_game_length(g); i++) {
        const GoGameMove *gm = go_game_move(g, i);
        char v[3];
        g_string_append_printf(out, "\n;%c[%s]", gm->colour == GO_BLACK ? 'B' : 'W',
                               go_sgf_point_format(start, gm->move, v));
        if (info && (guint)i + 1 < info->comments->len)
            put_text(out, "C", g_ptr_array_index(info->comments, i + 1));
    }
    g_string_append(out, ")\n");
    return g_string_free(out, FALSE);
}

bool go_sgf_save(const GoGame *g, const GoSgfInfo *info, const char *path, GError **err)
{
    char *text = go_sgf_format(g, info);
    bool ok = file_write_atomic(path, text, strlen(text), err);
    g_free(text);
    return ok;
}
