// SPDX-License-Identifier: MIT
// Abalone move notations (Aba-Pro, FFTL), position strings and the ASCII board.
#include "abalone/notation.h"

#include <stdio.h>
#include <string.h>

#include "abalone/movegen.h"

G_DEFINE_QUARK(abalone - error - quark, abalone_error)

static const char *colour_name[2] = {"Black", "White"};

static int step_pos(int pos, int dir)
{
    int p = pos + abalone_dir_step[dir];
    return abalone_pos_valid(p) ? p : -1;
}

void abalone_pos_name(int pos, char *buf)
{
    buf[0] = (char)('a' + abalone_pos_row(pos));
    buf[1] = (char)('1' + abalone_pos_diag(pos));
    buf[2] = '\0';
}

int abalone_pos_parse(const char *text)
{
    char r = g_ascii_tolower(text[0]);
    if (r < 'a' || r > 'i' || text[1] < '1' || text[1] > '9') return -1;
    int pos = abalone_pos_of(r - 'a', text[1] - '1');
    return abalone_pos_valid(pos) ? pos : -1;
}

// The FFTL text of a move: the trailing marble (in-line) or the first-written end
// (broadside), then the destination of the last marble.
static void fftl_text(Move m, char *buf)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int last = mi->cell[mi->count - 1];
    abalone_pos_name(mi->cell[0], buf);
    abalone_pos_name(mi->axis == ABALONE_AXIS_INLINE ? mi->front : last + abalone_dir_step[mi->dir],
                     buf + 2);
}

// The broadside written with the other end first: "c5" then the destination of the first end.
static void fftl_text_reversed(Move m, char *buf)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    abalone_pos_name(mi->cell[mi->count - 1], buf);
    abalone_pos_name(mi->cell[0] + abalone_dir_step[mi->dir], buf + 2);
}

// FFTL gives a short broadside the same text as a single-marble move or another broadside
// in some positions. In-line moves keep their 4 characters; a broadside whose text another
// legal move shares is written in Aba-Pro's 6 characters, which the FFTL reader accepts too.
static bool fftl_shared(const AbaloneBoard *b, Move m, const char *text)
{
    Move moves[ABALONE_MAX_MOVES];
    int n = abalone_gen_moves(b, moves);
    for (int i = 0; i < n; i++) {
        char other[ABALONE_MOVE_TEXT];
        fftl_text(moves[i], other);
        if (moves[i] != m && strcmp(other, text) == 0) return true;
    }
    return false;
}

static char *abapro_text(Move m, char *buf)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    abalone_pos_name(mi->cell[0], buf);
    if (mi->axis == ABALONE_AXIS_INLINE) {
        abalone_pos_name(mi->cell[0] + abalone_dir_step[mi->dir], buf + 2);
    } else {
        abalone_pos_name(mi->cell[mi->count - 1], buf + 2);
        abalone_pos_name(mi->cell[0] + abalone_dir_step[mi->dir], buf + 4);
    }
    return buf;
}

void abalone_move_describe(Move m, char *buf, size_t size)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    int pushed = ABALONE_MOVE_PUSHED(m);
    snprintf(buf, size, "%d marble%s %s%s%s", mi->count, mi->count > 1 ? "s" : "",
             mi->axis == ABALONE_AXIS_INLINE ? "in-line" : "broadside",
             pushed == 1   ? ", pushes 1"
             : pushed == 2 ? ", pushes 2"
                           : "",
             ABALONE_MOVE_EJECTS(m) ? ", ejects" : "");
}

char *abalone_move_format(const AbaloneBoard *b, Move m, AbaloneNotation nota, char *buf)
{
    if (nota == ABALONE_NOTATION_ABAPRO) return abapro_text(m, buf);
    const AbaloneMoveInfo *mi = &abalone_tables.move[ABALONE_MOVE_INDEX(m)];
    fftl_text(m, buf);
    if (mi->axis != ABALONE_AXIS_INLINE && fftl_shared(b, m, buf)) abapro_text(m, buf);
    return buf;
}

