// SPDX-License-Identifier: MIT
// Where the parts of an Abalone picture go: every length a multiple of the cell spacing s,
// chosen so that the board, its frame, the coordinates on the frame and the two trays of
// lost marbles beside its lower edges fit the width, and the text in whole font scales.
#include "abalone/render.h"

#include <math.h>

#include "abalone/notation.h"
#include "core/draw/font.h"

// Lengths in units of the cell spacing s.
#define U_FRAME       4.80  // apothem of the frame's outer hexagon
#define U_SURFACE     4.02  // apothem of the playing surface (the edge cells' marbles reach 3.92)
#define U_MARBLE      0.455 // marble radius (a gap of 0.09 between neighbours)
#define U_HOLE        0.33  // hole radius
#define U_TRAY_OFFSET 0.68  // from the frame's lower edges to the trays' centre lines
#define U_TRAY_STEP   0.64  // between tray slots
#define U_TRAY_MARBLE 0.26  // lost marbles' radius
#define U_TRAY_PAD    0.12  // the tray around its marbles
#define U_MARGIN      0.22  // around everything
#define SQRT3         1.7320508075688772

// Slot k of a colour's tray relative to the centre of E5, in units of s (y down). Black's
// tray runs along the frame's lower-left edge, White's along the lower-right edge, slot 0 at
// the end nearest the bottom.
static void tray_units(int colour, int k, double *u, double *v)
{
    double rv = U_FRAME * 2 / SQRT3;          // centre to a vertex of the frame
    double mx = -0.75 * rv, my = U_FRAME / 2; // middle of the lower-left edge
    double ex = 0.5, ey = SQRT3 / 2;          // along the edge, towards the bottom
    double nx = -SQRT3 / 2, ny = 0.5;         // outwards
    double t = (2.5 - k) * U_TRAY_STEP;
    *u = mx + nx * U_TRAY_OFFSET + ex * t;
    *v = my + ny * U_TRAY_OFFSET + ey * t;
    if (colour == ABALONE_WHITE) *u = -*u;
}

// Half the width and half the height of the drawing around E5, margins included, in s.
static void extent_units(double *half_w, double *half_h)
{
    double w = U_FRAME * 2 / SQRT3, h = U_FRAME;
    for (int k = 0; k < 6; k++) {
        double u, v;
        tray_units(ABALONE_BLACK, k, &u, &v);
        w = fmax(w, fabs(u) + U_TRAY_MARBLE + U_TRAY_PAD);
        h = fmax(h, fabs(v) + U_TRAY_MARBLE + U_TRAY_PAD);
    }
    *half_w = w + U_MARGIN;
    *half_h = h + U_MARGIN;
}

bool abalone_render_layout(int width, bool header, AbaloneRenderLayout *lay, GError **err)
{
    if (width < ABALONE_RENDER_MIN_WIDTH || width > ABALONE_RENDER_MAX_WIDTH) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "image width %d is out of range (%d to %d pixels)", width,
                    ABALONE_RENDER_MIN_WIDTH, ABALONE_RENDER_MAX_WIDTH);
        return false;
    }
    double half_w, half_h;
    extent_units(&half_w, &half_h);
    double s = width / (2 * half_w);
    // Coordinates stand on the frame, 0.78 s wide: their caps take about a third of s, at least
    // one font scale with two pixels to spare.
    double band = (U_FRAME - U_SURFACE) * s;
    int ls = band >= FONT_CAP_HEIGHT + 2 ? (int)floor(0.34 * s / FONT_CAP_HEIGHT + 0.5) : 0;
    if (band >= FONT_CAP_HEIGHT + 2 && ls < 1) ls = 1;
    while (ls > 1 && ls * FONT_CAP_HEIGHT > 0.62 * band) ls--;
    int ts = ls;
    int hh = header && ts ? ts * (FONT_CAP_HEIGHT + 8) : 0;
    *lay = (AbaloneRenderLayout){
        .width = width,
        .height = hh + (int)ceil(2 * half_h * s),
        .cell = s,
        .cx = width / 2.0,
        .cy = hh + half_h * s,
        .marble_radius = U_MARBLE * s,
        .hole_radius = U_HOLE * s,
        .frame_apothem = U_FRAME * s,
        .surface_apothem = U_SURFACE * s,
        .tray_radius = U_TRAY_MARBLE * s,
        .label_scale = ls,
        .header_height = hh,
        .text_scale = hh ? ts : 0,
    };
    double margin = U_MARGIN * s;
    lay->turn_radius = hh ? 0.5 * ts * FONT_CAP_HEIGHT : U_TRAY_MARBLE * s;
    lay->turn_x = margin + lay->turn_radius;
    lay->turn_y = hh ? hh / 2.0 : margin + lay->turn_radius;
    return true;
}

void abalone_render_cell_xy(const AbaloneRenderLayout *lay, int row, int diag, double *x, double *y)
{
    *x = lay->cx + lay->cell * ((diag - 4) - (row - 4) / 2.0);
    *y = lay->cy - lay->cell * (row - 4) * (SQRT3 / 2);
}

bool abalone_render_label(const AbaloneRenderLayout *lay, int i, char text[2], RasterRect *box)
{
    if (lay->label_scale < 1 || i < 0 || i >= 18) return false;
    int row, diag;
    if (i < 9) { // left of the row's first cell
        row = i, diag = MAX(0, i - 4) - 1;
        text[0] = (char)('A' + i);
    } else { // below and right of the diagonal's lowest cell
        diag = i - 9, row = MAX(0, diag - 4) - 1;
        text[0] = (char)('1' + diag);
    }
    text[1] = '\0';
    double x, y;
    abalone_render_cell_xy(lay, row, diag, &x, &y);
    *box = font_text_box(text, lay->label_scale, x, y, 0.5, 0.5);
    return true;
}

void abalone_render_tray_xy(const AbaloneRenderLayout *lay, int colour, int k, double *x, double *y)
{
    double u, v;
    tray_units(colour, k, &u, &v);
    *x = lay->cx + u * lay->cell;
    *y = lay->cy + v * lay->cell;
}
