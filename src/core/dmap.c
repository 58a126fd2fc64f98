/* Distance maps by Dial's algorithm, in the form it takes when the cost
 * of a step depends only on the cell stepped onto (1 onto ground,
 * door_cost onto a closed door), worked a whole row of the map at a time.
 *
 * The cells are settled level by level, in order of distance. The front,
 * every cell at distance v, claims every open cell next to it: ground so
 * claimed is at v + 1, a door at v + door_cost, and nothing claimed later
 * (from v + 1 or more) could offer less, so a cell's first distance is its
 * last, written when it is claimed, and each cell is claimed once. The
 * claimed ground is the next level's front; the claimed doors wait in a
 * FIFO, which keeps them in order of distance, as they all cost the same,
 * until their level comes. A level with nothing in it is jumped over, so
 * any door cost works, however large (ch19's exercise asks for a door
 * cost "so high that any open way is cheaper").
 *
 * A row of the map is one 64-bit word, a bit a cell: the cells next to a
 * row's front are its word and the words above and below or'd together,
 * shifted a bit each way. So a level costs a few operations a row it
 * touches, and a cell one store of its distance.
 *
 * dmap_compute, which is never taken up later, settles the same levels
 * by a spreading of its own, a flood (dmap_flood.c), and so does a
 * search's settling for a flee map, which goes to the end; the flee map
 * itself, which starts from seeds, floods too (dmap_flee.c). */
#include "dmap.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dmap_bits.h"
#include "invariant.h"

_Static_assert(MAP_W <= 64, "a row of the map is one 64-bit word");
_Static_assert(DMAP_ROWS <= 64, "a bitboard's rows are the bits of one word");

/* ---- What each cell is -------------------------------------------------- */

enum { DMAP_SHUT = 0, DMAP_GROUND = 1, DMAP_DOOR = 2 };

/* map.h's list's last column, as comparisons (a constant folds away;
 * any byte but a terrain is shut) */
static inline uint8_t dmap_kind_of(uint8_t t)
{
#define DMAP_IS(kind, id, search) | ((DMAP_##search == (kind)) & (t == T_##id))
#define DMAP_GROUND_IF(id, name, glyph, save, tile, walk, pass, blocks, seen_as, search) \
    DMAP_IS(DMAP_GROUND, id, search)
#define DMAP_DOOR_IF(id, name, glyph, save, tile, walk, pass, blocks, seen_as, search) \
    DMAP_IS(DMAP_DOOR, id, search)
    uint8_t ground = (uint8_t)(0 TERRAINS(DMAP_GROUND_IF));
    uint8_t door = (uint8_t)(0 TERRAINS(DMAP_DOOR_IF));
#undef DMAP_IS
#undef DMAP_GROUND_IF
#undef DMAP_DOOR_IF
    return (uint8_t)(ground | (uint8_t)(door + door));
}

#if defined(__SSE2__)
/* The terrains of a kind, a bit each (a constant, as dmap_kind_of is) */
static inline unsigned dmap_terrains(uint8_t kind)
{
    unsigned terrains = 0;
    for (int t = 0; t < T_COUNT; ++t) {
        terrains |= (unsigned)(dmap_kind_of((uint8_t)t) == kind) << t;
    }
    return terrains;
}

/* Which of sixteen cells are of the terrains: if they are a run of
 * numbers, more than one, a cell's less the first is at most the run's
 * length less one (one saturating subtraction); else a comparison with
 * each */
static inline __m128i dmap_of_terrains(__m128i cells, unsigned terrains)
{
    unsigned run = terrains == 0 ? 0 : terrains >> low_bit(terrains);
    __m128i is = _mm_setzero_si128();
    if (run > 1 && (run & (run + 1)) == 0) {
        int first = low_bit(terrains), count = high_bit(run) + 1;
        __m128i from_first = _mm_sub_epi8(cells, _mm_set1_epi8((char)first));
        __m128i past = _mm_subs_epu8(from_first, _mm_set1_epi8((char)(count - 1)));
        return _mm_cmpeq_epi8(past, is);
    }
    for (int t = 0; t < T_COUNT; ++t) {
        if (terrains >> t & 1) is = _mm_or_si128(is, _mm_cmpeq_epi8(cells, _mm_set1_epi8((char)t)));
    }
    return is;
}
#endif

