#define _POSIX_C_SOURCE 200809L
/* Every screen and dialog's text fits its box, at the smallest sizes:
 * the window's least (UI_MIN_W x UI_MIN_H, drawn headless) and the
 * terminal's 80 x 24 (curses on /dev/null). Each screen is made with the
 * longest words it can meet (the longest monster names, a crowd in view
 * with every status, a full pack, a long history, a long morgue path,
 * high scores with long causes, a replay's status) and painted by both
 * frontends, whose painters count every text past its box or the screen
 * (ui->cut, term_painter_cut): there must be none. The title, the class
 * choice, play, the pack (each use), closing, a question, the menu,
 * quitting, aiming (a shot and a fireball), looking, every info page at
 * every scroll, examining each thing, death, victory, the high scores at
 * every scroll, and the replay's status (the window's only). The words
 * the issue found cut are checked to be there whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gen.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "scene.h"
#include "screen_dialog.h"
#include "screen_scores.h"
#include "ui.h"
#include "window_loop.h"

/* The terminal's half, where the terminal is built */
#ifdef AMULETS_FIT_TERM
#include <curses.h>

#include "terminal.h"
#endif

typedef struct Fit {
    GameData data;
    Gfx *gfx;
    TileSet *tiles;
    Slot slot;
    char dir[64];
#ifdef AMULETS_FIT_TERM
    SCREEN *screen;
    FILE *out, *in;
    TermPainter *painter;
#endif
    WindowLoop window;        /* the one loop, painted by the window */
    const char *banner;       /* a replay's status, painted at the panel's foot */
    int screens;
} Fit;

static Fit fit;

/* ---- Painting and counting ------------------------------------------------- */

/* With AMULETS_FIT_SHOTS=DIR, each screen painted is kept there to be
 * looked at: the window's as NNN.png, the terminal's as NNN.txt */
static void keep(const char *what)
{
    const char *dir = getenv("AMULETS_FIT_SHOTS");
    if (dir == NULL) return;
    char path[600], error[256];
    snprintf(path, sizeof path, "%s/%03d.png", dir, fit.screens);
    if (!gfx_save_png(fit.gfx, path, error, sizeof error)) fprintf(stderr, "%s\n", error);
#ifdef AMULETS_FIT_TERM
    snprintf(path, sizeof path, "%s/%03d.txt", dir, fit.screens);
    FILE *file = fopen(path, "w");
    if (file == NULL) return;
    fprintf(file, "%s\n", what);
    for (int row = 0; row < LINES; ++row) {
        char text[256];
        mvinnstr(row, 0, text, COLS);
        fprintf(file, "%s\n", text);
    }
    fclose(file);
#endif
}

/* Both frontends paint the loop's view as it is: nothing may be cut */
static void both(const char *what)
{
    WindowLoop *w = &fit.window;
    Ui *ui = w->ui;
    FrontView view;
    loop_view(&w->loop, &view);
    if (fit.banner != NULL) view.banner = fit.banner;
    w->frontend.paint(w->frontend.self, &view);
    if (!CHECK(ui->cut == 0)) fprintf(stderr, "    the window, %s: %d cut, first %s\n", what, ui->cut, ui->first_cut);
#ifdef AMULETS_FIT_TERM
    term_paint(fit.painter, view.input, view.run, view.flight);
    char first[200];
    int cut = term_painter_cut(fit.painter, first, sizeof first);
    if (!CHECK(cut == 0)) fprintf(stderr, "    the terminal, %s: %d cut, first %s\n", what, cut, first);
#endif
    keep(what);
    ++fit.screens;
}

static void key(int k)
{
    window_loop_key(&fit.window, k);
}

/* The pointer moved to a map cell's pixels, or off the window */
static void pointer_on(Point cell)
{
    Rect r;
    if (CHECK(ui_cell_rect(fit.window.ui, cell, &r))) {
        window_loop_window(&fit.window, (GfxEvent){.kind = GFX_MOUSE_MOVE, .x = r.x + 1, .y = r.y + 1});
    }
}

static void pointer_gone(void)
{
    window_loop_window(&fit.window, (GfxEvent){.kind = GFX_MOUSE_LEAVE});
}

static Input *input(void) { return &fit.window.loop.input; }

