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

#include "loop.h"
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
    return tilecheck_dir(options->tiles_dir);
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

/* Everything the face needs: the data, the save's slot, the pictures */
typedef struct Front {
    Gfx *gfx;
    LoopFiles files;
    bool files_open;       /* the data and the slot (loop_files_open) */
    bool data_only;        /* a recording watched: the data alone */
    Errors errors;         /* the pictures' mistakes, or the files' */
    TileSet *tiles;
    bool builtin;          /* the tile pictures are the program's own */
    Ui *ui;
    const char *heading;   /* what the error box says stopped the start */
    GfxEvent pending;      /* a key pressed during a flight, for the next wait */
    bool has_pending;
    bool watching;         /* the last view painted was a recording's */
} Front;

static void close_front(Front *f)
{
    ui_free(f->ui);
    tiles_free(f->tiles);
    if (f->files_open) loop_files_close(&f->files);
    if (f->data_only) data_free(&f->files.data);
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
    if (options->replay != NULL) {
        /* a recording watched plays no run of the player's: it reads the
         * data alone, and no save folder is opened (or made) */
        f->data_only = true;
        if (!data_load_dir(&f->files.data, options->data_dir, &f->errors)) return false;
    } else {
        /* a second copy on the same folder touches nothing, and says why
         * in the box that offers only to quit */
        f->files_open = true;
        if (!loop_files_open(&f->files, options->data_dir, options->store_root, !headless)) {
            f->heading = f->files.heading;
            for (int i = 0; i < f->files.errors.count; ++i) errors_add(&f->errors, "%s", f->files.errors.lines[i]);
            return false;
        }
    }
    char tiles_txt[4096];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", options->data_dir);
    f->tiles = tiles_load(f->gfx, &f->files.data, tiles_txt, tiles_dir(options), &f->errors, &f->builtin);
    return f->tiles != NULL;
}

/* The class a screenshot's run starts as, or -1 (said in the box) */
static int screenshot_class(Front *f, const FrontOptions *options)
{
    int class_index = options->class_id != NULL ? data_find_class(&f->files.data, options->class_id) : 0;
    if (class_index < 0) {
        f->heading = "The game can't start:";
        errors_add(&f->errors, "--class: no class is called '%s'.", options->class_id);
    }
    return class_index;
}

/* The input a way in starts with; only the window itself starts by
 * choosing a class: a screenshot plays its keys as the scripted runner does */
