/* The face's state: its layout, and what the input layer's answers mean
 * for the window (draw again, quit). */
#include "ui.h"

#include <stdlib.h>

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

Ui *ui_new(Gfx *gfx, TileSet *tiles, const InputSetup *setup)
{
    Ui *ui = ui_new_painter(gfx, tiles);
    Input *own = ui != NULL ? malloc(sizeof *own) : NULL;
    if (own == NULL || !input_open(own, setup)) {
        free(own);
        free(ui);
        return NULL;
    }
    ui->own = own;
    ui->input = own;
    ui->run = own->session.run;
    return ui;
}

void ui_show(Ui *ui, const FrontView *view)
{
    ui->input = view->input;
    ui->run = view->run;
    ui->banner = view->banner;
}

void ui_free(Ui *ui)
{
    if (ui == NULL) return;
    gfx_free_image(ui->gfx, ui->sheet_lit);
    gfx_free_image(ui->gfx, ui->sheet_memory);
    if (ui->own != NULL) input_free(ui->own);
    free(ui->own);
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

/* ---- What the input layer says ----------------------------------------- */

/* After every key or pointing: the run may be another one now */
static void take(Ui *ui, InputResult result)
{
    ui->run = ui->own->session.run;
    if (result != INPUT_NOTHING) ui->dirty = true;
    if (result == INPUT_QUIT) ui->quit = true;
}

void ui_key(Ui *ui, int key)
{
    take(ui, input_key(ui->own, key));
}

void ui_point(Ui *ui, const Point *cell)
{
    take(ui, input_point(ui->own, cell));
}

void ui_click(Ui *ui, Point cell)
{
    take(ui, input_click(ui->own, cell));
}

void ui_pointer_at(Ui *ui, int x, int y)
{
    ui->pointer_in = true;
    ui->pointer_x = x;
    ui->pointer_y = y;
}

void ui_pointer_gone(Ui *ui)
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

void ui_mouse(Ui *ui, int x, int y)
{
    Point cell;
    ui_pointer_at(ui, x, y);
    ui_point(ui, ui_map_cell_at(ui, x, y, &cell) ? &cell : NULL);
}

void ui_mouse_click(Ui *ui, int x, int y)
{
    Point cell;
    if (ui_map_cell_at(ui, x, y, &cell)) ui_click(ui, cell);
}

void ui_auto_step(Ui *ui)
{
    take(ui, input_auto_step(ui->own));
}

void ui_mouse_left(Ui *ui)
{
    ui_pointer_gone(ui);
    ui_point(ui, NULL);
}

void ui_close_window(Ui *ui)
{
    take(ui, input_leave(ui->own));
}

void ui_event(Ui *ui, const GfxEvent *event)
{
    switch (event->kind) {
    case GFX_KEY:
        ui_key(ui, event->key);
        if (input_take_alarm(ui->own)) gfx_drop_keys(ui->gfx);
        break;
    case GFX_MOUSE_MOVE: ui_mouse(ui, event->x, event->y); break;
    case GFX_MOUSE_CLICK: ui_mouse_click(ui, event->x, event->y); break;
    case GFX_MOUSE_LEAVE: ui_mouse_left(ui); break;
    case GFX_RESIZE: ui_relayout(ui); break;
    case GFX_EXPOSE: ui->dirty = true; break;
    case GFX_QUIT: ui_close_window(ui); break;
    case GFX_NONE: break;
    }
}

void ui_waited(Ui *ui, const GfxEvent *event)
{
    bool autoing = input_auto_going(ui->input);
    if (event != NULL) ui_event(ui, event);
    /* a key stopped the going; a moving mouse doesn't hold the steps up;
     * and once the window is closing (its run saved) nothing more happens */
    if (autoing && !ui->quit && (event == NULL || event->kind != GFX_KEY)) ui_auto_step(ui);
}

bool ui_look_cell(const Ui *ui, Point *out)
{
    return input_look_cell(ui->input, out);
}

/* ---- Drawing ----------------------------------------------------------- */

void ui_draw_frame(Ui *ui)
{
    ui->cut = 0;
    gfx_clear(ui->gfx, PAL_BACKGROUND);
    switch (input_screen(ui->input)) {
    case SCREEN_SCORES: ui_scores_draw(ui); break;
    case SCREEN_CLASS: ui_class_draw(ui); break;
    case SCREEN_TITLE: ui_title_draw(ui); break;
    default:
        ui_map_draw(ui);
        ui_panel_draw(ui);
        ui_log_draw(ui);
        ui_dialog_draw(ui);
        break;
    }
    if (ui->banner != NULL) ui_banner_draw(ui);
}

void ui_draw(Ui *ui)
{
    ui_draw_frame(ui);
    gfx_present(ui->gfx);
    ui->dirty = false;
}
