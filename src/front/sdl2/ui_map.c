/* The map view, in glyphs (the whole map) or tiles (bigger cells, a camera
 * that follows the player and stops at the map's edges), with what the
 * player sees lit and what they remember dimmer and cooler. */
#include <stdio.h>
#include <string.h>

#include "dmap.h"
#include "known.h"
#include "palette.h"
#include "tune.h"
#include "ui.h"

/* ---- Where cells go ---------------------------------------------------- */

typedef struct View {
    int cell_w, cell_h;
    int origin_x, origin_y;   /* where cell (0, 0) would be drawn */
    Point first;              /* the first cell shown */
    int columns, rows;        /* how many cells show */
} View;

static int clamp(int value, int lo, int hi)
{
    return value < lo ? lo : value > hi ? hi : value;
}

/* The tile view's camera centres on what matters (the player, the look
 * cursor, F7's vault) and is clamped to the map's edges; a map smaller
 * than the view is centred in it */
static int camera_start(int focus, int shown, int size)
{
    if (shown >= size) return 0;
    return clamp(focus - shown / 2, 0, size - shown);
}

static Point camera_focus(const Ui *ui)
{
    const DebugViews *views = &ui->input.views;
    if (views->vault_shown >= 0 || views->growing) return (Point){MAP_W / 2, MAP_H / 2};
    if (ui->input.looking) return ui->input.cursor;
    return run_player(ui->run)->pos;
}

static View view_of(const Ui *ui)
{
    const Layout *l = &ui->layout;
    View v;
    if (!ui->input.views.tiles) {
        v = (View){l->cell_w, l->cell_h, 0, 0, {0, 0}, MAP_W, MAP_H};
        v.origin_x = l->map.x + (l->map.w - MAP_W * l->cell_w) / 2;
        v.origin_y = l->map.y + (l->map.h - MAP_H * l->cell_h) / 2;
        return v;
    }
    v.cell_w = v.cell_h = l->tile;
    v.columns = l->map.w / l->tile < MAP_W ? l->map.w / l->tile : MAP_W;
    v.rows = l->map.h / l->tile < MAP_H ? l->map.h / l->tile : MAP_H;
    Point focus = camera_focus(ui);
    v.first = (Point){camera_start(focus.x, v.columns, MAP_W), camera_start(focus.y, v.rows, MAP_H)};
    v.origin_x = l->map.x + (l->map.w - v.columns * l->tile) / 2 - v.first.x * l->tile;
    v.origin_y = l->map.y + (l->map.h - v.rows * l->tile) / 2 - v.first.y * l->tile;
    return v;
}

static bool in_view(const View *v, Point cell)
{
    return cell.x >= v->first.x && cell.y >= v->first.y && cell.x < v->first.x + v->columns &&
           cell.y < v->first.y + v->rows;
}

static Rect rect_of(const View *v, Point cell)
{
    return (Rect){v->origin_x + cell.x * v->cell_w, v->origin_y + cell.y * v->cell_h, v->cell_w, v->cell_h};
}

bool ui_cell_rect(const Ui *ui, Point cell, Rect *out)
{
    View v = view_of(ui);
    if (!in_bounds(cell.x, cell.y) || !in_view(&v, cell)) return false;
    *out = rect_of(&v, cell);
    return true;
}

void ui_mouse(Ui *ui, int x, int y)
{
    View v = view_of(ui);
    int dx = x - v.origin_x, dy = y - v.origin_y;
    Point cell = {dx >= 0 ? dx / v.cell_w : -1, dy >= 0 ? dy / v.cell_h : -1};
    bool on_map = in_bounds(cell.x, cell.y) && in_view(&v, cell);
    ui_point(ui, on_map ? &cell : NULL);
}

/* ---- Colours and pictures ------------------------------------------------ */

/* Two colours multiplied, as a tile's colour mod multiplies */
static Color multiply(Color a, Color b)
{
    return (Color){(uint8_t)(a.r * b.r / 255), (uint8_t)(a.g * b.g / 255),
                   (uint8_t)(a.b * b.b / 255), a.a};
}

