/* The flee map's flood: Dial's algorithm as dmap.c's wave, from seeds,
 * each level's front spreading over the span of rows it's in, a row or
 * four at a time (dmap_search_settle_way), as a search's settling does
 * (dmap_flood.c). The flood is taken up where it stopped, as a search is,
 * so it writes its values as it goes.
 *
 * The seeds, grouped in levels of equal value, join the front when their
 * level comes, unless a step has settled them sooner. A door waiting for
 * its level may be seeded sooner than that: then its wait is dropped. */
#include "dmap.h"

#include <string.h>

#include "dmap_bits.h"
#include "invariant.h"
#include "tune.h"

_Static_assert(FLEE_FACTOR_TENTHS < 0, "the flee map's seeds, lowest first, are the "
                                       "search's levels, farthest first");

/* Counting sort digits: one pass sorts a flee map's seeds unless doors
 * cost hundreds of steps */
enum { DMAP_RADIX_BITS = 10, DMAP_RADIX = 1 << DMAP_RADIX_BITS };

static void dmap_kinds(const Map *map, int32_t door_cost, uint64_t enter[DMAP_ROWS],
                       uint64_t door[DMAP_ROWS])
{
    DmapTerrain t;
    dmap_terrain_of(&t, map);
    for (int y = 0; y < DMAP_ROWS; ++y) {
        enter[y] = t.enter[y];
        door[y] = door_cost > 1 ? t.door[y] : 0;
    }
}


/* ---- The flood ----------------------------------------------------------- */

/* The level's front and the next, row y in [y] */
static inline uint64_t *flow_front(DmapFlow *f)
{
    return f->fronts[f->front] + 1;
}

static inline uint64_t *flow_next(DmapFlow *f)
{
    return f->fronts[!f->front] + 1;
}

/* Cells of row y join the front at its level */
static inline void flow_join(DmapFlow *f, int y, uint64_t cells)
{
    ++f->joins;
    flow_front(f)[y] |= cells;
    f->top = y < f->top ? y : f->top;
    f->bottom = y > f->bottom ? y : f->bottom;
}

/* Doors claimed in row y from the level's front: each at the level and
 * the door cost, to wait for it */
static void flow_wait(DmapFlow *f, int32_t *restrict d, int y, uint64_t doors)
{
    f->door[y] ^= doors;
    f->waiting[y] |= doors;
    dmap_queue_doors(d, f->queue, &f->queue_tail, y, doors, f->level + f->door_cost);
}

/* The level's front has spread and the ground claimed in rows (a bit a
 * row) is the next level's front */
static void flow_swap(DmapFlow *f, uint64_t rows)
{
    f->front = !f->front;
    f->top = rows != 0 ? low_bit(rows) : DMAP_ROWS;
    f->bottom = rows != 0 ? high_bit(rows) : 0;
}

/* The level's front claims the ground next to it as the next front, a row
 * at a time over the front's span, in the other buffer (the rows it
 * doesn't write keep cells of levels before, which claim nothing, as
 * every cell next to them is claimed already), their values written; the
 * doors it claims wait */
static DMAP_INLINE void flow_spread_rows(DmapFlow *f, int32_t *restrict d)
{
    uint64_t *front = flow_front(f), *next = flow_next(f), rows = 0;
    int from = f->top - 1 < 1 ? 1 : f->top - 1, last = f->bottom + 1;
    int32_t value = f->level + 1;
    for (int y = from; y <= last; ++y) {
        uint64_t near = dmap_near(front, y), claimed = near & f->ground[y];
        f->ground[y] ^= claimed;
        next[y] = claimed;
        if (RARELY(near & f->door[y])) flow_wait(f, d, y, near & f->door[y]);
        if (claimed != 0) {
            wave_write(d + (y - 1) * MAP_W, claimed, value);
            rows |= UINT64_C(1) << y;
        }
    }
    flow_swap(f, rows);
}

