/* Helpers the map tests share: reachability by a plain flood fill, written
 * separately from the game's own so the two can check each other. */
#ifndef AMULETS_MAPTEST_H
#define AMULETS_MAPTEST_H

#include <string.h>

#include "map.h"

/* Marks reached[i] for every cell joined to start through passable cells,
 * in eight directions. Returns how many. */
static inline int reach_passable(const Map *map, Point start, unsigned char reached[MAP_CELLS])
{
    static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    int queue[MAP_CELLS];
    int head = 0, tail = 0;
    memset(reached, 0, MAP_CELLS);
    if (!in_bounds(start.x, start.y)) return 0;
    reached[cell_index(start.x, start.y)] = 1;
    queue[tail++] = cell_index(start.x, start.y);
    while (head < tail) {
        int cell = queue[head++];
        int x = cell % MAP_W, y = cell / MAP_W;
        for (int i = 0; i < 8; ++i) {
            int nx = x + dx[i], ny = y + dy[i];
            if (!in_bounds(nx, ny) || !map_passable(map, nx, ny)) continue;
            int next = cell_index(nx, ny);
            if (!reached[next]) {
                reached[next] = 1;
                queue[tail++] = next;
            }
        }
    }
    return tail;
}

static inline int count_passable(const Map *map)
{
    int count = 0;
    for (int y = 0; y < MAP_H; ++y)
        for (int x = 0; x < MAP_W; ++x)
            count += map_passable(map, x, y);
    return count;
}

#endif
