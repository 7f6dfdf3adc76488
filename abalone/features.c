// SPDX-License-Identifier: MIT
// The neural net's input features for Abalone: the tables behind abalone/features.h, the
// feature sets' names and the hexagon's symmetries as feature permutations.
#include "abalone/features.h"

#include <glib.h>
#include <pthread.h>
#include <string.h>

AbaloneNetTables abalone_net_tables;

// The pair number of two neighbouring dense cells (either order), -1 when they are not
// neighbours: pairs numbered by the lower cell, then by direction E, NE, NW from it.
static int16_t pair_number[ABALONE_CELLS][ABALONE_CELLS];

static int view_of(int p, int cell)
{
    return p == ABALONE_BLACK ? cell : ABALONE_CELLS - 1 - cell;
}

static void number_pairs(void)
{
    memset(pair_number, 0xff, sizeof pair_number);
    int n = 0;
    for (int u = 0; u < ABALONE_CELLS; u++)
        for (int axis = 0; axis < 3; axis++) {
            int w = abalone_tables.cell_pos[u] + abalone_dir_step[axis];
            if (!abalone_pos_valid(w)) continue;
            int v = abalone_tables.pos_cell[w];
            pair_number[u][v] = pair_number[v][u] = (int16_t)n++;
        }
    g_assert(n == ABALONE_NET_PAIRS);
}

static void build_tables(void)
{
    number_pairs();
    memset(&abalone_net_tables, 0, sizeof abalone_net_tables);
    for (int p = 0; p < 2; p++)
        for (int pos = 0; pos < 128; pos++) {
            int cell = abalone_tables.pos_cell[pos];
            if (cell < 0) continue;
            for (int rel = 0; rel < 2; rel++)
                abalone_net_tables.cell[p][rel][pos] =
                    (uint16_t)(rel * ABALONE_CELLS + view_of(p, cell));
            for (int axis = 0; axis < 3; axis++) {
                int hi = pos + abalone_dir_step[axis];
                if (!abalone_pos_valid(hi)) continue;
                int pair = pair_number[view_of(p, cell)][view_of(p, abalone_tables.pos_cell[hi])];
                abalone_net_tables.pair[p][axis][pos] = (uint16_t)(ABALONE_NET_INPUTS + 4 * pair);
            }
        }
}

// Once, by whichever thread asks first (pthread_once, which ThreadSanitizer follows, unlike
// GLib's g_once inside the uninstrumented library).
void abalone_features_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    abalone_init();
    pthread_once(&once, build_tables);
}

static const struct {
    const char *name;
    int inputs;
} feature_sets[ABALONE_FEATURE_SETS] = {
    [ABALONE_FEATURES_CELLS] = {ABALONE_NET_FEATURE_SET, ABALONE_NET_INPUTS},
    [ABALONE_FEATURES_PAIRS] = {ABALONE_NET_PAIRS_SET, ABALONE_NET_PAIRS_INPUTS},
};

const char *abalone_features_name(AbaloneFeatures fs)
{
    return feature_sets[fs].name;
}

int abalone_features_inputs(AbaloneFeatures fs)
{
    return feature_sets[fs].inputs;
}

int abalone_features_find(const char *name)
{
    for (int i = 0; i < ABALONE_FEATURE_SETS; i++)
        if (strcmp(name, feature_sets[i].name) == 0) return i;
    return -1;
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

void abalone_net_symmetries_of(AbaloneFeatures fs, uint16_t *perm)
{
    abalone_features_init();
    int inputs = abalone_features_inputs(fs);
    for (int k = 0; k < ABALONE_NET_SYMMETRIES; k++) {
        uint16_t *q = perm + (size_t)k * (size_t)inputs;
        for (int f = 0; f < inputs; f++) q[f] = (uint16_t)f;
        for (int rel = 0; rel < 2; rel++)
            for (int c = 0; c < ABALONE_CELLS; c++)
                q[rel * ABALONE_CELLS + c] = (uint16_t)(rel * ABALONE_CELLS + cell_symmetry(c, k));
        if (fs != ABALONE_FEATURES_PAIRS) continue;
        // A pair goes to the pair of the cells' images; when the image turns the cells' order
        // round, the two colour bits change places.
        for (int u = 0; u < ABALONE_CELLS; u++)
            for (int v = u + 1; v < ABALONE_CELLS; v++) {
                if (pair_number[u][v] < 0) continue;
                int su = cell_symmetry(u, k), sv = cell_symmetry(v, k);
                int from = ABALONE_NET_INPUTS + 4 * pair_number[u][v];
                int to = ABALONE_NET_INPUTS + 4 * pair_number[su][sv];
                for (int bits = 0; bits < 4; bits++)
                    q[from + bits] =
                        (uint16_t)(to + (su < sv ? bits : ((bits & 1) << 1 | bits >> 1)));
            }
    }
}

void abalone_net_symmetries(uint16_t perm[ABALONE_NET_SYMMETRIES][ABALONE_NET_INPUTS])
{
    abalone_net_symmetries_of(ABALONE_FEATURES_CELLS, &perm[0][0]);
}

void abalone_board_symmetry(const AbaloneBoard *b, int k, AbaloneBoard *out)
{
    abalone_features_init();
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
