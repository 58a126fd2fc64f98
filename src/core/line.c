#include "line.h"

#include <stdlib.h>

#include "invariant.h"
#include "slope.h"

/* The line is the slope m = minor / major (column over depth, in the
 * field of view's quadrant that holds the target) followed the way
 * fov.c's shadowcasting sweeps a quadrant: row by row outward, each row
 * a span of lit slopes [s, e]. At each depth the line touches one cell,
 * or two when it runs exactly through a corner. It goes on through an
 * open one of those that is in the row's cells (the row holds the cells
 * whose extent meets the span, ties at its ends rounding inward, as in
 * fov.c), and the next span is the one the run of open cells around it
 * lights. So the slope is lit at a depth exactly when the sweep lights
 * it there, and an open cell is seen exactly when its centre's slope is
 * lit: the line reaches the target exactly when the target is seen. */

typedef struct Frac { int num, den; } Frac;   /* den > 0 */

/* A quadrant as fov.c frames it: cell (depth, col) is
 * from + depth * depth_step + col * col_step */
typedef struct Frame {
    Point from;
    Point depth_step, col_step;
    int minor, major;        /* the slope, major > 0 */
} Frame;

static Point cell_of(const Frame *f, int depth, int col)
{
    return (Point){f->from.x + depth * f->depth_step.x + col * f->col_step.x,
                   f->from.y + depth * f->depth_step.y + col * f->col_step.y};
}

static bool blocks(const Map *map, Point p)
{
    return !in_bounds(p.x, p.y) || map_blocks_sight(map, p.x, p.y);
}

/* The row's first and last columns on the map, as fov_row works them out */
static void row_range(const Frame *f, int depth, Frac s, Frac e, int *lo, int *hi)
{
    *lo = slope_first_col(depth, s.num, s.den);
    *hi = slope_last_col(depth, e.num, e.den);
    while (*lo <= *hi && !in_bounds(cell_of(f, depth, *lo).x, cell_of(f, depth, *lo).y)) ++*lo;
    while (*hi >= *lo && !in_bounds(cell_of(f, depth, *hi).x, cell_of(f, depth, *hi).y)) --*hi;
}

/* The column the line takes at a depth, or INT_MIN-ish (lo - 1) when it
 * touches no cell of the row; *open says whether it can go on */
static int pick_column(const Map *map, const Frame *f, int depth, int lo, int hi, bool *open)
{
    int twice = 2 * f->minor * depth + f->major;       /* (m * depth + 1/2) * 2 * major */
    int upper = slope_floor_div(twice, 2 * f->major);
    bool corner = twice % (2 * f->major) == 0;
    int first = corner ? upper - 1 : upper;
    int chosen = lo - 1;
    *open = false;
    for (int col = first; col <= upper; ++col) {
        if (col < lo || col > hi) continue;
        bool is_open = !blocks(map, cell_of(f, depth, col));
        if (chosen < lo || (is_open && !*open)) {
            chosen = col;
            *open = is_open;
        }
    }
    return chosen;
}

/* The span the run of open cells around col lights at the next depth */
static void next_span(const Map *map, const Frame *f, int depth, int col, int lo, int hi,
                      Frac *s, Frac *e)
{
    int first = col, last = col;
    while (first > lo && !blocks(map, cell_of(f, depth, first - 1))) --first;
    while (last < hi && !blocks(map, cell_of(f, depth, last + 1))) ++last;
    if (first > lo) *s = (Frac){2 * first - 1, 2 * depth};
    if (last < hi) *e = (Frac){2 * last + 1, 2 * depth};
}

/* Follows the line in one frame; returns how many cells, and whether the
 * target (at depth f->major) was reached */
static int follow(const Map *map, const Frame *f, int max, Point *out, bool *reached)
{
    Frac s = {-1, 1}, e = {1, 1};
    int count = 0;
    *reached = false;
    for (int depth = 1; count < max; ++depth) {
        int lo, hi;
        row_range(f, depth, s, e, &lo, &hi);
        bool open;
        int col = pick_column(map, f, depth, lo, hi, &open);
        if (col < lo) break;                  /* through a corner sight can't pass */
        out[count++] = cell_of(f, depth, col);
        *reached = *reached || depth == f->major;
        if (!open) break;                     /* into a wall, a door */
        next_span(map, f, depth, col, lo, hi, &s, &e);
    }
    return count;
}

static Frame frame_toward(Point from, int dx, int dy, bool x_major)
{
    Frame f = {from, {0, 0}, {0, 0}, 0, 0};
    if (x_major) {
        f.depth_step = (Point){dx > 0 ? 1 : -1, 0};
        f.col_step = (Point){0, 1};
        f.major = abs(dx);
        f.minor = dy;
    } else {
        f.depth_step = (Point){0, dy > 0 ? 1 : -1};
        f.col_step = (Point){1, 0};
        f.major = abs(dy);
        f.minor = dx;
    }
    return f;
}

int line_cells(const Map *map, Point from, Point to, int max, Point *out)
{
    int dx = to.x - from.x, dy = to.y - from.y;
    if ((dx == 0 && dy == 0) || max <= 0) return 0;
    INVARIANT(in_bounds(from.x, from.y));
    bool reached;
    Frame f = frame_toward(from, dx, dy, abs(dx) > abs(dy));
    int count = follow(map, &f, max, out, &reached);
    if (abs(dx) != abs(dy) || reached) return count;
    /* a diagonal lies in two quadrants, and is seen if either sees it */
    Point other[MAP_W + MAP_H];
    int limit = max < MAP_W + MAP_H ? max : MAP_W + MAP_H;
    Frame g = frame_toward(from, dx, dy, true);
    int n = follow(map, &g, limit, other, &reached);
    if (!reached) return count;
    for (int i = 0; i < n; ++i) out[i] = other[i];
    return n;
}
