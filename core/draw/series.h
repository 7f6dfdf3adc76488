// SPDX-License-Identifier: MIT
// The pictures of a whole game, whatever the game: a series of positions (the start, then the
// position after each move) that the game draws one at a time through a callback, laid out
// here as a contact sheet (every Nth position in a grid of thumbnails, each captioned with its
// move number) or written as a directory of numbered frames. A game fills a Series with its
// callbacks (abalone/render.h, go/render.h); this module knows nothing of any game.
#ifndef CORE_DRAW_SERIES_H
#define CORE_DRAW_SERIES_H

#include <glib.h>

#include "core/draw/raster.h"
#include "core/types.h"

#define SERIES_ERROR (series_error_quark())
GQuark series_error_quark(void);

enum { SERIES_ERROR_OPTIONS, SERIES_ERROR_IO };

// One picture of a series: which position and how it is drawn.
typedef struct {
    int ply;                  // the position after this many moves; the last of them is marked
    int width;                // in pixels, within the series' min_width..max_width
    bool coordinates, header; // the board's coordinates, the band with the side to move
    const char *caption;      // text in the header (may be NULL)
    const Move *pv;           // moves played from the position, drawn over it (may be NULL)
    int pv_length;
} SeriesPicture;

typedef struct {
    int length;                   // moves played: the positions are 0 (the start) to length
    int min_width, max_width;     // the widths the game draws its pictures at
    RasterColor background, text; // of its pictures: a sheet is a shade darker, its captions text
    // The picture p asks for (NULL with an error). game and options are the two pointers below.
    Raster *(*draw)(const void *game, const void *options, const SeriesPicture *p, GError **err);
    // The height of a picture `width` pixels wide without coordinates and header (a thumbnail).
    int (*height)(const void *game, int width);
    // Text after "move N" in the caption of a thumbnail (" (pass)"); NULL: none.
    const char *(*note)(const void *game, int ply);
    // The whole caption of a sheet's thumbnail of position ply, instead of "start", "move N"
    // and the note (NULL: those).
    void (*caption)(const void *game, int ply, char *buf, size_t size);
    const void *game, *options; // what the callbacks draw from (they must outlive the series)
} Series;

// The picture p of a series.
Raster *series_draw(const Series *s, const SeriesPicture *p, GError **err);

// A contact sheet: the start, the position after every N moves and the final position (or the
// positions chosen), in a grid of thumbnails without coordinates or header, each with its last
// move marked and its move number underneath ("start", "move 10", ...) or the series' caption.
typedef struct {
    int width;   // the sheet's width in pixels
    int every;   // positions after every N moves, N >= 1
    int columns; // thumbnails a row, >= 1
    // The positions shown, in this order, instead of every N moves (NULL: every N).
    const int *plies;
    int n_plies;
} SeriesSheetOptions;

// Width 1200, every 10 moves, 5 columns.
void series_sheet_options_default(SeriesSheetOptions *o);

// Thumbnails of a sheet: how many, and each one's width (0 when thumbnails would be narrower
// than the series' min_width, or wider than its max_width).
int series_sheet_count(const Series *s, const SeriesSheetOptions *o);
int series_sheet_thumb_width(const Series *s, const SeriesSheetOptions *o);

// Thumbnail i: the number of moves played in its position, the rectangle it is drawn in and
// the cap box of its caption.
int series_sheet_ply(const Series *s, const SeriesSheetOptions *o, int i);
void series_sheet_thumb_rect(const Series *s, const SeriesSheetOptions *o, int i, RasterRect *thumb,
                             RasterRect *caption);

// The sheet; NULL with an error when its thumbnails would be too narrow or it too large.
Raster *series_sheet(const Series *s, const SeriesSheetOptions *o, GError **err);

// One PNG per position, dir/frame-0000.png (the start) to frame-NNNN.png (after the last
// move), drawn as `look` says (its ply, caption and pv are ignored) with "move i of n" as
// caption. Creates dir if needed, once the first frame is drawn. Returns the number of frames
// written, or -1 with an error.
int series_frames(const Series *s, const SeriesPicture *look, const char *dir, GError **err);

#endif
