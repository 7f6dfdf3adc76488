// SPDX-License-Identifier: MIT
// Learned move weights (go/patterns.h): the canonical 3x3 code, the weight table and its file.
// The eight neighbours sit on a ring, clockwise from the upper left, so that a quarter turn is
// a rotation of the code by two neighbours and the mirror maps neighbour k to 2 - k (mod 8).
#include "go/patterns.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "base/file.h"
#include "base/number.h"
#include "core/embed.h"
#include "go/policy.h"
#include "go/prior.h"

#define PATTERNS_HEADER "sumito go patterns 1"
#define FIELD_BITS      3
#define CODE_BITS       (8 * FIELD_BITS)
#define CODE_MASK       ((1u << CODE_BITS) - 1)
#define GAMMA_MAX       1e9

const char *const go_pattern_feature_names[GO_PATTERN_FEATURES] = {
    "capture",    "escape", "selfatari",  "near", "line_low",
    "line_third", "eye",    "pass_early", "pass"};

// Each neighbour's column and row steps (rows upward), clockwise from the upper left, and its
// place in a pattern's text (rows from the top).
static const int ring_dx[8] = {-1, 0, 1, 1, 1, 0, -1, -1};
static const int ring_dy[8] = {1, 1, 1, 0, -1, -1, -1, 0};
static const int ring_text[8] = {0, 1, 2, 5, 8, 7, 6, 3};
static const char field_chars[8] = {'.', 'X', 'O', '#', 0, 'x', 'o', 0};

static GQuark patterns_error_quark(void)
{
    return g_quark_from_static_string("go-patterns-error");
}

static uint32_t rotate(uint32_t code)
{
    return ((code << 2 * FIELD_BITS) | (code >> (CODE_BITS - 2 * FIELD_BITS))) & CODE_MASK;
}

static uint32_t mirror(uint32_t code)
{
    uint32_t out = 0;
    for (int k = 0; k < 8; k++) {
        uint32_t field = code >> (FIELD_BITS * k) & 7;
        out |= field << (FIELD_BITS * ((10 - k) % 8));
    }
    return out;
}

uint32_t go_patterns_canonical(uint32_t raw)
{
    uint32_t best = raw & CODE_MASK, c = best;
    for (int m = 0; m < 2; m++, c = mirror(c))
        for (int r = 0; r < 4; r++, c = rotate(c)) best = MIN(best, c);
    return best;
}

uint32_t go_patterns_code(const GoBoard *b, int p)
{
    uint32_t raw = 0;
    for (int k = 0; k < 8; k++) {
        int q = p + ring_dx[k] + ring_dy[k] * b->stride, c = b->color[q];
        uint32_t field = c == GO_EMPTY || c == GO_OFF ? (uint32_t)c : c == b->side ? 1u : 2u;
        if (k % 2 == 1 && (field == 1 || field == 2) && go_string_in_atari(go_string_of(b, q)))
            field |= 4;
        raw |= field << (FIELD_BITS * k);
    }
    return go_patterns_canonical(raw);
}

char *go_patterns_code_text(uint32_t code, char *out)
{
    for (int k = 0; k < 8; k++) {
        char ch = field_chars[code >> (FIELD_BITS * k) & 7];
        out[ring_text[k]] = ch ? ch : '?';
    }
    out[4] = '.';
    out[9] = 0;
    return out;
}

bool go_patterns_code_parse(const char *text, uint32_t *code)
{
    if (strlen(text) != 9 || text[4] != '.') return false;
    uint32_t raw = 0;
    for (int k = 0; k < 8; k++) {
        const char *at = memchr(field_chars, text[ring_text[k]], sizeof field_chars);
        if (!at || !*at) return false;
        uint32_t field = (uint32_t)(at - field_chars);
        if (field >= 4 && k % 2 == 0) return false; // atari is marked next to the move only
        raw |= field << (FIELD_BITS * k);
    }
    *code = raw;
    return true;
}

void go_patterns_init(GoPatterns *w)
{
    memset(w, 0, sizeof *w);
    for (int i = 0; i < GO_PATTERN_FEATURES; i++) w->feature[i] = 1;
    w->rare = 1;
    w->min_count = 1;
    w->gamma = g_hash_table_new(g_direct_hash, g_direct_equal);
    w->gammas = g_array_new(false, false, sizeof(double));
}

void go_patterns_free(GoPatterns *w)
{
    if (w->gamma) g_hash_table_destroy(w->gamma);
    if (w->gammas) g_array_free(w->gammas, true);
    w->gamma = NULL, w->gammas = NULL;
}

// The index + 1 of a pattern in gammas, 0 when it has none.
static guint pattern_slot(const GoPatterns *w, uint32_t code)
{
    return GPOINTER_TO_UINT(g_hash_table_lookup(w->gamma, GUINT_TO_POINTER(code)));
}