// Reads 4-character FFTL: the in-line move written so if there is one, else the one
// broadside written so, with either end first.
static Move parse_fftl(const AbaloneBoard *b, const char *text, GError **err)
{
    Move moves[ABALONE_MAX_MOVES], found = MOVE_NONE;
    int n = abalone_gen_moves(b, moves), hits = 0;
    for (int i = 0; i < n; i++) {
        char t[ABALONE_MOVE_TEXT];
        fftl_text(moves[i], t);
        if (strcmp(t, text) == 0 &&
            abalone_tables.move[ABALONE_MOVE_INDEX(moves[i])].axis == ABALONE_AXIS_INLINE)
            return moves[i];
    }
    for (int i = 0; i < n; i++) {
        char t[ABALONE_MOVE_TEXT], r[ABALONE_MOVE_TEXT];
        if (abalone_tables.move[ABALONE_MOVE_INDEX(moves[i])].axis == ABALONE_AXIS_INLINE) continue;
        fftl_text(moves[i], t);
        fftl_text_reversed(moves[i], r);
        if ((strcmp(t, text) == 0 || strcmp(r, text) == 0) && hits++ == 0) found = moves[i];
    }
    if (hits == 1) return found;
    g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                hits ? "'%s' names %d legal broadside moves in FFTL; write it in Aba-Pro "
                       "notation (6 characters)"
                     : "no legal move is written '%s' in FFTL",
                text, hits);
    return MOVE_NONE;
}

static int dir_between(int from, int to)
{
    for (int d = 0; d < 6; d++)
        if (step_pos(from, d) == to) return d;
    return -1;
}

// Explains why a geometric in-line move of the side to move is illegal here.
static void explain_inline(const AbaloneBoard *b, int index, GError **err)
{
    const AbaloneMoveInfo *mi = &abalone_tables.move[index];
    AbaloneBits own = b->bb[b->side], opp = b->bb[b->side ^ 1];
    int pushed = 0, pos = mi->front;
    char name[3];
    while (pos >= 0 && (opp & abalone_bit(pos))) {
        pushed++;
        pos = step_pos(pos, mi->dir);
    }
    if (mi->count == 1)
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL, "a single marble cannot push");
    else if (pushed >= mi->count)
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "%d marbles cannot push %d: a sumito needs more marbles than it pushes",
                    mi->count, pushed);
    else if (pos >= 0 && (own & abalone_bit(pos))) {
        abalone_pos_name(pos, name);
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "the push is blocked by %s's own marble on %s", colour_name[b->side], name);
    } else {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL, "the move is not legal here");
    }
}

static Move parse_inline(const AbaloneBoard *b, int tail, int to, GError **err)
{
    char a[3], c[3];
    abalone_pos_name(tail, a);
    abalone_pos_name(to, c);
    int dir = dir_between(tail, to);
    if (dir < 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "%s and %s are not neighbours (an in-line move names the trailing marble "
                    "and its destination)",
                    a, c);
        return MOVE_NONE;
    }
    AbaloneBits own = b->bb[b->side];
    int count = 0;
    for (int p = tail; p >= 0 && (own & abalone_bit(p)); p = step_pos(p, dir)) count++;
    if (count == 0) {
        bool opp = (b->bb[b->side ^ 1] & abalone_bit(tail)) != 0;
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL, "%s %s, and %s is to move", a,
                    opp ? "holds an opposing marble" : "is empty", colour_name[b->side]);
        return MOVE_NONE;
    }
    if (count > 3) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "the line from %s in that direction has %d marbles; at most 3 move", a, count);
        return MOVE_NONE;
    }
    int index = abalone_tables.inline_index[count - 1][dir][tail];
    if (index < 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "the move would put %s's own marble off the board", colour_name[b->side]);
        return MOVE_NONE;
    }
    Move m = abalone_board_move_from_index(b, index);
    if (m == MOVE_NONE) explain_inline(b, index, err);
    return m;
}

static Move parse_broadside(const AbaloneBoard *b, int end1, int end2, int to, GError **err)
{
    char a[3], c[3], d[3];
    abalone_pos_name(end1, a);
    abalone_pos_name(end2, c);
    abalone_pos_name(to, d);
    int line = -1, count = 0;
    for (int dir = 0; dir < 6 && line < 0; dir++)
        for (int j = 1; j <= 2; j++) {
            int p = end1 + abalone_dir_step[dir] * j;
            if (p == end2 && abalone_pos_valid(p) && (j == 1 || step_pos(end1, dir) >= 0)) {
                line = dir;
                count = j + 1;
            }
        }
    if (line < 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "%s and %s are not the ends of a line of 2 or 3 cells", a, c);
        return MOVE_NONE;
    }
    int mdir = dir_between(end1, to);
    if (mdir < 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "%s is not next to %s (a broadside move names both ends and the "
                    "destination of the first)",
                    d, a);
        return MOVE_NONE;
    }
    if (mdir % 3 == line % 3) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "%s moves along the line %s-%s: write an in-line move with 4 characters", a, a,
                    c);
        return MOVE_NONE;
    }
    int low = line < 3 ? end1 : end2, axis = line % 3;
    for (int j = 0; j < count; j++) {
        int p = low + abalone_dir_step[axis] * j;
        if (!(b->bb[b->side] & abalone_bit(p))) {
            char e[3];
            abalone_pos_name(p, e);
            g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                        "%s holds no %s marble, and %s is to move", e, colour_name[b->side],
                        colour_name[b->side]);
            return MOVE_NONE;
        }
    }
    int index = abalone_tables.broad_index[count - 2][axis][mdir][low];
    if (index < 0) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "the move would put %s's own marble off the board", colour_name[b->side]);
        return MOVE_NONE;
    }
    Move m = abalone_board_move_from_index(b, index);
    if (m == MOVE_NONE)
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "a broadside move needs every destination empty, and one is occupied");
    return m;
}

