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
 * the lower of their heads. No ring of buckets to scan, no stale entries,
 * and any door cost works, however large (ch19's exercise asks for a
 * door cost "so high that any open way is cheaper").
 *
 * The flee map starts from arbitrary values instead of zeros: the seeds,
 * sorted by value with a counting sort, are a third stream merged in, and
 * a seed already bettered by a step is skipped when it comes up. */
#include "dmap.h"

#include <string.h>

#include "invariant.h"
#include "tune.h"

/* Keeps every distance of a map clear of DMAP_UNREACHED (MAP_CELLS
 * steps at this cost stay below 2^30) */
enum { DMAP_MAX_DOOR_COST = 1 << 18 };

/* Counting sort digits: one pass sorts a flee map's seeds unless doors
 * cost hundreds of steps */
enum { DMAP_RADIX_BITS = 10, DMAP_RADIX = 1 << DMAP_RADIX_BITS };

/* The eight neighbours of a cell not on the map's edge, as index offsets */
static const int NEIGHBOUR[8] = {
    -MAP_W, -MAP_W + 1, 1, MAP_W + 1, MAP_W, MAP_W - 1, -1, -MAP_W - 1,
};

/* The two FIFOs, ground steps and door steps. The queue is passed to
 * small inline functions and kept in locals, and restrict tells the
 * compiler that stores to the distances never touch it, so heads and
 * tails stay in registers. */
typedef struct DmapQueue {
    int32_t *restrict d;
    int16_t *restrict ground, *restrict doors;
    int ground_head, ground_tail, doors_head, doors_tail;
} DmapQueue;

static int32_t dmap_door_cost(int door_cost)
{
    if (door_cost < 1) {
        return 1;   /* a door never costs less than a step */
    }
    return door_cost > DMAP_MAX_DOOR_COST ? DMAP_MAX_DOOR_COST : door_cost;
}

/* Takes the lower of the FIFOs' heads (there must be one). Doors are
 * few, so their FIFO is mostly empty. */
static inline int dmap_take(DmapQueue *q)
{
    if (q->doors_head == q->doors_tail ||
        (q->ground_head < q->ground_tail &&
         q->d[q->ground[q->ground_head]] <= q->d[q->doors[q->doors_head]])) {
        return q->ground[q->ground_head++];
    }
    return q->doors[q->doors_head++];
}

/* A cell is put in the FIFO of its step's cost, so each FIFO keeps one
 * cost and stays in order (a cost of 1 always goes to the ground's) */
static inline void dmap_put(DmapQueue *q, int cell, int32_t cost)
{
    /* each cell (a padded one) is queued at most once, so neither FIFO
     * can overflow */
    INVARIANT(cell >= 0 && cell < DMAP_PADDED_CELLS);
    INVARIANT(q->ground_tail < MAP_CELLS && q->doors_tail < MAP_CELLS);
    if (cost == 1) {
        q->ground[q->ground_tail++] = (int16_t)cell;
    } else {
        q->doors[q->doors_tail++] = (int16_t)cell;
    }
}

/* Is a cell's neighbour in direction k on the map? */
static inline bool dmap_on_map(int cell, int k)
{
    return in_bounds(cell % MAP_W + DIRS[k].x, cell / MAP_W + DIRS[k].y);
}

/* ---- dmap_compute ------------------------------------------------------ */

/* What a cell is to the spreading: once reached, a cell is shut, as its
 * first distance is its last; so each step needs a single test */
enum { DMAP_SHUT = 0, DMAP_GROUND = 1, DMAP_DOOR = 2 };

/* A terrain's kind: bytes all through, so that the loop over every cell
 * is vectorised, a vector register doing sixteen cells at once */
static inline uint8_t dmap_kind_of(uint8_t t)
{
    uint8_t ground = (uint8_t)((t == T_FLOOR) | (t == T_STAIRS) | (t == T_CAVE_FLOOR) |
                               (t == T_OPEN_DOOR));
    uint8_t door = (uint8_t)(t == T_CLOSED_DOOR);
    return (uint8_t)(ground | (uint8_t)(door + door));
}

/* The spreading reads each cell's kind in a copy of the map with a
 * border of wall all round, so that no step needs a test for the edge:
 * a cell's place there, and its neighbours' offsets */
static inline int dmap_padded(int cell)
{
    return cell + 2 * (cell / MAP_W) + DMAP_PADDED_W + 1;
}

static const int PADDED_NEIGHBOUR[8] = {
    -DMAP_PADDED_W, -DMAP_PADDED_W + 1, 1, DMAP_PADDED_W + 1,
    DMAP_PADDED_W, DMAP_PADDED_W - 1, -1, -DMAP_PADDED_W - 1,
};

