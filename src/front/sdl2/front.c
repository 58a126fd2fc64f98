/* Starting the frontend: finding the font and the tiles, the data-error
 * box, the window's event loop (which waits for events and draws only
 * when something changed), and the headless screenshot. */
#define _POSIX_C_SOURCE 200809L
#include "front.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "palette.h"
#include "playback.h"
#include "save.h"
#include "stop.h"
#include "ui.h"

enum { FONT_PX = 15, MAX_KEYS = 1 << 16 };

static const char *const KNOWN_FONTS[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
};

/* DejaVu Sans Mono: where fontconfig says it is, or one of the places
 * distributions put it */
static bool find_font(char *out, size_t size)
{
    FILE *pipe = popen("fc-match -f '%{file}' 'DejaVu Sans Mono' 2>/dev/null", "r");
    if (pipe != NULL) {
        size_t got = fread(out, 1, size - 1, pipe);
        pclose(pipe);
        out[got] = '\0';
        if (got > 0 && strstr(out, "DejaVuSansMono") != NULL && access(out, R_OK) == 0) return true;
    }
    for (size_t i = 0; i < sizeof KNOWN_FONTS / sizeof KNOWN_FONTS[0]; ++i) {
        if (access(KNOWN_FONTS[i], R_OK) == 0) {
            snprintf(out, size, "%s", KNOWN_FONTS[i]);
            return true;
        }
    }
    return false;
}

static const char *tiles_dir(const FrontOptions *options)
{
    const char *env = getenv("AMULETS_TILES");
    if (options->tiles_dir != NULL) return options->tiles_dir;
    return env != NULL && env[0] != '\0' ? env : TILES_DEFAULT_DIR;
}

static Gfx *open_gfx(const FrontOptions *options, bool headless)
{
    char font[1024], error[512];
    if (options->font_path != NULL) {
        snprintf(font, sizeof font, "%s", options->font_path);
    } else if (!find_font(font, sizeof font)) {
        fprintf(stderr, "amulets: can't find the font DejaVu Sans Mono (Debian's "
                        "fonts-dejavu-core); give one with --font FILE\n");
        return NULL;
    }
    GfxOptions go = {options->width > 0 ? options->width : UI_DEFAULT_W,
                     options->height > 0 ? options->height : UI_DEFAULT_H,
                     "Amulets of SDL", headless, font, FONT_PX};
    Gfx *gfx = gfx_open(&go, error, sizeof error);
    if (gfx == NULL) fprintf(stderr, "amulets: %s\n", error);
    else gfx_set_min_size(gfx, UI_MIN_W, UI_MIN_H);   /* every screen's text fits from there up */
    return gfx;
}

/* Everything the face needs: the data, the pictures, the save's slot */
typedef struct Front {
    Gfx *gfx;
    GameData data;
    Errors errors;
    TileSet *tiles;
    Slot slot;
    Ui *ui;
    const char *heading;   /* what the error box says stopped the start */
} Front;

static void close_front(Front *f)
{
    ui_free(f->ui);
    tiles_free(f->tiles);
    data_free(&f->data);
    errors_clear(&f->errors);
    gfx_close(f->gfx);
}

/* False if the data or the pictures have mistakes (left in f->errors) or
 * something else stopped it (said on stderr) */
