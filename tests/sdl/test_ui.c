#define _POSIX_C_SOURCE 200809L
/* The window's side of the input layer, headless: its keys reach the
 * input (test_input.c checks what they mean) and it draws every state they
 * lead to: the title screen's choices and what becomes of the save,
 * closing the window mid-run (saved) and on the death screen (not), the
 * victory screen, looking with x and with the mouse over a cell's pixels
 * (no turn passes), and the debugging keys stepping through their views. */
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
#include "tune.h"
#include "ui.h"

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

static Ui *new_ui(Fixture *f, uint64_t seed, int floor)
{
    InputSetup setup = {.data = &f->data, .slot = &f->slot, .seed = seed, .start_floor = floor,
                        .offer_title = true, .debug = true};   /* --debug */
    Ui *ui = ui_new(f->gfx, f->tiles, &setup);
    CHECK(ui != NULL);
    return ui;
}

static void keys(Ui *ui, const char *text)
{
    for (const char *p = text; *p; ++p) ui_key(ui, *p);
}

/* Esc's menu saves and quits; the next face starts on the title screen;
 * C continues the same run */
static void save_and_continue(Fixture *f)
{
    Ui *ui = new_ui(f, 31, 2);
    keys(ui, "hhjj");
    uint64_t before = save_digest(ui->run);
    ui_key(ui, AK_ESC);
    CHECK_INT(run_mode(ui->run), MODE_MENU);
    ui_key(ui, 'S');   /* the menu's keys are capitals */
    CHECK(ui->quit && slot_has_save(&f->slot));
    ui_free(ui);

    ui = new_ui(f, 99, 1);
    CHECK(ui->own->on_title);
    ui_draw(ui);
    ui_key(ui, 'c');
    CHECK(!ui->own->on_title);
    CHECK(save_digest(ui->run) == before);
    CHECK(slot_has_save(&f->slot));   /* kept: the checkpoint a crash returns to */
    ui_free(ui);

    /* N plays the new run and deletes the save; Esc quits and keeps it */
    ui = new_ui(f, 99, 1);
    ui_key(ui, AK_ESC);
    CHECK(ui->quit && slot_has_save(&f->slot));
    ui_free(ui);
    ui = new_ui(f, 99, 1);
    ui_key(ui, 'n');
    CHECK(!ui->own->on_title);
    CHECK(!slot_has_save(&f->slot));
    ui_free(ui);
}

/* A damaged save: C shows why and sets it aside; C can't be pressed again */
static void damaged_save(Fixture *f)
{
    FILE *file = fopen(f->slot.save, "w");
    if (file == NULL) return;
    fputs("[save]\nversion = 1\n[run]\nseed = x\n", file);
    fclose(file);
    Ui *ui = new_ui(f, 5, 1);
    CHECK(ui->own->on_title);
    ui_key(ui, 'c');
    CHECK(ui->own->title.failed && ui->own->on_title);
    CHECK(ui->own->title.line_count >= 2);
    CHECK_STR(ui->own->title.lines[0], "The saved run is damaged, so it's been set aside as save.bad:");
    CHECK(access(f->slot.bad, F_OK) == 0 && !slot_has_save(&f->slot));
    ui_draw(ui);
    ui_key(ui, 'c');
    CHECK(ui->own->on_title);
    ui_key(ui, 'n');
    CHECK(!ui->own->on_title);
    ui_free(ui);
    unlink(f->slot.bad);
}

/* Closing the window mid-run saves it, a half-made identify choice put
 * back first, and during auto-explore no step follows the save; on the
 * death screen it just closes, and there's no save */
static void closing_the_window(Fixture *f)
{
    Ui *ui = new_ui(f, 12, 1);
    keys(ui, "jj");
    ui_close_window(ui);
    CHECK(ui->quit && slot_has_save(&f->slot));
    ui_free(ui);
    slot_remove(&f->slot);

    /* during auto-explore: the save is the run as it was when the window
     * closed, and no step follows it */
    ui = new_ui(f, 12, 1);
    ui_key(ui, 'o');
    ui_waited(ui, NULL);   /* a step, as the loop takes them */
    CHECK(input_auto_going(ui->own));
    uint64_t closed = save_digest(ui->run);
    int turn = run_turn(ui->run);
    ui_waited(ui, &(GfxEvent){.kind = GFX_QUIT});
    CHECK(ui->quit && slot_has_save(&f->slot));
    CHECK_INT(run_turn(ui->run), turn);
    CHECK(save_digest(ui->run) == closed);
    SlotLoad load;
    Run *saved = slot_load(&f->slot, &f->data, &load);
    CHECK(saved != NULL && save_digest(saved) == closed);
    run_free(saved);
    errors_clear(&load.reasons);
    ui_free(ui);
    slot_remove(&f->slot);

    ui = new_ui(f, 12, 9);   /* waiting there is deadly */
    for (int i = 0; i < 200 && run_mode(ui->run) != MODE_DEAD; ++i) ui_key(ui, '.');
    CHECK_INT(run_mode(ui->run), MODE_DEAD);
    ui_draw(ui);
    CHECK(ui->dialog.w > 0);
    ui_close_window(ui);
    CHECK(ui->quit && !slot_has_save(&f->slot));
    ui_free(ui);
}

