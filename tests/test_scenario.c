/* Scenario tests: one rule each, on floors built by hand from rows of
 * characters (GAME.md §3 to §6, ch12, ch15, ch19, ch20). Each test puts
 * monsters, items and traps on its floor, gives the run commands, and
 * checks what changed and the exact messages the commands gave, as the
 * log shows them ("The jackal hits you. x3"). Where the dice decide, the
 * test takes away their choice (a pocket with walls all round, armor that
 * turns every dart to 1) or repeats until the outcome comes, a bounded
 * number of times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "keyrun.h"
#include "known.h"
#include "run_debug.h"
#include "runtest.h"
#include "scene.h"
#include "save.h"
#include "said.h"

enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW };

/* Enough tries that an outcome of one chance in three (a search) fails
 * to come only one time in 10^17 */
enum { TRIES = 100 };

static GameData data;
/* The screen up over the scene's run, as the input keeps it (keyrun.h):
 * each scene's run is built anew, with nothing up */
static KeyRun keys;

/* ---- Building a floor ---------------------------------------------------- */

static Run *build(uint64_t seed, int depth, const char *const rows[])
{
    keys = keyrun_start();
    return scene_build(&data, seed, depth, rows);
}

static Point find(const char *const rows[], char c) { return scene_find(rows, c); }

static int monster_kind(const char *id)
{
    int kind = data_find_monster(&data, id);
    if (kind < 0) {
        fprintf(stderr, "no monster %s in the shipped data\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static int item_kind_in(const GameData *game_data, const char *id)
{
    int kind = data_find_item(game_data, id);
    if (kind < 0) {
        fprintf(stderr, "no item %s in the data\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

static int item_kind(const char *id)
{
    return item_kind_in(&data, id);
}

/* Puts a monster on the floor in a state; a hunter has just seen the
 * player. Returns its index, which stays good while nothing dies */
static int spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    Monster m = gen_monster(&data, monster_kind(id), pos, 0, state != MS_ASLEEP);
    m.state = state;
    m.in_view = true;   /* already seen: "comes into view" has its own test */
    if (state == MS_HUNTING) {
        m.has_last_seen = true;
        m.last_seen = run_player(run)->pos;
    }
    Level *level = run_debug_level(run);
    CHECK(lvl_add_monster(level, &m));
    run_debug_refresh(run);
    return level->monster_count - 1;
}

static Monster *monster(Run *run, int index)
{
    return &run_debug_level(run)->monsters[index];
}

static void put_item(Run *run, int kind, int count, Point pos)
{
    FloorItem item = {pos, {kind, count}, false};
    CHECK(lvl_add_item(run_debug_level(run), &item));
    run_debug_refresh(run);
}

static void put_trap(Run *run, TrapKind kind, Point pos, bool known)
{
    Trap trap = {pos, kind, known};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
}

static void give(Run *run, int kind, int count)
{
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){kind, count}));
}

/* ---- Commands ------------------------------------------------------------- */

/* Gives a command, and checks every invariant after it */
static bool order(Run *run, CommandKind kind, int arg)
{
    bool accepted = run_command(run, cmd_make(kind, arg));
    CHECK(run_invariants_hold(run));
    return accepted;
}

static bool step(Run *run, int dir) { return order(run, CMD_MOVE, dir); }
static bool wait_turn(Run *run) { return order(run, CMD_WAIT, 0); }

/* A key on the screen that's up, as the input takes it; every invariant
 * checked after it. What the key did (keyrun_press) */
static KeyAction press(Run *run, int key)
{
    KeyAction action = keyrun_press(&keys, run, key);
    CHECK(run_invariants_hold(run));
    return action;
}

/* The key for a direction, as the keypad has it */
static int dir_key(int dir)
{
    static const int KEYPAD[8] = {AK_KP8, AK_KP9, AK_KP6, AK_KP3, AK_KP2, AK_KP1, AK_KP4, AK_KP7};
    return KEYPAD[dir];
}

/* Opens the pack and uses (or drops) what's in a slot, by the keys */
static void use_slot(Run *run, int slot)
{
    CHECK_INT(press(run, 'i'), KA_NONE);
    CHECK_INT(keys.dialog.kind, DIALOG_PACK);
    press(run, 'a' + slot);
}

static void drop_slot(Run *run, int slot)
{
    CHECK_INT(press(run, 'd'), KA_NONE);
    CHECK_INT(keys.dialog.kind, DIALOG_PACK);
    press(run, 'a' + slot);
}

/* c, then the direction: closing the door there */
static void close_door(Run *run, int dir)
{
    press(run, 'c');
    CHECK_INT(keys.dialog.kind, DIALOG_CLOSING);
    press(run, dir_key(dir));
}

/* ---- Messages -------------------------------------------------------------- */

static bool same_log(const MsgLog *a, const MsgLog *b)
{
    if (msg_count(a) != msg_count(b)) return false;
    for (int i = 0; i < msg_count(a); ++i) {
        const Message *x = msg_get(a, i), *y = msg_get(b, i);
        if (strcmp(x->text, y->text) != 0 || x->count != y->count || x->read != y->read) return false;
    }
    return true;
}

static void name_of(const Run *run, int kind, int count, char *out, size_t size)
{
    run_item_name(run, (Stack){kind, count}, out, size);
}

/* ---- Doors and noise (ch19, GAME.md §3) ---------------------------------- */

/* Bumping a closed door opens it, which takes the turn, and makes a noise
 * of DOOR_OPEN_LOUDNESS from the door: sleepers within half of it wake
 * and come to see, wanderers within all of it head for the door, and the
 * rest carry on */
static void test_bump_opens_door_and_makes_noise(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#b###",    /* b: 3 steps from the door, asleep */
        "#c###",    /* c: 2 steps, asleep */
        "#.###",
        "#a+@.",    /* a: 1 step, asleep; the door; the player */
        "#.###",
        "#.###",
        "#.###",
        "#.###",
        "#v###",    /* v: 5 steps, wandering */
        "#w###",    /* w: 6 steps, wandering */
        "#.###",
        "#.###",
        "#t###",    /* where the wanderers were going */
        "#####",
        NULL,
    };
    Run *run = build(11, 1, ROWS);
    Point door = find(ROWS, '+'), target = find(ROWS, 't');
    int a = spawn(run, "giant_white_rat", find(ROWS, 'a'), MS_ASLEEP);
    int b = spawn(run, "giant_white_rat", find(ROWS, 'b'), MS_ASLEEP);
    int c = spawn(run, "giant_white_rat", find(ROWS, 'c'), MS_ASLEEP);
    int v = spawn(run, "kobold", find(ROWS, 'v'), MS_WANDERING);
    int w = spawn(run, "kobold", find(ROWS, 'w'), MS_WANDERING);
    monster(run, v)->has_target = monster(run, w)->has_target = true;
    monster(run, v)->target = monster(run, w)->target = target;
    Point player = run_player(run)->pos;

    CHECK(step(run, DIR_W));
    /* the rat that came to the door was out of sight when it opened */
    EXPECT_SAID(run, "You open the door.", "A giant white rat comes into view.");
    CHECK_INT(map_at(&run_level(run)->map, door.x, door.y), T_OPEN_DOOR);
    CHECK(point_eq(run_player(run)->pos, player));
    CHECK_INT(run_turn(run), 1);
    CHECK(!run_sees(run, find(ROWS, 'b')));   /* so it can't have stirred */

    /* Within 5 / 2 = 2 steps: awake, and gone to the door */
    CHECK(monster(run, a)->state != MS_ASLEEP);
    CHECK(point_eq(monster(run, a)->pos, door));
    CHECK(monster(run, c)->state != MS_ASLEEP);
    CHECK(point_eq(monster(run, c)->pos, (Point){1, 3}));
    /* Three steps: still asleep */
    CHECK_INT(monster(run, b)->state, MS_ASLEEP);
    CHECK(point_eq(monster(run, b)->pos, find(ROWS, 'b')));
    /* Five steps: on its way to the door; six: on its way as before */
    CHECK(monster(run, v)->has_target && point_eq(monster(run, v)->target, door));
    CHECK(point_eq(monster(run, v)->pos, (Point){1, 8}));
    CHECK(monster(run, w)->has_target && point_eq(monster(run, w)->target, target));
    CHECK(point_eq(monster(run, w)->pos, (Point){1, 11}));
    run_free(run);
}

/* A rat can't open a door, so it waits at one; a kobold opens it, which is
 * its move, and the player sees it do so */
static void test_rat_waits_kobold_opens(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#r+..@#",
        "#######",
        NULL,
    };
    Point door = find(ROWS, '+'), behind = find(ROWS, 'r');

    Run *run = build(12, 1, ROWS);
    int rat = spawn(run, "giant_white_rat", behind, MS_HUNTING);
    for (int turn = 0; turn < SEARCH_TURNS + 2; ++turn) {
        CHECK(wait_turn(run));
        EXPECT_SILENT(run);
        CHECK(point_eq(monster(run, rat)->pos, behind));
        CHECK_INT(map_at(&run_level(run)->map, door.x, door.y), T_CLOSED_DOOR);
    }
    /* It gave up the chase: the door stayed shut */
    CHECK_INT(monster(run, rat)->state, MS_WANDERING);
    run_free(run);

    run = build(12, 1, ROWS);
    int kobold = spawn(run, "kobold", behind, MS_HUNTING);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "A kobold comes into view.", "The kobold opens a door.");   /* seen, then told of */
    CHECK_INT(map_at(&run_level(run)->map, door.x, door.y), T_OPEN_DOOR);
    CHECK(point_eq(monster(run, kobold)->pos, behind));
    CHECK(run_sees(run, behind));
    CHECK(wait_turn(run));
    EXPECT_SILENT(run);
    CHECK(point_eq(monster(run, kobold)->pos, door));
    run_free(run);
}

