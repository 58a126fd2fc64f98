/* Auto-explore, travel and rest (ch23), on floors drawn by hand: one floor
 * for each stop (a monster behind a door, hurt, a status, a trap, an item,
 * the stairs, a full pack, the floor explored), never onto a known trap,
 * a secret door found by searching an explored floor, a magic-mapped floor
 * explored at once, travel and rest; and, on generated floors, that a run
 * explored with the key gives the digest of the same commands typed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore.h"
#include "goes.h"
#include "heed.h"
#include "input.h"
#include "run_debug.h"
#include "runtest.h"
#include "said.h"
#include "save.h"
#include "scene.h"

static GameData data;

static int item(const char *id) { return scene_item(&data, id); }

static void spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    goes_spawn(&data, run, id, pos, state);
}

static void lay(Run *run, const char *id, int count, Point pos) { goes_lay(&data, run, id, count, pos); }

static void trap(Run *run, TrapKind kind, Point pos, bool known)
{
    Trap t = {pos, kind, known};
    CHECK(lvl_add_trap(run_debug_level(run), &t));
}

/* What the goes pick up (explore_start's default, unless a test says) */
static unsigned take = HEED_TAKE_DEFAULT;

static Go go(Run *run, Explorer *e, ExploreKind kind, Point target) { return goes_go(run, e, kind, target, take); }

static Go explore(Run *run, Explorer *e) { return go(run, e, EXPLORE_FLOOR, run_player(run)->pos); }

/* ---- A stop for each reason ----------------------------------------------- */

/* The door opens onto a monster: it stops there, never past the door,
 * the run saying it came into view; o again says why it won't go, once */
static void test_monster_behind_door(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@......#",
        "#######+#",
        "      #.#",
        "      #m#",
        "      ###",
        NULL,
    };
    Run *run = scene_build(&data, 11, 2, ROWS);
    spawn(run, "jackal", scene_find(ROWS, 'm'), MS_ASLEEP);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_MONSTER, "");
    CHECK_STR(msg_last(run_log(run)), "A jackal comes into view.");
    CHECK_INT(map_at(&run_level(run)->map, 7, 2), T_OPEN_DOOR);
    CHECK_INT(run_player(run)->pos.y, 1);      /* still in the room */
    /* and it won't go on while the jackal is in view */
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_MONSTER, "Not with the jackal in view.");
    CHECK_INT(g.commands, 0);
    run_free(run);
}

/* A hidden dart trap hurts; a poison needle begins a status; an alarm is
 * a trap found */
static void test_traps_sprung(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@.a....$#",
        "##########",
        NULL,
    };
    struct { TrapKind kind; ExploreStop why; const char *text; } cases[] = {
        {TRAP_DART, EXPLORE_HURT, "You stop: you are hurt."},
        {TRAP_POISON_NEEDLE, EXPLORE_STATUS, "You stop: you are poisoned."},
        {TRAP_ALARM, EXPLORE_TRAP, ""},
    };
    for (int i = 0; i < 3; ++i) {
        Run *run = scene_build(&data, 12, 2, ROWS);
        trap(run, cases[i].kind, scene_find(ROWS, 'a'), false);
        lay(run, "gold", 5, scene_find(ROWS, '$'));   /* worth walking to */
        Explorer e;
        e.marked = false;
        Go g = explore(run, &e);
        EXPECT_STOP(g, cases[i].why, cases[i].text);
        CHECK(point_eq(run_player(run)->pos, scene_find(ROWS, 'a')));
        /* a known trap now: going on steps round it or not at all */
        g = explore(run, &e);
        CHECK(!g.on_trap);
        run_free(run);
    }
}

/* A known trap in the only corridor: everything this side is explored,
 * and the player never steps on it; in a room, the way goes round */
static void test_never_onto_known_trap(void)
{
    static const char *const ROWS[] = {
        "#############",
        "#@....#.....#",
        "#.....a.....#",
        "#.....#.....#",
        "#############",
        NULL,
    };
    Run *run = scene_build(&data, 13, 2, ROWS);
    Point a = scene_find(ROWS, 'a');
    trap(run, TRAP_DART, a, true);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    CHECK(!g.on_trap);
    CHECK(!map_explored(&run_level(run)->map, 10, 2));
    CHECK(run_player(run)->pos.x < a.x);
    run_free(run);

    static const char *const ROOM[] = {
        "#########",
        "#.......#",
        "#@..a..b#",
        "#.......#",
        "#########",
        NULL,
    };
    run = scene_build(&data, 14, 2, ROOM);
    trap(run, TRAP_DART, scene_find(ROOM, 'a'), true);
    e.marked = false;
    g = go(run, &e, EXPLORE_TRAVEL, scene_find(ROOM, 'b'));
    CHECK_INT(g.why, EXPLORE_ARRIVED);
    CHECK(!g.on_trap);
    CHECK_INT(run_player(run)->hp, run_player(run)->max_hp);
    run_free(run);
}