#if DMAP_WIDE
/* The doors next to the level's front in rows y to y + 3 */
static void flow_wait_four(DmapFlow *f, int32_t *restrict d, int y)
{
    const uint64_t *front = flow_front(f);
    for (int r = y; r < y + 4; ++r) {
        uint64_t doors = dmap_near(front, r) & f->door[r];
        if (doors != 0) flow_wait(f, d, r, doors);
    }
}

/* The same four rows at a time. Past the front's last row but one, the
 * rows claim nothing */
DMAP_WIDE_FN static DMAP_INLINE void flow_spread_wide(DmapFlow *f, int32_t *restrict d)
{
    uint64_t *front = flow_front(f), *next = flow_next(f), rows = 0;
    int from = f->top - 1 < 1 ? 1 : f->top - 1, last = f->bottom + 1;
    int32_t value = f->level + 1;
    for (int y = from; y <= last; y += 4) {
        __m256i near = dmap_near4(front, y);
        __m256i ground = dmap_load4(f->ground + y), claimed = _mm256_and_si256(near, ground);
        dmap_store4(f->ground + y, _mm256_xor_si256(ground, claimed));
        dmap_store4(next + y, claimed);
        if (RARELY(!_mm256_testz_si256(near, dmap_load4(f->door + y)))) {
            flow_wait_four(f, d, y);
        }
        __m256i empty = _mm256_cmpeq_epi64(claimed, _mm256_setzero_si256());
        unsigned with = ~(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(empty)) & 15u;
        rows |= (uint64_t)with << y;
        for (; with != 0; with &= with - 1) {
            int r = y + low_bit(with);
            wave_write_wide(d + (r - 1) * MAP_W, next[r], value);
        }
    }
    flow_swap(f, rows);
}
#endif

#if DMAP_WIDE
/* The whole map at once, eight rows a vector, the front and the ground
 * kept in the vectors from level to level and stored, in the front's own
 * buffer, as each level spreads */
DMAP_WIDEST_FN static DMAP_INLINE void flow_spread_whole(DmapFlow *f, int32_t *restrict d,
                                                         __m512i front[DMAP_BLOCKS8],
                                                         __m512i ground[DMAP_BLOCKS8])
{
    __m512i near[DMAP_BLOCKS8];
    dmap_near_all(front, near);
    unsigned doors = 0;
    uint64_t rows = 0;
    for (int i = 0; i < DMAP_BLOCKS8; ++i) {
        front[i] = _mm512_and_si512(near[i], ground[i]);
        ground[i] = _mm512_andnot_si512(near[i], ground[i]);
        doors |= _mm512_test_epi64_mask(near[i], _mm512_loadu_si512((const void *)(f->door + 8 * i)));
        rows |= (uint64_t)_mm512_test_epi64_mask(front[i], front[i]) << (8 * i);
    }
    uint64_t *claimed = flow_front(f);
    dmap_store_all(claimed, front);
    dmap_store_all(f->ground, ground);
    if (RARELY(doors != 0)) {
        uint64_t next_to[DMAP_BLOCKS8 * 8];
        dmap_store_all(next_to, near);
        for (int y = 1; y < DMAP_ROWS - 1; ++y) {
            if (next_to[y] & f->door[y]) flow_wait(f, d, y, next_to[y] & f->door[y]);
        }
    }
    int32_t value = f->level + 1;
    for (uint64_t left = rows; left != 0; left &= left - 1) {
        int r = low_bit(left);
        wave_write_whole(d + (r - 1) * MAP_W, claimed[r], value);
    }
    f->top = rows != 0 ? low_bit(rows) : DMAP_ROWS;
    f->bottom = rows != 0 ? high_bit(rows) : 0;
}
#endif

/* The value of the first door still waiting, INT32_MAX if none: a door
 * seeded since it was claimed waits no more */
static int32_t flow_next_door(DmapFlow *f, const int32_t *d)
{
    while (f->queue_head < f->queue_tail) {
        int cell = f->queue[f->queue_head];
        if (f->waiting[cell_row(cell)] & cell_bit(cell)) {
            return d[cell];
        }
        ++f->queue_head;
    }
    return INT32_MAX;
}

