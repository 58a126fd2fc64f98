#define _POSIX_C_SOURCE 200809L
#include "loop.h"

#include <ctype.h>
#include <string.h>
#include <time.h>

#include "stop.h"

/* ---- The files ------------------------------------------------------------- */

bool loop_files_open(LoopFiles *files, const char *data_dir, const char *store_root, bool lock)
{
    memset(files, 0, sizeof *files);
    files->heading = "The game can't start: its data files have mistakes.";
    if (!data_load_dir(&files->data, data_dir, &files->errors)) return false;
    char error[SLOT_ERROR_SIZE];
    files->heading = "The game can't start:";
    if (!slot_init(&files->slot, store_root, NULL, NULL, error, sizeof error)) {
        errors_add(&files->errors, "%c%s.", toupper((unsigned char)error[0]), error + 1);
        return false;
    }
    /* a second copy on the same folder touches nothing, and says why */
    if (lock && !slot_lock(&files->slot, error, sizeof error)) {
        files->heading = "The game can't start: its run is being played elsewhere.";
        errors_add(&files->errors, "%c%s.", toupper((unsigned char)error[0]), error + 1);
        errors_add(&files->errors, "Quit it there first, or set AMULETS_HOME to play another run.");
        return false;
    }
    return true;
}

void loop_files_close(LoopFiles *files)
{
    slot_unlock(&files->slot);
    data_free(&files->data);
    errors_clear(&files->errors);
}

/* ---- Opening --------------------------------------------------------------- */

bool loop_open(Loop *loop, const LoopSetup *setup)
{
    memset(loop, 0, sizeof *loop);
    loop->dirty = true;
    if (!input_open(&loop->input, &setup->input)) return false;
    loop->input.views.tiles = setup->tile_view;
    loop->input.autopickup = setup->autopickup;
    input_tell(&loop->input, setup->notes, setup->note_count);
    if (setup->builtin_note != NULL) run_tell(loop->input.session.run, setup->builtin_note);
    return true;
}

void loop_close(Loop *loop)
{
    if (loop->watching) playback_stop(&loop->watch.playback);
    loop->watching = false;
    errors_clear(&loop->watch.errors);
    input_free(&loop->input);
}

/* ---- Watching a recording --------------------------------------------------- */

/* Milliseconds between commands, slowest to fastest */
static const int WATCH_DELAYS[] = {1000, 400, 150, 60, 20, 5, 1};
enum { WATCH_SPEEDS = sizeof WATCH_DELAYS / sizeof WATCH_DELAYS[0], WATCH_FIRST_SPEED = 2 };

static void watch_banner(Loop *loop)
{
    LoopWatch *w = &loop->watch;
    const char *state = w->errors.count > 0 ? "parted from the run"
                        : w->ended          ? "the end"
                        : w->paused         ? "paused"
                                            : "playing";
    snprintf(w->banner, sizeof w->banner, "Replay %d/%d, %s, %d/s", playback_position(&w->playback),
             playback_total(&w->playback), state, 1000 / WATCH_DELAYS[w->speed]);
    loop->dirty = true;
}

bool loop_open_watch(Loop *loop, const LoopSetup *setup, const Replay *replay)
{
    /* the recording's run is its own: no title, no class, and no folder,
     * so the views' keys mark and save no run here */
    LoopSetup own = *setup;
    own.input.slot = NULL;
    own.input.offer_title = own.input.choose_class = false;
    if (!loop_open(loop, &own)) return false;
    LoopWatch *w = &loop->watch;
    w->speed = WATCH_FIRST_SPEED;
    if (!playback_start(&w->playback, replay, setup->input.data, &w->errors)) return false;
    loop->watching = true;
    watch_banner(loop);
    return true;
}

static void watch_step(Loop *loop)
{
    LoopWatch *w = &loop->watch;
    if (w->ended) return;
    PlaybackStep step = playback_step(&w->playback, &w->errors);
    if (step != PLAYBACK_STEPPED) w->ended = true;
    if (step == PLAYBACK_FAILED) errors_print(&w->errors, stderr, -1);
    watch_banner(loop);
}

bool loop_watch_finish(Loop *loop)
{
    LoopWatch *w = &loop->watch;
    bool played = playback_finish(&w->playback, &w->errors) == PLAYBACK_END;
    errors_print(&w->errors, stderr, -1);
    w->ended = true;
    watch_banner(loop);
    return played;
}

/* A key while watching: false to stop */
static bool watch_key(Loop *loop, int key)
{
    LoopWatch *w = &loop->watch;
    switch (key) {
    case AK_ESC: case 'q': return false;
    case ' ': w->paused = !w->paused; break;
    case '.': case AK_RIGHT: w->paused = true; watch_step(loop); break;
    case '+': case '=': if (w->speed < WATCH_SPEEDS - 1) ++w->speed; break;
    case '-': if (w->speed > 0) --w->speed; break;
    default:
        if (key >= AK_F1 && key <= AK_F12) input_key(&loop->input, key);   /* the views */
        break;
    }
    watch_banner(loop);
    return true;
}