void go_patterns_set(GoPatterns *w, uint32_t code, double gamma)
{
    guint slot = pattern_slot(w, code);
    if (slot) {
        g_array_index(w->gammas, double, slot - 1) = gamma;
        return;
    }
    g_array_append_val(w->gammas, gamma);
    g_hash_table_insert(w->gamma, GUINT_TO_POINTER(code), GUINT_TO_POINTER(w->gammas->len));
}

double go_patterns_gamma(const GoPatterns *w, uint32_t code)
{
    guint slot = pattern_slot(w, code);
    return slot ? g_array_index(w->gammas, double, slot - 1) : w->rare;
}

unsigned go_patterns_features(const GoBoard *b, Move m)
{
    static const unsigned from_prior[][2] = {
        {GO_PRIOR_CAPTURE, GO_PATTERN_CAPTURE},
        {GO_PRIOR_ESCAPE, GO_PATTERN_ESCAPE},
        {GO_PRIOR_SELFATARI, GO_PATTERN_SELFATARI},
        {GO_PRIOR_NEAR, GO_PATTERN_NEAR},
        {GO_PRIOR_LINE_LOW, GO_PATTERN_LINE_LOW},
        {GO_PRIOR_LINE_THIRD, GO_PATTERN_LINE_THIRD},
        {GO_PRIOR_EYE, GO_PATTERN_EYE},
        {GO_PRIOR_PASS, GO_PATTERN_PASS_EARLY},
    };
    GoPriorParams p;
    go_prior_params_default(&p);
    unsigned prior = go_prior_features(b, &p, m), f = m == GO_PASS ? 1u << GO_PATTERN_PASS : 0;
    for (size_t i = 0; i < G_N_ELEMENTS(from_prior); i++)
        if (prior & from_prior[i][0]) f |= 1u << from_prior[i][1];
    return f;
}

double go_patterns_strength(const GoPatterns *w, const GoBoard *b, Move m)
{
    double s = m == GO_PASS ? 1 : go_patterns_gamma(w, go_patterns_code(b, (int)m));
    unsigned f = go_patterns_features(b, m);
    for (int i = 0; i < GO_PATTERN_FEATURES; i++)
        if (f >> i & 1) s *= w->feature[i];
    return s;
}

