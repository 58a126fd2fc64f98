#define _POSIX_C_SOURCE 200809L
/* The window on the one loop, headless (window_loop.h: the loop, the
 * window's frontend table, its events made the loop's): its keys reach
 * the input (test_input.c checks what they mean) and it draws every state
 * they lead to: the title screen's choices and what becomes of the save,
 * closing the window mid-run (saved) and on the death screen (not), the
 * victory screen, looking with x and with the mouse over a cell's pixels
 * (no turn passes), a click travelling a step per timer, the debugging
 * keys stepping through their views, and an arrow's flight drawn frame by
 * frame on the loop's timer, a key ending it and taken at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "explore.h"
#include "heed.h"
#include "known.h"
#include "run_debug.h"
#include "save.h"
#include "scene.h"
#include "tune.h"
#include "ui.h"
#include "window_loop.h"

typedef struct Fixture {
    Gfx *gfx;
    GameData data;
    TileSet *tiles;
    Slot slot;
    char dir[256];
} Fixture;

static bool open_fixture(Fixture *f)
{
    memset(f, 0, sizeof *f);
    char error[256];
    GfxOptions options = {UI_DEFAULT_W, UI_DEFAULT_H, "test", true,
                          "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 15};
    f->gfx = gfx_open(&options, error, sizeof error);
    Errors errors = {0};
    bool builtin;
    bool ok = f->gfx != NULL && data_load_dir(&f->data, AMULETS_SOURCE_DIR "/data", &errors);
    if (ok) f->tiles = tiles_builtin(f->gfx, &f->data);
    errors_clear(&errors);
    (void)builtin;
    snprintf(f->dir, sizeof f->dir, "/tmp/amulets-test-ui-XXXXXX");
    ok = ok && f->tiles != NULL && mkdtemp(f->dir) != NULL;
    return ok && slot_init(&f->slot, f->dir, NULL, NULL, error, sizeof error);
}

static void close_fixture(Fixture *f)
{
    unlink(f->slot.save);
    unlink(f->slot.bad);
    rmdir(f->dir);
    tiles_free(f->tiles);
    data_free(&f->data);
    gfx_close(f->gfx);
}

static WindowLoop window;

static LoopSetup setup_of(Fixture *f, uint64_t seed, int floor)
{
    return (LoopSetup){.input = {.data = &f->data, .slot = &f->slot, .seed = seed, .start_floor = floor,
                                 .offer_title = true, .debug = true},   /* --debug */
                       .flight_delay = SETTINGS_FLIGHT_DELAY};
}

static WindowLoop *open_window(Fixture *f, uint64_t seed, int floor)
{
    LoopSetup setup = setup_of(f, seed, floor);
    CHECK(window_loop_open(&window, f->gfx, f->tiles, &setup));
    return &window;
}

static Input *input_of(WindowLoop *w) { return &w->loop.input; }

/* Esc's menu saves and quits; the next start is on the title screen;
 * C continues the same run */
static void save_and_continue(Fixture *f)
{
    WindowLoop *w = open_window(f, 31, 2);
    window_loop_keys(w, "hhjj");
    uint64_t before = save_digest(window_loop_run(w));
    window_loop_key(w, AK_ESC);
    CHECK_INT(input_screen(input_of(w)), SCREEN_MENU);
    LoopNext next = window_loop_key(w, 'S');   /* the menu's keys are capitals */
    CHECK(next.done && slot_has_save(&f->slot));
    window_loop_close(w);

    w = open_window(f, 99, 1);
    CHECK(input_of(w)->on_title);
    window_loop_key(w, 'c');
    CHECK(!input_of(w)->on_title);
    CHECK(save_digest(window_loop_run(w)) == before);
    CHECK(slot_has_save(&f->slot));   /* kept: the checkpoint a crash returns to */
    window_loop_close(w);

    /* N plays the new run and deletes the save; Esc quits and keeps it */
    w = open_window(f, 99, 1);
    CHECK(window_loop_key(w, AK_ESC).done && slot_has_save(&f->slot));
    window_loop_close(w);
    w = open_window(f, 99, 1);
    window_loop_key(w, 'n');
    CHECK(!input_of(w)->on_title);
    CHECK(!slot_has_save(&f->slot));
    window_loop_close(w);
}

/* A damaged save: C shows why and sets it aside; C can't be pressed again */
static void damaged_save(Fixture *f)
{
    FILE *file = fopen(f->slot.save, "w");
    if (file == NULL) return;
    fputs("[save]\nversion = 1\n[run]\nseed = x\n", file);
    fclose(file);
    WindowLoop *w = open_window(f, 5, 1);
    Input *input = input_of(w);
    CHECK(input->on_title);
    window_loop_key(w, 'c');
    CHECK(input->title.failed && input->on_title);
    CHECK(input->title.line_count >= 2);
    CHECK_STR(input->title.lines[0], "The saved run is damaged, so it's been set aside as save.bad:");
    CHECK(access(f->slot.bad, F_OK) == 0 && !slot_has_save(&f->slot));
    window_loop_key(w, 'c');
    CHECK(input->on_title);
    window_loop_key(w, 'n');
    CHECK(!input->on_title);
    window_loop_close(w);
    unlink(f->slot.bad);
}

