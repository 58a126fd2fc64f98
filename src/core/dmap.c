/* Distance maps by Dial's algorithm, in the form it takes when the cost
 * of a step depends only on the cell stepped onto (1 onto ground,
 * door_cost onto a closed door):
 *
 * Cells leave the queue in order of distance. A cell first reached from
 * the cell leaving the queue at distance v gets v + its step cost, and
 * nothing leaving later (at v or more) can offer it less, so a cell's
 * first distance is its last and it is queued exactly once. The cells
 * queued by steps of one cost therefore arrive in order of distance: the
 * bucket queue needs only one FIFO per step cost, and the next cell is
 * the smaller of their heads. No ring of buckets to scan, no stale
 * entries, and any door cost works, however large.
 *
 * The flee map starts from arbitrary values instead of zeros: the seeds,
 * sorted by value with a counting sort, are a third stream merged in, and
 * a seed already bettered by a step is skipped when it comes up. */
#include "dmap.h"

#include <string.h>

#include "tune.h"

/* Keeps every distance of a map clear of DMAP_UNREACHED (MAP_CELLS
 * steps at this cost stay below 2^30) */
enum { DMAP_MAX_DOOR_COST = 1 << 18 };

/* Counting sort digits: one pass sorts distances below 1024 */
enum { DMAP_RADIX_BITS = 10, DMAP_RADIX = 1 << DMAP_RADIX_BITS };

/* Cells waiting in order of distance */
typedef struct DmapFifo {
    int head, tail;
    int16_t cells[MAP_CELLS];
} DmapFifo;

/* The whole queue: steps onto ground, steps onto doors, and (for the flee
 * map) the sorted seeds */
typedef struct DmapQueue {
    DmapFifo ground, doors;
    int seed_count;
    int16_t seeds[MAP_CELLS];
    int32_t seed_value[MAP_CELLS];   /* by cell: what its seed was */
    int32_t step_cost[256];          /* by terrain; 0: never entered */
    const uint8_t *terrain;
} DmapQueue;

/* The eight neighbours of a cell not on the map's edge, as index offsets */
static const int NEIGHBOUR[8] = {
    -MAP_W, -MAP_W + 1, 1, MAP_W + 1, MAP_W, MAP_W - 1, -1, -MAP_W - 1,
};

static void dmap_queue_init(DmapQueue *q, const Map *map, int door_cost)
{
    if (door_cost < 1) {
        door_cost = 1;   /* a door never costs less than a step */
    } else if (door_cost > DMAP_MAX_DOOR_COST) {
        door_cost = DMAP_MAX_DOOR_COST;
    }
    memset(q->step_cost, 0, sizeof q->step_cost);
    q->step_cost[T_FLOOR] = 1;
    q->step_cost[T_STAIRS] = 1;
    q->step_cost[T_CAVE_FLOOR] = 1;
    q->step_cost[T_OPEN_DOOR] = 1;
    q->step_cost[T_CLOSED_DOOR] = door_cost;
    q->terrain = map->terrain;
    q->ground.head = q->ground.tail = 0;
    q->doors.head = q->doors.tail = 0;
    q->seed_count = 0;
}

static void dmap_fill_unreached(Dmap *dmap)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        dmap->d[i] = DMAP_UNREACHED;
    }
}

/* The queue's moving parts, held in locals while it runs so the
 * compiler keeps them in registers (stores to the distances could
 * otherwise alias them) */
typedef struct DmapRun {
    int32_t *restrict d;
    const uint8_t *restrict terrain;
    const int32_t *restrict step_cost;
    int16_t *restrict ground, *restrict doors;
    int ground_head, ground_tail, doors_head, doors_tail;
    int32_t ceiling;    /* only cells below it can be bettered */
} DmapRun;

/* Offers a neighbour the distance v + its step cost. A step cost of 1 is
 * always the ground's, so each FIFO keeps one cost and stays in order. */
static inline void dmap_offer(DmapRun *r, int next, int32_t v)
{
    int32_t cost = r->step_cost[r->terrain[next]];
    int32_t old = r->d[next];
    if (cost != 0 && v + cost < old && old < r->ceiling) {
        r->d[next] = v + cost;
        if (cost == 1) {
            r->ground[r->ground_tail++] = (int16_t)next;
        } else {
            r->doors[r->doors_tail++] = (int16_t)next;
        }
    }
}

