/* Symmetric shadowcasting, after Albert Ford's algorithm. The view is cut
 * into four quadrants (north, south, east, west, each between the two
 * diagonals), and each quadrant is swept row by row outward from the
 * origin. A row is a span of slopes [start, end] (column over depth) that
 * is still lit. In a row:
 *   - a blocking cell is seen if any of it lies in the span,
 *   - a cell that doesn't block is seen only if its centre does,
 *   - each run of open cells lights a narrower row one step further out.
 * Judging open cells by their centres is what makes sight symmetric.
 *
 * Slopes are fractions kept as whole numbers (no floats), and rows wait
 * on a small explicit stack (no recursion).
 *
 * Only cells inside the disk of the radius and on the map are ever looked
 * at, and that is exact, not an approximation. Say e is the widest column
 * inside the disk at depth d. Whatever lies past it (or past the map's
 * edge) can only change which slopes beyond (e + 1/2) / d are lit, and
 * every cell further out that such a slope touches, any part of it, is
 * outside the disk too (or off the map): leaving those cells out changes
 * nothing inside. So the view within a radius is exactly the unbounded
 * view cut to the disk, a wall just past the disk's edge shades nothing
 * that matters, and as the disk is symmetric, so is the view. (The test
 * compares every view with a plain model that sweeps whole rows.) */
#include "fov.h"

#include <string.h>

#include "slope.h"

#include "invariant.h"

/* Beyond this every cell of the map is inside the disk */
enum { FOV_MAX_RADIUS = MAP_W + MAP_H };

/* A span of lit slopes at one depth; a slope is num / den with den > 0 */
typedef struct FovRow {
    short depth;
    short start_num, start_den;
    short end_num, end_den;
} FovRow;

/* Each row on the stack grew from a different run of open cells of the
 * quadrant, so there can never be more rows waiting than cells */
typedef struct FovStack {
    int count;
    FovRow rows[MAP_CELLS];
} FovStack;

/* One quadrant's frame: a cell (depth, col) is at
 * origin + depth * depth_step + col * col_step, and the columns from
 * col_min to col_max are on the map (col_min <= 0 <= col_max, which the
 * clipping at the map's edge relies on). */
typedef struct FovQuadrant {
    int origin;            /* index of the origin cell */
    int depth_step, col_step;
    int depth_max;         /* the last depth still on the map */
    int col_min, col_max;
} FovQuadrant;

/* Everything one sweep needs */
typedef struct FovSweep {
    const uint8_t *terrain;
    uint8_t *seen;         /* marked 1 for each cell seen */
    uint8_t *also;         /* marked too (explored), or the same as seen */
    int radius;
    int disk[FOV_MAX_RADIUS + 1];   /* widest column in the disk, by depth */
    FovStack stack;
} FovSweep;

static const uint8_t BLOCKS[256] = {   /* by terrain, any byte */
    [T_WALL] = 1, [T_CLOSED_DOOR] = 1, [T_SECRET_DOOR] = 1,
};

/* The widest column inside the disk at each depth, so marking a row needs
 * no multiplication */
static void fov_fill_disk(FovSweep *sweep)
{
    int r = sweep->radius;
    int limit = r * r + r;
    int col = r;
    for (int depth = 0; depth <= r; ++depth) {
        while (col * col + depth * depth > limit) {
            --col;
        }
        sweep->disk[depth] = col;
    }
}

static void fov_push(FovStack *stack, int depth, int start_num, int start_den,
                     int end_num, int end_den)
{
    INVARIANT(stack->count < MAP_CELLS && start_den > 0 && end_den > 0);
    stack->rows[stack->count++] = (FovRow){
        (short)depth, (short)start_num, (short)start_den, (short)end_num, (short)end_den,
    };
}

static int fov_blocked(const FovSweep *sweep, const FovQuadrant *q, int base, int col)
{
    return BLOCKS[sweep->terrain[base + col * q->col_step]];
}

static void fov_mark(FovSweep *sweep, const FovQuadrant *q, int base, int lo, int hi)
{
    for (int col = lo, i = base + lo * q->col_step; col <= hi; ++col, i += q->col_step) {
        sweep->seen[i] = 1;
        sweep->also[i] = 1;
    }
}

/* Marks the cells of a row from lo to hi. Blocking cells in the span are
 * all seen; an open cell is seen only if its centre is in it, which can
 * fail only for the row's first and last cells. */
static void fov_mark_row(FovSweep *sweep, const FovQuadrant *q, const FovRow *row,
                         int base, int lo, int hi)
{
    int depth = row->depth;
    if (lo * row->start_den < depth * row->start_num && !fov_blocked(sweep, q, base, lo)) {
        ++lo;
    }
    if (hi * row->end_den > depth * row->end_num && !fov_blocked(sweep, q, base, hi)) {
        --hi;
    }
    fov_mark(sweep, q, base, lo, hi);
}

