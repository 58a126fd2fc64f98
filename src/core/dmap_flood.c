/* dmap_compute's own spreading, a flood: the same levels as dmap.c's
 * wave, settled the same way, but with nothing to take up later, so it
 * works each level over the span of rows the front is in, a row after
 * the other with no test in between, and writes the distances only once
 * it's over. A store of a distance made as a level goes, or a test of
 * whether a row claimed anything, would make the level wait on it, and
 * the next level waits on this one: the flood runs more instructions
 * than the wave would, but far fewer branches guessed wrong, in less
 * time. */
#include "dmap.h"

#include <string.h>

#include "dmap_bits.h"
#include "invariant.h"

typedef struct DmapFlood {
    uint64_t ground[DMAP_ROWS];      /* ground not yet claimed */
    uint64_t door[DMAP_ROWS];        /* doors (cells entered at the door cost)
                                        not yet claimed */
    uint64_t front[DMAP_ROWS + 1];   /* the cells at distance level; the last
                                        row stays empty, as row 0 does */
    int top, bottom;                 /* the front's first and last rows (top
                                        past bottom when it's empty) */
    int claims;                      /* each claimed a cell no other did, and
                                        not a goal: fewer than MAP_CELLS */
    int64_t claim_at[MAP_CELLS];     /* a claim's distance << 32, plus its
                                        row's first cell in dmap->d */
    uint64_t claim_cells[MAP_CELLS]; /* the ground it claimed in that row */
    int queue_head, queue_tail;
    int16_t queue[MAP_CELLS];        /* the doors claimed, in order of distance,
                                        written already */
} DmapFlood;

/* A cell joins the front */
static inline void flood_front(DmapFlood *f, int cell)
{
    int y = cell_row(cell);
    f->front[y] |= cell_bit(cell);
    f->top = y < f->top ? y : f->top;
    f->bottom = y > f->bottom ? y : f->bottom;
}

static void flood_start(DmapFlood *f, int32_t *restrict d, const DmapTerrain *t,
                        int32_t door_cost, const Point *goals, int goal_count)
{
    for (int y = 0; y < DMAP_ROWS; ++y) {
        f->door[y] = door_cost > 1 ? t->door[y] : 0;
        f->ground[y] = t->enter[y] & ~f->door[y];
        f->front[y] = 0;
    }
    f->front[DMAP_ROWS] = 0;
    f->top = DMAP_ROWS;
    f->bottom = 0;
    f->claims = f->queue_head = f->queue_tail = 0;
    for (int i = 0; i < goal_count; ++i) {
        if (in_bounds(goals[i].x, goals[i].y)) {
            int cell = cell_index(goals[i].x, goals[i].y);
            d[cell] = 0;
            f->ground[cell_row(cell)] &= ~cell_bit(cell);
            f->door[cell_row(cell)] &= ~cell_bit(cell);
            flood_front(f, cell);
        }
    }
}

/* Doors claimed in row y: each gets its distance now, and waits */
static void flood_wait(DmapFlood *f, int32_t *restrict d, int y, uint64_t doors,
                       int32_t distance)
{
    f->door[y] ^= doors;
    dmap_queue_doors(d, f->queue, &f->queue_tail, y, doors, distance);
}

/* Row y's cells next to the front: the front's rows above and at y,
 * widened a cell each way, kept in *above and *here as a loop goes down
 * the rows (and moved on a row here), and the row below. Its ground
 * among them is claimed and made its row of the next front, in place of
 * the old (which the row below no longer needs); the ground claimed is
 * returned, and *near is what was next to the front */
static DMAP_INLINE uint64_t flood_claim_row(uint64_t *restrict ground, uint64_t *restrict front,
                                            int y, uint64_t *above, uint64_t *here,
                                            uint64_t *near)
{
    uint64_t next = front[y + 1], below = next | next << 1 | next >> 1;
    *near = *above | *here | below;
    uint64_t claimed = *near & ground[y];
    ground[y] ^= claimed;
    front[y] = claimed;
    *above = *here;
    *here = below;
    return claimed;
}

/* The front claims the open cells next to it, each row from the front's
 * rows next to it (their spread kept as the loop goes down, the old
 * front overwritten by the new a row behind), the ground claimed the
 * next front. A claim is noted whether or not it claimed anything, and
 * counted only if it did: the rows of the level's claims are the new
 * front's, in order */