static void dmap_kinds(const Map *map, uint8_t *restrict kind)
{
    memset(kind, DMAP_SHUT, DMAP_PADDED_CELLS);
    for (int y = 0; y < MAP_H; ++y) {
        uint8_t *row = kind + dmap_padded(y * MAP_W);
        const uint8_t *terrain = map->terrain + y * MAP_W;
        for (int x = 0; x < MAP_W; ++x) {
            row[x] = dmap_kind_of(terrain[x]);
        }
    }
}

/* Spreads until nothing is left, or until the next cell to leave the
 * queue is limit or farther away (they leave in order, so none after it
 * is nearer), or, with until a cell (not -1), until that cell has its
 * distance and the next to leave is only one step nearer: every cell
 * nearer than until has its distance by then, as it's reached from a
 * cell at least a step nearer still. The cell that stopped it stays
 * queued, so the spreading can go on later. The queue is kept in locals
 * while it runs, so that stores to the cells can't be taken to touch it */
static void dmap_spread(DmapQueue *q, uint8_t *restrict kind, int32_t door_cost, int32_t limit,
                        int until)
{
    int32_t *restrict d = q->d;
    int16_t *restrict ground = q->ground, *restrict doors = q->doors;
    int ground_head = q->ground_head, ground_tail = q->ground_tail;
    int doors_head = q->doors_head, doors_tail = q->doors_tail;
    bool doors_are_steps = door_cost == 1;   /* then they queue as ground */
    while (ground_head < ground_tail || doors_head < doors_tail) {
        bool from_ground = doors_head == doors_tail ||
                           (ground_head < ground_tail &&
                            d[ground[ground_head]] <= d[doors[doors_head]]);
        int cell = from_ground ? ground[ground_head] : doors[doors_head];
        int32_t v = d[cell];
        if (v >= limit || (until >= 0 && v >= d[until] - 1)) {
            break;
        }
        ground_head += from_ground;
        doors_head += !from_ground;
        int padded = dmap_padded(cell);
        for (int k = 0; k < 8; ++k) {
            uint8_t *next_kind = &kind[padded + PADDED_NEIGHBOUR[k]];
            if (*next_kind == DMAP_SHUT) {
                continue;   /* a wall, the border, or reached already */
            }
            int next = cell + NEIGHBOUR[k];
            bool step = *next_kind == DMAP_GROUND;
            *next_kind = DMAP_SHUT;
            d[next] = v + (step ? 1 : door_cost);
            if (step || doors_are_steps) {
                ground[ground_tail++] = (int16_t)next;
            } else {
                doors[doors_tail++] = (int16_t)next;
            }
        }
    }
    q->ground_head = ground_head;
    q->ground_tail = ground_tail;
    q->doors_head = doors_head;
    q->doors_tail = doors_tail;
}

/* Every cell unreached, the goals at 0 and first in line */
static void dmap_start(DmapQueue *q, uint8_t *restrict kind, const Map *map, const Point *goals,
                       int goal_count)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        q->d[i] = DMAP_UNREACHED;
    }
    dmap_kinds(map, kind);
    for (int i = 0; i < goal_count; ++i) {
        if (in_bounds(goals[i].x, goals[i].y)) {
            int cell = cell_index(goals[i].x, goals[i].y);
            if (q->d[cell] != 0) {
                q->d[cell] = 0;
                kind[dmap_padded(cell)] = DMAP_SHUT;
                q->ground[q->ground_tail++] = (int16_t)cell;
            }
        }
    }
}

static void dmap_compute_limited(Dmap *dmap, const Map *map, const Point *goals,
                                 int goal_count, int door_cost, int32_t limit)
{
    int16_t ground[MAP_CELLS], doors[MAP_CELLS];
    uint8_t kind[DMAP_PADDED_CELLS];
    INVARIANT(goal_count >= 0 && (goal_count == 0 || goals != NULL));
    DmapQueue q = {dmap->d, ground, doors, 0, 0, 0, 0};
    dmap_start(&q, kind, map, goals, goal_count);
    dmap_spread(&q, kind, dmap_door_cost(door_cost), limit, -1);
}

void dmap_compute(Dmap *dmap, const Map *map, const Point *goals, int goal_count,
                  int door_cost)
{
    dmap_compute_limited(dmap, map, goals, goal_count, door_cost, DMAP_UNREACHED);
}

void dmap_compute_within(Dmap *dmap, const Map *map, Point goal, int door_cost, int limit)
{
    INVARIANT(limit >= 0);
    dmap_compute_limited(dmap, map, &goal, 1, door_cost, limit);
}

/* ---- DmapSearch --------------------------------------------------------- */

static DmapQueue dmap_search_queue(DmapSearch *s)
{
    return (DmapQueue){s->dmap.d, s->ground, s->doors, s->ground_head, s->ground_tail,
                       s->doors_head, s->doors_tail};
}