/* The sheet the pictures are cut from, made once at the cells' size,
 * lit and remembered: scaling and tinting every picture every frame is
 * the software renderer's slowest work. False if it can't be had */
static bool ensure_sheets(Ui *ui, int image)
{
    int px = ui->layout.tile;
    if (ui->sheet_source == image && ui->sheet_px == px) return ui->sheet_lit >= 0;
    gfx_free_image(ui->gfx, ui->sheet_lit);
    gfx_free_image(ui->gfx, ui->sheet_memory);
    int w, h;
    gfx_image_size(ui->gfx, image, &w, &h);
    ui->sheet_source = image;
    ui->sheet_px = px;
    ui->sheet_lit = gfx_scaled_image(ui->gfx, image, w * px / TILE_PX, h * px / TILE_PX, PAL_NO_TINT);
    ui->sheet_memory = gfx_scaled_image(ui->gfx, image, w * px / TILE_PX, h * px / TILE_PX, PAL_MEMORY_TINT);
    return ui->sheet_lit >= 0 && ui->sheet_memory >= 0;
}

static Rect scaled(Rect r, int px)
{
    return (Rect){r.x * px / TILE_PX, r.y * px / TILE_PX, r.w * px / TILE_PX, r.h * px / TILE_PX};
}

static void draw_tile(Ui *ui, Rect cell, const char *name, Color tint, bool lit)
{
    const Tile *tile = tiles_find(ui->tiles, name);
    if (tile == NULL) return;
    bool tinted = tiles_tinted(ui->tiles, name);
    if (!tinted && cell.w == ui->layout.tile && ensure_sheets(ui, tile->image)) {
        gfx_image(ui->gfx, lit ? ui->sheet_lit : ui->sheet_memory, scaled(tile->src, cell.w), cell,
                  PAL_NO_TINT);
        return;
    }
    Color color = tinted ? tint : PAL_NO_TINT;
    gfx_image(ui->gfx, tile->image, tile->src, cell, lit ? color : multiply(color, PAL_MEMORY_TINT));
}

/* ---- Terrain ----------------------------------------------------------- */

/* What a cell shows: what the player knows of it, or with F1 the whole
 * floor as it is, a secret door shown for what it is */
static Terrain shown_terrain(const Ui *ui, Point cell)
{
    if (!ui->input.views.reveal) return known_terrain(ui->run, cell);
    Terrain t = map_at_point(&run_level(ui->run)->map, cell);
    return t == T_SECRET_DOOR ? T_CLOSED_DOOR : t;
}

/* The ground a door, the stairs or anything standing is drawn on */
static const char *ground_under(const Ui *ui, Point cell)
{
    for (int i = 0; i < 8; ++i) {
        if (shown_terrain(ui, point_add(cell, DIRS[i])) == T_CAVE_FLOOR) return "cave-floor";
    }
    return "floor";
}

static Color glyph_color(Terrain t, bool lit)
{
    switch (t) {
    case T_FLOOR: return lit ? PAL_FLOOR : PAL_MEMORY_FLOOR;
    case T_CAVE_FLOOR: return lit ? PAL_CAVE_FLOOR : PAL_MEMORY_FLOOR;
    case T_STAIRS: return lit ? PAL_STAIRS : PAL_MEMORY_WALL;
    case T_CLOSED_DOOR:
    case T_OPEN_DOOR: return lit ? PAL_DOOR : PAL_MEMORY_WALL;
    default: return lit ? PAL_WALL : PAL_MEMORY_WALL;
    }
}

/* What blocks sight is drawn on a solid back */
static void draw_glyph_terrain(const Ui *ui, Rect r, Terrain t, bool lit)
{
    const TerrainDef *def = map_terrain_def(t);
    if (def->blocks_sight) gfx_fill(ui->gfx, r, lit ? PAL_WALL_BACK : PAL_MEMORY_WALL_BACK);
    gfx_glyph(ui->gfx, def->glyph, r, glyph_color(t, lit));
}

