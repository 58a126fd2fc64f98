/* Text wrapped at spaces to a width, as every screen breaks its lines:
 * the screen model's panel and dialogs, the info pages' words and the
 * frontends that wrap a line the model hands them (the web page's copy,
 * web_paint.js, breaks the same way). */
#ifndef AMULETS_WRAP_H
#define AMULETS_WRAP_H

/* How much of text goes on a line of width characters: all of it if it
 * fits, else up to the last space that fits (or width, if none does; a
 * character when width is under 1) */
int wrap_cut(const char *text, int width);

/* How many lines text takes wrapped to width */
int wrap_rows(const char *text, int width);

#endif