/* Closing the window mid-run saves it, and during auto-explore no step
 * follows the save; on the death screen it just closes, and there's no
 * save */
static void closing_the_window(Fixture *f)
{
    WindowLoop *w = open_window(f, 12, 1);
    window_loop_keys(w, "jj");
    CHECK(window_loop_window(w, (GfxEvent){.kind = GFX_QUIT}).done && slot_has_save(&f->slot));
    window_loop_close(w);
    slot_remove(&f->slot);

    /* during auto-explore: the save is the run as it was when the window
     * closed, and no step follows it */
    w = open_window(f, 12, 1);
    LoopNext next = window_loop_key(w, 'o');
    CHECK_INT(next.wait_ms, LOOP_AUTO_STEP_MS);
    window_loop_timer(w);   /* a step, on the loop's timer */
    CHECK(input_auto_going(input_of(w)));
    uint64_t closed = save_digest(window_loop_run(w));
    int turn = run_turn(window_loop_run(w));
    next = window_loop_window(w, (GfxEvent){.kind = GFX_QUIT});
    CHECK(next.done && slot_has_save(&f->slot));
    CHECK_INT(run_turn(window_loop_run(w)), turn);
    CHECK(save_digest(window_loop_run(w)) == closed);
    window_loop_timer(w);   /* a timer after the close does nothing */
    CHECK_INT(run_turn(window_loop_run(w)), turn);
    SlotLoad load;
    Run *saved = slot_load(&f->slot, &f->data, &load);
    CHECK(saved != NULL && save_digest(saved) == closed);
    run_free(saved);
    errors_clear(&load.reasons);
    window_loop_close(w);
    slot_remove(&f->slot);

    w = open_window(f, 12, 9);   /* waiting there is deadly */
    for (int i = 0; i < 200 && run_mode(window_loop_run(w)) != MODE_DEAD; ++i) window_loop_key(w, '.');
    CHECK_INT(run_mode(window_loop_run(w)), MODE_DEAD);
    CHECK(w->ui->dialog.w > 0);   /* painted when the loop said so */
    CHECK(window_loop_window(w, (GfxEvent){.kind = GFX_QUIT}).done && !slot_has_save(&f->slot));
    window_loop_close(w);
}

/* The third Amulet wins at once: the victory screen, and no save */
static void victory(Fixture *f)
{
    WindowLoop *w = open_window(f, 8, 9);
    Player *player = run_debug_player(window_loop_run(w));
    player->amulets = 2;
    FloorItem amulet = {player->pos, {data_find_item(&f->data, "amulet"), 1}, true};
    Level *level = run_debug_level(window_loop_run(w));
    int here = lvl_item_at(level, player->pos);
    if (here >= 0) lvl_remove_item(level, here);
    lvl_add_item(level, &amulet);
    slot_write(&f->slot, window_loop_run(w), (char[64]){0}, 64);
    w->ui->dialog = (Rect){0, 0, 0, 0};
    window_loop_key(w, 'g');
    CHECK_INT(run_mode(window_loop_run(w)), MODE_WON);
    CHECK(!slot_has_save(&f->slot));
    CHECK(w->ui->dialog.w > 0);
    window_loop_key(w, 'r');
    CHECK_INT(run_mode(window_loop_run(w)), MODE_PLAYING);   /* a new run */
    window_loop_close(w);
}

/* x looks with a cursor moved by the moving keys, Esc stops; the mouse
 * over a cell's pixels looks too; neither takes a turn */
static void looking(Fixture *f)
{
    WindowLoop *w = open_window(f, 21, 1);
    Point start = run_player(window_loop_run(w))->pos;
    int turn = run_turn(window_loop_run(w));
    window_loop_key(w, 'x');
    CHECK(input_of(w)->looking);
    window_loop_keys(w, "ll");
    Point cell;
    CHECK(ui_look_cell(w->ui, &cell) && cell.x == start.x + 2 && cell.y == start.y);
    window_loop_key(w, AK_ESC);
    CHECK(!input_of(w)->looking);
    CHECK_INT(run_turn(window_loop_run(w)), turn);
    CHECK(point_eq(run_player(window_loop_run(w))->pos, start));
    CHECK_INT(run_mode(window_loop_run(w)), MODE_PLAYING);   /* that Esc didn't open the menu */
    Rect r;
    CHECK(ui_cell_rect(w->ui, start, &r));
    window_loop_window(w, (GfxEvent){.kind = GFX_MOUSE_MOVE, .x = r.x + 1, .y = r.y + 1});
    CHECK(input_of(w)->pointing && point_eq(input_of(w)->pointed, start));
    window_loop_window(w, (GfxEvent){.kind = GFX_MOUSE_LEAVE});
    CHECK(!input_of(w)->pointing);
    window_loop_close(w);
    slot_remove(&f->slot);
}

