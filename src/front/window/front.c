/* The window's ways in: the game opened as every frontend opens it
 * (loop.h), the font and the tiles found, the box of mistakes that stop
 * the start, the loop run on the window's frontend table (ui.h), the
 * headless screenshot, and a recording watched. */
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

/* The window at the size asked for, else the size options.txt keeps,
 * else the default */
static Gfx *open_gfx(const FrontOptions *options, const Settings *settings, bool headless)
{
    char font[1024], error[512];
    if (options->font_path != NULL) {
        snprintf(font, sizeof font, "%s", options->font_path);
    } else if (!find_font(font, sizeof font)) {
        fprintf(stderr, "amulets: can't find the font DejaVu Sans Mono (Debian's "
                        "fonts-dejavu-core); give one with --font FILE\n");
        return NULL;
    }
    bool asked = options->width > 0, kept = settings->width > 0 && settings->height > 0;
    GfxOptions go = {asked ? options->width : kept ? settings->width : UI_DEFAULT_W,
                     asked ? options->height : kept ? settings->height : UI_DEFAULT_H,
                     "Amulets of SDL", headless, font, FONT_PX};
    Gfx *gfx = gfx_open(&go, error, sizeof error);
    if (gfx == NULL) fprintf(stderr, "amulets: %s\n", error);
    else gfx_set_min_size(gfx, UI_MIN_W, UI_MIN_H);   /* every screen's text fits from there up */
    return gfx;
}

/* Everything the face needs: the game opened (the data, the save's slot,
 * the player's config, the loop), the window, the pictures */
typedef struct Front {
    LoopFrontend game;
    Gfx *gfx;
    Errors errors;         /* the game's or the pictures' mistakes, for the box */
    TileSet *tiles;
    bool builtin;          /* the tile pictures are the program's own */
    Ui *ui;
    const char *heading;   /* what the error box says stopped the start */
} Front;

static void close_front(Front *f)
{
    ui_free(f->ui);
    tiles_free(f->tiles);
    loop_frontend_close(&f->game);
    errors_clear(&f->errors);
    gfx_close(f->gfx);
}

/* False if the game can't start or the pictures have mistakes (left in
 * f->errors, for the box) or something else stopped it (said on stderr).
 * The game opens first, as options.txt says the window's size */
static bool open_front(Front *f, const FrontOptions *options, const LoopConfig *game, bool headless)
{
    memset(f, 0, sizeof *f);
    bool opened = loop_frontend_open(&f->game, game);
    f->gfx = open_gfx(options, &f->game.config.settings, headless);
    if (f->gfx == NULL) return false;
    if (!opened) {
        f->heading = f->game.heading;
        for (int i = 0; i < f->game.errors.count; ++i) errors_add(&f->errors, "%s", f->game.errors.lines[i]);
        return false;
    }
    f->heading = "The game can't start: its data files have mistakes.";
    char tiles_txt[4096];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", game->data_dir);
    f->tiles = tiles_load(f->gfx, &f->game.data, tiles_txt, tiles_dir(options), &f->errors, &f->builtin);
    if (f->tiles == NULL) return false;
    if (f->builtin) {
        run_tell(f->game.loop.input.session.run, "The tile pictures weren't found; the tile view draws its own.");
    }
    f->ui = ui_new_painter(f->gfx, f->tiles);
    if (f->ui == NULL) fprintf(stderr, "amulets: out of memory\n");
    return f->ui != NULL;
}

/* The game's or the pictures' mistakes stop start-up in a box until Esc
 * or the close */
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

/* options.txt keeps the view and the window's size (in the desktop's
 * units) it closed with, for the next start */
static void remember(Front *f)
{
    int width, height;
    gfx_window_size(f->gfx, &width, &height);
    char error[256];
    if (!config_remember(&f->game.config, f->game.loop.input.views.tiles, width, height, error, sizeof error)) {
        fprintf(stderr, "amulets: the options weren't kept: %s\n", error);
    }
}

int front_window(const FrontOptions *options)
{
    static Front f;   /* a loop holds an explorer: big */
    /* before SDL starts: SDL leaves signals alone that are caught already */
    stop_catch();
    int status = 1;
    if (!open_front(&f, options, &options->game, false)) {
        status = f.gfx != NULL && f.errors.count > 0 ? show_errors(&f) : 1;
    } else {
        Frontend frontend = ui_frontend(f.ui);
        status = loop_run(&f.game.loop, &frontend);
        remember(&f);
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
    static Front f;
    static int keys[MAX_KEYS];
    char error[512];
    int count = key_parse(options->play ? options->play : "", keys, MAX_KEYS, error, sizeof error);
    if (count < 0) {
        fprintf(stderr, "amulets: --play: %s\n", error);
        return 2;
    }
    int status = 1;
    if (!open_front(&f, options, &options->game, true)) {
        status = screenshot_errors(&f, options->screenshot);
    } else {
        input_play(&f.game.loop.input, keys, count);
        status = save_frame(&f, &f.game.loop, options) ? 0 : 1;
    }
    close_front(&f);
    return status;
}

bool front_check_tiles(const FrontOptions *options, const GameData *data, Errors *errors,
                       bool *builtin)
{
    Settings defaults;
    config_default_settings(&defaults);
    Gfx *gfx = open_gfx(options, &defaults, true);
    if (gfx == NULL) return false;
    char tiles_txt[4096];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", options->game.data_dir);
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
    static Front f;
    LoopConfig game = options->game;
    game.replay = &replay;
    int status = 1;
    if (!open_front(&f, options, &game, headless)) {
        if (f.gfx != NULL && f.errors.count > 0 && !headless) status = show_errors(&f);
        else errors_print(&f.errors, stderr, -1);
    } else if (headless) {
        bool played = loop_watch_finish(&f.game.loop);
        status = save_frame(&f, &f.game.loop, options) && played ? 0 : 1;
    } else {
        Frontend frontend = ui_frontend(f.ui);
        loop_run(&f.game.loop, &frontend);
        status = 0;
    }
    close_front(&f);
    rep_free(&replay);
    return status;
}

const FrontWindowApi front_window_api = {
    .window = front_window, .screenshot = front_screenshot, .watch = front_watch,
    .check_tiles = front_check_tiles, .versions = gfx_versions,
};
