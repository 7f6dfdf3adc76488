// SPDX-License-Identifier: MIT
// Builds the Abalone geometry tables (cells, the 1734 geometric moves and their make
// deltas, Zobrist keys), the start layouts, and the cold-path board helpers.
#include "abalone/board.h"

#include "base/rng.h"

#include <glib.h>
#include <pthread.h>
#include <string.h>

AbaloneTables abalone_tables;

static bool cell_ok(int row, int diag)
{
    return row >= 0 && row < 9 && diag >= 0 && diag < 9 && row - diag <= 4 && diag - row <= 4;
}

// Steps a bit position in a direction; -1 when the result is not a cell.
static int step_pos(int pos, int dir, int times)
{
    int p = pos + abalone_dir_step[dir] * times;
    if (p < 0 || p >= 128) return -1;
    return abalone_tables.pos_cell[p] >= 0 ? p : -1;
}

static Key key_of_bits(AbaloneBits x, int colour)
{
    Key k = 0;
    while (x) {
        int p = abalone_lsb(x);
        k ^= abalone_tables.zobrist[colour][p];
        x &= x - 1;
    }
    return k;
}

// Rings gained towards the centre: the vacated cells' distances minus the new cells'.
static void fill_centre_gain(AbaloneMoveInfo *mi, AbaloneBits from, AbaloneBits to)
{
    int gain = 0;
    for (AbaloneBits x = from; x; x &= x - 1) gain += abalone_tables.pos_ring[abalone_lsb(x)];
    for (AbaloneBits x = to; x; x &= x - 1) gain -= abalone_tables.pos_ring[abalone_lsb(x)];
    mi->centre_gain = (int8_t)gain;
}

static void fill_keys(AbaloneMoveInfo *mi)
{
    for (int side = 0; side < 2; side++) {
        mi->own_key[side] = key_of_bits(mi->own_xor, side);
        for (int p = 0; p < 2; p++) mi->opp_key[p][side] = key_of_bits(mi->opp_xor[p], side ^ 1);
    }
}

// An in-line move of `count` marbles from `tail` in `dir`: its destinations must all be cells.
static bool add_inline(int *n, int count, int tail, int dir)
{
    int front = step_pos(tail, dir, count);
    if (front < 0) return false;
    for (int i = 1; i < count; i++)
        if (step_pos(tail, dir, i) < 0) return false;
    AbaloneMoveInfo *mi = &abalone_tables.move[*n];
    memset(mi, 0, sizeof *mi);
    mi->count = (uint8_t)count;
    mi->dir = (uint8_t)dir;
    mi->axis = ABALONE_AXIS_INLINE;
    mi->front = (uint8_t)front;
    for (int i = 0; i < count; i++) mi->cell[i] = (uint8_t)step_pos(tail, dir, i);
    mi->own_xor = abalone_bit(tail) | abalone_bit(front);
    fill_centre_gain(mi, abalone_bit(tail), abalone_bit(front));
    for (int pushed = 1; pushed <= 2; pushed++) {
        int land = step_pos(front, dir, pushed);
        mi->opp_xor[pushed - 1] = abalone_bit(front) | (land >= 0 ? abalone_bit(land) : 0);
        mi->ejects[pushed - 1] = land < 0;
    }
    fill_keys(mi);
    abalone_tables.inline_index[count - 1][dir][tail] = (int16_t)*n;
    (*n)++;
    return true;
}

// A broadside move of the group starting at `low` along `axis`, in direction `dir`.
static bool add_broadside(int *n, int count, int low, int axis, int dir)
{
    AbaloneBits from = 0, to = 0;
    int cells[3];
    for (int i = 0; i < count; i++) {
        cells[i] = step_pos(low, axis, i);
        if (cells[i] < 0) return false;
        int dest = step_pos(cells[i], dir, 1);
        if (dest < 0) return false;
        from |= abalone_bit(cells[i]);
        to |= abalone_bit(dest);
    }
    AbaloneMoveInfo *mi = &abalone_tables.move[*n];
    memset(mi, 0, sizeof *mi);
    mi->count = (uint8_t)count;
    mi->dir = (uint8_t)dir;
    mi->axis = (uint8_t)axis;
    for (int i = 0; i < count; i++) mi->cell[i] = (uint8_t)cells[i];
    mi->own_xor = from | to;
    fill_centre_gain(mi, from, to);
    fill_keys(mi);
    abalone_tables.broad_index[count - 2][axis][dir][low] = (int16_t)*n;
    (*n)++;
    return true;
}

static void build_tables(void)
{
    AbaloneTables *t = &abalone_tables;
    memset(t->pos_cell, -1, sizeof t->pos_cell);
    memset(t->pos_ring, -1, sizeof t->pos_ring);
    memset(t->inline_index, -1, sizeof t->inline_index);
    memset(t->broad_index, -1, sizeof t->broad_index);
    int cell = 0;
    for (int row = 0; row < 9; row++)
        for (int diag = 0; diag < 9; diag++) {
            if (!cell_ok(row, diag)) continue;
            int pos = abalone_pos_of(row, diag);
            t->cell_pos[cell] = (uint8_t)pos;
            t->pos_cell[pos] = (int8_t)cell;
            t->valid |= abalone_bit(pos);
            int dr = row - 4, dd = diag - 4, ring = MAX(ABS(dr), MAX(ABS(dd), ABS(dr - dd)));
            t->ring[ring] |= abalone_bit(pos);
            t->pos_ring[pos] = (int8_t)ring;
            cell++;
        }
    g_assert_cmpint(cell, ==, ABALONE_CELLS);

    uint64_t seed = 0x53756d69746fULL; // fixed: keys must not change between runs
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < 128; p++) t->zobrist[c][p] = rng_splitmix64(&seed);
    t->zobrist_side = rng_splitmix64(&seed);

    // Dense move order: singles, 2-marble in-line, 2-marble broadside, 3-marble in-line,
    // 3-marble broadside; within each, by cell then direction.
    int n = 0;
    for (int count = 1; count <= 3; count++) {
        for (int c = 0; c < ABALONE_CELLS; c++)
            for (int dir = 0; dir < 6; dir++) add_inline(&n, count, t->cell_pos[c], dir);
        if (count == 1) continue;
        for (int c = 0; c < ABALONE_CELLS; c++)
            for (int axis = 0; axis < 3; axis++)
                for (int dir = 0; dir < 6; dir++)
                    if (dir != axis && dir != axis + 3)
                        add_broadside(&n, count, t->cell_pos[c], axis, dir);
    }
    g_assert_cmpint(n, ==, ABALONE_MOVE_INDICES);
}

