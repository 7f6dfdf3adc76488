// SPDX-License-Identifier: MIT
// A cheap life judgement for the evaluation, by zones: a colour's zone is a connected set of
// its stones and the empty points among them (flooded through empty points and its own
// stones, never through the other colour's). A zone with few empty points (at most
// GO_LIFE_SMALL_ZONE) is enclosed; its stones live if it holds two eyes (empty regions that
// touch only the zone's colour, a single point only when it is a true eye), or one eye of four
// points or more; otherwise they are dead (the side to move is not consulted: an eye of three
// is the search's to settle). Two dead zones of opposite colours that touch, each with an eye,
// are a seki: both live, every such pair at once. Zones with more empty points are left to the
// other judgements.
#ifndef GO_LIFE_H
#define GO_LIFE_H

#include "go/board.h"

#define GO_LIFE_SMALL_ZONE 6

enum { GO_ZONE_OPEN = 0, GO_ZONE_ALIVE = 1, GO_ZONE_DEAD = 2 };

// Writes a zone status to zone[p] for every stone p (other cells are left as they were).
void go_life_zones(const GoBoard *b, uint8_t *zone);

#endif
