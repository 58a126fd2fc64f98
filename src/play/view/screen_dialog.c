/* The screen model's dialogs and title, as rows of text. */
#include "screen_dialog.h"

#include <stdio.h>
#include <string.h>

#include "info.h"
#include "lines.h"
#include "palette.h"
#include "tune.h"
#include "wrap.h"

static void start(ScreenDialog *out, int columns, int rows)
{
    memset(out, 0, sizeof *out);
    out->shown = true;
    out->columns = columns;
    out->rows = rows;
}

/* The dialog as wide as its longest row, if that's wider (a long name),
 * so no row runs past its edge */
static void widen(ScreenDialog *out)
{
    for (int i = 0; i < out->count; ++i) {
        const DialogRow *r = &out->lines[i];
        int width = (int)strlen(r->text) + (r->aside[0] ? (int)strlen(r->aside) + 2 : 0);
        if (width > out->columns) out->columns = width;
    }
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

/* The key the player presses for a binding, as the rows name it */
typedef struct Label {
    char text[16];
} Label;

static Label label(const Input *input, KeyBinding binding)
{
    Label l;
    key_label(input->setup.keys, binding, l.text, sizeof l.text);
    return l;
}

/* A row of a key and what it does: "S    Save the run, and quit" */
static void key_row(ScreenDialog *out, int row, const Input *input, KeyBinding binding, const char *what,
                    DialogAlign align)
{
    char text[SCREEN_DIALOG_TEXT];
    snprintf(text, sizeof text, "%-4s %s", label(input, binding).text, what);
    row_at(out, row, text, PAL_TEXT, align);
}

/* ---- The pack ------------------------------------------------------------ */

/* What's in hand and worn: a row each, or one row for both (joined) */
static int worn_rows(const Run *run, ScreenDialog *out, int row, bool joined)
{
    const Player *p = run_player(run);
    const int kinds[] = {p->weapon, p->armor};
    const char *const marks[] = {"(in hand)", "(worn)"};
    char entry[SCREEN_DIALOG_TEXT] = "";
    int rows = 0;
    for (int i = 0; i < 2; ++i) {
        if (kinds[i] < 0) continue;
        char name[96];
        run_item_name(run, (Stack){kinds[i], 1}, name, sizeof name);
        size_t used = joined ? strlen(entry) : 0;
        snprintf(entry + used, sizeof entry - used, "%s%s %s", used > 0 ? ", " : "-  ", name, marks[i]);
        if (!joined) row_at(out, row + rows++, entry, PAL_DIM_TEXT, DIALOG_LEFT);
    }
    if (joined && entry[0] != '\0') row_at(out, row + rows++, entry, PAL_DIM_TEXT, DIALOG_LEFT);
    return rows;
}

static int worn_count(const Run *run)
{
    return (run_player(run)->weapon >= 0) + (run_player(run)->armor >= 0);
}

/* A slot the pack dialog lists: one that holds a stack the rules take
 * for the action: identifying, a kind not yet known; throwing and
 * quivering, a missile (shot.c refuses anything else, "You can't quiver
 * that.", so listing a potion there offers what can't be had) */
static bool offered(const Run *run, InvAction action, int slot)
{
    const Pack *pack = &run_player(run)->pack;
    if (!pack_holds(pack, slot)) return false;
    int kind = pack->slots[slot].kind;
    switch (action) {
    case INV_IDENTIFY: return !run_kind_known(run, kind);
    case INV_THROW:
    case INV_QUIVER: return run_data(run)->items[kind].item_class == IC_MISSILE;
    case INV_USE:
    case INV_DROP: break;
    }
    return true;
}

/* What's in hand and worn is shown where it bears on the choice: using
 * and dropping (not identifying, throwing or quivering, which never
 * take it) */
static bool shows_worn(InvAction action)
{
    return action == INV_USE || action == INV_DROP;
}

/* The pack's words for each of its purposes (dialog.h's PACK_PURPOSES): the
 * dialog's title, its hint, and its words when the pack holds nothing
 * the purpose takes (the rules' own words, where they open no dialog for
 * it); a purpose added without its words doesn't compile */
typedef struct PackWords { const char *title, *hint, *none; } PackWords;
#define PACK_WORDS_USE "INVENTORY", "Press an item's letter to use it.", "Your pack is empty."
#define PACK_WORDS_DROP "DROP WHICH?", "Press an item's letter to drop it.", "Your pack is empty."
#define PACK_WORDS_IDENTIFY \
    "IDENTIFY WHICH?", "Press the letter of something you don't know.", "You know everything you carry."
#define PACK_WORDS_THROW "THROW WHICH?", "Press the letter of something to throw.", "You have nothing to throw."
#define PACK_WORDS_QUIVER \
    "QUIVER WHICH?", "Press the letter of a missile to quiver.", "You have nothing to quiver."
#define PACK_WORDS_OF(id, save_name) [INV_##id] = {PACK_WORDS_##id},
static const PackWords PACK_WORDS[INV_COUNT] = {PACK_PURPOSES(PACK_WORDS_OF)};
#undef PACK_WORDS_OF

static void inventory(const Input *input, const Run *run, ScreenDialog *out)
{
    InvAction action = input->dialog.pack_for;
    INVARIANT((unsigned)action < INV_COUNT);
    const PackWords *words = &PACK_WORDS[action];
    const Pack *pack = &run_player(run)->pack;
    int shown = 0;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) shown += offered(run, action, slot);
    int items = shown > 0 ? shown : 1, worn = shows_worn(action) ? worn_count(run) : 0;
    /* a full pack fits the smallest screen: the gaps go first, then the
     * worn things share a row, then the hint (the heading says it too) */
    bool gaps = 3 + items + (worn > 0 ? 1 + worn : 0) <= SCREEN_DIALOG_MOST_ROWS;
    bool hint = gaps || 2 + items + (worn > 0) <= SCREEN_DIALOG_MOST_ROWS;
    start(out, 48, SCREEN_DIALOG_MOST_ROWS);
    DialogRow *top = row_at(out, 0, words->title, PAL_TEXT, DIALOG_LEFT);
    snprintf(top->aside, sizeof top->aside, "%s to close", label(input, KB_BACK).text);
    top->aside_color = PAL_DIM_TEXT;
    int row = 1;
    if (hint) row_at(out, row++, words->hint, PAL_DIM_TEXT, DIALOG_LEFT);
    row += gaps;
    /* each stack by its own letter, which stays put (pack.h); only what
     * the action takes (offered) */
    int rows = 0;
    for (int slot = 0; slot < PACK_SLOTS; ++slot) {
        if (!offered(run, action, slot)) continue;
        char name[96], entry[112];
        run_item_name(run, pack->slots[slot], name, sizeof name);
        snprintf(entry, sizeof entry, "%c) %s", pack_letter(slot), name);
        /* a recording watched shows the letter chosen */
        row_at(out, row + rows++, entry, slot == input->dialog.chosen ? PAL_GOLD : PAL_TEXT, DIALOG_LEFT);
    }
    if (rows == 0) row_at(out, row, words->none, PAL_DIM_TEXT, DIALOG_LEFT);
    if (worn > 0) worn_rows(run, out, row + items + gaps, !gaps);
    widen(out);
}