// Once, by whichever thread asks first (pthread_once, which ThreadSanitizer follows, unlike
// GLib's g_once inside the uninstrumented library).
void abalone_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
}

Key abalone_board_compute_key(const AbaloneBoard *b)
{
    Key k = key_of_bits(b->bb[0], 0) ^ key_of_bits(b->bb[1], 1);
    return b->side == ABALONE_WHITE ? k ^ abalone_tables.zobrist_side : k;
}

void abalone_board_clear(AbaloneBoard *b)
{
    abalone_init();
    memset(b, 0, sizeof *b);
    b->side = ABALONE_BLACK;
    b->key = abalone_board_compute_key(b);
}

void abalone_board_set_cell(AbaloneBoard *b, int cell, int colour)
{
    AbaloneBits bit = abalone_bit(abalone_tables.cell_pos[cell]);
    b->bb[0] &= ~bit;
    b->bb[1] &= ~bit;
    if (colour >= 0) b->bb[colour] |= bit;
    b->key = abalone_board_compute_key(b);
}

int abalone_board_cell(const AbaloneBoard *b, int cell)
{
    AbaloneBits bit = abalone_bit(abalone_tables.cell_pos[cell]);
    if (b->bb[0] & bit) return ABALONE_BLACK;
    if (b->bb[1] & bit) return ABALONE_WHITE;
    return -1;
}

static const struct {
    const char *name;
    const char *black, *white;
} layouts[] = {
    {"standard", "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
     "G5 G6 G7 H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9"},
    {"belgian", "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
     "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6"},
    {"german", "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
     "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5"},
    {"dutch", "A1 A2 B1 B3 B5 C2 C3 G7 G8 H5 H7 H9 I8 I9",
     "A4 A5 B2 B4 B6 C5 C6 G4 G5 H4 H6 H8 I5 I6"},
    {"swiss", "B1 B2 C1 C3 C6 D2 D3 F7 F8 G4 G7 G9 H8 H9",
     "B5 B6 C2 C5 C7 D6 D7 F3 F4 G3 G5 G8 H4 H5"},
};

int abalone_layout_count(void)
{
    return (int)G_N_ELEMENTS(layouts);
}

const char *abalone_layout_name(int i)
{
    return layouts[i].name;
}

static void place_list(AbaloneBoard *b, const char *list, int colour)
{
    for (const char *s = list; *s; s += s[2] ? 3 : 2) {
        int pos = abalone_pos_of(s[0] - 'A', s[1] - '1');
        b->bb[colour] |= abalone_bit(pos);
    }
}

bool abalone_board_set_layout(AbaloneBoard *b, const char *name)
{
    for (int i = 0; i < abalone_layout_count(); i++) {
        if (g_ascii_strcasecmp(name, layouts[i].name) != 0) continue;
        abalone_board_clear(b);
        place_list(b, layouts[i].black, ABALONE_BLACK);
        place_list(b, layouts[i].white, ABALONE_WHITE);
        b->key = abalone_board_compute_key(b);
        return true;
    }
    return false;
}

Move abalone_board_move_from_index(const AbaloneBoard *b, int index)
{
    if (index < 0 || index >= ABALONE_MOVE_INDICES) return MOVE_NONE;
    const AbaloneMoveInfo *mi = &abalone_tables.move[index];
    AbaloneBits own = b->bb[b->side], opp = b->bb[b->side ^ 1], occ = own | opp, group = 0;
    for (int i = 0; i < mi->count; i++) group |= abalone_bit(mi->cell[i]);
    if ((group & own) != group) return MOVE_NONE;
    if (mi->axis != ABALONE_AXIS_INLINE) {
        // Broadside: every destination empty (all are cells by construction).
        return (mi->own_xor & ~group & occ) ? MOVE_NONE : abalone_move_encode(index, 0, 0);
    }
    AbaloneBits front = abalone_bit(mi->front);
    if (!(front & occ)) return abalone_move_encode(index, 0, 0);
    if (front & own) return MOVE_NONE;
    // Sumito: count the opposing marbles in a row, fewer than ours, then a free cell or the rim.
    int pushed = 0, pos = mi->front;
    while (pos >= 0 && (opp & abalone_bit(pos))) {
        pushed++;
        pos = step_pos(pos, mi->dir, 1);
    }
    if (pushed >= mi->count) return MOVE_NONE;
    if (pos >= 0 && (own & abalone_bit(pos))) return MOVE_NONE;
    return abalone_move_encode(index, pushed, pos < 0);
}

bool abalone_board_equal(const AbaloneBoard *a, const AbaloneBoard *b)
{
    return a->bb[0] == b->bb[0] && a->bb[1] == b->bb[1] && a->side == b->side;
}
