// SPDX-License-Identifier: MIT
// Named parameters: defaults, text assignment with range checks, configuration files.
#include "core/params.h"
#include "base/file.h"
#include "base/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(params - error - quark, params_error)

static void *field(void *obj, const ParamDesc *d)
{
    return (char *)obj + d->offset;
}

static void store(void *obj, const ParamDesc *d, double v)
{
    switch (d->type) {
    case PARAM_TYPE_bool: *(bool *)field(obj, d) = v != 0; break;
    case PARAM_TYPE_int:
    case PARAM_TYPE_choice: *(int *)field(obj, d) = (int)v; break;
    case PARAM_TYPE_double: *(double *)field(obj, d) = v; break;
    }
}

void params_reset(const ParamGroup *g)
{
    for (size_t i = 0; i < g->count; i++) store(g->obj, &g->desc[i], g->desc[i].def);
}

const ParamDesc *params_find(const ParamGroup *groups, size_t n, const char *name, void **obj)
{
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < groups[k].count; i++)
            if (strcmp(groups[k].desc[i].name, name) == 0) {
                if (obj) *obj = groups[k].obj;
                return &groups[k].desc[i];
            }
    return NULL;
}

bool params_choice_name(const ParamDesc *d, int i, char *buf, size_t size)
{
    const char *p = d->help, *end = strstr(p, ": ");
    if (!end) return false;
    for (int k = 0; p < end; k++) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        const char *stop = bar ? bar : end;
        if (k == i) {
            g_strlcpy(buf, p, MIN(size, (size_t)(stop - p) + 1));
            return true;
        }
        p = stop + 1;
    }
    return false;
}

static bool parse_choice(const ParamDesc *d, const char *s, double *v)
{
    char name[64];
    for (int i = 0; params_choice_name(d, i, name, sizeof name); i++)
        if (strcmp(name, s) == 0) return (*v = i), true;
    return false;
}

static bool parse_bool(const char *s, double *v)
{
    static const char *yes[] = {"true", "1", "on", "yes"}, *no[] = {"false", "0", "off", "no"};
    for (int i = 0; i < 4; i++) {
        if (g_ascii_strcasecmp(s, yes[i]) == 0) return (*v = 1), true;
        if (g_ascii_strcasecmp(s, no[i]) == 0) return (*v = 0), true;
    }
    return false;
}

bool params_set(const ParamGroup *groups, size_t n, const char *name, const char *value,
                GError **err)
{
    void *obj = NULL;
    const ParamDesc *d = params_find(groups, n, name, &obj);
    if (!d) {
        g_set_error(err, PARAMS_ERROR, 0, "unknown parameter '%s' (sumito params lists them)",
                    name);
        return false;
    }
    double v = 0;
    bool ok;
    if (d->type == PARAM_TYPE_bool) {
        ok = parse_bool(value, &v);
    } else if (d->type == PARAM_TYPE_choice) {
        ok = parse_choice(d, value, &v);
    } else if (d->type == PARAM_TYPE_int) {
        // Decimal only: 0x10 and 010 are refused, not read as 16 and 8 (or 10).
        int64_t i = 0;
        NumberParse r = number_parse_int(value, INT64_MIN, INT64_MAX, &i);
        ok = r != NUMBER_NOT_DECIMAL;
        v = r == NUMBER_OK ? (double)i : value[0] == '-' ? -INFINITY : INFINITY;
    } else {
        ok = number_parse_double(value, &v) == NUMBER_OK && isfinite(v);
    }
    if (!ok) {
        static const char *what[] = {"true or false", "a decimal integer", "a decimal number"};
        if (d->type == PARAM_TYPE_choice)
            g_set_error(err, PARAMS_ERROR, 0, "parameter %s: '%s' is not one of %.*s", name, value,
                        (int)(strstr(d->help, ": ") - d->help), d->help);
        else
            g_set_error(err, PARAMS_ERROR, 0, "parameter %s: '%s' is not %s", name, value,
                        what[d->type]);
        return false;
    }
    if (v < d->min || v > d->max) {
        g_set_error(err, PARAMS_ERROR, 0, "parameter %s: %s is outside its range %g..%g", name,
                    value, d->min, d->max);
        return false;
    }
    store(obj, d, v);
    return true;
}

bool params_set_assignment(const ParamGroup *groups, size_t n, const char *assignment, GError **err)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment) {
        g_set_error(err, PARAMS_ERROR, 0, "'%s' is not of the form name=value", assignment);
        return false;
    }
    char *name = g_strndup(assignment, (gsize)(eq - assignment));
    bool ok = params_set(groups, n, g_strstrip(name), eq + 1, err);
    g_free(name);
    return ok;
}

