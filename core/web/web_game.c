// SPDX-License-Identifier: MIT
// What the games' web hooks share (core/web/web_game.h): who plays, read from a request and
// written into a state, the files of their pages, their pictures as PNGs.
#include "core/web/web_game.h"

#include <string.h>

#include "core/draw/png.h"
#include "core/web/web_json.h"

static bool parse_colour(const char *text, const char *key, int *c, GError **err)
{
    if (!text) return true;
    if (strcmp(text, "black") && strcmp(text, "white")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument '%s' must be \"black\" or \"white\"", key);
        return false;
    }
    *c = strcmp(text, "white") == 0;
    return true;
}

bool web_players_parse(JsonObject *o, WebPlayers *p, GError **err)
{
    const char *mode = NULL, *human = NULL;
    if (!web_json_get_string(o, "mode", 8, &mode, err) ||
        !web_json_get_string(o, "human", 8, &human, err) ||
        !parse_colour(human, "human", &p->human, err) ||
        !web_json_get_double(o, "time", 0.01, 60, &p->movetime, err))
        return false;
    if (mode && strcmp(mode, "play") && strcmp(mode, "watch")) {
        g_set_error(err, WEB_ERROR, WEB_ERROR_BAD_REQUEST,
                    "argument 'mode' must be \"play\" or \"watch\"");
        return false;
    }
    if (mode) p->mode = strcmp(mode, "watch") == 0 ? WEB_MODE_WATCH : WEB_MODE_PLAY;
    return true;
}

bool web_players_engine(const WebPlayers *p, int c)
{
    return p->mode == WEB_MODE_WATCH || c != p->human;
}

void web_players_json(const WebPlayers *p, GString *out)
{
    bool play = p->mode == WEB_MODE_PLAY;
    g_string_append_printf(out, ",\"mode\":\"%s\",\"human\":\"%s\"", play ? "play" : "watch",
                           !play      ? "none"
                           : p->human ? "white"
                                      : "black");
    web_json_key(out, "time");
    web_json_number(out, p->movetime);
}

GBytes *web_page_find(const WebPageFile *files, size_t n, const char *path, const char **type)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(path, files[i].path) == 0) {
            *type = files[i].type;
            return g_bytes_new_static(files[i].start, (size_t)(files[i].end - files[i].start));
        }
    return NULL;
}

GBytes *web_picture_png(Raster *r, GError **err)
{
    if (!r) {
        if (err && *err) (*err)->domain = WEB_ERROR, (*err)->code = WEB_ERROR_BAD_REQUEST;
        return NULL;
    }
    GBytes *png = png_encode_raster(r, err);
    raster_free(r);
    return png;
}
