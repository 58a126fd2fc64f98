/* The page as a frontend of the one loop (frontend.h, loop.h): the
 * functions the page's script calls (web.js). The game opens as every
 * frontend's does (loop_frontend_open): the data, the page's store, and
 * the player's keys.txt and options.txt read once from that store (the
 * page's Files, where they can be edited or uploaded). The page is a
 * Frontend table whose wait is the browser's own event callbacks: each
 * event (a key, the mouse, the timer the loop asked for, the page hidden
 * or closed) comes to web_event, which hands it to loop_dispatch, and the
 * table's paint asks the page for a frame. web_event answers the wait
 * the loop asked for; every call runs to its end and returns, so the
 * browser never waits on the C.
 *
 * The game's files are the page's store (web_store.h), in memory, filled
 * from IndexedDB before web_open. A recording watched is a loop of its
 * own beside the one in play, which goes on when the watching ends. */
#include <emscripten.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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
const char *web_config_text(const char *name, int *length);
const char *web_config_check(const char *name, const char *text, int length);
int web_config_put(const char *name, const char *text, int length);

typedef struct Web {
    WebStore store;
    bool store_made;
    LoopFrontend game;     /* the data, the slot, the player's config, and
                              the loop in play (the title, the class
                              choice, the run) */
    bool open;
    bool closed;           /* the player left the game: the page says so
                              until web_reopen, as the program would end */
    uint64_t next_seed;    /* then, what the game opened again takes */
    int floor;             /* the floor new runs start on (--floor's) */
    /* a recording watched: its loop is the one shown and given the events */
    Loop watch;
    Replay watched;
    bool watching;
    char error[SLOT_ERROR_SIZE + 256];
    char digest[24];
} Web;

static Web web;

/* ---- The page as a frontend (frontend.h) ------------------------------------- */

/* The page hears that a frame is due (it paints at the browser's next
 * frame, web_frame), and that the keys typed ahead go */
EM_JS(void, page_paint, (void), { Module.onPaint(); })
EM_JS(void, page_drop_keys, (void), { Module.onDropKeys(); })

static void page_frame_due(void *self, const FrontView *view)
{
    (void)self;
    (void)view;
    page_paint();
}

static uint64_t page_now(void *self)
{
    (void)self;
    return (uint64_t)emscripten_get_now();
}

static void page_drop(void *self)
{
    (void)self;
    page_drop_keys();
}

/* No wait: the browser's callbacks are its waits (web_event) */
static const Frontend PAGE = {.paint = page_frame_due, .now_ms = page_now, .drop_keys = page_drop};

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

/* The game as every frontend opens it: the data, the page's store (its
 * Web Lock the page's own), keys.txt and options.txt from that store */
static bool open_game(uint64_t seed)
{
    LoopConfig config = {.data_dir = "/data", .store = web_store(&web.store), .lock = true,
                         .config = LOOP_CONFIG_STORE, .seed = seed, .floor = web.floor, .choose_class = true};
    web.open = loop_frontend_open(&web.game, &config);
    if (web.open) return true;
    int n = snprintf(web.error, sizeof web.error, "%s", web.game.heading);
    for (int i = 0; i < web.game.errors.count && i < 4 && n < (int)sizeof web.error; ++i) {
        n += snprintf(web.error + n, sizeof web.error - (size_t)n, "\n%s", web.game.errors.lines[i]);
    }
    loop_frontend_close(&web.game);
    return false;
}

/* Opens the game on the page's store (filled already by web_file_put)
 * on the title, or the class choice if no save waits; new runs start with
 * seed (the next one the next seed) on floor. False with the reason in
 * web_error */
WEB_API int web_open(double seed, int floor)
{
    web.floor = floor >= 1 && floor <= 99 ? floor : 1;
    make_store();   /* if no file came */
    return open_game((uint64_t)seed);
}

WEB_API const char *web_error(void) { return web.error; }

/* ---- Events -------------------------------------------------------------------- */

