/* The words of the screens about the run (info.h): help, how to play, the
 * messages, the character, the potions and scrolls, examining. Each page
 * is written a line at a time; the lines in view are kept, all of them
 * counted, so the input knows how far a page scrolls without the screen
 * model (screen_info.c puts the kept lines in a dialog). */
#ifndef AMULETS_PAGES_H
#define AMULETS_PAGES_H

#include "info.h"

enum {
    PAGE_COLUMNS = 64,     /* a page's lines wrap at this many characters */
    PAGE_ROW_TEXT = 256,   /* room for a row, its ending included */
};

/* What a row says it is; the screen model gives each its colour */
typedef enum PageTone { PAGE_TEXT, PAGE_DIM, PAGE_DANGER, PAGE_GOLD } PageTone;

typedef struct PageRow {
    PageTone tone;
    char text[PAGE_ROW_TEXT];
} PageRow;

/* The rows of a page in view, from the scroll down */
typedef struct PageView {
    PageRow rows[INFO_PAGE_LINES];
    int shown;             /* rows kept */
} PageView;

/* Writes the page that's up (input->info.page) from its line `first`,
 * keeping what fits in *view (none if view is NULL); returns how many
 * lines the page has, all told */
int pages_write(const Input *input, const Run *run, int first, PageView *view);

#endif