static LoopSetup loop_setup(Front *f, const FrontOptions *options, int class_index, bool window)
{
    return (LoopSetup){
        .input = {.data = &f->files.data, .slot = &f->files.slot, .seed = options->seed,
                  .start_floor = options->floor, .offer_title = true, .class_index = class_index,
                  .choose_class = window, .keys = options->keys, .debug = options->debug,
                  .clock = session_wall_clock},
        .tile_view = options->tile_view, .autopickup = options->autopickup, .notes = options->notes,
        .note_count = options->note_count,
        .builtin_note = f->builtin ? "The tile pictures weren't found; the tile view draws its own." : NULL,
    };
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

/* ---- The window as a frontend of the loop (frontend.h) ---------------- */

static void window_paint(void *self, const FrontView *view)
{
    Front *f = self;
    Ui *ui = f->ui;
    ui_show(ui, view);
    f->watching = view->watching;
    ui_draw(ui);
    /* what the last command set flying; a key pressed during the flight
     * is the next key, not lost */
    GfxEvent pending;
    if (!view->watching && !f->has_pending && ui_animate(ui, &pending)) {
        f->pending = pending;
        f->has_pending = true;
    }
    if (ui->dirty) ui_draw(ui);
}

/* The window's event as the loop's; false for one it has no use for */
static bool window_event(Front *f, const GfxEvent *event, FrontEvent *out)
{
    Point cell = {0, 0};   /* off the map: no cell */
    switch (event->kind) {
    case GFX_KEY: *out = (FrontEvent){.kind = FRONT_KEY, .key = event->key}; return true;
    case GFX_MOUSE_MOVE:
        ui_pointer_at(f->ui, event->x, event->y);
        *out = (FrontEvent){.kind = ui_map_cell_at(f->ui, event->x, event->y, &cell) ? FRONT_POINT : FRONT_POINT_OFF,
                            .cell = cell};
        return true;
    case GFX_MOUSE_CLICK:
        *out = (FrontEvent){.kind = FRONT_CLICK, .cell = cell};
        return ui_map_cell_at(f->ui, event->x, event->y, &out->cell);
    case GFX_MOUSE_LEAVE:
        ui_pointer_gone(f->ui);
        *out = (FrontEvent){.kind = FRONT_POINT_OFF};
        return true;
    case GFX_RESIZE: ui_relayout(f->ui); *out = (FrontEvent){.kind = FRONT_RESIZE}; return true;
    case GFX_EXPOSE: *out = (FrontEvent){.kind = FRONT_RESIZE}; return true;
    case GFX_QUIT: *out = (FrontEvent){.kind = FRONT_QUIT}; return true;
    case GFX_NONE: break;
    }
    return false;
}

static bool window_wait(void *self, int timeout_ms, FrontEvent *out)
{
    Front *f = self;
    GfxEvent event;
    bool on_map;
    Point cell = {0, 0};
    /* what the pointer rests on now, if the map moved under it since the
     * input was last told: before any wait, as a move of its own */
    if (!f->watching && ui_pointer_stale(f->ui, &on_map, &cell)) {
        *out = (FrontEvent){.kind = on_map ? FRONT_POINT : FRONT_POINT_OFF, .cell = cell};
        return true;
    }
    if (f->has_pending) {
        f->has_pending = false;
        event = f->pending;
    } else if (!gfx_wait_event(f->gfx, &event, timeout_ms)) {
        return false;
    }
    return window_event(f, &event, out);
}

static void window_drop_keys(void *self)
{
    Front *f = self;
    gfx_drop_keys(f->gfx);
}

static int run_window(Front *f, Loop *loop, const FrontOptions *options)
{
    f->ui = ui_new_painter(f->gfx, f->tiles);
    if (f->ui == NULL) return 1;
    Frontend frontend = {.self = f, .paint = window_paint, .wait = window_wait, .now_ms = loop_clock_ms,
                         .drop_keys = window_drop_keys, .store_root = options->store_root};
    return loop_run(loop, &frontend);
}

int front_window(const FrontOptions *options)
{
    Front f;
    /* before SDL starts: SDL leaves signals alone that are caught already */
    stop_catch();
    static Loop loop;   /* an Input holds an Explorer: big */
    int status = 1;
    if (!open_front(&f, options, false)) {
        status = f.gfx != NULL && f.errors.count > 0 ? show_errors(&f) : 1;
    } else {
        LoopSetup setup = loop_setup(&f, options, screenshot_class(&f, options), true);
        if (setup.input.class_index < 0) {
            status = show_errors(&f);
        } else if (!loop_open(&loop, &setup)) {
            fprintf(stderr, "amulets: out of memory\n");
        } else {
            status = run_window(&f, &loop, options);
            if (options->closed != NULL) {
                options->closed->tile_view = loop.input.views.tiles;
                /* in the desktop's units, the size the next start opens at */
                gfx_window_size(f.gfx, &options->closed->width, &options->closed->height);
            }
            loop_close(&loop);
        }
    }
    close_front(&f);
    return status;
}

/* ---- Screenshots ------------------------------------------------------- */

static void report_layout(const Ui *ui, const char *path)
{
    printf("screenshot %s %dx%d %s\n", path, ui->layout.width, ui->layout.height,
           ui->input->views.tiles ? "tiles" : "glyphs");
    Rect cell, first, last;
    if (ui_cell_rect(ui, (Point){0, 0}, &first) && ui_cell_rect(ui, (Point){MAP_W - 1, MAP_H - 1}, &last)) {
        printf("map %d %d %d %d\n", first.x, first.y, last.x + last.w - first.x, last.y + last.h - first.y);
    }
    Screen screen = input_screen(ui->input);
    bool map_drawn = input_screen_traits(screen)->over_map;
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

/* The loop a screenshot or a watched recording starts with; false if it
 * can't (said in f->errors, or on stderr) */
static bool open_loop(Front *f, Loop *loop, const FrontOptions *options, const Replay *replay)
{
    LoopSetup setup = loop_setup(f, options, screenshot_class(f, options), false);
    if (setup.input.class_index < 0) return false;
    bool opened = replay != NULL ? loop_open_watch(loop, &setup, replay) : loop_open(loop, &setup);
    if (!opened && replay != NULL) errors_print(&loop->watch.errors, stderr, -1);
    if (!opened && replay == NULL) fprintf(stderr, "amulets: out of memory\n");
    f->ui = opened ? ui_new_painter(f->gfx, f->tiles) : NULL;
    return f->ui != NULL;
}

/* The loop's last frame into the PNG, and what's where in it */
static bool save_frame(Front *f, const Loop *loop, const FrontOptions *options)
{
    FrontView view;
    loop_view(loop, &view);
    ui_show(f->ui, &view);
    ui_draw(f->ui);
    char error[512];
    bool saved = gfx_save_png(f->gfx, options->screenshot, error, sizeof error);
    if (saved) report_layout(f->ui, options->screenshot);
    else fprintf(stderr, "amulets: %s\n", error);
    /* the run the keys played, to compare with the scripted runner's */
    if (saved && options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(view.run));
    return saved;
}

int front_screenshot(const FrontOptions *options)
{
    Front f;
    static Loop loop;
    static int keys[MAX_KEYS];
    char error[512];
    int count = key_parse(options->play ? options->play : "", keys, MAX_KEYS, error, sizeof error);
    if (count < 0) {
        fprintf(stderr, "amulets: --play: %s\n", error);
        return 2;
    }
    int status = 1;
    if (!open_front(&f, options, true) || !open_loop(&f, &loop, options, NULL)) {
        status = screenshot_errors(&f, options->screenshot);
    } else {
        input_play(&loop.input, keys, count);
        status = save_frame(&f, &loop, options) ? 0 : 1;
    }
    if (f.ui != NULL) loop_close(&loop);
    close_front(&f);
    return status;
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
    static Loop loop;
    int status = 1;
    if (!open_front(&f, options, headless)) {
        status = f.gfx != NULL && f.errors.count > 0 && !headless ? show_errors(&f) : 1;
    } else if (open_loop(&f, &loop, options, &replay)) {
        if (headless) {
            bool played = loop_watch_finish(&loop);
            status = save_frame(&f, &loop, options) && played ? 0 : 1;
        } else {
            Frontend frontend = {.self = &f, .paint = window_paint, .wait = window_wait,
                                 .now_ms = loop_clock_ms, .store_root = NULL};
            loop_run(&loop, &frontend);
            status = 0;
        }
    }
    if (f.ui != NULL) loop_close(&loop);
    close_front(&f);
    rep_free(&replay);
    return status;
}

const FrontWindowApi front_window_api = {
    .window = front_window, .screenshot = front_screenshot, .watch = front_watch,
    .check_tiles = front_check_tiles, .versions = gfx_versions,
};