static bool open_front(Front *f, const FrontOptions *options, bool headless)
{
    memset(f, 0, sizeof *f);
    f->heading = "The game can't start: its data files have mistakes.";
    f->gfx = open_gfx(options, headless);
    if (f->gfx == NULL) return false;
    if (!data_load_dir(&f->data, options->data_dir, &f->errors)) return false;
    char tiles_txt[4096], error[SLOT_ERROR_SIZE];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", options->data_dir);
    bool builtin = false;
    f->tiles = tiles_load(f->gfx, &f->data, tiles_txt, tiles_dir(options), &f->errors, &builtin);
    if (f->tiles == NULL) return false;
    if (!slot_init(&f->slot, getenv("AMULETS_HOME"), getenv("XDG_DATA_HOME"), getenv("HOME"), error,
                   sizeof error)) {
        fprintf(stderr, "amulets: %s\n", error);
        return false;
    }
    /* a second copy on the same folder touches nothing, and says why in
     * the box that offers only to quit */
    if (!headless && options->replay == NULL && !slot_lock(&f->slot, error, sizeof error)) {
        f->heading = "The game can't start: its run is being played elsewhere.";
        errors_add(&f->errors, "%c%s.", toupper((unsigned char)error[0]), error + 1);
        errors_add(&f->errors, "Quit it there first, or set AMULETS_HOME to play another run.");
        return false;
    }
    /* only the window itself starts by choosing a class: a screenshot
     * plays its keys as the scripted runner does */
    bool window = !headless && options->replay == NULL;
    int class_index = options->class_id != NULL ? data_find_class(&f->data, options->class_id) : 0;
    if (class_index < 0) {
        f->heading = "The game can't start:";
        errors_add(&f->errors, "--class: no class is called '%s'.", options->class_id);
        return false;
    }
    InputSetup setup = {.data = &f->data, .slot = &f->slot, .seed = options->seed, .start_floor = options->floor,
                        .offer_title = true, .class_index = class_index, .choose_class = window,
                        .keys = options->keys, .debug = options->debug, .clock = session_wall_clock};
    f->ui = ui_new(f->gfx, f->tiles, &setup);
    if (f->ui == NULL) return false;
    f->ui->input.views.tiles = options->tile_view;
    f->ui->input.setup.keys = options->keys;
    f->ui->input.autopickup = options->autopickup;
    input_tell(&f->ui->input, options->notes, options->note_count);
    if (builtin) run_tell(f->ui->input.session.run, "The tile pictures weren't found; the tile view draws its own.");
    return true;
}

/* The data's mistakes stop start-up in a box until Esc or the close */
static int show_errors(Front *f)
{
    errors_print(&f->errors, stderr, -1);
    GfxEvent event;
    ui_draw_data_errors(f->gfx, f->heading, &f->errors);
    for (;;) {
        if (!gfx_wait_event(f->gfx, &event, -1)) continue;
        if (event.kind == GFX_QUIT || (event.kind == GFX_KEY && event.key == AK_ESC)) break;
        if (event.kind == GFX_EXPOSE || event.kind == GFX_RESIZE) ui_draw_data_errors(f->gfx, f->heading, &f->errors);
    }
    return 1;
}

/* How long the loop waits for an event before it looks for a signal, and
 * between two steps of auto-explore, travel or rest, so each is seen */
enum { SIGNAL_CHECK_MS = 200, AUTO_STEP_MS = 30 };

int front_window(const FrontOptions *options)
{
    Front f;
    /* before SDL starts: SDL leaves signals alone that are caught already */
    stop_catch();
    if (!open_front(&f, options, false)) {
        int status = f.gfx != NULL && f.errors.count > 0 ? show_errors(&f) : 1;
        close_front(&f);
        return status;
    }
    Ui *ui = f.ui;
    int status = 0;
    while (!ui->quit) {
        if (ui->dirty) ui_draw(ui);
        GfxEvent event;
        bool autoing = input_auto_going(&ui->input);
        bool got = gfx_wait_event(f.gfx, &event, autoing ? AUTO_STEP_MS : SIGNAL_CHECK_MS);
        ui_waited(ui, got ? &event : NULL);
        /* a key pressed during the flight is the next key, not lost */
        while (!ui->quit && ui_animate(ui, &event)) ui_event(ui, &event);
        if (stop_signal() != 0) {
            input_stop(&ui->input);
            status = 128 + stop_signal();   /* as a shell tells of a signal */
            break;
        }
    }
    if (options->closed != NULL) {
        options->closed->tile_view = ui->input.views.tiles;
        gfx_size(f.gfx, &options->closed->width, &options->closed->height);
    }
    close_front(&f);
    return status;
}

/* ---- Screenshots ------------------------------------------------------- */