/* Pushes the next row's spans: one for each run of open cells from lo to
 * hi. A run's span starts where the wall before it ends (at its first
 * cell's column - 1/2) and ends where the wall after it begins. */
static void fov_split_row(FovSweep *sweep, const FovQuadrant *q, const FovRow *row,
                          int base, int lo, int hi)
{
    int depth = row->depth;
    int start_num = row->start_num, start_den = row->start_den;
    int prev = -1;
    for (int col = lo; col <= hi; ++col) {
        int wall = fov_blocked(sweep, q, base, col);
        if (prev == 1 && !wall) {
            start_num = 2 * col - 1;
            start_den = 2 * depth;
        } else if (prev == 0 && wall) {
            fov_push(&sweep->stack, depth + 1, start_num, start_den, 2 * col - 1, 2 * depth);
        }
        prev = wall;
    }
    if (prev == 0) {
        fov_push(&sweep->stack, depth + 1, start_num, start_den, row->end_num, row->end_den);
    }
}

/* A row's cells are those whose extent, column - 1/2 to column + 1/2,
 * meets the span (ties at the ends rounding inward), but only those in
 * the disk and on the map are looked at: see the top of the file. */
static void fov_row(FovSweep *sweep, const FovQuadrant *q, const FovRow *row)
{
    int depth = row->depth, edge = sweep->disk[depth];
    int lo = slope_first_col(depth, row->start_num, row->start_den);
    int hi = slope_last_col(depth, row->end_num, row->end_den);
    lo = lo > -edge ? lo : -edge;
    lo = lo > q->col_min ? lo : q->col_min;
    hi = hi < edge ? hi : edge;
    hi = hi < q->col_max ? hi : q->col_max;
    if (lo > hi) {
        return;
    }
    /* the row is on the map and in the disk, as the clipping promises */
    INVARIANT(depth >= 1 && depth <= q->depth_max && depth <= sweep->radius);
    INVARIANT(lo >= q->col_min && hi <= q->col_max);
    int base = q->origin + depth * q->depth_step;
    fov_mark_row(sweep, q, row, base, lo, hi);
    if (depth < sweep->radius && depth < q->depth_max) {
        fov_split_row(sweep, q, row, base, lo, hi);
    }
}

static void fov_quadrant(FovSweep *sweep, const FovQuadrant *q)
{
    if (q->depth_max < 1 || sweep->radius < 1) {
        return;
    }
    sweep->stack.count = 0;
    fov_push(&sweep->stack, 1, -1, 1, 1, 1);
    while (sweep->stack.count > 0) {
        FovRow row = sweep->stack.rows[--sweep->stack.count];
        fov_row(sweep, q, &row);
    }
}

static void fov_sweep(FovSweep *sweep, Point o)
{
    int origin = cell_index(o.x, o.y);
    const FovQuadrant quadrants[4] = {
        {origin, -MAP_W, 1, o.y, -o.x, MAP_W - 1 - o.x},               /* north */
        {origin, MAP_W, 1, MAP_H - 1 - o.y, -o.x, MAP_W - 1 - o.x},    /* south */
        {origin, 1, MAP_W, MAP_W - 1 - o.x, -o.y, MAP_H - 1 - o.y},    /* east */
        {origin, -1, MAP_W, o.x, -o.y, MAP_H - 1 - o.y},               /* west */
    };
    sweep->seen[origin] = 1;
    sweep->also[origin] = 1;
    fov_fill_disk(sweep);
    for (int i = 0; i < 4; ++i) {
        fov_quadrant(sweep, &quadrants[i]);
    }
}

static void fov_run(const Map *map, Point origin, int radius, uint8_t *seen, uint8_t *also)
{
    if (!in_bounds(origin.x, origin.y)) {
        return;   /* nowhere to look from: nothing seen */
    }
    FovSweep sweep;
    sweep.terrain = map->terrain;
    sweep.seen = seen;
    sweep.also = also;
    sweep.radius = radius < 0 ? 0 : radius > FOV_MAX_RADIUS ? FOV_MAX_RADIUS : radius;
    fov_sweep(&sweep, origin);
}

void fov_compute(Map *map, Point origin, int radius)
{
    memset(map->visible, 0, sizeof map->visible);
    fov_run(map, origin, radius, map->visible, map->explored);
}

void fov_compute_into(const Map *map, Point origin, int radius,
                      unsigned char seen[MAP_CELLS])
{
    fov_run(map, origin, radius, seen, seen);
}