/* The third Amulet wins at once: the victory screen, and no save */
static void victory(Fixture *f)
{
    Ui *ui = new_ui(f, 8, 9);
    Player *player = run_debug_player(ui->own->session.run);
    player->amulets = 2;
    FloorItem amulet = {player->pos, {data_find_item(&f->data, "amulet"), 1}, true};
    Level *level = run_debug_level(ui->own->session.run);
    int here = lvl_item_at(level, player->pos);
    if (here >= 0) lvl_remove_item(level, here);
    lvl_add_item(level, &amulet);
    slot_write(&f->slot, ui->run, (char[64]){0}, 64);
    ui_key(ui, 'g');
    CHECK_INT(run_mode(ui->run), MODE_WON);
    CHECK(!slot_has_save(&f->slot));
    ui->dialog = (Rect){0, 0, 0, 0};
    ui_draw(ui);
    CHECK(ui->dialog.w > 0);
    ui_key(ui, 'r');
    CHECK_INT(run_mode(ui->run), MODE_PLAYING);   /* a new run */
    ui_free(ui);
}

/* x looks with a cursor moved by the moving keys, Esc stops; the mouse
 * looks too; neither takes a turn */
static void looking(Fixture *f)
{
    Ui *ui = new_ui(f, 21, 1);
    Point start = run_player(ui->run)->pos;
    int turn = run_turn(ui->run);
    ui_key(ui, 'x');
    CHECK(ui->own->looking);
    keys(ui, "ll");
    Point cell;
    CHECK(ui_look_cell(ui, &cell) && cell.x == start.x + 2 && cell.y == start.y);
    ui_draw(ui);
    ui_key(ui, AK_ESC);
    CHECK(!ui->own->looking);
    CHECK_INT(run_turn(ui->run), turn);
    CHECK(point_eq(run_player(ui->run)->pos, start));
    CHECK_INT(run_mode(ui->run), MODE_PLAYING);   /* that Esc didn't open the menu */
    Rect r;
    CHECK(ui_cell_rect(ui, start, &r));
    ui_mouse(ui, r.x + 1, r.y + 1);
    CHECK(ui->own->pointing && point_eq(ui->own->pointed, start));
    ui_mouse_left(ui);
    CHECK(!ui->own->pointing);
    ui_free(ui);
    slot_remove(&f->slot);
}

/* A click on a cell seen travels there, a step at a time as the window's
 * loop calls for them; a key stops it */
static void clicking(Fixture *f)
{
    Ui *ui = NULL;
    SeenMonster seen[4];
    for (uint64_t seed = 21; seed < 60; ++seed) {
        if (ui != NULL) ui_free(ui);
        ui = new_ui(f, seed, 1);
        if (heed_monsters_in_view(ui->run, seen, 4) == 0) break;
    }
    Point me = run_player(ui->run)->pos, target = me;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        KnownCell k = known_cell(ui->run, p);
        if (k.visible && k.terrain == T_FLOOR && k.item < 0 && chebyshev(p, me) == 3) target = p;
    }
    CHECK(!point_eq(target, me));
    Rect r;
    CHECK(ui_cell_rect(ui, target, &r));
    ui_mouse_click(ui, r.x + 1, r.y + 1);
    CHECK(input_auto_going(ui->own));
    CHECK_INT(chebyshev(run_player(ui->run)->pos, target), 2);   /* the first step at once */
    ui_key(ui, 'j');                                             /* stops, and only stops */
    CHECK(!input_auto_going(ui->own));
    CHECK_INT(chebyshev(run_player(ui->run)->pos, target), 2);
    ui_mouse_click(ui, r.x + 1, r.y + 1);
    for (int i = 0; i < 10 && input_auto_going(ui->own); ++i) ui_auto_step(ui);
    CHECK(point_eq(run_player(ui->run)->pos, target));
    ui_free(ui);
    slot_remove(&f->slot);
}

static void debug_keys(Fixture *f)
{
    Ui *ui = new_ui(f, 2, 1);
    ui_key(ui, AK_F2);
    CHECK(ui->own->views.tiles);
    ui_key(ui, AK_F1);
    CHECK(ui->own->views.reveal);
    ui_key(ui, AK_F3);
    ui_key(ui, AK_F4);
    CHECK(ui->own->views.distances && ui->own->views.monster_list);
    ui_draw(ui);
    int presses = 0;
    do {
        ui_key(ui, AK_F6);
        ui_draw(ui);
        ++presses;
    } while (ui->own->views.growing && presses < 50);
    CHECK_INT(presses, CAVE_STEPS + 3);   /* the fill, each step, the flood fill, back */
    presses = 0;
    do {
        ui_key(ui, AK_F7);
        ui_draw(ui);
        ++presses;
    } while (ui->own->views.vault_shown >= 0 && presses < 50);
    CHECK_INT(presses, f->data.vault_count + 1);
    CHECK_INT(run_turn(ui->run), 0);   /* none of it is a turn */
    ui_free(ui);
    slot_remove(&f->slot);
}

/* The window starts on the class choice when no save waits: drawn, its
 * keys reach the input, and a number starts that class's run */
static void class_choice(Fixture *f)
{
    unlink(f->slot.save);
    InputSetup setup = {.data = &f->data, .slot = &f->slot, .seed = 14, .start_floor = 1, .offer_title = true,
                        .choose_class = true};
    Ui *ui = ui_new(f->gfx, f->tiles, &setup);
    if (!CHECK(ui != NULL)) return;
    CHECK_INT(input_screen(ui->own), SCREEN_CLASS);
    ui_draw(ui);
    const char *shot = getenv("AMULETS_CLASS_SHOT");   /* to look at it by hand */
    char error[256];
    if (shot != NULL) gfx_save_png(f->gfx, shot, error, sizeof error);
    ui_key(ui, 'j');
    CHECK(ui->dirty);
    ui_draw(ui);
    ui_key(ui, '3');
    CHECK_INT(input_screen(ui->own), SCREEN_PLAYING);
    CHECK_INT(run_class(ui->run), 2);
    ui_draw(ui);
    ui_free(ui);
    unlink(f->slot.class_file);
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
    close_fixture(&f);
    return check_done("test_ui");
}