static void report_layout(const Ui *ui, const char *path)
{
    printf("screenshot %s %dx%d %s\n", path, ui->layout.width, ui->layout.height,
           ui->input.views.tiles ? "tiles" : "glyphs");
    Rect cell, first, last;
    if (ui_cell_rect(ui, (Point){0, 0}, &first) && ui_cell_rect(ui, (Point){MAP_W - 1, MAP_H - 1}, &last)) {
        printf("map %d %d %d %d\n", first.x, first.y, last.x + last.w - first.x, last.y + last.h - first.y);
    }
    Screen screen = input_screen(&ui->input);
    bool map_drawn = screen != SCREEN_TITLE && screen != SCREEN_CLASS && screen != SCREEN_SCORES;
    if (map_drawn && ui_cell_rect(ui, run_player(ui->run)->pos, &cell)) {
        printf("player %d %d %d %d\n", cell.x, cell.y, cell.w, cell.h);
    }
    printf("mode %s\n", input_screen_name(screen));
    if (screen == SCREEN_PACK || screen == SCREEN_MENU || screen == SCREEN_DEAD || screen == SCREEN_WON ||
        screen == SCREEN_INFO) {
        printf("dialog %d %d %d %d\n", ui->dialog.x, ui->dialog.y, ui->dialog.w, ui->dialog.h);
    }
}

/* The data's mistakes stop start-up: the picture is the box that says so */
static int screenshot_errors(Front *f, const char *path)
{
    char error[512];
    errors_print(&f->errors, stderr, -1);
    if (f->gfx == NULL || f->errors.count == 0) return 1;
    ui_draw_data_errors(f->gfx, f->heading, &f->errors);
    if (gfx_save_png(f->gfx, path, error, sizeof error)) {
        int w, h;
        gfx_size(f->gfx, &w, &h);
        printf("screenshot %s %dx%d errors\nmistakes %d\n", path, w, h, f->errors.count);
    }
    return 1;
}

int front_screenshot(const FrontOptions *options)
{
    Front f;
    if (!open_front(&f, options, true)) {
        int status = screenshot_errors(&f, options->screenshot);
        close_front(&f);
        return status;
    }
    static int keys[MAX_KEYS];
    char error[512];
    int count = key_parse(options->play ? options->play : "", keys, MAX_KEYS, error, sizeof error);
    if (count < 0) {
        fprintf(stderr, "amulets: --play: %s\n", error);
        close_front(&f);
        return 2;
    }
    ui_play(f.ui, keys, count);
    ui_draw(f.ui);
    bool saved = gfx_save_png(f.gfx, options->screenshot, error, sizeof error);
    if (saved) report_layout(f.ui, options->screenshot);
    else fprintf(stderr, "amulets: %s\n", error);
    /* the run the keys played, to compare with the scripted runner's */
    if (saved && options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(f.ui->run));
    close_front(&f);
    return saved ? 0 : 1;
}

bool front_check_tiles(const FrontOptions *options, const GameData *data, Errors *errors,
                       bool *builtin)
{
    Gfx *gfx = open_gfx(options, true);
    if (gfx == NULL) return false;
    char tiles_txt[4096];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", options->data_dir);
    TileSet *tiles = tiles_load(gfx, data, tiles_txt, tiles_dir(options), errors, builtin);
    bool ok = tiles != NULL;
    tiles_free(tiles);
    gfx_close(gfx);
    return ok;
}

/* ---- Watching a recording ---------------------------------------------- */

/* Milliseconds between commands, slowest to fastest */
static const int WATCH_DELAYS[] = {1000, 400, 150, 60, 20, 5, 1};
enum { WATCH_SPEEDS = sizeof WATCH_DELAYS / sizeof WATCH_DELAYS[0], WATCH_FIRST_SPEED = 2 };

typedef struct Watch {
    Playback playback;
    Errors errors;
    bool paused, ended;
    int speed;                 /* into WATCH_DELAYS */
    char banner[160];
} Watch;

static void watch_banner(Ui *ui, Watch *w)
{
    const char *state = w->errors.count > 0 ? "parted from the run"
                        : w->ended          ? "the end"
                        : w->paused         ? "paused"
                                            : "playing";
    snprintf(w->banner, sizeof w->banner, "Replay %d/%d, %s, %d/s", playback_position(&w->playback),
             playback_total(&w->playback), state, 1000 / WATCH_DELAYS[w->speed]);
    ui->banner = w->banner;
    ui->run = playback_run(&w->playback);
    ui->dirty = true;
}