/* c asks which way; only an open door with nothing in it closes, which
 * takes a turn and makes a little noise */
static void test_close_door(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#..#..#",
        "#.@'r.#",
        "#..#..#",
        "#######",
        NULL,
    };
    Run *run = build(13, 1, ROWS);
    Point door = find(ROWS, '\'');
    Level *level = run_debug_level(run);

    press(run, 'c');
    EXPECT_SAID(run, "Close a door: which way? (Esc to stop)");
    CHECK_INT(keys.dialog.kind, DIALOG_CLOSING);
    CHECK_INT(press(run, dir_key(DIR_W)), KA_COMMAND);
    EXPECT_SAID(run, "There's no open door there.");
    CHECK_INT(keys.dialog.kind, DIALOG_NONE);
    CHECK_INT(run_turn(run), 0);

    press(run, 'c');
    press(run, AK_ESC);   /* nothing more said */
    EXPECT_SAID(run, "Close a door: which way? (Esc to stop)");
    CHECK_INT(keys.dialog.kind, DIALOG_NONE);
    CHECK_INT(map_at(&level->map, door.x, door.y), T_OPEN_DOOR);

    /* Someone standing in the doorway, or something lying in it */
    Monster in_way = gen_monster(&data, monster_kind("jackal"), door, 0, false);
    CHECK(lvl_add_monster(level, &in_way));
    close_door(run, DIR_E);
    EXPECT_SAID(run, "Something is in the way.", "A jackal comes into view.");
    lvl_remove_monster(level, level->monster_count - 1);
    put_item(run, item_kind("dagger"), 1, door);
    close_door(run, DIR_E);
    EXPECT_SAID(run, "Something is in the way.");
    lvl_remove_item(level, level->item_count - 1);
    CHECK_INT(run_turn(run), 0);
    CHECK_INT(map_at(&level->map, door.x, door.y), T_OPEN_DOOR);

    /* The rat a step beyond the door sleeps through the opening... */
    int rat = spawn(run, "giant_white_rat", find(ROWS, 'r'), MS_ASLEEP);
    close_door(run, DIR_E);
    /* ...but not the closing: a noise of 3 reaches 3 / 2 = 1 step. It
     * was in sight when it woke, and the door is shut on it now */
    EXPECT_SAID(run, "You close the door.", "The giant white rat wakes up!");
    CHECK_INT(map_at(&level->map, door.x, door.y), T_CLOSED_DOOR);
    CHECK_INT(run_turn(run), 1);
    CHECK(monster(run, rat)->state != MS_ASLEEP);
    CHECK(point_eq(monster(run, rat)->pos, find(ROWS, 'r')));
    CHECK(!run_sees(run, find(ROWS, 'r')));

    close_door(run, DIR_E);
    EXPECT_SAID(run, "There's no open door there.");
    CHECK_INT(run_turn(run), 1);
    run_free(run);
}

/* ---- Searching (ch19) ------------------------------------------------------ */

/* Searches until something is found, each search a turn; returns how
 * many searches it took, or 0 if TRIES found nothing */
static int search_until(Run *run, bool (*found)(const Run *), const char *message)
{
    for (int i = 1; i <= TRIES; ++i) {
        CHECK(order(run, CMD_SEARCH, 0));
        CHECK_INT(run_turn(run), i);
        if (found(run)) {
            EXPECT_SAID(run, message);
            return i;
        }
        CHECK_STR(said_only(run), "You search, and find nothing.");
    }
    return 0;
}

static bool secret_door_found(const Run *run)
{
    return map_at(&run_level(run)->map, 2, 1) != T_SECRET_DOOR;
}

static bool needle_found(const Run *run)
{
    return run_level(run)->traps[0].known;
}

static void test_search(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@*.#",
        "#####",
        NULL,
    };
    Run *run = build(14, 1, ROWS);
    CHECK(search_until(run, secret_door_found, "You find a secret door!") > 0);
    CHECK_INT(map_at(&run_level(run)->map, 2, 1), T_CLOSED_DOOR);
    /* An ordinary door from now on */
    int turn = run_turn(run);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You open the door.");
    CHECK_INT(run_turn(run), turn + 1);
    run_free(run);

    static const char *const NEEDLE[] = {
        "#####",
        "#@n.#",
        "#####",
        NULL,
    };
    run = build(15, 1, NEEDLE);
    put_trap(run, TRAP_POISON_NEEDLE, find(NEEDLE, 'n'), false);
    CHECK(search_until(run, needle_found, "You find a poison needle!") > 0);
    LookInfo look;
    known_look(run, find(NEEDLE, 'n'), &look);
    CHECK_STR(look.ground, "A poison needle.");
    run_free(run);

    /* Nothing hidden: every search says so, and takes its turn */
    run = build(16, 1, NEEDLE);
    for (int i = 1; i <= 5; ++i) {
        CHECK(order(run, CMD_SEARCH, 0));
        CHECK_STR(said_only(run), "You search, and find nothing.");
        CHECK_INT(run_turn(run), i);
    }
    run_free(run);
}

/* ---- Traps (ch19) ------------------------------------------------------------ */

static const char *const TRAP_ROWS[] = {
    "#######",
    "#@t...#",
    "#######",
    NULL,
};

/* A scene with one hidden trap east of the player */
static Run *trap_scene(uint64_t seed, int depth, TrapKind kind)
{
    Run *run = build(seed, depth, TRAP_ROWS);
    put_trap(run, kind, find(TRAP_ROWS, 't'), false);
    return run;
}

static void test_dart_trap(void)
{
    /* Unarmored: 2 to 6 */
    Run *run = trap_scene(21, 1, TRAP_DART);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A dart flies out of the wall, and hits you!");
    int lost = PLAYER_HP - run_player(run)->hp;
    CHECK(lost >= DART_MIN && lost <= DART_MAX);
    CHECK(run_level(run)->traps[0].known);
    CHECK(point_eq(run_player(run)->pos, find(TRAP_ROWS, 't')));
    CHECK_INT(run_turn(run), 1);
    LookInfo look;
    known_look(run, find(TRAP_ROWS, 't'), &look);
    CHECK_STR(look.ground, "A dart trap.");
    run_free(run);

    /* In plate armor (defense 5) every dart does the least, 1 */
    run = trap_scene(22, 1, TRAP_DART);
    run_debug_player(run)->armor = item_kind("plate_armor");
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A dart flies out of the wall, and hits you!");
    CHECK_INT(run_player(run)->hp, PLAYER_HP - 1);
    run_free(run);

    /* A dart that kills */
    run = trap_scene(23, 1, TRAP_DART);
    run_debug_player(run)->hp = 1;
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A dart flies out of the wall, and hits you!", "You die...");
    CHECK_INT(run_mode(run), MODE_DEAD);
    CHECK_STR(run_player(run)->killed_by, "a dart trap");
    run_free(run);
}

static void test_poison_needle(void)
{
    Run *run = trap_scene(24, 1, TRAP_POISON_NEEDLE);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A needle pricks you. You feel very sick!");
    /* Poisoned for POISON_TURNS, the first of which has gone */
    CHECK_INT(run_player(run)->status.poisoned, POISON_TURNS - 1);
    CHECK_INT(run_player(run)->hp, PLAYER_HP - 1);
    CHECK(run_level(run)->traps[0].known);
    run_free(run);
}

/* An alarm is a noise of ALARM_LOUDNESS from the trap: it wakes sleepers
 * far off, out of sight, and draws wanderers from farther still */