/* The loop on the input's first screen; with run, that run in play */
static void fresh(Run *run, bool choose_class, bool offer_title)
{
    window_loop_close(&fit.window);
    LoopSetup setup = {.input = {.data = &fit.data, .slot = &fit.slot, .seed = 7, .start_floor = 1,
                                 .offer_title = offer_title, .choose_class = choose_class}};
    if (!window_loop_open(&fit.window, fit.gfx, fit.tiles, &setup)) exit(EXIT_FAILURE);
    if (run != NULL) {
        run_free(input()->session.run);
        session_start(&input()->session, NULL, run);
    }
}

static Run *in_play(void) { return input()->session.run; }

static int kind(const char *id) { return scene_item(&fit.data, id); }

/* ---- The scene: a crowd in view, and every long word ----------------------- */

static const char *const HALL[] = {
    "#########################",
    "#.......................#",
    "#.......................#",
    "#.......................#",
    "#..........@............#",
    "#.......................#",
    "#.......................#",
    "#.......................#",
    "#########################",
    NULL,
};

static void spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    int which = data_find_monster(&fit.data, id);
    if (!CHECK(which >= 0)) return;
    Monster m = gen_monster(&fit.data, which, pos, 0, state != MS_ASLEEP);
    m.state = state;
    lvl_add_monster(run_debug_level(run), &m);
}

/* The longest message the log holds, and more */
static void long_messages(Run *run)
{
    char line[MSG_SIZE];
    for (int i = 0; i < 40; ++i) {
        snprintf(line, sizeof line, "Message %d: the young red dragon breathes fire, and the zombified kobold "
                 "and the goblin archer and the forest troll all flee from the flames, as %d do.", i, i);
        run_tell(run, line);
    }
    run_tell(run, "The kobold hits you.");
    run_tell(run, "The kobold hits you.");
}

/* The crowd: the longest names, every state, a stationary shrieker awake;
 * the player poisoned, regenerating, confused and badly hurt, in plate
 * armor with a long sword, on a pile of throwing daggers */
static Run *crowd(void)
{
    Run *run = scene_build(&fit.data, 5, 4, HALL);
    Point at = run_player(run)->pos;
    static const char *const WHO[] = {"young_red_dragon", "zombified_kobold", "goblin_archer", "shrieker",
                                      "forest_troll", "skeleton_orc", "giant_white_rat", "shadow_hound",
                                      "cave_spider", "vampire", "orc_archer", "giant_spider", "wolf"};
    static const MonsterState STATES[] = {MS_WANDERING, MS_HUNTING, MS_FLEEING, MS_WANDERING, MS_ASLEEP};
    for (int i = 0; i < (int)(sizeof WHO / sizeof WHO[0]); ++i) {
        Point pos = {at.x - 6 + (i % 7) * 2, at.y + (i < 7 ? -2 : 2)};
        spawn(run, WHO[i], pos, STATES[i % 5]);
    }
    Player *p = run_debug_player(run);
    p->status = (Statuses){12, 34, 5, 3};
    p->hp = 3;
    p->weapon = kind("long_sword");
    p->armor = kind("plate_armor");
    FloorItem pile = {at, {kind("throwing_dagger"), 12}, true};
    lvl_add_item(run_debug_level(run), &pile);
    long_messages(run);
    run_debug_refresh(run);
    return run;
}

/* Every kind a pack can hold, as many as it holds, potions and scrolls
 * unknown (their looks are the long names) */
static void full_pack(Run *run)
{
    Pack *pack = &run_debug_player(run)->pack;
    pack->count = 0;
    for (int k = 0; k < fit.data.item_count && pack->count < PACK_SLOTS; ++k) {
        ItemClass c = fit.data.items[k].item_class;
        if (c == IC_GOLD || c == IC_AMULET) continue;
        pack_add(pack, (Stack){k, c == IC_MISSILE ? 30 : 2});
    }
}

/* ---- The screens --------------------------------------------------------------- */

static void title_screens(void)
{
    Run *saved = run_new(&fit.data, 4, 1);
    char error[SLOT_ERROR_SIZE];
    CHECK(slot_write(&fit.slot, saved, error, sizeof error));
    run_free(saved);
    fresh(NULL, true, true);
    CHECK_INT(input_screen(input()), SCREEN_TITLE);
    both("the title");
    TitleState *title = &input()->title;
    title->failed = true;
    title->line_count = 3;
    snprintf(title->lines[0], sizeof title->lines[0], "The saved run is damaged, so it's been set aside as save.bad:");
    snprintf(title->lines[1], sizeof title->lines[1], "%s/save.txt:412: 'monster' has a kind no data file "
             "names ('a-monster-with-a-very-long-name-indeed'), so the run can't go on", fit.dir);
    snprintf(title->lines[2], sizeof title->lines[2], "and 14 more mistakes");
    both("the title, after a damaged save");
    title->other_version = true;
    both("the title, another version's save");
    slot_remove(&fit.slot);
}

