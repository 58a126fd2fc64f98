/* The one frontend interface (as Brogue's brogueConsole): a small table
 * of functions a way to show the game supplies, and the events it hands
 * the loop (loop.h). A frontend paints the screen model of what the loop
 * says is up (screen.h, screen_dialog.h) and the flight in the air over
 * it, waits for the next event, tells the time; it never turns a key
 * into a command, nor writes into the input state. The window
 * (front/window), the terminal (front/term), the page (front/web) and the
 * tests' scripted frontend are such tables, each opened on the same
 * files by loop_frontend_open. The page's table has no wait: a browser
 * can't block, so its waits are the browser's own event callbacks, each
 * handing its event to loop_dispatch, as loop_run does after its wait. */
#ifndef AMULETS_FRONTEND_H
#define AMULETS_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "color.h"
#include "geom.h"
#include "input.h"

typedef enum FrontEventKind {
    FRONT_NONE,        /* nothing came in time: the loop's timer (a flight's
                          next frame, the next step of auto-explore, or of
                          a recording watched) */
    FRONT_KEY,         /* key: a character, or a named key (AK_*) */
    FRONT_POINT,       /* the pointer is on the map cell cell */
    FRONT_POINT_OFF,   /* the pointer left the map */
    FRONT_CLICK,       /* a click on the map cell cell */
    FRONT_RESIZE,      /* the frontend's size changed, or it was uncovered:
                          paint again */
    FRONT_QUIT,        /* the player closed it (the window's close button):
                          a run in play is saved first */
    FRONT_STOP,        /* an ending signal, number signal (stop.h), or the
                          page closing: save, and leave whatever happens */
    FRONT_HIDE,        /* put out of sight, and it may be closed unseen (a
                          browser tab hidden): a run in play is saved as
                          it stands and goes on when it's seen again */
} FrontEventKind;

typedef struct FrontEvent {
    FrontEventKind kind;
    int key;
    Point cell;
    int signal;
} FrontEvent;

/* One frame of what the last command set flying (a missile, a bolt, a
 * breath, a burst, a hit), shown over the map: each of cells (only those
 * the player sees) drawn as glyph in color, on a dark ground */
typedef struct FrontFlight {
    char glyph;
    Color color;
    int count;
    Point cells[MOST_RANGE];   /* a flight's longest line (data.h) */
} FrontFlight;

/* What to paint: the screen up (input_screen(input)) over the run shown */
typedef struct FrontView {
    const Input *input;
    const Run *run;            /* the input's run, or a recording's watched */
    const char *banner;        /* a line at the panel's foot (a recording's
                                  place and speed), or NULL */
    unsigned run_serial;       /* changes whenever another run comes into
                                  play: forget what was kept of the old one */
    bool watching;             /* a recording plays */
    const FrontFlight *flight; /* a flight's frame over the map, or NULL */
} FrontView;

typedef struct Frontend {
    void *self;                /* the frontend's own state, passed back */
    /* Shows the view, or has it shown soon (the page asks the browser
     * for a frame); called only when something changed */
    void (*paint)(void *self, const FrontView *view);
    /* The next event, waiting at most timeout_ms (-1: as long as it
     * takes); false if none came in time. NULL for a frontend that can't
     * wait (the page): it calls loop_dispatch per event instead */
    bool (*wait)(void *self, int timeout_ms, FrontEvent *out);
    /* Milliseconds on a clock that never goes back, for the loop's timer */
    uint64_t (*now_ms)(void *self);
    /* Forget the keys typed ahead (the player was hurt, or asked): may be
     * NULL */
    void (*drop_keys)(void *self);
    /* The loop is about to save and end on a signal: put the screen
     * away, so that what it says on stderr is seen. May be NULL */
    void (*leaving)(void *self);
} Frontend;

#endif
