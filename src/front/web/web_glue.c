/* The page as a frontend of the one loop (frontend.h, loop.h): the
 * functions the page's script calls (web.js). The page hands over each
 * event (a key, the mouse, its timer, the page hidden) and web_event
 * passes it to loop_step, answering what the loop said to do next: paint,
 * call again after so many milliseconds (auto-explore's steps, a
 * recording watched), drop the keys typed ahead. Every call runs to its
 * end and returns, so the browser never waits on the C.
 *
 * The game's files are the page's store (web_store.h), in memory, filled
 * from IndexedDB before web_open. A recording watched is a loop of its
 * own beside the one in play, which goes on when the watching ends. */
#include <emscripten.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "loop.h"
#include "replay.h"
#include "save.h"
#include "web_frame.h"
#include "web_store.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* What the page calls (web.js names them all), each told below */
int web_file_put(const char *name, const char *text, int length);
const char *web_file_get(const char *name, int *length);
int web_open(double seed, int floor);
const char *web_error(void);
int web_next(void);
int web_reopen(void);
int web_event(int kind, int key, int x, int y);
int web_save_waits(void);
const char *web_frame(int panel_columns, int panel_rows, int log_rows, int columns, int rows);
const int32_t *web_map(void);
const char *web_tile_name(int number);
int web_cell_ints(void);
const char *web_digest(void);
int web_replay(const char *text, int length, int rounds);
const char *web_replay_digest(void);
int web_watch(const char *text, int length);
int web_watching(void);
const char *web_watch_banner(void);
const char *web_watch_error(void);

typedef struct Web {
    GameData data;
    WebStore store;
    Slot slot;
    Loop play;             /* the run in play, the title, the class choice */
    bool open;
    bool closed;           /* the player left the game: the page says so
                              until web_reopen, as the program would end */
    uint64_t next_seed;    /* then, what the game opened again takes */
    bool tiles;
    int floor;             /* the floor new runs start on (--floor's) */
    /* a recording watched: its loop is the one shown and given the events */
    Loop watch;
    Replay watched;
    bool watching;
    bool store_made;
    char error[SLOT_ERROR_SIZE + 256];
    char digest[24];
} Web;

static Web web;

/* ---- The files, before the game starts -------------------------------------- */

static void make_store(void)
{
    if (!web.store_made) web_store_init(&web.store);
    web.store_made = true;
}

/* A file of the save folder as IndexedDB keeps it: false if refused */
WEB_API int web_file_put(const char *name, const char *text, int length)
{
    make_store();
    return web_store_put(&web.store, name, text, (size_t)length);
}

/* A file as the game has it now, *length bytes, or NULL if there's none:
 * what the page writes again when its storage failed */
WEB_API const char *web_file_get(const char *name, int *length)
{
    size_t got = 0;
    const char *text = web.store_made ? web_store_get(&web.store, name, &got) : NULL;
    *length = (int)got;
    return text;
}

/* ---- Opening ------------------------------------------------------------------ */

static LoopSetup setup_for(uint64_t seed, bool tile_view)
{
    LoopSetup setup = {
        .input = {.data = &web.data, .slot = &web.slot, .seed = seed, .start_floor = web.floor,
                  .offer_title = true, .choose_class = true, .clock = session_wall_clock},
        .tile_view = tile_view,
    };
    return setup;
}

static bool open_play(uint64_t seed, bool tile_view)
{
    LoopSetup setup = setup_for(seed, tile_view);
    web.open = loop_open(&web.play, &setup);
    if (!web.open) snprintf(web.error, sizeof web.error, "The game can't start: out of memory.");
    return web.open;
}

/* Loads the data from /data and opens the page's store (filled already by
 * web_file_put) on the title, or the class choice if no save waits; new
 * runs start with seed (the next one the next seed) on floor. False with
 * the reason in web_error */
