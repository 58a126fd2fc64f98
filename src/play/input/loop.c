#define _POSIX_C_SOURCE 200809L
#include "loop.h"

#include <ctype.h>
#include <string.h>
#include <time.h>

#include "stop.h"

/* ---- Opening --------------------------------------------------------------- */

bool loop_open(Loop *loop, const LoopSetup *setup)
{
    memset(loop, 0, sizeof *loop);
    loop->dirty = true;
    if (!input_open(&loop->input, &setup->input)) return false;
    loop->input.views.tiles = setup->tile_view;
    loop->input.autopickup = setup->autopickup;
    loop->flight_delay = setup->flight_delay;
    /* what the run brought up already (a journal played again) flew before */
    loop->flight.serial = run_events(loop->input.session.run)->serial;
    input_tell(&loop->input, setup->notes, setup->note_count);
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

/* A choice made on a dialog (the pack, with the letter chosen; an aim,
 * its line to the cell) is shown on it for a beat before it's carried
 * out, as the player saw it: the recording holds only the choice. True
 * if the beat is now */
static bool show_choice(Loop *loop)
{
    LoopWatch *w = &loop->watch;
    Dialog dialog;
    Point cell = loop->input.cursor;
    Command next;
    bool beat = !w->choice_shown && playback_next(&w->playback, &next) &&
                dialog_of_choice(playback_run(&w->playback), next, &dialog, &cell);
    loop->input.dialog = beat ? dialog : dialog_none();
    loop->input.cursor = cell;
    w->choice_shown = beat;
    return beat;
}

static void watch_step(Loop *loop)
{
    LoopWatch *w = &loop->watch;
    if (w->ended) return;
    if (show_choice(loop)) {
        watch_banner(loop);
        return;
    }
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
    loop->input.dialog = dialog_none();
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

/* ---- A flight --------------------------------------------------------------------- */

enum { FLASH_FRAMES = 4, HIT_FRAMES = 2 };

/* How many frames an event shows */
static int frames_of(const RunEvent *e)
{
    switch (e->kind) {
    case EV_MISSILE: case EV_BOLT: case EV_BREATH: return e->count;
    case EV_BURST: return FLASH_FRAMES;
    case EV_HIT: return HIT_FRAMES;
    }
    return 0;
}

/* A frame's cells that the player sees: a missile a cell at a time, a
 * bolt or a breath growing along its line, a burst or a hit whole */
static void frame_cells(const Run *run, const RunEvent *e, int frame, FrontFlight *out)
{
    bool grows = e->kind == EV_MISSILE || e->kind == EV_BOLT || e->kind == EV_BREATH;
    int first = e->kind == EV_MISSILE ? frame : 0, last = grows ? frame : e->count - 1;
    out->glyph = e->glyph;
    out->color = e->color;
    out->count = 0;
    for (int i = first; i <= last && i < e->count; ++i) {
        if (run_sees(run, e->cells[i])) out->cells[out->count++] = e->cells[i];
    }
}

/* The next frame that shows anything, after the one up: false, the
 * flight over, if there's none */
static bool flight_advance(Loop *loop)
{
    LoopFlight *f = &loop->flight;
    const Run *run = loop->input.session.run;
    const RunEvents *events = run_events(run);
    bool was = f->flying;
    f->flying = false;
    for (++f->frame; f->event < events->count && !f->flying; ++f->event, f->frame = 0) {
        const RunEvent *e = &events->list[f->event];
        for (; f->frame < frames_of(e) && !f->flying; ++f->frame) {
            frame_cells(run, e, f->frame, &f->shown);
            f->flying = f->shown.count > 0;
        }
        if (f->flying) {
            --f->frame;   /* the loops' steps went one past it */
            break;
        }
    }
    if (was || f->flying) loop->dirty = true;
    return f->flying;
}

/* What the last command set flying, if it's news: its first frame up */
static void flight_begin(Loop *loop)
{
    LoopFlight *f = &loop->flight;
    unsigned serial = run_events(loop->input.session.run)->serial;
    if (serial == f->serial) return;
    f->serial = serial;
    if (loop->flight_delay <= 0) return;
    f->event = 0;
    f->frame = -1;
    flight_advance(loop);
}

static void flight_end(Loop *loop)
{
    if (loop->flight.flying) loop->dirty = true;
    loop->flight.flying = false;
}

/* ---- Playing ------------------------------------------------------------------ */

static void take(Loop *loop, InputResult result)
{
    if (result == INPUT_NEW_RUN) {
        ++loop->run_serial;
        /* another run's list: nothing of it flies */
        loop->flight.serial = run_events(loop->input.session.run)->serial;
        flight_end(loop);
    }
    if (result != INPUT_NOTHING) loop->dirty = true;
    if (result == INPUT_QUIT) loop->done = true;
}

/* A pointer's move or a new size leaves a flight flying; anything else
 * the player does ends it first, and is then taken as ever */
static bool ends_flight(FrontEventKind kind)
{
    return kind != FRONT_NONE && kind != FRONT_POINT && kind != FRONT_POINT_OFF && kind != FRONT_RESIZE;
}

static void play_event(Loop *loop, const FrontEvent *event)
{
    Input *input = &loop->input;
    if (loop->flight.flying && event->kind == FRONT_NONE) {
        flight_advance(loop);   /* its time passed: the next frame */
        return;
    }
    if (ends_flight(event->kind)) flight_end(loop);
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
    if (!loop->done) flight_begin(loop);
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
    if (loop->watching) return next;
    if (loop->flight.flying) next.wait_ms = loop->flight_delay;
    else if (input_auto_going(&loop->input)) next.wait_ms = LOOP_AUTO_STEP_MS;
    return next;
}

void loop_view(const Loop *loop, FrontView *out)
{
    out->input = &loop->input;
    out->run = loop->watching ? playback_run(&loop->watch.playback) : loop->input.session.run;
    out->banner = loop->watching ? loop->watch.banner : NULL;
    out->run_serial = loop->run_serial;
    out->watching = loop->watching;
    out->flight = !loop->watching && loop->flight.flying ? &loop->flight.shown : NULL;
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

void loop_show(Loop *loop, const Frontend *frontend)
{
    if (loop->dirty && !loop->done) paint(loop, frontend);
}

LoopNext loop_dispatch(Loop *loop, const Frontend *frontend, const FrontEvent *event)
{
    LoopNext next = loop_step(loop, event);
    if (next.drop_keys && frontend->drop_keys != NULL) frontend->drop_keys(frontend->self);
    if (next.paint && !next.done) paint(loop, frontend);
    return next;
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
    loop_show(loop, frontend);
    while (!next.done) {
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
        next = loop_dispatch(loop, frontend, got || event.kind == FRONT_STOP ? &event : NULL);
        /* an event keeps the timer's time; the timer itself sets the next */
        timed = next.wait_ms >= 0;
        uint64_t again = now + (uint64_t)(timed ? next.wait_ms : 0);
        if (!was_timed || !got || again < due) due = again;
    }
    return loop->status;
}

/* ---- Opening a frontend --------------------------------------------------------- */

/* A reason as a sentence: a capital, a full stop */
static void add_reason(Errors *errors, const char *reason)
{
    errors_add(errors, "%c%s.", toupper((unsigned char)reason[0]), reason + 1);
}

/* The save's slot, on the store given or the folder, locked if asked */
static bool open_slot(LoopFrontend *front, const LoopConfig *config)
{
    char error[SLOT_ERROR_SIZE];
    front->heading = "The game can't start:";
    front->slot_open = config->store.ops != NULL
                           ? slot_init_store(&front->slot, config->store, error, sizeof error)
                           : slot_init(&front->slot, config->store_root, NULL, NULL, error, sizeof error);
    if (!front->slot_open) {
        add_reason(&front->errors, error);
        return false;
    }
    /* a second copy on the same folder touches nothing, and says why */
    if (config->lock && !slot_lock(&front->slot, error, sizeof error)) {
        front->heading = "The game can't start: its run is being played elsewhere.";
        add_reason(&front->errors, error);
        errors_add(&front->errors, "Quit it there first, or set AMULETS_HOME to play another run.");
        return false;
    }
    return true;
}

/* The player's keys.txt and options.txt, where the frontend keeps them;
 * their mistakes said on stderr (the game's log tells them too) */
static void read_config(LoopFrontend *front, const LoopConfig *config)
{
    PlayerConfig *c = &front->config;
    if (config->config == LOOP_CONFIG_FOLDER) config_load(c, config->config_dir, (Store){0});
    else if (config->config == LOOP_CONFIG_STORE) config_load(c, NULL, config->store);
    else config_defaults(c);
    if (c->mistakes.count == 0) return;
    fprintf(stderr, "amulets: mistakes in the config files (each keeps its default):\n");
    errors_print(&c->mistakes, stderr, -1);
}

static LoopSetup setup_of(LoopFrontend *front, const LoopConfig *config, int class_index)
{
    const PlayerConfig *c = &front->config;
    bool own = config->config != LOOP_CONFIG_NONE;
    return (LoopSetup){
        .input = {.data = &front->data, .slot = front->slot_open ? &front->slot : NULL, .seed = config->seed,
                  .start_floor = config->floor, .offer_title = true, .class_index = class_index,
                  .choose_class = config->choose_class, .keys = own ? &c->keys : NULL, .debug = config->debug,
                  .clock = session_wall_clock},
        .tile_view = config->view_given ? config->tile_view : c->settings.tile_view,
        .autopickup = own ? &c->settings.autopickup : NULL,
        .notes = (const char *const *)c->notes.lines,
        .note_count = c->notes.count,
        .flight_delay = c->settings.flight_delay,
    };
}

/* The loop on its first screen, or watching the recording */
static bool open_loop(LoopFrontend *front, const LoopConfig *config, int class_index)
{
    LoopSetup setup = setup_of(front, config, class_index);
    front->loop_open = config->replay != NULL ? loop_open_watch(&front->loop, &setup, config->replay)
                                              : loop_open(&front->loop, &setup);
    if (front->loop_open) return true;
    const Errors *why = &front->loop.watch.errors;
    front->heading = config->replay != NULL && why->count > 0 ? "The recording can't be watched:" : "The game can't start:";
    if (config->replay != NULL && why->count > 0) {
        for (int i = 0; i < why->count; ++i) errors_add(&front->errors, "%s", why->lines[i]);
    } else {
        errors_add(&front->errors, "Out of memory.");
    }
    loop_close(&front->loop);
    return false;
}

bool loop_frontend_open(LoopFrontend *front, const LoopConfig *config)
{
    memset(front, 0, sizeof *front);
    read_config(front, config);
    front->heading = "The game can't start: its data files have mistakes.";
    if (!data_load_dir(&front->data, config->data_dir, &front->errors)) return false;
    /* a recording watched plays no run of the player's: no save folder is
     * opened, or made */
    if (config->replay == NULL && !open_slot(front, config)) return false;
    int class_index = config->class_id != NULL ? data_find_class(&front->data, config->class_id) : 0;
    if (class_index < 0) {
        front->heading = "The game can't start:";
        errors_add(&front->errors, "--class: no class is called '%s'.", config->class_id);
        return false;
    }
    return open_loop(front, config, class_index);
}

void loop_frontend_close(LoopFrontend *front)
{
    if (front->loop_open) loop_close(&front->loop);
    front->loop_open = false;
    if (front->slot_open) slot_unlock(&front->slot);
    front->slot_open = false;
    data_free(&front->data);
    config_free(&front->config);
    errors_clear(&front->errors);
}