/* One row's ground and doors as bits. With SSE2, sixteen cells at once:
 * the doors and the cells that may be entered found as dmap_of_terrains
 * says (its tests are folded away, as its terrains are constant), the
 * ground what's left of those */
static void dmap_row_kinds(const uint8_t *terrain, uint64_t *ground, uint64_t *door)
{
    uint64_t g = 0, d = 0;
#if defined(__SSE2__)
    _Static_assert(MAP_W % 16 == 0, "a row is whole vectors of sixteen cells");
    for (int x = 0; x < MAP_W; x += 16) {
        __m128i cells = _mm_loadu_si128((const __m128i *)(const void *)(terrain + x));
        unsigned doors = dmap_terrains(DMAP_DOOR), enter = doors | dmap_terrains(DMAP_GROUND);
        __m128i is_door = dmap_of_terrains(cells, doors);
        __m128i is_ground = _mm_andnot_si128(is_door, dmap_of_terrains(cells, enter));
        g |= (uint64_t)(uint16_t)_mm_movemask_epi8(is_ground) << x;
        d |= (uint64_t)(uint16_t)_mm_movemask_epi8(is_door) << x;
    }
#else
    for (int x = 0; x < MAP_W; ++x) {
        uint8_t kind = dmap_kind_of(terrain[x]);
        g |= (uint64_t)(kind == DMAP_GROUND) << x;
        d |= (uint64_t)(kind == DMAP_DOOR) << x;
    }
#endif
    *ground = g;
    *door = d;
}

void dmap_terrain_of(DmapTerrain *t, const Map *map)
{
    t->enter[0] = t->door[0] = t->enter[DMAP_ROWS - 1] = t->door[DMAP_ROWS - 1] = 0;
    for (int y = 0; y < MAP_H; ++y) {
        uint64_t ground, doors;
        dmap_row_kinds(map->terrain + y * MAP_W, &ground, &doors);
        t->enter[y + 1] = ground | doors;
        t->door[y + 1] = doors;
    }
}

void dmap_compute(Dmap *dmap, const Map *map, const Point *goals, int goal_count,
                  int door_cost)
{
    DmapTerrain t;
    dmap_terrain_of(&t, map);
    dmap_flood_goals(dmap, &t, goals, goal_count, door_cost, DMAP_UNREACHED);
}

void dmap_compute_within(Dmap *dmap, const Map *map, Point goal, int door_cost, int limit)
{
    DmapTerrain t;
    dmap_terrain_of(&t, map);
    dmap_compute_within_on(dmap, &t, goal, door_cost, limit);
}

/* The cells that may be entered, and which of them cost a door's step
 * (none when a door costs one, as then it's as good as ground) */
/* ---- The wave ------------------------------------------------------------ */

/* A wave with nothing in it yet, that may enter w->enter, those of them
 * in door at the door cost */
static void wave_empty(DmapWave *w, const uint64_t door[DMAP_ROWS], int32_t door_cost)
{
    for (int y = 0; y < DMAP_ROWS; ++y) {
        w->row[y] = (DmapRow){w->enter[y], door[y], {0, 0}, 0};
    }
    memset(w->waiting, 0, sizeof w->waiting);
    w->rows = 0;
    w->level = 0;
    w->door_cost = door_cost;
    w->front = 0;
    w->over = false;
    w->queue_head = w->queue_tail = 0;
}

/* The same, that may enter the cells of a map's terrain */
static void wave_start(DmapWave *w, const DmapTerrain *t, int32_t door_cost)
{
    uint64_t door[DMAP_ROWS];
    for (int y = 0; y < DMAP_ROWS; ++y) {
        w->enter[y] = t->enter[y];
        door[y] = door_cost > 1 ? t->door[y] : 0;
    }
    wave_empty(w, door, door_cost);
}