static void watch_event(Loop *loop, const FrontEvent *event)
{
    switch (event->kind) {
    case FRONT_NONE:
        if (!loop->watch.paused) watch_step(loop);
        break;
    case FRONT_KEY: loop->done = !watch_key(loop, event->key); break;
    case FRONT_QUIT: case FRONT_STOP: loop->done = true; break;
    case FRONT_RESIZE: loop->dirty = true; break;
    case FRONT_POINT: case FRONT_POINT_OFF: case FRONT_CLICK: case FRONT_HIDE: break;
    }
}

/* ---- Playing ------------------------------------------------------------------ */

static void take(Loop *loop, InputResult result)
{
    if (result == INPUT_NEW_RUN) ++loop->run_serial;
    if (result != INPUT_NOTHING) loop->dirty = true;
    if (result == INPUT_QUIT) loop->done = true;
}

static void play_event(Loop *loop, const FrontEvent *event)
{
    Input *input = &loop->input;
    switch (event->kind) {
    case FRONT_NONE: take(loop, input_auto_step(input)); break;
    case FRONT_KEY: take(loop, input_key(input, event->key)); break;
    case FRONT_POINT: take(loop, input_point(input, &event->cell)); break;
    case FRONT_POINT_OFF: take(loop, input_point(input, NULL)); break;
    case FRONT_CLICK: take(loop, input_click(input, event->cell)); break;
    case FRONT_RESIZE: loop->dirty = true; break;
    case FRONT_QUIT: take(loop, input_leave(input)); break;
    case FRONT_HIDE: take(loop, input_keep(input)); break;
    case FRONT_STOP:
        take(loop, input_stop(input));
        loop->status = 128 + event->signal;   /* as a shell tells of a signal */
        break;
    }
}

LoopNext loop_step(Loop *loop, const FrontEvent *event)
{
    static const FrontEvent NONE = {.kind = FRONT_NONE};
    if (event == NULL) event = &NONE;
    if (loop->done) return loop_next(loop);
    if (loop->watching) {
        watch_event(loop, event);
        if (event->kind == FRONT_STOP) loop->status = 128 + event->signal;
        return loop_next(loop);
    }
    play_event(loop, event);
    LoopNext next = loop_next(loop);
    next.drop_keys = event->kind == FRONT_KEY && input_take_alarm(&loop->input);
    return next;
}

LoopNext loop_next(const Loop *loop)
{
    LoopNext next = {.paint = loop->dirty, .wait_ms = -1, .done = loop->done};
    const LoopWatch *w = &loop->watch;
    if (loop->done) return next;
    if (loop->watching && !w->paused && !w->ended) next.wait_ms = WATCH_DELAYS[w->speed];
    if (!loop->watching && input_auto_going(&loop->input)) next.wait_ms = LOOP_AUTO_STEP_MS;
    return next;
}

void loop_view(const Loop *loop, FrontView *out)
{
    out->input = &loop->input;
    out->run = loop->watching ? playback_run(&loop->watch.playback) : loop->input.session.run;
    out->banner = loop->watching ? loop->watch.banner : NULL;
    out->run_serial = loop->run_serial;
    out->watching = loop->watching;
}

void loop_painted(Loop *loop)
{
    loop->dirty = false;
}

/* ---- Waiting, for the frontends that can ------------------------------------ */

uint64_t loop_clock_ms(void *self)
{
    (void)self;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

static void paint(Loop *loop, const Frontend *frontend)
{
    FrontView view;
    loop_view(loop, &view);
    frontend->paint(frontend->self, &view);
    loop_painted(loop);
}

/* The wait until the timer is due, never past the next look for a signal */
static int wait_for(const Frontend *frontend, bool timed, uint64_t due)
{
    if (!timed) return LOOP_SIGNAL_CHECK_MS;
    uint64_t now = frontend->now_ms(frontend->self);
    uint64_t left = due > now ? due - now : 0;
    return left < LOOP_SIGNAL_CHECK_MS ? (int)left : LOOP_SIGNAL_CHECK_MS;
}

int loop_run(Loop *loop, const Frontend *frontend)
{
    LoopNext next = loop_next(loop);
    bool timed = next.wait_ms >= 0;
    uint64_t due = frontend->now_ms(frontend->self) + (uint64_t)(timed ? next.wait_ms : 0);
    while (!next.done) {
        if (next.paint) paint(loop, frontend);
        next.paint = false;
        FrontEvent event = {.kind = FRONT_NONE};
        bool got = frontend->wait(frontend->self, wait_for(frontend, timed, due), &event);
        uint64_t now = frontend->now_ms(frontend->self);
        if (stop_signal() != 0) {
            if (frontend->leaving != NULL) frontend->leaving(frontend->self);
            event = (FrontEvent){.kind = FRONT_STOP, .signal = stop_signal()};
        } else if (!got && !(timed && now >= due)) {
            input_idle(&loop->input);   /* the journal flushed, if it's time */
            continue;   /* only the look for a signal */
        }
        bool was_timed = timed;
        next = loop_step(loop, got || event.kind == FRONT_STOP ? &event : NULL);
        if (next.drop_keys && frontend->drop_keys != NULL) frontend->drop_keys(frontend->self);
        /* an event keeps the timer's time; the timer itself sets the next */
        timed = next.wait_ms >= 0;
        uint64_t again = now + (uint64_t)(timed ? next.wait_ms : 0);
        if (!was_timed || !got || again < due) due = again;
    }
    return loop->status;
}
