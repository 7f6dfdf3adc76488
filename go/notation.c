// SPDX-License-Identifier: MIT
// GTP vertices, colours and SGF points.
#include "go/notation.h"

#include <string.h>

#include "go/game.h"

static const char vertex_letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

Move go_vertex_parse(const GoBoard *b, const char *text, GError **err)
{
    if (g_ascii_strcasecmp(text, "pass") == 0) return GO_PASS;
    char letter = g_ascii_toupper(text[0]);
    if (letter == 'I') {
        g_set_error(err, GO_ERROR, 0, "'%s': the letter I is not used for columns", text);
        return MOVE_NONE;
    }
    const char *at = letter ? strchr(vertex_letters, letter) : NULL;
    int row = 0, digits = 0;
    for (const char *s = text + (text[0] ? 1 : 0); g_ascii_isdigit(*s) && digits < 3; s++) {
        row = row * 10 + (*s - '0');
        digits++;
    }
    if (!at || digits == 0 || text[1 + digits] != '\0') {
        g_set_error(err, GO_ERROR, 0, "'%s' is not a vertex (a letter A-T without I and a row)",
                    text);
        return MOVE_NONE;
    }
    int x = (int)(at - vertex_letters), y = row - 1;
    if (x >= b->size || y < 0 || y >= b->size) {
        g_set_error(err, GO_ERROR, GO_ERROR_OFF_BOARD, "'%s' is off the %dx%d board", text, b->size,
                    b->size);
        return MOVE_NONE;
    }
    return (Move)go_point(b, x, y);
}

char *go_vertex_format(const GoBoard *b, Move m, char *buf)
{
    if (m == GO_PASS) {
        strcpy(buf, "pass");
        return buf;
    }
    snprintf(buf, GO_VERTEX_TEXT, "%c%d", vertex_letters[go_point_x(b, (int)m)],
             go_point_y(b, (int)m) + 1);
    return buf;
}

int go_colour_parse(const char *text)
{
    if (g_ascii_strcasecmp(text, "b") == 0 || g_ascii_strcasecmp(text, "black") == 0)
        return GO_BLACK;
    if (g_ascii_strcasecmp(text, "w") == 0 || g_ascii_strcasecmp(text, "white") == 0)
        return GO_WHITE;
    return GO_EMPTY;
}

Move go_sgf_point_parse(const GoBoard *b, const char *text, GError **err)
{
    if (text[0] == '\0' || (b->size <= 19 && strcmp(text, "tt") == 0)) return GO_PASS;
    if (strlen(text) != 2 || !g_ascii_islower(text[0]) || !g_ascii_islower(text[1])) {
        g_set_error(err, GO_ERROR, 0, "'%s' is not an SGF point (two letters a-s)", text);
        return MOVE_NONE;
    }
    int x = text[0] - 'a', y = b->size - 1 - (text[1] - 'a');
    if (x >= b->size || y < 0) {
        g_set_error(err, GO_ERROR, GO_ERROR_OFF_BOARD, "'%s' is off the %dx%d board", text, b->size,
                    b->size);
        return MOVE_NONE;
    }
    return (Move)go_point(b, x, y);
}

char *go_sgf_point_format(const GoBoard *b, Move m, char *buf)
{
    if (m == GO_PASS) {
        buf[0] = '\0';
        return buf;
    }
    buf[0] = (char)('a' + go_point_x(b, (int)m));
    buf[1] = (char)('a' + b->size - 1 - go_point_y(b, (int)m));
    buf[2] = '\0';
    return buf;
}
