// SPDX-License-Identifier: MIT
// The Abalone board: 61 cells held as two 128-bit bitboards, the geometry tables that map
// cells, directions and the 1734 geometric moves to each other, Zobrist keys, and
// make/unmake. Move generation lives in abalone/movegen.h.
//
// Cells are (row r, diagonal d), r = 0..8 for rows A..I and d = 0..8 for diagonals 1..9,
// valid when |r - d| <= 4. A cell's bit is (r + 1) * 10 + (d + 1): every row has a guard
// column and the board a guard row below and above, so one shift moves a whole bitboard one
// step in a direction without wrapping onto another valid cell.
#ifndef ABALONE_BOARD_H
#define ABALONE_BOARD_H

#include "core/types.h"

__extension__ typedef unsigned __int128 AbaloneBits;

enum { ABALONE_BLACK = 0, ABALONE_WHITE = 1 };

#define ABALONE_CELLS        61
#define ABALONE_MARBLES      14 // marbles per side at the start
#define ABALONE_EJECT_TO_WIN 6  // ejected marbles that win the game
#define ABALONE_MOVE_INDICES 1734
#define ABALONE_MAX_MOVES    256 // more than any position has (the German daisy start has 80)

// Directions, counter-clockwise from east: E (d+1), NE (r+1, d+1), NW (r+1), W, SW, SE.
// The opposite of direction k is (k + 3) % 6; directions 0..2 are also the three line axes.
enum { ABALONE_E, ABALONE_NE, ABALONE_NW, ABALONE_W, ABALONE_SW, ABALONE_SE };
static const int abalone_dir_step[6] = {1, 11, 10, -1, -11, -10};
#define ABALONE_AXIS_INLINE 3

// A move is (dense index + 1) in bits 0-10, the number of pushed opposing marbles (0-2) in
// bits 11-12 and an ejection flag in bit 13. The dense index (0..1733) names the geometric
// move: group and direction, whatever the position.
#define ABALONE_MOVE_INDEX(m)  ((int)((m)&0x7FFu) - 1)
#define ABALONE_MOVE_PUSHED(m) ((int)(((m) >> 11) & 3u))
#define ABALONE_MOVE_EJECTS(m) ((int)(((m) >> 13) & 1u))

static inline Move abalone_move_encode(int index, int pushed, int ejects)
{
    return (Move)(index + 1) | ((Move)pushed << 11) | ((Move)ejects << 13);
}

// Geometry of one of the 1734 moves, with the bitboard and key deltas that make it.
typedef struct {
    AbaloneBits own_xor;    // the mover's marbles that leave and arrive
    AbaloneBits opp_xor[2]; // in-line moves pushing 1 or 2 opposing marbles: their change
    Key own_key[2];         // Zobrist delta of own_xor, for a Black / a White mover
    Key opp_key[2][2];      // [pushed - 1][mover]: delta of opp_xor for the opponent's colour
    uint8_t cell[3];        // bit positions of the group, from the tail (in-line) or lower end
    uint8_t count;          // marbles moved, 1..3
    uint8_t dir;            // direction of the move
    uint8_t axis;           // the group's line for broadside moves, ABALONE_AXIS_INLINE otherwise
    uint8_t front;          // in-line: bit position of the cell in front of the group
    uint8_t ejects[2];      // in-line, 1 or 2 pushed: 1 if the last pushed marble leaves the board
    int8_t centre_gain;     // rings towards the centre the moved marbles gain in all (-3..3)
} AbaloneMoveInfo;

typedef struct {
    AbaloneBits valid;                 // the 61 cells
    AbaloneBits ring[5];               // cells at distance 0..4 from the centre E5
    int8_t pos_ring[128];              // bit position -> distance from E5, -1 off the board
    uint8_t cell_pos[ABALONE_CELLS];   // dense cell 0..60 (A1, A2, ..., I9) -> bit position
    int8_t pos_cell[128];              // bit position -> dense cell, -1 when not a cell
    int16_t inline_index[3][6][128];   // [count-1][dir][tail position] -> move index or -1
    int16_t broad_index[2][3][6][128]; // [count-2][axis][dir][lower end position] -> index
    AbaloneMoveInfo move[ABALONE_MOVE_INDICES];
    Key zobrist[2][128];
    Key zobrist_side; // XORed in when White is to move
} AbaloneTables;

