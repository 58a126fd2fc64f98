/* The screen model's dialogs and title (screen_dialog.h), the rows both
 * the window and the terminal paint: none while playing; the pack (and
 * only the missiles, to throw or quiver); Esc's menu and its "quit without saving?"; the
 * death screen with what killed the player; the title with a waiting
 * save, and with one that couldn't be continued; the keys they name are
 * the player's own where keys.txt rebinds them. */
#include <string.h>

#include "input.h"
#include "runtest.h"
#include "screen_dialog.h"

static GameData data;
static ScreenDialog dialog;

static void open_input(Input *input, uint64_t seed, int floor)
{
    InputSetup setup = {.data = &data, .seed = seed, .start_floor = floor};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
}

static const char *row(int i)
{
    return i < dialog.count ? dialog.lines[i].text : "(past the rows)";
}

static void pack_and_menu(void)
{
    Input input;
    open_input(&input, 5, 1);
    const Run *run = input.session.run;
    screen_dialog(&input, run, &dialog);
    CHECK(!dialog.shown);
    input_key(&input, 'i');
    screen_dialog(&input, run, &dialog);
    CHECK(dialog.shown);
    CHECK_STR(row(0), "INVENTORY");
    CHECK_STR(dialog.lines[0].aside, "Esc to close");
    CHECK_STR(row(1), "Press an item's letter to use it.");
    CHECK_STR(row(3), "Your pack is empty.");
    CHECK(dialog.rows >= dialog.count && dialog.columns > 0);
    input_key(&input, AK_ESC);
    /* with nothing to drop, d opens no pack (the log says so) */
    input_key(&input, 'd');
    screen_dialog(&input, run, &dialog);
    CHECK(!dialog.shown);
    input_key(&input, AK_ESC);
    screen_dialog(&input, run, &dialog);
    CHECK_STR(row(0), "MENU");
    CHECK_STR(row(2), "S    Save the run, and quit");
    CHECK_STR(row(4), "Esc  Back to the game");
    input_key(&input, 'Q');
    screen_dialog(&input, run, &dialog);
    CHECK_STR(row(0), "QUIT WITHOUT SAVING?");
    CHECK_STR(row(2), "This run has no save yet: it will be lost.");
    CHECK(dialog.lines[0].align == DIALOG_CENTRE);
    input_key(&input, 'n');
    screen_dialog(&input, run, &dialog);
    CHECK_STR(row(0), "MENU");
    input_free(&input);
}

/* Waiting on floor 9 is deadly for a newcomer (on seed 12, as test_input's) */
static void death(void)
{
    Input input;
    open_input(&input, 12, 9);
    const Run *run = input.session.run;
    for (int i = 0; i < 200 && run_mode(run) != MODE_DEAD; ++i) input_key(&input, '.');
    CHECK(run_mode(run) == MODE_DEAD);
    screen_dialog(&input, run, &dialog);
    char cause[160];
    snprintf(cause, sizeof cause, "Killed by %s, on turn %d.", run_player(run)->killed_by, run_turn(run));
    CHECK_STR(row(0), "YOU HAVE DIED");
    CHECK_STR(row(2), cause);
    CHECK_STR(row(4), "No record of this run was kept.");   /* a run saved nowhere */
    CHECK_STR(row(6), "Press R to play again, or Esc to quit.");
    input_free(&input);
}

static void title(void)
{
    Input input;
    open_input(&input, 5, 1);
    input.on_title = true;
    screen_title(&input, &dialog);
    CHECK_STR(row(0), "AMULETS OF SDL");
    CHECK_STR(row(3), "A saved run is waiting.");
    CHECK_STR(row(6), "C    Continue it");
    CHECK_STR(row(8), "H    The high scores");
    CHECK_INT(dialog.count, 10);
    CHECK(dialog.lines[6].align == DIALOG_BLOCK && dialog.lines[9].align == DIALOG_BLOCK);
    /* a save that couldn't be continued: why, and no C */
    input.title.failed = true;
    input.title.line_count = 2;
    snprintf(input.title.lines[0], sizeof input.title.lines[0], "The save was damaged.");
    snprintf(input.title.lines[1], sizeof input.title.lines[1], "save.txt:3: a reason");
    screen_title(&input, &dialog);
    CHECK_STR(row(3), "The save was damaged.");
    CHECK_STR(row(4), "save.txt:3: a reason");
    CHECK_STR(row(8), "N    Start a new run");
    CHECK_STR(row(10), "Esc  Quit");
    CHECK_INT(dialog.count, 11);
    input_free(&input);
}