static DMAP_INLINE void flood_spread(DmapFlood *restrict f, int32_t *restrict d, int32_t level,
                                     int32_t door_cost)
{
    uint64_t above = 0, here = 0;
    int64_t at = (int64_t)(level + 1) << 32;
    int first = f->claims, claims = first, last = f->bottom + 1;
    for (int y = f->top - 1; y <= last; ++y) {
        uint64_t near, ground = flood_claim_row(f->ground, f->front, y, &above, &here, &near);
        if (RARELY(near & f->door[y])) {
            flood_wait(f, d, y, near & f->door[y], level + door_cost);
        }
        f->claim_at[claims] = at + (y - 1) * MAP_W;
        f->claim_cells[claims] = ground;
        claims += ground != 0;
    }
    f->claims = claims;
    f->top = DMAP_ROWS;
    f->bottom = 0;
    if (claims > first) {
        f->top = (int32_t)f->claim_at[first] / MAP_W + 1;
        f->bottom = (int32_t)f->claim_at[claims - 1] / MAP_W + 1;
    }
}

/* A claim's first and last cells get their distance, stored
 * whatever the claim (one cell, mostly); what's between them is left */
static inline uint64_t write_ends(int32_t *restrict row, uint64_t cells, int32_t distance)
{
    int first = low_bit(cells), last = high_bit(cells);
    row[first] = distance;
    row[last] = distance;
    return cells & (cells - 1) & ~(UINT64_C(1) << last);
}

/* Every claim's distances: the ends of all, then what's left between
 * them, from the claims that have some, kept in the same arrays */
static void flood_write(DmapFlood *restrict f, int32_t *restrict d)
{
    int left = 0, claims = f->claims;
    for (int i = 0; i < claims; ++i) {
        int64_t at = f->claim_at[i];
        uint64_t between = write_ends(d + (int32_t)at, f->claim_cells[i], (int32_t)(at >> 32));
        f->claim_at[left] = at;
        f->claim_cells[left] = between;
        left += between != 0;
    }
    for (int i = 0; i < left; ++i) {
        int64_t at = f->claim_at[i];
        wave_write(d + (int32_t)at, f->claim_cells[i], (int32_t)(at >> 32));
    }
}

/* The doors waiting for the level join the front */
static void flood_join(DmapFlood *f, const int32_t *d, int32_t level)
{
    while (f->queue_head < f->queue_tail && d[f->queue[f->queue_head]] == level) {
        flood_front(f, f->queue[f->queue_head++]);
    }
}

/* As wave_run: level by level, jumping to the first door waiting when
 * the front is empty, until nothing is left or the level is limit */
void dmap_flood_goals(Dmap *dmap, const DmapTerrain *t, const Point *goals, int goal_count,
                      int door_cost, int32_t limit)
{
    DmapFlood f;
    int32_t cost = dmap_door_cost(door_cost), level = 0;
    INVARIANT(goal_count >= 0 && (goal_count == 0 || goals != NULL));
    dmap_clear(dmap);
    flood_start(&f, dmap->d, t, cost, goals, goal_count);
    while (level < limit && f.top <= f.bottom) {
        flood_spread(&f, dmap->d, level, cost);
        if (f.top <= f.bottom) {
            ++level;
        } else if (f.queue_head < f.queue_tail) {
            level = dmap->d[f.queue[f.queue_head]];
        } else {
            break;
        }
        flood_join(&f, dmap->d, level);
    }
    flood_write(&f, dmap->d);
}

void dmap_compute_within_on(Dmap *dmap, const DmapTerrain *t, Point goal, int door_cost,
                            int limit)
{
    INVARIANT(limit >= 0);
    dmap_flood_goals(dmap, t, &goal, 1, door_cost, limit);
}

/* ---- A search settled by a flood ---------------------------------------- */

/* What a settling floods with: the wave's cells still open, as the flood
 * keeps them, and its front. A row at a time, the front is changed in
 * place; four at a time, the level's front is read and the next written
 * in the other buffer, and they swap */
typedef struct SettleFlood {
    uint64_t ground[DMAP_ROWS + 3], door[DMAP_ROWS + 3];   /* past the map's
                                                              rows, empty */
    uint64_t fronts[2][DMAP_ROWS + 5];
    uint64_t *front, *next;   /* row y in front[y] (fronts[i] + 1), from the
                                 empty row -1 to DMAP_ROWS + 3 */
    int top, bottom;          /* the front's first and last rows (top past
                                 bottom when it's empty) */
} SettleFlood;

/* Doors next to the level's front in row y: each gets its distance now,
 * and waits in the wave's queue */
static void settle_wait(SettleFlood *f, DmapWave *w, int32_t *restrict d, int y, uint64_t doors)
{
    f->door[y] ^= doors;
    dmap_queue_doors(d, w->queue, &w->queue_tail, y, doors, w->level + w->door_cost);
}

/* The level's ground claimed is written down in the levels as flood_spread
 * notes its claims, the doors claimed wait in the wave's queue */
