/* The dialogs over a shaded map (the pack, Esc's menu, death, victory),
 * the title screen, and the box of data-file mistakes that stops
 * start-up. */
#include <stdio.h>
#include <string.h>

#include "palette.h"
#include "tune.h"
#include "ui.h"

enum { ERRORS_SHOWN = 10 };

Rect ui_dialog_box(Ui *ui, int columns, int rows)
{
    const Rect map = ui->layout.map;
    int cw = gfx_char_width(ui->gfx), line = gfx_line_height(ui->gfx);
    gfx_fill(ui->gfx, map, PAL_SHADE);
    Rect box = {0, 0, (columns + 4) * cw, (rows + 2) * line};
    box.x = map.x + (map.w - box.w) / 2;
    box.y = map.y + (map.h - box.h) / 2;
    gfx_fill(ui->gfx, box, PAL_PANEL);
    gfx_outline(ui->gfx, box, PAL_FRAME);
    ui->dialog = box;
    return (Rect){box.x + 2 * cw, box.y + line, columns * cw, rows * line};
}

static void centred(Gfx *gfx, const char *text, Rect area, int y, Color color)
{
    int width = (int)strlen(text) * gfx_char_width(gfx);
    gfx_text(gfx, text, area.x + (area.w - width) / 2, y, color);
}

/* ---- The pack -------------------------------------------------------- */

static void inventory(Ui *ui)
{
    static const char *const titles[] = {"INVENTORY", "DROP WHICH?", "IDENTIFY WHICH?"};
    static const char *const hints[] = {
        "Press an item's letter to use it.", "Press an item's letter to drop it.",
        "Press the letter of something you don't know.",
    };
    InvAction action = run_inventory_action(ui->run);
    int line = gfx_line_height(ui->gfx), cw = gfx_char_width(ui->gfx);
    Rect text = ui_dialog_box(ui, 48, PACK_SLOTS + 3);
    int y = text.y;
    gfx_text(ui->gfx, titles[action], text.x, y, PAL_TEXT);
    gfx_text(ui->gfx, "Esc to close", text.x + text.w - 12 * cw, y, PAL_DIM_TEXT);
    y += line;
    gfx_text(ui->gfx, hints[action], text.x, y, PAL_DIM_TEXT);
    y += 2 * line;
    const Pack *pack = &run_player(ui->run)->pack;
    if (pack->count == 0) gfx_text(ui->gfx, "Your pack is empty.", text.x, y, PAL_DIM_TEXT);
    for (int slot = 0; slot < pack->count; ++slot, y += line) {
        char name[96], entry[112];
        run_item_name(ui->run, pack->slots[slot], name, sizeof name);
        snprintf(entry, sizeof entry, "%c) %s", pack_letter(slot), name);
        bool dim = action == INV_IDENTIFY && run_kind_known(ui->run, pack->slots[slot].kind);
        gfx_text(ui->gfx, entry, text.x, y, dim ? PAL_DIM_TEXT : PAL_TEXT);
    }
}

/* ---- Esc's menu, death and victory ------------------------------------ */

static void menu(Ui *ui)
{
    int line = gfx_line_height(ui->gfx);
    Rect text = ui_dialog_box(ui, 32, 5);
    gfx_text(ui->gfx, "MENU", text.x, text.y, PAL_TEXT);
    gfx_text(ui->gfx, "S    Save the run, and quit", text.x, text.y + 2 * line, PAL_TEXT);
    gfx_text(ui->gfx, "Q    Quit without saving", text.x, text.y + 3 * line, PAL_TEXT);
    gfx_text(ui->gfx, "Esc  Back to the game", text.x, text.y + 4 * line, PAL_TEXT);
}

/* Q in the menu: the run goes on from its last save, or is lost if it
 * has none */