/* The level being made up gets a row of cells, when levels isn't NULL */
static inline void wave_write_down(DmapLevels *levels, int y, uint64_t cells)
{
    if (levels != NULL) {
        INVARIANT(levels->entries < MAP_CELLS);
        levels->row[levels->entries] = (uint8_t)y;
        levels->bits[levels->entries++] = cells;
    }
}

/* Cells join the front at its level: their distances are written already */
static inline void wave_join(DmapWave *w, int y, uint64_t cells, DmapLevels *levels)
{
    w->row[y].front[w->front] |= cells;
    w->rows |= UINT64_C(1) << y;
    wave_write_down(levels, y, cells);
}

/* Doors claimed in a row from the front: each at level + door cost, to
 * wait for that level (doors are few, so this is out of the loop's way) */
static void wave_wait(DmapWave *w, int32_t *restrict d, int y, uint64_t doors)
{
    w->waiting[y] |= doors;
    dmap_queue_doors(d, w->queue, &w->queue_tail, y, doors, w->level + w->door_cost);
}

/* A row (bit in the rows) claims the cells of near still open in it: the
 * ground gets its distance and joins the front in buffer to, and is
 * written down in levels (when not NULL) as an entry of the next level;
 * the doors are set apart in the row, and the row's bit put in *doors.
 * True if it claimed ground */
static DMAP_INLINE bool claim_row(DmapRow *restrict row, uint64_t bit,
                                  int32_t *restrict distances, uint64_t near, int32_t step,
                                  int to, uint64_t *doors, DmapLevels *restrict levels)
{
    uint64_t claimed = near & row->open;
    if (claimed == 0) return false;
    row->open ^= claimed;
    if (RARELY(claimed & row->door)) {
        row->doors |= claimed & row->door;
        claimed &= ~row->door;
        *doors |= bit;
    }
    row->front[to] |= claimed;
    wave_write(distances, claimed, step);
    if (levels != NULL) {   /* a constant at each call: no test is left of it */
        INVARIANT(levels->entries < MAP_CELLS);
        levels->row[levels->entries] = (uint8_t)low_bit(bit);
        levels->bits[levels->entries] = claimed;
        levels->entries += claimed != 0;
    }
    return claimed != 0;
}

/* The front in buffer from claims the open cells next to it: each row
 * of it, widened a cell each way, claims what's open in the rows above,
 * at and below it (each cell claimed once, by the first row to reach
 * it). The ground claimed makes the next front, in the other buffer, and
 * the old is emptied as it goes. All in locals, so that stores to the
 * distances can't be taken to touch the wave; from is a constant at
 * each call, so the buffers' places are too. The ground claimed is
 * written down in levels, when not NULL, a row as many times as rows of
 * the front claim cells in it (the flee map's sowing takes them in any
 * order). The rows doors were claimed in */
static DMAP_INLINE uint64_t spread_from(DmapWave *w, int32_t *restrict d, int from,
                                        DmapLevels *restrict levels)
{
    DmapRow *restrict row = w->row;
    int32_t step = w->level + 1;
    uint64_t rows = 0, doors = 0;
    for (uint64_t r = w->rows; r != 0; r &= r - 1) {
        unsigned y = (unsigned)low_bit(r);
        DmapRow *restrict here = row + y;
        int32_t *restrict distances = d + ((int)y - 1) * MAP_W;
        uint64_t old = here->front[from], bit = UINT64_C(1) << y;
        uint64_t near = old | old << 1 | old >> 1;
        here->front[from] = 0;
        if (claim_row(here - 1, bit >> 1, distances - MAP_W, near, step, !from, &doors,
                      levels)) {
            rows |= bit >> 1;
        }
        if (claim_row(here, bit, distances, near, step, !from, &doors, levels)) {
            rows |= bit;
        }
        if (claim_row(here + 1, bit << 1, distances + MAP_W, near, step, !from, &doors,
                      levels)) {
            rows |= bit << 1;
        }
    }
    w->rows = rows;
    return doors;
}