// The line of each key of [sumito] (key -> line), from the text GKeyFile accepted; false, with
// an error naming the line, where GKeyFile would quietly do what the user did not mean: keep
// the last of a key given twice (or of a group given twice, whose keys it merges), read
// NAME[LOCALE] as a translation of NAME, or skip a group of another name.
static bool scan_lines(const char *text, const char *path, GHashTable *lines_of, GError **err)
{
    char **lines = g_strsplit(text, "\n", -1);
    int sumito_at = 0; // the line of [sumito], 0 before it
    bool in_sumito = false, ok = true;
    for (int i = 0; ok && lines[i]; i++) {
        char *l = g_strstrip(lines[i]);
        if (!*l || *l == '#') continue;
        if (*l == '[') {
            l[strcspn(l, "]")] = '\0';
            in_sumito = strcmp(l + 1, "sumito") == 0;
            if (!in_sumito)
                ok = (g_set_error(err, PARAMS_ERROR, 0,
                                  "%s:%d: group [%s] is not read (parameters go in [sumito])", path,
                                  i + 1, l + 1),
                      false);
            else if (sumito_at)
                ok = (g_set_error(err, PARAMS_ERROR, 0,
                                  "%s:%d: group [sumito] given twice (first at line %d)", path,
                                  i + 1, sumito_at),
                      false);
            sumito_at = i + 1;
            continue;
        }
        if (!in_sumito) continue;
        l[strcspn(l, "=")] = '\0';
        g_strchomp(l);
        int first = GPOINTER_TO_INT(g_hash_table_lookup(lines_of, l));
        if (strchr(l, '['))
            ok = (g_set_error(err, PARAMS_ERROR, 0,
                              "%s:%d: key '%s': a key for one language is not read (write the "
                              "name alone)",
                              path, i + 1, l),
                  false);
        else if (first)
            ok =
                (g_set_error(err, PARAMS_ERROR, 0, "%s:%d: key '%s' given twice (first at line %d)",
                             path, i + 1, l, first),
                 false);
        else
            g_hash_table_insert(lines_of, g_strdup(l), GINT_TO_POINTER(i + 1));
    }
    g_strfreev(lines);
    return ok;
}

bool params_load_file(const ParamGroup *groups, size_t n, const char *path, GError **err)
{
    GKeyFile *kf = g_key_file_new();
    GHashTable *lines_of = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char *text = NULL;
    size_t len = 0;
    bool ok = file_read_all(path, FILE_READ_MAX, &text, &len, err) &&
              g_key_file_load_from_data(kf, text, len, G_KEY_FILE_NONE, err) &&
              scan_lines(text, path, lines_of, err);
    g_free(text);
    gchar **keys = NULL;
    if (ok && !g_key_file_has_group(kf, "sumito")) {
        g_set_error(err, PARAMS_ERROR, 0, "%s: no [sumito] group", path);
        ok = false;
    }
    if (ok) keys = g_key_file_get_keys(kf, "sumito", NULL, err);
    for (gchar **k = keys; ok && k && *k; k++) {
        gchar *v = g_key_file_get_value(kf, "sumito", *k, NULL);
        GError *e = NULL;
        ok = params_set(groups, n, *k, g_strstrip(v), &e);
        if (!ok)
            g_set_error(err, PARAMS_ERROR, 0, "%s:%d: %s", path,
                        GPOINTER_TO_INT(g_hash_table_lookup(lines_of, *k)), e->message);
        g_clear_error(&e);
        g_free(v);
    }
    g_strfreev(keys);
    g_hash_table_destroy(lines_of);
    g_key_file_free(kf);
    return ok;
}

char *params_value_text(const ParamDesc *d, const void *obj)
{
    const char *p = (const char *)obj + d->offset;
    switch (d->type) {
    case PARAM_TYPE_bool: return g_strdup(*(const bool *)p ? "true" : "false");
    case PARAM_TYPE_int: return g_strdup_printf("%d", *(const int *)p);
    case PARAM_TYPE_choice: {
        char name[64];
        return g_strdup(params_choice_name(d, *(const int *)p, name, sizeof name) ? name : "?");
    }
    default: return g_strdup_printf("%g", *(const double *)p);
    }
}

void params_print(const ParamGroup *groups, size_t n, FILE *out)
{
    static const char *tname[] = {"bool", "int", "double", "choice"};
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < groups[k].count; i++) {
            const ParamDesc *d = &groups[k].desc[i];
            char *v = params_value_text(d, groups[k].obj);
            fprintf(out, "%-22s %-6s %-8s", d->name, tname[d->type], v);
            char def[64];
            if (d->type == PARAM_TYPE_bool)
                fprintf(out, " (default %s)", d->def != 0 ? "true" : "false");
            else if (d->type == PARAM_TYPE_choice &&
                     params_choice_name(d, (int)d->def, def, sizeof def))
                fprintf(out, " (default %s)", def);
            else
                fprintf(out, " (default %g, %g..%g)", d->def, d->min, d->max);
            fprintf(out, "  %s\n", d->help);
            g_free(v);
        }
}
