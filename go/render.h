// SPDX-License-Identifier: MIT
// Pictures of Go positions drawn with core/raster.h and core/font.h: the wooden board with its
// grid for every size from 2x2 to 19x19 (star points on 9x9, 13x13 and 19x19), coordinates on
// all four sides (columns A-T without I, rows 1-19 from the bottom), stones as flat discs with
// a soft gradient and shadow, the last move ringed, optional move numbers on the stones, an
// optional principal variation as numbered translucent stones (passes keep their number), the
// side to move and caption above the board and each side's captures below it, and a heat map
// of who owns each point (the Monte Carlo search's ownership) under the grid. Whole games
// become a series of pictures (core/draw/series.h): a contact sheet or numbered frames.
//
// Geometry: with s the distance between neighbouring lines, every length is a multiple of s
// but the text, whose bitmap font comes in whole scales, and the line positions, which are
// rounded to whole pixels so that the grid stays crisp. Coordinates need s of 16 pixels (a
// 19x19 board 340 pixels wide); below that they are left out and the board's edge shrinks. Header
// and footer need about 120 pixels of width.
#ifndef GO_RENDER_H
#define GO_RENDER_H

#include <glib.h>

#include "core/draw/raster.h"
#include "core/draw/series.h"
#include "go/game.h"

#define GO_RENDER_MIN_WIDTH     64
#define GO_RENDER_MAX_WIDTH     8192
#define GO_RENDER_DEFAULT_WIDTH 800
#define GO_RENDER_MAX_STARS     9
#define GO_RENDER_MAX_PV        99
#define GO_RENDER_MAX_OWNERSHIP 1000000 // playouts of `render --ownership`

#define GO_RENDER_ERROR (go_render_error_quark())
GQuark go_render_error_quark(void);
enum { GO_RENDER_ERROR_OPTIONS, GO_RENDER_ERROR_IO };

// The colours of a picture. Stones are indexed by colour - 1 (Black 0, White 1).
typedef struct {
    RasterColor background, board, line, label, text;
    RasterColor stone[2];     // the lit side of a stone (upper left)
    RasterColor stone_rim[2]; // the far rim
    RasterColor stone_edge;   // a thin outline around White's stones
    RasterColor marker;       // the last move's ring (or the disc under its number)
    RasterColor number[2];    // move numbers on Black's and White's stones (and the marker)
} GoRenderStyle;

const GoRenderStyle *go_render_style_default(void);

typedef struct {
    int width;           // image width in pixels, GO_RENDER_MIN_WIDTH..MAX_WIDTH
    Move last_move;      // the move that led to the position (a point or GO_PASS) or MOVE_NONE
    const int *numbers;  // a move number per point index y * N + x (0: none), or NULL
    const char *caption; // text at the top right (may be NULL)
    bool coordinates;    // the coordinates on the four sides (when they fit)
    bool header;         // side to move and caption above, captures below the board
    const GoRenderStyle *style; // NULL: go_render_style_default()
    const Move *pv;             // a principal variation from the position, side to move first
    int pv_length;              // 0..GO_RENDER_MAX_PV
    const double *ownership;    // Black's share of playouts minus White's per point index
                                // y * N + x, in [-1, 1], as a heat map on the board, or NULL
} GoRenderOptions;

// Width 800, coordinates and header on, nothing else.
void go_render_options_default(GoRenderOptions *o);

// Where everything goes; pixels, y growing downwards.
typedef struct {
    int width, height, size;
    double cell;                                   // s
    double stone_radius;                           // 0.475 s
    double line_width;                             // whole pixels; the edge lines twice that
    double board_x0, board_y0, board_x1, board_y1; // the wooden board
    double grid_x0, grid_y0;                       // unsnapped centre of the top-left point
    double label_offset;                // from the edge lines to the middle of the coordinates
    int label_scale;                    // coordinates' font scale, 0 when none
    int header_height, footer_height;   // 0 without header
    int text_scale;                     // header and footer font scale, 0 when none
    double turn_x, turn_y, turn_radius; // the stone showing the side to move
} GoRenderLayout;

// The layout of a board of `size` drawn `width` pixels wide; false with an error for a size
// or width out of range.
bool go_render_layout(int size, int width, bool coordinates, bool header, GoRenderLayout *lay,
                      GError **err);

// The pixel centre of point (x, y), x from the left and y from the bottom, 0..size-1.
void go_render_point_xy(const GoRenderLayout *lay, int x, int y, double *px, double *py);

// The coordinates: i = 0..N-1 the column letters above the board, N..2N-1 the same below,
// 2N..3N-1 the row numbers at the left (from the bottom), 3N..4N-1 the same at the right.
// Sets text and the label's cap box; false when the layout has no coordinates or i is out of
// range.
#define GO_RENDER_LABEL_TEXT 4
bool go_render_label(const GoRenderLayout *lay, int i, char text[GO_RENDER_LABEL_TEXT],
                     RasterRect *box);

// The star points of a board size (9x9: the 3-3 points and the centre; 13x13: the 4-4 points
// and the centre; 19x19: the nine 4-4, 4-10 and 10-10 points; no other size has any).
// Returns how many were written to x and y (room for GO_RENDER_MAX_STARS).
int go_render_star_points(int size, int *x, int *y);

// The texts of the header and footer: the side to move (with what the last pass did), the
// caption, and the stones each side has captured, each with the stone shown beside it.
typedef enum {
    GO_RENDER_TEXT_TURN,
    GO_RENDER_TEXT_CAPTION,
    GO_RENDER_TEXT_BLACK_CAPTURES,
    GO_RENDER_TEXT_WHITE_CAPTURES,
    GO_RENDER_TEXTS
} GoRenderTextKind;

typedef struct {
    char text[64];  // empty when this text is not drawn
    int scale;      // font scale
    RasterRect box; // cap box
    int icon;       // GO_BLACK or GO_WHITE: the stone beside it, GO_EMPTY for none
    double icon_x, icon_y, icon_radius;
} GoRenderText;

void go_render_texts(const GoRenderLayout *lay, const GoBoard *b, const GoRenderOptions *opt,
                     GoRenderText texts[GO_RENDER_TEXTS]);

// Draws one stone of a colour (GO_BLACK or GO_WHITE) centred on (x, y), without its shadow:
// the picture's stones are drawn with it.
void go_render_draw_stone(Raster *r, double x, double y, double radius, int colour,
                          const GoRenderStyle *st);

// The picture of a position. NULL with an error for bad options or no memory.
Raster *go_render_position(const GoBoard *b, const GoRenderOptions *opt, GError **err);

// The position after the first n moves of a game (0 <= n <= its length) into b, and, when
// numbers is not NULL, the move number (1-based) of every stone on the board played by one of
// those moves (numbers[y * N + x], 0 for empty points and setup stones).
void go_render_game_position(const GoGame *g, int n, GoBoard *b, int *numbers);

// A game's positions as a series of pictures (core/draw/series.h), for contact sheets and
// frames, drawn with a style (NULL: the default) and, with numbers, the move number of every
// stone. g and o must outlive the series.
typedef struct {
    const GoRenderStyle *style;
    bool numbers;
    const double *ownership; // GoRenderOptions' heat map, of the position after ...
    int ownership_ply;       // ... this many moves (drawn on that picture only)
} GoRenderSeriesOptions;

void go_render_series(const GoGame *g, const GoRenderSeriesOptions *o, Series *out);

#endif