/* The front claims the open cells next to it; the doors claimed wait;
 * the ground claimed is written down as the next level's */
static DMAP_INLINE void wave_spread(DmapWave *w, int32_t *restrict d, DmapLevels *levels)
{
    uint64_t doors = w->front == 0 ? spread_from(w, d, 0, levels) : spread_from(w, d, 1, levels);
    w->front ^= 1;
    for (; RARELY(doors != 0); doors &= doors - 1) {
        int y = low_bit(doors);
        wave_wait(w, d, y, w->row[y].doors);
        w->row[y].doors = 0;
    }
}

/* The distance of the first door waiting, INT32_MAX if none: with no
 * seeds to settle one sooner, each waits in the queue until its level */
static int32_t wave_next_door(const DmapWave *w, const int32_t *d)
{
    return w->queue_head < w->queue_tail ? d[w->queue[w->queue_head]] : INT32_MAX;
}

/* On to the next level with anything in it: the ground just claimed is
 * at the next one; with none, the first door waiting. Its doors join the
 * front, and the level is written down. False if nothing is left */
static bool wave_advance(DmapWave *w, int32_t *restrict d, DmapLevels *levels)
{
    int32_t level = w->level + 1;
    if (w->rows == 0) {
        level = wave_next_door(w, d);
        if (level == INT32_MAX) {
            return false;
        }
    }
    w->level = level;
    while (w->queue_head < w->queue_tail && wave_next_door(w, d) == level) {
        int cell = w->queue[w->queue_head++];
        w->waiting[cell_row(cell)] &= ~cell_bit(cell);
        wave_join(w, cell_row(cell), cell_bit(cell), levels);
    }
    if (levels != NULL) {
        INVARIANT(levels->count < MAP_CELLS);
        levels->value[levels->count++] = level;
        levels->first[levels->count] = (int16_t)levels->entries;
    }
    return true;
}

/* Spreads until nothing is left or, with until a cell (not -1), until
 * that cell has its distance for good: claimed as ground, or a door whose
 * level has come. Every cell nearer than until has its distance then, as
 * its level is settled, and the rest show no less. The wave stops with
 * its front settled and not yet spread from, so it can go on later */
static void wave_run(DmapWave *w, int32_t *restrict d, DmapLevels *levels, int until)
{
    while (!w->over && !dmap_settled(d, w->waiting, until)) {
        wave_spread(w, d, levels);
        w->over = !wave_advance(w, d, levels);
    }
}

/* Every cell unreached, the goals at 0: the first level */
static void wave_goals(DmapWave *w, int32_t *restrict d, const Point *goals, int goal_count,
                       DmapLevels *levels)
{
    for (int i = 0; i < goal_count; ++i) {
        if (in_bounds(goals[i].x, goals[i].y)) {
            int cell = cell_index(goals[i].x, goals[i].y);
            d[cell] = 0;
            w->row[cell_row(cell)].open &= ~cell_bit(cell);
            wave_join(w, cell_row(cell), cell_bit(cell), NULL);
        }
    }
    for (uint64_t rows = w->rows; levels != NULL && rows != 0; rows &= rows - 1) {
        int y = low_bit(rows);
        wave_write_down(levels, y, w->row[y].front[w->front]);
    }
    if (levels != NULL) {
        levels->value[levels->count++] = 0;
        levels->first[levels->count] = (int16_t)levels->entries;
    }
}

/* ---- DmapSearch --------------------------------------------------------- */

/* The distances of the levels a settling left unwritten (from
 * s->pending on, if not -1), written from the levels: a level's cells
 * are at its distance, the doors among them too (wave_wait wrote them so
 * already). The settling spread as far as it could, so no level comes
 * after them */
static void search_write_pending(DmapSearch *s)
{
    const DmapLevels *l = &s->levels;
    if (s->pending < 0) return;
    for (int i = s->pending; i < l->count; ++i) {
        for (int e = l->first[i]; e < l->first[i + 1]; ++e) {
            wave_write(s->dmap.d + (l->row[e] - 1) * MAP_W, l->bits[e], l->value[i]);
        }
    }
    s->pending = -1;
}

