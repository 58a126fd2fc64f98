/* The screens about the run in the screen model: a dialog with the page's
 * title and hint over the rows of its words in view (pages.h), and under
 * them, for a page longer than the dialog, how many more lines there are
 * above and below and the keys that scroll to them (DCSS's menus say
 * "--more--" there; a page cut with no word of it reads as the whole). */
#include <stdio.h>
#include <string.h>

#include "info.h"
#include "pages.h"
#include "palette.h"
#include "screen_dialog.h"

enum { HEAD_ROWS = 3, FOOT_ROWS = 1 };

_Static_assert((int)HEAD_ROWS + (int)INFO_PAGE_LINES + (int)FOOT_ROWS <= (int)SCREEN_DIALOG_MOST_ROWS,
               "a page in view, its head and its foot fit the smallest screen");
_Static_assert((int)PAGE_ROW_TEXT <= (int)SCREEN_DIALOG_TEXT, "a page's row fits a dialog's row");

static const char *const TITLES[INFO_COUNT] = {
    [INFO_HELP] = "KEYS", [INFO_GUIDE] = "HOW TO PLAY", [INFO_HISTORY] = "MESSAGES",
    [INFO_CHARACTER] = "CHARACTER", [INFO_KNOWN] = "POTIONS AND SCROLLS",
    [INFO_PICK] = "EXAMINE WHICH?", [INFO_EXAMINE] = "EXAMINE",
};

static const char *const HINTS[INFO_COUNT] = {
    [INFO_HELP] = "? or Tab: how to play. Up and down scroll.",
    [INFO_GUIDE] = "? or Tab: the keys.",
    [INFO_HISTORY] = "Up and down scroll; the newest is at the foot.",
    [INFO_PICK] = "Press a letter; ) what's in hand, [ what's worn.",
};

static Color tone_color(PageTone tone)
{
    switch (tone) {
    case PAGE_TEXT: return PAL_TEXT;
    case PAGE_DIM: return PAL_DIM_TEXT;
    case PAGE_DANGER: return PAL_DANGER;
    case PAGE_GOLD: return PAL_GOLD;
    }
    return PAL_TEXT;
}

/* "9 more lines below: down scrolls.", for a page of lines lines in all
 * scrolled to its line first, or "" if it's all in view */
static void more_text(int lines, int first, char *out, size_t size)
{
    int above = first, below = lines - first - INFO_PAGE_LINES;
    if (below < 0) below = 0;
    if (above > 0 && below > 0) {
        snprintf(out, size, "%d more %s above and %d below: up and down scroll.", above,
                 above == 1 ? "line" : "lines", below);
    } else if (below > 0) {
        snprintf(out, size, "%d more %s below: down scrolls.", below, below == 1 ? "line" : "lines");
    } else if (above > 0) {
        snprintf(out, size, "%d more %s above: up scrolls.", above, above == 1 ? "line" : "lines");
    } else {
        out[0] = '\0';
    }
}

void screen_info(const Input *input, const Run *run, ScreenDialog *out)
{
    memset(out, 0, sizeof *out);
    out->shown = true;
    out->columns = PAGE_COLUMNS;
    out->rows = HEAD_ROWS + INFO_PAGE_LINES + FOOT_ROWS;
    InfoPage page = input->info.page;
    snprintf(out->lines[0].text, sizeof out->lines[0].text, "%s", TITLES[page] ? TITLES[page] : "");
    out->lines[0].color = PAL_TEXT;
    snprintf(out->lines[0].aside, sizeof out->lines[0].aside, "Esc to close");
    out->lines[0].aside_color = PAL_DIM_TEXT;
    snprintf(out->lines[1].text, sizeof out->lines[1].text, "%s", HINTS[page] ? HINTS[page] : "");
    out->lines[1].color = PAL_DIM_TEXT;
    out->count = HEAD_ROWS;
    /* the scroll is kept in range as it's changed (info.c), so one pass
     * writes the lines in view */
    PageView view;
    int lines = pages_write(input, run, input->info.scroll, &view);
    for (int row = 0; row < view.shown; ++row) {
        DialogRow *r = &out->lines[HEAD_ROWS + row];
        snprintf(r->text, sizeof r->text, "%s", view.rows[row].text);
        r->color = tone_color(view.rows[row].tone);
        r->align = DIALOG_LEFT;
    }
    if (view.shown > 0) out->count = HEAD_ROWS + view.shown;
    DialogRow *foot = &out->lines[HEAD_ROWS + INFO_PAGE_LINES];
    more_text(lines, input->info.scroll, foot->text, sizeof foot->text);
    if (foot->text[0] != '\0') {
        foot->color = PAL_DIM_TEXT;
        foot->align = DIALOG_CENTRE;   /* told from the page's own lines */
        out->count = HEAD_ROWS + INFO_PAGE_LINES + FOOT_ROWS;
    }
}
