/* Cells, rectangles and the eight directions: the words every module of
 * the rules shares. */
#ifndef AMULETS_GEOM_H
#define AMULETS_GEOM_H

#include <stdbool.h>

#include "invariant.h"

enum { MAP_W = 64, MAP_H = 36, MAP_CELLS = MAP_W * MAP_H };

typedef struct Point { int x, y; } Point;
typedef struct Rect { int x, y, w, h; } Rect;

/* Clockwise from north, so the even ones (0, 2, 4, 6) are the straight
 * ones: N, NE, E, SE, S, SW, W, NW. */
extern const Point DIRS[8];

static inline bool point_eq(Point a, Point b) { return a.x == b.x && a.y == b.y; }
static inline Point point_add(Point a, Point b) { return (Point){a.x + b.x, a.y + b.y}; }
static inline bool in_bounds(int x, int y) { return x >= 0 && y >= 0 && x < MAP_W && y < MAP_H; }
/* A cell off the map has no index: asking for one is a mistake, caught in
 * the checked builds before it reads or writes past a map's arrays */
static inline int cell_index(int x, int y)
{
    INVARIANT(in_bounds(x, y));
    return y * MAP_W + x;
}
static inline Point cell_point(int index)
{
    INVARIANT(index >= 0 && index < MAP_CELLS);
    return (Point){index % MAP_W, index / MAP_W};
}

static inline bool rect_contains(Rect r, Point p)
{
    return p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h;
}

static inline bool rects_overlap(Rect a, Rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* The cell in the middle of a rectangle, rounding up and left */
static inline Point rect_center(Rect r) { return (Point){r.x + r.w / 2, r.y + r.h / 2}; }

/* Steps between two cells when diagonals count as one (Chebyshev) */
static inline int chebyshev(Point a, Point b)
{
    int dx = a.x > b.x ? a.x - b.x : b.x - a.x;
    int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx > dy ? dx : dy;
}

#endif
