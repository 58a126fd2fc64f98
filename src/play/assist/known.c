#include "known.h"

#include <stdio.h>
#include <string.h>

#include "invariant.h"
#include "memory.h"

KnownCell known_cell(const Run *run, Point cell)
{
    KnownCell k = {false, false, T_WALL, -1, 0, -1, -1, -1};
    if (!in_bounds(cell.x, cell.y)) return k;
    const Level *level = run_level(run);
    const Memory *memory = mem_of(run);
    k.explored = map_explored(&level->map, cell.x, cell.y);
    k.visible = map_visible(&level->map, cell.x, cell.y);
    if (!k.explored && !k.visible) return k;
    k.terrain = mem_terrain(memory, &level->map, cell);
    Stack item = mem_item(memory, level, cell);
    if (item.count > 0) {
        k.item = item.kind;
        k.item_count = item.count;
    }
    if (k.visible) {
        k.monster = lvl_monster_at(level, cell);
    } else {
        k.remembered = mem_monster(memory, level, cell);
        INVARIANT(k.remembered < run_data(run)->monster_count);
    }
    INVARIANT(k.item < run_data(run)->item_count);
    int trap = lvl_trap_at(level, cell);
    if (trap >= 0 && level->traps[trap].known) k.trap = (int)level->traps[trap].kind;
    return k;
}

/* True if an item of the class is known by `stack` */
static bool of_class(const GameData *data, Stack stack, ItemClass item_class)
{
    return stack.count > 0 && data->items[stack.kind].item_class == item_class;
}

_Static_assert(MAP_CELLS % 64 == 0, "the cells are marked 64 to a word");

int known_item_cells(const Run *run, ItemClass item_class, Point *out, int most)
{
    const Level *level = run_level(run);
    const Memory *memory = mem_of(run);
    const GameData *data = run_data(run);
    const Map *map = &level->map;
    uint64_t marked[MAP_CELLS / 64] = {0};
    /* out of sight, what is remembered */
    int16_t cells[MAP_CELLS];
    for (int k = 0, n = mem_item_cells(memory, cells); k < n; ++k) {
        int i = cells[k];
        if (map->visible[i] || !map->explored[i]) continue;
        if (of_class(data, memory->item[i], item_class)) marked[i / 64] |= 1ull << (i % 64);
    }
    /* in sight, the first of the floor's items on the cell (lvl_item_at's) */
    for (int i = 0; i < level->item_count; ++i) {
        Point pos = level->items[i].pos;
        if (!map_visible(map, pos.x, pos.y) || lvl_item_at(level, pos) != i) continue;
        int c = cell_index(pos.x, pos.y);
        if (of_class(data, level->items[i].stack, item_class)) marked[c / 64] |= 1ull << (c % 64);
    }
    int found = 0;
    for (int w = 0; w < MAP_CELLS / 64 && found < most; ++w) {
        for (uint64_t bits = marked[w]; bits != 0 && found < most; bits &= bits - 1) {
            out[found++] = cell_point(w * 64 + __builtin_ctzll(bits));
        }
    }
    return found;
}

Terrain known_terrain(const Run *run, Point cell)
{
    return mem_terrain(mem_of(run), &run_level(run)->map, cell);
}


/* A cell as the player knows it, as plain text draws it: blank if never
 * seen; a monster only in sight (where one was last seen isn't shown:
 * text has no dim) */
char known_glyph(const Run *run, Point p)
{
    KnownCell k = known_cell(run, p);
    if (point_eq(p, run_player(run)->pos)) return '@';
    if (!k.explored && !k.visible) return ' ';
    if (k.monster >= 0) return run_data(run)->monsters[run_level(run)->monsters[k.monster].kind].glyph;
    if (k.item >= 0) return run_item_glyph(run, k.item);
    if (k.trap >= 0) return '^';
    return map_terrain_def(k.terrain)->glyph;
}

/* ---- The look panel --------------------------------------------------- */

/* "a jackal", or capitalised "An ogre" */
static void a_name(const char *name, bool capital, char *out, size_t size)
{
    run_with_article(name, out, size);
    if (capital) out[0] = (char)(out[0] - 'a' + 'A');
}

static void sentence(const char *text, char *out, size_t size)
{
    snprintf(out, size, "%s.", text);
    if (out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
}

static void look_creature(const Run *run, const KnownCell *k, Point cell, LookInfo *out)
{
    const GameData *data = run_data(run);
    char name[64];
    if (point_eq(cell, run_player(run)->pos)) {
        snprintf(out->creature, sizeof out->creature, "You.");
    } else if (k->monster >= 0) {
        const Monster *m = &run_level(run)->monsters[k->monster];
        a_name(data->monsters[m->kind].name, true, name, sizeof name);
        snprintf(out->creature, sizeof out->creature, "%s (%s).", name, run_monster_state(run, m));
        snprintf(out->about, sizeof out->about, "%s", data->monsters[m->kind].description);
        out->monster = k->monster;
    } else if (k->remembered >= 0) {
        a_name(data->monsters[k->remembered].name, false, name, sizeof name);
        snprintf(out->creature, sizeof out->creature, "You saw %s here.", name);
        snprintf(out->about, sizeof out->about, "%s", data->monsters[k->remembered].description);
    }
}

void known_look(const Run *run, Point cell, LookInfo *out)
{
    memset(out, 0, sizeof *out);
    out->monster = -1;
    KnownCell k = known_cell(run, cell);
    if (!k.explored && !k.visible) return;
    look_creature(run, &k, cell, out);
    char name[96];
    if (k.item >= 0) {
        run_item_name(run, (Stack){k.item, k.item_count}, name, sizeof name);
        sentence(name, out->item, sizeof out->item);
    }
    if (k.trap >= 0) {
        char trap[48];
        a_name(trap_def((TrapKind)k.trap)->name, true, trap, sizeof trap);
        sentence(trap, out->ground, sizeof out->ground);
    } else {
        sentence(map_terrain_def(k.terrain)->name, out->ground, sizeof out->ground);
    }
}
