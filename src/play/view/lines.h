/* Writing a screen model's lines of text (the panel, the class choice):
 * each a PanelLine, kept while there's room, long text wrapped at spaces.
 * A part of the play layer's screen model, for its own modules. */
#ifndef AMULETS_LINES_H
#define AMULETS_LINES_H

#include "screen.h"

typedef struct LineWriter {
    PanelLine *lines;      /* where the lines go */
    int *count;            /* how many there are so far */
    int most;              /* no more than this many (and SCREEN_PANEL_LINES) */
    int width;             /* wrapped text's characters a line */
} LineWriter;

/* The next line, cleared; NULL if there's no room */
PanelLine *lines_next(LineWriter *w);
void lines_text(LineWriter *w, const char *text, Color color);
void lines_gap(LineWriter *w);
/* Text wrapped to the width, at most max_lines lines of it */
void lines_wrapped(LineWriter *w, const char *text, Color color, int max_lines);

#endif
