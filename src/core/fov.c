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
_Static_assert(MAP_W <= 64 && MAP_H <= 64, "a row of a quadrant is one 64-bit word of walls");

/* A span of lit slopes at one depth; a slope is num / den, den even:
 * twice the depth of the row it was found in (the first row's are -2/2
 * and 2/2), and -den <= num <= den, as every span lies within the
 * quadrant's diagonals */
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

/* 2^32 / den rounded up, by den / 2 (a slope's den is 2 to twice the
 * radius), so finding a row's columns needs no division */
#define FOV_PER_DEN(half) (((uint64_t)1 << 32) / (2 * (uint64_t)(half)) + 1)
#define FOV_PER_DEN10(t) FOV_PER_DEN(t + 0), FOV_PER_DEN(t + 1), FOV_PER_DEN(t + 2), \
    FOV_PER_DEN(t + 3), FOV_PER_DEN(t + 4), FOV_PER_DEN(t + 5), FOV_PER_DEN(t + 6),   \
    FOV_PER_DEN(t + 7), FOV_PER_DEN(t + 8), FOV_PER_DEN(t + 9)
static const uint64_t PER_DEN[] = {
    0, FOV_PER_DEN10(1), FOV_PER_DEN10(11), FOV_PER_DEN10(21), FOV_PER_DEN10(31),
    FOV_PER_DEN10(41), FOV_PER_DEN10(51), FOV_PER_DEN10(61), FOV_PER_DEN10(71),
    FOV_PER_DEN10(81), FOV_PER_DEN10(91),
};
#undef FOV_PER_DEN10
#undef FOV_PER_DEN
_Static_assert(sizeof PER_DEN / sizeof PER_DEN[0] == FOV_MAX_RADIUS + 1, "one for each den / 2");

/* n / den rounded down, for 0 <= n <= FOV_MAX_NUMERATOR: n * PER_DEN
 * overshoots n / den by less than n * den / 2^32 / den, too little to
 * pass the next whole number while n < 2^32 / den (2^32 / 2^8 here) */
enum { FOV_MAX_NUMERATOR = FOV_MAX_RADIUS * 4 * FOV_MAX_RADIUS + FOV_MAX_RADIUS };
_Static_assert(FOV_MAX_NUMERATOR < (1 << 24) && 2 * FOV_MAX_RADIUS < (1 << 8),
               "the reciprocals are exact for every numerator");
static inline int fov_div(int n, int den)
{
    INVARIANT(n >= 0 && n <= FOV_MAX_NUMERATOR && den >= 2 && den % 2 == 0);
    return (int)(((uint64_t)n * PER_DEN[den / 2]) >> 32);
}

/* The first column of a row at depth whose extent, column - 1/2 to
 * column + 1/2, meets slopes from num / den, ties rounding inward: as
 * slope_first_col, floor((2 depth num + den) / 2 den), made a division
 * of a number >= 0 by den by adding depth */
static inline int fov_first_col(int depth, int num, int den)
{
    return fov_div(depth * (num + den) + den / 2, den) - depth;
}

/* The last column whose extent meets slopes up to num / den: as
 * slope_last_col, ceil((2 depth num - den) / 2 den) */
static inline int fov_last_col(int depth, int num, int den)
{
    return depth - fov_div(depth * (den - num) + den / 2, den);
}

static void fov_push(FovStack *stack, int depth, int start_num, int start_den,
                     int end_num, int end_den)
{
    INVARIANT(stack->count < MAP_CELLS && start_den > 0 && end_den > 0);
    INVARIANT(-start_den <= start_num && start_num <= start_den && -end_den <= end_num &&
              end_num <= end_den);
    stack->rows[stack->count++] = (FovRow){
        (short)depth, (short)start_num, (short)start_den, (short)end_num, (short)end_den,
    };
}

/* The runs of open cells along a row (bit k of open is column lo + k),
 * each the span of a row one further out: a run starts where the wall
 * before it ends (its first column - 1/2) or where the row starts, and
 * ends where the wall after it begins or where the row ends. All but the
 * last wait on the stack; the last is looked at next (most rows have only
 * one). True if *row is now that last run */
