/* The screens about the run and the comforts around it (issue 13), as a
 * player meets them through the input layer: an unknown key is said; ?
 * lists every key from the key map (a rebound one too) and how to play;
 * Ctrl-P shows the history; @ the character; \ what's known; e examines
 * (a known and an unknown potion); the pack marks what's in hand and
 * worn; the panel lists the monsters in view and what's underfoot; and
 * keys typed ahead are dropped once the player is hurt. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "info.h"
#include "run_debug.h"
#include "runtest.h"
#include "scene.h"
#include "screen_dialog.h"

static GameData data;

static void open_input(Input *input, Run *run, const KeyMap *keys)
{
    InputSetup setup = {&data, NULL, 1, 1, false, 0, false, keys, false, NULL};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
    run_free(input->session.run);
    session_start(&input->session, NULL, run);
}

static bool dialog_has(const Input *input, const char *text)
{
    ScreenDialog d;
    screen_dialog(input, input->session.run, &d);
    for (int i = 0; i < d.count; ++i) {
        if (strstr(d.lines[i].text, text) != NULL) return true;
    }
    return false;
}

static bool panel_has(const Input *input, const char *text)
{
    ScreenPanel panel;
    screen_panel(input, input->session.run, 30, 60, &panel);
    for (int i = 0; i < panel.count; ++i) {
        if (strstr(panel.lines[i].text, text) != NULL) return true;
    }
    return false;
}

static int kind(const char *id) { return data_find_item(&data, id); }

static void spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    Monster m = gen_monster(&data, data_find_monster(&data, id), pos, 0, true);
    m.state = state;
    m.has_last_seen = state == MS_HUNTING;
    m.last_seen = run_player(run)->pos;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
}

static const char *const ROOM[] = {
    "##########",
    "#@.......#",
    "#........#",
    "##########",
    NULL,
};

static void test_unknown_key_and_help(void)
{
    KeyMap keys;
    key_defaults(&keys);
    keys.keys[KB_SEARCH][0] = 'z';   /* as keys.txt "search = z" would */
    Input input;
    open_input(&input, scene_build(&data, 3, 1, ROOM), &keys);
    CHECK_INT(input_key(&input, 'w'), INPUT_REDRAW);
    CHECK_STR(msg_last(run_log(input.session.run)), "Unknown key: w. Press ? for help.");
    CHECK_INT(run_turn(input.session.run), 0);
    CHECK_INT(input_key(&input, '?'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_INFO);
    CHECK(dialog_has(&input, "KEYS"));
    /* the rebound key, from the key map itself; scrolled to if need be */
    bool found = false;
    for (int i = 0; i < KB_COUNT && !found; ++i) {
        found = dialog_has(&input, "z                search for secret doors and traps");
        input_key(&input, 'j');
    }
    CHECK(found);
    CHECK(!dialog_has(&input, "s                search"));
    input_key(&input, AK_TAB);
    CHECK(dialog_has(&input, "HOW TO PLAY"));
    CHECK(dialog_has(&input, "Find the three Amulets of SDL"));
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    CHECK_INT(run_turn(input.session.run), 0);
    input_free(&input);
}

static void test_history_and_character(void)
{
    Run *run = scene_build(&data, 4, 1, ROOM);
    for (int i = 0; i < 30; ++i) {
        char line[32];
        snprintf(line, sizeof line, "Line number %d.", i);
        run_tell(run, line);
    }
    Input input;
    open_input(&input, run, NULL);
    input_key(&input, AK_CTRL_P);
    CHECK(dialog_has(&input, "MESSAGES"));
    CHECK(dialog_has(&input, "Line number 29."));   /* it opens at the newest */
    CHECK(!dialog_has(&input, "Line number 5."));
    for (int i = 0; i < 40; ++i) input_key(&input, 'k');
    CHECK(dialog_has(&input, "Line number 5."));
    CHECK(!dialog_has(&input, "Line number 29."));
    input_key(&input, AK_ESC);
    input_key(&input, '@');
    CHECK(dialog_has(&input, "CHARACTER"));
    CHECK(dialog_has(&input, "Adventurer, on floor 1"));
    CHECK(dialog_has(&input, "Health 30 of 30"));
    CHECK(dialog_has(&input, "Weapon: a short sword"));
    input_key(&input, AK_ESC);
    input_free(&input);
}