// Filled once by abalone_init(); read-only afterwards.
extern AbaloneTables abalone_tables;

typedef struct {
    AbaloneBits bb[2]; // marbles of Black and White
    Key key;           // Zobrist key of the marbles and the side to move
    int side;          // side to move
    int ply;           // plies played since the game's start (counts toward the move cap)
} AbaloneBoard;

typedef struct {
    Key key;
} AbaloneUndo;

// Builds the tables; idempotent and thread-safe. Every function that creates a board calls it.
void abalone_init(void);

static inline AbaloneBits abalone_bit(int pos)
{
    return (AbaloneBits)1 << pos;
}

static inline int abalone_popcount(AbaloneBits x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

static inline int abalone_pos_of(int row, int diag)
{
    return (row + 1) * 10 + diag + 1;
}

static inline int abalone_pos_row(int pos)
{
    return pos / 10 - 1;
}

static inline int abalone_pos_diag(int pos)
{
    return pos % 10 - 1;
}

static inline bool abalone_pos_valid(int pos)
{
    return pos >= 0 && pos < 128 && abalone_tables.pos_cell[pos] >= 0;
}

// Lowest set bit of a non-empty bitboard, and the bitboard without it.
static inline int abalone_lsb(AbaloneBits x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

// Marbles a side has lost.
static inline int abalone_board_lost(const AbaloneBoard *b, int colour)
{
    return ABALONE_MARBLES - abalone_popcount(b->bb[colour]);
}

// True when a side has lost six marbles: the game is over and nobody may move.
static inline bool abalone_board_decided(const AbaloneBoard *b)
{
    return abalone_popcount(b->bb[0]) <= ABALONE_MARBLES - ABALONE_EJECT_TO_WIN ||
           abalone_popcount(b->bb[1]) <= ABALONE_MARBLES - ABALONE_EJECT_TO_WIN;
}

static inline void abalone_board_make(AbaloneBoard *b, Move m, AbaloneUndo *u)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int side = b->side, pushed = ABALONE_MOVE_PUSHED(m);
    u->key = b->key;
    b->bb[side] ^= mi->own_xor;
    Key k = b->key ^ mi->own_key[side] ^ abalone_tables.zobrist_side;
    if (pushed) {
        b->bb[side ^ 1] ^= mi->opp_xor[pushed - 1];
        k ^= mi->opp_key[pushed - 1][side];
    }
    b->key = k;
    b->side = side ^ 1;
    b->ply++;
}

static inline void abalone_board_unmake(AbaloneBoard *b, Move m, const AbaloneUndo *u)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int side = b->side ^ 1, pushed = ABALONE_MOVE_PUSHED(m);
    b->bb[side] ^= mi->own_xor;
    if (pushed) b->bb[side ^ 1] ^= mi->opp_xor[pushed - 1];
    b->key = u->key;
    b->side = side;
    b->ply--;
}

// The Zobrist key recomputed from scratch (tests compare it with the incremental one).
Key abalone_board_compute_key(const AbaloneBoard *b);

// An empty board with Black to move.
void abalone_board_clear(AbaloneBoard *b);

// Puts a marble of a colour (or none, colour -1) on a dense cell and updates the key.
void abalone_board_set_cell(AbaloneBoard *b, int cell, int colour);

// Colour on a dense cell: ABALONE_BLACK, ABALONE_WHITE or -1 when empty.
int abalone_board_cell(const AbaloneBoard *b, int cell);

// The named start layouts ("standard", "belgian", "german", "dutch", "swiss").
int abalone_layout_count(void);
const char *abalone_layout_name(int i);
bool abalone_board_set_layout(AbaloneBoard *b, const char *name);

// Checks whether a move's geometric index is legal here and returns the full move (with its
// push and ejection flags) or MOVE_NONE. Used for moves from tables (TT, killers) and notation.
Move abalone_board_move_from_index(const AbaloneBoard *b, int index);

bool abalone_board_equal(const AbaloneBoard *a, const AbaloneBoard *b);

#endif