Move abalone_move_parse(const AbaloneBoard *b, const char *text, AbaloneNotation nota, GError **err)
{
    size_t len = strlen(text);
    int pos[3] = {-1, -1, -1};
    bool shape = len == 4 || len == 6;
    for (size_t i = 0; shape && i < len; i += 2) {
        char r = g_ascii_tolower(text[i]);
        if (r < 'a' || r > 'i' || text[i + 1] < '1' || text[i + 1] > '9') shape = false;
    }
    if (!shape) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "'%s' is not a move: expected %s",
                    text,
                    nota == ABALONE_NOTATION_FFTL ? "a1b2 (FFTL), or c3c5d4 (Aba-Pro broadside)"
                                                  : "a1b2 (in-line) or c3c5d4 (broadside)");
        return MOVE_NONE;
    }
    for (size_t i = 0; i < len; i += 2) {
        pos[i / 2] = abalone_pos_parse(text + i);
        if (pos[i / 2] < 0) {
            g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                        "'%.2s' in '%s' is not a cell of the board", text + i, text);
            return MOVE_NONE;
        }
    }
    if (abalone_board_decided(b)) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_ILLEGAL,
                    "the game is over: a side has lost six marbles");
        return MOVE_NONE;
    }
    if (nota == ABALONE_NOTATION_FFTL && len == 4) {
        char low[5];
        for (int i = 0; i < 4; i++) low[i] = g_ascii_tolower(text[i]);
        low[4] = '\0';
        return parse_fftl(b, low, err);
    }
    return len == 4 ? parse_inline(b, pos[0], pos[1], err)
                    : parse_broadside(b, pos[0], pos[1], pos[2], err);
}

char *abalone_position_format(const AbaloneBoard *b, char *buf)
{
    char *o = buf;
    for (int row = 8; row >= 0; row--) {
        int empty = 0;
        for (int diag = 0; diag < 9; diag++) {
            int pos = abalone_pos_of(row, diag);
            if (!abalone_pos_valid(pos)) continue;
            AbaloneBits bit = abalone_bit(pos);
            char c = (b->bb[0] & bit) ? 'b' : (b->bb[1] & bit) ? 'w' : 0;
            if (!c) {
                empty++;
                continue;
            }
            if (empty) *o++ = (char)('0' + empty);
            empty = 0;
            *o++ = c;
        }
        if (empty) *o++ = (char)('0' + empty);
        if (row) *o++ = '/';
    }
    sprintf(o, " %c %d", b->side == ABALONE_BLACK ? 'b' : 'w', b->ply);
    return buf;
}

static bool position_fail(GError **err, const char *text, size_t at, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

static bool position_fail(GError **err, const char *text, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE, "position '%s', character %zu: %s", text,
                at + 1, msg);
    g_free(msg);
    return false;
}

// Each side has at most 14 marbles and has lost at most six, not both six.
static bool check_marbles(const AbaloneBoard *b, const char *text, size_t i, GError **err)
{
    for (int c = 0; c < 2; c++) {
        int n = abalone_popcount(b->bb[c]);
        if (n > ABALONE_MARBLES)
            return position_fail(err, text, i, "%s has %d marbles, at most %d", colour_name[c], n,
                                 ABALONE_MARBLES);
        if (n < ABALONE_MARBLES - ABALONE_EJECT_TO_WIN)
            return position_fail(err, text, i,
                                 "%s has %d marbles; a game ends when a side is down to %d",
                                 colour_name[c], n, ABALONE_MARBLES - ABALONE_EJECT_TO_WIN);
    }
    if (abalone_popcount(b->bb[0]) == ABALONE_MARBLES - ABALONE_EJECT_TO_WIN &&
        abalone_popcount(b->bb[1]) == ABALONE_MARBLES - ABALONE_EJECT_TO_WIN)
        return position_fail(err, text, i, "both sides have lost six marbles");
    return true;
}

