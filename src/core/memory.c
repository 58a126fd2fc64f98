#include "memory.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "invariant.h"

_Static_assert(MAP_W <= 64, "a row's cells are the bits of one word");

static int lowest_bit(uint64_t bits)
{
#if defined(__GNUC__)
    return __builtin_ctzll(bits);
#else
    int n = 0;
    for (; !(bits & 1); bits >>= 1) ++n;
    return n;
#endif
}

/* Only the cells an item was ever remembered on are looked at: a few
 * dozen a floor, where a look over every cell cost thousands of steps
 * a call (and explore calls it every turn) */
int mem_item_cells(const Memory *memory, int16_t cells[MAP_CELLS])
{
    int n = 0;
    for (int y = 0; y < MAP_H; ++y) {
        for (uint64_t bits = memory->item_rows[y]; bits != 0; bits &= bits - 1) {
            int i = y * MAP_W + lowest_bit(bits);
            if (memory->item[i].count != 0) cells[n++] = (int16_t)i;
        }
    }
    return n;
}

void mem_remember_item(Memory *memory, int cell, Stack stack)
{
    INVARIANT(cell >= 0 && cell < MAP_CELLS);
    memory->item[cell] = stack;
    if (stack.count != 0) memory->item_rows[cell / MAP_W] |= UINT64_C(1) << (cell % MAP_W);
}

void mem_reset(Memory *memory)
{
    memset(memory, 0, sizeof *memory);
}

static bool in_sight(const Level *level, Point cell)
{
    return map_visible(&level->map, cell.x, cell.y);
}

static Terrain looks_like(const Map *map, int i)
{
    return map_terrain_def((Terrain)map->terrain[i])->seen_as;
}

/* A monster seen now somewhere else isn't where it was last seen, unless
 * another monster out of sight was last seen there too */
static bool mark_gone(const Level *level, Point cell)
{
    bool moved = false;
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (!m->sighted || !point_eq(m->sighted_at, cell)) continue;
        if (!in_sight(level, m->pos)) return false;
        moved = true;
    }
    return moved;
}

/* The cells of a row taken in where they're in sight: each one's terrain
 * as it looks, its item and monster forgotten (those in sight are put
 * back after). False if none is in sight */
#if defined(__SSE2__)
_Static_assert(MAP_W == 64, "a row is four vectors of sixteen cells");
_Static_assert(T_WALL == 0, "a byte that is no terrain looks like a wall: 0");

/* What each terrain looks like, from map.h's list (map.c's table is made
 * from it too): constants, so only the terrains that look like another
 * are tested for */
#define MEM_SEEN_AS(id, name, glyph, save, tile, walk, pass, blocks, seen_as, search) \
    [T_##id] = T_##seen_as,
static const uint8_t SEEN_AS[T_COUNT] = {TERRAINS(MEM_SEEN_AS)};
#undef MEM_SEEN_AS

/* Sixteen cells' terrain as it looks */
static __m128i looks_like16(__m128i cells)
{
    __m128i looks = cells;
    for (int t = 0; t < T_COUNT; ++t) {
        if (SEEN_AS[t] == t) continue;
        __m128i is = _mm_cmpeq_epi8(cells, _mm_set1_epi8((char)t));
        looks = _mm_or_si128(_mm_andnot_si128(is, looks),
                             _mm_and_si128(is, _mm_set1_epi8((char)SEEN_AS[t])));
    }
    __m128i beyond = _mm_cmpeq_epi8(_mm_max_epu8(cells, _mm_set1_epi8((char)T_COUNT)), cells);
    return _mm_andnot_si128(beyond, looks);
}

/* The items remembered in sight are forgotten (those in sight are put
 * back after): only the few cells item_rows marks are looked at */
static void forget_items(Memory *memory, int y, uint64_t seen)
{
    for (uint64_t bits = memory->item_rows[y] & seen; bits != 0; bits &= bits - 1) {
        memory->item[y * MAP_W + lowest_bit(bits)] = (Stack){0, 0};
    }
    memory->item_rows[y] &= ~seen;
}

/* Sixteen cells at a time: the mask of those out of sight, widened to a
 * monster mark's width, and the fields kept where it's set (most of a
 * row is out of sight, and a cell at a time cost a branch a cell) */
static bool take_in_row(Memory *memory, const Map *map, int y)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i hidden[4];
    uint64_t seen = 0;
    for (int k = 0; k < 4; ++k) {
        const uint8_t *visible = map->visible + y * MAP_W + 16 * k;
        hidden[k] = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)visible), zero);
        seen |= (uint64_t)(uint16_t)~_mm_movemask_epi8(hidden[k]) << (16 * k);
    }
    if (seen == 0) return false;
    for (int k = 0; k < 4; ++k) {
        int i = y * MAP_W + 16 * k;
        if ((uint16_t)(seen >> (16 * k)) == 0) continue;
        __m128i *terrain = (__m128i *)(void *)(memory->terrain + i);
        __m128i looks = looks_like16(_mm_loadu_si128((const __m128i *)(const void *)(map->terrain + i)));
        _mm_storeu_si128(terrain, _mm_or_si128(_mm_and_si128(hidden[k], _mm_loadu_si128(terrain)),
                                               _mm_andnot_si128(hidden[k], looks)));
        __m128i *monster = (__m128i *)(void *)(memory->monster + i);
        _mm_storeu_si128(monster, _mm_and_si128(_mm_unpacklo_epi8(hidden[k], hidden[k]),
                                                _mm_loadu_si128(monster)));
        _mm_storeu_si128(monster + 1, _mm_and_si128(_mm_unpackhi_epi8(hidden[k], hidden[k]),
                                                    _mm_loadu_si128(monster + 1)));
    }
    forget_items(memory, y, seen);
    return true;
}
#else
static bool take_in_row(Memory *memory, const Map *map, int y)
{
    if (!map_row_in_sight(map, y)) return false;
    for (int i = y * MAP_W; i < (y + 1) * MAP_W; ++i) {
        if (!map->visible[i]) continue;
        memory->terrain[i] = (uint8_t)looks_like(map, i);
        memory->item[i] = (Stack){0, 0};
        memory->monster[i] = 0;
    }
    return true;
}
#endif