/* What web_event answers, in one number: these flags, and the wait the
 * loop asked for plus one (0: none, call only with an event) above them.
 * Painting and dropping keys the page hears through its table (PAGE) */
enum {
    WEB_OPEN = 1,          /* the game is open (web_next's and web_reopen's
                              answer is never 0 then) */
    WEB_ENDED = 4,         /* the player left the game (the run saved, if
                              it goes on): closed until web_reopen */
    WEB_WATCH_ENDED = 8,   /* the watching ended: the run in play is shown */
    WEB_WAIT_SHIFT = 4
};

static int packed(LoopNext next, int flags)
{
    return flags | (next.wait_ms + 1) << WEB_WAIT_SHIFT;
}

static Loop *shown(void) { return web.watching ? &web.watch : &web.game.loop; }

WEB_API int web_next(void) { return web.open ? packed(loop_next(shown()), WEB_OPEN) : 0; }

static void stop_watching(void)
{
    loop_close(&web.watch);
    rep_free(&web.watched);
    web.watching = false;
    web.game.loop.dirty = true;
}

/* The loop in play ended (Esc on the title, Esc S, an ending): the game
 * is closed, as the program would end, and the page says so; web_reopen
 * starts it again, on the title (a run that goes on is saved, to be
 * continued there). options.txt keeps the view it was left in, as the
 * window's does (a failure is the store's to tell). The slot stays, to
 * say whether a save waits */
static int play_ended(void)
{
    web.next_seed = web.game.loop.input.next_seed;
    char error[STORE_ERROR_SIZE];
    config_remember(&web.game.config, web.game.loop.input.views.tiles, 0, 0, error, sizeof error);
    loop_close(&web.game.loop);
    web.game.loop_open = false;
    web.open = false;
    web.closed = true;
    return WEB_ENDED;
}

/* The game closed by the player, started again as the program would be
 * (keys.txt and options.txt read again, as the Files page may have
 * changed them): what web_next answers, or 0 (not closed, or it can't
 * start: web_error) */
WEB_API int web_reopen(void)
{
    if (!web.closed) return 0;
    web.closed = false;
    loop_frontend_close(&web.game);
    if (!open_game(web.next_seed)) return 0;
    loop_show(&web.game.loop, &PAGE);
    return packed(loop_next(&web.game.loop), WEB_OPEN);
}

/* One event of the page's (kind a FrontEventKind; FRONT_NONE the timer
 * the last answer asked for), given to the loop shown */
WEB_API int web_event(int kind, int key, int x, int y)
{
    if (!web.open) return 0;
    FrontEvent event = {.kind = (FrontEventKind)kind, .key = key, .cell = {x, y}, .signal = SIGHUP};
    int flags = 0;
    if (web.watching) {
        LoopNext next = loop_dispatch(&web.watch, &PAGE, &event);
        if (event.kind == FRONT_HIDE) loop_step(&web.game.loop, &event);   /* the run in play is saved */
        if (!next.done && event.kind != FRONT_STOP) return packed(next, 0);
        stop_watching();
        flags = WEB_WATCH_ENDED;
        if (event.kind != FRONT_STOP) {
            loop_show(&web.game.loop, &PAGE);
            return packed(loop_next(&web.game.loop), flags);
        }
    }
    LoopNext next = loop_dispatch(&web.game.loop, &PAGE, &event);
    if (next.done) return play_ended() | flags;
    return packed(next, flags);
}

/* A save waits to be continued (on the title) */
WEB_API int web_save_waits(void)
{
    return (web.open || web.closed) && web.game.slot_open && slot_has_run(&web.game.slot);
}

/* ---- Painting ------------------------------------------------------------------ */

