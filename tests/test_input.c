/* The input layer alone (no window): looking (the moving keys move the
 * cursor, Esc or x end it, no key takes a turn), Esc's menu, the pack,
 * the title's continue, new run and quit with a good, a damaged and
 * another version's save, the death and victory screens' R and Esc, the
 * window's close, the mouse, and the debugging keys, which change no run
 * on any screen. Saves go to a fresh folder under /tmp. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "screen_class.h"

/* A run that dies waiting on floor 9 (floor 9 is deadly for a newcomer) */
enum { DEATH_SEED = 12, DEATH_FLOOR = 9 };

static GameData data;
static Slot slot;
static char home[64];
static bool debug_views;   /* the inputs opened have --debug's views */

/* The input is filled in place: it holds the session, which a frontend
 * never copies */
static void open_input(Input *input, uint64_t seed, int floor, bool offer_title)
{
    InputSetup setup = {.data = &data, .slot = &slot, .seed = seed, .start_floor = floor,
                        .offer_title = offer_title, .debug = debug_views};
    if (!input_open(input, &setup)) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
}

/* Presses each character; returns what the last one asked for */
static InputResult press(Input *input, const char *keys)
{
    InputResult result = INPUT_NOTHING;
    for (const char *p = keys; *p != '\0'; ++p) result = input_key(input, (unsigned char)*p);
    return result;
}

static uint64_t digest(const Input *input)
{
    return save_digest(input->session.run);
}

static int turn(const Input *input)
{
    return run_turn(input->session.run);
}

static Point player(const Input *input)
{
    return run_player(input->session.run)->pos;
}

/* ---- Looking ---------------------------------------------------------- */

