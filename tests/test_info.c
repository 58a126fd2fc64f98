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
#include "pages.h"
#include "run_debug.h"
#include "runtest.h"
#include "scene.h"
#include "screen_dialog.h"

static GameData data;

static void open_input(Input *input, Run *run, const KeyMap *keys)
{
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1, .keys = keys};
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

/* Every line of the info page that's up, one to a line, scrolled
 * through with the moving keys as a player reads it */
static void page_text(Input *input, char *out, size_t size)
{
    enum { HEAD_ROWS = 3 };   /* the title, the hint and a gap */
    out[0] = '\0';
    int lines = pages_write(input, input->session.run, 0, NULL);
    for (int line = 0; line < lines; ++line) {
        if (line - input->info.scroll >= INFO_PAGE_LINES) input_key(input, 'j');
        ScreenDialog d;
        screen_dialog(input, input->session.run, &d);
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s\n", d.lines[HEAD_ROWS + line - input->info.scroll].text);
    }
}

/* Gives each potion and scroll kind a look of the test's own, by id */
static void set_looks(Run *run, const char *const looks[][2])
{
    for (int i = 0; looks[i][0] != NULL; ++i) {
        Look look = {"", {200, 200, 200, 255}};
        snprintf(look.name, sizeof look.name, "%s", looks[i][1]);
        CHECK(kind(looks[i][0]) >= 0);
        ident_set_look(run_debug_ident(run), kind(looks[i][0]), &look);
    }
}

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

/* \ lists every kind of potion and scroll, known or not, by its look,
 * in the looks' order (the data's would tell which look is which kind:
 * healing is the first potion of items.txt, and is listed last here) */
static void test_known_kinds(void)
{
    static const char *const LOOKS[][2] = {
        {"healing", "violet"}, {"greater_healing", "amber"}, {"strength", "murky"},
        {"poison", "crimson"}, {"regeneration", "golden"}, {"confusion", "bubbly"},
        {"teleportation", "ZIM"}, {"magic_mapping", "XOR FEH"}, {"identify", "PLIX"},
        {"fear", "ABRA"}, {"lightning", "MOZ"}, {"fireball", "KAVEL"}, {NULL, NULL},
    };
    Run *run = scene_build(&data, 5, 1, ROOM);
    set_looks(run, LOOKS);
    ident_learn(run_debug_ident(run), kind("healing"));
    ident_learn(run_debug_ident(run), kind("magic_mapping"));
    Input input;
    open_input(&input, run, NULL);
    input_key(&input, '\\');
    CHECK(dialog_has(&input, "POTIONS AND SCROLLS"));
    char text[4096];
    page_text(&input, text, sizeof text);
    CHECK_STR(text,
              "Potions: 1 of 6 known\n"
              "an amber potion\n"
              "a bubbly potion\n"
              "a crimson potion\n"
              "a golden potion\n"
              "a murky potion\n"
              "potion of healing (violet)\n"
              "  It heals some of your wounds.\n"
              "\n"
              "Scrolls: 1 of 6 known\n"
              "a scroll titled ABRA\n"
              "a scroll titled KAVEL\n"
              "a scroll titled MOZ\n"
              "a scroll titled PLIX\n"
              "scroll of magic mapping (XOR FEH)\n"
              "  It maps the whole floor, and what lies on it.\n"
              "a scroll titled ZIM\n");
    input_key(&input, AK_ESC);
    CHECK_INT(run_turn(input.session.run), 0);
    input_free(&input);
}

