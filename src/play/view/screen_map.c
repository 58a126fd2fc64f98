/* The screen model's map: each cell from what the player knows (its
 * terrain as last seen, a known trap, the item as last seen, a monster in
 * sight or the dim mark of one last seen), the player, the look cursor,
 * and the debugging views. */
#include <string.h>

#include "dmap.h"
#include "known.h"
#include "palette.h"
#include "screen.h"
#include "tune.h"

/* ---- Building a cell ------------------------------------------------------ */

static void add_tile(ScreenCell *c, const char *tile, Color tint)
{
    if (c->layers < SCREEN_TILE_LAYERS) {
        c->tiles[c->layers] = tile;
        c->tints[c->layers] = tint;
        ++c->layers;
    } else {
        c->tiles[SCREEN_TILE_LAYERS - 1] = tile;   /* the topmost wins */
        c->tints[SCREEN_TILE_LAYERS - 1] = tint;
    }
    c->shown = true;
}

/* Every terrain named (no default: a terrain map.h adds that isn't here
 * doesn't compile, -Werror=switch) */
static Color terrain_color(Terrain t, bool lit)
{
    switch (t) {
    case T_FLOOR: return lit ? PAL_FLOOR : PAL_MEMORY_FLOOR;
    case T_CAVE_FLOOR: return lit ? PAL_CAVE_FLOOR : PAL_MEMORY_FLOOR;
    case T_STAIRS: return lit ? PAL_STAIRS : PAL_MEMORY_WALL;
    case T_CLOSED_DOOR:
    case T_OPEN_DOOR: return lit ? PAL_DOOR : PAL_MEMORY_WALL;
    case T_WALL:
    case T_SECRET_DOOR:
    case T_COUNT: break;
    }
    return lit ? PAL_WALL : PAL_MEMORY_WALL;
}

/* The ground a door or the stairs is drawn on, in the tile view */
static const char *ground_under(const Terrain *shown, Point cell)
{
    for (int i = 0; i < 8; ++i) {
        Point n = point_add(cell, DIRS[i]);
        if (in_bounds(n.x, n.y) && shown[cell_index(n.x, n.y)] == T_CAVE_FLOOR) return "cave-floor";
    }
    return "floor";
}

/* Terrain: a glyph (on a solid back if it blocks sight) and its pictures */
static void set_terrain(ScreenCell *c, Terrain t, const char *ground, bool lit)
{
    const TerrainDef *def = map_terrain_def(t);
    c->glyph = def->glyph;
    c->fg = terrain_color(t, lit);
    if (def->blocks_sight) c->back = lit ? PAL_WALL_BACK : PAL_MEMORY_WALL_BACK;
    if (ground != NULL) add_tile(c, ground, PAL_NO_TINT);
    add_tile(c, def->tile, PAL_NO_TINT);
    c->lit = lit;
}

/* A thing on the cell: its glyph covers the ground's; out of sight it's
 * drawn as remembered */
static void set_thing(ScreenCell *c, char glyph, const char *tile, Color color, bool lit)
{
    c->glyph = glyph;
    c->fg = lit ? color : PAL_MEMORY_WALL;
    c->overlay = false;
    add_tile(c, tile, color);
}

static void set_item(ScreenCell *c, const Run *run, int kind, bool lit)
{
    set_thing(c, run_item_glyph(run, kind), run_data(run)->items[kind].tile,
              run_item_color(run, kind), lit);
}

static void set_monster(ScreenCell *c, const Run *run, int kind, bool lit)
{
    const MonsterDef *def = &run_data(run)->monsters[kind];
    set_thing(c, def->glyph, def->tile, def->color, lit);
}

static void set_trap(ScreenCell *c, int kind, bool lit)
{
    set_thing(c, '^', "trap", trap_def((TrapKind)kind)->color, lit);
}

/* ---- The floor, as the player knows it, or with F1 as it is ------------------ */

/* What each cell's terrain shows as: known, or with F1 the real one (a
 * secret door shown for what it is) */
static void shown_terrain(const Input *input, const Run *run, Terrain *shown, bool *drawn)
{
    const Map *map = &run_level(run)->map;
    bool reveal = input->views.reveal;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (reveal) {
            Terrain t = map_at_point(map, p);
            shown[i] = t == T_SECRET_DOOR ? T_CLOSED_DOOR : t;
        } else {
            shown[i] = known_terrain(run, p);
        }
        drawn[i] = reveal || map_visible(map, p.x, p.y) || map_explored(map, p.x, p.y);
    }
}

/* Walls are drawn only beside ground (as shown), as the rock behind them
 * is never seen */
static bool worth_drawing(const Terrain *shown, Point p)
{
    if (shown[cell_index(p.x, p.y)] != T_WALL) return true;
    for (int i = 0; i < 8; ++i) {
        Point n = point_add(p, DIRS[i]);
        if (in_bounds(n.x, n.y) && map_terrain_def(shown[cell_index(n.x, n.y)])->walkable) return true;
    }
    return false;
}

static void terrain_layer(const Input *input, const Run *run, ScreenMap *out)
{
    Terrain s[MAP_CELLS];
    bool d[MAP_CELLS];
    shown_terrain(input, run, s, d);
    const Map *map = &run_level(run)->map;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        if (!d[i] || !worth_drawing(s, p)) continue;
        Terrain t = s[i];
        bool plain = t == T_WALL || t == T_FLOOR || t == T_CAVE_FLOOR;
        set_terrain(&out->cells[i], t, plain ? NULL : ground_under(s, p),
                    map_visible(map, p.x, p.y));
    }
}