static void look_moves_the_cursor(void)
{
    Input input;
    open_input(&input, 21, 1, false);
    Point start = player(&input);
    uint64_t before = digest(&input);
    CHECK_INT(input_key(&input, 'x'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_LOOKING);
    CHECK(point_eq(input.cursor, start));
    /* every kind of moving key moves the cursor, not the player */
    static const int moves[] = {'l', 'l', AK_RIGHT, AK_KP6, 'j', AK_DOWN, AK_KP2, 'h', 'k',
                                'y', 'u', 'b', 'n', AK_KP7, AK_KP3, AK_LEFT, AK_UP};
    int dx = 0, dy = 0;
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; ++i) {
        Point d = DIRS[key_direction(moves[i])];
        dx += d.x;
        dy += d.y;
        CHECK_INT(input_key(&input, moves[i]), INPUT_REDRAW);
    }
    Point cell;
    CHECK(input_look_cell(&input, &cell));
    CHECK(cell.x == start.x + dx && cell.y == start.y + dy);
    CHECK(point_eq(input.cursor, cell));
    CHECK(point_eq(player(&input), start));
    /* no key reaches the run while looking: not waiting, the pack, the
     * stairs, searching, closing or picking up */
    CHECK_INT(press(&input, ".gids>c"), INPUT_NOTHING);
    CHECK_INT(input_key(&input, AK_ENTER), INPUT_NOTHING);
    CHECK_INT(input_key(&input, AK_KP5), INPUT_NOTHING);
    CHECK_INT(input_screen(&input), SCREEN_LOOKING);
    CHECK(digest(&input) == before);
    /* Esc ends looking, and doesn't open the menu */
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK(digest(&input) == before);
    /* x ends it too: "xx." looks, stops looking, and waits a turn */
    CHECK_INT(press(&input, "xx"), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(turn(&input), 0);
    press(&input, ".");
    CHECK_INT(turn(&input), 1);
    /* each look starts on the player again */
    press(&input, "hx");
    CHECK(point_eq(input.cursor, player(&input)));
    input_free(&input);
}

/* The cursor stays on the map however far it's pushed */
static void cursor_stays_on_the_map(void)
{
    Input input;
    open_input(&input, 5, 2, false);
    input_key(&input, 'x');
    for (int i = 0; i < MAP_W + MAP_H; ++i) input_key(&input, 'y');
    CHECK(input.cursor.x == 0 || input.cursor.y == 0);
    for (int i = 0; i < MAP_W + MAP_H; ++i) input_key(&input, 'h');
    for (int i = 0; i < MAP_W + MAP_H; ++i) input_key(&input, 'k');
    CHECK(input.cursor.x == 0 && input.cursor.y == 0);
    CHECK_INT(input_key(&input, 'h'), INPUT_NOTHING);
    for (int i = 0; i < MAP_H; ++i) input_key(&input, 'n');   /* stops at the bottom edge */
    CHECK(input.cursor.x == MAP_H - 1 && input.cursor.y == MAP_H - 1);
    for (int i = 0; i < MAP_W; ++i) input_key(&input, 'l');
    CHECK(input.cursor.x == MAP_W - 1 && input.cursor.y == MAP_H - 1);
    CHECK_INT(turn(&input), 0);
    input_free(&input);
}

/* The mouse looks at a cell; while looking it moves the cursor there */
static void mouse_looks(void)
{
    Input input;
    open_input(&input, 21, 1, false);
    Point cell, at = {10, 7};
    CHECK(!input_look_cell(&input, &cell));
    CHECK_INT(input_point(&input, &at), INPUT_REDRAW);
    CHECK(input_look_cell(&input, &cell) && point_eq(cell, at));
    CHECK_INT(input_point(&input, &at), INPUT_NOTHING);   /* nothing new */
    CHECK_INT(input_point(&input, NULL), INPUT_REDRAW);
    CHECK(!input_look_cell(&input, &cell));
    Point off = {MAP_W, 0};
    CHECK_INT(input_point(&input, &off), INPUT_NOTHING);
    input_key(&input, 'x');
    CHECK_INT(input_point(&input, &at), INPUT_REDRAW);
    CHECK(point_eq(input.cursor, at));
    input_key(&input, 'l');
    CHECK(input.cursor.x == at.x + 1 && input.cursor.y == at.y);
    CHECK_INT(turn(&input), 0);
    input_free(&input);
}

/* ---- Esc's menu and the pack -------------------------------------------- */

static void menu(void)
{
    Input input;
    open_input(&input, 31, 2, false);
    press(&input, "hhjj");
    uint64_t before = digest(&input);
    int turns = turn(&input);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK_INT(press(&input, "x.hgi"), INPUT_NOTHING);   /* the menu's keys are S and Esc */
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(turn(&input), turns);
    /* S saves and quits; the save is the run as it was */
    input_key(&input, AK_ESC);
    CHECK(!slot_has_save(&slot));
    CHECK_INT(input_key(&input, 'S'), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    input_free(&input);
    Input again;
    open_input(&again, 99, 1, false);
    CHECK(input_continue(&again));
    CHECK(digest(&again) == before);
    input_free(&again);
    slot_remove(&slot);
}

/* Esc puts the pack away (no menu); x doesn't look while it's open */
static void pack(void)
{
    Input input;
    open_input(&input, 3, 1, false);
    CHECK_INT(input_key(&input, 'i'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PACK);
    CHECK_INT(input_key(&input, 'x'), INPUT_NOTHING);
    CHECK_INT(input_screen(&input), SCREEN_PACK);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    press(&input, "c");
    CHECK_INT(input_screen(&input), SCREEN_CLOSING);
    input_key(&input, AK_ESC);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(turn(&input), 0);
    input_free(&input);
}

/* ---- The title ---------------------------------------------------------- */

static void write_save(const char *text)
{
    FILE *file = fopen(slot.save, "w");
    if (file == NULL) return;
    fputs(text, file);
    fclose(file);
}

static uint64_t save_a_run(void)
{
    Input input;
    open_input(&input, 31, 2, false);
    press(&input, "hhjjl");
    input_key(&input, AK_ESC);
    input_key(&input, 'S');
    uint64_t saved = digest(&input);
    input_free(&input);
    return saved;
}

/* Continue, a new run, quit; no title without a save, or when not offered */
static void title(void)
{
    Input input;
    slot_remove(&slot);   /* the runs played before, kept as they were played */
    open_input(&input, 7, 1, true);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);   /* no save waits */
    input_free(&input);

    uint64_t saved = save_a_run();
    open_input(&input, 7, 1, false);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);   /* the runner's way */
    input_free(&input);

    open_input(&input, 7, 1, true);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    uint64_t fresh = digest(&input);
    CHECK_INT(press(&input, ".hjxgi>"), INPUT_NOTHING);
    CHECK_INT(input_key(&input, AK_ENTER), INPUT_NOTHING);
    Point cell = {3, 3};
    CHECK_INT(input_point(&input, &cell), INPUT_NOTHING);
    CHECK(digest(&input) == fresh);
    CHECK_INT(input_key(&input, 'c'), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK(digest(&input) == saved);
    CHECK(slot_has_save(&slot));   /* kept: the checkpoint a crash returns to */
    input_free(&input);

    /* Esc quits and keeps it */
    open_input(&input, 7, 1, true);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&input);

    /* N plays the seed's run and deletes the save */
    open_input(&input, 7, 1, true);
    CHECK_INT(input_key(&input, 'N'), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK(digest(&input) == fresh);
    CHECK(!slot_has_save(&slot));
    input_free(&input);
}

/* A damaged save is set aside and says why; C isn't offered again */
static void damaged_save(void)
{
    write_save("[save]\nversion = 1\n[run]\nseed = x\n");
    Input input;
    open_input(&input, 5, 1, true);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_key(&input, 'c'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK(input.title.failed && !input.title.other_version);
    CHECK(input.title.line_count >= 2);
    CHECK_STR(input.title.lines[0], "The saved run is damaged, so it's been set aside as save.bad:");
    CHECK(access(slot.bad, F_OK) == 0 && !slot_has_save(&slot));
    CHECK_INT(input_key(&input, 'c'), INPUT_NOTHING);
    CHECK_INT(input_key(&input, 'n'), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    input_free(&input);
    unlink(slot.bad);
}

/* Another version's save is kept on a failed continue, and goes with N */
static void other_version(void)
{
    write_save("[save]\nversion = 999\n");
    Input input;
    open_input(&input, 5, 1, true);
    CHECK_INT(input_key(&input, 'C'), INPUT_REDRAW);
    CHECK(input.title.failed && input.title.other_version);
    CHECK_STR(input.title.lines[0], "The saved run is from another version of the game:");
    CHECK(slot_has_save(&slot));
    CHECK_INT(input_key(&input, AK_ESC), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&input);
    open_input(&input, 5, 1, true);
    input_key(&input, 'c');
    CHECK_INT(input_key(&input, 'n'), INPUT_NEW_RUN);
    CHECK(!slot_has_save(&slot));
    input_free(&input);
}

/* ---- Death and victory -------------------------------------------------- */

static void die(Input *input)
{
    for (int i = 0; i < 200 && input_screen(input) != SCREEN_DEAD; ++i) input_key(input, '.');
}

static void death_screen(void)
{
    Input input;
    open_input(&input, DEATH_SEED, DEATH_FLOOR, false);
    die(&input);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    uint64_t dead = digest(&input);
    CHECK_INT(press(&input, ".hxgiSsn"), INPUT_NOTHING);
    CHECK_INT(input_key(&input, AK_ENTER), INPUT_NOTHING);
    CHECK(digest(&input) == dead);
    /* R: the next seed's run, from the same floor */
    CHECK_INT(input_key(&input, 'R'), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_seed(input.session.run), DEATH_SEED + 1);
    CHECK_INT(run_level(input.session.run)->depth, DEATH_FLOOR);
    CHECK_INT(turn(&input), 0);
    Input straight;
    open_input(&straight, DEATH_SEED + 1, DEATH_FLOOR, false);
    CHECK(digest(&input) == digest(&straight));
    input_free(&straight);
    /* and again: the seed after that; Esc quits */
    die(&input);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    CHECK_INT(input_key(&input, 'r'), INPUT_NEW_RUN);
    CHECK_INT(run_seed(input.session.run), DEATH_SEED + 2);
    die(&input);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_QUIT);
    CHECK(!slot_has_save(&slot));
    input_free(&input);
}

/* The third Amulet wins at once; R and Esc as on the death screen */
static void victory_screen(void)
{
    Input input;
    open_input(&input, 8, 9, false);
    Run *run = input.session.run;
    Player *p = run_debug_player(run);
    p->amulets = 2;
    FloorItem amulet = {p->pos, {data_find_item(&data, "amulet"), 1}, true};
    Level *level = run_debug_level(run);
    int here = lvl_item_at(level, p->pos);
    if (here >= 0) lvl_remove_item(level, here);
    lvl_add_item(level, &amulet);
    input_key(&input, 'g');
    CHECK_INT(input_screen(&input), SCREEN_WON);
    CHECK_INT(press(&input, ".xi"), INPUT_NOTHING);
    CHECK_INT(input_leave(&input), INPUT_QUIT);
    CHECK(!slot_has_save(&slot));   /* a run that's over keeps no save */
    CHECK_INT(input_key(&input, 'r'), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_seed(input.session.run), 9);
    input_free(&input);
}

/* The window's close saves a run in play; not on the title or when dead */
static void leaving(void)
{
    Input input;
    open_input(&input, 12, 1, false);
    press(&input, "jj");
    CHECK_INT(input_leave(&input), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&input);
    open_input(&input, 12, 1, true);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_leave(&input), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&input);
    slot_remove(&slot);
}

/* Esc Q asks, N goes back to the menu, Y quits and leaves the save as it
 * was; a close whose save fails asks the same, and the run goes on */
static void quitting_unsaved(void)
{
    Input input;
    open_input(&input, 14, 2, false);
    press(&input, "ll");
    CHECK(session_save(&input.session));
    uint64_t saved = digest(&input);
    press(&input, "jj");
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'Q'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_QUIT_ASKED);
    CHECK(input_has_save(&input));
    CHECK_INT(input_key(&input, 'n'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    press(&input, "Q");
    CHECK_INT(input_key(&input, 'y'), INPUT_QUIT);
    SlotLoad load;
    Run *kept = slot_load(&slot, &data, &load);
    CHECK(kept != NULL && save_digest(kept) == saved);
    run_free(kept);
    errors_clear(&load.reasons);
    input_free(&input);

    /* a folder where the save's temporary file goes: the close can't save;
     * the question is the screen up, even over the help */
    open_input(&input, 14, 2, false);
    press(&input, "l?");
    CHECK_INT(input_screen(&input), SCREEN_INFO);
    char blocker[128];
    snprintf(blocker, sizeof blocker, "%s/save.txt.tmp", home);
    CHECK(mkdir(blocker, 0755) == 0);
    strcat(blocker, "/in-the-way");
    CHECK(mkdir(blocker, 0755) == 0);
    CHECK_INT(input_leave(&input), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_QUIT_ASKED);
    CHECK_INT(input_key(&input, 'y'), INPUT_QUIT);
    input_free(&input);
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s/save.txt.tmp'", home);
    CHECK(system(command) == 0);
    slot_remove(&slot);
}

/* ---- The debugging keys --------------------------------------------------- */

/* Every F key, pressed through each view's whole round, on the screen
 * the input is on: the views change, the run and the screen don't */
static void every_debug_key(Input *input)
{
    /* the first view used marks a run in play (test_morgue checks it),
     * and nothing after changes it */
    input_key(input, AK_F1);
    input_key(input, AK_F1);
    Screen screen = input_screen(input);
    uint64_t before = digest(input);
    Point cursor = input->cursor;
    const DebugViews *views = &input->views;
    bool *toggles[] = {&input->views.reveal, &input->views.tiles, &input->views.distances,
                       &input->views.monster_list};
    for (int key = AK_F1; key <= AK_F12; ++key) {
        if (key == AK_F6 || key == AK_F7) continue;
        bool shown = key <= AK_F4;
        bool was = shown && *toggles[key - AK_F1];
        CHECK_INT(input_key(input, key), shown ? INPUT_REDRAW : INPUT_NOTHING);
        if (shown) CHECK(*toggles[key - AK_F1] == !was);
        input_key(input, key);   /* and back */
    }
    int presses = 0;
    do {
        CHECK_INT(input_key(input, AK_F6), INPUT_REDRAW);
        ++presses;
    } while (views->growing && presses < 50);
    CHECK_INT(presses, CAVE_STEPS + 3);   /* the fill, each step, the flood fill, back */
    presses = 0;
    do {
        CHECK_INT(input_key(input, AK_F7), INPUT_REDRAW);
        ++presses;
    } while (views->vault_shown >= 0 && presses < 100);
    CHECK_INT(presses, data.vault_count + 1);   /* each vault, then back */
    CHECK(!views->reveal && !views->distances && !views->monster_list && !views->tiles);
    CHECK_INT(input_screen(input), screen);
    CHECK(digest(input) == before);
    CHECK(point_eq(input->cursor, cursor));
}

static void debug_keys_change_no_run(void)
{
    debug_views = true;
    save_a_run();
    Input input;
    open_input(&input, 2, 3, true);
    every_debug_key(&input);                        /* the title */
    input_key(&input, 'n');
    every_debug_key(&input);                        /* playing */
    input_key(&input, 'x');
    input_key(&input, 'l');
    every_debug_key(&input);                        /* looking */
    input_key(&input, 'x');
    static const char *const opening[] = {"i", "c", "\x1b"};
    for (size_t i = 0; i < sizeof opening / sizeof opening[0]; ++i) {
        press(&input, opening[i]);                  /* the pack, closing, the menu */
        every_debug_key(&input);
        input_key(&input, AK_ESC);
    }
    /* a question: the stairs, with floor 3's Amulet still on the floor */
    Run *run = input.session.run;
    run_debug_player(run)->pos = run_level(run)->stairs;
    run_debug_refresh(run);
    input_key(&input, '>');
    CHECK_INT(input_screen(&input), SCREEN_CONFIRMING);
    every_debug_key(&input);
    input_key(&input, 'n');
    input_free(&input);
    open_input(&input, DEATH_SEED, DEATH_FLOOR, false);
    die(&input);
    every_debug_key(&input);                        /* the death screen */
    input_free(&input);
    debug_views = false;
}

/* ---- Choosing a class ----------------------------------------------------- */

static void open_choosing(Input *input, uint64_t seed, int floor)
{
    InputSetup setup = {.data = &data, .slot = &slot, .seed = seed, .start_floor = floor, .offer_title = true,
                        .choose_class = true};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

static uint64_t digest_as(uint64_t seed, int floor, int class_index)
{
    Run *run = run_new_as(&data, seed, floor, class_index);
    uint64_t value = save_digest(run);
    run_free(run);
    return value;
}

static bool choice_has(const Input *input, const char *text)
{
    ScreenClassChoice choice;
    screen_class_choice(input, 100, &choice);
    for (int i = 0; i < choice.count; ++i) {
        if (choice.lines[i].kind == PANEL_TEXT && strcmp(choice.lines[i].text, text) == 0) return true;
    }
    return false;
}

/* A new player meets the classes first: the keys move, Enter or a
 * number starts, and the last chosen is chosen first next time */
static void class_choice(void)
{
    unlink(slot.class_file);
    Input input;
    open_choosing(&input, 12, 2);
    CHECK_INT(input_screen(&input), SCREEN_CLASS);
    CHECK_STR(input_screen_name(SCREEN_CLASS), "class");
    CHECK_INT(input.choice.highlighted, 0);
    CHECK(choice_has(&input, "> 1  Fighter"));
    CHECK(choice_has(&input, "  2  Rogue"));
    CHECK(choice_has(&input, "Kit: a long sword (wielded), chain mail (worn)"));
    CHECK(choice_has(&input, "34 hp, strength +1"));
    CHECK(choice_has(&input, "1-3 or Enter: start   Up/Down: move   Esc: quit"));
    CHECK_INT(press(&input, "hlx.g"), INPUT_NOTHING);   /* no run is played here */
    CHECK_INT(input_key(&input, 'j'), INPUT_REDRAW);
    CHECK_INT(input.choice.highlighted, 1);
    CHECK(choice_has(&input, "> 2  Rogue"));
    CHECK(choice_has(&input, "Kit: a dagger (wielded), leather armor (worn), 12 throwing daggers, a "
                             "scroll of magic mapping"));
    CHECK(choice_has(&input, "Knows: scrolls of magic mapping"));
    input_key(&input, AK_UP);
    input_key(&input, AK_UP);   /* round to the last */
    CHECK_INT(input.choice.highlighted, data.class_count - 1);
    CHECK_INT(input_key(&input, AK_ENTER), INPUT_NEW_RUN);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_class(input.session.run), data.class_count - 1);
    CHECK(digest(&input) == digest_as(12, 2, data.class_count - 1));
    char id[ID_SIZE];
    CHECK(slot_read_class(&slot, id) && strcmp(id, data.classes[data.class_count - 1].id) == 0);
    input_free(&input);

    /* remembered; a number starts at once */
    open_choosing(&input, 12, 2);
    CHECK_INT(input.choice.highlighted, data.class_count - 1);
    CHECK_INT(input_key(&input, '2'), INPUT_NEW_RUN);
    CHECK_INT(run_class(input.session.run), 1);
    CHECK(digest(&input) == digest_as(12, 2, 1));
    /* a run in play: no such key, and it says so */
    CHECK_INT(input_key(&input, '4'), INPUT_REDRAW);
    CHECK_STR(msg_last(run_log(input.session.run)), "Unknown key: 4. Press ? for help.");
    CHECK(digest(&input) == digest_as(12, 2, 1));
    input_free(&input);

    /* Esc at the start quits; a class gone from the data isn't chosen first */
    FILE *file = fopen(slot.class_file, "w");
    if (file != NULL) {
        fputs("wizard\n", file);
        fclose(file);
    }
    open_choosing(&input, 12, 2);
    CHECK_INT(input.choice.highlighted, 0);
    CHECK_INT(input_key(&input, '9'), INPUT_NOTHING);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_QUIT);
    input_free(&input);

    /* with a save waiting: N chooses, Esc goes back and keeps the save,
     * and only a class chosen deletes it */
    save_a_run();
    open_choosing(&input, 12, 2);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_key(&input, 'n'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_CLASS);
    CHECK(choice_has(&input, "1-3 or Enter: start   Up/Down: move   Esc: back"));
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK(slot_has_save(&slot));
    input_key(&input, 'n');
    CHECK_INT(input_key(&input, '3'), INPUT_NEW_RUN);
    CHECK(!slot_has_save(&slot));
    CHECK(digest(&input) == digest_as(12, 2, 2));
    input_free(&input);

    /* R at a run's end chooses again, for the next seed; Esc goes back */
    open_choosing(&input, DEATH_SEED, DEATH_FLOOR);
    input_key(&input, '1');
    die(&input);
    CHECK_INT(input_key(&input, 'r'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_CLASS);
    CHECK_INT(input.choice.highlighted, 0);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_DEAD);
    input_key(&input, 'r');
    CHECK_INT(input_key(&input, '2'), INPUT_NEW_RUN);
    CHECK(digest(&input) == digest_as(DEATH_SEED + 1, DEATH_FLOOR, 1));
    input_free(&input);
    unlink(slot.class_file);
}

int main(void)
{
    load_shipped_data(&data);
    char error[256];
    snprintf(home, sizeof home, "/tmp/amulets-test-input-XXXXXX");
    if (mkdtemp(home) == NULL || !slot_init(&slot, home, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "can't make a folder for the saves\n");
        return EXIT_FAILURE;
    }
    look_moves_the_cursor();
    cursor_stays_on_the_map();
    mouse_looks();
    menu();
    pack();
    title();
    damaged_save();
    other_version();
    death_screen();
    victory_screen();
    leaving();
    quitting_unsaved();
    debug_keys_change_no_run();
    class_choice();
    slot_remove(&slot);
    unlink(slot.bad);
    rmdir(home);
    data_free(&data);
    return check_done("test_input");
}
