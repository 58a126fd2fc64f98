/* The screen model's dialogs and title: what the pack, Esc's menu, the
 * "quit without saving?" question, the death and victory screens and the
 * title say, as rows of text with their colours, worked out once here so
 * that the window and the terminal paint the same words (screen.h has the
 * map, the panel and the log). */
#ifndef AMULETS_SCREEN_DIALOG_H
#define AMULETS_SCREEN_DIALOG_H

#include <stdbool.h>

#include "input.h"
#include "pack.h"
#include "screen.h"

/* Where a row's text goes across its area */
typedef enum DialogAlign {
    DIALOG_LEFT,
    DIALOG_CENTRE,
    DIALOG_BLOCK,      /* with the other rows of its block (the title's
                          keys): left-aligned, the block centred by its
                          longest row */
} DialogAlign;

enum {
    /* the most rows a dialog's text takes: framed, it fits the smallest
     * screen, the terminal's 24 rows */
    SCREEN_DIALOG_MOST_ROWS = 22,
    SCREEN_DIALOG_ROWS = PACK_SLOTS + 3 + INPUT_TITLE_LINES + 8,
    SCREEN_DIALOG_TEXT = SLOT_ERROR_SIZE,   /* a title row says why a save failed */
    SCREEN_ASIDE_SIZE = 32
};

typedef struct DialogRow {
    char text[SCREEN_DIALOG_TEXT];  /* "" for an empty row */
    Color color;
    DialogAlign align;
    char aside[SCREEN_ASIDE_SIZE]; /* text at the row's right end, or "" */
    Color aside_color;
} DialogRow;

typedef struct ScreenDialog {
    bool shown;                    /* a dialog is up */
    int columns, rows;             /* its text's room, in characters and
                                      rows (a title's is the whole screen) */
    DialogRow lines[SCREEN_DIALOG_ROWS];   /* from the top, one a row */
    int count;
} ScreenDialog;

/* The dialog over the map on the screen that's up, if any: the pack (for
 * use, drop or identify), Esc's menu, quit without saving?, death and
 * victory. Closing a door and the yes or no questions have none: the log
 * asks them. */
void screen_dialog(const Input *input, const Run *run, ScreenDialog *out);

/* The title screen (input->on_title): the game's name, the waiting save
 * or why it can't be continued, and the keys */
void screen_title(const Input *input, ScreenDialog *out);

/* The screens about the run (info.h) as a dialog: the page's title and
 * hint over its words in view (screen_info.c) */
void screen_info(const Input *input, const Run *run, ScreenDialog *out);

#endif
