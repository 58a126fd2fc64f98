/* The one frontend interface (as Brogue's brogueConsole): a small table
 * of functions a way to show the game supplies, and the events it hands
 * the loop (loop.h). A frontend paints the screen model of what the loop
 * says is up (screen.h, screen_dialog.h), waits for the next event, tells
 * the time, and says where its store lives; it never turns a key into a
 * command, nor writes into the input state. The window (front/window), the
 * terminal (front/term) and the tests' scripted frontend are such tables;
 * a web page would be one too, calling loop_step per event instead of
 * loop_run, since a browser can't wait. */
#ifndef AMULETS_FRONTEND_H
#define AMULETS_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "geom.h"
#include "input.h"

typedef enum FrontEventKind {
    FRONT_NONE,        /* nothing came in time: the loop's timer (the next
                          step of auto-explore, or of a recording watched) */
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

/* What to paint: the screen up (input_screen(input)) over the run shown */
typedef struct FrontView {
    const Input *input;
    const Run *run;            /* the input's run, or a recording's watched */
    const char *banner;        /* a line at the panel's foot (a recording's
                                  place and speed), or NULL */
    unsigned run_serial;       /* changes whenever another run comes into
                                  play: forget what was kept of the old one */
    bool watching;             /* a recording plays: no flights are shown */
} FrontView;

typedef struct Frontend {
    void *self;                /* the frontend's own state, passed back */
    /* Shows the view; called only when something changed */
    void (*paint)(void *self, const FrontView *view);
    /* The next event, waiting at most timeout_ms (-1: as long as it
     * takes); false if none came in time */
    bool (*wait)(void *self, int timeout_ms, FrontEvent *out);
    /* Milliseconds on a clock that never goes back, for the loop's timer */
    uint64_t (*now_ms)(void *self);
    /* Forget the keys typed ahead (the player was hurt, or asked): may be
     * NULL */
    void (*drop_keys)(void *self);
    /* The loop is about to save and end on a signal: put the screen
     * away, so that what it says on stderr is seen. May be NULL */
    void (*leaving)(void *self);
    /* The folder of the game's files (save, recording, scores), or NULL
     * for none: the runs are never saved */
    const char *store_root;
} Frontend;

#endif