WEB_API int web_open(double seed, int floor)
{
    web.floor = floor >= 1 && floor <= 99 ? floor : 1;
    make_store();   /* if no file came */
    Errors errors = {0};
    if (!data_load_dir(&web.data, "/data", &errors)) {
        int n = snprintf(web.error, sizeof web.error, "The game can't start: its data files have mistakes.");
        for (int i = 0; i < errors.count && i < 4 && n < (int)sizeof web.error; ++i) {
            n += snprintf(web.error + n, sizeof web.error - (size_t)n, "\n%s", errors.lines[i]);
        }
        errors_clear(&errors);
        return 0;
    }
    char error[SLOT_ERROR_SIZE];
    if (!slot_init_store(&web.slot, web_store(&web.store), error, sizeof error) ||
        !slot_lock(&web.slot, error, sizeof error)) {
        snprintf(web.error, sizeof web.error, "The game can't start: %s", error);
        return 0;
    }
    return open_play((uint64_t)seed, false);
}

WEB_API const char *web_error(void) { return web.error; }

/* ---- Events -------------------------------------------------------------------- */

/* What web_event answers, in one number: these flags, and the wait the
 * loop asked for plus one (0: none, call only with an event) above them */
enum {
    WEB_PAINT = 1, WEB_DROP_KEYS = 2,
    WEB_ENDED = 4,         /* the player left the game (the run saved, if
                              it goes on): closed until web_reopen */
    WEB_WATCH_ENDED = 8,   /* the watching ended: the run in play is shown */
    WEB_WAIT_SHIFT = 4
};

static int packed(LoopNext next, int flags)
{
    return flags | (next.paint ? WEB_PAINT : 0) | (next.drop_keys ? WEB_DROP_KEYS : 0) |
           (next.wait_ms + 1) << WEB_WAIT_SHIFT;
}

static Loop *shown(void) { return web.watching ? &web.watch : &web.play; }

WEB_API int web_next(void) { return web.open ? packed(loop_next(shown()), 0) : 0; }

static void stop_watching(void)
{
    loop_close(&web.watch);
    rep_free(&web.watched);
    web.watching = false;
    web.play.dirty = true;
}

/* The loop in play ended (Esc on the title, Esc S, an ending): the game
 * is closed, as the program would end, and the page says so; web_reopen
 * starts it again, on the title (a run that goes on is saved, to be
 * continued there) */
static int play_ended(void)
{
    web.next_seed = web.play.input.next_seed;
    web.tiles = web.play.input.views.tiles;
    loop_close(&web.play);
    web.open = false;
    web.closed = true;
    return WEB_ENDED;
}

/* The game closed by the player, started again as the program would be:
 * what web_next answers, or 0 (not closed, or out of memory: web_error) */
WEB_API int web_reopen(void)
{
    if (!web.closed) return 0;
    web.closed = false;
    return open_play(web.next_seed, web.tiles) ? packed(loop_next(&web.play), WEB_PAINT) : 0;
}

/* One event of the page's (kind a FrontEventKind; FRONT_NONE the timer
 * the last answer asked for), given to the loop shown */
WEB_API int web_event(int kind, int key, int x, int y)
{
    if (!web.open) return 0;
    FrontEvent event = {.kind = (FrontEventKind)kind, .key = key, .cell = {x, y}, .signal = SIGHUP};
    int flags = 0;
    if (web.watching) {
        LoopNext next = loop_step(&web.watch, &event);
        if (event.kind == FRONT_HIDE) loop_step(&web.play, &event);   /* the run in play is saved */
        if (!next.done && event.kind != FRONT_STOP) return packed(next, 0);
        stop_watching();
        flags = WEB_WATCH_ENDED;
        if (event.kind != FRONT_STOP) return packed(loop_next(&web.play), flags);
    }
    LoopNext next = loop_step(&web.play, &event);
    if (next.done) return play_ended() | flags;
    LoopNext now = loop_next(&web.play);
    now.drop_keys = next.drop_keys;
    return packed(now, flags);
}

/* A save waits to be continued (on the title) */
WEB_API int web_save_waits(void) { return (web.open || web.closed) && slot_has_run(&web.slot); }

/* ---- Painting ------------------------------------------------------------------ */