/* A search's distances from now on, if it began without them: the map
 * cleared, and every level settled so far written (the goal's at least,
 * and all of a settled search's). No door waits then: the search has
 * spread not at all yet, or as far as it can */
static void search_clean(DmapSearch *s)
{
    if (!s->stale) return;
    dmap_clear(&s->dmap);
    s->stale = false;
    s->pending = 0;
    search_write_pending(s);
}

void dmap_search_start(DmapSearch *s, const Map *map, Point goal, int door_cost)
{
    DmapTerrain t;
    dmap_terrain_of(&t, map);
    dmap_search_start_on(s, &t, goal, door_cost);
}

void dmap_search_start_on(DmapSearch *s, const DmapTerrain *t, Point goal, int door_cost)
{
    wave_start(&s->wave, t, dmap_door_cost(door_cost));
    s->levels.count = s->levels.entries = 0;
    s->levels.first[0] = 0;
    s->goal = in_bounds(goal.x, goal.y) ? cell_index(goal.x, goal.y) : -1;
    wave_goals(&s->wave, s->dmap.d, &goal, 1, &s->levels);
    s->pending = -1;
    s->stale = true;   /* a settling writes only its doors, and reads only those */
}

void dmap_search_reach(DmapSearch *s, Point cell)
{
    int until = in_bounds(cell.x, cell.y) ? cell_index(cell.x, cell.y) : -1;
    search_clean(s);
    wave_run(&s->wave, s->dmap.d, &s->levels, until);
    search_write_pending(s);
}

void dmap_search_finish(DmapSearch *s)
{
    search_clean(s);
    wave_run(&s->wave, s->dmap.d, &s->levels, -1);
    search_write_pending(s);
}

void dmap_search_settle(DmapSearch *s)
{
    dmap_search_settle_way(s, DMAP_ANY_WAY);
}

bool dmap_search_settle_way(DmapSearch *s, DmapWay way)
{
    if (s->wave.over) return true;
    int pending = s->levels.count;
    if (!dmap_wave_settle(&s->wave, s->dmap.d, &s->levels, way)) return false;
    s->pending = pending;
    return true;
}

/* A cell the search hasn't reached: no distance found so far went
 * through it, nor will any but through a neighbour not yet spread from,
 * so it may be anything, and the search takes its terrain from now on. A
 * cell never open to the search (a wall) is such a cell while none of its
 * neighbours has been reached */
/* The cells of a row the search has reached: those it claimed (no longer
 * open, but enterable), and its goal. The same as the cells with a
 * distance, but read off the wave, so it holds while a settled search's
 * distances are still to be written */
static uint64_t search_reached(const DmapSearch *s, int y)
{
    uint64_t reached = s->wave.enter[y] & ~s->wave.row[y].open;
    return s->goal >= 0 && cell_row(s->goal) == y ? reached | cell_bit(s->goal) : reached;
}

bool dmap_search_update(DmapSearch *s, Point cell, Terrain terrain)
{
    if (!in_bounds(cell.x, cell.y)) {
        return true;
    }
    int c = cell_index(cell.x, cell.y), y = cell_row(c);
    uint64_t bit = cell_bit(c), around = bit | bit << 1 | bit >> 1;
    DmapWave *w = &s->wave;
    if (search_reached(s, y) & bit) {
        return false;
    }
    if (!(w->row[y].open & bit) &&
        ((search_reached(s, y - 1) | search_reached(s, y) | search_reached(s, y + 1)) & around)) {
        return false;
    }
    uint8_t kind = dmap_kind_of((uint8_t)terrain);
    w->enter[y] = kind != DMAP_SHUT ? w->enter[y] | bit : w->enter[y] & ~bit;
    DmapRow *row = &w->row[y];
    row->open = kind != DMAP_SHUT ? row->open | bit : row->open & ~bit;
    row->door = kind == DMAP_DOOR && w->door_cost > 1 ? row->door | bit : row->door & ~bit;
    return true;
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
