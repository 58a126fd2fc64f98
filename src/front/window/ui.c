/* The face's state: its layout, what a frame draws, and the window as a
 * frontend table of the one loop (its events made the loop's). */
#include "ui.h"

#include <stdlib.h>

#include "loop.h"
#include "palette.h"
#include "tune.h"

/* ---- Making and ending ------------------------------------------------- */

Ui *ui_new_painter(Gfx *gfx, TileSet *tiles)
{
    Ui *ui = calloc(1, sizeof *ui);
    if (ui == NULL) return NULL;
    ui->gfx = gfx;
    ui->tiles = tiles;
    ui->sheet_source = ui->sheet_lit = ui->sheet_memory = -1;
    ui_relayout(ui);
    return ui;
}

void ui_show(Ui *ui, const FrontView *view)
{
    ui->input = view->input;
    ui->run = view->run;
    ui->banner = view->banner;
    ui->watching = view->watching;
    ui->flight = view->flight;
}

void ui_free(Ui *ui)
{
    if (ui == NULL) return;
    gfx_free_image(ui->gfx, ui->sheet_lit);
    gfx_free_image(ui->gfx, ui->sheet_memory);
    free(ui);
}

/* ---- Layout ------------------------------------------------------------ */

enum { PANEL_COLUMNS = 30, LOG_ROWS = 7, MARGIN = 6 };

/* The biggest font whose glyph view (64 x 36 cells, each a line high and
 * nearly as wide, so the map isn't squeezed), panel and log fit the
 * window, so the whole map always shows in the glyph view */
static void fit_font(Ui *ui, int width, int height)
{
    for (int px = 40; px >= 6; --px) {
        gfx_set_font_px(ui->gfx, px);
        int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
        int cell_w = line * 5 / 6 > cw ? line * 5 / 6 : cw;
        int need_w = MAP_W * cell_w + PANEL_COLUMNS * cw + 3 * MARGIN;
        int need_h = MAP_H * line + LOG_ROWS * line + 3 * MARGIN;
        if ((need_w <= width && need_h <= height) || px == 6) {
            ui->layout.cell_w = cell_w;
            ui->layout.cell_h = line;
            return;
        }
    }
}

void ui_relayout(Ui *ui)
{
    Layout *l = &ui->layout;
    gfx_size(ui->gfx, &l->width, &l->height);
    fit_font(ui, l->width, l->height);
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    int panel_w = PANEL_COLUMNS * cw + MARGIN;
    l->map = (Rect){MARGIN, MARGIN, l->width - panel_w - 2 * MARGIN, l->height - LOG_ROWS * line - 2 * MARGIN};
    l->panel = (Rect){l->width - panel_w, 0, panel_w, l->height};
    l->log = (Rect){MARGIN, l->map.y + l->map.h + MARGIN / 2, l->map.w, LOG_ROWS * line};
    /* tiles as big as the window allows, never smaller than the art's 32 */
    l->tile = l->map.h / 15 > 32 ? l->map.h / 15 : 32;
    ui->dirty = true;
}

/* ---- The pointer ------------------------------------------------------- */

/* Where the pointer rests, in the window's pixels (it moved there), or
 * that it left the window */
static void pointer_at(Ui *ui, int x, int y)
{
    ui->pointer_in = true;
    ui->pointer_x = x;
    ui->pointer_y = y;
}

static void pointer_gone(Ui *ui)
{
    ui->pointer_in = false;
}

bool ui_pointer_stale(const Ui *ui, bool *on_map, Point *cell)
{
    if (ui->input == NULL) return false;   /* nothing painted yet */
    const ScreenTraits *screen = input_screen_traits(input_screen(ui->input));
    if (!screen->over_map || screen->cursor) return false;
    *on_map = ui->pointer_in && ui_map_cell_at(ui, ui->pointer_x, ui->pointer_y, cell);
    const Input *input = ui->input;
    return *on_map != input->pointing || (*on_map && !point_eq(*cell, input->pointed));
}

bool ui_look_cell(const Ui *ui, Point *out)
{
    return input_look_cell(ui->input, out);
}

/* ---- Drawing ----------------------------------------------------------- */

/* The frame, not yet shown */
static void draw_frame(Ui *ui)
{
    ui->cut = 0;
    gfx_clear(ui->gfx, PAL_BACKGROUND);
    switch (input_screen(ui->input)) {
    case SCREEN_SCORES: ui_scores_draw(ui); break;
    case SCREEN_CLASS: ui_class_draw(ui); break;
    case SCREEN_TITLE: ui_title_draw(ui); break;
    default:
        ui_map_draw(ui);
        if (ui->flight != NULL) ui_flight_draw(ui);
        ui_panel_draw(ui);
        ui_log_draw(ui);
        ui_dialog_draw(ui);
        break;
    }
    if (ui->banner != NULL) ui_banner_draw(ui);
}

void ui_draw(Ui *ui)
{
    draw_frame(ui);
    gfx_present(ui->gfx);
    ui->dirty = false;
}

/* ---- The window as a frontend of the loop (frontend.h) ---------------- */

static void front_paint(void *self, const FrontView *view)
{
    Ui *ui = self;
    ui_show(ui, view);
    ui_draw(ui);
}

bool ui_front_event(Ui *ui, const GfxEvent *event, FrontEvent *out)
{
    Point cell = {0, 0};   /* off the map: no cell */
    switch (event->kind) {
    case GFX_KEY: *out = (FrontEvent){.kind = FRONT_KEY, .key = event->key}; return true;
    case GFX_MOUSE_MOVE:
        pointer_at(ui, event->x, event->y);
        *out = (FrontEvent){.kind = ui_map_cell_at(ui, event->x, event->y, &cell) ? FRONT_POINT : FRONT_POINT_OFF,
                            .cell = cell};
        return true;
    case GFX_MOUSE_CLICK:
        *out = (FrontEvent){.kind = FRONT_CLICK, .cell = cell};
        return ui_map_cell_at(ui, event->x, event->y, &out->cell);
    case GFX_MOUSE_LEAVE:
        pointer_gone(ui);
        *out = (FrontEvent){.kind = FRONT_POINT_OFF};
        return true;
    case GFX_RESIZE: ui_relayout(ui); *out = (FrontEvent){.kind = FRONT_RESIZE}; return true;
    case GFX_EXPOSE: *out = (FrontEvent){.kind = FRONT_RESIZE}; return true;
    case GFX_QUIT: *out = (FrontEvent){.kind = FRONT_QUIT}; return true;
    case GFX_NONE: break;
    }
    return false;
}

static bool front_wait(void *self, int timeout_ms, FrontEvent *out)
{
    Ui *ui = self;
    bool on_map;
    Point cell = {0, 0};
    /* what the pointer rests on now, if the map moved under it since the
     * input was last told: before any wait, as a move of its own */
    if (!ui->watching && ui_pointer_stale(ui, &on_map, &cell)) {
        *out = (FrontEvent){.kind = on_map ? FRONT_POINT : FRONT_POINT_OFF, .cell = cell};
        return true;
    }
    GfxEvent event;
    return gfx_wait_event(ui->gfx, &event, timeout_ms) && ui_front_event(ui, &event, out);
}

static void front_drop_keys(void *self)
{
    Ui *ui = self;
    gfx_drop_keys(ui->gfx);
}

Frontend ui_frontend(Ui *ui)
{
    return (Frontend){.self = ui, .paint = front_paint, .wait = front_wait, .now_ms = loop_clock_ms,
                      .drop_keys = front_drop_keys};
}