static void class_screens(void)
{
    fresh(NULL, true, false);
    CHECK_INT(input_screen(input()), SCREEN_CLASS);
    for (int c = 0; c < fit.data.class_count; ++c) {
        both("the class choice");
        key(AK_DOWN);
    }
}

static void play_screens(void)
{
    fresh(crowd(), false, false);
    both("play, a crowd in view");
    /* the shrieker, awake, never moves: said so, not "wandering" */
    ScreenPanel panel;
    screen_panel(input(), in_play(), 27, 60, &panel);
    char shrieker[64], dragon_line[64];
    snprintf(shrieker, sizeof shrieker, "%c shrieker (stationary)",
             fit.data.monsters[data_find_monster(&fit.data, "shrieker")].glyph);
    snprintf(dragon_line, sizeof dragon_line, "%c young red dragon",
             fit.data.monsters[data_find_monster(&fit.data, "young_red_dragon")].glyph);
    bool stationary = false, whole = false;
    for (int i = 0; i < panel.count; ++i) {
        stationary = stationary || strcmp(panel.lines[i].text, shrieker) == 0;
        whole = whole || strcmp(panel.lines[i].text, dragon_line) == 0;
    }
    if (!CHECK(stationary && whole)) {
        for (int i = 0; i < panel.count; ++i) fprintf(stderr, "    panel: %s\n", panel.lines[i].text);
    }
    /* looking: at the dragon, at the pile, and the mouse on a cell */
    key('x');
    both("looking at the player");
    for (int i = 0; i < 6; ++i) key('h');
    key('k');
    key('k');
    both("looking at a monster");
    key(AK_ESC);
    Point dragon = run_level(in_play())->monsters[0].pos;
    pointer_on(dragon);
    both("pointing at a monster");
    pointer_gone();
    /* a replay's status at the panel's foot, and what's pointed at above */
    fit.banner = "Replay 1000/1000, parted from the run, 1000/s";
    pointer_on(dragon);
    both("a replay's status");
    CHECK(ui_banner_rows(fit.window.ui) >= 2);
    fit.banner = NULL;
    pointer_gone();
    key('c');
    CHECK_INT(input_screen(input()), SCREEN_CLOSING);
    both("closing a door");
    key(AK_ESC);
    key(AK_ESC);
    both("the menu");
    key('Q');
    CHECK_INT(input_screen(input()), SCREEN_QUIT_ASKED);
    both("quit without saving?");
    key('n');
    key(AK_ESC);
}

static void a_question(void)
{
    Run *run = crowd();
    Point at = run_player(run)->pos;
    Trap trap = {{at.x, at.y + 1}, TRAP_TRAPDOOR, true};
    lvl_add_trap(run_debug_level(run), &trap);
    run_debug_refresh(run);
    fresh(run, false, false);
    key('j');
    CHECK_INT(input_screen(input()), SCREEN_CONFIRMING);
    both("a question");
}

static void pack_screens(void)
{
    Run *run = crowd();
    full_pack(run);
    ident_learn(run_debug_ident(run), kind("identify"));
    ident_learn(run_debug_ident(run), kind("fireball"));
    run_debug_refresh(run);
    fresh(run, false, false);
    static const int OPENERS[] = {'i', 'd', 't'};
    for (int i = 0; i < 3; ++i) {
        key(OPENERS[i]);
        CHECK_INT(input_screen(input()), SCREEN_PACK);
        both("the pack");
        key(AK_ESC);
    }
    /* reading identify asks which */
    key('i');
    key(pack_letter(pack_find(&run_player(in_play())->pack, kind("identify"))));
    CHECK_INT(input()->dialog.pack_for, INV_IDENTIFY);
    both("identify which?");
    key(AK_ESC);
    /* examining: which, then each thing */
    key('e');
    both("examine which?");
    key(AK_ESC);
    for (int slot = 0; slot < run_player(in_play())->pack.count; ++slot) {
        key('e');
        key(pack_letter(slot));
        both("examining a thing");
        key(AK_ESC);
    }
}

