/* The page's way into the game: the one place the web frontend touches
 * the input layer (input.h) and the save slot, as functions the page's
 * script calls (web.js). Every call runs to its end and returns: a key is
 * played until the game needs the next one, and a string of o, G or Z
 * steps is stepped by the page (web_auto_step) on its own timer, so the
 * browser never waits on the C.
 *
 * The save folder lives in memory (emscripten's MEMFS); the page fills it
 * from IndexedDB before web_open, and this file's FileOps tells the page
 * of every whole file written (the rename that ends file_write_whole) and
 * every file removed, which the page writes through to IndexedDB, one
 * transaction each (web.js's store).
 *
 * When issue 19's loop (loop_step) and store (store.h) land, this file is
 * the one to rewrite onto them: web_key and web_auto_step become
 * loop_step's events, and the FileOps become the IndexedDB store. */
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "playback.h"
#include "replay.h"
#include "save.h"
#include "web_frame.h"

#define WEB_API EMSCRIPTEN_KEEPALIVE

/* What the page calls (web.js names them all), each told below */
int web_open(double seed, int floor, const char *home);
const char *web_error(void);
int web_key(int key);
int web_auto_going(void);
int web_auto_step(void);
int web_takes_digits(void);
int web_point(int x, int y, int on_map);
int web_click(int x, int y);
int web_save(void);
const char *web_frame(int panel_columns, int panel_rows, int log_rows, int columns, int rows);
const int32_t *web_map(void);
const char *web_tile_name(int number);
int web_cell_ints(void);
const char *web_digest(void);
int web_replay(const char *path, int rounds);
const char *web_replay_digest(void);
int web_watch(const char *path);
int web_watch_step(void);
void web_watch_stop(void);
const char *web_watch_place(void);
void web_views_tiles(int on);

/* ---- The write-through: the page hears of each whole file ---------------- */

EM_JS(void, page_file_renamed, (const char *from, const char *to), {
    if (Module.onFileRenamed) Module.onFileRenamed(UTF8ToString(from), UTF8ToString(to));
})
EM_JS(void, page_file_removed, (const char *path), {
    if (Module.onFileRemoved) Module.onFileRemoved(UTF8ToString(path));
})

static int told_rename(const char *from, const char *to)
{
    int status = file_system_ops()->rename(from, to);
    if (status == 0) page_file_renamed(from, to);
    return status;
}

static int told_unlink(const char *path)
{
    int status = file_system_ops()->unlink(path);
    if (status == 0) page_file_removed(path);
    return status;
}

static FileOps web_ops;

/* ---- The game -------------------------------------------------------------- */

typedef struct Web {
    GameData data;
    Slot slot;
    Input input;
    bool open;
    int floor;             /* the floor new runs start on (--floor's) */
    char error[SLOT_ERROR_SIZE + 256];
    char digest[24];
    /* a recording watched (web_watch), drawn instead of the run in play */
    bool watching, watch_ended;
    Replay watched;
    Playback playback;
    char place[96];
} Web;

static Web web;

static bool open_input(uint64_t seed)
{
    InputSetup setup = {.data = &web.data, .slot = &web.slot, .seed = seed, .start_floor = web.floor,
                        .offer_title = true, .choose_class = true, .clock = session_wall_clock};
    web.open = input_open(&web.input, &setup);
    if (!web.open) snprintf(web.error, sizeof web.error, "The game can't start: out of memory.");
    return web.open;
}

/* Loads the data from /data and opens the save folder home (filled by the
 * page already) on the title, or the class choice if no save waits; new
 * runs start with seed (the next one the next seed) on floor. False with
 * the reason in web_error */
WEB_API int web_open(double seed, int floor, const char *home)
{
    web.floor = floor >= 1 && floor <= 99 ? floor : 1;
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
    if (!slot_init(&web.slot, home, NULL, NULL, error, sizeof error)) {
        snprintf(web.error, sizeof web.error, "The game can't start: %s", error);
        return 0;
    }
    web_ops = *file_system_ops();
    web_ops.rename = told_rename;
    web_ops.unlink = told_unlink;
    web.slot.posix.fs = &web_ops;   /* the store's calls: the page hears of each */
    return open_input((uint64_t)seed);
}

WEB_API const char *web_error(void) { return web.error; }

/* What a key or a step came to: the InputResult, WEB_ALARM if the page
 * should drop the keys typed ahead, WEB_ENDED if the program would have
 * quit here (the run, if it goes on, is saved: the page starts again on
 * the title) */
enum { WEB_ALARM = 16, WEB_ENDED = 32 };

static int result_of(InputResult result)
{
    int out = (int)result;
    if (input_take_alarm(&web.input)) out |= WEB_ALARM;
    if (result == INPUT_QUIT) {
        uint64_t seed = web.input.next_seed;
        input_free(&web.input);
        out |= WEB_ENDED;
        if (!open_input(seed)) out &= ~WEB_ENDED;
    }
    return out;
}