WEB_API const char *web_frame(int panel_columns, int panel_rows, int log_rows, int columns, int rows)
{
    if (!web.open) return "{}";
    FrontView view;
    loop_view(shown(), &view);
    WebRoom room = {panel_columns, panel_rows, log_rows, columns, rows, view.watching};
    const char *text = web_frame_text(view.input, view.run, &room);
    loop_painted(shown());
    return text;
}

WEB_API const int32_t *web_map(void)
{
    FrontView view;
    loop_view(shown(), &view);
    return web_frame_map(view.input, view.run);
}

WEB_API const char *web_tile_name(int number) { return web_frame_tile_name(number); }
WEB_API int web_cell_ints(void) { return WEB_CELL_INTS; }

static const char *digest_of(const Run *run)
{
    snprintf(web.digest, sizeof web.digest, "%016llx", (unsigned long long)save_digest(run));
    return web.digest;
}

/* The run in play's digest, as amulets --digest prints it */
WEB_API const char *web_digest(void) { return web.open ? digest_of(web.play.input.session.run) : ""; }

/* ---- Recordings ------------------------------------------------------------------ */

/* The recording in text (length bytes) read into web.error's words if not */
static bool read_recording(Replay *replay, const char *text, int length)
{
    Errors errors = {0};
    bool read = rep_parse(replay, text, (size_t)length, "the recording", &errors);
    if (!read) snprintf(web.error, sizeof web.error, "%s", errors.count > 0 ? errors.lines[0] : "it can't be read");
    errors_clear(&errors);
    return read;
}

/* Plays the recording back rounds times, checkpoints checked: the
 * commands played in all, or -1 (the reason in web_error). The last
 * round's run's digest is left for web_replay_digest */
WEB_API int web_replay(const char *text, int length, int rounds)
{
    Replay replay;
    if (!read_recording(&replay, text, length)) return -1;
    Errors errors = {0};
    long long commands = 0;
    bool ok = true;
    for (int round = 0; ok && round < rounds; ++round) {
        Playback playback;
        ok = playback_start(&playback, &replay, &web.data, &errors) &&
             playback_finish(&playback, &errors) == PLAYBACK_END;
        commands += playback_total(&playback);
        digest_of(playback_run(&playback));
        playback_stop(&playback);
    }
    if (!ok) snprintf(web.error, sizeof web.error, "%s", errors.count > 0 ? errors.lines[0] : "it parted from its run");
    rep_free(&replay);
    errors_clear(&errors);
    return ok ? (int)commands : -1;
}

WEB_API const char *web_replay_digest(void) { return web.digest; }

/* Starts watching the recording, from its start, as amulets --replay FILE
 * does in the window (loop.h's keys): its loop is shown and given the
 * events until it ends. False with the reason in web_error */
WEB_API int web_watch(const char *text, int length)
{
    if (!web.open) return 0;
    if (web.watching) stop_watching();
    if (!read_recording(&web.watched, text, length)) return 0;
    LoopSetup setup = setup_for(0, web.play.input.views.tiles);
    if (!loop_open_watch(&web.watch, &setup, &web.watched)) {
        const Errors *errors = &web.watch.watch.errors;
        snprintf(web.error, sizeof web.error, "%s", errors->count > 0 ? errors->lines[0] : "out of memory");
        loop_close(&web.watch);
        rep_free(&web.watched);
        return 0;
    }
    web.watching = true;
    return 1;
}

/* 0: nothing watched; 1 a recording plays (or is paused); 2 it ended */
WEB_API int web_watching(void) { return !web.watching ? 0 : web.watch.watch.ended ? 2 : 1; }
/* "Replay 120/500, playing, 6/s" */
WEB_API const char *web_watch_banner(void) { return web.watching ? web.watch.watch.banner : ""; }
/* Why the recording parted from its run, or "" */
WEB_API const char *web_watch_error(void)
{
    const Errors *errors = &web.watch.watch.errors;
    return web.watching && errors->count > 0 ? errors->lines[0] : "";
}