static void aiming_screens(void)
{
    Run *run = crowd();
    Player *p = run_debug_player(run);
    p->weapon = kind("short_bow");
    pack_add(&p->pack, (Stack){kind("arrow"), 30});
    p->quiver = kind("arrow");
    ident_learn(run_debug_ident(run), kind("fireball"));
    pack_add(&p->pack, (Stack){kind("fireball"), 1});
    run_debug_refresh(run);
    fresh(run, false, false);
    key('f');
    CHECK_INT(input_screen(input()), SCREEN_AIMING);
    for (int i = 0; i < 4; ++i) {
        both("aiming an arrow");
        key(AK_TAB);
    }
    key(AK_ESC);
    key('i');
    key(pack_letter(pack_find(&run_player(in_play())->pack, kind("fireball"))));
    CHECK_INT(input_screen(input()), SCREEN_AIMING);
    /* the cursor by the player: the burst would reach them */
    input()->cursor = (Point){run_player(in_play())->pos.x + 1, run_player(in_play())->pos.y};
    both("aiming a fireball at your own feet");
    key(AK_ESC);
}

/* A page, at every scroll from its top to its foot (or the other way) */
static void every_scroll(const char *what, int step_key)
{
    for (int i = 0; i < 200; ++i) {
        both(what);
        int before = input()->info.scroll;
        key(step_key);
        if (input()->info.scroll == before) break;
    }
}

static void info_screens(void)
{
    Run *run = crowd();
    full_pack(run);
    for (int k = 0; k < fit.data.item_count; ++k) ident_learn(run_debug_ident(run), k);
    run_debug_refresh(run);
    fresh(run, false, false);
    key('?');
    CHECK_INT(input_screen(input()), SCREEN_INFO);
    every_scroll("the keys", 'j');
    key(AK_TAB);
    every_scroll("how to play", 'j');
    key(AK_ESC);
    key(AK_CTRL_P);
    every_scroll("the messages", 'k');
    key(AK_ESC);
    key('@');
    both("the character");
    key(AK_ESC);
    key('\\');
    every_scroll("what you know", 'j');
    key(AK_ESC);
}

static const char *const MORGUE = "/home/a-player-with-a-long-name/.local/share/AmuletsOfSDL/morgue/"
                                  "000123-seed-18446744073709551615-floor-9-dead.txt";

/* The rows of the dialog up, joined */
static void dialog_text(char *out, size_t size)
{
    ScreenDialog d;
    screen_dialog(input(), in_play(), &d);
    out[0] = '\0';
    for (int i = 0; i < d.count; ++i) strncat(out, d.lines[i].text, size - strlen(out) - 1);
}

static void ending_screens(void)
{
    fresh(crowd(), false, false);
    Player *p = run_debug_player(in_play());
    p->hp = 0;
    snprintf(p->killed_by, sizeof p->killed_by, "a fall through a trapdoor");
    run_debug_set_turn(in_play(), 123456);
    run_debug_set_mode(in_play(), MODE_DEAD);
    both("death, no record");
    snprintf(input()->session.morgue, sizeof input()->session.morgue, "%s", MORGUE);
    both("death");
    char text[2048];
    dialog_text(text, sizeof text);
    CHECK(strstr(text, MORGUE) != NULL);   /* every character of the path */
    snprintf(input()->session.morgue, sizeof input()->session.morgue,
             "/root/.local/share/AmuletsOfSDL/morgue/000012-seed-5-floor-3-dead.txt");
    both("death, a short seed");
    ScreenDialog d;
    screen_dialog(input(), in_play(), &d);
    bool name_whole = false;
    for (int i = 0; i < d.count; ++i) name_whole = name_whole || strcmp(d.lines[i].text, "000012-seed-5-floor-3-dead.txt") == 0;
    CHECK(name_whole);
    p->hp = 20;
    p->amulets = 3;
    p->gold = 123456;
    p->kills = 9999;
    run_debug_set_mode(in_play(), MODE_WON);
    both("victory");
}