/* Everything in sight, taken in; the monsters' own sightings untouched */
static void take_in(Memory *memory, const Level *level)
{
    for (int y = 0; y < MAP_H; ++y) take_in_row(memory, &level->map, y);
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        if (in_sight(level, item->pos)) {
            mem_remember_item(memory, cell_index(item->pos.x, item->pos.y), item->stack);
        }
    }
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (!in_sight(level, m->pos)) continue;
        if (m->sighted && !in_sight(level, m->sighted_at) && mark_gone(level, m->sighted_at)) {
            memory->monster[cell_index(m->sighted_at.x, m->sighted_at.y)] = 0;
        }
        INVARIANT(m->kind >= 0 && m->kind < UINT16_MAX);
        memory->monster[cell_index(m->pos.x, m->pos.y)] = (uint16_t)(m->kind + 1);
    }
}

void mem_look(Memory *memory, Level *level)
{
    take_in(memory, level);
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        if (in_sight(level, m->pos)) {
            m->sighted = true;
            m->sighted_at = m->pos;
        } else if (m->sighted && in_sight(level, m->sighted_at)) {
            m->sighted = false;   /* the player sees it isn't there */
        }
    }
}

void mem_forget_dead(Memory *memory, const Level *level, const Monster *monster)
{
    Point was = monster->sighted_at;
    if (!in_sight(level, monster->pos) || !monster->sighted || in_sight(level, was)) return;
    /* as take_in would, with the monster still on the floor */
    if (mark_gone(level, was)) memory->monster[cell_index(was.x, was.y)] = 0;
}

void mem_learn_terrain(Memory *memory, const Map *map, Point cell)
{
    if (in_bounds(cell.x, cell.y)) {
        int i = cell_index(cell.x, cell.y);
        memory->terrain[i] = (uint8_t)looks_like(map, i);
    }
}

void mem_learn_item(Memory *memory, const FloorItem *item)
{
    if (in_bounds(item->pos.x, item->pos.y)) {
        mem_remember_item(memory, cell_index(item->pos.x, item->pos.y), item->stack);
    }
}

/* ---- What the player knows now --------------------------------------- */

Terrain mem_terrain(const Memory *memory, const Map *map, Point cell)
{
    if (!in_bounds(cell.x, cell.y)) return T_WALL;
    int i = cell_index(cell.x, cell.y);
    if (map->visible[i]) return looks_like(map, i);
    return map->explored[i] ? (Terrain)memory->terrain[i] : T_WALL;
}

Stack mem_item(const Memory *memory, const Level *level, Point cell)
{
    if (!in_bounds(cell.x, cell.y)) return (Stack){0, 0};
    if (in_sight(level, cell)) {
        int index = lvl_item_at(level, cell);
        return index >= 0 ? level->items[index].stack : (Stack){0, 0};
    }
    return memory->item[cell_index(cell.x, cell.y)];
}

int mem_monster(const Memory *memory, const Level *level, Point cell)
{
    if (!in_bounds(cell.x, cell.y) || in_sight(level, cell)) return -1;
    int mark = memory->monster[cell_index(cell.x, cell.y)];
    if (mark == 0 || mark_gone(level, cell)) return -1;
    return mark - 1;
}

bool mem_monster_seen_at(const Level *level, const Monster *monster, Point *out)
{
    if (in_sight(level, monster->pos)) {
        *out = monster->pos;
        return true;
    }
    if (!monster->sighted || in_sight(level, monster->sighted_at)) return false;
    *out = monster->sighted_at;
    return true;
}

void mem_now(const Memory *memory, const Level *level, Memory *out)
{
    memcpy(out, memory, sizeof *out);
    take_in(out, level);
}

bool mem_may_remember(Terrain truth, Terrain known)
{
    if (known == map_terrain_def(truth)->seen_as) return true;
    bool door = truth == T_CLOSED_DOOR || truth == T_OPEN_DOOR;
    return door && (known == T_CLOSED_DOOR || known == T_OPEN_DOOR || known == T_WALL);
}

void mem_rebuild(Memory *memory, const Level *level)
{
    mem_reset(memory);
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (level->map.explored[i]) memory->terrain[i] = (uint8_t)looks_like(&level->map, i);
    }
    for (int i = 0; i < level->item_count; ++i) {
        if (level->items[i].seen) mem_learn_item(memory, &level->items[i]);
    }
}