static bool fov_runs(FovSweep *sweep, FovRow *row, uint64_t open, int lo, int n)
{
    if (open == 0) {
        return false;
    }
    int depth = row->depth;
    short two_depth = (short)(2 * depth);
    FovRow next = {(short)(depth + 1), row->start_num, row->start_den, 0, 0};
    for (;;) {
        int s = __builtin_ctzll(open);
        uint64_t from = open >> s;
        int len = ~from == 0 ? 64 - s : __builtin_ctzll(~from);
        int e = s + len;   /* the wall after the run, or n */
        if (s > 0) {
            next.start_num = (short)(2 * (lo + s) - 1);
            next.start_den = two_depth;
        }
        open = e >= 64 ? 0 : open >> e << e;
        if (open == 0) {
            next.end_num = e >= n ? row->end_num : (short)(2 * (lo + e) - 1);
            next.end_den = e >= n ? row->end_den : two_depth;
            *row = next;
            return true;
        }
        next.end_num = (short)(2 * (lo + e) - 1);
        next.end_den = two_depth;
        fov_push(&sweep->stack, next.depth, next.start_num, next.start_den, next.end_num,
                 next.end_den);
    }
}

/* One pass along a row's cells from lo to hi: marks those seen, and,
 * when split, finds the runs of open cells. Blocking cells in the span
 * are all seen; an open cell only if its centre is in it, which can fail
 * only for the first and the last. The walls of the row are gathered as
 * bits first, so the runs are found a run at a time, not a cell at a
 * time (fewer branches the machine can guess wrong). True if *row is now
 * the next row to look at */
static bool fov_scan(FovSweep *sweep, const FovQuadrant *q, FovRow *row, int base, int lo,
                     int hi, bool split)
{
    int depth = row->depth, step = q->col_step, n = hi - lo + 1;
    const uint8_t *terrain = sweep->terrain + base + lo * step;
    uint8_t *seen = sweep->seen + base + lo * step, *also = sweep->also + base + lo * step;
    uint64_t walls = BLOCKS[terrain[0]];
    bool centre_in = lo * row->start_den >= depth * row->start_num &&
                     (lo < hi || hi * row->end_den <= depth * row->end_num);
    if (walls || centre_in) {
        seen[0] = also[0] = 1;
    }
    int k = 1, i = step;
    for (; k < n - 1; ++k, i += step) {
        walls |= (uint64_t)BLOCKS[terrain[i]] << k;
        seen[i] = also[i] = 1;
    }
    if (n > 1) {
        uint64_t wall = BLOCKS[terrain[i]];
        walls |= wall << k;
        if (wall || hi * row->end_den <= depth * row->end_num) seen[i] = also[i] = 1;
    }
    if (!split) return false;
    return fov_runs(sweep, row, ~walls & (~(uint64_t)0 >> (64 - n)), lo, n);
}

/* A row's cells are those whose extent, column - 1/2 to column + 1/2,
 * meets the span (ties at the ends rounding inward), but only those in
 * the disk and on the map are looked at: see the top of the file. True
 * if *row is now the next row to look at */
static bool fov_row(FovSweep *sweep, const FovQuadrant *q, FovRow *row)
{
    int depth = row->depth, edge = sweep->disk[depth];
    int lo = fov_first_col(depth, row->start_num, row->start_den);
    int hi = fov_last_col(depth, row->end_num, row->end_den);
    /* the same columns a shot's line finds (slope.h), checked where checks are on */
    INVARIANT(lo == slope_first_col(depth, row->start_num, row->start_den) &&
              hi == slope_last_col(depth, row->end_num, row->end_den));
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
    bool split = depth < sweep->radius && depth < q->depth_max;
    return fov_scan(sweep, q, row, base, lo, hi, split);
}

static void fov_quadrant(FovSweep *sweep, const FovQuadrant *q)
{
    if (q->depth_max < 1 || sweep->radius < 1) {
        return;
    }
    sweep->stack.count = 0;
    fov_push(&sweep->stack, 1, -2, 2, 2, 2);
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