static void test_alarm_trap(void)
{
    static const char *const ROWS[] = {
        "############################################",
        "#@t..............ab.............vw........g#",
        "############################################",
        NULL,
    };
    Run *run = build(25, 1, ROWS);
    Point trap = find(ROWS, 't'), goal = find(ROWS, 'g');
    put_trap(run, TRAP_ALARM, trap, false);
    int a = spawn(run, "jackal", find(ROWS, 'a'), MS_ASLEEP);        /* 15 steps */
    int b = spawn(run, "jackal", find(ROWS, 'b'), MS_ASLEEP);        /* 16 */
    int v = spawn(run, "giant_white_rat", find(ROWS, 'v'), MS_WANDERING);  /* 30 */
    int w = spawn(run, "giant_white_rat", find(ROWS, 'w'), MS_WANDERING);  /* 31 */
    monster(run, v)->has_target = monster(run, w)->has_target = true;
    monster(run, v)->target = monster(run, w)->target = goal;
    CHECK_INT(find(ROWS, 'a').x - trap.x, ALARM_LOUDNESS / 2);
    CHECK_INT(find(ROWS, 'v').x - trap.x, ALARM_LOUDNESS);

    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "An alarm rings out across the floor!");
    CHECK(run_level(run)->traps[0].known);
    CHECK(monster(run, a)->state != MS_ASLEEP);
    CHECK(point_eq(monster(run, a)->pos, (Point){find(ROWS, 'a').x - 1, 1}));
    CHECK_INT(monster(run, b)->state, MS_ASLEEP);
    CHECK(point_eq(monster(run, v)->target, trap));
    CHECK(point_eq(monster(run, v)->pos, (Point){find(ROWS, 'v').x - 1, 1}));
    CHECK(point_eq(monster(run, w)->target, goal));
    CHECK(point_eq(monster(run, w)->pos, (Point){find(ROWS, 'w').x + 1, 1}));
    run_free(run);
}

/* The teleport trap's cell is found by tries at random, which a floor
 * of a few cells would run out of: this one is a big hall */
static void test_teleport_trap(void)
{
    Run *run = build(26, 1, (const char *const[]){"#######", "#@t...#", "#######", NULL});
    run_debug_clear_level(run, 1);   /* the whole map a hall */
    Level *level = run_debug_level(run);
    level->has_stairs = true;
    level->stairs = (Point){MAP_W - 2, MAP_H - 2};
    map_set(&level->map, MAP_W - 2, MAP_H - 2, T_STAIRS);
    run_debug_player(run)->pos = find(TRAP_ROWS, '@');
    Point trap = find(TRAP_ROWS, 't');
    put_trap(run, TRAP_TELEPORT, trap, false);
    run_debug_refresh(run);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "The floor flashes, and you're somewhere else!");
    Point now = run_player(run)->pos;
    CHECK(!point_eq(now, trap));
    CHECK(map_walkable(&run_level(run)->map, now.x, now.y));
    CHECK(run_level(run)->traps[0].known);
    CHECK_INT(run_turn(run), 1);
    run_free(run);
}

/* A trapdoor drops the player to the next floor, with a fall; the turn
 * ends there, before anything on the new floor stirs, so even the
 * player's poison doesn't tick */
static void test_trapdoor(void)
{
    Run *run = trap_scene(27, 1, TRAP_TRAPDOOR);
    run_debug_player(run)->status.poisoned = 3;
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A trapdoor opens under you!", "You fall through to floor 2.");
    CHECK_INT(run_level(run)->depth, 2);
    CHECK_INT(run_turn(run), 1);
    int lost = PLAYER_HP - run_player(run)->hp;
    CHECK(lost >= FALL_MIN && lost <= FALL_MAX);
    CHECK_INT(run_player(run)->status.poisoned, 3);
    CHECK_INT(run_mode(run), MODE_PLAYING);
    run_free(run);

    /* To the bottom */
    run = trap_scene(28, 8, TRAP_TRAPDOOR);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A trapdoor opens under you!", "You fall through to floor 9.",
                "This is the bottom of the dungeon.");
    CHECK_INT(run_level(run)->depth, LAST_FLOOR);
    run_free(run);

    /* A fall that kills happens on the floor the trapdoor was on */
    run = trap_scene(29, 1, TRAP_TRAPDOOR);
    run_debug_player(run)->hp = FALL_MIN;
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "A trapdoor opens under you!", "You die...");
    CHECK_INT(run_mode(run), MODE_DEAD);
    CHECK_INT(run_level(run)->depth, 1);
    CHECK_STR(run_player(run)->killed_by, "a fall through a trapdoor");
    run_free(run);
}

/* ---- Questions (ch19, ch20) --------------------------------------------------- */

/* A step onto a trap the player knows of asks first; only yes takes it */
static void test_confirm_step_onto_trap(void)
{
    Run *run = trap_scene(31, 1, TRAP_DART);
    run_debug_level(run)->traps[0].known = true;
    Point start = run_player(run)->pos;
    CHECK(!step(run, DIR_E));   /* the rules take it only with its yes */
    int answers[] = {'n', AK_ESC, '.'};   /* any answer but y is no */
    for (int i = 0; i < 3; ++i) {
        press(run, dir_key(DIR_E));
        EXPECT_SAID(run, "Step onto the dart trap? (y or n)");
        CHECK_INT(keys.dialog.kind, DIALOG_QUESTION);
        CHECK_INT(keys.dialog.question, CONFIRM_STEP);
        press(run, answers[i]);
        EXPECT_SAID(run, "You stay where you are.");
        CHECK_INT(keys.dialog.kind, DIALOG_NONE);
        CHECK(point_eq(run_player(run)->pos, start));
        CHECK_INT(run_turn(run), 0);
        CHECK_INT(run_player(run)->hp, PLAYER_HP);
    }
    press(run, dir_key(DIR_E));
    CHECK_INT(press(run, 'y'), KA_COMMAND);
    EXPECT_SAID(run, "A dart flies out of the wall, and hits you!");
    CHECK(point_eq(run_player(run)->pos, find(TRAP_ROWS, 't')));
    CHECK(run_player(run)->hp < PLAYER_HP);
    CHECK_INT(run_turn(run), 1);
    /* Standing on it, waiting asks nothing and springs nothing */
    int hp = run_player(run)->hp;
    CHECK(wait_turn(run));
    EXPECT_SILENT(run);
    CHECK_INT(run_player(run)->hp, hp);
    run_free(run);
}

/* Going down with the floor's Amulet still lying on it asks first */
static void test_confirm_leaving_amulet(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#>..A.#",
        "#######",
        NULL,
    };
    Run *run = build(32, 3, ROWS);
    run_debug_player(run)->pos = find(ROWS, '>');
    put_item(run, item_kind("amulet"), 1, find(ROWS, 'A'));
    CHECK(!order(run, CMD_DESCEND, 0));   /* the rules take it only with its yes */
    int answers[] = {'n', AK_ESC};
    for (int i = 0; i < 2; ++i) {
        press(run, '>');
        EXPECT_SAID(run, "Leave this floor's Amulet behind for good? (y or n)");
        CHECK_INT(keys.dialog.kind, DIALOG_QUESTION);
        CHECK_INT(keys.dialog.question, CONFIRM_DESCEND);
        press(run, answers[i]);
        EXPECT_SAID(run, "You stay where you are.");
        CHECK_INT(run_level(run)->depth, 3);
        CHECK_INT(run_turn(run), 0);
    }
    press(run, '>');
    CHECK_INT(press(run, 'y'), KA_COMMAND);
    /* (and whatever comes into view there) */
    CHECK(said_among(run, "You go down the stairs to floor 4."));
    CHECK_INT(run_level(run)->depth, 4);
    CHECK_INT(run_player(run)->amulets, 0);
    CHECK_INT(run_turn(run), 1);
    run_free(run);

    /* Picked up, it's not left behind: no question */
    run = build(33, 3, ROWS);
    run_debug_player(run)->pos = find(ROWS, '>');
    put_item(run, item_kind("amulet"), 1, find(ROWS, 'A'));
    for (int i = 0; i < 3; ++i) CHECK(step(run, DIR_E));
    CHECK(order(run, CMD_PICK_UP, 0));
    for (int i = 0; i < 3; ++i) CHECK(step(run, DIR_W));
    CHECK(order(run, CMD_DESCEND, 0));
    CHECK(said_among(run, "You go down the stairs to floor 4."));
    CHECK_INT(run_player(run)->amulets, 1);
    run_free(run);
}

/* ---- Going down (ch15) ------------------------------------------------------------ */

static void test_descend(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@.>#",
        "#####",
        NULL,
    };
    Run *run = build(34, 1, ROWS);
    CHECK(order(run, CMD_DESCEND, 0));
    EXPECT_SAID(run, "There are no stairs down here.");
    CHECK_INT(run_turn(run), 0);
    CHECK(step(run, DIR_E));
    CHECK(step(run, DIR_E));
    CHECK(order(run, CMD_DESCEND, 0));
    EXPECT_SAID(run, "You go down the stairs to floor 2.");
    CHECK_INT(run_level(run)->depth, 2);
    CHECK_INT(run_turn(run), 3);
    CHECK_INT(run_player(run)->hp, PLAYER_HP);
    run_free(run);

    run = build(35, 8, ROWS);
    run_debug_player(run)->pos = find(ROWS, '>');
    CHECK(order(run, CMD_DESCEND, 0));
    EXPECT_SAID(run, "You go down the stairs to floor 9.", "This is the bottom of the dungeon.");
    CHECK_INT(run_level(run)->depth, LAST_FLOOR);
    CHECK(!run_level(run)->has_stairs);
    int turn = run_turn(run);
    CHECK(order(run, CMD_DESCEND, 0));
    EXPECT_SAID(run, "There are no stairs down here.");
    CHECK_INT(run_turn(run), turn);
    run_free(run);
}