static void quit_asked(Ui *ui)
{
    int line = gfx_line_height(ui->gfx);
    Rect text = ui_dialog_box(ui, 46, 5);
    centred(ui->gfx, "QUIT WITHOUT SAVING?", text, text.y, PAL_DANGER);
    centred(ui->gfx,
            input_has_save(&ui->input) ? "The run will go on from its last save."
                                       : "This run has no save yet: it will be lost.",
            text, text.y + 2 * line, PAL_TEXT);
    centred(ui->gfx, "Y  Quit          N  Back to the menu", text, text.y + 4 * line, PAL_DIM_TEXT);
}

/* Where the record of the run that ended went (morgue.h): two lines, the
 * path cut from the left to fit; returns the dialog's width for them */
enum { DIALOG_COLUMNS = 46, RECORD_COLUMNS = 76 };

static int record_lines(const Ui *ui, char label[RECORD_COLUMNS + 1], char path[RECORD_COLUMNS + 1])
{
    const char *where = ui->input.session.morgue;
    bool replayed = ui->run != ui->input.session.run;   /* a recording's run: its own, elsewhere */
    if (replayed) where = "";
    snprintf(label, RECORD_COLUMNS + 1, "%s", where[0] != '\0' ? "The record of this run is in"
                                              : replayed      ? ""
                                                              : "No record of this run was kept.");
    size_t length = strlen(where);
    if (length <= RECORD_COLUMNS) {
        memcpy(path, where, length + 1);
    } else {
        memcpy(path, "...", 3);
        memcpy(path + 3, where + length - (RECORD_COLUMNS - 3), RECORD_COLUMNS - 3 + 1);
    }
    int columns = (int)strlen(path);
    return columns > DIALOG_COLUMNS ? columns : DIALOG_COLUMNS;
}

static void death(Ui *ui)
{
    int line = gfx_line_height(ui->gfx);
    const Player *p = run_player(ui->run);
    char cause[160];
    snprintf(cause, sizeof cause, "Killed by %s, on turn %d.", p->killed_by, run_turn(ui->run));
    char label[RECORD_COLUMNS + 1], path[RECORD_COLUMNS + 1];
    int columns = record_lines(ui, label, path);
    int keys = label[0] != '\0' ? 7 : 4;   /* below the record's lines, if any */
    Rect text = ui_dialog_box(ui, columns, keys + 1);
    centred(ui->gfx, "YOU HAVE DIED", text, text.y, PAL_DANGER);
    centred(ui->gfx, cause, text, text.y + 2 * line, PAL_TEXT);
    centred(ui->gfx, label, text, text.y + 4 * line, PAL_DIM_TEXT);
    centred(ui->gfx, path, text, text.y + 5 * line, PAL_DIM_TEXT);
    centred(ui->gfx, "Press R to play again, or Esc to quit.", text, text.y + keys * line, PAL_DIM_TEXT);
}

static void victory(Ui *ui)
{
    int line = gfx_line_height(ui->gfx);
    const Player *p = run_player(ui->run);
    char figures[4][64];
    snprintf(figures[0], sizeof figures[0], "Turns taken: %d", run_turn(ui->run));
    snprintf(figures[1], sizeof figures[1], "Deepest floor: %d", run_level(ui->run)->depth);
    snprintf(figures[2], sizeof figures[2], "Gold: %d", p->gold);
    snprintf(figures[3], sizeof figures[3], "Monsters slain: %d", p->kills);
    char label[RECORD_COLUMNS + 1], path[RECORD_COLUMNS + 1];
    int columns = record_lines(ui, label, path);
    int keys = label[0] != '\0' ? 12 : 9;
    Rect text = ui_dialog_box(ui, columns, keys + 1);
    centred(ui->gfx, "YOU HAVE WON", text, text.y, PAL_GOLD);
    centred(ui->gfx, "All three Amulets of SDL are yours.", text, text.y + 2 * line, PAL_TEXT);
    for (int i = 0; i < 4; ++i) centred(ui->gfx, figures[i], text, text.y + (4 + i) * line, PAL_TEXT);
    centred(ui->gfx, label, text, text.y + 9 * line, PAL_DIM_TEXT);
    centred(ui->gfx, path, text, text.y + 10 * line, PAL_DIM_TEXT);
    centred(ui->gfx, "Press R to play again, or Esc to quit.", text, text.y + keys * line, PAL_DIM_TEXT);
}

