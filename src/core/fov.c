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

#define FOV_BLOCKS(id, name, glyph, save, tile, walk, pass, blocks, ...) [T_##id] = blocks,
static const uint8_t BLOCKS[256] = {TERRAINS(FOV_BLOCKS)};   /* by terrain, any byte */
#undef FOV_BLOCKS

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

/* The runs of open cells found so far along a row, each the span of a
 * row one further out: the one being found, and the last found, which is
 * pushed only when another is found after it (the last of all is looked
 * at next instead, and most rows have only one) */
typedef struct FovRuns {
    FovRow run, found;
    bool open, any;   /* the cell before is open; a run is in found */
} FovRuns;

static inline void fov_found(FovSweep *sweep, FovRuns *r)
{
    if (r->any) {
        FovRow *f = &r->found;
        fov_push(&sweep->stack, f->depth, f->start_num, f->start_den, f->end_num, f->end_den);
    }
    r->found = r->run;
    r->any = true;
}

/* The next cell along the row, at col, after the first: a run starts
 * where the wall before it ends (at its first cell's column - 1/2), and
 * ends where the wall after it begins */
static inline void fov_next_cell(FovSweep *sweep, FovRuns *r, bool wall, int col, int depth)
{
    if (wall == r->open) {
        if (wall) {
            r->run.end_num = (short)(2 * col - 1);
            r->run.end_den = (short)(2 * depth);
            fov_found(sweep, r);
        } else {
            r->run.start_num = (short)(2 * col - 1);
            r->run.start_den = (short)(2 * depth);
        }
        r->open = !wall;
    }
}

/* One pass along a row's cells from lo to hi: marks those seen, and,
 * when split, finds the runs of open cells. Blocking cells in the span
 * are all seen; an open cell only if its centre is in it, which can fail
 * only for the first and the last. True if *row is now the next row to
 * look at */
static bool fov_scan(FovSweep *sweep, const FovQuadrant *q, FovRow *row, int base, int lo,
                     int hi, bool split)
{
    int depth = row->depth, step = q->col_step;
    const uint8_t *terrain = sweep->terrain + base;
    uint8_t *seen = sweep->seen + base, *also = sweep->also + base;
    FovRuns r = {{(short)(depth + 1), row->start_num, row->start_den, 0, 0}, {0, 0, 0, 0, 0},
                 false, false};
    bool wall = BLOCKS[terrain[lo * step]];
    bool centre_in = lo * row->start_den >= depth * row->start_num &&
                     (lo < hi || hi * row->end_den <= depth * row->end_num);
    if (wall || centre_in) {
        seen[lo * step] = also[lo * step] = 1;
    }
    r.open = !wall;
    int col = lo + 1, i = col * step;
    for (; col < hi; ++col, i += step) {
        wall = BLOCKS[terrain[i]];
        seen[i] = also[i] = 1;
        if (split) fov_next_cell(sweep, &r, wall, col, depth);
    }
    if (hi > lo) {
        wall = BLOCKS[terrain[i]];
        if (wall || hi * row->end_den <= depth * row->end_num) seen[i] = also[i] = 1;
        if (split) fov_next_cell(sweep, &r, wall, hi, depth);
    }
    if (!split) return false;
    if (r.open) {
        r.run.end_num = row->end_num;
        r.run.end_den = row->end_den;
        r.any = false;   /* nothing before it waits: it's the last */
        if (r.found.depth != 0) {
            FovRow *f = &r.found;
            fov_push(&sweep->stack, f->depth, f->start_num, f->start_den, f->end_num, f->end_den);
        }
        *row = r.run;
        return true;
    }
    *row = r.found;
    return r.any;
}

/* A row's cells are those whose extent, column - 1/2 to column + 1/2,
 * meets the span (ties at the ends rounding inward), but only those in
 * the disk and on the map are looked at: see the top of the file. True
 * if *row is now the next row to look at */
static bool fov_row(FovSweep *sweep, const FovQuadrant *q, FovRow *row)
{
    int depth = row->depth, edge = sweep->disk[depth];
    int lo = slope_first_col(depth, row->start_num, row->start_den);
    int hi = slope_last_col(depth, row->end_num, row->end_den);
    lo = lo > -edge ? lo : -edge;
    lo = lo > q->col_min ? lo : q->col_min;
    hi = hi < edge ? hi : edge;
    hi = hi < q->col_max ? hi : q->col_max;
    if (lo > hi) {
        return false;
    }
    /* the row is on the map and in the disk, as the clipping promises */
    INVARIANT(depth >= 1 && depth <= q->depth_max && depth <= sweep->radius);
    INVARIANT(lo >= q->col_min && hi <= q->col_max);
    int base = q->origin + depth * q->depth_step;
    return fov_scan(sweep, q, row, base, lo, hi, depth < sweep->radius && depth < q->depth_max);
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
        while (fov_row(sweep, q, &row)) {
        }
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