/* The seeds (DmapSeeds, dmap.h): each level's distance times -1.2
 * (rounded toward zero as C's division does), which keeps them in order,
 * lowest first, read farthest first. On to the next level's */
static void seeds_next(DmapSeeds *s)
{
    if (--s->next < 0) {
        s->value = INT32_MAX;
        return;
    }
    s->value = (int32_t)((int64_t)s->levels->value[s->next] * FLEE_FACTOR_TENTHS / 10);
}

/* Seeds of a row join the front at its level, settled now */
static void sow_row(DmapFlow *f, int32_t *restrict d, int y, uint64_t new)
{
    f->ground[y] &= ~new;
    f->door[y] &= ~new;
    f->waiting[y] &= ~new;
    flow_join(f, y, new);
    wave_write(d + (y - 1) * MAP_W, new, f->level);
}

/* Of a level's seeds (its entries first to end), those still open sown */
static DMAP_INLINE void sow_open_rows(DmapFlow *f, int32_t *restrict d, const DmapLevels *l,
                                      int first, int end)
{
    for (int e = first; e < end; ++e) {
        int y = l->row[e];
        uint64_t new = l->bits[e] & (f->ground[y] | f->door[y]);
        if (new != 0) sow_row(f, d, y, new);
    }
}

/* The seeds of the flood's level join its front, but for those settled
 * sooner: a seed still open, a door still waiting, or one never entered
 * is sown. Most were settled sooner, so the test is most of the cost:
 * only while a door waits (none does while the queue is empty), or when
 * a seed may be a cell never entered (a search's goal, on its first
 * level, or any of another map's), is more than the open cells tested */
static DMAP_INLINE void flow_sow(DmapFlow *f, int32_t *restrict d, DmapSeeds *s)
{
    for (; s->value == f->level; seeds_next(s)) {
        const DmapLevels *l = s->levels;
        int first = l->first[s->next], end = l->first[s->next + 1];
        if (f->queue_head < f->queue_tail || s->shut || s->next == 0) {
            for (int e = first; e < end; ++e) {
                int y = l->row[e];
                uint64_t open = f->ground[y] | f->door[y];
                uint64_t new = l->bits[e] & (open | f->waiting[y] | ~f->enter[y]);
                if (new != 0) sow_row(f, d, y, new);
            }
        } else {
            sow_open_rows(f, d, l, first, end);
        }
    }
}

/* On to the next level with anything in it: the ground just claimed is
 * at the next one; with none, the first door waiting or seed. Its doors
 * and seeds join the front. False if nothing is left */
static DMAP_INLINE bool flow_advance(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds)
{
    int32_t level = f->level + 1;
    if (f->top > f->bottom) {
        int32_t door = flow_next_door(f, d), seed = seeds->value;
        level = door < seed ? door : seed;
        if (level == INT32_MAX) {
            return false;
        }
    }
    INVARIANT(seeds->value >= level);   /* no seed is ever passed by */
    f->level = level;
    while (f->queue_head < f->queue_tail && flow_next_door(f, d) == level) {
        int cell = f->queue[f->queue_head++];
        f->waiting[cell_row(cell)] &= ~cell_bit(cell);
        flow_join(f, cell_row(cell), cell_bit(cell));
    }
    flow_sow(f, d, seeds);
    return true;
}

/* Spreads until nothing is left or, with until a cell (not -1), until
 * that cell has its value for good: claimed as ground, or a door whose
 * level has come (it may wait for a lower seed). Every cell lower than
 * until has its value then, as its level is settled, and the rest show
 * no lower. The flood stops with its front settled and not yet spread
 * from, so it can go on later. The loop is made once each way, so that
 * a level calls nothing */
static void flow_run_rows(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds, int until)
{
    while (!f->over && !dmap_settled(d, f->waiting, until)) {
        flow_spread_rows(f, d);
        f->over = !flow_advance(f, d, seeds);
    }
}

