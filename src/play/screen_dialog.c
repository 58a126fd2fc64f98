/* The screen model's dialogs and title, as rows of text. */
#include "screen_dialog.h"

#include <stdio.h>
#include <string.h>

#include "palette.h"
#include "tune.h"

static void start(ScreenDialog *out, int columns, int rows)
{
    memset(out, 0, sizeof *out);
    out->shown = true;
    out->columns = columns;
    out->rows = rows;
}

/* Row number row (rows skipped stay empty) */
static DialogRow *row_at(ScreenDialog *out, int row, const char *text, Color color, DialogAlign align)
{
    if (row < 0 || row >= SCREEN_DIALOG_ROWS) return NULL;
    DialogRow *r = &out->lines[row];
    snprintf(r->text, sizeof r->text, "%s", text);
    r->color = color;
    r->align = align;
    if (row >= out->count) out->count = row + 1;
    return r;
}

/* ---- The pack ------------------------------------------------------------ */

static void inventory(const Run *run, ScreenDialog *out)
{
    static const char *const titles[] = {"INVENTORY", "DROP WHICH?", "IDENTIFY WHICH?"};
    static const char *const hints[] = {
        "Press an item's letter to use it.", "Press an item's letter to drop it.",
        "Press the letter of something you don't know.",
    };
    InvAction action = run_inventory_action(run);
    start(out, 48, PACK_SLOTS + 3);
    DialogRow *top = row_at(out, 0, titles[action], PAL_TEXT, DIALOG_LEFT);
    snprintf(top->aside, sizeof top->aside, "Esc to close");
    top->aside_color = PAL_DIM_TEXT;
    row_at(out, 1, hints[action], PAL_DIM_TEXT, DIALOG_LEFT);
    const Pack *pack = &run_player(run)->pack;
    if (pack->count == 0) row_at(out, 3, "Your pack is empty.", PAL_DIM_TEXT, DIALOG_LEFT);
    for (int slot = 0; slot < pack->count; ++slot) {
        char name[96], entry[112];
        run_item_name(run, pack->slots[slot], name, sizeof name);
        snprintf(entry, sizeof entry, "%c) %s", pack_letter(slot), name);
        bool dim = action == INV_IDENTIFY && run_kind_known(run, pack->slots[slot].kind);
        row_at(out, 3 + slot, entry, dim ? PAL_DIM_TEXT : PAL_TEXT, DIALOG_LEFT);
    }
}

/* ---- Esc's menu, quitting, death and victory ------------------------------ */

static void menu(ScreenDialog *out)
{
    start(out, 32, 5);
    row_at(out, 0, "MENU", PAL_TEXT, DIALOG_LEFT);
    row_at(out, 2, "S    Save the run, and quit", PAL_TEXT, DIALOG_LEFT);
    row_at(out, 3, "Q    Quit without saving", PAL_TEXT, DIALOG_LEFT);
    row_at(out, 4, "Esc  Back to the game", PAL_TEXT, DIALOG_LEFT);
}

/* Q in the menu: the run goes on from its last save, or is lost if it
 * has none */
static void quit_asked(const Input *input, ScreenDialog *out)
{
    start(out, 46, 5);
    row_at(out, 0, "QUIT WITHOUT SAVING?", PAL_DANGER, DIALOG_CENTRE);
    row_at(out, 2,
           input_has_save(input) ? "The run will go on from its last save."
                                 : "This run has no save yet: it will be lost.",
           PAL_TEXT, DIALOG_CENTRE);
    row_at(out, 4, "Y  Quit          N  Back to the menu", PAL_DIM_TEXT, DIALOG_CENTRE);
}

static void death(const Run *run, ScreenDialog *out)
{
    char cause[160];
    snprintf(cause, sizeof cause, "Killed by %s, on turn %d.", run_player(run)->killed_by, run_turn(run));
    start(out, 46, 4);
    row_at(out, 0, "YOU HAVE DIED", PAL_DANGER, DIALOG_CENTRE);
    row_at(out, 2, cause, PAL_TEXT, DIALOG_CENTRE);
    row_at(out, 3, "Press R to play again, or Esc to quit.", PAL_DIM_TEXT, DIALOG_CENTRE);
}

static void victory(const Run *run, ScreenDialog *out)
{
    const Player *p = run_player(run);
    char figures[4][64];
    snprintf(figures[0], sizeof figures[0], "Turns taken: %d", run_turn(run));
    snprintf(figures[1], sizeof figures[1], "Deepest floor: %d", run_level(run)->depth);
    snprintf(figures[2], sizeof figures[2], "Gold: %d", p->gold);
    snprintf(figures[3], sizeof figures[3], "Monsters slain: %d", p->kills);
    start(out, 46, 9);
    row_at(out, 0, "YOU HAVE WON", PAL_GOLD, DIALOG_CENTRE);
    row_at(out, 2, "All three Amulets of SDL are yours.", PAL_TEXT, DIALOG_CENTRE);
    for (int i = 0; i < 4; ++i) row_at(out, 4 + i, figures[i], PAL_TEXT, DIALOG_CENTRE);
    row_at(out, 8, "Press R to play again, or Esc to quit.", PAL_DIM_TEXT, DIALOG_CENTRE);
}

void screen_dialog(const Input *input, const Run *run, ScreenDialog *out)
{
    memset(out, 0, sizeof *out);
    switch (input_screen(input)) {
    case SCREEN_QUIT_ASKED: quit_asked(input, out); break;
    case SCREEN_PACK: inventory(run, out); break;
    case SCREEN_MENU: menu(out); break;
    case SCREEN_DEAD: death(run, out); break;
    case SCREEN_WON: victory(run, out); break;
    default: break;
    }
}

/* ---- The title ------------------------------------------------------------- */

static void title_keys(const TitleState *title, ScreenDialog *out, int row)
{
    static const char *const waiting[] = {
        "C    Continue it", "N    Start a new run, and lose the saved one",
        "Esc  Quit, and keep the saved run for later",
    };
    static const char *const damaged[] = {"N    Start a new run", "Esc  Quit"};
    static const char *const other[] = {
        "N    Start a new run, and lose the saved one", "Esc  Quit, and keep the saved run",
    };
    const char *const *keys = !title->failed ? waiting : title->other_version ? other : damaged;
    int count = !title->failed ? 3 : 2;
    for (int i = 0; i < count; ++i) row_at(out, row + i, keys[i], PAL_TEXT, DIALOG_BLOCK);
}

void screen_title(const Input *input, ScreenDialog *out)
{
    start(out, 0, 0);
    row_at(out, 0, "AMULETS OF SDL", PAL_PLAYER, DIALOG_CENTRE);
    const TitleState *title = &input->title;
    int row = 3;
    if (!title->failed) {
        row_at(out, row++, "A saved run is waiting.", PAL_TEXT, DIALOG_CENTRE);
        row += 2;
    } else {
        for (int i = 0; i < title->line_count; ++i) {
            row_at(out, row++, title->lines[i], i == 0 ? PAL_DANGER : PAL_DIM_TEXT, DIALOG_CENTRE);
        }
        row += 3;
    }
    title_keys(title, out, row);
    out->rows = out->count;
}