/* ---- The pack (ch12, ch15, ch20) -------------------------------------------------- */

static void test_gold_amulets_and_winning(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@$1A.#",
        "#######",
        NULL,
    };
    Run *run = build(41, 3, ROWS);
    put_item(run, item_kind("gold"), 19, find(ROWS, '$'));
    put_item(run, item_kind("gold"), 1, find(ROWS, '1'));
    put_item(run, item_kind("amulet"), 1, find(ROWS, 'A'));

    /* walking onto gold takes it, in the step */
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You pick up 19 gold pieces.");
    CHECK_INT(run_player(run)->gold, 19);
    CHECK_INT(run_turn(run), 1);
    CHECK(order(run, CMD_PICK_UP, 0));
    EXPECT_SAID(run, "There's nothing here to pick up.");
    CHECK_INT(run_turn(run), 1);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You pick up a gold piece.");
    CHECK_INT(run_player(run)->gold, 20);

    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You see the Amulet of SDL here.");
    CHECK(order(run, CMD_PICK_UP, 0));
    /* the pick-up straight after the step makes its line one */
    EXPECT_SAID(run, "You pick up the Amulet of SDL.", "That's 1 of the 3 Amulets.");
    CHECK_INT(said_lines(run, "You see the Amulet of SDL here."), 0);
    CHECK_INT(run_player(run)->amulets, 1);
    CHECK_INT(run_player(run)->pack.count, 0);   /* counted, not carried */
    CHECK_INT(run_turn(run), 4);
    CHECK_INT(run_mode(run), MODE_PLAYING);

    put_item(run, item_kind("amulet"), 1, run_player(run)->pos);
    CHECK(order(run, CMD_PICK_UP, 0));
    EXPECT_SAID(run, "You pick up the Amulet of SDL.", "That's 2 of the 3 Amulets.");
    CHECK_INT(run_turn(run), 5);

    /* The third wins at once: no turn passes after it */
    put_item(run, item_kind("amulet"), 1, run_player(run)->pos);
    CHECK(order(run, CMD_PICK_UP, 0));
    EXPECT_SAID(run, "You pick up the Amulet of SDL.", "You have all three Amulets!");
    CHECK_INT(run_mode(run), MODE_WON);
    CHECK_INT(run_player(run)->amulets, 3);
    CHECK_INT(run_turn(run), 5);
    CHECK(!order(run, CMD_WAIT, 0));
    run_free(run);
}

/* Two of a kind make one stack, named with its count, by its look until
 * the kind is known, in the log, the pack and the look panel alike */
static void test_stacks_join(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@ab.c#",
        "#######",
        NULL,
    };
    Run *run = build(42, 1, ROWS);
    int healing = item_kind("healing");
    put_item(run, healing, 1, find(ROWS, 'a'));
    put_item(run, healing, 1, find(ROWS, 'b'));
    put_item(run, healing, 2, find(ROWS, 'c'));
    const char *color = ident_look(run_ident(run), healing)->name;
    char one[96], two[96], text[160];
    snprintf(one, sizeof one, "%s %s potion", strchr("aeiou", color[0]) ? "an" : "a", color);
    snprintf(two, sizeof two, "2 %s potions", color);

    CHECK(step(run, DIR_E));
    snprintf(text, sizeof text, "You see %s here.", one);
    EXPECT_SAID(run, text);
    CHECK(order(run, CMD_PICK_UP, 0));
    snprintf(text, sizeof text, "You pick up %s.", one);
    EXPECT_SAID(run, text);
    CHECK(step(run, DIR_E));
    CHECK(order(run, CMD_PICK_UP, 0));
    /* each "You see" became its pick-up, and the two lines are one */
    char twice[200];
    snprintf(twice, sizeof twice, "%s x2", text);
    EXPECT_SAID(run, twice);
    const Pack *pack = &run_player(run)->pack;
    CHECK_INT(pack->count, 1);
    CHECK_INT(pack->slots[0].kind, healing);
    CHECK_INT(pack->slots[0].count, 2);
    char name[96];
    name_of(run, healing, 2, name, sizeof name);
    CHECK_STR(name, two);

    LookInfo look;
    known_look(run, find(ROWS, 'c'), &look);
    snprintf(text, sizeof text, "%s.", two);
    CHECK_STR(look.item, text);

    ident_learn(run_debug_ident(run), healing);
    name_of(run, healing, 2, name, sizeof name);
    CHECK_STR(name, "2 potions of healing");
    name_of(run, healing, 1, name, sizeof name);
    CHECK_STR(name, "a potion of healing");
    known_look(run, find(ROWS, 'c'), &look);
    CHECK_STR(look.item, "2 potions of healing.");

    /* The other classes' names */
    int mapping = item_kind("magic_mapping");
    const char *title = ident_look(run_ident(run), mapping)->name;
    snprintf(text, sizeof text, "3 scrolls titled %s", title);
    name_of(run, mapping, 3, name, sizeof name);
    CHECK_STR(name, text);
    ident_learn(run_debug_ident(run), mapping);
    name_of(run, mapping, 3, name, sizeof name);
    CHECK_STR(name, "3 scrolls of magic mapping");
    name_of(run, item_kind("dagger"), 1, name, sizeof name);
    CHECK_STR(name, "a dagger");
    name_of(run, item_kind("leather_armor"), 1, name, sizeof name);
    CHECK_STR(name, "leather armor");
    run_free(run);
}

/* A cell holds one stack: dropping onto another kind is refused, and
 * takes no turn; onto the same kind, the stacks join */
static void test_drop(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@h.#",
        "#####",
        NULL,
    };
    Run *run = build(43, 1, ROWS);
    int healing = item_kind("healing"), dagger = item_kind("dagger");
    ident_learn(run_debug_ident(run), healing);

    press(run, 'd');
    EXPECT_SAID(run, "You have nothing to drop.");
    CHECK_INT(keys.dialog.kind, DIALOG_NONE);

    give(run, healing, 2);
    give(run, dagger, 1);
    put_item(run, dagger, 1, run_player(run)->pos);
    drop_slot(run, 0);
    EXPECT_SAID(run, "There's already something here.");
    CHECK_INT(run_mode(run), MODE_PLAYING);
    CHECK_INT(run_turn(run), 0);
    CHECK_INT(run_player(run)->pack.count, 2);

    /* The dagger joins the dagger */
    drop_slot(run, 1);
    EXPECT_SAID(run, "You drop a dagger.");
    CHECK_INT(run_turn(run), 1);
    CHECK_INT(run_level(run)->items[0].stack.count, 2);
    CHECK_INT(run_level(run)->item_count, 1);

    /* Onto a potion of healing, the two join it */
    put_item(run, healing, 1, find(ROWS, 'h'));
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You see a potion of healing here.");
    drop_slot(run, 0);
    EXPECT_SAID(run, "You drop 2 potions of healing.");
    CHECK_INT(run_turn(run), 3);
    CHECK_INT(run_player(run)->pack.count, 0);
    int here = lvl_item_at(run_level(run), find(ROWS, 'h'));
    CHECK(here >= 0 && run_level(run)->items[here].stack.count == 3);
    run_free(run);
}

/* The scroll of identify: read (no turn yet), then a choice (the turn);
 * a known choice says so and waits; Esc puts the scroll back, as Esc
 * while aiming a scroll does; nothing to learn spends it */
