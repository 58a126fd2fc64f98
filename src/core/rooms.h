/* Floors of rooms (ch2, ch19): the map's inside is cut in two, again and
 * again, a room is carved in each last piece, siblings are joined by
 * L-shaped corridors that meet rooms square on, and doors are hung in the
 * real doorways. */
#ifndef AMULETS_ROOMS_H
#define AMULETS_ROOMS_H

#include "map.h"
#include "rng.h"

enum { ROOMS_MAX = 32 };

/* Makes a floor of rooms in map (every cell overwritten) and writes the
 * rooms, in order, into rooms; the first is where the player starts.
 * Returns how many there are (at least 2). */
int rooms_generate(Map *map, Rng *rng, Rect rooms[ROOMS_MAX]);

/* The doors into a room that aren't secret: the door cells along its four
 * sides, just outside it. Returns how many. */
int rooms_doors_into(const Map *map, Rect room, Point doors[], int max);

#endif