/* ---- Esc's menu, quitting, death and victory ------------------------------ */

static void menu(const Input *input, ScreenDialog *out)
{
    start(out, 32, 5);
    row_at(out, 0, "MENU", PAL_TEXT, DIALOG_LEFT);
    key_row(out, 2, input, KB_SAVE_QUIT, "Save the run, and quit", DIALOG_LEFT);
    key_row(out, 3, input, KB_QUIT_UNSAVED, "Quit without saving", DIALOG_LEFT);
    key_row(out, 4, input, KB_BACK, "Back to the game", DIALOG_LEFT);
}

/* Q in the menu: no save is written, but every command is in the run's
 * journal, so the run goes on from where it is; only where the journal
 * couldn't be written does it go back to its last save, or is lost */
static void quit_asked(const Input *input, ScreenDialog *out)
{
    start(out, 46, 5);
    row_at(out, 0, "QUIT WITHOUT SAVING?", PAL_DANGER, DIALOG_CENTRE);
    bool kept = input->setup.slot != NULL && !input->session.journal_failing;
    const char *then = kept                           ? "The run will go on from where you are."
                       : input_has_save(input)        ? "The run will go on from its last save."
                                                      : "This run has no save yet: it will be lost.";
    row_at(out, 2, then, PAL_TEXT, DIALOG_CENTRE);
    char keys[SCREEN_DIALOG_TEXT];
    snprintf(keys, sizeof keys, "%s  Quit          N  Back to the menu", label(input, KB_YES).text);
    row_at(out, 4, keys, PAL_DIM_TEXT, DIALOG_CENTRE);
}

