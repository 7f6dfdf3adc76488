// SPDX-License-Identifier: MIT
// The neural net's input features for Abalone: the tables behind abalone/features.h and the
// hexagon's symmetries as feature permutations.
#include "abalone/features.h"

#include <string.h>

AbaloneNetTables abalone_net_tables;

void abalone_features_init(void)
{
    for (int p = 0; p < 2; p++)
        for (int rel = 0; rel < 2; rel++)
            for (int pos = 0; pos < 128; pos++) {
                int cell = abalone_tables.pos_cell[pos];
                int view = p == ABALONE_BLACK ? cell : ABALONE_CELLS - 1 - cell;
                abalone_net_tables.cell[p][rel][pos] =
                    cell < 0 ? 0 : (uint16_t)(rel * ABALONE_CELLS + view);
            }
}

// Symmetry k of a dense cell. With x = diagonal - 4 and y = row - 4 (E5 at the origin, east
// (1, 0), north-east (1, 1), north-west (0, 1)), (x, y) -> (x - y, x) turns the board 60
// degrees counter-clockwise and (x, y) -> (y, x) mirrors it in the NE-SW line; k = 0..5 turns
// k times, k = 6..11 mirrors first and then turns k - 6 times.
static int cell_symmetry(int cell, int k)
{
    int pos = abalone_tables.cell_pos[cell];
    int x = abalone_pos_diag(pos) - 4, y = abalone_pos_row(pos) - 4;
    if (k >= 6) {
        int t = x;
        x = y;
        y = t;
    }
    for (int i = 0; i < k % 6; i++) {
        int nx = x - y, ny = x;
        x = nx;
        y = ny;
    }
    return abalone_tables.pos_cell[abalone_pos_of(y + 4, x + 4)];
}

void abalone_net_symmetries(uint16_t perm[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS])
{
    abalone_init();
    for (int k = 0; k < ABALONE_NET_SYMMETRIES; k++) {
        for (int f = 0; f < ABALONE_NET_INPUTS; f++) perm[k][f] = (uint16_t)f;
        for (int rel = 0; rel < 2; rel++)
            for (int c = 0; c < ABALONE_CELLS; c++)
                perm[k][rel * ABALONE_CELLS + c] =
                    (uint16_t)(rel * ABALONE_CELLS + cell_symmetry(c, k));
    }
}

void abalone_board_symmetry(const AbaloneBoard *b, int k, AbaloneBoard *out)
{
    abalone_init();
    AbaloneBoard r;
    abalone_board_clear(&r);
    for (int c = 0; c < ABALONE_CELLS; c++) {
        int colour = abalone_board_cell(b, c);
        if (colour >= 0) abalone_board_set_cell(&r, cell_symmetry(c, k), colour);
    }
    if (r.side != b->side) {
        r.side = b->side;
        r.key = abalone_board_compute_key(&r);
    }
    r.ply = b->ply;
    *out = r;
}
