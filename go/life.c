// SPDX-License-Identifier: MIT
// Zone life judgement: flood fills per colour over the board, twice (the second time through
// the dead stones of the other colour that lie inside a zone).
#include "go/life.h"

#include <string.h>

#include "go/movegen.h"

typedef struct {
    int empties, eyes, biggest_eye; // empty points, eye regions, the largest eye's size
    bool alive;
} Zone;

typedef struct {
    uint8_t mark[GO_MAX_CELLS]; // zone id of every stone and point of a zone, 0 none
    Zone zones[256];            // [0]: stones past the last id (open)
} ZoneMap;

// Whether q may belong to a zone of colour c: empty, c, or a stone the other colour lost.
static inline bool zone_point(const GoBoard *b, int q, int c, const uint8_t *gone)
{
    return b->color[q] == GO_EMPTY || b->color[q] == c || (gone && gone[q]);
}

// The eye regions among a zone's points: components of empty points (and stones in gone[])
// whose other neighbours are all of colour c; a single empty point only when a true eye.
static void count_eyes(const GoBoard *b, int c, const uint16_t *pts, int n, const uint8_t *gone,
                       Zone *z)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    uint8_t seen[GO_MAX_CELLS];
    uint16_t region[GO_MAX_POINTS];
    memset(seen, 0, (size_t)b->cells);
    for (int i = 0; i < n; i++) {
        int p = pts[i];
        if (b->color[p] == c || seen[p]) continue;
        int size = 0, reach = 0;
        region[size++] = (uint16_t)p;
        seen[p] = 1;
        for (int j = 0; j < size; j++)
            for (int k = 0; k < 4; k++) {
                int q = region[j] + d[k], col = b->color[q];
                if (col == GO_OFF || col == c) continue;
                if (col != GO_EMPTY && !(gone && gone[q]))
                    reach |= col;
                else if (!seen[q])
                    seen[q] = 1, region[size++] = (uint16_t)q;
            }
        if (reach) continue;
        if (size == 1 && b->color[p] == GO_EMPTY && !go_board_is_eye(b, p, c)) continue;
        z->eyes++;
        if (size > z->biggest_eye) z->biggest_eye = size;
    }
}

// Floods the zone of colour c from stone p, marking it with id; lists its points.
static int flood(const GoBoard *b, int p, int c, const uint8_t *gone, ZoneMap *m, uint8_t id,
                 uint16_t *pts, int *empties)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    int n = 0;
    *empties = 0;
    pts[n++] = (uint16_t)p;
    m->mark[p] = id;
    for (int i = 0; i < n; i++) {
        int s = pts[i];
        if (b->color[s] != c) ++*empties;
        for (int k = 0; k < 4; k++) {
            int q = s + d[k];
            if (m->mark[q] || !zone_point(b, q, c, gone)) continue;
            m->mark[q] = id;
            pts[n++] = (uint16_t)q;
        }
    }
    return n;
}

// Judges the zones of colour c, through the stones in gone[] (NULL: none).
static void judge_colour(const GoBoard *b, int c, const uint8_t *gone, ZoneMap *m)
{
    int nz = 0;
    uint16_t pts[GO_MAX_POINTS];
    memset(m->mark, 0, (size_t)b->cells);
    m->zones[0] = (Zone){.empties = -1, .alive = true};
    for (int i = 0; i < b->cells; i++) {
        if (b->color[i] != c || m->mark[i]) continue;
        if (nz == 255) break; // more zones than ids: the rest stay open
        Zone *z = &m->zones[++nz];
        memset(z, 0, sizeof *z);
        int n = flood(b, i, c, gone, m, (uint8_t)nz, pts, &z->empties);
        if (z->empties > GO_LIFE_SMALL_ZONE) {
            *z = (Zone){.empties = -1, .alive = true}; // open
            continue;
        }
        count_eyes(b, c, pts, n, gone, z);
        z->alive = z->eyes >= 2 || (z->eyes == 1 && z->biggest_eye >= 4);
    }
}

static inline const Zone *zone_of(const ZoneMap *m, int p)
{
    return &m->zones[m->mark[p]];
}

// The stones of colour c judged dead whose every empty neighbour lies in a zone of the other
// colour (they are inside it) go to gone[].
static void mark_inside(const GoBoard *b, int c, const ZoneMap *own, const ZoneMap *other,
                        uint8_t *gone)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    for (int h = 0; h < b->cells; h++) {
        if (b->color[h] != c || b->head[h] != h || zone_of(own, h)->alive) continue;
        bool inside = true;
        int s = h;
        do {
            for (int k = 0; k < 4; k++)
                if (b->color[s + d[k]] == GO_EMPTY && !other->mark[s + d[k]]) inside = false;
            s = b->next[s];
        } while (s != h && inside);
        for (s = h; inside;) {
            gone[s] = 1;
            if ((s = b->next[s]) == h) break;
        }
    }
}

// Two dead zones of opposite colours that touch, each with an eye: a seki, both live. Every
// pair is found on the verdicts before any of them changes, so that the outcome does not
// depend on the order of the board's points (a zone touching two others lives with both).
static void find_seki(const GoBoard *b, ZoneMap *black, ZoneMap *white)
{
    const int d[4] = {-b->stride, -1, 1, b->stride};
    bool seki_b[256] = {false}, seki_w[256] = {false};
    for (int p = 0; p < b->cells; p++) {
        if (b->color[p] != GO_BLACK) continue;
        const Zone *zb = zone_of(black, p);
        if (zb->alive || zb->eyes == 0) continue;
        for (int k = 0; k < 4; k++) {
            int q = p + d[k];
            if (b->color[q] != GO_WHITE) continue;
            const Zone *zw = zone_of(white, q);
            if (!zw->alive && zw->eyes > 0) seki_b[black->mark[p]] = seki_w[white->mark[q]] = true;
        }
    }
    for (int id = 1; id < 256; id++) {
        if (seki_b[id]) black->zones[id].alive = true;
        if (seki_w[id]) white->zones[id].alive = true;
    }
}

void go_life_zones(const GoBoard *b, uint8_t *zone)
{
    ZoneMap mb, mw, mb2, mw2;
    uint8_t gone_b[GO_MAX_CELLS], gone_w[GO_MAX_CELLS]; // dead stones inside the other's zone
    judge_colour(b, GO_BLACK, NULL, &mb);
    judge_colour(b, GO_WHITE, NULL, &mw);
    memset(gone_b, 0, (size_t)b->cells);
    memset(gone_w, 0, (size_t)b->cells);
    mark_inside(b, GO_BLACK, &mb, &mw, gone_b);
    mark_inside(b, GO_WHITE, &mw, &mb, gone_w);
    judge_colour(b, GO_BLACK, gone_w, &mb2);
    judge_colour(b, GO_WHITE, gone_b, &mw2);
    find_seki(b, &mb2, &mw2);
    for (int p = 0; p < b->cells; p++) {
        int c = b->color[p];
        if (c != GO_BLACK && c != GO_WHITE) continue;
        const Zone *z = zone_of(c == GO_BLACK ? &mb2 : &mw2, p);
        zone[p] = z->empties < 0 ? GO_ZONE_OPEN : z->alive ? GO_ZONE_ALIVE : GO_ZONE_DEAD;
        if ((c == GO_BLACK ? gone_b : gone_w)[p]) zone[p] = GO_ZONE_DEAD;
    }
}