WEB_API const char *web_frame(int panel_columns, int panel_rows, int log_rows, int columns, int rows)
{
    if (!web.open) return "{}";
    FrontView view;
    loop_view(shown(), &view);
    WebRoom room = {panel_columns, panel_rows, log_rows, columns, rows, view.watching};
    const char *text = web_frame_text(&view, &room);
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
WEB_API const char *web_digest(void) { return web.open ? digest_of(web.game.loop.input.session.run) : ""; }

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
        ok = playback_start(&playback, &replay, &web.game.data, &errors) &&
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
    LoopSetup setup = {.input = {.data = &web.game.data, .clock = session_wall_clock},
                       .tile_view = web.game.loop.input.views.tiles};
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

/* ---- The player's keys.txt and options.txt, on the Files page ---------------- */

static bool config_file(const char *name)
{
    return strcmp(name, CONFIG_KEYS) == 0 || strcmp(name, CONFIG_OPTIONS) == 0;
}

/* The game's own, documented: data/keys.txt or data/options.txt, read
 * through a store on the data folder */
static char *default_text(const char *name, size_t *length)
{
    PosixStore data;
    char error[256], *text = NULL;
    if (!store_posix_open(&data, "/data", false, error, sizeof error)) return NULL;
    Store store = store_posix(&data);
    if (store.ops->read(store.self, name, 64 * 1024, &text, length, error, sizeof error) != FILE_READ_OK) text = NULL;
    store_posix_close(&data);
    return text;
}

/* The player's file as the page keeps it, or, with none yet, the game's
 * own documented one to start from: *length bytes, or NULL if name is
 * neither keys.txt nor options.txt. Lives until the next call */
WEB_API const char *web_config_text(const char *name, int *length)
{
    static char *defaults;
    free(defaults);
    defaults = NULL;
    *length = 0;
    if (!config_file(name)) return NULL;
    size_t got = 0;
    const char *text = web.store_made ? web_store_get(&web.store, name, &got) : NULL;
    if (text == NULL) text = defaults = default_text(name, &got);
    *length = (int)got;
    return text;
}

/* The mistakes text would be read with, one "keys.txt:3: ..." a line,
 * or "" if none: the Files page says them before it keeps the file (the
 * game starts with them all the same, each keeping its default) */
WEB_API const char *web_config_check(const char *name, const char *text, int length)
{
    static char said[2048];
    said[0] = '\0';
    if (!config_file(name)) return "Only keys.txt and options.txt are read as the game starts.";
    MemStore mem;
    store_mem_init(&mem, WEB_STORE_WHERE);
    Errors errors = {0};
    if (!store_mem_put(&mem, name, text, (size_t)length)) errors_add(&errors, "%s: out of memory", name);
    PlayerConfig config;
    config_load(&config, NULL, store_mem(&mem));
    size_t n = 0, folder = strlen(WEB_STORE_WHERE "/");
    for (int i = 0; i < config.mistakes.count && n < sizeof said; ++i) {
        const char *line = config.mistakes.lines[i];
        if (strncmp(line, WEB_STORE_WHERE "/", folder) == 0) line += folder;   /* as the Files list names it */
        n += (size_t)snprintf(said + n, sizeof said - n, "%s%s", n > 0 ? "\n" : "", line);
    }
    for (int i = 0; i < errors.count && n < sizeof said; ++i) {
        n += (size_t)snprintf(said + n, sizeof said - n, "%s%s", n > 0 ? "\n" : "", errors.lines[i]);
    }
    config_free(&config);
    errors_clear(&errors);
    store_mem_free(&mem);
    return said;
}

/* Keeps the player's keys.txt or options.txt (edited or uploaded on the
 * Files page) in the page's store, whole, told to IndexedDB as every
 * file is: read as the game starts again. False with the reason in
 * web_error */
WEB_API int web_config_put(const char *name, const char *text, int length)
{
    if (!config_file(name)) {
        snprintf(web.error, sizeof web.error, "Only keys.txt and options.txt can be kept here, not %s.", name);
        return 0;
    }
    make_store();
    Store store = web_store(&web.store);
    char error[STORE_ERROR_SIZE];
    if (store.ops->write(store.self, name, text, (size_t)length, error, sizeof error)) return 1;
    snprintf(web.error, sizeof web.error, "%s couldn't be kept: %s.", name, error);
    return 0;
}
