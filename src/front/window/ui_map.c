/* The map view, in glyphs (the whole map) or tiles (bigger cells, a camera
 * that follows the player and stops at the map's edges), with what the
 * player sees lit and what they remember dimmer and cooler. */
#include <stdio.h>
#include <string.h>

#include "palette.h"
#include "screen.h"
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

static View view_of(const Ui *ui)
{
    const Layout *l = &ui->layout;
    View v;
    if (!ui->input->views.tiles) {
        v = (View){l->cell_w, l->cell_h, 0, 0, {0, 0}, MAP_W, MAP_H};
        v.origin_x = l->map.x + (l->map.w - MAP_W * l->cell_w) / 2;
        v.origin_y = l->map.y + (l->map.h - MAP_H * l->cell_h) / 2;
        return v;
    }
    v.cell_w = v.cell_h = l->tile;
    v.columns = l->map.w / l->tile < MAP_W ? l->map.w / l->tile : MAP_W;
    v.rows = l->map.h / l->tile < MAP_H ? l->map.h / l->tile : MAP_H;
    Point focus = screen_focus(ui->input, ui->run);
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

bool ui_map_cell_at(const Ui *ui, int x, int y, Point *out)
{
    View v = view_of(ui);
    int dx = x - v.origin_x, dy = y - v.origin_y;
    *out = (Point){dx >= 0 ? dx / v.cell_w : -1, dy >= 0 ? dy / v.cell_h : -1};
    return in_bounds(out->x, out->y) && in_view(&v, *out);
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

/* ---- Painting the screen model's cells ------------------------------------ */

static void paint_glyph(Ui *ui, const ScreenCell *c, Rect r)
{
    if (c->back.a > 0) gfx_fill(ui->gfx, r, c->back);
    gfx_glyph(ui->gfx, c->glyph, r, c->fg);
}

static void paint_cell(Ui *ui, const ScreenCell *c, Rect r)
{
    if (!c->shown) {
        /* nothing known there, but the cursor may be */
    } else if (!ui->input->views.tiles) {
        paint_glyph(ui, c, r);
    } else if (c->overlay) {
        for (int i = 0; i < c->layers; ++i) draw_tile(ui, r, c->tiles[i], c->tints[i], c->lit);
        paint_glyph(ui, c, r);
    } else {
        for (int i = 0; i < c->layers; ++i) draw_tile(ui, r, c->tiles[i], c->tints[i], c->lit);
    }
    if (c->path) gfx_fill(ui->gfx, r, PAL_PATH);
    if (c->burst) gfx_fill(ui->gfx, r, PAL_BURST);
    if (c->cursor) {
        gfx_fill(ui->gfx, r, PAL_HIGHLIGHT);
        gfx_outline(ui->gfx, r, PAL_PLAYER);
    }
}

void ui_map_draw(Ui *ui)
{
    static ScreenMap screen;   /* 100 KB: kept off the stack */
    screen_map(ui->input, ui->run, &screen);
    View v = view_of(ui);
    for (int y = v.first.y; y < v.first.y + v.rows; ++y) {
        for (int x = v.first.x; x < v.first.x + v.columns; ++x) {
            paint_cell(ui, &screen.cells[cell_index(x, y)], rect_of(&v, (Point){x, y}));
        }
    }
}