/* "Press R to play again, or Esc to quit." */
static void again_row(const Input *input, ScreenDialog *out, int row)
{
    char text[SCREEN_DIALOG_TEXT];
    snprintf(text, sizeof text, "Press %s to play again, or %s to quit.", label(input, KB_NEW_RUN).text,
             label(input, KB_QUIT).text);
    row_at(out, row, text, PAL_DIM_TEXT, DIALOG_CENTRE);
}

/* Rows of text wrapped to the dialog's columns at spaces, from row;
 * returns the rows used */
static int wrapped_rows(ScreenDialog *out, int row, const char *text, Color color)
{
    char part[SCREEN_DIALOG_TEXT];
    int rows = 0;
    while (*text != '\0') {
        int take = wrap_cut(text, out->columns);
        snprintf(part, sizeof part, "%.*s", take, text);
        row_at(out, row + rows++, part, color, DIALOG_CENTRE);
        text += take;
        while (*text == ' ') ++text;
    }
    return rows;
}

/* How much of a path goes on a row of width: up to a / (or, in the file's
 * own name, a -) that fits, so the name is never cut in the middle of a word */
static int path_cut(const char *path, int width)
{
    int length = (int)strlen(path);
    if (length <= width) return length;
    for (const char *marks = "/-"; *marks != '\0'; ++marks) {
        for (int take = width; take > 0; --take) {
            if (path[take - 1] == *marks) return take;
        }
    }
    return width;
}

/* Where the record of the run that ended went (morgue.h), the path
 * wrapped to the dialog's width at its /; none for a recording watched
 * (its run is its own, elsewhere). Returns the rows used, and the gap */
static int record_rows(const Input *input, const Run *run, ScreenDialog *out, int row)
{
    if (run != input->session.run) return 0;
    const char *where = input->session.morgue;
    if (where[0] == '\0') {
        row_at(out, row, "No record of this run was kept.", PAL_DIM_TEXT, DIALOG_CENTRE);
        return 2;
    }
    row_at(out, row, "The record of this run is in", PAL_DIM_TEXT, DIALOG_CENTRE);
    int rows = 1;
    char part[SCREEN_DIALOG_TEXT];
    while (*where != '\0' && row + rows < SCREEN_DIALOG_ROWS - 2) {
        int take = path_cut(where, out->columns);
        snprintf(part, sizeof part, "%.*s", take, where);
        row_at(out, row + rows++, part, PAL_DIM_TEXT, DIALOG_CENTRE);
        where += take;
    }
    return rows + 1;
}

enum { DIALOG_COLUMNS = 46, TITLE_COLUMNS = 76 };