static DMAP_INLINE void settle_spread(SettleFlood *restrict f, DmapWave *restrict w,
                                      int32_t *restrict d, DmapLevels *restrict l)
{
    uint64_t above = 0, here = 0;
    int first = l->entries, entries = first, last = f->bottom + 1;
    for (int y = f->top - 1; y <= last; ++y) {
        uint64_t near, ground = flood_claim_row(f->ground, f->front, y, &above, &here, &near);
        if (RARELY(near & f->door[y])) {
            settle_wait(f, w, d, y, near & f->door[y]);
        }
        INVARIANT(entries < MAP_CELLS);
        l->row[entries] = (uint8_t)y;
        l->bits[entries] = ground;
        entries += ground != 0;
    }
    l->entries = entries;
    f->top = entries > first ? l->row[first] : DMAP_ROWS;
    f->bottom = entries > first ? l->row[entries - 1] : 0;
}

#if DMAP_WIDE
/* The doors next to the level's front in rows y to y + 3 */
static void settle_wait_four(SettleFlood *f, DmapWave *w, int32_t *restrict d, int y)
{
    for (int r = y; r < y + 4; ++r) {
        uint64_t doors = dmap_near(f->front, r) & f->door[r];
        if (doors != 0) settle_wait(f, w, d, r, doors);
    }
}

/* As settle_spread, four rows at a time: rows y to y + 3 of the next
 * front are the ground next to the level's front's rows y - 1 to y + 4,
 * in the other buffer (whose rows not written keep cells of levels
 * before: they claim nothing, as every cell next to them is claimed
 * already). The claims are written down with no test between them. Past
 * the front's last row but one, the rows claim nothing, and leave
 * nothing written down */
DMAP_WIDE_FN static DMAP_INLINE void settle_spread_wide(SettleFlood *restrict f,
                                                       DmapWave *restrict w,
                                                       int32_t *restrict d,
                                                       DmapLevels *restrict l)
{
    int from = f->top - 1 < 1 ? 1 : f->top - 1, last = f->bottom + 1;
    int first = l->entries, entries = first;
    for (int y = from; y <= last; y += 4) {
        __m256i near = dmap_near4(f->front, y);
        __m256i ground = dmap_load4(f->ground + y), claimed = _mm256_and_si256(near, ground);
        dmap_store4(f->ground + y, _mm256_xor_si256(ground, claimed));
        dmap_store4(f->next + y, claimed);
        if (RARELY(!_mm256_testz_si256(near, dmap_load4(f->door + y)))) {
            settle_wait_four(f, w, d, y);
        }
        INVARIANT(entries < MAP_CELLS);
        entries += dmap_pack4(claimed, y, l->bits + entries, l->row + entries);
    }
    l->entries = entries;
    uint64_t *level = f->front;
    f->front = f->next;
    f->next = level;
    f->top = entries > first ? l->row[first] : DMAP_ROWS;
    f->bottom = entries > first ? l->row[entries - 1] : 0;
}


/* As settle_spread, the whole map at once, eight rows a vector, the
 * front and the ground kept in the vectors from level to level: the next
 * front is the ground next to the level's front */
DMAP_WIDEST_FN static DMAP_INLINE void settle_spread_whole(SettleFlood *restrict f,
                                                           DmapWave *restrict w,
                                                           int32_t *restrict d,
                                                           DmapLevels *restrict l,
                                                           __m512i front[DMAP_BLOCKS8],
                                                           __m512i ground[DMAP_BLOCKS8])
{
    __m512i near[DMAP_BLOCKS8];
    dmap_near_all(front, near);
    int entries = l->entries;
    unsigned doors = 0;
    uint64_t rows = 0;
    for (int i = 0; i < DMAP_BLOCKS8; ++i) {
        __m512i claimed = _mm512_and_si512(near[i], ground[i]);
        ground[i] = _mm512_andnot_si512(near[i], ground[i]);
        front[i] = claimed;
        doors |= _mm512_test_epi64_mask(near[i], _mm512_loadu_si512((const void *)(f->door + 8 * i)));
        __mmask8 with = _mm512_test_epi64_mask(claimed, claimed);
        rows |= (uint64_t)with << (8 * i);
        INVARIANT(entries < MAP_CELLS);
        entries += dmap_pack8(claimed, with, 8 * i, l->bits + entries, l->row + entries);
    }
    if (RARELY(doors != 0)) {
        uint64_t next_to[DMAP_BLOCKS8 * 8];
        dmap_store_all(next_to, near);
        for (int y = 1; y < DMAP_ROWS - 1; ++y) {
            if (next_to[y] & f->door[y]) settle_wait(f, w, d, y, next_to[y] & f->door[y]);
        }
    }
    l->entries = entries;
    f->top = rows != 0 ? low_bit(rows) : DMAP_ROWS;
    f->bottom = rows != 0 ? high_bit(rows) : 0;
}

#endif

