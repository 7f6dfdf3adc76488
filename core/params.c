// SPDX-License-Identifier: MIT
// Named parameters: defaults, text assignment with range checks, configuration files.
#include "core/params.h"
#include "base/file.h"

#include <errno.h>
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
    char *end = NULL;
    bool ok;
    if (d->type == PARAM_TYPE_bool) {
        ok = parse_bool(value, &v);
    } else if (d->type == PARAM_TYPE_choice) {
        ok = parse_choice(d, value, &v);
    } else {
        errno = 0;
        v = d->type == PARAM_TYPE_int ? (double)strtol(value, &end, 10)
                                      : g_ascii_strtod(value, &end);
        ok = errno == 0 && end != value && *end == '\0' && isfinite(v);
    }
    if (!ok) {
        static const char *what[] = {"true or false", "an integer", "a number"};
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

bool params_load_file(const ParamGroup *groups, size_t n, const char *path, GError **err)
{
    GKeyFile *kf = g_key_file_new();
    char *text = NULL;
    size_t len = 0;
    bool ok = file_read_all(path, FILE_READ_MAX, &text, &len, err) &&
              g_key_file_load_from_data(kf, text, len, G_KEY_FILE_NONE, err);
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
        if (!ok) g_set_error(err, PARAMS_ERROR, 0, "%s: %s", path, e->message);
        g_clear_error(&e);
        g_free(v);
    }
    g_strfreev(keys);
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