void ui_dialog_draw(Ui *ui)
{
    if (input_screen(&ui->input) == SCREEN_QUIT_ASKED) {
        quit_asked(ui);
        return;
    }
    switch (run_mode(ui->run)) {
    case MODE_INVENTORY: inventory(ui); break;
    case MODE_MENU: menu(ui); break;
    case MODE_DEAD: death(ui); break;
    case MODE_WON: victory(ui); break;
    default: break;
    }
}

/* ---- The title screen ------------------------------------------------- */

static void title_keys(Ui *ui, int y)
{
    static const char *const waiting[] = {
        "C    Continue it", "N    Start a new run, and lose the saved one",
        "H    The high scores", "Esc  Quit, and keep the saved run for later",
    };
    static const char *const damaged[] = {"N    Start a new run", "H    The high scores", "Esc  Quit"};
    static const char *const other[] = {
        "N    Start a new run, and lose the saved one", "H    The high scores",
        "Esc  Quit, and keep the saved run",
    };
    const TitleState *title = &ui->input.title;
    const char *const *keys = !title->failed ? waiting : title->other_version ? other : damaged;
    int count = !title->failed ? 4 : 3;
    int cw = gfx_char_width(ui->gfx), longest = 0;
    for (int i = 0; i < count; ++i) longest = (int)strlen(keys[i]) > longest ? (int)strlen(keys[i]) : longest;
    int x = (ui->layout.width - longest * cw) / 2;
    for (int i = 0; i < count; ++i, y += gfx_line_height(ui->gfx)) {
        gfx_text(ui->gfx, keys[i], x, y, PAL_TEXT);
    }
}

void ui_title_draw(Ui *ui)
{
    int line = gfx_line_height(ui->gfx);
    Rect all = {0, 0, ui->layout.width, ui->layout.height};
    int y = all.h / 3;
    centred(ui->gfx, "AMULETS OF SDL", all, y, PAL_PLAYER);
    y += 3 * line;
    const TitleState *title = &ui->input.title;
    if (!title->failed) {
        centred(ui->gfx, "A saved run is waiting.", all, y, PAL_TEXT);
    } else {
        for (int i = 0; i < title->line_count; ++i, y += line) {
            centred(ui->gfx, title->lines[i], all, y, i == 0 ? PAL_DANGER : PAL_DIM_TEXT);
        }
    }
    title_keys(ui, y + 3 * line);
}

/* ---- Mistakes in the data ------------------------------------------- */

void ui_draw_data_errors(Gfx *gfx, const char *heading, const Errors *errors)
{
    int w, h, line = gfx_line_height(gfx), cw = gfx_char_width(gfx);
    gfx_size(gfx, &w, &h);
    gfx_clear(gfx, PAL_BACKGROUND);
    int shown = errors->count < ERRORS_SHOWN ? errors->count : ERRORS_SHOWN;
    Rect box = {cw * 2, h / 2 - (shown + 6) * line / 2, w - cw * 4, (shown + 6) * line};
    gfx_fill(gfx, box, PAL_PANEL);
    gfx_outline(gfx, box, PAL_DANGER);
    int x = box.x + 2 * cw, y = box.y + line;
    gfx_text(gfx, heading, x, y, PAL_DANGER);
    y += 2 * line;
    for (int i = 0; i < shown; ++i, y += line) gfx_text(gfx, errors->lines[i], x, y, PAL_TEXT);
    if (errors->count > shown) {
        char more[32];
        snprintf(more, sizeof more, "and %d more", errors->count - shown);
        gfx_text(gfx, more, x, y, PAL_DIM_TEXT);
    }
    gfx_text(gfx, "Press Esc to quit.", x, box.y + box.h - 2 * line, PAL_DIM_TEXT);
    gfx_present(gfx);
}