static void test_identify(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@..#",
        "#####",
        NULL,
    };
    Run *run = build(44, 1, ROWS);
    int identify = item_kind("identify"), healing = item_kind("healing"), poison = item_kind("poison");
    give(run, identify, 2);
    give(run, healing, 1);
    give(run, poison, 1);
    char unknown[96], text[160];
    name_of(run, identify, 1, unknown, sizeof unknown);
    char healing_look[96];
    name_of(run, healing, 1, healing_look, sizeof healing_look);

    use_slot(run, 0);
    snprintf(text, sizeof text, "You read %s.", unknown);
    EXPECT_SAID(run, text, "It was a scroll of identify.", "Choose an item to identify.");
    CHECK_INT(keys.dialog.kind, DIALOG_PACK);
    CHECK_INT(keys.dialog.pack_for, INV_IDENTIFY);
    CHECK_INT(run_turn(run), 0);   /* the choice will take the turn */

    press(run, 'a');   /* the other scroll, known now */
    EXPECT_SAID(run, "You already know what that is.");
    CHECK_INT(keys.dialog.kind, DIALOG_PACK);
    CHECK_INT(run_turn(run), 0);
    CHECK_INT(press(run, 'b'), KA_COMMAND);
    EXPECT_SAID(run, "You read a scroll of identify.", "You identify a potion of healing.");
    CHECK(run_kind_known(run, healing));
    CHECK(!run_kind_known(run, poison));
    CHECK_INT(run_mode(run), MODE_PLAYING);
    CHECK_INT(run_turn(run), 1);   /* the choice took it */

    /* Put away unchosen, the scroll stays at its letter (the reading and
     * its choice are one command, not yet made), and no turn passes */
    use_slot(run, 0);
    EXPECT_SAID(run, "Choose an item to identify.");
    CHECK_INT(run_turn(run), 1);
    CHECK_INT(pack_find(&run_player(run)->pack, identify), 0);
    press(run, AK_ESC);
    CHECK_INT(keys.dialog.kind, DIALOG_NONE);
    CHECK(!run_kind_known(run, poison));
    CHECK_INT(run_player(run)->pack.count, 3);
    CHECK_INT(pack_find(&run_player(run)->pack, identify), 0);
    CHECK_INT(run_turn(run), 1);

    /* With nothing left to learn, reading one spends it, and the turn */
    ident_learn(run_debug_ident(run), poison);
    use_slot(run, 0);
    EXPECT_SAID(run, "You read a scroll of identify.", "You already know everything you carry.");
    CHECK_INT(run_mode(run), MODE_PLAYING);
    CHECK_INT(run_turn(run), 2);
    CHECK_INT(pack_find(&run_player(run)->pack, identify), -1);
    run_free(run);
}

/* A whole file into memory, NUL-terminated, for the caller to free */
static bool read_file(const char *path, char **text, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return false;
    size_t size = 0, capacity = 1 << 16;
    char *buffer = malloc(capacity);
    size_t got;
    while (buffer != NULL && (got = fread(buffer + size, 1, capacity - size - 1, file)) > 0) {
        size += got;
        if (size + 1 >= capacity) {
            capacity *= 2;
            char *bigger = realloc(buffer, capacity);
            if (bigger == NULL) free(buffer);
            buffer = bigger;
        }
    }
    fclose(file);
    if (buffer == NULL) return false;
    buffer[size] = '\0';
    *text = buffer;
    *length = size;
    return true;
}

/* The shipped data with four more kinds of potion, so that twenty-one
 * kinds besides the short sword can be carried: with the shipped items
 * alone (eighteen) the pack never fills */
static void load_bigger_data(GameData *bigger)
{
    static const char *const FILES[] = {"monsters.txt", "items.txt", "vaults.txt", "classes.txt"};
    char *texts[4] = {NULL, NULL, NULL, NULL};
    size_t lengths[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
        char path[512];
        snprintf(path, sizeof path, "%s/data/%s", AMULETS_SOURCE_DIR, FILES[i]);
        if (!read_file(path, &texts[i], &lengths[i])) {
            fprintf(stderr, "can't read %s\n", path);
            exit(EXIT_FAILURE);
        }
    }
    static const char EXTRA[] =
        "\n[potion]\nid = extra_a\nname = extra a\ntile = potion\nfrequency = 1\neffect = heal\n"
        "\n[potion]\nid = extra_b\nname = extra b\ntile = potion\nfrequency = 1\neffect = heal\n"
        "\n[potion]\nid = extra_c\nname = extra c\ntile = potion\nfrequency = 1\neffect = heal\n"
        "\n[potion]\nid = extra_d\nname = extra d\ntile = potion\nfrequency = 1\neffect = heal\n";
    char *items = malloc(lengths[1] + sizeof EXTRA);
    if (items == NULL) exit(EXIT_FAILURE);
    memcpy(items, texts[1], lengths[1]);
    memcpy(items + lengths[1], EXTRA, sizeof EXTRA);
    Errors errors = {0};
    bool ok = data_load_texts(bigger, texts[0], lengths[0], items, lengths[1] + sizeof EXTRA - 1,
                              texts[2], lengths[2], texts[3], lengths[3], &errors);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
    errors_clear(&errors);
    free(items);
    for (int i = 0; i < 4; ++i) free(texts[i]);
    if (!ok) {
        fprintf(stderr, "the bigger data doesn't load\n");
        exit(EXIT_FAILURE);
    }
}

static void test_pack_full(void)
{
    static const char *const ROWS[] = {
        "######",
        "#@$hx#",
        "######",
        NULL,
    };
    GameData bigger = {0};
    load_bigger_data(&bigger);
    Run *run = scene_build(&bigger, 45, 1, ROWS);
    int sword = item_kind_in(&bigger, "short_sword"), dagger = item_kind_in(&bigger, "dagger");
    int last = -1;
    Pack *pack = &run_debug_player(run)->pack;
    for (int kind = 0; kind < bigger.item_count; ++kind) {
        ItemClass c = bigger.items[kind].item_class;
        if (kind == sword || c == IC_GOLD || c == IC_AMULET) continue;
        if (pack->count == PACK_SLOTS) {
            last = kind;
            break;
        }
        CHECK(pack_add(pack, (Stack){kind, kind == dagger ? 2 : 1}));
    }
    CHECK(last >= 0);
    CHECK_INT(pack->count, PACK_SLOTS);
    put_item(run, item_kind_in(&bigger, "gold"), 7, find(ROWS, '$'));
    put_item(run, item_kind_in(&bigger, "healing"), 1, find(ROWS, 'h'));
    put_item(run, last, 1, find(ROWS, 'x'));

    /* Gold goes in the purse, full pack or not */
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You pick up 7 gold pieces.");
    /* A kind already carried joins its stack */
    CHECK(step(run, DIR_E));
    int turn = run_turn(run);
    CHECK(order(run, CMD_PICK_UP, 0));
    CHECK_INT(run_turn(run), turn + 1);
    CHECK_INT(pack->slots[pack_find(pack, item_kind_in(&bigger, "healing"))].count, 2);
    /* A new kind has no slot */
    CHECK(step(run, DIR_E));
    turn = run_turn(run);
    CHECK(order(run, CMD_PICK_UP, 0));
    EXPECT_SAID(run, "Your pack is full.");
    CHECK_INT(run_turn(run), turn);
    CHECK(lvl_item_at(run_level(run), find(ROWS, 'x')) >= 0);
    CHECK_INT(pack->count, PACK_SLOTS);

    /* Wielding one dagger of two would put the sword in a slot there isn't */
    use_slot(run, pack_find(pack, dagger));
    EXPECT_SAID(run, "Your pack is full. x2");   /* the log counts it again */
    CHECK_INT(run_player(run)->weapon, sword);
    CHECK_INT(run_turn(run), turn);
    CHECK_INT(run_mode(run), MODE_PLAYING);
    run_free(run);
    data_free(&bigger);
}

/* ---- The player's statuses (GAME.md §4) ------------------------------------------------ */

static const char *const POCKET[] = {
    "###",
    "#@#",
    "###",
    NULL,
};

/* Poison takes 1 hp a turn, and there's no natural healing while it
 * lasts, not even on the turn it runs out */
static void test_poison(void)
{
    Run *run = build(51, 1, POCKET);
    Player *player = run_debug_player(run);
    player->hp = 20;
    player->status.poisoned = 3;
    run_debug_set_turn(run, HEAL_EVERY - 3);   /* the last tick falls on a healing turn */
    for (int i = 1; i <= 3; ++i) {
        CHECK(wait_turn(run));
        EXPECT_SILENT(run);
        CHECK_INT(run_player(run)->hp, 20 - i);
    }
    CHECK_INT(run_player(run)->status.poisoned, 0);
    /* Healing again: the next healing turn, and only then */
    for (int i = 0; i < HEAL_EVERY - 1; ++i) CHECK(wait_turn(run));
    CHECK_INT(run_player(run)->hp, 17);
    CHECK(wait_turn(run));
    CHECK_INT(run_player(run)->hp, 18);
    run_free(run);

    /* Killed by poison */
    run = build(52, 1, POCKET);
    run_debug_player(run)->hp = 2;
    run_debug_player(run)->status.poisoned = 5;
    CHECK(wait_turn(run));
    EXPECT_SILENT(run);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "You die...");
    CHECK_INT(run_mode(run), MODE_DEAD);
    CHECK_STR(run_player(run)->killed_by, "poison");
    run_free(run);
}

