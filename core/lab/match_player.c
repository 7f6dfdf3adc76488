// SPDX-License-Identifier: MIT
// A match's players from their options (core/lab/match.h): our engines' parameters and files,
// outside engines' command lines, and the limits of each player's own that replace the
// match's, so that matches at time, depth or node odds are one command.
#include "core/lab/match.h"

#include <math.h>
#include <string.h>

#include "base/number.h"

bool match_clock_parse(const char *text, double *main, double *inc)
{
    char *end; // where MAIN ends (1e+3 included), each part then read as decimal
    g_ascii_strtod(text, &end);
    char *first = g_strndup(text, (gsize)(end - text));
    *inc = 0;
    bool ok = number_parse_double(first, main) == NUMBER_OK &&
              (!*end || (*end == '+' && number_parse_double(end + 1, inc) == NUMBER_OK));
    g_free(first);
    return ok && isfinite(*main) && isfinite(*inc) && *main > 0 && *main <= 1e6 && *inc >= 0 &&
           *inc <= 3600;
}

// A player's own limit (time-per-move=S, depth=D, nodes=N, clock=MAIN+INC) into l: 1 when
// item is one, 0 when it is none, -1 with an error when its value is bad or its kind is given
// twice.
static int player_limit(MatchLimits *l, const char *name, const char *item, GError **err)
{
    static const char *const names[] = {"time-per-move=", "depth=", "nodes=", "clock="};
    int k = 0;
    while (k < 4 && !g_str_has_prefix(item, names[k])) k++;
    if (k == 4) return 0;
    const char *v = item + strlen(names[k]);
    bool twice = k == 0   ? l->movetime > 0
                 : k == 1 ? l->depth > 0
                 : k == 2 ? l->nodes > 0
                          : l->clock > 0;
    // Decimal only, as every number typed (base/number.h): depth=0x10 and 010 are refused.
    double x = 0, inc = 0;
    int64_t i = 0;
    bool good =
        k == 0   ? number_parse_double(v, &x) == NUMBER_OK && x > 0 && x <= 86400
        : k == 3 ? match_clock_parse(v, &x, &inc)
                 : number_parse_int(v, 1, k == 1 ? MAX_PLY - 2 : 1000000000000000, &i) == NUMBER_OK;
    if (twice || !good) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    twice ? "player %s: '%s': a limit of that kind is given twice"
                          : "player %s: '%s' is not a valid limit",
                    name, item);
        return -1;
    }
    if (k == 0) l->movetime = x;
    if (k == 1) l->depth = (int)i;
    if (k == 2) l->nodes = (uint64_t)i;
    if (k == 3) l->clock = x, l->increment = inc;
    return 1;
}

// An outside engine's "NAME,limit,...:COMMAND LINE": the limits after its name.
static bool outside_limits(MatchPlayer *p, GError **err)
{
    char **items = g_strsplit(p->name, ",", -1);
    bool ok = true;
    for (int k = 1; ok && items[k]; k++) {
        if (!*items[k]) continue;
        int r = player_limit(&p->own, items[0], items[k], err);
        if (r == 0)
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "player %s: '%s' is not a limit (time-per-move=S, depth=D, nodes=N, "
                        "clock=MAIN+INC)",
                        items[0], items[k]);
        ok = r > 0;
    }
    g_free(p->name);
    p->name = g_strdup(items[0]);
    g_strfreev(items);
    return ok;
}

// Ours: the parameters, files and limits after the colon.
static bool engine_items(MatchPlayer *p, const char *rest, GError **err)
{
    char **items = g_strsplit(rest, ",", -1);
    GPtrArray *sets = g_ptr_array_new();
    int r = 0;
    for (char **i = items; r >= 0 && *i; i++) {
        char *item = g_strstrip(*i);
        if (!*item) continue;
        if (g_str_has_prefix(item, "config="))
            g_free(p->config), p->config = g_strdup(item + 7);
        else if (g_str_has_prefix(item, "rankcut_file="))
            g_free(p->rankcut_file), p->rankcut_file = g_strdup(item + 13);
        else if ((r = player_limit(&p->own, p->name, item, err)) == 0)
            g_ptr_array_add(sets, g_strdup(item));
    }
    g_strfreev(items);
    g_ptr_array_add(sets, NULL);
    p->sets = (char **)g_ptr_array_free(sets, FALSE);
    return r >= 0;
}

bool match_player_parse(MatchPlayer *p, const char *spec, bool outside, GError **err)
{
    memset(p, 0, sizeof *p);
    const char *colon = strchr(spec, ':');
    const char *what = outside ? "--engine-cmd" : "--engine";
    if (!colon || colon == spec) {
        g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s '%s': expected NAME:%s",
                    what, spec,
                    outside ? "COMMAND LINE" : "param=value,... (NAME: alone for the defaults)");
        return false;
    }
    p->name = g_strndup(spec, (gsize)(colon - spec));
    for (const char *c = p->name; *c && (*c != ',' || !outside); c++)
        if (!g_ascii_isalnum(*c) && !strchr("-_.+", *c)) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "%s '%s': a player's name is letters, digits and - _ . + only", what, spec);
            match_player_clear(p);
            return false;
        }
    p->spec =
        g_strdup_printf("%s%s%s", outside ? "outside" : "engine", colon[1] ? " " : "", colon + 1);
    bool ok = outside ? outside_limits(p, err) : engine_items(p, colon + 1, err);
    if (ok && outside) {
        p->command = g_strstrip(g_strdup(colon + 1));
        if (!*p->command) {
            g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--engine-cmd '%s': the command line is empty", spec);
            ok = false;
        }
    }
    if (!ok) match_player_clear(p);
    return ok;
}

void match_player_clear(MatchPlayer *p)
{
    g_free(p->name);
    g_free(p->command);
    g_strfreev(p->sets);
    g_free(p->config);
    g_free(p->rankcut_file);
    g_free(p->spec);
    memset(p, 0, sizeof *p);
}

MatchLimits match_limits_of(const MatchOptions *o, int who)
{
    const MatchLimits *own = &o->players[who].own;
    if (own->movetime > 0 || own->depth > 0 || own->nodes > 0 || own->clock > 0) return *own;
    return (MatchLimits){o->movetime, o->depth, o->nodes, o->clock, o->increment};
}

char *match_limits_text(const MatchLimits *l)
{
    GString *s = g_string_new(NULL);
    if (l->movetime > 0) g_string_append_printf(s, " time-per-move %g s", l->movetime);
    if (l->depth > 0) g_string_append_printf(s, " depth %d", l->depth);
    if (l->nodes > 0) g_string_append_printf(s, " nodes %" G_GUINT64_FORMAT, l->nodes);
    if (l->clock > 0)
        g_string_append_printf(s, " clock %g s + %g s a move", l->clock, l->increment);
    return g_string_free(s, FALSE);
}