/* An item comes into view that exploring doesn't take (a dagger, by
 * default): a stop, and it's left; one it takes (a potion) it walks to
 * and picks up without a stop, one line said; told to take weapons, it
 * takes the dagger too */
static void test_item(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@....#",
        "#####.#",
        "    #.#",
        "    #d#",
        "    ###",
        NULL,
    };
    Run *run = scene_build(&data, 15, 2, ROWS);
    lay(run, "dagger", 1, scene_find(ROWS, 'd'));
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_ITEM, "You see a dagger.");
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    CHECK(pack_find(&run_player(run)->pack, item("dagger")) < 0);
    take = HEED_TAKE_ALL;
    g = explore(run, &e);
    take = HEED_TAKE_DEFAULT;
    CHECK(pack_find(&run_player(run)->pack, item("dagger")) >= 0);
    run_free(run);

    run = scene_build(&data, 15, 2, ROWS);
    lay(run, "healing", 1, scene_find(ROWS, 'd'));
    e.marked = false;
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    CHECK(pack_find(&run_player(run)->pack, item("healing")) >= 0);
    char picked[128], name[96];
    run_item_name(run, (Stack){item("healing"), 1}, name, sizeof name);
    snprintf(picked, sizeof picked, "You pick up %s.", name);
    CHECK(said_among(run, picked));
    snprintf(picked, sizeof picked, "You see %s here.", name);
    CHECK(!said_among(run, picked));
    run_free(run);
}

/* The pack is full: it walks to the item and says so, and leaves it */
static void test_pack_full(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@..d.#",
        "#######",
        NULL,
    };
    Run *run = scene_build(&data, 16, 2, ROWS);
    Pack *pack = &run_debug_player(run)->pack;
    for (int kind = 0; kind < data.item_count && pack->count < PACK_SLOTS; ++kind) {
        ItemClass c = data.items[kind].item_class;
        if (c == IC_GOLD || c == IC_AMULET || kind == item("mace")) continue;
        if (pack_find(pack, kind) < 0) CHECK(pack_add(pack, (Stack){kind, 1}));
    }
    CHECK_INT(pack->count, PACK_SLOTS);
    lay(run, "mace", 1, scene_find(ROWS, 'd'));
    Explorer e;
    e.marked = false;
    take = HEED_TAKE_ALL;
    Go g = explore(run, &e);    /* in view from the start: no stop for it */
    EXPECT_STOP(g, EXPLORE_PACK_FULL, "Your pack is full.");
    CHECK(point_eq(run_player(run)->pos, scene_find(ROWS, 'd')));
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    take = HEED_TAKE_DEFAULT;
    run_free(run);
}

/* The stairs come into view: a stop; then explored, N steps away; G goes there */
static void test_stairs(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@....#",
        "#####.#",
        "    #.#",
        "    #>#",
        "    ###",
        NULL,
    };
    Run *run = scene_build(&data, 17, 2, ROWS);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_STAIRS, "You see the stairs down.");
    g = explore(run, &e);
    Point stairs;
    CHECK(explore_known_stairs(run, &stairs) && point_eq(stairs, scene_find(ROWS, '>')));
    int steps = chebyshev(run_player(run)->pos, stairs);   /* the corridor is straight */
    char text[80];
    snprintf(text, sizeof text, "Explored. The stairs are %d step%s away.", steps, steps == 1 ? "" : "s");
    EXPECT_STOP(g, EXPLORE_EXPLORED, text);
    g = go(run, &e, EXPLORE_TRAVEL, stairs);
    CHECK_INT(g.why, EXPLORE_ARRIVED);
    CHECK(point_eq(run_player(run)->pos, stairs));
    CHECK_INT(g.commands, steps);
    run_free(run);
}

/* A secret door at a dead end: explored, then searched a few turns at a
 * time until it's found, then the way on explored */