static bool borders_ground(const Ui *ui, Point cell)
{
    if (!ui->input.views.reveal) return known_borders_ground(ui->run, cell);
    return map_borders_ground(&run_level(ui->run)->map, cell.x, cell.y);
}

static void draw_terrain(Ui *ui, Point cell, Rect r, bool lit)
{
    Terrain t = shown_terrain(ui, cell);
    bool solid = t == T_WALL;
    if (solid && !borders_ground(ui, cell)) return;   /* rock nobody sees */
    if (!ui->input.views.tiles) {
        draw_glyph_terrain(ui, r, t, lit);
        return;
    }
    if (!solid && t != T_FLOOR && t != T_CAVE_FLOOR) {
        draw_tile(ui, r, ground_under(ui, cell), PAL_NO_TINT, lit);
    }
    draw_tile(ui, r, map_terrain_def(t)->tile, PAL_NO_TINT, lit);
}

/* ---- Things on the map ------------------------------------------------- */

static void draw_thing(Ui *ui, Rect r, char glyph, const char *tile, Color color, bool lit)
{
    if (ui->input.views.tiles) {
        draw_tile(ui, r, tile, color, lit);
    } else {
        gfx_glyph(ui->gfx, glyph, r, lit ? color : PAL_MEMORY_WALL);
    }
}

static void draw_trap(Ui *ui, Rect r, int kind, bool lit)
{
    draw_thing(ui, r, '^', "trap", trap_def((TrapKind)kind)->color, lit);
}

static void draw_item(Ui *ui, Rect r, int kind, bool lit)
{
    draw_thing(ui, r, run_item_glyph(ui->run, kind), ui->data->items[kind].tile,
               run_item_color(ui->run, kind), lit);
}

static void draw_monster(Ui *ui, Rect r, int kind, bool lit)
{
    const MonsterDef *def = &ui->data->monsters[kind];
    draw_thing(ui, r, def->glyph, def->tile, def->color, lit);
}

/* What the player knows is on a cell: a known trap, the item as last
 * seen (dimmed out of sight), a monster in sight, or the dim mark of one
 * last seen there */
static void draw_known_things(Ui *ui, Point cell, Rect r)
{
    KnownCell k = known_cell(ui->run, cell);
    if (k.trap >= 0) draw_trap(ui, r, k.trap, k.visible);
    if (k.item >= 0) draw_item(ui, r, k.item, k.visible);
    if (k.monster >= 0) draw_monster(ui, r, run_level(ui->run)->monsters[k.monster].kind, true);
    else if (k.remembered >= 0) draw_monster(ui, r, k.remembered, false);
}

/* F1: everything on the floor, seen or not */
static void draw_every_thing(Ui *ui, const View *v)
{
    const Level *level = run_level(ui->run);
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        bool lit = map_visible(&level->map, trap->pos.x, trap->pos.y);
        if (in_view(v, trap->pos)) draw_trap(ui, rect_of(v, trap->pos), (int)trap->kind, lit);
    }
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        if (in_view(v, item->pos)) draw_item(ui, rect_of(v, item->pos), item->stack.kind, true);
    }
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        if (in_view(v, m->pos)) draw_monster(ui, rect_of(v, m->pos), m->kind, true);
    }
}

/* F3: each cell's walking distance to the player, its last digit */
static void draw_distances(const Ui *ui, const View *v)
{
    const Level *level = run_level(ui->run);
    Dmap dmap;
    dmap_compute(&dmap, &level->map, &run_player(ui->run)->pos, 1, DOOR_STEPS);
    for (int y = v->first.y; y < v->first.y + v->rows; ++y) {
        for (int x = v->first.x; x < v->first.x + v->columns; ++x) {
            int32_t d = dmap.d[cell_index(x, y)];
            if (d == DMAP_UNREACHED || d == 0) continue;
            Rect r = rect_of(v, (Point){x, y});
            gfx_fill(ui->gfx, r, PAL_BACKGROUND);
            gfx_glyph(ui->gfx, (char)('0' + d % 10), r, PAL_DEBUG);
        }
    }
}