/* As wave_advance without seeds: the next level with anything in it, its
 * doors joined, the level written down. False if nothing is left */
static DMAP_INLINE bool settle_advance(SettleFlood *f, DmapWave *w, const int32_t *d,
                                       DmapLevels *l)
{
    if (f->top <= f->bottom) {
        ++w->level;
    } else if (w->queue_head < w->queue_tail) {
        w->level = d[w->queue[w->queue_head]];
    } else {
        return false;
    }
    while (w->queue_head < w->queue_tail && d[w->queue[w->queue_head]] == w->level) {
        int cell = w->queue[w->queue_head++], y = cell_row(cell);
        f->front[y] |= cell_bit(cell);
        f->top = y < f->top ? y : f->top;
        f->bottom = y > f->bottom ? y : f->bottom;
        INVARIANT(l->entries < MAP_CELLS);
        l->row[l->entries] = (uint8_t)y;
        l->bits[l->entries++] = cell_bit(cell);
    }
    INVARIANT(l->count < MAP_CELLS);
    l->value[l->count++] = w->level;
    l->first[l->count] = (int16_t)l->entries;
    return true;
}

/* The flood the wave's cells still open, its front, and nothing else */
static void settle_start(SettleFlood *f, const DmapWave *w)
{
    memset(f->fronts, 0, sizeof f->fronts);
    f->front = f->fronts[0] + 1;
    f->next = f->fronts[1] + 1;
    f->top = DMAP_ROWS;
    f->bottom = 0;
    for (int y = 0; y < DMAP_ROWS; ++y) {
        const DmapRow *row = &w->row[y];
        f->door[y] = row->open & row->door;
        f->ground[y] = row->open & ~row->door;
        f->front[y] = row->front[w->front];
        if (f->front[y] != 0) {
            f->top = y < f->top ? y : f->top;
            f->bottom = y;
        }
    }
    for (int y = DMAP_ROWS; y < DMAP_ROWS + 3; ++y) {
        f->door[y] = f->ground[y] = 0;
    }
}

/* The flood, level by level until nothing is left: made once each way,
 * so that a level calls nothing */
static void settle_run_rows(SettleFlood *f, DmapWave *w, int32_t *restrict d, DmapLevels *l)
{
    do {
        settle_spread(f, w, d, l);
    } while (settle_advance(f, w, d, l));
}

#if DMAP_WIDE
DMAP_WIDE_FN static void settle_run_wide(SettleFlood *f, DmapWave *w, int32_t *restrict d,
                                         DmapLevels *l)
{
    do {
        settle_spread_wide(f, w, d, l);
    } while (settle_advance(f, w, d, l));
}

/* The front and the ground stay in the vectors but while doors wait to
 * join the front */
DMAP_WIDEST_FN static void settle_run_whole(SettleFlood *f, DmapWave *w, int32_t *restrict d,
                                             DmapLevels *l)
{
    __m512i front[DMAP_BLOCKS8], ground[DMAP_BLOCKS8];
    dmap_load_all(f->front, front);
    dmap_load_all(f->ground, ground);
    for (;;) {
        settle_spread_whole(f, w, d, l, front, ground);
        bool doors = w->queue_head < w->queue_tail;
        if (doors) dmap_store_all(f->front, front);
        if (!settle_advance(f, w, d, l)) break;
        if (doors) dmap_load_all(f->front, front);
    }
    dmap_store_all(f->ground, ground);
}
#else
static void settle_run_wide(SettleFlood *f, DmapWave *w, int32_t *restrict d, DmapLevels *l)
{
    settle_run_rows(f, w, d, l);   /* never called: no machine here is wide */
}

static void settle_run_whole(SettleFlood *f, DmapWave *w, int32_t *restrict d, DmapLevels *l)
{
    settle_run_rows(f, w, d, l);
}
#endif

/* The wave taken up where it stopped (its front settled, not spread
 * from; no seeds), flooded as far as it goes, and left as the wave would
 * be: over, what it never claimed still open */
bool dmap_wave_settle(DmapWave *w, int32_t *restrict d, DmapLevels *l, DmapWay way)
{
    DmapWay how;
    if (!dmap_way(way, &how)) return false;
    SettleFlood f;
    settle_start(&f, w);
    switch (how) {
    case DMAP_WHOLE_WAY: settle_run_whole(&f, w, d, l); break;
    case DMAP_WIDE_WAY: settle_run_wide(&f, w, d, l); break;
    default: settle_run_rows(&f, w, d, l); break;
    }
    for (int y = 0; y < DMAP_ROWS; ++y) {
        w->row[y].open = f.ground[y] | f.door[y];
        w->row[y].front[0] = w->row[y].front[1] = 0;
        w->waiting[y] = 0;
    }
    w->rows = 0;
    w->over = true;
    return true;
}
