#define _POSIX_C_SOURCE 200809L
/* The mouse looks where the pointer is, as x looks where its cursor is:
 * a pointer resting over the dim mark of a kobold seen there says "You
 * saw a kobold here.", as x does over that cell, also when it came to
 * rest there by the map moving under it (F2 changing the view) rather
 * than by moving itself. ui_pointer_stale says when the input must be
 * told again (the window's loop asks it before each wait: front.c), and
 * never while a cursor is up. The real window: tests/sdl/hover.sh. */
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

static void test_map_moved_under_the_pointer(Gfx *gfx, TileSet *tiles)
{
    InputSetup setup = {.data = &data, .seed = 4, .start_floor = 1};
    Ui *ui = ui_new(gfx, tiles, &setup);
    if (!CHECK(ui != NULL)) return;
    Point seen;
    run_free(ui->own->session.run);
    session_start(&ui->own->session, NULL, remembered_kobold(&seen));
    ui->run = ui->own->session.run;
    ui_draw(ui);
    /* x over the cell says what was seen there */
    Point player = run_player(ui->run)->pos;
    ui_key(ui, 'x');
    for (int i = 0; i < player.x - seen.x; ++i) ui_key(ui, 'h');
    for (int i = 0; i < player.y - seen.y; ++i) ui_key(ui, 'k');
    Point cursor;
    CHECK(ui_look_cell(ui, &cursor) && point_eq(cursor, seen));
    CHECK(look_says(ui, "You saw a kobold here."));
    bool on_map;
    Point cell;
    CHECK(!ui_pointer_stale(ui, &on_map, &cell));   /* the cursor is x's */
    ui_key(ui, AK_ESC);
    /* the mouse moved onto it says the same */
    Rect glyph;
    CHECK(ui_cell_rect(ui, seen, &glyph));
    ui_mouse(ui, glyph.x + 1, glyph.y + 1);
    CHECK(look_says(ui, "You saw a kobold here."));
    CHECK(!ui_pointer_stale(ui, &on_map, &cell));
    /* in the tile view the same pixel is another cell: the pointer rests
     * there, and the look follows it */
    ui_key(ui, AK_F2);
    ui_draw(ui);
    if (CHECK(ui_pointer_stale(ui, &on_map, &cell))) {
        CHECK(on_map && !point_eq(cell, seen));
        ui_point(ui, on_map ? &cell : NULL);
    }
    CHECK(!look_says(ui, "You saw a kobold here."));
    CHECK(!ui_pointer_stale(ui, &on_map, &cell));
    /* back in the glyph view, the pointer rests over the kobold's mark
     * again without moving: the look says so, as x does */
    ui_key(ui, AK_F2);
    ui_draw(ui);
    if (CHECK(ui_pointer_stale(ui, &on_map, &cell))) {
        CHECK(on_map && point_eq(cell, seen));
        ui_point(ui, &cell);
    }
    CHECK(look_says(ui, "You saw a kobold here."));
    CHECK(!ui_pointer_stale(ui, &on_map, &cell));
    /* the pointer gone from the window: nothing is looked at */
    ui_mouse_left(ui);
    CHECK(!ui_pointer_stale(ui, &on_map, &cell));
    Point looked;
    CHECK(!ui_look_cell(ui, &looked));
    ui_free(ui);
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