static void dmap_search_spread(DmapSearch *s, int until)
{
    DmapQueue q = dmap_search_queue(s);
    dmap_spread(&q, s->kind, s->door_cost, DMAP_UNREACHED, until);
    s->ground_head = q.ground_head;
    s->doors_head = q.doors_head;
    s->ground_tail = q.ground_tail;
    s->doors_tail = q.doors_tail;
}

void dmap_search_start(DmapSearch *s, const Map *map, Point goal, int door_cost)
{
    s->ground_head = s->ground_tail = s->doors_head = s->doors_tail = 0;
    s->door_cost = dmap_door_cost(door_cost);
    DmapQueue q = dmap_search_queue(s);
    dmap_start(&q, s->kind, map, &goal, 1);
    s->ground_tail = q.ground_tail;
}

void dmap_search_reach(DmapSearch *s, Point cell)
{
    dmap_search_spread(s, in_bounds(cell.x, cell.y) ? cell_index(cell.x, cell.y) : -1);
}

void dmap_search_finish(DmapSearch *s)
{
    dmap_search_spread(s, -1);
}

/* A cell the search hasn't reached: no distance found so far went
 * through it, nor will any but through a neighbour not yet spread from,
 * so it may be anything, and the search takes its terrain from now on. A
 * cell never open to the search (a wall) is such a cell while none of its
 * neighbours has been reached */
bool dmap_search_update(DmapSearch *s, Point cell, Terrain terrain)
{
    if (!in_bounds(cell.x, cell.y)) {
        return true;
    }
    int c = cell_index(cell.x, cell.y);
    if (s->kind[dmap_padded(c)] == DMAP_SHUT) {
        if (s->dmap.d[c] != DMAP_UNREACHED) {
            return false;
        }
        for (int k = 0; k < 8; ++k) {
            if (dmap_on_map(c, k) && s->dmap.d[c + NEIGHBOUR[k]] != DMAP_UNREACHED) {
                return false;
            }
        }
    }
    s->kind[dmap_padded(c)] = dmap_kind_of((uint8_t)terrain);
    return true;
}

/* ---- dmap_flee --------------------------------------------------------- */

/* The flee map's work, all by padded cell (dmap_padded), so that no step
 * needs a test for the map's edge: the distances, each cell's step cost
 * (0: never entered, as a wall, the border, and every cell the distance
 * map never reached are), and the seeds */
typedef struct DmapSeeds {
    int count;
    int16_t cells[MAP_CELLS];               /* sorted by value, lowest first */
    int32_t value[DMAP_PADDED_CELLS];       /* what each seed was */
    int32_t cost[DMAP_PADDED_CELLS];        /* the step onto each cell */
    int32_t d[DMAP_PADDED_CELLS];           /* the flee map as it's made */
} DmapSeeds;

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

/* Sorts the seeds by value, lowest first: a radix sort, one counting
 * sort pass per DMAP_RADIX_BITS of the values' spread */
static void dmap_sort_seeds(DmapSeeds *s)
{
    int32_t key[DMAP_PADDED_CELLS];
    int16_t spare[MAP_CELLS];
    int32_t low = 0, spread = 0;
    for (int i = 0; i < s->count; ++i) {
        int32_t v = s->value[s->cells[i]];
        low = v < low ? v : low;
    }
    for (int i = 0; i < s->count; ++i) {
        int cell = s->cells[i];
        key[cell] = s->value[cell] - low;
        spread |= key[cell];
    }
    int16_t *in = s->cells, *out = spare;
    for (int shift = 0; shift == 0 || (spread >> shift) != 0; shift += DMAP_RADIX_BITS) {
        dmap_sort_pass(in, out, s->count, key, shift);
        int16_t *t = in;
        in = out;
        out = t;
    }
    if (in != s->cells) {
        memcpy(s->cells, in, (size_t)s->count * sizeof s->cells[0]);
    }
}

/* Offers each neighbour the cell's value plus the step onto it. A cell's
 * offers only grow (cells leave in order, and its step cost is its own),
 * so only the first can better it: each cell is queued once at most */
static void dmap_relax(DmapQueue *q, const int32_t *restrict cost, int cell)
{
    int32_t *restrict d = q->d;
    int32_t v = d[cell];
    for (int k = 0; k < 8; ++k) {
        int next = cell + PADDED_NEIGHBOUR[k];
        int32_t step = cost[next];
        if (step != 0 && v + step < d[next]) {
            d[next] = v + step;
            dmap_put(q, next, step);
        }
    }
}