/* Potions do what they say, and their effects that last tick down */
static void test_potions(void)
{
    Run *run = build(56, 1, POCKET);
    static const char *const KNOWN[] = {"healing", "greater_healing", "poison", "confusion"};
    for (int i = 0; i < 4; ++i) {
        give(run, item_kind(KNOWN[i]), 1);
        ident_learn(run_debug_ident(run), item_kind(KNOWN[i]));
    }
    run_debug_player(run)->hp = 10;
    use_slot(run, 0);
    EXPECT_SAID(run, "You drink a potion of healing.", "You feel better.");
    CHECK_INT(run_player(run)->hp, 10 + HEAL_AMOUNT);
    run_debug_player(run)->hp = 3;
    use_slot(run, 1);   /* each potion keeps its letter as the others go */
    EXPECT_SAID(run, "You drink a potion of greater healing.", "You feel much better.");
    CHECK_INT(run_player(run)->hp, PLAYER_HP);
    use_slot(run, 2);
    EXPECT_SAID(run, "You drink a potion of poison.", "You feel very sick!");
    CHECK_INT(run_player(run)->status.poisoned, POISON_TURNS - 1);
    CHECK_INT(run_player(run)->hp, PLAYER_HP - 1);
    use_slot(run, 3);
    EXPECT_SAID(run, "You drink a potion of confusion.", "You feel confused!");
    CHECK_INT(run_player(run)->status.confused, CONFUSION_TURNS - 1);
    for (int i = 1; i < CONFUSION_TURNS - 1; ++i) {
        CHECK(wait_turn(run));
        EXPECT_SILENT(run);
    }
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "You feel less confused.");
    CHECK_INT(run_player(run)->status.confused, 0);
    CHECK_INT(run_player(run)->pack.count, 0);
    run_free(run);
}

/* Confused, half the steps go astray: a stagger into a wall costs the
 * turn, where a bump takes none */
static void test_confusion_staggers(void)
{
    Run *run = build(53, 1, POCKET);
    run_debug_player(run)->status.confused = 1000;
    int staggers = 0, bumps = 0;
    for (int i = 0; i < TRIES; ++i) {
        int turn = run_turn(run);
        CHECK(step(run, DIR_N));
        if (run_turn(run) == turn + 1) {
            ++staggers;
            CHECK_STR(said_only(run), "You stagger into the wall.");
        } else {
            ++bumps;
            CHECK_INT(run_turn(run), turn);
            CHECK_STR(said_only(run), "You bump into the wall.");
        }
    }
    CHECK(staggers > 0 && bumps > 0);
    CHECK_INT(run_turn(run), staggers);
    run_free(run);
}

/* A stagger isn't chosen, so a stagger onto a known trap isn't asked
 * about; a step that is, once answered yes, has had its roll */
static void test_stagger_onto_known_trap(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#...#",
        "#.@.#",
        "#...#",
        "#####",
        NULL,
    };
    Run *run = build(54, 1, ROWS);
    Point start = find(ROWS, '@');
    for (int i = 0; i < 8; ++i) put_trap(run, TRAP_ALARM, point_add(start, DIRS[i]), true);
    run_debug_player(run)->status.confused = 1000;
    bool staggered = false;
    for (int i = 0; i < TRIES && !staggered; ++i) {
        press(run, dir_key(DIR_N));
        if (keys.dialog.kind == DIALOG_QUESTION) {
            EXPECT_SAID(run, "Step onto the alarm trap? (y or n)");
            press(run, 'n');
            EXPECT_SAID(run, "You stay where you are.");
            CHECK(point_eq(run_player(run)->pos, start));
            continue;
        }
        staggered = true;
        EXPECT_SAID(run, "An alarm rings out across the floor!");
        CHECK(!point_eq(run_player(run)->pos, start));
        CHECK(lvl_trap_at(run_level(run), run_player(run)->pos) >= 0);
        CHECK_INT(run_turn(run), 1);
    }
    CHECK(staggered);
    run_free(run);

    /* Yes takes the step asked about, every time: were it rolled again,
     * half the steps would go astray */
    run = build(55, 1, ROWS);
    for (int i = 0; i < 8; ++i) put_trap(run, TRAP_ALARM, point_add(start, DIRS[i]), true);
    run_debug_player(run)->status.confused = 1000;
    int confirmed = 0;
    for (int i = 0; i < TRIES && confirmed < 20; ++i) {
        press(run, dir_key(DIR_E));
        if (keys.dialog.kind == DIALOG_QUESTION) {
            CHECK_INT(press(run, 'y'), KA_COMMAND);
            CHECK(point_eq(run_player(run)->pos, point_add(start, DIRS[DIR_E])));
            CHECK(said_among(run, "An alarm rings out across the floor!"));
            ++confirmed;
        }
        run_debug_player(run)->pos = start;
        run_debug_refresh(run);
    }
    CHECK_INT(confirmed, 20);
    run_free(run);
}

/* ---- Monsters (GAME.md §3, ch15) --------------------------------------------------------- */

/* A pack sleeps together and wakes together: the player is told of each
 * one they see, a line each */
static void test_pack_wakes_together(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#........#",
        "#..a@....#",
        "#........#",
        "#b......c#",
        "##########",
        "#d########",
        "##########",
        NULL,
    };
    Run *run = build(61, 1, ROWS);
    int a = spawn(run, "jackal", find(ROWS, 'a'), MS_ASLEEP);
    int b = spawn(run, "jackal", find(ROWS, 'b'), MS_ASLEEP);
    int c = spawn(run, "jackal", find(ROWS, 'c'), MS_ASLEEP);
    int d = spawn(run, "jackal", find(ROWS, 'd'), MS_ASLEEP);
    monster(run, a)->pack_id = monster(run, b)->pack_id = monster(run, c)->pack_id = 1;
    monster(run, d)->pack_id = 2;

    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal wakes up!", "The jackal wakes up!", "The jackal wakes up!");   /* one each */
    CHECK_INT(monster(run, a)->state, MS_HUNTING);
    CHECK_INT(monster(run, b)->state, MS_HUNTING);
    CHECK_INT(monster(run, c)->state, MS_HUNTING);
    CHECK(point_eq(monster(run, b)->last_seen, run_player(run)->pos));
    /* The woken ones came on at once */
    CHECK(chebyshev(monster(run, b)->pos, run_player(run)->pos) == 2);
    CHECK(chebyshev(monster(run, c)->pos, run_player(run)->pos) == 3);
    /* Another pack sleeps on */
    CHECK_INT(monster(run, d)->state, MS_ASLEEP);
    run_free(run);
}

/* A blow wakes the monster struck, and its pack with it (ch15); the one
 * struck isn't announced, since the player knows what they hit */
static void test_blow_wakes_pack(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@w......#",
        "#........#",
        "#....v..x#",
        "##########",
        NULL,
    };
    Run *run = build(69, 4, ROWS);
    int w = spawn(run, "wolf", find(ROWS, 'w'), MS_ASLEEP);
    int v = spawn(run, "wolf", find(ROWS, 'v'), MS_ASLEEP);
    int x = spawn(run, "wolf", find(ROWS, 'x'), MS_ASLEEP);
    monster(run, w)->pack_id = monster(run, v)->pack_id = monster(run, x)->pack_id = 1;
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "You hit the wolf.", "The wolf wakes up!", "The wolf wakes up!", "The wolf hits you.");
    CHECK(monster(run, w)->hp < data.monsters[monster_kind("wolf")].hp);
    CHECK_INT(monster(run, w)->state, MS_HUNTING);
    CHECK_INT(monster(run, v)->state, MS_HUNTING);
    CHECK_INT(monster(run, x)->state, MS_HUNTING);
    CHECK(point_eq(monster(run, x)->last_seen, run_player(run)->pos));
    run_free(run);
}

/* A sleeper wakes with the player next to it, and hunts */
static void test_sleeper_wakes_when_adjacent(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@.k..#",
        "#######",
        NULL,
    };
    Run *run = build(62, 1, ROWS);
    int k = spawn(run, "kobold", find(ROWS, 'k'), MS_ASLEEP);
    CHECK(step(run, DIR_E));
    EXPECT_SAID(run, "The kobold wakes up!");
    CHECK_INT(monster(run, k)->state, MS_HUNTING);
    CHECK(monster(run, k)->has_last_seen);
    CHECK(point_eq(monster(run, k)->last_seen, run_player(run)->pos));
    CHECK(point_eq(monster(run, k)->pos, find(ROWS, 'k')));   /* waking was its move */
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The kobold hits you.");
    run_free(run);
}

/* A slow monster acts on even turns only; others every turn */
static void test_slow_monster(void)
{
    static const char *const ROWS[] = {
        "################",
        "#@............z#",
        "#.##############",
        "#.............k#",
        "################",
        NULL,
    };
    Run *run = build(63, 5, ROWS);
    int z = spawn(run, "zombified_kobold", find(ROWS, 'z'), MS_HUNTING);
    int k = spawn(run, "kobold", find(ROWS, 'k'), MS_HUNTING);
    for (int i = 0; i < 8; ++i) {
        int turn = run_turn(run);
        Point z_was = monster(run, z)->pos, k_was = monster(run, k)->pos;
        CHECK(wait_turn(run));
        CHECK_INT(!point_eq(monster(run, z)->pos, z_was), turn % 2 == 0);
        CHECK(!point_eq(monster(run, k)->pos, k_was));
    }
    CHECK_INT(monster(run, z)->pos.x, find(ROWS, 'z').x - 4);
    CHECK_INT(monster(run, k)->pos.x, find(ROWS, 'k').x - 8);
    run_free(run);
}

