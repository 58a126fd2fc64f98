#define _POSIX_C_SOURCE 200809L
/* The mouse looks where the pointer is, as x looks where its cursor is:
 * a pointer resting over the dim mark of a kobold seen there says "You
 * saw a kobold here.", as x does over that cell, also when it came to
 * rest there by the map moving under it (F2 changing the view) rather
 * than by moving itself. ui_pointer_stale says when the input must be
 * told again (the window's frontend asks it before each wait, and hands
 * the loop a move of its own: ui.c), and never while a cursor is up.
 * Played on the one loop as the window plays (window_loop.h). The real
 * window: tests/sdl/hover.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gen.h"
#include "known.h"
#include "runtest.h"
#include "scene.h"
#include "screen.h"
#include "ui.h"
#include "window_loop.h"

static GameData data;

static const char *const ROWS[] = {
    "###########",
    "#@....a...#",
    "#########.#",
    "#.b######.#",
    "#########.#",
    "###########",
    NULL,
};

/* A kobold seen at a, then out of sight (the player went round the
 * corner, and it went to b, unseen): remembered at a */
static Run *remembered_kobold(Point *seen)
{
    Run *run = scene_build(&data, 4, 1, ROWS);
    *seen = scene_find(ROWS, 'a');
    Monster m = gen_monster(&data, data_find_monster(&data, "kobold"), *seen, 0, false);
    m.state = MS_ASLEEP;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
    run_debug_player(run)->pos = (Point){9, 4};
    run_debug_refresh(run);
    run_debug_level(run)->monsters[0].pos = scene_find(ROWS, 'b');
    CHECK_INT(known_cell(run, *seen).remembered, data_find_monster(&data, "kobold"));
    return run;
}

static bool look_says(const Ui *ui, const char *text)
{
    ScreenPanel panel;
    screen_panel(ui->input, ui->run, 30, 60, &panel);
    for (int i = panel.look_first; i < panel.count; ++i) {
        if (strcmp(panel.lines[i].text, text) == 0) return true;
    }
    return false;
}

static WindowLoop window;

static void test_map_moved_under_the_pointer(Gfx *gfx, TileSet *tiles)
{
    LoopSetup setup = {.input = {.data = &data, .seed = 4, .start_floor = 1}};
    WindowLoop *w = &window;
    if (!CHECK(window_loop_open(w, gfx, tiles, &setup))) return;
    Ui *ui = w->ui;
    Point seen;
    run_free(w->loop.input.session.run);
    session_start(&w->loop.input.session, NULL, remembered_kobold(&seen));
    window_loop_paint(w);
    /* x over the cell says what was seen there */
    Point player = run_player(ui->run)->pos;
    window_loop_key(w, 'x');
    for (int i = 0; i < player.x - seen.x; ++i) window_loop_key(w, 'h');
    for (int i = 0; i < player.y - seen.y; ++i) window_loop_key(w, 'k');
    Point cursor;
    CHECK(ui_look_cell(ui, &cursor) && point_eq(cursor, seen));
    CHECK(look_says(ui, "You saw a kobold here."));
    FrontEvent told;
    CHECK(!window_loop_wait(w, &told));   /* the cursor is x's */
    window_loop_key(w, AK_ESC);
    /* the mouse moved onto it says the same */
    Rect glyph;
    CHECK(ui_cell_rect(ui, seen, &glyph));
    window_loop_window(w, (GfxEvent){.kind = GFX_MOUSE_MOVE, .x = glyph.x + 1, .y = glyph.y + 1});
    CHECK(look_says(ui, "You saw a kobold here."));
    CHECK(!window_loop_wait(w, &told));
    /* in the tile view the same pixel is another cell: the pointer rests
     * there, and the look follows it, told before the window's next wait */
    window_loop_key(w, AK_F2);
    if (CHECK(window_loop_wait(w, &told))) {
        CHECK(told.kind == FRONT_POINT && !point_eq(told.cell, seen));
    }
    CHECK(!look_says(ui, "You saw a kobold here."));
    CHECK(!window_loop_wait(w, &told));
    /* back in the glyph view, the pointer rests over the kobold's mark
     * again without moving: the look says so, as x does */
    window_loop_key(w, AK_F2);
    if (CHECK(window_loop_wait(w, &told))) {
        CHECK(told.kind == FRONT_POINT && point_eq(told.cell, seen));
    }
    CHECK(look_says(ui, "You saw a kobold here."));
    CHECK(!window_loop_wait(w, &told));
    /* the pointer gone from the window: nothing is looked at */
    window_loop_window(w, (GfxEvent){.kind = GFX_MOUSE_LEAVE});
    CHECK(!window_loop_wait(w, &told));
    Point looked;
    CHECK(!ui_look_cell(ui, &looked));
    window_loop_close(w);
}

int main(void)
{
    char error[256];
    load_shipped_data(&data);
    GfxOptions options = {UI_MIN_W, UI_MIN_H, "test", true, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 15};
    Gfx *gfx = gfx_open(&options, error, sizeof error);
    if (gfx == NULL) {
        fprintf(stderr, "%s\n", error);
        return EXIT_FAILURE;
    }
    TileSet *tiles = tiles_builtin(gfx, &data);
    if (CHECK(tiles != NULL)) test_map_moved_under_the_pointer(gfx, tiles);
    tiles_free(tiles);
    gfx_close(gfx);
    data_free(&data);
    return check_done("test_pointer");
}
