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
    int seed_head, seed_count;
    int16_t seeds[MAP_CELLS];
    int32_t seed_value[MAP_CELLS];   /* by cell: what its seed was */
    int32_t step_cost[T_COUNT];      /* 0: never entered */
    const uint8_t *terrain;
} DmapQueue;

/* The eight neighbours of a cell not on the map's edge, as index offsets */
static const int NEIGHBOUR[8] = {
    -MAP_W, -MAP_W + 1, 1, MAP_W + 1, MAP_W, MAP_W - 1, -1, -MAP_W - 1,
};

static void dmap_costs(DmapQueue *q, int door_cost)
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
}

static void dmap_queue_init(DmapQueue *q, const Map *map, int door_cost)
{
    q->terrain = map->terrain;
    q->ground.head = q->ground.tail = 0;
    q->doors.head = q->doors.tail = 0;
    q->seed_head = q->seed_count = 0;
    dmap_costs(q, door_cost);
}

static void dmap_fill_unreached(Dmap *dmap)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        dmap->d[i] = DMAP_UNREACHED;
    }
}

/* A cell reached at distance v + cost goes to the FIFO of its step cost;
 * a step cost of 1 is always the ground's, so each FIFO keeps one cost */
static void dmap_push(DmapQueue *q, int cell, int32_t cost)
{
    DmapFifo *fifo = cost == 1 ? &q->ground : &q->doors;
    fifo->cells[fifo->tail++] = (int16_t)cell;
}

/* The next cell in order of distance, or -1 when all are done. Seeds
 * that a step has bettered since are dropped here. */
static int dmap_pop(DmapQueue *q, const int32_t *d)
{
    for (;;) {
        int best = -1;
        int32_t best_d = 0;
        DmapFifo *from = NULL;
        if (q->ground.head < q->ground.tail) {
            best = q->ground.cells[q->ground.head];
            best_d = d[best];
            from = &q->ground;
        }
        if (q->doors.head < q->doors.tail) {
            int cell = q->doors.cells[q->doors.head];
            if (best < 0 || d[cell] < best_d) {
                best = cell;
                best_d = d[cell];
                from = &q->doors;
            }
        }
        if (q->seed_head < q->seed_count) {
            int cell = q->seeds[q->seed_head];
            if (best < 0 || q->seed_value[cell] < best_d) {
                ++q->seed_head;
                if (d[cell] == q->seed_value[cell]) {
                    return cell;
                }
                continue;   /* bettered by a step: already done */
            }
        }
        if (from != NULL) {
            ++from->head;
        }
        return best;
    }
}

/* Offers each neighbour of a cell the cell's distance plus the step's
 * cost. Only cells whose distance is below ceiling can be bettered: the
 * flee map passes DMAP_UNREACHED, so the cells its distance map never
 * reached stay unreached. */
static void dmap_relax(DmapQueue *q, int32_t *d, int cell, int32_t ceiling)
{
    int32_t v = d[cell];
    int x = cell % MAP_W, y = cell / MAP_W;
    bool inner = x > 0 && y > 0 && x < MAP_W - 1 && y < MAP_H - 1;
    for (int k = 0; k < 8; ++k) {
        int next = cell + NEIGHBOUR[k];
        if (!inner && !in_bounds(x + DIRS[k].x, y + DIRS[k].y)) {
            continue;
        }
        int32_t cost = q->step_cost[q->terrain[next]];
        if (cost != 0 && v + cost < d[next] && d[next] < ceiling) {
            d[next] = v + cost;
            dmap_push(q, next, cost);
        }
    }
}

static void dmap_run(DmapQueue *q, int32_t *d, int32_t ceiling)
{
    for (int cell = dmap_pop(q, d); cell >= 0; cell = dmap_pop(q, d)) {
        dmap_relax(q, d, cell, ceiling);
    }
}

void dmap_compute(Dmap *dmap, const Map *map, const Point *goals, int goal_count,
                  int door_cost)
{
    DmapQueue q;
    dmap_queue_init(&q, map, door_cost);
    dmap_fill_unreached(dmap);
    for (int i = 0; i < goal_count; ++i) {
        Point g = goals[i];
        if (in_bounds(g.x, g.y) && dmap->d[cell_index(g.x, g.y)] != 0) {
            dmap->d[cell_index(g.x, g.y)] = 0;
            dmap_push(&q, cell_index(g.x, g.y), 1);   /* at 0, first in line */
        }
    }
    dmap_run(&q, dmap->d, INT32_MAX);
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
        /* times -1.2, rounded toward zero (t is never negative here) */
        int32_t seed = (int32_t)(-((int64_t)t * 6 / 5));
        flee->d[i] = seed;
        q.seed_value[i] = seed;
        q.seeds[q.seed_count++] = (int16_t)i;
    }
    dmap_sort_seeds(&q);
    dmap_run(&q, flee->d, DMAP_UNREACHED);
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
