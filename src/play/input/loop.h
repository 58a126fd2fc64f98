/* The one loop, for every frontend (frontend.h): the title, the class
 * choice, play, auto-explore's steps between events, the dialogs, a
 * recording watched, and the save on an ending signal. It is a step
 * function, loop_step, handed one event at a time and answering what to
 * do next (paint, and when to call again with no event), so a browser,
 * which can't wait, calls it per event; loop_run wraps it in a blocking
 * wait for the native frontends. The frontend only paints what
 * loop_view gives and hands over its events.
 *
 * Watching a recording: Space pauses and goes on, . or the right arrow
 * steps one command (pausing), + and - go faster and slower, Esc or q
 * (or the close) ends it; F1 to F12 work as in play. */
#ifndef AMULETS_LOOP_H
#define AMULETS_LOOP_H

#include <stdbool.h>

#include "errors.h"
#include "frontend.h"
#include "input.h"
#include "playback.h"

/* How long loop_run waits at most before it looks for an ending signal,
 * and the pause between two steps of auto-explore, travel or rest, so
 * each is seen */
enum { LOOP_SIGNAL_CHECK_MS = 200, LOOP_AUTO_STEP_MS = 30, LOOP_BANNER_SIZE = 160 };

/* What a frontend needs before the loop starts: the data and the save's
 * slot (locked, where the run is played by hand) */
typedef struct LoopFiles {
    GameData data;
    Slot slot;
    Errors errors;             /* why it couldn't start, for the player */
    const char *heading;       /* what stopped it, above errors */
} LoopFiles;

/* Reads data_dir and opens the store at store_root (NULL: nothing is
 * saved), locking it if lock. False if it can't: files->heading and
 * files->errors say why. loop_files_close always, after. */
bool loop_files_open(LoopFiles *files, const char *data_dir, const char *store_root, bool lock);
void loop_files_close(LoopFiles *files);

typedef struct LoopSetup {
    InputSetup input;
    bool tile_view;            /* start in the tile view */
    const unsigned *autopickup;   /* what o picks up (options.txt), or NULL */
    const char *const *notes;  /* lines for the log at the start (the config
                                  files' mistakes), kept while the loop lives */
    int note_count;
    const char *builtin_note;  /* one more line for the log, or NULL */
} LoopSetup;

typedef struct LoopWatch {
    Playback playback;
    Errors errors;
    bool paused, ended;
    int speed;                 /* into the delays, slowest first */
    char banner[LOOP_BANNER_SIZE];
} LoopWatch;

typedef struct Loop {
    Input input;
    bool watching;             /* a recording, not the input's run, is shown */
    LoopWatch watch;
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

/* Runs the loop on a frontend that can wait, until the player leaves or
 * an ending signal comes (stop.h, caught by the caller): 0, or 128 + the
 * signal, as a shell tells of one */
int loop_run(Loop *loop, const Frontend *frontend);

/* The monotonic clock in milliseconds, as a native frontend's now_ms */
uint64_t loop_clock_ms(void *self);

#endif
