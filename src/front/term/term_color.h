/* The terminal's colours: the screen model's RGB turned into one of the
 * terminal's 256 colours (the xterm cube and greys), into the 16 (or 8,
 * brightness by bold) of the basic ones, or into none (NO_COLOR, or a
 * terminal without colours), each pair of colours made once. */
#ifndef AMULETS_TERM_COLOR_H
#define AMULETS_TERM_COLOR_H

#include <curses.h>
#include <stdbool.h>
#include <stdint.h>

#include "color.h"
#include "terminal.h"

/* A cell's back left to the terminal's own */
static const Color PAL_NO_BACK = {0, 0, 0, 0};

enum { TERM_PEN_CACHE = 1024 };

/* What a cell is painted with: a colour pair, and bold for a bright
 * colour on an 8-colour terminal */
typedef struct TermPen {
    attr_t attrs;
    short pair;
} TermPen;

typedef struct TermPenSlot {
    uint64_t key;
    bool used;
    TermPen pen;
} TermPenSlot;

typedef struct TermColor {
    int depth;                 /* 256, 16, 8, or 0 for none */
    int next_pair;
    /* each pair's colours, by pair (the terminal's indices, -1 its own):
     * colours that come out the same share a pair, so that a cell whose
     * colours don't change isn't sent again for a pair's sake */
    short pair_fg[TERM_PEN_CACHE], pair_bg[TERM_PEN_CACHE];
    TermPenSlot last;          /* the pen asked for last: a row of a room
                                  is mostly one pen over and over */
    TermPenSlot cache[TERM_PEN_CACHE];
} TermColor;

/* After curses has started: as many colours as asked and the terminal has */
void term_color_start(TermColor *color, ColorMode asked);

/* The pen for fg on back (alpha 0: the terminal's own back) */
TermPen term_color_pen(TermColor *color, Color fg, Color back);
/* The same for what's remembered: with few colours, a dark remembered
 * colour would vanish into black, so it's blue there */
TermPen term_color_memory_pen(TermColor *color, Color fg, Color back);

/* The terminal's colour nearest to an RGB colour, for depth 256 or 16 */
int term_color_index(int depth, Color rgb, bool back);

#endif