#if DMAP_WIDE
DMAP_WIDE_FN static void flow_run_wide(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds,
                                       int until)
{
    while (!f->over && !dmap_settled(d, f->waiting, until)) {
        flow_spread_wide(f, d);
        f->over = !flow_advance(f, d, seeds);
    }
}
/* The front and the ground are read again when cells join the front */
DMAP_WIDEST_FN static void flow_run_whole(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds,
                                           int until)
{
    __m512i front[DMAP_BLOCKS8], ground[DMAP_BLOCKS8];
    dmap_load_all(flow_front(f), front);
    dmap_load_all(f->ground, ground);
    while (!f->over && !dmap_settled(d, f->waiting, until)) {
        flow_spread_whole(f, d, front, ground);
        unsigned joins = f->joins;
        f->over = !flow_advance(f, d, seeds);
        if (RARELY(f->joins != joins)) {
            dmap_load_all(flow_front(f), front);
            dmap_load_all(f->ground, ground);
        }
    }
}
#else
static void flow_run_wide(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds, int until)
{
    flow_run_rows(f, d, seeds, until);   /* never called: no machine here is wide */
}

static void flow_run_whole(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds, int until)
{
    flow_run_rows(f, d, seeds, until);
}
#endif

static void flow_run(DmapFlow *f, int32_t *restrict d, DmapSeeds *seeds, int until)
{
    switch (f->way) {
    case DMAP_WHOLE_WAY: flow_run_whole(f, d, seeds, until); break;
    case DMAP_WIDE_WAY: flow_run_wide(f, d, seeds, until); break;
    default: flow_run_rows(f, d, seeds, until); break;
    }
}

/* A flee flood that may enter the cells open, those of them in door at
 * the door cost, sown with the seeds of levels: its first level settled */
static void fleeing_start(DmapFleeing *fl, const uint64_t open[DMAP_ROWS],
                          const uint64_t door[DMAP_ROWS], const DmapLevels *levels,
                          int32_t door_cost, bool shut, DmapWay way)
{
    DmapFlow *f = &fl->flow;
    for (int y = 0; y < DMAP_ROWS; ++y) {
        f->enter[y] = open[y];
        f->door[y] = door[y] & open[y];
        f->ground[y] = open[y] & ~door[y];
        f->waiting[y] = 0;
    }
    for (int y = DMAP_ROWS; y < DMAP_ROWS + 3; ++y) {
        f->door[y] = f->ground[y] = 0;
    }
    memset(f->fronts, 0, sizeof f->fronts);
    f->front = 0;
    f->top = DMAP_ROWS;
    f->bottom = 0;
    f->level = 0;
    f->door_cost = door_cost;
    f->way = way;
    f->queue_head = f->queue_tail = 0;
    f->joins = 0;
    dmap_clear(&fl->dmap);
    fl->seeds = (DmapSeeds){levels, levels->count, INT32_MAX, shut};
    seeds_next(&fl->seeds);
    f->over = !flow_advance(f, fl->dmap.d, &fl->seeds);
}

void dmap_fleeing_reach(DmapFleeing *f, Point cell)
{
    int until = in_bounds(cell.x, cell.y) ? cell_index(cell.x, cell.y) : -1;
    flow_run(&f->flow, f->dmap.d, &f->seeds, until);
}

void dmap_fleeing_finish(DmapFleeing *f)
{
    flow_run(&f->flow, f->dmap.d, &f->seeds, -1);
}

/* ---- From a map, or a search --------------------------------------------- */

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

/* The reached cells sorted by distance, nearest first, each distance's
 * in reading order: a radix sort, one counting sort pass per
 * DMAP_RADIX_BITS of the distances' spread */
static int dmap_sorted_cells(const Dmap *toward, int16_t cells[MAP_CELLS])
{
    int32_t key[MAP_CELLS];
    int16_t spare[MAP_CELLS];
    int n = 0;
    int32_t low = 0, spread = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (toward->d[i] != DMAP_UNREACHED) {
            cells[n++] = (int16_t)i;
            low = toward->d[i] < low ? toward->d[i] : low;
        }
    }
    for (int i = 0; i < n; ++i) {
        key[cells[i]] = toward->d[cells[i]] - low;
        spread |= key[cells[i]];
    }
    int16_t *in = cells, *out = spare;
    for (int shift = 0; shift == 0 || (spread >> shift) != 0; shift += DMAP_RADIX_BITS) {
        dmap_sort_pass(in, out, n, key, shift);
        int16_t *t = in;
        in = out;
        out = t;
    }
    if (in != cells) {
        memcpy(cells, in, (size_t)n * sizeof cells[0]);
    }
    return n;
}