/* A troll heals REGENERATION a turn, asleep or awake, up to its most;
 * an ogre doesn't */
static void test_troll_regenerates(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@###T.O#",
        "#########",
        NULL,
    };
    Run *run = build(64, 7, ROWS);
    int troll = spawn(run, "forest_troll", find(ROWS, 'T'), MS_ASLEEP);
    int ogre = spawn(run, "ogre", find(ROWS, 'O'), MS_ASLEEP);
    monster(run, troll)->hp = 10;
    monster(run, ogre)->hp = 10;
    for (int i = 1; i <= 5; ++i) {
        CHECK(wait_turn(run));
        CHECK_INT(monster(run, troll)->hp, 10 + i * REGENERATION);
    }
    CHECK_INT(monster(run, ogre)->hp, 10);
    int most = data.monsters[monster_kind("forest_troll")].hp;
    monster(run, troll)->hp = most - 1;
    CHECK(wait_turn(run));
    CHECK(wait_turn(run));
    CHECK_INT(monster(run, troll)->hp, most);
    run_free(run);
}

/* A vampire heals by half the damage its blow does, up to its most */
static void test_vampire_drains(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@V.#",
        "#####",
        NULL,
    };
    Run *run = build(65, 8, ROWS);
    int v = spawn(run, "vampire", find(ROWS, 'V'), MS_HUNTING);
    monster(run, v)->hp = 10;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The vampire hits you.");
    int damage = PLAYER_HP - run_player(run)->hp;
    const MonsterDef *kind = &data.monsters[monster_kind("vampire")];
    CHECK(damage >= kind->damage_min && damage <= kind->damage_max);
    CHECK_INT(monster(run, v)->hp, 10 + damage / 2);

    monster(run, v)->hp = kind->hp;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The vampire hits you. x2");
    CHECK_INT(monster(run, v)->hp, kind->hp);
    run_free(run);
}

/* A venomous blow poisons for the venom's turns; "You are poisoned!"
 * only when the player wasn't already */
static void test_venom(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@S.#",
        "#####",
        NULL,
    };
    Run *run = build(66, 2, ROWS);
    spawn(run, "cave_spider", find(ROWS, 'S'), MS_HUNTING);
    int venom = data.monsters[monster_kind("cave_spider")].venom;
    CHECK(venom > 1);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The cave spider hits you.", "You are poisoned!");
    /* Poisoned for the venom's turns, of which the first has ticked */
    CHECK_INT(run_player(run)->status.poisoned, venom - 1);
    int damage = PLAYER_HP - run_player(run)->hp - 1;
    CHECK(damage >= 1 && damage <= 3);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The cave spider hits you.");
    CHECK_INT(run_player(run)->status.poisoned, venom - 1);
    run_free(run);
}

/* Killed by a monster: the death screen's cause, with its article */
static void test_death_cause(void)
{
    static const char *const ROWS[] = {
        "#####",
        "#@j.#",
        "#####",
        NULL,
    };
    Run *run = build(67, 1, ROWS);
    spawn(run, "jackal", find(ROWS, 'j'), MS_HUNTING);
    run_debug_player(run)->hp = 1;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you.", "You die...");
    CHECK_INT(run_mode(run), MODE_DEAD);
    CHECK_STR(run_player(run)->killed_by, "a jackal");
    CHECK_INT(run_turn(run), 1);
    run_free(run);

    run = build(68, 7, ROWS);
    spawn(run, "ogre", find(ROWS, 'j'), MS_HUNTING);
    run_debug_player(run)->hp = 1;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The ogre hits you.", "You die...");
    CHECK_STR(run_player(run)->killed_by, "an ogre");
    run_free(run);
}

/* A wanderer that sees the player hunts them */
static void test_wanderer_hunts_on_sight(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@...j....#",
        "#.........#",
        "###########",
        "#k.......t#",
        "###########",
        NULL,
    };
    Run *run = build(71, 1, ROWS);
    Point target = find(ROWS, 't');
    int j = spawn(run, "jackal", find(ROWS, 'j'), MS_WANDERING);
    int k = spawn(run, "kobold", find(ROWS, 'k'), MS_WANDERING);
    monster(run, j)->has_target = monster(run, k)->has_target = true;
    monster(run, j)->target = monster(run, k)->target = target;
    CHECK(wait_turn(run));
    EXPECT_SILENT(run);
    CHECK_INT(monster(run, j)->state, MS_HUNTING);
    CHECK(monster(run, j)->has_last_seen);
    CHECK(point_eq(monster(run, j)->last_seen, run_player(run)->pos));
    CHECK_INT(chebyshev(monster(run, j)->pos, run_player(run)->pos), 3);
    /* Out of sight, the other wanders on */
    CHECK_INT(monster(run, k)->state, MS_WANDERING);
    CHECK(point_eq(monster(run, k)->pos, (Point){2, 4}));
    run_free(run);
}

/* A hunter that can't see the player goes to where it last saw them,
 * searches there for SEARCH_TURNS turns, and then wanders */
static void test_hunter_loses_sight(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@#L......#",
        "###.......#",
        "###.......#",
        "###......m#",
        "###########",
        NULL,
    };
    Run *run = build(72, 1, ROWS);
    Point last = find(ROWS, 'L');
    int m = spawn(run, "kobold", find(ROWS, 'm'), MS_HUNTING);
    monster(run, m)->last_seen = last;
    int walk = chebyshev(find(ROWS, 'm'), last);
    for (int i = 0; i < walk; ++i) {
        CHECK(wait_turn(run));
        CHECK_INT(monster(run, m)->state, MS_HUNTING);
        CHECK_INT(chebyshev(monster(run, m)->pos, last), walk - i - 1);
    }
    for (int i = 1; i <= SEARCH_TURNS; ++i) {
        CHECK_INT(monster(run, m)->state, MS_HUNTING);
        CHECK(wait_turn(run));
        EXPECT_SILENT(run);
        CHECK_INT(monster(run, m)->search_turns, i < SEARCH_TURNS ? i : 0);
    }
    CHECK_INT(monster(run, m)->state, MS_WANDERING);
    CHECK(!monster(run, m)->has_last_seen);
    run_free(run);
}

/* Badly wounded, a monster flees; cornered, it turns at bay and fights;
 * its fear gone and its health above half, it hunts again */
