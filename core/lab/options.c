// SPDX-License-Identifier: MIT
// The command line's options with decimal numbers and single file names (core/lab/options.h).
// Each number or file entry goes to GLib as a callback of this file, which finds the entry
// by the option's name, reads the value and stores it where the entry points.
#include "core/lab/options.h"
#include "base/number.h"

#include <limits.h>
#include <string.h>

typedef struct {
    const char *long_name;
    char short_name;
    GOptionArg arg;
    gpointer data;
    bool seen;
} Target;

struct LabOptions {
    GOptionContext *ctx;
    GArray *targets; // Target
};

static Target *find_target(LabOptions *o, const char *option_name)
{
    bool is_long = option_name[0] == '-' && option_name[1] == '-';
    for (guint i = 0; i < o->targets->len; i++) {
        Target *t = &g_array_index(o->targets, Target, i);
        if (is_long ? strcmp(t->long_name, option_name + 2) == 0
                    : t->short_name && t->short_name == option_name[1] && !option_name[2])
            return t;
    }
    return NULL;
}

static bool take_int(const Target *t, const char *value, GError **err)
{
    bool wide = t->arg == G_OPTION_ARG_INT64;
    int64_t v = 0;
    NumberParse r =
        number_parse_int(value, wide ? INT64_MIN : INT_MIN, wide ? INT64_MAX : INT_MAX, &v);
    if (r == NUMBER_OUT_OF_RANGE) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    "Integer value '%s' for --%s out of range", value, t->long_name);
        return false;
    }
    if (r != NUMBER_OK) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    "Cannot parse integer value '%s' for --%s: decimal digits only", value,
                    t->long_name);
        return false;
    }
    if (wide)
        *(gint64 *)t->data = v;
    else
        *(gint *)t->data = (gint)v;
    return true;
}

static gboolean take_option(const gchar *option_name, const gchar *value, gpointer data,
                            GError **err)
{
    Target *t = find_target(data, option_name);
    g_assert(t != NULL); // GLib calls back only for the entries lab_options_add gave it
    if (t->arg == G_OPTION_ARG_FILENAME) {
        if (t->seen) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--%s given twice ('%s', then '%s'): give it once", t->long_name,
                        *(gchar **)t->data, value);
            return FALSE;
        }
        *(gchar **)t->data = g_strdup(value);
    } else if (t->arg == G_OPTION_ARG_DOUBLE) {
        // nan and inf pass: each command's range check names them.
        if (number_parse_double(value, t->data) != NUMBER_OK) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "Cannot parse double value '%s' for --%s: a decimal number is expected",
                        value, t->long_name);
            return FALSE;
        }
    } else if (!take_int(t, value, err)) {
        return FALSE;
    }
    t->seen = true;
    return TRUE;
}

LabOptions *lab_options_new(const char *usage, const char *summary)
{
    LabOptions *o = g_new0(LabOptions, 1);
    o->ctx = g_option_context_new(usage);
    if (summary) g_option_context_set_summary(o->ctx, summary);
    o->targets = g_array_new(FALSE, FALSE, sizeof(Target));
    g_option_context_set_main_group(o->ctx, g_option_group_new(NULL, NULL, NULL, o, NULL));
    return o;
}

void lab_options_free(LabOptions *o)
{
    if (!o) return;
    g_option_context_free(o->ctx);
    g_array_free(o->targets, TRUE);
    g_free(o);
}

void lab_options_add(LabOptions *o, const GOptionEntry *entries)
{
    GArray *copy = g_array_new(TRUE, TRUE, sizeof(GOptionEntry)); // ends with a zero entry
    for (const GOptionEntry *e = entries; e->long_name; e++) {
        GOptionEntry c = *e;
        if (e->arg == G_OPTION_ARG_INT || e->arg == G_OPTION_ARG_INT64 ||
            e->arg == G_OPTION_ARG_DOUBLE || e->arg == G_OPTION_ARG_FILENAME) {
            Target t = {e->long_name, e->short_name, e->arg, e->arg_data, false};
            g_array_append_val(o->targets, t);
            c.arg = G_OPTION_ARG_CALLBACK;
            c.arg_data = (gpointer)take_option;
            if (e->arg == G_OPTION_ARG_FILENAME) c.flags |= G_OPTION_FLAG_FILENAME;
        }
        g_array_append_val(copy, c);
    }
    g_option_group_add_entries(g_option_context_get_main_group(o->ctx),
                               (const GOptionEntry *)copy->data);
    g_array_free(copy, TRUE);
}

bool lab_parse_pair(const char *text, const char *sep, bool sep_optional, int64_t min, int64_t max,
                    int64_t *a, int64_t *b)
{
    const char *at = strstr(text, sep);
    if (!at) {
        if (!sep_optional || number_parse_int(text, min, max, a) != NUMBER_OK) return false;
        *b = *a;
        return true;
    }
    char *first = g_strndup(text, (gsize)(at - text));
    bool ok = number_parse_int(first, min, max, a) == NUMBER_OK &&
              number_parse_int(at + strlen(sep), min, max, b) == NUMBER_OK;
    g_free(first);
    return ok;
}

bool lab_options_parse(LabOptions *o, int *argc, char ***argv, GError **err)
{
    return g_option_context_parse(o->ctx, argc, argv, err);
}

bool lab_parse_ints(const char *option, char *const *texts, int64_t min, int64_t max, int maxn,
                    int *out, int *n, GError **err)
{
    *n = 0;
    for (int i = 0; texts && texts[i]; i++) {
        int64_t v = 0;
        if (*n >= maxn) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: at most %d of them",
                        option, maxn);
            return false;
        }
        if (number_parse_int(texts[i], min, max, &v) != NUMBER_OK) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "%s '%s': %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, option, texts[i], min,
                        max);
            return false;
        }
        out[(*n)++] = (int)v;
    }
    return true;
}