static void test_secret_door(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@....*...#",
        "#####.###.#",
        "    #.# #>#",
        "    ### ###",
        NULL,
    };
    Run *run = scene_build(&data, 18, 2, ROWS);
    map_set(&run_debug_level(run)->map, 5, 3, T_FLOOR);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    bool found = false;
    int searches = 0;
    for (int i = 0; i < 20 && !found; ++i) {
        g = explore(run, &e);
        if (g.why == EXPLORE_SECRET_DOOR) {
            found = true;
            CHECK(said_among(run, "You find a secret door!"));
        } else {
            EXPECT_STOP(g, EXPLORE_SEARCHED, "You search for a secret door here, and find nothing yet.");
            ++searches;
        }
    }
    CHECK(found);
    CHECK_INT(map_at(&run_level(run)->map, 6, 1), T_CLOSED_DOOR);
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_STAIRS, "You see the stairs down.");
    run_free(run);
}

/* A secret door missed each time it was searched, to the cap: o, pressed
 * on, goes round the walls again and finds it (the bot's ranger on seed
 * 83040 searched beside one EXPLORE_SEARCH_MOST times, then never again).
 * The floors whose door outlasts the cap are found by trying seeds */
static void test_search_again(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@....*...#",
        "#####.###.#",
        "    #.# #>#",
        "    ### ###",
        NULL,
    };
    Point door = scene_find(ROWS, '*');
    int outlasted = 0, tried = 0;
    for (uint64_t seed = 1; seed < 20000 && outlasted < 2; ++seed, ++tried) {
        Run *run = scene_build(&data, seed, 2, ROWS);
        map_set(&run_debug_level(run)->map, 5, 3, T_FLOOR);
        Explorer e;
        e.marked = false;
        int beside = 0;
        for (int press = 0; press < 400 && map_at(&run_level(run)->map, door.x, door.y) == T_SECRET_DOOR; ++press) {
            explore_start(&e, run, EXPLORE_FLOOR, run_player(run)->pos);
            Command command;
            char message[160];
            while (explore_next(&e, run, &command, message, sizeof message) == EXPLORE_GO) {
                beside += command.kind == CMD_SEARCH && chebyshev(run_player(run)->pos, door) == 1;
                CHECK(run_command(run, command));
            }
        }
        if (!check_at(map_at(&run_level(run)->map, door.x, door.y) == T_CLOSED_DOOR, "the door found", __FILE__, __LINE__)) {
            fprintf(stderr, "    seed %llu: searched beside it %d times\n", (unsigned long long)seed, beside);
            outlasted = 2;
        }
        outlasted += beside > EXPLORE_SEARCH_MOST;
        run_free(run);
    }
    CHECK(outlasted >= 2);
    printf("%d floors tried for two whose secret door outlasted %d searches\n", tried, EXPLORE_SEARCH_MOST);
}

/* A magic-mapped floor counts as explored */
static void test_magic_mapped(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@.......#",
        "######.###",
        "     #.#  ",
        "     #.###",
        "     #..>#",
        "     #####",
        NULL,
    };
    Run *run = scene_build(&data, 19, 2, ROWS);
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("magic_mapping"), 1}));
    CHECK(run_command(run, cmd_make(CMD_USE, 0)));
    CHECK(said_among(run, "A map of the floor forms in your mind."));
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "Explored. The stairs are 9 steps away.");
    CHECK_INT(g.commands, 0);
    run_free(run);
}

/* Rest: until hp is full, stopped by a monster coming */
static void test_rest(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@....#",
        "#######",
        NULL,
    };
    Run *run = scene_build(&data, 20, 2, ROWS);
    Explorer e;
    e.marked = false;
    Go g = go(run, &e, EXPLORE_REST, run_player(run)->pos);
    EXPECT_STOP(g, EXPLORE_RESTED, "You have no need to rest.");
    run_debug_player(run)->hp -= 3;
    g = go(run, &e, EXPLORE_REST, run_player(run)->pos);
    EXPECT_STOP(g, EXPLORE_RESTED, "You are rested.");
    CHECK_INT(run_player(run)->hp, run_player(run)->max_hp);
    CHECK(g.commands > 0);
    run_debug_player(run)->hp -= 3;
    spawn(run, "jackal", (Point){5, 1}, MS_ASLEEP);
    g = go(run, &e, EXPLORE_REST, run_player(run)->pos);
    EXPECT_STOP(g, EXPLORE_MONSTER, "Not with the jackal in view.");
    CHECK_INT(g.commands, 0);
    run_free(run);
}

