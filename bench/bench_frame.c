/* How long one whole frame takes to draw in each view, with the software
 * renderer at the default window size: a floor-5 run in play on the one
 * loop, its keys handed over as the window hands them (loop_dispatch),
 * every frame drawn from scratch by the window's frontend table (the game
 * draws only when something changed, but then draws all of it). */
#ifdef AMULETS_HAVE_SDL
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "front.h"
#include "loop.h"
#include "run_debug.h"
#include "ui.h"

enum { FRAMES = 200 };

static const char *font_path(void)
{
    static const char *const paths[] = {
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; ++i) {
        FILE *file = fopen(paths[i], "rb");
        if (file != NULL) {
            fclose(file);
            return paths[i];
        }
    }
    return paths[0];
}

/* The loop's view, painted by the window's table */
static void paint(Loop *loop, const Frontend *window)
{
    FrontView view;
    loop_view(loop, &view);
    window->paint(window->self, &view);
    loop_painted(loop);
}

/* Medians and worst of FRAMES frames in one view; the run takes a step now
 * and then, so the frames aren't all one picture */
static void frames(Loop *loop, const Frontend *window, bool tiles, const char *name)
{
    static double times[FRAMES];
    if (loop->input.views.tiles != tiles) loop_dispatch(loop, window, &(FrontEvent){.kind = FRONT_KEY, .key = AK_F2});
    paint(loop, window);   /* the first frame makes the view's caches; not timed */
    static const int keys[] = {'h', 'l', 'j', 'k'};
    for (int i = 0; i < FRAMES; ++i) {
        if (i % 10 == 0) loop_step(loop, &(FrontEvent){.kind = FRONT_KEY, .key = keys[(i / 10) % 4]});
        double t0 = bench_now();
        paint(loop, window);
        times[i] = bench_now() - t0;
    }
    double worst = 0;
    for (int i = 0; i < FRAMES; ++i) worst = times[i] > worst ? times[i] : worst;
    printf("RATE frame_%s_median_us %.0f us\n", name, bench_median(times, FRAMES) * 1e6);
    printf("RATE frame_%s_max_us %.0f us\n", name, worst * 1e6);
}

void bench_frames(const BenchFloors *floors)
{
    (void)floors;
    char error[512];
    GfxOptions options = {UI_DEFAULT_W, UI_DEFAULT_H, "bench", true, font_path(), 15};
    Gfx *gfx = gfx_open(&options, error, sizeof error);
    if (gfx == NULL) {
        fprintf(stderr, "bench: %s\n", error);
        return;
    }
    GameData data = {0};
    Errors errors = {0};
    bool builtin = false;
    TileSet *tiles = NULL;
    if (data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors)) {
        tiles = tiles_load(gfx, &data, AMULETS_SOURCE_DIR "/data/tiles.txt", TILES_DEFAULT_DIR,
                           &errors, &builtin);
    }
    static Loop loop;   /* an explorer: big */
    LoopSetup setup = {.input = {.data = &data, .seed = 5, .start_floor = 5, .offer_title = true}};
    bool opened = tiles != NULL && loop_open(&loop, &setup);
    Ui *ui = opened ? ui_new_painter(gfx, tiles) : NULL;
    if (ui != NULL) {
        Frontend window = ui_frontend(ui);
        /* every cell seen, so every frame draws a whole floor's worth */
        Map *map = &run_debug_level(loop.input.session.run)->map;
        for (int i = 0; i < MAP_CELLS; ++i) map->explored[i] = 1;
        frames(&loop, &window, false, "glyph");
        frames(&loop, &window, true, "tile");
        if (builtin) printf("(the tile view drew its built-in pictures)\n");
    } else {
        fprintf(stderr, "bench: the frontend couldn't start%s%s\n", errors.count ? ": " : "",
                errors.count ? errors.lines[0] : "");
    }
    ui_free(ui);
    if (opened) loop_close(&loop);
    tiles_free(tiles);
    data_free(&data);
    errors_clear(&errors);
    gfx_close(gfx);
}
#endif
