/* The terminal frontend (curses): the game in a terminal or over SSH,
 * painted from the play layer's screen model (screen.h, screen_dialog.h)
 * with every key handed to the input layer (input.h), as the window does.
 * The map view scrolls with the player when the terminal is smaller than
 * the map; below TERM_MIN_W x TERM_MIN_H it says how big it must be. An
 * ending signal (SIGHUP, a dropped SSH link, SIGTERM, SIGINT, SIGQUIT)
 * saves the run as Esc S would; Ctrl-Z suspends and fg restores the
 * screen; the terminal is put back on every way out. */
#ifndef AMULETS_TERMINAL_H
#define AMULETS_TERMINAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "frontend.h"
#include "input.h"
#include "keys.h"
#include "loop.h"

enum { TERM_MIN_W = 80, TERM_MIN_H = 24 };

/* Plays in the terminal on stdin/stdout until the player quits, opened
 * as every frontend is (loop.h; the colours are options.txt's): 0, 1 if
 * it couldn't start (said on stderr), or 128 + the signal that ended it */
int term_play(const LoopConfig *game);

/* The terminal's way in, as its shared object exports it (loaded only
 * for a game in the terminal: src/app/modules.c) */
typedef struct TermApi {
    int (*play)(const LoopConfig *game);
} TermApi;
extern const TermApi term_api;
#define TERM_MODULE "amulets-term.so"

/* ---- The painter (term_paint.c), for the loop and the benchmark ---------- */

typedef struct TermPainter TermPainter;

/* After curses has started (initscr or newterm): colours as options ask
 * and the terminal allows, box lines as the locale allows. NULL if out
 * of memory. */
TermPainter *term_painter_new(ColorMode colors);
void term_painter_free(TermPainter *painter);
/* Forget where the map view was (a new run): it's placed afresh */
void term_painter_reset(TermPainter *painter);

/* The whole screen, from the screen model, into curses' buffer at its
 * present size (nothing is sent to the terminal until doupdate), and the
 * flight over the map (NULL: none in the air) */
void term_paint(TermPainter *painter, const Input *input, const Run *run, const FrontFlight *flight);

/* How many texts the last term_paint cut, or left out, to keep them in
 * their boxes and on the screen (none, where the layout fits: the tests
 * check every screen at 80 x 24), and the first of them into first */
int term_painter_cut(const TermPainter *painter, char *first, size_t size);

/* ---- The output (term_out.c), for the loop, the benchmark and the tests -- */

typedef struct TermOut TermOut;

/* After curses has started, writing to fd (the terminal curses writes
 * to); sends curses' own first refresh. NULL if the terminal is one to
 * leave to curses' own refresh (it can't place the cursor, or it would
 * scroll on writing its last cell), or out of memory. */
TermOut *term_out_new(int fd);
void term_out_free(TermOut *out);

/* Sends what stdscr shows that the terminal doesn't (in place of
 * refresh) */
void term_out_show(TermOut *out);
/* What the terminal shows is unknown (a resize): the next show clears it
 * and sends everything */
void term_out_forget(TermOut *out);
/* A terminfo string as it's sent: without its padding ("$<50>", a delay
 * an old terminal needed, which is never text), into out (size bytes,
 * the ending NUL among them). Its length, or SIZE_MAX if it didn't fit */
size_t term_out_unpadded(const char *text, char *out, size_t size);

#endif