/* An item the going stopped on for something else (a needle's poison,
 * a key), or stood on since, is taken by the next go, even after the
 * player drank one of its kind; one the player dropped where they stand
 * is left alone, and stays left */
static void test_stopped_on_item(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@..a...#",
        "#########",
        NULL,
    };
    Point a = scene_find(ROWS, 'a');
    /* poisoned on the item's cell, a potion of its kind drunk meanwhile */
    Run *run = scene_build(&data, 22, 2, ROWS);
    trap(run, TRAP_POISON_NEEDLE, a, false);
    lay(run, "healing", 1, a);
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("healing"), 1}));
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_STATUS, "You stop: you are poisoned.");
    CHECK(point_eq(run_player(run)->pos, a));
    int slot = pack_find(&run_player(run)->pack, item("healing"));
    CHECK(run_command(run, cmd_make(CMD_USE, slot)));
    CHECK(pack_find(&run_player(run)->pack, item("healing")) < 0);
    g = explore(run, &e);
    CHECK(pack_find(&run_player(run)->pack, item("healing")) >= 0);
    CHECK_INT(lvl_item_at(run_level(run), a), -1);
    run_free(run);

    /* a key stops it just after the step onto the item */
    run = scene_build(&data, 23, 2, ROWS);
    lay(run, "healing", 1, a);
    e.marked = false;
    explore_start(&e, run, EXPLORE_FLOOR, run_player(run)->pos);
    while (!point_eq(run_player(run)->pos, a)) {
        Command command;
        char message[160];
        CHECK_INT(explore_next(&e, run, &command, message, sizeof message), EXPLORE_GO);
        CHECK(run_command(run, command));
    }
    g = explore(run, &e);
    CHECK(pack_find(&run_player(run)->pack, item("healing")) >= 0);

    /* dropped: left where it lies, however often o is pressed */
    slot = pack_find(&run_player(run)->pack, item("healing"));
    CHECK(run_command(run, cmd_make(CMD_DROP, slot)));
    for (int i = 0; i < 4; ++i) g = explore(run, &e);   /* searching walks off */
    CHECK(lvl_item_at(run_level(run), a) >= 0);
    CHECK(pack_find(&run_player(run)->pack, item("healing")) < 0);
    run_free(run);
}

/* Resting off poison outlasts its ticks, the last one too; a new hurt
 * while poisoned stops it */
static void test_rest_poisoned(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@....#",
        "#######",
        NULL,
    };
    Run *run = scene_build(&data, 24, 2, ROWS);
    Player *player = run_debug_player(run);
    player->hp -= 10;
    player->status.poisoned = 5;
    Explorer e;
    e.marked = false;
    Go g = go(run, &e, EXPLORE_REST, player->pos);
    EXPECT_STOP(g, EXPLORE_RESTED, "You are rested.");
    CHECK_INT(player->status.poisoned, 0);
    CHECK_INT(player->hp, player->max_hp);

    player->hp -= 10;
    player->status.poisoned = 5;
    explore_start(&e, run, EXPLORE_REST, player->pos);
    Command command;
    char message[160];
    CHECK_INT(explore_next(&e, run, &command, message, sizeof message), EXPLORE_GO);
    CHECK(run_command(run, command));
    CHECK_INT(explore_next(&e, run, &command, message, sizeof message), EXPLORE_GO);
    CHECK(run_command(run, command));
    player->hp -= 2;   /* a blow */
    CHECK_INT(explore_next(&e, run, &command, message, sizeof message), EXPLORE_HURT);
    CHECK_STR(message, "You stop: you are hurt.");
    run_free(run);
}

/* Z says nothing each turn of its rest (DCSS's way), only how it ended:
 * one line, "You are rested." */
static void test_rest_quiet(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#@....#",
        "#######",
        NULL,
    };
    Run *run = scene_build(&data, 25, 2, ROWS);
    run_debug_player(run)->hp -= 6;
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1};
    Input input;
    CHECK(input_open(&input, &setup));
    run_free(input.session.run);
    session_start(&input.session, NULL, run);
    int lines = msg_count(run_log(run));
    int keys[] = {'Z'};
    input_play(&input, keys, 1);
    CHECK(run_turn(run) > 1);
    CHECK_INT(run_player(run)->hp, run_player(run)->max_hp);
    CHECK_INT(msg_count(run_log(run)), lines + 1);
    CHECK_STR(msg_last(run_log(run)), "You are rested.");
    CHECK_INT(said_lines(run, "You search, and find nothing."), 0);
    input_free(&input);
}