static void score_screens(void)
{
    fresh(NULL, true, false);
    ScoresScreen *scores = &input()->scores;
    memset(scores, 0, sizeof *scores);
    scores->up = true;
    snprintf(scores->message, sizeof scores->message, "The high scores were damaged, so they've been set aside "
             "as %s/scores.bad and a new table begun.", fit.dir);
    static const char *const CAUSES[] = {"a fall through a trapdoor", "a young red dragon", "your own fireball",
                                         "a zombified kobold", "poison", ""};
    for (int i = 0; i < 40; ++i) {
        Score *s = &scores->table.entries[scores->table.count++];
        *s = (Score){.won = CAUSES[i % 6][0] == '\0', .floor = 9, .amulets = 3, .gold = 99999, .turns = 999999};
        snprintf(s->class_name, sizeof s->class_name, "%s", fit.data.classes[i % fit.data.class_count].name);
        snprintf(s->cause, sizeof s->cause, "%s", CAUSES[i % 6]);
        snprintf(s->date, sizeof s->date, "2026-12-%02d 11:00", 1 + i % 28);
    }
    for (int i = 0; i < 60; ++i) {
        both("the high scores");
        int before = scores->first;
        key('j');
        if (scores->first == before) break;
    }
    /* at the terminal's 78 columns: the day of each entry, and "Killed
     * by" and the whole cause, over two rows if need be */
    ScreenScores lines;
    scores->first = 0;
    screen_scores(scores, 78, 22, &lines);
    char all[4096] = "";
    for (int i = 0; i < lines.count; ++i) {
        CHECK((int)strlen(lines.lines[i].text) <= 78);
        strncat(all, lines.lines[i].text, sizeof all - strlen(all) - 1);
    }
    CHECK(strstr(all, "2026-12-01") != NULL && strstr(all, "2026-12-02") != NULL);
    CHECK(strstr(all, "Killed by a fall through") != NULL && strstr(all, "a trapdoor") != NULL);
    CHECK(strstr(all, "Killed by a young red") != NULL && strstr(all, "dragon") != NULL);
    CHECK(strstr(all, "Killed by poison") != NULL);
}

/* ---- Setting up ---------------------------------------------------------------- */

static bool open_fit(void)
{
    char error[256];
    load_shipped_data(&fit.data);
    GfxOptions options = {UI_MIN_W, UI_MIN_H, "test", true, "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 15};
    fit.gfx = gfx_open(&options, error, sizeof error);
    if (fit.gfx == NULL) {
        fprintf(stderr, "%s\n", error);
        return false;
    }
    fit.tiles = tiles_builtin(fit.gfx, &fit.data);
    snprintf(fit.dir, sizeof fit.dir, "/tmp/amulets-test-fit-XXXXXX");
    if (fit.tiles == NULL || mkdtemp(fit.dir) == NULL || !slot_init(&fit.slot, fit.dir, NULL, NULL, error, sizeof error)) {
        return false;
    }
#ifdef AMULETS_FIT_TERM
    fit.out = fopen("/dev/null", "w");
    fit.in = fopen("/dev/null", "r");
    fit.screen = fit.out && fit.in ? newterm("xterm-256color", fit.out, fit.in) : NULL;
    if (fit.screen == NULL) return false;
    set_term(fit.screen);
    resizeterm(TERM_MIN_H, TERM_MIN_W);
    fit.painter = term_painter_new(COLORS_AUTO);
    CHECK_INT(LINES, TERM_MIN_H);
    CHECK_INT(COLS, TERM_MIN_W);
    return fit.painter != NULL;
#else
    return true;
#endif
}

static void close_fit(void)
{
    window_loop_close(&fit.window);
#ifdef AMULETS_FIT_TERM
    term_painter_free(fit.painter);
    endwin();
    delscreen(fit.screen);
    fclose(fit.out);
    fclose(fit.in);
#endif
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", fit.dir);
    if (system(command) != 0) fprintf(stderr, "couldn't remove %s\n", fit.dir);
    tiles_free(fit.tiles);
    gfx_close(fit.gfx);
    data_free(&fit.data);
}

int main(void)
{
    if (!CHECK(open_fit())) return check_done("test_fit");
    title_screens();
    class_screens();
    play_screens();
    a_question();
    pack_screens();
    aiming_screens();
    info_screens();
    ending_screens();
    score_screens();
    printf("test_fit: %d screens painted at %dx%d and 80x24\n", fit.screens, UI_MIN_W, UI_MIN_H);
    close_fit();
    return check_done("test_fit");
}
