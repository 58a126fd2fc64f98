/* Leaving and starting again (issue 31): R at the end of a continued run
 * starts the continued run's next seed, of its class, not the program's
 * own next seed as its first class; and Esc's menu acts only on keys not
 * typed by reflex (S saves, Q quits), so Esc then a search (s) or q never
 * leaves the game. data/keys.txt is the game's own keys written out. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"
#include "files.h"
#include "input.h"
#include "runtest.h"

/* A run that dies waiting on floor 9 (as test_input's) */
enum { DEATH_SEED = 12, DEATH_FLOOR = 9, WAITS_AT_MOST = 3000 };

static GameData data;
static Slot slot;

/* choose_class as the window does: the title first when a save waits */
static void open_input(Input *input, uint64_t seed, int floor, int class_index, bool choose_class)
{
    InputSetup setup = {.data = &data, .slot = &slot, .seed = seed, .start_floor = floor,
                        .class_index = class_index, .choose_class = choose_class,
                        .offer_title = choose_class};
    if (!input_open(input, &setup)) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
}

static int class_named(const char *id)
{
    int index = data_find_class(&data, id);
    if (index < 0) {
        fprintf(stderr, "no class is called '%s'\n", id);
        exit(EXIT_FAILURE);
    }
    return index;
}

/* Waits until the run is over; false if it never was */
static bool wait_to_die(Input *input)
{
    for (int i = 0; i < WAITS_AT_MOST && input_screen(input) == SCREEN_PLAYING; ++i) input_key(input, '.');
    return input_screen(input) == SCREEN_DEAD;
}

/* A rogue's run of DEATH_SEED saved by Esc S, continued by a program
 * started with another seed as the fighter (as `amulets --seed 900
 * --continue` would be, or the window's title's C); it dies, and R starts
 * DEATH_SEED + 1 as a rogue (in the window, by the class choice) */
static void continued_run_ends(bool choose_class)
{
    int rogue = class_named("rogue"), fighter = class_named("fighter");
    CHECK(rogue != fighter);
    Input first;
    open_input(&first, DEATH_SEED, DEATH_FLOOR, rogue, false);
    input_key(&first, AK_ESC);
    CHECK_INT(input_key(&first, 'S'), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&first);

    Input input;
    open_input(&input, 900, 1, fighter, choose_class);
    if (choose_class) {
        CHECK_INT(input_screen(&input), SCREEN_TITLE);
        CHECK_INT(input_key(&input, 'C'), INPUT_NEW_RUN);
    } else {
        CHECK(input_continue(&input));
    }
    CHECK_INT(run_seed(input.session.run), DEATH_SEED);
    CHECK_INT(run_class(input.session.run), rogue);
    CHECK(wait_to_die(&input));
    if (choose_class) {
        /* the class choice, the rogue first, for the next seed's run */
        CHECK_INT(input_key(&input, 'R'), INPUT_REDRAW);
        CHECK_INT(input_screen(&input), SCREEN_CLASS);
        CHECK_INT(input.choice.highlighted, rogue);
        CHECK_INT(input_key(&input, AK_ENTER), INPUT_NEW_RUN);
    } else {
        CHECK_INT(input_key(&input, 'R'), INPUT_NEW_RUN);
    }
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_seed(input.session.run), DEATH_SEED + 1);
    CHECK_INT(run_class(input.session.run), rogue);
    CHECK_INT(run_level(input.session.run)->depth, 1);   /* the program's start floor */
    input_free(&input);
    slot_remove(&slot);
}

/* A run never saved: R is still the next seed's, of its class */
static void straight_run_ends(void)
{
    int rogue = class_named("rogue");
    Input input;
    open_input(&input, DEATH_SEED, DEATH_FLOOR, rogue, false);
    CHECK(wait_to_die(&input));
    CHECK_INT(input_key(&input, 'R'), INPUT_NEW_RUN);
    CHECK_INT(run_seed(input.session.run), DEATH_SEED + 1);
    CHECK_INT(run_class(input.session.run), rogue);
    input_free(&input);
    slot_remove(&slot);
}

/* Esc with nothing to cancel opens the menu; a search (s) or q typed
 * after it by reflex does nothing there, and the menu's own keys are
 * the capitals */
static void menu_keys(void)
{
    Input input;
    open_input(&input, 31, 2, 0, false);
    int turns = run_turn(input.session.run);
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK_INT(input_key(&input, 's'), INPUT_NOTHING);
    CHECK_INT(input_key(&input, 'q'), INPUT_NOTHING);
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK(!slot_has_save(&slot));
    CHECK_INT(run_turn(input.session.run), turns);
    /* Esc closes it, and s searches */
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    input_key(&input, 's');
    CHECK_INT(run_turn(input.session.run), turns + 1);
    /* Q asks before quitting; S saves and quits */
    input_key(&input, AK_ESC);
    CHECK_INT(input_key(&input, 'Q'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_QUIT_ASKED);
    input_key(&input, 'n');
    CHECK_INT(input_screen(&input), SCREEN_MENU);
    CHECK_INT(input_key(&input, 'S'), INPUT_QUIT);
    CHECK(slot_has_save(&slot));
    input_free(&input);
    slot_remove(&slot);

    Command command;
    CHECK_INT(key_action(KEYS_MENU, 's', &command), KA_NONE);
    CHECK_INT(key_action(KEYS_MENU, 'q', &command), KA_NONE);
    CHECK_INT(key_action(KEYS_MENU, 'S', &command), KA_SAVE_QUIT);
    CHECK_INT(key_action(KEYS_MENU, 'Q', &command), KA_QUIT_UNSAVED);
}

/* data/keys.txt, read as a player's keys.txt, is the game's own keys:
 * the file documents what the game does */
static void shipped_keys_are_defaults(void)
{
    static PosixStore posix;
    char error[256];
    if (!CHECK(store_posix_open(&posix, AMULETS_SOURCE_DIR "/data", false, error, sizeof error))) return;
    KeyMap map, defaults;
    Errors errors = {0};
    config_read_keys(store_posix(&posix), &map, &errors);
    CHECK_INT(errors.count, 0);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    errors_clear(&errors);
    key_defaults(&defaults);
    for (int b = 0; b < KB_COUNT; ++b) {
        if (!CHECK(memcmp(map.keys[b], defaults.keys[b], sizeof map.keys[b]) == 0)) {
            fprintf(stderr, "    data/keys.txt's %s isn't the game's own\n", key_binding_name((KeyBinding)b));
        }
    }
}

int main(void)
{
    load_shipped_data(&data);
    char root[PATH_SIZE], error[SLOT_ERROR_SIZE];
    make_test_root(root, "next-run");
    if (!slot_init(&slot, root, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "%s\n", error);
        return EXIT_FAILURE;
    }
    continued_run_ends(false);
    continued_run_ends(true);
    straight_run_ends();
    menu_keys();
    shipped_keys_are_defaults();
    remove_tree(root);
    data_free(&data);
    return check_done("test_next_run");
}