static void test_known_and_examine(void)
{
    Run *run = scene_build(&data, 5, 1, ROOM);
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind("healing"), 2}));
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind("poison"), 1}));
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind("arrow"), 5}));
    ident_learn(run_debug_ident(run), kind("healing"));
    run_debug_player(run)->armor = kind("leather_armor");
    Input input;
    open_input(&input, run, NULL);
    input_key(&input, '\\');
    CHECK(dialog_has(&input, "WHAT YOU KNOW"));
    CHECK(dialog_has(&input, "potions of healing"));
    CHECK(dialog_has(&input, "It heals some of your wounds."));
    CHECK(!dialog_has(&input, "potions of poison"));
    input_key(&input, AK_ESC);
    input_key(&input, 'e');
    CHECK(dialog_has(&input, "EXAMINE WHICH?"));
    input_key(&input, 'a');
    CHECK(dialog_has(&input, "It heals some of your wounds."));
    input_key(&input, AK_ESC);   /* back to the choice */
    input_key(&input, 'b');
    CHECK(dialog_has(&input, "You don't know what this does."));
    input_key(&input, AK_ESC);
    input_key(&input, 'c');
    CHECK(dialog_has(&input, "A missile: 3 to 8 damage, 10 cells, hits 90 in 100 awake."));
    CHECK(dialog_has(&input, "It needs a short bow in hand"));
    input_key(&input, AK_ESC);
    input_key(&input, AK_ESC);
    /* the pack marks what's in hand and worn */
    input_key(&input, 'i');
    CHECK(dialog_has(&input, "a short sword (in hand)"));
    CHECK(dialog_has(&input, "leather armor (worn)"));
    input_key(&input, AK_ESC);
    CHECK_INT(run_turn(input.session.run), 0);
    input_free(&input);
}

static void test_panel(void)
{
    Run *run = scene_build(&data, 6, 3, ROOM);
    spawn(run, "goblin", (Point){5, 1}, MS_ASLEEP);
    spawn(run, "kobold", (Point){3, 2}, MS_HUNTING);
    FloorItem dagger = {run_player(run)->pos, {kind("dagger"), 1}, true};
    CHECK(lvl_add_item(run_debug_level(run), &dagger));
    Input input;
    open_input(&input, run, NULL);
    CHECK(panel_has(&input, "In view:"));
    CHECK(panel_has(&input, "k kobold (hunting)"));
    CHECK(panel_has(&input, "g goblin (asleep)"));
    ScreenPanel panel;
    screen_panel(&input, run, 30, 60, &panel);
    int kobold = -1, goblin = -1;
    for (int i = 0; i < panel.count; ++i) {
        if (strcmp(panel.lines[i].text, "k kobold (hunting)") == 0) kobold = i;
        if (strcmp(panel.lines[i].text, "g goblin (asleep)") == 0) goblin = i;
    }
    CHECK(kobold >= 0 && goblin > kobold);                 /* nearest first */
    CHECK(panel.lines[kobold + 1].kind == PANEL_BAR);     /* with its health */
    CHECK(panel_has(&input, "Here: a dagger."));
    CHECK(!panel_has(&input, "Badly hurt!"));
    run_debug_player(run)->hp = 9;
    CHECK(panel_has(&input, "Badly hurt!"));
    run_debug_player(run)->pos = run_level(run)->stairs;
    CHECK(panel_has(&input, "Stairs down here."));
    input_free(&input);
}

/* Ten waits typed ahead next to a hunter: the first blow drops the rest */
/* A recording watched in the window draws the playback's run beside an
 * input whose own run is another: the panel's monsters in view are the
 * drawn run's (the input's were looked for on the other floor, and one
 * not found there read monsters[-1]) */
static void test_panel_of_another_run(void)
{
    Run *own = scene_build(&data, 6, 3, ROOM), *drawn = scene_build(&data, 7, 3, ROOM);
    spawn(own, "goblin", (Point){5, 1}, MS_ASLEEP);
    spawn(drawn, "kobold", (Point){3, 2}, MS_HUNTING);
    Input input;
    open_input(&input, own, NULL);
    ScreenPanel panel;
    screen_panel(&input, drawn, 30, 60, &panel);
    bool kobold = false, goblin = false;
    for (int i = 0; i < panel.count; ++i) {
        kobold |= strcmp(panel.lines[i].text, "k kobold (hunting)") == 0;
        goblin |= strstr(panel.lines[i].text, "goblin") != NULL;
    }
    CHECK(kobold);
    CHECK(!goblin);
    input_free(&input);
    run_free(drawn);
}

static void test_typed_ahead_dropped(void)
{
    static const char *const ROWS[] = {"#####", "#@..#", "#####", NULL};
    Run *run = scene_build(&data, 7, 2, ROWS);
    Monster m = gen_monster(&data, data_find_monster(&data, "kobold"), (Point){2, 1}, 0, true);
    m.state = MS_HUNTING;
    m.in_view = true;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
    Input input;
    open_input(&input, run, NULL);
    int keys[10];
    for (int i = 0; i < 10; ++i) keys[i] = '.';
    input_play_typed(&input, keys, 10);
    CHECK(strstr(msg_last(run_log(input.session.run)), "hits you") != NULL);
    CHECK_INT(run_turn(input.session.run), 1);   /* no turn after the first blow */
    /* pressed one by one, each is a turn */
    input_play_typed(&input, keys, 1);
    input_play_typed(&input, keys, 1);
    CHECK_INT(run_turn(input.session.run), 3);
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    test_unknown_key_and_help();
    test_history_and_character();
    test_known_and_examine();
    test_panel();
    test_panel_of_another_run();
    test_typed_ahead_dropped();
    data_free(&data);
    return check_done("test_info");
}
