/* Field of view: symmetric shadowcasting. If a cell A that doesn't block
 * sight sees another such cell B, then B sees A, so "the monster sees the
 * player" and "the player sees the monster" always agree. Walls, closed
 * doors and secret doors block sight; a blocking cell is seen when any of
 * it is lit. */
#ifndef AMULETS_FOV_H
#define AMULETS_FOV_H

#include "map.h"

/* Clears map->visible, then marks every cell seen from origin within
 * radius (x*x + y*y <= radius*radius + radius) visible and explored. The
 * origin always sees itself. */
void fov_compute(Map *map, Point origin, int radius);

/* The same sight without touching the map's flags: seen[i] is set to 1 for
 * each cell seen, and the rest left as they were. */
void fov_compute_into(const Map *map, Point origin, int radius,
                      unsigned char seen[MAP_CELLS]);

/* True if a cell at (dx, dy) from the origin is within radius */
static inline int fov_in_radius(int dx, int dy, int radius)
{
    return dx * dx + dy * dy <= radius * radius + radius;
}

#endif