/* A distance map's cells as the levels a search would have settled them
 * in, and the cells reached */
static void dmap_levels_of(const Dmap *toward, DmapLevels *l, uint64_t reached[DMAP_ROWS])
{
    int16_t cells[MAP_CELLS];
    int n = dmap_sorted_cells(toward, cells);
    memset(reached, 0, DMAP_ROWS * sizeof reached[0]);
    l->count = l->entries = 0;
    l->first[0] = 0;
    for (int i = 0; i < n; ++i) {
        int cell = cells[i], y = cell_row(cell);
        int32_t value = toward->d[cell];
        if (l->count == 0 || l->value[l->count - 1] != value) {
            l->value[l->count++] = value;
        } else if (l->row[l->entries - 1] == y) {
            l->bits[l->entries - 1] |= cell_bit(cell);   /* reading order: same row, same entry */
            reached[y] |= cell_bit(cell);
            continue;
        }
        l->row[l->entries] = (uint8_t)y;
        l->bits[l->entries++] = cell_bit(cell);
        l->first[l->count] = (int16_t)l->entries;
        reached[y] |= cell_bit(cell);
    }
}

void dmap_flee(Dmap *flee, const Dmap *toward, const Map *map, int door_cost)
{
    DmapLevels levels;
    uint64_t reached[DMAP_ROWS], open[DMAP_ROWS], door[DMAP_ROWS];
    int32_t cost = dmap_door_cost(door_cost);
    dmap_levels_of(toward, &levels, reached);
    dmap_kinds(map, cost, open, door);
    for (int y = 0; y < DMAP_ROWS; ++y) {
        open[y] &= reached[y];
        door[y] &= reached[y];
    }
    DmapFleeing f;
    DmapWay way;
    dmap_way(DMAP_ANY_WAY, &way);
    fleeing_start(&f, open, door, &levels, cost, true, way);
    dmap_fleeing_finish(&f);
    *flee = f.dmap;
}

/* The cells the search entered are those it reached: all but the goal,
 * where it started, which was entered if it may be. Their kinds are as
 * the map says now, as a change to one would have ended the search
 * (dmap_search_update): the checked builds make sure */
void dmap_fleeing_start(DmapFleeing *f, const DmapSearch *toward, const Map *map)
{
    dmap_fleeing_start_way(f, toward, map, DMAP_ANY_WAY);
}

bool dmap_fleeing_start_way(DmapFleeing *f, const DmapSearch *toward, const Map *map, DmapWay way)
{
    DmapWay how;
    if (!dmap_way(way, &how)) return false;
    const DmapWave *w = &toward->wave;
    uint64_t open[DMAP_ROWS], door[DMAP_ROWS];
    INVARIANT(w->over);
    for (int y = 0; y < DMAP_ROWS; ++y) {
        open[y] = w->enter[y] & ~w->row[y].open;
        door[y] = w->row[y].door & open[y];
    }
#ifdef AMULETS_CHECKS
    uint64_t enter_now[DMAP_ROWS], door_now[DMAP_ROWS];
    dmap_kinds(map, w->door_cost, enter_now, door_now);
    for (int y = 0; y < DMAP_ROWS; ++y) {
        INVARIANT((enter_now[y] & open[y]) == open[y] && (door_now[y] & open[y]) == door[y]);
    }
#else
    (void)map;
#endif
    fleeing_start(f, open, door, &toward->levels, w->door_cost, false, how);
    return true;
}

void dmap_search_flee(Dmap *flee, const DmapSearch *toward, const Map *map)
{
    DmapFleeing f;
    dmap_fleeing_start(&f, toward, map);
    dmap_fleeing_finish(&f);
    *flee = f.dmap;
}