/* @ shows the weapon's damage (bare hands 1 to 2) and the armor's defense */
static void test_character_numbers(void)
{
    Run *run = scene_build(&data, 5, 1, ROOM);
    Input input;
    open_input(&input, run, NULL);
    input_key(&input, '@');
    CHECK(dialog_has(&input, "Weapon: a short sword, 2 to 6 damage"));
    CHECK(dialog_has(&input, "Armor: none, defense 0"));
    CHECK(!dialog_has(&input, "with your strength"));
    input_key(&input, AK_ESC);
    Player *player = run_debug_player(run);
    player->weapon = kind("long_sword");
    player->armor = kind("chain_mail");
    player->strength = 2;
    input_key(&input, '@');
    CHECK(dialog_has(&input, "Strength +2, defense 3"));
    CHECK(dialog_has(&input, "Weapon: a long sword, 3 to 9 damage"));
    CHECK(dialog_has(&input, "  a blow does 5 to 11 with your strength"));
    CHECK(dialog_has(&input, "Armor: chain mail, defense 3"));
    CHECK(!dialog_has(&input, "clanks"));
    input_key(&input, AK_ESC);
    player->weapon = -1;
    player->armor = kind("plate_armor");
    input_key(&input, '@');
    CHECK(dialog_has(&input, "Weapon: none: your bare hands, 1 to 2 damage"));
    CHECK(dialog_has(&input, "Armor: plate armor, defense 5 (it clanks)"));
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
    input_key(&input, 'e');
    CHECK(dialog_has(&input, "EXAMINE WHICH?"));
    CHECK(dialog_has(&input, "Press a letter; ) what's in hand, [ what's worn."));
    CHECK(dialog_has(&input, ") a short sword (in hand)"));
    CHECK(dialog_has(&input, "[ leather armor (worn)"));
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
    /* what's in hand and what's worn, which aren't in the pack */
    input_key(&input, ')');
    CHECK(dialog_has(&input, ") a short sword (in hand)"));
    CHECK(dialog_has(&input, "A weapon: 2 to 6 damage a blow."));
    input_key(&input, AK_ESC);
    input_key(&input, '[');
    CHECK(dialog_has(&input, "[ leather armor (worn)"));
    CHECK(dialog_has(&input, "Armor: it takes 1 off every blow."));
    input_key(&input, AK_ESC);
    input_key(&input, AK_ESC);
    /* with nothing worn, [ is no choice */
    run_debug_player(run)->armor = -1;
    input_key(&input, 'e');
    CHECK(!dialog_has(&input, "(worn)"));
    CHECK_INT(input_key(&input, '['), INPUT_NOTHING);
    CHECK(dialog_has(&input, "EXAMINE WHICH?"));
    input_key(&input, AK_ESC);
    /* the pack marks what's in hand and worn */
    run_debug_player(run)->armor = kind("leather_armor");
    input_key(&input, 'i');
    CHECK(dialog_has(&input, "a short sword (in hand)"));
    CHECK(dialog_has(&input, "leather armor (worn)"));
    input_key(&input, AK_ESC);
    CHECK_INT(run_turn(input.session.run), 0);
    input_free(&input);
}

/* The look panel's lines from the first of its own */
static void look_text(const Input *input, char *out, size_t size)
{
    ScreenPanel panel;
    screen_panel(input, input->session.run, 30, 60, &panel);
    out[0] = '\0';
    for (int i = panel.look_first; i < panel.count; ++i) {
        size_t used = strlen(out);
        if (panel.lines[i].kind == PANEL_TEXT) snprintf(out + used, size - used, "%s\n", panel.lines[i].text);
        if (panel.lines[i].kind == PANEL_BAR) snprintf(out + used, size - used, "(health)\n");
    }
}

/* Looking at a monster (x, and the mouse) says what its kind is, from
 * monsters.txt's description, wrapped to the panel; and where one was
 * seen, what was seen */
static void test_look_about(void)
{
    Run *run = scene_build(&data, 6, 3, ROOM);
    spawn(run, "jackal", (Point){3, 1}, MS_ASLEEP);
    Input input;
    open_input(&input, run, NULL);
    input_key(&input, 'x');
    input_key(&input, 'l');
    input_key(&input, 'l');
    char text[2048];
    look_text(&input, text, sizeof text);
    CHECK_STR(text,
              "Looking (Esc or x to stop):\n"
              "A jackal (asleep).\n"
              "(health)\n"
              "A lean scavenger that hunts in\n"
              "threes, sleeping and waking as\n"
              "one pack.\n"
              "Floor.\n");
    input_key(&input, AK_ESC);
    /* the mouse looks too */
    Point at = {3, 1};
    input_point(&input, &at);
    look_text(&input, text, sizeof text);
    CHECK(strstr(text, "A jackal (asleep).\n(health)\nA lean scavenger that hunts in\n") != NULL);
    /* on the floor, nothing is said of a kind */
    at = (Point){4, 2};
    input_point(&input, &at);
    look_text(&input, text, sizeof text);
    CHECK_STR(text, "You see:\nFloor.\n");
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
    test_known_kinds();
    test_character_numbers();
    test_known_and_examine();
    test_look_about();
    test_panel();
    test_panel_of_another_run();
    test_typed_ahead_dropped();
    data_free(&data);
    return check_done("test_info");
}
