/* The one loop, for every frontend (frontend.h): the title, the class
 * choice, play, auto-explore's steps between events, a flight's frames,
 * the dialogs, a recording watched, and the save on an ending signal. It
 * is a step function, loop_step, handed one event at a time and answering
 * what to do next (paint, and when to call again with no event), so a
 * browser, which can't wait, calls it per event; loop_run wraps it in a
 * blocking wait for the native frontends. The frontend only paints what
 * loop_view gives and hands over its events.
 *
 * Every frontend opens the loop the same way, with loop_frontend_open:
 * the data, the store (locked for a game by hand), the player's keys.txt
 * and options.txt read once (from the config folder, or the page's own
 * store), and the loop on them.
 *
 * A flight: what a command set flying (run_events: a missile, a bolt, a
 * breath, a burst, a hit) is shown a frame at a time on the loop's timer,
 * options.txt's flight_delay apart, in the view every painter draws
 * (FrontView.flight), only where the player sees; the next step of
 * auto-explore waits for it, and a key (or a click, the close, a signal,
 * the page hidden) ends it and is then taken as ever, so no key waits on
 * a flight. No flight is shown while a recording is watched.
 *
 * Watching a recording: Space pauses and goes on, . or the right arrow
 * steps one command (pausing), + and - go faster and slower, Esc or q
 * (or the close) ends it; F1 to F12 work as in play. */
#ifndef AMULETS_LOOP_H
#define AMULETS_LOOP_H

#include <stdbool.h>

#include "config.h"
#include "errors.h"
#include "frontend.h"
#include "input.h"
#include "playback.h"

/* How long loop_run waits at most before it looks for an ending signal,
 * and the pause between two steps of auto-explore, travel or rest, so
 * each is seen */
enum { LOOP_SIGNAL_CHECK_MS = 200, LOOP_AUTO_STEP_MS = 30, LOOP_BANNER_SIZE = 160 };

typedef struct LoopSetup {
    InputSetup input;
    bool tile_view;            /* start in the tile view */
    const unsigned *autopickup;   /* what o picks up (options.txt), or NULL */
    const char *const *notes;  /* lines for the log at the start (the config
                                  files' mistakes), kept while the loop lives */
    int note_count;
    int flight_delay;          /* ms a flight's frame shows; 0: none shown */
} LoopSetup;

typedef struct LoopWatch {
    Playback playback;
    Errors errors;
    bool paused, ended;
    bool choice_shown;         /* the next command's dialog is up, for a
                                  beat before it's carried out */
    int speed;                 /* into the delays, slowest first */
    char banner[LOOP_BANNER_SIZE];
} LoopWatch;

/* The flight in the air: the run_events list it is of, the event and
 * frame shown, and that frame's cells the player sees */
typedef struct LoopFlight {
    unsigned serial;           /* the run_events list last taken up */
    bool flying;               /* a frame is up, shown */
    int event, frame;
    FrontFlight shown;
} LoopFlight;

typedef struct Loop {
    Input input;
    bool watching;             /* a recording, not the input's run, is shown */
    LoopWatch watch;
    LoopFlight flight;
    int flight_delay;
    bool dirty;                /* paint again */
    bool done;                 /* leave: status says how */
    int status;                /* 0, or 128 + the ending signal */
    unsigned run_serial;
} Loop;

/* What the frontend does after a step */
typedef struct LoopNext {
    bool paint;                /* paint loop_view (then loop_painted) */
    int wait_ms;               /* call loop_step with no event after this
                                  long, unless an event comes first; -1: only
                                  when one comes */
    bool drop_keys;            /* forget the keys typed ahead */
    bool done;                 /* leave, with loop->status */
} LoopNext;

/* The input's first screen (a run, the title if a save waits, or the
 * class choice, as setup says). False if out of memory. */
bool loop_open(Loop *loop, const LoopSetup *setup);
/* The same, watching replay (which must outlive the loop) instead: false,
 * with the reasons in loop->watch.errors, if it can't be played */