static void death(const Input *input, const Run *run, ScreenDialog *out)
{
    char cause[160];
    snprintf(cause, sizeof cause, "Killed by %s, on turn %d.", run_player(run)->killed_by, run_turn(run));
    start(out, DIALOG_COLUMNS, 4);
    row_at(out, 0, "YOU HAVE DIED", PAL_DANGER, DIALOG_CENTRE);
    int row = 2 + wrapped_rows(out, 2, cause, PAL_TEXT) + 1;
    row += record_rows(input, run, out, row);
    again_row(input, out, row);
    out->rows = out->count;
}

static void victory(const Input *input, const Run *run, ScreenDialog *out)
{
    const Player *p = run_player(run);
    char figures[4][64];
    snprintf(figures[0], sizeof figures[0], "Turns taken: %d", run_turn(run));
    snprintf(figures[1], sizeof figures[1], "Deepest floor: %d", run_level(run)->depth);
    snprintf(figures[2], sizeof figures[2], "Gold: %d", p->gold);
    snprintf(figures[3], sizeof figures[3], "Monsters slain: %d", p->kills);
    start(out, DIALOG_COLUMNS, 9);
    row_at(out, 0, "YOU HAVE WON", PAL_GOLD, DIALOG_CENTRE);
    row_at(out, 2, "All three Amulets of SDL are yours.", PAL_TEXT, DIALOG_CENTRE);
    for (int i = 0; i < 4; ++i) row_at(out, 4 + i, figures[i], PAL_TEXT, DIALOG_CENTRE);
    int row = 9;
    row += record_rows(input, run, out, row);
    again_row(input, out, row);
    out->rows = out->count;
}

void screen_dialog(const Input *input, const Run *run, ScreenDialog *out)
{
    memset(out, 0, sizeof *out);
    switch (input_screen(input)) {
    case SCREEN_QUIT_ASKED: quit_asked(input, out); break;
    case SCREEN_PACK: inventory(input, run, out); break;
    case SCREEN_MENU: menu(input, out); break;
    case SCREEN_DEAD: death(input, run, out); break;
    case SCREEN_WON: victory(input, run, out); break;
    case SCREEN_INFO: screen_info(input, run, out); break;
    default: break;
    }
}

/* ---- The title ------------------------------------------------------------- */

static void title_keys(const Input *input, ScreenDialog *out, int row)
{
    const TitleState *title = &input->title;
    if (!title->failed) {
        key_row(out, row++, input, KB_CONTINUE, "Continue it", DIALOG_BLOCK);
        key_row(out, row++, input, KB_NEW_GAME, "Start a new run, and lose the saved one", DIALOG_BLOCK);
        key_row(out, row++, input, KB_SCORES, "The high scores", DIALOG_BLOCK);
        key_row(out, row, input, KB_QUIT, "Quit, and keep the saved run for later", DIALOG_BLOCK);
    } else if (title->other_version) {
        key_row(out, row++, input, KB_NEW_GAME, "Start a new run, and lose the saved one", DIALOG_BLOCK);
        key_row(out, row++, input, KB_SCORES, "The high scores", DIALOG_BLOCK);
        key_row(out, row, input, KB_QUIT, "Quit, and keep the saved run", DIALOG_BLOCK);
    } else {
        key_row(out, row++, input, KB_NEW_GAME, "Start a new run", DIALOG_BLOCK);
        key_row(out, row++, input, KB_SCORES, "The high scores", DIALOG_BLOCK);
        key_row(out, row, input, KB_QUIT, "Quit", DIALOG_BLOCK);
    }
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
        /* why, wrapped to fit the smallest screen (a reason names a file) */
        out->columns = TITLE_COLUMNS;
        for (int i = 0; i < title->line_count; ++i) {
            Color first = title->told ? PAL_TEXT : PAL_DANGER;
            row += wrapped_rows(out, row, title->lines[i], i == 0 ? first : PAL_DIM_TEXT);
        }
        out->columns = 0;
        row += 3;
    }
    title_keys(input, out, row);
    out->rows = out->count;
}