/* A click on a cell seen travels there, a step at a time as the loop's
 * timer calls for them; a key stops it */
static void clicking(Fixture *f)
{
    WindowLoop *w = NULL;
    SeenMonster seen[4];
    for (uint64_t seed = 21; seed < 60; ++seed) {
        if (w != NULL) window_loop_close(w);
        w = open_window(f, seed, 1);
        if (heed_monsters_in_view(window_loop_run(w), seen, 4) == 0) break;
    }
    Point me = run_player(window_loop_run(w))->pos, target = me;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        KnownCell k = known_cell(window_loop_run(w), p);
        if (k.visible && k.terrain == T_FLOOR && k.item < 0 && chebyshev(p, me) == 3) target = p;
    }
    CHECK(!point_eq(target, me));
    Rect r;
    CHECK(ui_cell_rect(w->ui, target, &r));
    GfxEvent click = {.kind = GFX_MOUSE_CLICK, .x = r.x + 1, .y = r.y + 1};
    LoopNext next = window_loop_window(w, click);
    CHECK(input_auto_going(input_of(w)));
    CHECK_INT(next.wait_ms, LOOP_AUTO_STEP_MS);
    CHECK_INT(chebyshev(run_player(window_loop_run(w))->pos, target), 2);   /* the first step at once */
    window_loop_key(w, 'j');                                                  /* stops, and only stops */
    CHECK(!input_auto_going(input_of(w)));
    CHECK_INT(chebyshev(run_player(window_loop_run(w))->pos, target), 2);
    next = window_loop_window(w, click);
    for (int i = 0; i < 10 && next.wait_ms >= 0; ++i) next = window_loop_timer(w);
    CHECK(point_eq(run_player(window_loop_run(w))->pos, target));
    window_loop_close(w);
    slot_remove(&f->slot);
}

static void debug_keys(Fixture *f)
{
    WindowLoop *w = open_window(f, 2, 1);
    DebugViews *views = &input_of(w)->views;
    window_loop_key(w, AK_F2);
    CHECK(views->tiles);
    window_loop_key(w, AK_F1);
    CHECK(views->reveal);
    window_loop_key(w, AK_F3);
    window_loop_key(w, AK_F4);
    CHECK(views->distances && views->monster_list);
    int presses = 0;
    do {
        window_loop_key(w, AK_F6);
        ++presses;
    } while (views->growing && presses < 50);
    CHECK_INT(presses, CAVE_STEPS + 3);   /* the fill, each step, the flood fill, back */
    presses = 0;
    do {
        window_loop_key(w, AK_F7);
        ++presses;
    } while (views->vault_shown >= 0 && presses < 50);
    CHECK_INT(presses, f->data.vault_count + 1);
    CHECK_INT(run_turn(window_loop_run(w)), 0);   /* none of it is a turn */
    window_loop_close(w);
    slot_remove(&f->slot);
}

/* The window starts on the class choice when no save waits: drawn, its
 * keys reach the input, and a number starts that class's run */
static void class_choice(Fixture *f)
{
    unlink(f->slot.save);
    LoopSetup setup = setup_of(f, 14, 1);
    setup.input.debug = false;
    setup.input.choose_class = true;
    WindowLoop *w = &window;
    if (!CHECK(window_loop_open(w, f->gfx, f->tiles, &setup))) return;
    CHECK_INT(input_screen(input_of(w)), SCREEN_CLASS);
    const char *shot = getenv("AMULETS_CLASS_SHOT");   /* to look at it by hand */
    char error[256];
    if (shot != NULL) gfx_save_png(f->gfx, shot, error, sizeof error);
    CHECK(window_loop_key(w, 'j').paint);
    window_loop_key(w, '3');
    CHECK_INT(input_screen(input_of(w)), SCREEN_PLAYING);
    CHECK_INT(run_class(window_loop_run(w)), 2);
    window_loop_close(w);
    unlink(f->slot.class_file);
}