bool loop_open_watch(Loop *loop, const LoopSetup *setup, const Replay *replay);
void loop_close(Loop *loop);
/* Plays the watched recording to its end at once (a screenshot of its
 * last frame): false if it parted from its run (said on stderr) */
bool loop_watch_finish(Loop *loop);

/* One event (NULL or FRONT_NONE: the time loop_next asked for passed) */
LoopNext loop_step(Loop *loop, const FrontEvent *event);
/* What to do now, without an event (at the start) */
LoopNext loop_next(const Loop *loop);
void loop_view(const Loop *loop, FrontView *out);
void loop_painted(Loop *loop);

/* One event handed to the loop (loop_step), and what the loop then asks
 * done through the frontend: the keys typed ahead dropped, the view
 * painted. What to do next: when to call again, whether to leave. The
 * page calls it per browser event; loop_run after each wait */
LoopNext loop_dispatch(Loop *loop, const Frontend *frontend, const FrontEvent *event);
/* Paints the view now, if the loop says it changed (at the start) */
void loop_show(Loop *loop, const Frontend *frontend);

/* Runs the loop on a frontend that can wait, until the player leaves or
 * an ending signal comes (stop.h, caught by the caller): 0, or 128 + the
 * signal, as a shell tells of one */
int loop_run(Loop *loop, const Frontend *frontend);

/* The monotonic clock in milliseconds, as a native frontend's now_ms */
uint64_t loop_clock_ms(void *self);

/* ---- Opening a frontend: the same for each ---------------------------------- */

/* Where the player's keys.txt and options.txt are read from */
typedef enum LoopConfigPlace {
    LOOP_CONFIG_NONE,      /* nowhere: the game's own keys and options (a
                              screenshot's scripted run, a recording
                              watched: they play the same on every machine) */
    LOOP_CONFIG_FOLDER,    /* the config folder, config_dir */
    LOOP_CONFIG_STORE,     /* the store's own files (the page's: the Files
                              page edits them) */
} LoopConfigPlace;

/* What a frontend opens the game with */
typedef struct LoopConfig {
    const char *data_dir;
    /* the game's files: the store given (the page's), or else the folder
     * store_root (NULL: none can be had, and the game can't start) */
    Store store;
    const char *store_root;
    bool lock;                 /* a game by hand: a second copy keeps out */
    LoopConfigPlace config;
    const char *config_dir;    /* LOOP_CONFIG_FOLDER's (NULL: none) */
    const Replay *replay;      /* watch it (outliving the loop) instead of
                                  playing: the data alone, no store */
    uint64_t seed;             /* the first new run's */
    int floor;                 /* new runs start there */
    const char *class_id;      /* a new run's class where none is chosen (a
                                  screenshot's), or NULL: classes.txt's first */
    bool choose_class;         /* a new run starts by choosing its class */
    bool view_given;           /* the view is tile_view, whatever options.txt says */
    bool tile_view;
    bool debug;                /* --debug: the debugging views */
} LoopConfig;

/* What a frontend plays on: the data, the save's slot, the player's
 * config and the loop. Big (a loop holds an explorer): kept static */
typedef struct LoopFrontend {
    GameData data;
    Slot slot;
    bool slot_open;
    PlayerConfig config;       /* read whatever else fails: the window's
                                  size, for its box of mistakes */
    Loop loop;
    bool loop_open;
    Errors errors;             /* why it couldn't start, for the player */
    const char *heading;       /* what stopped it, above errors */
} LoopFrontend;

/* Reads the player's config, the data, opens (and locks) the store and
 * the loop on its first screen. The config's mistakes are said on stderr
 * and told in the game's log. False if the game can't start:
 * front->heading and front->errors say why. loop_frontend_close always,
 * after. */
bool loop_frontend_open(LoopFrontend *front, const LoopConfig *config);
void loop_frontend_close(LoopFrontend *front);

#endif