// The patterns by code, so that the file is the same for the same weights.
static gint compare_codes(gconstpointer a, gconstpointer b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

char *go_patterns_format(const GoPatterns *w)
{
    GString *s = g_string_new(PATTERNS_HEADER "\n");
    g_string_append_printf(
        s, "games %" G_GUINT64_FORMAT "\npositions %" G_GUINT64_FORMAT "\nmin_count %d\n", w->games,
        w->positions, w->min_count);
    for (int i = 0; i < GO_PATTERN_FEATURES; i++)
        g_string_append_printf(s, "feature %s %.6g\n", go_pattern_feature_names[i], w->feature[i]);
    g_string_append_printf(s, "rare %.6g\n", w->rare);
    GArray *codes = g_array_new(false, false, sizeof(uint32_t));
    GHashTableIter it;
    gpointer key;
    g_hash_table_iter_init(&it, w->gamma);
    while (g_hash_table_iter_next(&it, &key, NULL)) {
        uint32_t code = GPOINTER_TO_UINT(key);
        g_array_append_val(codes, code);
    }
    g_array_sort(codes, compare_codes);
    for (guint i = 0; i < codes->len; i++) {
        uint32_t code = g_array_index(codes, uint32_t, i);
        char text[GO_PATTERN_TEXT];
        g_string_append_printf(s, "pattern %s %.6g\n", go_patterns_code_text(code, text),
                               go_patterns_gamma(w, code));
    }
    g_array_free(codes, true);
    return g_string_free(s, false);
}

static bool parse_count(const char *s, uint64_t max, uint64_t *v)
{
    int64_t n;
    if (number_parse_int(s, 0, (int64_t)MIN(max, (uint64_t)INT64_MAX), &n) != NUMBER_OK)
        return false;
    *v = (uint64_t)n;
    return true;
}

static bool parse_gamma(const char *s, double *g)
{
    return number_parse_double(s, g) == NUMBER_OK && isfinite(*g) && *g > 0 && *g <= GAMMA_MAX;
}

static int feature_index(const char *name)
{
    for (int i = 0; i < GO_PATTERN_FEATURES; i++)
        if (strcmp(name, go_pattern_feature_names[i]) == 0) return i;
    return -1;
}

// A `pattern TEXT GAMMA` line; false with the reason in *why.
static bool parse_pattern(GoPatterns *w, char **words, const char **why)
{
    uint32_t code;
    double g;
    *why = "a pattern is 9 characters of . X O # x o, the middle '.', x and o next to it only";
    if (!go_patterns_code_parse(words[1], &code)) return false;
    *why = "the pattern is not in its canonical form (the least of its eight symmetric codes)";
    if (go_patterns_canonical(code) != code) return false;
    *why = "the pattern was given before";
    if (pattern_slot(w, code)) return false;
    *why = "a gamma is a positive decimal number up to 1e9";
    if (!parse_gamma(words[2], &g)) return false;
    go_patterns_set(w, code, g);
    return true;
}

// One `key value` line into w; false with the reason in *why. seen marks the keys given
// before (bits: games, positions, min_count, rare, then the features).
static bool parse_line(GoPatterns *w, char *line, unsigned *seen, const char **why)
{
    char **v = g_strsplit(line, " ", 0);
    int n = (int)g_strv_length(v), key = -1;
    uint64_t count = 0;
    bool ok = false;
    *why = "not 'games N', 'positions N', 'min_count K', 'feature NAME GAMMA', 'rare GAMMA' or "
           "'pattern TEXT GAMMA'";
    if (n == 2 && (strcmp(v[0], "games") == 0 || strcmp(v[0], "positions") == 0)) {
        key = v[0][0] == 'g' ? 0 : 1, *why = "not a count";
        if ((ok = parse_count(v[1], UINT64_MAX, &count)))
            *(key ? &w->positions : &w->games) = count;
    } else if (n == 2 && strcmp(v[0], "min_count") == 0) {
        key = 2, *why = "min_count is a count from 1 to 1000000";
        if ((ok = parse_count(v[1], 1000000, &count) && count >= 1)) w->min_count = (int)count;
    } else if (n == 2 && strcmp(v[0], "rare") == 0) {
        key = 3, *why = "a gamma is a positive decimal number up to 1e9";
        ok = parse_gamma(v[1], &w->rare);
    } else if (n == 3 && strcmp(v[0], "feature") == 0) {
        int f = feature_index(v[1]);
        key = 4 + f, *why = "an unknown feature (capture escape selfatari near line_low "
                            "line_third eye pass_early pass)";
        if (f >= 0) *why = "a gamma is a positive decimal number up to 1e9";
        ok = f >= 0 && parse_gamma(v[2], &w->feature[f]);
    } else if (n == 3 && strcmp(v[0], "pattern") == 0) {
        ok = parse_pattern(w, v, why);
    }
    if (ok && key >= 0 && (*seen >> key & 1)) ok = false, *why = "the key was given before";
    if (ok && key >= 0) *seen |= 1u << key;
    g_strfreev(v);
    return ok;
}

bool go_patterns_parse(GoPatterns *w, const char *text, size_t len, const char *name, GError **err)
{
    go_patterns_init(w);
    if (memchr(text, '\0', len)) {
        g_set_error(err, patterns_error_quark(), 0, "%s: not pattern weights (a NUL byte)", name);
        return false;
    }
    char *copy = g_strndup(text, len);
    char **lines = g_strsplit(copy, "\n", 0);
    g_free(copy);
    unsigned seen = 0;
    bool ok = lines[0] && strcmp(lines[0], PATTERNS_HEADER) == 0;
    if (!ok)
        g_set_error(err, patterns_error_quark(), 0, "%s: not pattern weights (no '%s' line first)",
                    name, PATTERNS_HEADER);
    for (int i = 1; ok && lines[i]; i++) {
        const char *why;
        if (lines[i][0] == '\0' && lines[i + 1] == NULL) break;
        if (!parse_line(w, lines[i], &seen, &why)) {
            g_set_error(err, patterns_error_quark(), 0, "%s: line %d: %s", name, i + 1, why);
            ok = false;
        }
    }
    g_strfreev(lines);
    return ok;
}

bool go_patterns_load(GoPatterns *w, const char *path, GError **err)
{
    char *text;
    size_t len;
    if (!file_read_all(path, GO_PATTERNS_MAX_BYTES, &text, &len, err)) {
        go_patterns_init(w);
        return false;
    }
    bool ok = go_patterns_parse(w, text, len, path, err);
    g_free(text);
    return ok;
}

bool go_patterns_save(const GoPatterns *w, const char *path, GError **err)
{
    char *text = go_patterns_format(w);
    bool ok = file_write_atomic(path, text, strlen(text), err);
    g_free(text);
    return ok;
}

EMBED_FILE(go_patterns_go9, "go/data/patterns_go9.txt");

static GoPatterns builtin_patterns;

static void builtin_load(void)
{
    GError *err = NULL;
    size_t len = (size_t)(go_patterns_go9_end - go_patterns_go9);
    if (!go_patterns_parse(&builtin_patterns, (const char *)go_patterns_go9, len,
                           "built-in patterns", &err))
        g_error("%s", err->message); // the tests read them: never on a built binary
}

// Loaded once, by whichever search thread asks first (pthread_once, which ThreadSanitizer
// follows, unlike GLib's g_once inside the uninstrumented library).
const GoPatterns *go_patterns_builtin(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, builtin_load);
    return &builtin_patterns;
}