static void draw_look_cursor(const Ui *ui, const View *v)
{
    Point cell;
    if (!ui_look_cell(ui, &cell) || !in_view(v, cell)) return;
    Rect r = rect_of(v, cell);
    gfx_fill(ui->gfx, r, PAL_HIGHLIGHT);
    gfx_outline(ui->gfx, r, PAL_PLAYER);
}

/* ---- F6 and F7 --------------------------------------------------------- */

/* F6: a cave growing, on a map of its own, lit */
static void draw_whole_map(Ui *ui, const View *v, const Map *map)
{
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Point cell = {x, y};
            Terrain t = map_at_point(map, cell);
            if (!in_view(v, cell) || (t == T_WALL && !map_borders_ground(map, x, y))) continue;
            if (ui->input.views.tiles) draw_tile(ui, rect_of(v, cell), map_terrain_def(t)->tile, PAL_NO_TINT, true);
            else draw_glyph_terrain(ui, rect_of(v, cell), t, true);
        }
    }
}

/* A vault's map in the middle of the view: its walls, floors and doors
 * drawn as terrain, and the other symbols as themselves */
static void draw_vault(Ui *ui, const View *v)
{
    const VaultDef *vault = &ui->data->vaults[ui->input.views.vault_shown];
    Point corner = {(MAP_W - vault->w) / 2, (MAP_H - vault->h) / 2};
    static const struct { char symbol; Terrain terrain; } TERRAIN[] = {
        {'#', T_WALL}, {'.', T_FLOOR}, {'+', T_CLOSED_DOOR},
    };
    for (int y = 0; y < vault->h; ++y) {
        for (int x = 0; x < vault->w; ++x) {
            char symbol = vault->rows[y][x];
            Point cell = {corner.x + x, corner.y + y};
            if (symbol == ' ' || !in_view(v, cell)) continue;
            Rect r = rect_of(v, cell);
            bool drawn = false;
            for (size_t i = 0; i < sizeof TERRAIN / sizeof TERRAIN[0] && !drawn; ++i) {
                if (TERRAIN[i].symbol != symbol) continue;
                if (ui->input.views.tiles) draw_tile(ui, r, map_terrain_def(TERRAIN[i].terrain)->tile, PAL_NO_TINT, true);
                else draw_glyph_terrain(ui, r, TERRAIN[i].terrain, true);
                drawn = true;
            }
            if (drawn) continue;
            gfx_fill(ui->gfx, r, symbol == 'S' ? PAL_WALL_BACK : PAL_BACKGROUND);
            gfx_glyph(ui->gfx, symbol, r, PAL_DEBUG);
        }
    }
}

/* ---- The whole map ------------------------------------------------------- */

void ui_map_draw(Ui *ui)
{
    View v = view_of(ui);
    if (ui->input.views.growing) {
        draw_whole_map(ui, &v, &ui->input.views.growth.map);
        return;
    }
    if (ui->input.views.vault_shown >= 0) {
        draw_vault(ui, &v);
        return;
    }
    for (int y = v.first.y; y < v.first.y + v.rows; ++y) {
        for (int x = v.first.x; x < v.first.x + v.columns; ++x) {
            KnownCell k = known_cell(ui->run, (Point){x, y});
            if (k.visible || k.explored || ui->input.views.reveal) {
                draw_terrain(ui, (Point){x, y}, rect_of(&v, (Point){x, y}), k.visible);
            }
        }
    }
    if (ui->input.views.distances) draw_distances(ui, &v);
    if (ui->input.views.reveal) {
        draw_every_thing(ui, &v);
    } else {
        for (int y = v.first.y; y < v.first.y + v.rows; ++y) {
            for (int x = v.first.x; x < v.first.x + v.columns; ++x) {
                draw_known_things(ui, (Point){x, y}, rect_of(&v, (Point){x, y}));
            }
        }
    }
    Point p = run_player(ui->run)->pos;
    if (in_view(&v, p)) draw_thing(ui, rect_of(&v, p), '@', "player", PAL_PLAYER, true);
    draw_look_cursor(ui, &v);
}
