// SPDX-License-Identifier: MIT
// Pictures of Abalone positions drawn with core/raster.h and core/font.h: the hexagonal board
// with its 61 holes, the marbles shaded as spheres, row letters A-I and diagonal numbers 1-9
// on the frame, the marbles each side has lost in trays beside the board, the side to move,
// the last move (an arrow, and an ejected marble leaving the board) and optionally a
// principal variation as numbered arrows. Whole games become a series of pictures
// (core/draw/series.h): a contact sheet or a directory of numbered frames.
//
// Geometry: with s the distance between neighbouring cell centres, cell (row r, diagonal d)
// lies s * ((d - 4) - (r - 4) / 2) right of the centre of E5 and s * (r - 4) * sqrt(3) / 2
// above it: rows are horizontal, A at the bottom. Every size is a multiple of s except the
// text, whose bitmap font comes in whole scales; text that does not fit is left out (images
// narrower than about 150 pixels have no coordinates and no header text).
#ifndef ABALONE_RENDER_H
#define ABALONE_RENDER_H

#include <glib.h>

#include "abalone/game.h"
#include "abalone/notation.h" // ABALONE_ERROR, the domain of the errors below
#include "core/draw/raster.h"
#include "core/draw/series.h"

#define ABALONE_RENDER_MIN_WIDTH     64
#define ABALONE_RENDER_MAX_WIDTH     8192
#define ABALONE_RENDER_DEFAULT_WIDTH 800

// The colours of a picture.
typedef struct {
    RasterColor background, frame, surface, hole, label, text;
    RasterColor marble[2]; // Black, White
    RasterColor last_move; // arrow and vacated cells of the last move
    RasterColor pv[2];     // principal-variation arrows of the side to move, of the other side
    RasterColor outline;   // the dark edge around arrows and badges
} AbaloneRenderStyle;

const AbaloneRenderStyle *abalone_render_style_default(void);

typedef struct {
    int width;      // image width in pixels, ABALONE_RENDER_MIN_WIDTH..MAX_WIDTH
    Move last_move; // the move that led to the position, or MOVE_NONE
    Move next_move; // a move to be played from the position, drawn as the last move's arrows
                    // are, or MOVE_NONE (a review's move played, beside the better one as pv)
    const Move *pv; // moves played from the position, drawn as numbered arrows (may be NULL)
    int pv_length;
    const char *caption;             // text at the top right (may be NULL)
    bool coordinates;                // row letters and diagonal numbers (when they fit)
    bool header;                     // the band above the board with the side to move
    const AbaloneRenderStyle *style; // NULL: abalone_render_style_default()
} AbaloneRenderOptions;

// Width 800, coordinates and header on, nothing else.
void abalone_render_options_default(AbaloneRenderOptions *o);

// Where everything goes at a given width; pixels, y growing downwards.
typedef struct {
    int width, height;
    double cell;            // s: distance between neighbouring cell centres
    double cx, cy;          // the centre of E5
    double marble_radius;   // marbles on the board
    double hole_radius;     // empty cells
    double frame_apothem;   // centre to the middle of a side of the board's outer hexagon
    double surface_apothem; // the same for the playing surface inside the frame
    double tray_radius;     // lost marbles in the trays
    int label_scale;        // font scale of the coordinates; 0 when they do not fit
    int header_height;      // height of the band above the board; 0 without header
    int text_scale;         // font scale of the header; 0 when no text fits
    double turn_x, turn_y;  // the marble showing the side to move (in the header, or in the
    double turn_radius;     // top-left corner without one)
} AbaloneRenderLayout;

// The layout of an image of the given width; false (with an error) for a width out of range.
bool abalone_render_layout(int width, bool header, AbaloneRenderLayout *lay, GError **err);

// The centre of cell (row, diag) for row and diag in -1..9: the 61 cells and the ring of
// places just off the board (where coordinates go and ejected marbles are shown).
void abalone_render_cell_xy(const AbaloneRenderLayout *lay, int row, int diag, double *x,
                            double *y);

// The 18 coordinates: i = 0..8 are rows A-I (left of each row's first cell), 9..17 the
// diagonals 1-9 (below and right of each diagonal's lowest cell). Sets text (2 bytes) and the
// label's cap box; false when the layout has no coordinates.
bool abalone_render_label(const AbaloneRenderLayout *lay, int i, char text[2], RasterRect *box);

// The centre of slot k (0..5) of the tray holding the marbles a colour has lost; slot 0 fills
// first.
void abalone_render_tray_xy(const AbaloneRenderLayout *lay, int colour, int k, double *x,
                            double *y);

// The picture of a position. NULL with an error for bad options (width out of range, a pv
// longer than 64 moves) or no memory.
Raster *abalone_render_position(const AbaloneBoard *b, const AbaloneRenderOptions *opt,
                                GError **err);

#define ABALONE_RENDER_MAX_PV 64

// A game's positions as a series of pictures (core/draw/series.h), for contact sheets and
// frames, drawn with a style (NULL: the default). g and style must outlive the series.
void abalone_render_series(const AbaloneGame *g, const AbaloneRenderStyle *style, Series *out);

#endif