static void known_things(const Run *run, ScreenMap *out)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        KnownCell k = known_cell(run, cell_point(i));
        ScreenCell *c = &out->cells[i];
        if (k.trap >= 0) set_trap(c, k.trap, k.visible);
        if (k.item >= 0) set_item(c, run, k.item, k.visible);
        if (k.monster >= 0) set_monster(c, run, run_level(run)->monsters[k.monster].kind, true);
        else if (k.remembered >= 0) set_monster(c, run, k.remembered, false);
    }
}

/* F1: everything on the floor, seen or not */
static void every_thing(const Run *run, ScreenMap *out)
{
    const Level *level = run_level(run);
    for (int i = 0; i < level->trap_count; ++i) {
        Point p = level->traps[i].pos;
        set_trap(&out->cells[cell_index(p.x, p.y)], (int)level->traps[i].kind,
                 map_visible(&level->map, p.x, p.y));
    }
    for (int i = 0; i < level->item_count; ++i) {
        Point p = level->items[i].pos;
        set_item(&out->cells[cell_index(p.x, p.y)], run, level->items[i].stack.kind, true);
    }
    for (int i = 0; i < level->monster_count; ++i) {
        Point p = level->monsters[i].pos;
        set_monster(&out->cells[cell_index(p.x, p.y)], run, level->monsters[i].kind, true);
    }
}

/* ---- The debugging views that replace the floor or mark it ------------------ */

static void debug_mark(ScreenCell *c, char glyph, Color back)
{
    c->shown = true;
    c->glyph = glyph;
    c->fg = PAL_DEBUG;
    c->back = back;
    c->overlay = true;
    c->lit = true;
}

/* F3: each cell's walking distance to the player, its last digit */
static void distances(const Run *run, ScreenMap *out)
{
    Dmap dmap;
    dmap_compute(&dmap, &run_level(run)->map, &run_player(run)->pos, 1, DOOR_STEPS);
    for (int i = 0; i < MAP_CELLS; ++i) {
        int32_t d = dmap.d[i];
        if (d != DMAP_UNREACHED && d != 0) debug_mark(&out->cells[i], (char)('0' + d % 10), PAL_BACKGROUND);
    }
}

/* F6: a cave growing, on a map of its own, lit */
static void whole_map(const Map *map, ScreenMap *out)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        Terrain t = map_at_point(map, p);
        if (t != T_WALL || map_borders_ground(map, p.x, p.y)) set_terrain(&out->cells[i], t, NULL, true);
    }
}

/* F7: a vault's map in the middle, its walls, floors and doors as
 * terrain and its other symbols as themselves */
static void vault_map(const VaultDef *vault, ScreenMap *out)
{
    Point corner = {(MAP_W - vault->w) / 2, (MAP_H - vault->h) / 2};
    for (int y = 0; y < vault->h; ++y) {
        for (int x = 0; x < vault->w; ++x) {
            char symbol = vault->rows[y][x];
            Point cell = {corner.x + x, corner.y + y};
            if (symbol == ' ' || !in_bounds(cell.x, cell.y)) continue;
            ScreenCell *c = &out->cells[cell_index(cell.x, cell.y)];
            Terrain t = symbol == '#' ? T_WALL : symbol == '.' ? T_FLOOR
                        : symbol == '+' ? T_CLOSED_DOOR : T_COUNT;
            if (t != T_COUNT) set_terrain(c, t, NULL, true);
            else debug_mark(c, symbol, symbol == 'S' ? PAL_WALL_BACK : PAL_BACKGROUND);
        }
    }
}

/* ---- The whole map --------------------------------------------------------- */

Point screen_focus(const Input *input, const Run *run)
{
    if (input->views.vault_shown >= 0 || input->views.growing) return (Point){MAP_W / 2, MAP_H / 2};
    if (input->looking || input->dialog.kind == DIALOG_AIMING) return input->cursor;
    return run_player(run)->pos;
}

/* The shot's path and burst, as the rules will fly them, where the player
 * can see: past sight they'd tell of walls the player doesn't know */
static void aimed_shot(const Input *input, const Run *run, ScreenMap *out)
{
    ShotPlan plan;
    if (input->dialog.kind != DIALOG_AIMING || !run_plan_shot(run, dialog_aimed(&input->dialog, input->cursor), &plan)) {
        return;
    }
    for (int i = 0; i < plan.count; ++i) {
        if (run_sees(run, plan.cells[i])) out->cells[cell_index(plan.cells[i].x, plan.cells[i].y)].path = true;
    }
    for (int i = 0; i < plan.burst_count; ++i) {
        if (run_sees(run, plan.burst[i])) out->cells[cell_index(plan.burst[i].x, plan.burst[i].y)].burst = true;
    }
}

void screen_map(const Input *input, const Run *run, ScreenMap *out)
{
    memset(out->cells, 0, sizeof out->cells);
    out->focus = screen_focus(input, run);
    const DebugViews *views = &input->views;
    if (views->growing) {
        whole_map(&views->growth.map, out);
        return;
    }
    if (views->vault_shown >= 0) {
        vault_map(&run_data(run)->vaults[views->vault_shown], out);
        return;
    }
    terrain_layer(input, run, out);
    if (views->distances) distances(run, out);
    if (views->reveal) every_thing(run, out);
    else known_things(run, out);
    Point p = run_player(run)->pos;
    ScreenCell *player = &out->cells[cell_index(p.x, p.y)];
    set_thing(player, '@', "player", PAL_PLAYER, true);
    player->lit = true;
    aimed_shot(input, run, out);
    Point look;
    if (input_look_cell(input, &look) && in_bounds(look.x, look.y)) {
        out->cells[cell_index(look.x, look.y)].cursor = true;
    }
}