WEB_API int web_key(int key) { return web.open ? result_of(input_key(&web.input, key)) : 0; }
WEB_API int web_auto_going(void) { return web.open && input_auto_going(&web.input); }
WEB_API int web_auto_step(void) { return web.open ? result_of(input_auto_step(&web.input)) : 0; }
WEB_API int web_takes_digits(void) { return web.open && input_takes_digits(&web.input); }

WEB_API int web_point(int x, int y, int on_map)
{
    Point cell = {x, y};
    return web.open ? result_of(input_point(&web.input, on_map ? &cell : NULL)) : 0;
}

WEB_API int web_click(int x, int y)
{
    return web.open ? result_of(input_click(&web.input, (Point){x, y})) : 0;
}

/* The page is hidden or closing: the run in play is saved as it is (as
 * the window's close saves it), and goes on if the page comes back */
WEB_API int web_save(void)
{
    if (!web.open) return 0;
    return input_leave(&web.input) == INPUT_QUIT;
}

/* The run drawn: a recording's while one is watched */
static const Run *drawn(void)
{
    return web.watching ? playback_run(&web.playback) : web.input.session.run;
}

WEB_API const char *web_frame(int panel_columns, int panel_rows, int log_rows, int columns, int rows)
{
    WebRoom room = {panel_columns, panel_rows, log_rows, columns, rows, web.watching};
    return web.open ? web_frame_text(&web.input, drawn(), &room) : "{}";
}

WEB_API const int32_t *web_map(void) { return web_frame_map(&web.input, drawn()); }
WEB_API const char *web_tile_name(int number) { return web_frame_tile_name(number); }
WEB_API int web_cell_ints(void) { return WEB_CELL_INTS; }

/* The run's digest, as amulets --digest prints it */
WEB_API const char *web_digest(void)
{
    if (!web.open) return "";
    snprintf(web.digest, sizeof web.digest, "%016llx", (unsigned long long)save_digest(web.input.session.run));
    return web.digest;
}

/* ---- Recordings ------------------------------------------------------------- */

/* Plays the recording at path back rounds times, checkpoints checked:
 * the commands played in all, or -1 (the reason in web_error). With
 * rounds 1 the played run's digest is left for web_replay_digest */
WEB_API int web_replay(const char *path, int rounds)
{
    Replay replay;
    Errors errors = {0};
    long long commands = 0;
    bool read = rep_read_file(&replay, path, &errors), ok = read;
    for (int round = 0; ok && round < rounds; ++round) {
        Playback playback;
        ok = playback_start(&playback, &replay, &web.data, &errors) &&
             playback_finish(&playback, &errors) == PLAYBACK_END;
        commands += playback_total(&playback);
        snprintf(web.digest, sizeof web.digest, "%016llx",
                 (unsigned long long)save_digest(playback_run(&playback)));
        playback_stop(&playback);
    }
    if (!ok) snprintf(web.error, sizeof web.error, "%s", errors.count > 0 ? errors.lines[0] : path);
    if (read) rep_free(&replay);
    errors_clear(&errors);
    return ok ? (int)commands : -1;
}

WEB_API const char *web_replay_digest(void) { return web.digest; }

/* ---- Watching a recording (as amulets --replay FILE in the window) ------------ */

/* Starts watching the recording at path, from its start: the frames show
 * its run (the map, the panel, the log) until web_watch_stop. False with
 * the reason in web_error if it can't be played */
WEB_API int web_watch(const char *path)
{
    web_watch_stop();
    Errors errors = {0};
    bool ok = rep_read_file(&web.watched, path, &errors);
    if (ok && !playback_start(&web.playback, &web.watched, &web.data, &errors)) {
        rep_free(&web.watched);
        ok = false;
    }
    if (!ok) snprintf(web.error, sizeof web.error, "%s", errors.count > 0 ? errors.lines[0] : path);
    errors_clear(&errors);
    web.watching = ok;
    web.watch_ended = false;
    return ok;
}

/* The next command: 0 played, 1 the end (every checkpoint matched), 2 the
 * recording parted from its run (the reason in web_error) */
WEB_API int web_watch_step(void)
{
    if (!web.watching || web.watch_ended) return 1;
    Errors errors = {0};
    PlaybackStep step = playback_step(&web.playback, &errors);
    if (step == PLAYBACK_FAILED) snprintf(web.error, sizeof web.error, "%s", errors.count > 0 ? errors.lines[0] : "");
    errors_clear(&errors);
    web.watch_ended = step != PLAYBACK_STEPPED;
    return step == PLAYBACK_STEPPED ? 0 : step == PLAYBACK_END ? 1 : 2;
}

WEB_API void web_watch_stop(void)
{
    if (!web.watching) return;
    playback_stop(&web.playback);
    rep_free(&web.watched);
    web.watching = false;
}

/* "120/500": where the watching is */
WEB_API const char *web_watch_place(void)
{
    if (!web.watching) return "";
    snprintf(web.place, sizeof web.place, "%d/%d", playback_position(&web.playback), playback_total(&web.playback));
    return web.place;
}

/* The tile view on or off, on any screen (F2 while watching) */
WEB_API void web_views_tiles(int on) { web.input.views.tiles = on != 0; }