/* The value of the next cell the FIFOs hold, INT32_MAX if none */
static int32_t dmap_next_value(const DmapQueue *q)
{
    int32_t best = INT32_MAX;
    if (q->ground_head < q->ground_tail) {
        best = q->d[q->ground[q->ground_head]];
    }
    if (q->doors_head < q->doors_tail && q->d[q->doors[q->doors_head]] < best) {
        best = q->d[q->doors[q->doors_head]];
    }
    return best;
}

/* The seeds merged with the FIFOs, lowest first. A seed that a step has
 * bettered since it was sown is done already, and is dropped. */
static void dmap_run_flee(DmapQueue *q, const DmapSeeds *s)
{
    int next_seed = 0;
    for (;;) {
        int32_t step = dmap_next_value(q);
        if (next_seed < s->count && s->value[s->cells[next_seed]] < step) {
            int seed = s->cells[next_seed++];
            if (q->d[seed] == s->value[seed]) {
                dmap_relax(q, s->cost, seed);
            }
        } else if (step != INT32_MAX) {
            dmap_relax(q, s->cost, dmap_take(q));
        } else {
            return;
        }
    }
}

/* Every cell unreached and never entered, and the step costs by terrain
 * (by its kind to the spreading, so both maps enter the same cells) */
static void dmap_fallow(DmapSeeds *s, int32_t step_cost[256], int32_t door_cost)
{
    for (int t = 0; t < 256; ++t) {
        uint8_t kind = dmap_kind_of((uint8_t)t);
        step_cost[t] = kind == DMAP_GROUND ? 1 : kind == DMAP_DOOR ? door_cost : 0;
    }
    s->count = 0;
    for (int i = 0; i < DMAP_PADDED_CELLS; ++i) {
        s->cost[i] = 0;
        s->d[i] = DMAP_UNREACHED;
    }
}

/* A reached cell's seed (its distance times -1.2, rounded toward zero as
 * C's division does) and step cost */
static inline void dmap_sow(DmapSeeds *s, const int32_t step_cost[256], const Map *map, int i,
                            int32_t t)
{
    int cell = dmap_padded(i);
    s->cost[cell] = step_cost[map->terrain[i]];
    s->d[cell] = s->value[cell] = (int32_t)((int64_t)t * FLEE_FACTOR_TENTHS / 10);
    s->cells[s->count++] = (int16_t)cell;
}

static void dmap_reap(Dmap *flee, const DmapSeeds *s)
{
    for (int y = 0; y < MAP_H; ++y) {
        memcpy(flee->d + y * MAP_W, s->d + dmap_padded(y * MAP_W), MAP_W * sizeof flee->d[0]);
    }
}

void dmap_flee(Dmap *flee, const Dmap *toward, const Map *map, int door_cost)
{
    DmapSeeds s;
    int32_t step_cost[256];
    int16_t ground[MAP_CELLS], doors[MAP_CELLS];
    DmapQueue q = {s.d, ground, doors, 0, 0, 0, 0};
    dmap_fallow(&s, step_cost, dmap_door_cost(door_cost));
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (toward->d[i] != DMAP_UNREACHED) dmap_sow(&s, step_cost, map, i, toward->d[i]);
    }
    dmap_sort_seeds(&s);
    dmap_run_flee(&q, &s);
    dmap_reap(flee, &s);
}

/* The search's two FIFOs hold every cell it reached, each in order of
 * distance: read backwards and merged, farthest first, they are the
 * seeds lowest first, with no sort. Times -1.2 keeps the order, as it is
 * strictly decreasing in whole numbers */
void dmap_search_flee(Dmap *flee, const DmapSearch *toward, const Map *map)
{
    INVARIANT(toward->ground_head == toward->ground_tail && toward->doors_head == toward->doors_tail);
    DmapSeeds s;
    int32_t step_cost[256];
    int16_t ground[MAP_CELLS], doors[MAP_CELLS];
    DmapQueue q = {s.d, ground, doors, 0, 0, 0, 0};
    dmap_fallow(&s, step_cost, toward->door_cost);
    const int32_t *t = toward->dmap.d;
    for (int g = toward->ground_tail - 1, k = toward->doors_tail - 1; g >= 0 || k >= 0;) {
        bool from_ground = k < 0 || (g >= 0 && t[toward->ground[g]] >= t[toward->doors[k]]);
        int cell = from_ground ? toward->ground[g--] : toward->doors[k--];
        dmap_sow(&s, step_cost, map, cell, t[cell]);
    }
    dmap_run_flee(&q, &s);
    dmap_reap(flee, &s);
}

/* ---- dmap_farthest ----------------------------------------------------- */

bool dmap_farthest(const Dmap *dmap, const Map *map, const Rect *avoid, Point *out)
{
    int best = -1;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (dmap->d[i] == DMAP_UNREACHED || (best >= 0 && dmap->d[i] <= dmap->d[best])) {
            continue;   /* a tie keeps the first in reading order */
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
