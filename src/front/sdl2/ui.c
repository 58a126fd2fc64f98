/* The face's state and its keys: the title screen's choices, the game's
 * keys through the session, looking, and the debugging aids. */
#include "ui.h"

#include <stdlib.h>
#include <string.h>

#include "palette.h"
#include "tune.h"

/* ---- Making and ending ------------------------------------------------- */

static void start_new_run(Ui *ui)
{
    if (ui->run != NULL) run_free(ui->run);
    ui->run = run_new(ui->data, ui->next_seed++, ui->start_floor);
    session_start(&ui->session, ui->slot, ui->run);
    ui->screen = SCREEN_GAME;
    ui->looking = false;
    ui->dirty = true;
}

Ui *ui_new(Gfx *gfx, const GameData *data, TileSet *tiles, const Slot *slot, uint64_t seed,
           int start_floor)
{
    Ui *ui = calloc(1, sizeof *ui);
    if (ui == NULL) return NULL;
    ui->gfx = gfx;
    ui->data = data;
    ui->tiles = tiles;
    ui->slot = slot;
    ui->next_seed = seed;
    ui->start_floor = start_floor;
    ui->vault_shown = -1;
    ui->sheet_source = ui->sheet_lit = ui->sheet_memory = -1;
    rng_seed(&ui->growth_rng, seed ^ 0xCA7Eull);
    ui_relayout(ui);
    start_new_run(ui);
    if (slot != NULL && slot_has_save(slot)) ui->screen = SCREEN_TITLE;
    if (ui->run == NULL) {
        free(ui);
        return NULL;
    }
    return ui;
}

void ui_free(Ui *ui)
{
    if (ui == NULL) return;
    gfx_free_image(ui->gfx, ui->sheet_lit);
    gfx_free_image(ui->gfx, ui->sheet_memory);
    run_free(ui->run);
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

/* ---- Title screen ------------------------------------------------------ */

static void continue_saved(Ui *ui)
{
    SlotLoad load;
    Run *run = slot_load(ui->slot, ui->data, &load);
    if (run != NULL) {
        run_free(ui->run);
        ui->run = run;
        session_start(&ui->session, ui->slot, run);
        ui->screen = SCREEN_GAME;
    } else {
        ui->title_failed = true;
        ui->title_other_version = load.result == LOAD_OTHER_VERSION;
        ui->title_line_count = slot_explain(&load, ui->title_lines, UI_TITLE_LINES);
    }
    errors_clear(&load.reasons);
}

/* C continues the waiting save; N plays the new run and deletes the save;
 * Esc quits and keeps it */
static void title_key(Ui *ui, int key)
{
    if ((key == 'c' || key == 'C') && !ui->title_failed) {
        continue_saved(ui);
    } else if (key == 'n' || key == 'N') {
        if (!ui->title_failed || ui->title_other_version) slot_remove(ui->slot);
        ui->screen = SCREEN_GAME;
    } else if (key == AK_ESC) {
        ui->quit = true;
    }
    ui->dirty = true;
}

/* ---- Debugging aids ---------------------------------------------------- */

/* F6: each press shows the next step of a cave's growth, from its random
 * fill to the flood fill; the press after the last puts the game back */
static void step_cave(Ui *ui)
{
    if (!ui->growing) {
        cave_growth_start(&ui->growth, &ui->growth_rng);
        ui->growing = true;
    } else if (!cave_growth_step(&ui->growth)) {
        ui->growing = false;
    }
}

/* F7: each vault in vaults.txt in turn, then the game again */
static void step_vault(Ui *ui)
{
    ++ui->vault_shown;
    if (ui->vault_shown >= ui->data->vault_count) ui->vault_shown = -1;
}

static void debug_key(Ui *ui, int key)
{
    switch (key) {
    case AK_F1: ui->reveal = !ui->reveal; break;
    case AK_F2: ui->tile_view = !ui->tile_view; break;
    case AK_F3: ui->distances = !ui->distances; break;
    case AK_F4: ui->monster_list = !ui->monster_list; break;
    case AK_F6: step_cave(ui); break;
    case AK_F7: step_vault(ui); break;
    default: break;
    }
}

/* ---- Looking ----------------------------------------------------------- */

static void look_key(Ui *ui, int key)
{
    int dir = key_direction(key);
    if (key == AK_ESC || key == 'x') {
        ui->looking = false;
    } else if (dir >= 0) {
        Point next = point_add(ui->cursor, DIRS[dir]);
        if (in_bounds(next.x, next.y)) ui->cursor = next;
    }
}

bool ui_look_cell(const Ui *ui, Point *out)
{
    if (ui->looking) {
        *out = ui->cursor;
        return true;
    }
    if (ui->mouse_on_map) {
        *out = ui->mouse_cell;
        return true;
    }
    return false;
}

/* ---- Keys -------------------------------------------------------------- */

static void game_key(Ui *ui, int key)
{
    if (ui->looking) {
        look_key(ui, key);
        return;
    }
    KeyAction action = session_key(&ui->session, key);
    switch (action) {
    case KA_LOOK:
        ui->looking = true;
        ui->cursor = run_player(ui->run)->pos;
        break;
    case KA_QUIT: ui->quit = true; break;
    case KA_NEW_RUN:
        start_new_run(ui);
        break;
    default: break;
    }
}

void ui_key(Ui *ui, int key)
{
    ui->dirty = true;
    if (key >= AK_F1 && key <= AK_F12) {
        debug_key(ui, key);
    } else if (ui->screen == SCREEN_TITLE) {
        title_key(ui, key);
    } else {
        game_key(ui, key);
    }
}

void ui_close_window(Ui *ui)
{
    Mode mode = run_mode(ui->run);
    bool in_run = ui->screen == SCREEN_GAME && mode != MODE_DEAD && mode != MODE_WON;
    if (!in_run || session_save(&ui->session)) {
        ui->quit = true;
    }
    ui->dirty = true;
}

/* ---- The mouse (where it points is ui_map.c's to say) --------------- */

void ui_mouse_left(Ui *ui)
{
    if (ui->mouse_on_map) ui->dirty = true;
    ui->mouse_on_map = false;
}

/* ---- Drawing ----------------------------------------------------------- */

void ui_draw(Ui *ui)
{
    gfx_clear(ui->gfx, PAL_BACKGROUND);
    if (ui->screen == SCREEN_TITLE) {
        ui_title_draw(ui);
    } else {
        ui_map_draw(ui);
        ui_panel_draw(ui);
        ui_log_draw(ui);
        ui_dialog_draw(ui);
    }
    gfx_present(ui->gfx);
    ui->dirty = false;
}