/* ---- Through the input: keys, and the same digest as typed --------------- */

static int typed_key(Command c)
{
    static const char MOVES[] = "kulnjbhy";
    switch (c.kind) {
    case CMD_MOVE: return MOVES[c.arg];
    case CMD_PICK_UP: return 'g';
    case CMD_SEARCH: return 's';
    case CMD_WAIT: return '.';
    default: return -1;
    }
}

/* o pressed over and over on generated floors, and the commands it gave
 * typed into a second run: the same digest */
static void test_same_as_typed(int seeds)
{
    int total = 0;
    for (int s = 0; s < seeds; ++s) {
        InputSetup setup = {.data = &data, .seed = 700 + (uint64_t)s, .start_floor = 1 + s % 4,
                            .class_index = s % data.class_count};
        Input a, b;
        CHECK(input_open(&a, &setup));
        CHECK(input_open(&b, &setup));
        Run *shadow = run_clone(a.session.run);
        int typed[4096], count = 0;
        for (int press = 0; press < 40 && count < 4000; ++press) {
            if (input_screen(&a) != SCREEN_PLAYING) break;
            /* the same command the key gives, worked out on the shadow */
            Explorer e = a.explorer;
            explore_start(&e, shadow, EXPLORE_FLOOR, run_player(shadow)->pos);
            int keys[] = {'o'};
            input_play(&a, keys, 1);
            for (;;) {
                Command command;
                char message[160];
                if (explore_next(&e, shadow, &command, message, sizeof message) != EXPLORE_GO) break;
                int key = typed_key(command);
                CHECK(key >= 0);
                CHECK(run_command(shadow, command));
                if (count < 4096) typed[count++] = key;
            }
            /* past a monster in view: a step of any kind, typed too */
            if (input_screen(&a) == SCREEN_PLAYING && count < 4096) {
                typed[count++] = 's';
                int k[] = {'s'};
                input_play(&a, k, 1);
                CHECK(run_command(shadow, cmd_make(CMD_SEARCH, 0)));
            }
        }
        input_play(&b, typed, count);
        CHECK(save_digest(a.session.run) == save_digest(b.session.run));
        CHECK(save_digest(shadow) == save_digest(a.session.run));
        total += count;
        run_free(shadow);
        input_free(&a);
        input_free(&b);
    }
    CHECK(total > seeds * 20);
}

/* A key stops it, and G while looking travels to the cursor */
static void test_keys(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@......#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 21, 2, ROWS);
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1};
    Input input;
    CHECK(input_open(&input, &setup));
    run_free(input.session.run);
    session_start(&input.session, NULL, run);
    CHECK_INT(input_key(&input, 'x'), INPUT_REDRAW);
    for (int i = 0; i < 4; ++i) input_key(&input, 'l');
    input_key(&input, 'G');            /* the first step is taken at once */
    CHECK(input_auto_going(&input));
    CHECK_INT(run_player(run)->pos.x, 2);
    input_auto_step(&input);
    CHECK_INT(run_player(run)->pos.x, 3);
    CHECK_INT(input_key(&input, 'j'), INPUT_REDRAW);   /* stops, and nothing else */
    CHECK(!input_auto_going(&input));
    CHECK_INT(run_player(run)->pos.x, 3);
    CHECK_INT(input_screen(&input), SCREEN_PLAYING);
    input_click(&input, (Point){7, 1});
    while (input_auto_going(&input)) input_auto_step(&input);
    CHECK_INT(run_player(run)->pos.x, 7);
    int keys[] = {'G'};
    input_play(&input, keys, 1);
    CHECK(said_among(run, "You don't know where the stairs are."));
    input_free(&input);
}

int main(void)
{
    load_shipped_data(&data);
    test_monster_behind_door();
    test_traps_sprung();
    test_never_onto_known_trap();
    test_item();
    test_pack_full();
    test_stairs();
    test_secret_door();
    test_search_again();
    test_magic_mapped();
    test_rest();
    test_stopped_on_item();
    test_rest_poisoned();
    test_rest_quiet();
    test_keys();
    test_same_as_typed(check_sanitized() ? 3 : 12);
    data_free(&data);
    return check_done("test_explore");
}