/* How many pixels of a map cell, as last drawn, are near color */
static int pixels_like(WindowLoop *w, Point cell, Color color)
{
    Rect r;
    int count = 0;
    if (!ui_cell_rect(w->ui, cell, &r)) return 0;
    for (int y = r.y; y < r.y + r.h; ++y) {
        for (int x = r.x; x < r.x + r.w; ++x) {
            Color c;
            if (gfx_pixel(w->ui->gfx, x, y, &c) && abs(c.r - color.r) + abs(c.g - color.g) + abs(c.b - color.b) < 24) {
                ++count;
            }
        }
    }
    return count;
}

static const char *const HALL[] = {
    "##############",
    "#............#",
    "#..@.........#",
    "#............#",
    "##############",
    NULL,
};

/* The loop on a hall, a ranger's bow in hand and arrows quivered */
static WindowLoop *archer(Fixture *f, int flight_delay)
{
    LoopSetup setup = setup_of(f, 21, 1);
    setup.input.slot = NULL;
    setup.flight_delay = flight_delay;
    WindowLoop *w = &window;
    CHECK(window_loop_open(w, f->gfx, f->tiles, &setup));
    Run *run = scene_build(&f->data, 21, 1, HALL);
    Player *p = run_debug_player(run);
    p->weapon = scene_item(&f->data, "short_bow");
    pack_add(&p->pack, (Stack){scene_item(&f->data, "arrow"), 10});
    p->quiver = scene_item(&f->data, "arrow");
    run_debug_refresh(run);
    run_free(w->loop.input.session.run);
    session_start(&w->loop.input.session, NULL, run);
    return w;
}

/* f, the cursor three cells east, f: an arrow flies east */
static LoopNext shoot_east(WindowLoop *w)
{
    window_loop_key(w, 'f');
    CHECK_INT(input_screen(input_of(w)), SCREEN_AIMING);
    window_loop_keys(w, "lll");
    return window_loop_key(w, 'f');
}

/* An arrow shot east: the loop shows its flight a cell at a time on its
 * timer, each frame drawn by the window, and a key ends it and is taken
 * at once; with flight_delay 0 there is none */
static void flight(Fixture *f)
{
    WindowLoop *w = archer(f, SETTINGS_FLIGHT_DELAY);
    Run *run = window_loop_run(w);
    Point me = run_player(run)->pos;
    int turn = run_turn(run);
    LoopNext next = shoot_east(w);
    CHECK_INT(run_turn(run), turn + 1);   /* the shot itself is done at once */
    const FrontFlight *shown = w->ui->flight;
    if (!CHECK(shown != NULL && w->loop.flight.flying)) return;
    CHECK_INT(next.wait_ms, SETTINGS_FLIGHT_DELAY);   /* the next frame, on the loop's timer */
    Point first = {me.x + 1, me.y};
    CHECK(shown->count == 1 && point_eq(shown->cells[0], first));
    Color arrow = shown->color;
    int drawn = pixels_like(w, first, arrow);
    const char *shot = getenv("AMULETS_FLIGHT_SHOT");   /* to look at it by hand */
    char error[256];
    if (shot != NULL) gfx_save_png(f->gfx, shot, error, sizeof error);
    CHECK(drawn > 0);   /* the arrow, drawn in its colour where it flies */
    next = window_loop_timer(w);
    if (CHECK(w->ui->flight != NULL)) CHECK(point_eq(w->ui->flight->cells[0], (Point){me.x + 2, me.y}));
    CHECK(pixels_like(w, first, arrow) < drawn);   /* gone on from there */
    int frames = 2;
    while (next.wait_ms == SETTINGS_FLIGHT_DELAY && frames < 40) {
        next = window_loop_timer(w);
        ++frames;
    }
    CHECK(w->ui->flight == NULL && !w->loop.flight.flying);   /* over: the last frame has none */
    CHECK(frames >= 3);
    CHECK_INT(next.wait_ms, -1);
    CHECK_INT(run_turn(run), turn + 1);   /* its frames took no turn */

    /* a key in the air: the flight ends, and the key is taken */
    shoot_east(w);
    CHECK(w->loop.flight.flying);
    turn = run_turn(run);
    next = window_loop_key(w, 's');
    CHECK(!w->loop.flight.flying && w->ui->flight == NULL);
    CHECK_INT(run_turn(run), turn + 1);
    CHECK_INT(next.wait_ms, -1);
    window_loop_close(w);

    /* options.txt's flight_delay = 0: none is shown */
    w = archer(f, 0);
    next = shoot_east(w);
    CHECK(w->ui->flight == NULL && next.wait_ms == -1);
    window_loop_close(w);
}

int main(void)
{
    Fixture f;
    if (!CHECK(open_fixture(&f))) return check_done("test_ui");
    save_and_continue(&f);
    damaged_save(&f);
    closing_the_window(&f);
    victory(&f);
    looking(&f);
    clicking(&f);
    debug_keys(&f);
    class_choice(&f);
    flight(&f);
    close_fixture(&f);
    return check_done("test_ui");
}