static void watch_step(Ui *ui, Watch *w)
{
    if (w->ended) return;
    PlaybackStep step = playback_step(&w->playback, &w->errors);
    if (step != PLAYBACK_STEPPED) w->ended = true;
    if (step == PLAYBACK_FAILED) {
        errors_print(&w->errors, stderr, -1);
    }
    watch_banner(ui, w);
}

/* A key while watching: false to stop */
static bool watch_key(Ui *ui, Watch *w, int key)
{
    switch (key) {
    case AK_ESC: case 'q': return false;
    case ' ': w->paused = !w->paused; break;
    case '.': case AK_RIGHT: w->paused = true; watch_step(ui, w); break;
    case '+': case '=': if (w->speed < WATCH_SPEEDS - 1) ++w->speed; break;
    case '-': if (w->speed > 0) --w->speed; break;
    default:
        if (key >= AK_F1 && key <= AK_F12) ui_key(ui, key);   /* the views */
        break;
    }
    watch_banner(ui, w);
    return true;
}

static void watch_loop(Front *f, Watch *w)
{
    Ui *ui = f->ui;
    for (bool going = true; going && stop_signal() == 0;) {
        if (ui->dirty) ui_draw(ui);
        GfxEvent event;
        int wait = w->paused || w->ended ? SIGNAL_CHECK_MS : WATCH_DELAYS[w->speed];
        if (gfx_wait_event(f->gfx, &event, wait)) {
            if (event.kind == GFX_KEY) going = watch_key(ui, w, event.key);
            else if (event.kind == GFX_QUIT) going = false;
            else if (event.kind == GFX_RESIZE) ui_relayout(ui);
            else if (event.kind == GFX_EXPOSE) ui->dirty = true;
        } else if (!w->paused) {
            watch_step(ui, w);
        }
    }
}

static int watch_headless(Front *f, Watch *w, const FrontOptions *options)
{
    bool played = playback_finish(&w->playback, &w->errors) == PLAYBACK_END;
    errors_print(&w->errors, stderr, -1);
    w->ended = true;
    watch_banner(f->ui, w);
    ui_draw(f->ui);
    char error[512];
    bool saved = gfx_save_png(f->gfx, options->screenshot, error, sizeof error);
    if (saved) report_layout(f->ui, options->screenshot);
    else fprintf(stderr, "amulets: %s\n", error);
    if (saved && options->digest) {
        printf("digest %016llx\n", (unsigned long long)save_digest(playback_run(&w->playback)));
    }
    return saved && played ? 0 : 1;
}

int front_watch(const FrontOptions *options)
{
    Replay replay;
    Errors errors = {0};
    if (!rep_read_file(&replay, options->replay, &errors)) {
        errors_print(&errors, stderr, -1);
        errors_clear(&errors);
        return 1;
    }
    bool headless = options->screenshot != NULL;
    if (!headless) stop_catch();
    Front f;
    static Watch w;
    memset(&w, 0, sizeof w);
    w.speed = WATCH_FIRST_SPEED;
    int status = 1;
    if (!open_front(&f, options, headless)) {
        status = f.gfx != NULL && f.errors.count > 0 && !headless ? show_errors(&f) : 1;
    } else if (!playback_start(&w.playback, &replay, &f.data, &w.errors)) {
        errors_print(&w.errors, stderr, -1);
    } else {
        f.ui->input.on_title = false;   /* a waiting save isn't this film's */
        /* nor is its folder: the views' keys mark and save no run here */
        f.ui->input.setup.slot = f.ui->input.session.slot = f.ui->input.session.recorder.slot = NULL;
        watch_banner(f.ui, &w);
        if (headless) {
            status = watch_headless(&f, &w, options);
        } else {
            watch_loop(&f, &w);
            status = 0;
        }
        playback_stop(&w.playback);
    }
    if (f.ui != NULL) f.ui->run = f.ui->input.session.run;
    close_front(&f);
    errors_clear(&w.errors);
    rep_free(&replay);
    return status;
}