/* The rows name the player's keys where keys.txt rebinds them */
static void rebound_keys(void)
{
    KeyMap keys;
    key_defaults(&keys);
    keys.keys[KB_SAVE_QUIT][0] = 'x';
    keys.keys[KB_SAVE_QUIT][1] = 0;
    keys.keys[KB_BACK][0] = ' ';
    keys.keys[KB_NEW_GAME][0] = AK_ENTER;
    keys.keys[KB_NEW_GAME][1] = 0;
    Input input;
    InputSetup setup = {.data = &data, .seed = 5, .start_floor = 1, .keys = &keys};
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    input_key(&input, AK_ESC);
    screen_dialog(&input, input.session.run, &dialog);
    CHECK_STR(row(2), "x    Save the run, and quit");
    CHECK_STR(row(4), "Space Back to the game");
    input_key(&input, ' ');
    input_key(&input, 'i');
    screen_dialog(&input, input.session.run, &dialog);
    CHECK_STR(dialog.lines[0].aside, "Space to close");
    input.on_title = true;
    screen_title(&input, &dialog);
    CHECK_STR(row(7), "Enter Start a new run, and lose the saved one");
    input_free(&input);
}

/* Q and t list only the missiles the rules take (a rogue's scroll of
 * magic mapping isn't one), and nothing in hand or worn; with no missile
 * neither opens, and the log says why */
static void missiles_only(void)
{
    InputSetup setup = {.data = &data, .seed = 5, .start_floor = 1, .class_index = data_find_class(&data, "rogue")};
    Input input;
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    const Run *run = input.session.run;
    static const struct { int key; const char *title, *hint, *verb; } ASKS[] = {
        {'Q', "QUIVER WHICH?", "Press the letter of a missile to quiver.", "quiver"},
        {'t', "THROW WHICH?", "Press the letter of something to throw.", "throw"},
    };
    for (int a = 0; a < 2; ++a) {
        input_key(&input, ASKS[a].key);
        screen_dialog(&input, run, &dialog);
        CHECK_STR(row(0), ASKS[a].title);
        CHECK_STR(row(1), ASKS[a].hint);
        int missiles = 0;
        for (int i = 2; i < dialog.count; ++i) {
            missiles += strstr(row(i), "throwing dagger") != NULL;
            CHECK(strstr(row(i), "scroll") == NULL);
            CHECK(strstr(row(i), "(in hand)") == NULL && strstr(row(i), "(worn)") == NULL);
        }
        CHECK_INT(missiles, 1);
        input_key(&input, AK_ESC);
    }
    /* the inventory still lists everything, what's in hand and worn too */
    input_key(&input, 'i');
    screen_dialog(&input, run, &dialog);
    bool scroll = false, in_hand = false;
    for (int i = 0; i < dialog.count; ++i) {
        scroll = scroll || strstr(row(i), "scroll") != NULL;
        in_hand = in_hand || strstr(row(i), "(in hand)") != NULL;
    }
    CHECK(scroll && in_hand);
    input_key(&input, AK_ESC);
    input_free(&input);
    /* a fighter carries no missile: Q and t open nothing, and say so */
    open_input(&input, 5, 1);
    for (int a = 0; a < 2; ++a) {
        input_key(&input, ASKS[a].key);
        screen_dialog(&input, input.session.run, &dialog);
        CHECK(!dialog.shown);
        char said[64];
        snprintf(said, sizeof said, "You have nothing to %s.", ASKS[a].verb);
        CHECK_STR(msg_last(run_log(input.session.run)), said);
    }
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    pack_and_menu();
    missiles_only();
    death();
    title();
    rebound_keys();
    data_free(&data);
    return check_done("test_screen_dialog");
}