bool abalone_position_parse(AbaloneBoard *out, const char *text, GError **err)
{
    AbaloneBoard b;
    abalone_board_clear(&b);
    size_t i = 0;
    while (text[i] == ' ' || text[i] == '\t') i++;
    for (int row = 8; row >= 0; row--) {
        int first = row > 4 ? row - 4 : 0, width = 9 - (row > 4 ? row - 4 : 4 - row);
        int filled = 0;
        bool last_digit = false;
        char rname = (char)('A' + row);
        while (text[i] && text[i] != '/' && text[i] != ' ' && text[i] != '\t') {
            char c = text[i];
            if (c >= '1' && c <= '9') {
                if (last_digit)
                    return position_fail(err, text, i, "two digits side by side in row %c", rname);
                filled += c - '0';
                last_digit = true;
            } else if (c == 'b' || c == 'w' || c == 'B' || c == 'W') {
                if (filled < width)
                    b.bb[(c == 'w' || c == 'W')] |=
                        abalone_bit(abalone_pos_of(row, first + filled));
                filled++;
                last_digit = false;
            } else {
                return position_fail(err, text, i,
                                     "unexpected '%c' in row %c (expected b, w or a digit 1-9)", c,
                                     rname);
            }
            if (filled > width)
                return position_fail(err, text, i, "row %c has more than %d cells", rname, width);
            i++;
        }
        if (filled < width)
            return position_fail(err, text, i, "row %c has %d cells, expected %d", rname, filled,
                                 width);
        if (row > 0) {
            if (text[i] != '/')
                return position_fail(err, text, i, "expected '/' after row %c (9 rows, I to A)",
                                     rname);
            i++;
        }
    }
    if (text[i] == '/')
        return position_fail(err, text, i, "more than 9 rows (rows run from I down to A)");
    if (!check_marbles(&b, text, i, err)) return false;
    while (text[i] == ' ' || text[i] == '\t') i++;
    char side = g_ascii_tolower(text[i]);
    if (side != 'b' && side != 'w')
        return position_fail(err, text, i, "expected the side to move, 'b' or 'w'");
    b.side = side == 'w' ? ABALONE_WHITE : ABALONE_BLACK;
    i++;
    if (text[i] && text[i] != ' ' && text[i] != '\t')
        return position_fail(err, text, i, "expected a space after the side to move");
    while (text[i] == ' ' || text[i] == '\t') i++;
    if (text[i]) {
        size_t start = i;
        long ply = 0;
        while (text[i] >= '0' && text[i] <= '9') {
            ply = ply * 10 + (text[i] - '0');
            if (ply > 1000000) return position_fail(err, text, start, "the ply count is too large");
            i++;
        }
        if (i == start) return position_fail(err, text, i, "expected the number of plies played");
        b.ply = (int)ply;
        while (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') i++;
        if (text[i]) return position_fail(err, text, i, "unexpected text after the ply count");
    }
    b.key = abalone_board_compute_key(&b);
    *out = b;
    return true;
}

bool abalone_board_from_options(AbaloneBoard *b, const char *layout, const char *position,
                                GError **err)
{
    if (layout && position) {
        g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                    "--layout and --position exclude each other");
        return false;
    }
    if (position) return abalone_position_parse(b, position, err);
    if (abalone_board_set_layout(b, layout ? layout : "standard")) return true;
    g_set_error(err, ABALONE_ERROR, ABALONE_ERROR_PARSE,
                "unknown layout '%s' (standard, belgian, german, dutch or swiss)", layout);
    return false;
}

char *abalone_board_render_ascii(const AbaloneBoard *b)
{
    GString *s = g_string_new(NULL);
    // Cell (r, d) sits at column 2d - r + 4 of a 17-column grid, 6 columns of margin.
    for (int row = 8; row >= -1; row--) {
        char line[40];
        memset(line, ' ', sizeof line);
        int last = 0;
        for (int diag = 0; diag < 9; diag++) {
            int x = 6 + 2 * diag - row + 4;
            int pos = abalone_pos_of(row, diag);
            if (row >= 0 && abalone_pos_valid(pos)) {
                AbaloneBits bit = abalone_bit(pos);
                line[x] = (b->bb[0] & bit) ? 'b' : (b->bb[1] & bit) ? 'w' : '.';
                if (diag == 0 || !abalone_pos_valid(pos - 1)) line[x - 3] = (char)('A' + row);
                last = x;
            } else if (row < 4 && row + 5 == diag) {
                line[x] = (char)('1' + diag); // diagonal diag starts up-left of here
                last = x;
            } else if (row == -1 && diag < 5) {
                line[x] = (char)('1' + diag);
                last = x;
            }
        }
        line[last + 1] = '\0';
        g_string_append_printf(s, "%s\n", line);
    }
    g_string_append_printf(s, "%s to move, ply %d; lost: Black %d, White %d\n",
                           colour_name[b->side], b->ply, abalone_board_lost(b, 0),
                           abalone_board_lost(b, 1));
    return g_string_free(s, FALSE);
}