static void test_flee_and_at_bay(void)
{
    static const char *const ROOM[] = {
        "###########",
        "#.........#",
        "#.........#",
        "#...@.j...#",
        "#.........#",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = build(73, 1, ROOM);
    int j = spawn(run, "jackal", find(ROOM, 'j'), MS_HUNTING);
    monster(run, j)->hp = 1;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal turns to flee!");
    CHECK_INT(monster(run, j)->state, MS_FLEEING);
    CHECK_INT(chebyshev(monster(run, j)->pos, run_player(run)->pos), 3);
    run_free(run);

    /* Afraid at full health, it flees still; not afraid, above half, it
     * hunts again */
    run = build(74, 1, ROOM);
    j = spawn(run, "jackal", find(ROOM, 'j'), MS_FLEEING);
    monster(run, j)->status.afraid = 3;
    CHECK(wait_turn(run));
    CHECK_INT(monster(run, j)->state, MS_FLEEING);
    CHECK_INT(chebyshev(monster(run, j)->pos, run_player(run)->pos), 3);
    monster(run, j)->status.afraid = 0;
    CHECK(wait_turn(run));
    CHECK_INT(monster(run, j)->state, MS_HUNTING);
    CHECK_INT(chebyshev(monster(run, j)->pos, run_player(run)->pos), 2);
    run_free(run);

    static const char *const DEAD_END[] = {
        "#######",
        "#j@...#",
        "#######",
        NULL,
    };
    run = build(75, 1, DEAD_END);
    j = spawn(run, "jackal", find(DEAD_END, 'j'), MS_HUNTING);
    monster(run, j)->hp = 1;
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal turns to flee!", "The jackal hits you.");
    CHECK_INT(monster(run, j)->state, MS_FLEEING);
    CHECK(wait_turn(run));
    EXPECT_SAID(run, "The jackal hits you. x2");
    CHECK_INT(monster(run, j)->state, MS_FLEEING);
    CHECK(point_eq(monster(run, j)->pos, find(DEAD_END, 'j')));
    run_free(run);
}

/* The scroll of fear frightens every monster in sight but those that
 * never flee (or never move) */
static void test_fear(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#.........#",
        "#.........#",
        "#..j.@..s.#",
        "#.........#",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = build(76, 5, ROWS);
    int fear = item_kind("fear");
    give(run, fear, 2);
    int j = spawn(run, "jackal", find(ROWS, 'j'), MS_HUNTING);
    int s = spawn(run, "skeleton_orc", find(ROWS, 's'), MS_HUNTING);
    char unknown[96], text[160];
    name_of(run, fear, 1, unknown, sizeof unknown);
    use_slot(run, 0);
    snprintf(text, sizeof text, "You read %s.", unknown);
    EXPECT_SAID(run, text, "It was a scroll of fear.", "The jackal turns to flee!");
    CHECK_INT(monster(run, j)->state, MS_FLEEING);
    CHECK_INT(monster(run, j)->status.afraid, FEAR_TURNS - 1);
    CHECK_INT(chebyshev(monster(run, j)->pos, run_player(run)->pos), 3);
    CHECK_INT(monster(run, s)->state, MS_HUNTING);
    CHECK_INT(monster(run, s)->status.afraid, 0);
    CHECK_INT(chebyshev(monster(run, s)->pos, run_player(run)->pos), 2);
    /* The skeleton orc keeps coming */
    CHECK(wait_turn(run));
    CHECK_INT(chebyshev(monster(run, s)->pos, run_player(run)->pos), 1);
    CHECK(wait_turn(run));
    CHECK(said_among(run, "The skeleton orc hits you."));
    CHECK_INT(monster(run, j)->state, MS_FLEEING);

    /* With only it in sight, nothing takes notice */
    lvl_remove_monster(run_debug_level(run), j);
    s = 0;
    use_slot(run, 0);
    EXPECT_SAID(run, "You read a scroll of fear.", "You hear a distant wail, and nothing else.",
                "The skeleton orc hits you.");
    CHECK_INT(monster(run, s)->status.afraid, 0);
    run_free(run);
}

/* A shrieker that sees the player shrieks at most every SHRIEK_EVERY
 * turns, and its shriek is a noise that wakes the floor, even through a
 * door */
static void test_shrieker(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@...s...#",
        "######+###",
        "######j###",
        "##########",
        NULL,
    };
    Run *run = build(77, 1, ROWS);
    int s = spawn(run, "shrieker", find(ROWS, 's'), MS_HUNTING);
    int j = spawn(run, "jackal", find(ROWS, 'j'), MS_ASLEEP);
    int shrieks = 0;
    for (int i = 0; i < 2 * SHRIEK_EVERY + 2; ++i) {
        int turn = run_turn(run);
        CHECK(wait_turn(run));
        bool shrieked = turn % SHRIEK_EVERY == 0;
        CHECK_INT(monster(run, s)->last_shriek == turn, shrieked);
        if (shrieked) {
            ++shrieks;
            char text[64];
            if (shrieks == 1) snprintf(text, sizeof text, "The shrieker shrieks!");
            else snprintf(text, sizeof text, "The shrieker shrieks! x%d", shrieks);
            EXPECT_SAID(run, text);
        } else {
            EXPECT_SILENT(run);
        }
        CHECK(monster(run, j)->state != MS_ASLEEP);
    }
    CHECK_INT(shrieks, 3);
    CHECK_INT(run_player(run)->hp, PLAYER_HP);
    run_free(run);
}

/* However they crowd, monsters never step onto the player or each other
 * (run_invariants_hold checks it after every command) */
static void test_monsters_never_overlap(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#kkk...bbb#",
        "#.........#",
        "#....@....#",
        "#.........#",
        "#jjj...fff#",
        "###########",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = build(78, 1, ROWS);
    Player *player = run_debug_player(run);
    player->hp = player->max_hp = 100000;
    static const char *const KINDS[] = {"kobold", "fruit_bat", "jackal", "giant_white_rat"};
    static const char MARKS[] = "kbjf";
    for (int y = 0; ROWS[y] != NULL; ++y) {
        for (int x = 0; ROWS[y][x] != '\0'; ++x) {
            const char *mark = strchr(MARKS, ROWS[y][x]);
            if (mark == NULL) continue;
            int m = spawn(run, KINDS[mark - MARKS], (Point){x, y}, MS_HUNTING);
            if (ROWS[y][x] == 'f') monster(run, m)->hp = 1;   /* fleeing, in the crowd */
        }
    }
    for (int i = 0; i < 40; ++i) CHECK(wait_turn(run));
    CHECK_INT(run_level(run)->monster_count, 12);
    run_free(run);
}

/* ---- Commands that aren't allowed (run.h) ------------------------------------------------- */

/* A command refused changes nothing: not the run, not its log */
static void expect_refused_command(Run *run, Command command, int line)
{
    uint64_t digest = save_digest(run);
    Mode mode = run_mode(run);
    MsgLog before = *run_log(run);
    bool accepted = run_command(run, command);
    check_at(!accepted, "the command is refused", __FILE__, line);
    check_at(save_digest(run) == digest, "the run is as it was", __FILE__, line);
    check_at(run_mode(run) == mode, "the mode is as it was", __FILE__, line);
    check_at(same_log(run_log(run), &before), "the log is as it was", __FILE__, line);
}

#define EXPECT_REFUSED(run, kind, arg) expect_refused_command((run), cmd_make((kind), (arg)), __LINE__)

static void test_refused_commands(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#.@'.j#",
        "#######",
        NULL,
    };
    Run *run = build(81, 1, ROWS);
    spawn(run, "jackal", find(ROWS, 'j'), MS_ASLEEP);
    give(run, item_kind("healing"), 1);
    CHECK(wait_turn(run));   /* something in the log, read */

    EXPECT_REFUSED(run, CMD_MOVE, 8);
    EXPECT_REFUSED(run, CMD_MOVE, -1);
    EXPECT_REFUSED(run, CMD_CLOSE_DOOR, 8);
    EXPECT_REFUSED(run, CMD_COUNT, 0);
    EXPECT_REFUSED(run, (CommandKind)200, 0);
    EXPECT_REFUSED(run, CMD_USE, 1);      /* no slot b */
    EXPECT_REFUSED(run, CMD_USE, -1);
    EXPECT_REFUSED(run, CMD_DROP, 1);
    EXPECT_REFUSED(run, CMD_WAIT, 1);     /* a part its kind doesn't take */
    expect_refused_command(run, cmd_at(cmd_make(CMD_WAIT, 0), (Point){3, 1}), __LINE__);
    expect_refused_command(run, cmd_yes(cmd_make(CMD_WAIT, 0)), __LINE__);
    expect_refused_command(run, cmd_yes(cmd_make(CMD_MOVE, DIR_E)), __LINE__);   /* asked nothing */
    expect_refused_command(run, cmd_at(cmd_make(CMD_USE, 0), (Point){3, 1}), __LINE__);   /* a potion, aimed */
    expect_refused_command(run, cmd_on(0, 0), __LINE__);
    EXPECT_REFUSED(run, CMD_THROW, 0);    /* a potion thrown, and without its cell */
    EXPECT_REFUSED(run, CMD_FIRE, 0);     /* nothing quivered */

    put_trap(run, TRAP_DART, (Point){1, 1}, true);
    EXPECT_REFUSED(run, CMD_MOVE, DIR_W);   /* not without its yes */
    CHECK(run_asks(run, cmd_make(CMD_MOVE, DIR_W), NULL, 0));
    CHECK(!run_asks(run, cmd_yes(cmd_make(CMD_MOVE, DIR_W)), NULL, 0));
    CHECK(run_command(run, cmd_yes(cmd_make(CMD_MOVE, DIR_W))));
    CHECK(run_invariants_hold(run));

    run_debug_player(run)->hp = 1;
    run_debug_player(run)->status.poisoned = 1;
    CHECK(wait_turn(run));
    CHECK_INT(run_mode(run), MODE_DEAD);
    EXPECT_REFUSED(run, CMD_WAIT, 0);
    EXPECT_REFUSED(run, CMD_MOVE, DIR_E);
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);

    test_bump_opens_door_and_makes_noise();
    test_rat_waits_kobold_opens();
    test_close_door();
    test_search();

    test_dart_trap();
    test_poison_needle();
    test_alarm_trap();
    test_teleport_trap();
    test_trapdoor();
    test_confirm_step_onto_trap();
    test_confirm_leaving_amulet();
    test_descend();

    test_gold_amulets_and_winning();
    test_stacks_join();
    test_drop();
    test_identify();
    test_pack_full();

    test_poison();
    test_potions();
    test_confusion_staggers();
    test_stagger_onto_known_trap();

    test_pack_wakes_together();
    test_blow_wakes_pack();
    test_sleeper_wakes_when_adjacent();
    test_slow_monster();
    test_troll_regenerates();
    test_vampire_drains();
    test_venom();
    test_death_cause();
    test_wanderer_hunts_on_sight();
    test_hunter_loses_sight();
    test_flee_and_at_bay();
    test_fear();
    test_shrieker();
    test_monsters_never_overlap();

    test_refused_commands();

    data_free(&data);
    return check_done("test_scenario");
}