/* Offers each neighbour of a cell the cell's distance plus the step */
static inline void dmap_relax(DmapRun *r, int cell)
{
    int32_t v = r->d[cell];
    int x = cell % MAP_W, y = cell / MAP_W;
    if (x > 0 && y > 0 && x < MAP_W - 1 && y < MAP_H - 1) {
        for (int k = 0; k < 8; ++k) {
            dmap_offer(r, cell + NEIGHBOUR[k], v);
        }
        return;
    }
    for (int k = 0; k < 8; ++k) {
        if (in_bounds(x + DIRS[k].x, y + DIRS[k].y)) {
            dmap_offer(r, cell + NEIGHBOUR[k], v);
        }
    }
}

/* The distance of the next cell the steps offer, INT32_MAX if none */
static inline int32_t dmap_next_step(const DmapRun *r)
{
    int32_t best = INT32_MAX;
    if (r->ground_head < r->ground_tail) {
        best = r->d[r->ground[r->ground_head]];
    }
    if (r->doors_head < r->doors_tail && r->d[r->doors[r->doors_head]] < best) {
        best = r->d[r->doors[r->doors_head]];
    }
    return best;
}

/* Takes the next cell the steps offer (there must be one). Doors are
 * few, so their FIFO is mostly empty. */
static inline int dmap_take_step(DmapRun *r)
{
    if (r->doors_head == r->doors_tail ||
        (r->ground_head < r->ground_tail &&
         r->d[r->ground[r->ground_head]] <= r->d[r->doors[r->doors_head]])) {
        return r->ground[r->ground_head++];
    }
    return r->doors[r->doors_head++];
}

static DmapRun dmap_run_of(DmapQueue *q, int32_t *d, int32_t ceiling)
{
    return (DmapRun){
        d, q->terrain, q->step_cost, q->ground.cells, q->doors.cells,
        q->ground.head, q->ground.tail, q->doors.head, q->doors.tail, ceiling,
    };
}

/* What a cell is to dmap_compute's spreading: */
enum { DMAP_SHUT = 0, DMAP_GROUND = 1, DMAP_DOOR = 2 };

/* Every cell's kind, worked out in one pass the compiler can vectorise */
static void dmap_kinds(const Map *map, uint8_t *restrict kind)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        int t = map->terrain[i];
        int ground = (t == T_FLOOR) | (t == T_STAIRS) | (t == T_CAVE_FLOOR) | (t == T_OPEN_DOOR);
        kind[i] = (uint8_t)(ground | ((t == T_CLOSED_DOOR) << 1));
    }
}

/* Where each cell's first distance is its last (all seeds at 0), a cell
 * once reached is shut, so each step needs one test: is the cell still
 * open ground or a door? */
static inline void dmap_reach(DmapRun *r, uint8_t *restrict kind, int next, int32_t v,
                              int32_t door_cost)
{
    int k = kind[next];
    if (k == DMAP_SHUT) {
        return;
    }
    kind[next] = DMAP_SHUT;
    if (k == DMAP_GROUND) {
        r->d[next] = v + 1;
        r->ground[r->ground_tail++] = (int16_t)next;
    } else {
        r->d[next] = v + door_cost;
        r->doors[r->doors_tail++] = (int16_t)next;
    }
}

static void dmap_spread(DmapRun *r, uint8_t *restrict kind, int32_t door_cost)
{
    while (r->ground_head < r->ground_tail || r->doors_head < r->doors_tail) {
        int cell = dmap_take_step(r);
        int32_t v = r->d[cell];
        int x = cell % MAP_W, y = cell / MAP_W;
        if (x > 0 && y > 0 && x < MAP_W - 1 && y < MAP_H - 1) {
            for (int k = 0; k < 8; ++k) {
                dmap_reach(r, kind, cell + NEIGHBOUR[k], v, door_cost);
            }
            continue;
        }
        for (int k = 0; k < 8; ++k) {
            if (in_bounds(x + DIRS[k].x, y + DIRS[k].y)) {
                dmap_reach(r, kind, cell + NEIGHBOUR[k], v, door_cost);
            }
        }
    }
}

void dmap_compute(Dmap *dmap, const Map *map, const Point *goals, int goal_count,
                  int door_cost)
{
    DmapQueue q;
    uint8_t kind[MAP_CELLS];
    dmap_queue_init(&q, map, door_cost);
    dmap_fill_unreached(dmap);
    dmap_kinds(map, kind);
    for (int i = 0; i < goal_count; ++i) {
        Point g = goals[i];
        if (in_bounds(g.x, g.y) && dmap->d[cell_index(g.x, g.y)] != 0) {
            dmap->d[cell_index(g.x, g.y)] = 0;
            kind[cell_index(g.x, g.y)] = DMAP_SHUT;
            q.ground.cells[q.ground.tail++] = (int16_t)cell_index(g.x, g.y);  /* 0: first */
        }
    }
    DmapRun r = dmap_run_of(&q, dmap->d, INT32_MAX);
    dmap_spread(&r, kind, q.step_cost[T_CLOSED_DOOR]);
}

/* The flee map's run: the seeds are a third stream, merged in. A seed
 * that a step has bettered since it was sown is done already, and is
 * dropped when it comes up. */
static void dmap_run_flee(DmapQueue *q, int32_t *d)
{
    DmapRun r = dmap_run_of(q, d, DMAP_UNREACHED);
    int seed_head = 0;
    for (;;) {
        int32_t step = dmap_next_step(&r);
        if (seed_head < q->seed_count && q->seed_value[q->seeds[seed_head]] < step) {
            int seed = q->seeds[seed_head++];
            if (d[seed] == q->seed_value[seed]) {
                dmap_relax(&r, seed);
            }
        } else if (step != INT32_MAX) {
            dmap_relax(&r, dmap_take_step(&r));
        } else {
            return;
        }
    }
}

/* One stable counting-sort pass over a digit of each cell's key */
static void dmap_sort_pass(const int16_t *in, int16_t *out, int n, const int32_t *key,
                           int shift)
{
    int count[DMAP_RADIX + 1] = {0};
    for (int i = 0; i < n; ++i) {
        ++count[((key[in[i]] >> shift) & (DMAP_RADIX - 1)) + 1];
    }
    for (int r = 0; r < DMAP_RADIX; ++r) {
        count[r + 1] += count[r];
    }
    for (int i = 0; i < n; ++i) {
        out[count[(key[in[i]] >> shift) & (DMAP_RADIX - 1)]++] = in[i];
    }
}

/* Sorts the seeds by value, smallest first: a radix sort whose one pass
 * is a counting sort for every map short of huge door costs */
static void dmap_sort_seeds(DmapQueue *q)
{
    int32_t key[MAP_CELLS];
    int16_t spare[MAP_CELLS];
    int32_t low = 0;
    for (int i = 0; i < q->seed_count; ++i) {
        int32_t v = q->seed_value[q->seeds[i]];
        low = v < low ? v : low;
    }
    int32_t span = 0;
    for (int i = 0; i < q->seed_count; ++i) {
        int cell = q->seeds[i];
        key[cell] = q->seed_value[cell] - low;
        span |= key[cell];
    }
    int16_t *in = q->seeds, *out = spare;
    for (int shift = 0; shift == 0 || (span >> shift) != 0; shift += DMAP_RADIX_BITS) {
        dmap_sort_pass(in, out, q->seed_count, key, shift);
        int16_t *t = in;
        in = out;
        out = t;
    }
    if (in != q->seeds) {
        memcpy(q->seeds, in, (size_t)q->seed_count * sizeof q->seeds[0]);
    }
}

void dmap_flee(Dmap *flee, const Dmap *toward, const Map *map, int door_cost)
{
    DmapQueue q;
    dmap_queue_init(&q, map, door_cost);
    for (int i = 0; i < MAP_CELLS; ++i) {
        int32_t t = toward->d[i];
        if (t == DMAP_UNREACHED) {
            flee->d[i] = DMAP_UNREACHED;
            continue;
        }
        /* times -1.2, rounded toward zero as C's division does */
        int32_t seed = (int32_t)((int64_t)t * FLEE_FACTOR_TENTHS / 10);
        flee->d[i] = seed;
        q.seed_value[i] = seed;
        q.seeds[q.seed_count++] = (int16_t)i;
    }
    dmap_sort_seeds(&q);
    dmap_run_flee(&q, flee->d);
}

bool dmap_farthest(const Dmap *dmap, const Map *map, const Rect *avoid, Point *out)
{
    int best = -1;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (dmap->d[i] == DMAP_UNREACHED || (best >= 0 && dmap->d[i] <= dmap->d[best])) {
            continue;
        }
        if (!map_walkable(map, p.x, p.y) || map_is_door(map, p.x, p.y)) {
            continue;
        }
        if (avoid != NULL && rect_contains(*avoid, p)) {
            continue;
        }
        best = i;
    }
    if (best < 0) {
        return false;
    }
    *out = cell_point(best);
    return true;
}
