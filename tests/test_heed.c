/* What auto-explore, travel and rest heed (heed.h), and the pick-ups
 * players choose, on floors drawn by hand: monsters in view that can't
 * harm the player now let them go on, one that can stops them with one
 * line; walking onto gold takes it, travel stops for no gold; the
 * autopickup choice (options.txt's, through the input) names what o
 * takes, and the missiles the player uses are fetched once no monster
 * is in view; a step onto an item and its pick-up say one line. */
#include <stdio.h>
#include <string.h>

#include "explore.h"
#include "goes.h"
#include "heed.h"
#include "input.h"
#include "runtest.h"
#include "said.h"
#include "scene.h"

static GameData data;

static int item(const char *id) { return scene_item(&data, id); }

static void spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    goes_spawn(&data, run, id, pos, state);
}

static void lay(Run *run, const char *id, int count, Point pos) { goes_lay(&data, run, id, count, pos); }

static Go go(Run *run, Explorer *e, ExploreKind kind, Point target, unsigned take)
{
    return goes_go(run, e, kind, target, take);
}

static Go explore(Run *run, Explorer *e) { return go(run, e, EXPLORE_FLOOR, run_player(run)->pos, HEED_TAKE_DEFAULT); }

/* ---- Monsters in view ------------------------------------------------------ */

static const char *const ROOM[] = {
    "##############",
    "#@...........#",
    "#............#",
    "#............#",
    "#####.########",
    "    #.#",
    "    #.#",
    "    #.#",
    "    ###",
    NULL,
};

/* A shrieker two steps off, a jackal fleeing: neither stops o; with a
 * rat asleep across the room too (out of its own sight, so it never
 * stirs), none stops Z */
static void test_monsters_let_be(void)
{
    struct { const char *id; Point at; MonsterState state; } cases[] = {
        {"shrieker", {3, 1}, MS_WANDERING},
        {"jackal", {12, 3}, MS_FLEEING},
        {"giant_white_rat", {8, 1}, MS_ASLEEP},
    };
    for (int i = 0; i < 3; ++i) {
        Run *run = scene_build(&data, 30 + (uint64_t)i, 2, ROOM);
        spawn(run, cases[i].id, cases[i].at, cases[i].state);
        run_debug_level(run)->monsters[0].status.afraid = 500;   /* the jackal stays afraid */
        Explorer e;
        e.marked = false;
        run_debug_player(run)->hp -= 3;
        Go g = go(run, &e, EXPLORE_REST, run_player(run)->pos, HEED_TAKE_DEFAULT);
        CHECK(g.commands > 0);
        if (cases[i].state != MS_FLEEING) CHECK_INT(g.why, EXPLORE_RESTED);
        if (cases[i].state != MS_ASLEEP) {
            g = explore(run, &e);
            CHECK(g.commands > 0);
            CHECK(g.why != EXPLORE_MONSTER);
        }
        run_free(run);
    }
}

/* A shrieker in the only corridor on: o goes up to it and no further,
 * saying so, never striking it */
static void test_never_into_a_monster(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@..s....#",
        "##########",
        NULL,
    };
    Run *run = scene_build(&data, 40, 2, ROWS);
    spawn(run, "shrieker", scene_find(ROWS, 's'), MS_WANDERING);
    lay(run, "healing", 1, (Point){7, 1});
    Explorer e;
    e.marked = false;
    Go g;
    for (int i = 0; i < 3; ++i) g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_MONSTER, "The shrieker is in the way.");
    const Monster *m = &run_level(run)->monsters[0];
    CHECK_INT(run_level(run)->monster_count, 1);
    CHECK_INT(m->hp, data.monsters[m->kind].hp);
    CHECK_INT(run_player(run)->pos.x, 3);
    run_free(run);
}

/* A shrieker at a bend, beside ground never seen: o goes round it to
 * see what's there; and travel past one in a corridor goes the long way
 * round the player knows (a magic map's) rather than into it. Neither
 * says it's in the way, nor strikes it */
static void test_round_a_monster(void)
{
    static const char *const BEND_ROWS[] = {
        "########",
        "#...@#h#",
        "#....s.#",
        "#......#",
        "########",
        NULL,
    };
    Run *run = scene_build(&data, 41, 2, BEND_ROWS);
    Point hidden = scene_find(BEND_ROWS, 'h');
    spawn(run, "shrieker", scene_find(BEND_ROWS, 's'), MS_WANDERING);
    CHECK(!map_explored(&run_level(run)->map, hidden.x, hidden.y));
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    CHECK(map_explored(&run_level(run)->map, hidden.x, hidden.y));
    CHECK_INT(said_lines(run, "The shrieker is in the way."), 0);
    const Monster *m = &run_level(run)->monsters[0];
    CHECK_INT(m->hp, data.monsters[m->kind].hp);
    run_free(run);

    static const char *const LOOP[] = {
        "#######",
        "#@.s.b#",
        "##.#.##",
        " #.#.# ",
        " #...# ",
        " ##### ",
        NULL,
    };
    run = scene_build(&data, 42, 2, LOOP);
    spawn(run, "shrieker", scene_find(LOOP, 's'), MS_WANDERING);
    /* the loop known: a magic map read */
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("magic_mapping"), 1}));
    CHECK(run_command(run, cmd_make(CMD_USE, 0)));
    e.marked = false;
    g = go(run, &e, EXPLORE_TRAVEL, scene_find(LOOP, 'b'), HEED_TAKE_DEFAULT);
    CHECK_INT(g.why, EXPLORE_ARRIVED);
    CHECK(point_eq(run_player(run)->pos, scene_find(LOOP, 'b')));
    CHECK_INT(g.commands, 6);
    m = &run_level(run)->monsters[0];
    CHECK_INT(m->hp, data.monsters[m->kind].hp);
    run_free(run);
}

/* An awake kobold: o, Z and travel won't go, each press saying why once,
 * and never again that it came into view */
static void test_monster_blocks(void)
{
    Run *run = scene_build(&data, 33, 2, ROOM);
    spawn(run, "kobold", (Point){6, 2}, MS_WANDERING);
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1};
    Input input;
    CHECK(input_open(&input, &setup));
    run_free(input.session.run);
    session_start(&input.session, NULL, run);
    int keys[] = {'o', 'o', 'Z'};
    input_play(&input, keys, 3);
    CHECK(point_eq(run_player(run)->pos, (Point){1, 1}));
    CHECK_STR(msg_last(run_log(run)), "Not with the kobold in view.");
    CHECK_INT(said_lines(run, "Not with the kobold in view."), 1);
    CHECK_INT(msg_get(run_log(run), msg_count(run_log(run)) - 1)->count, 3);
    CHECK_INT(said_lines(run, "A kobold comes into view."), 0);
    input_free(&input);
}

/* A door opens on a jackal and a shrieker: the run names both, the
 * jackal not last, and the going stops without a word of its own; the
 * next press says why it won't go, once */
static void test_named_once(void)
{
    static const char *const ROWS[] = {
        "###",
        "#@#",
        "#.#",
        "#+#",
        "#.#",
        "#j#",
        "#s#",
        "###",
        NULL,
    };
    Run *run = scene_build(&data, 43, 2, ROWS);
    spawn(run, "jackal", scene_find(ROWS, 'j'), MS_ASLEEP);
    spawn(run, "shrieker", scene_find(ROWS, 's'), MS_WANDERING);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_MONSTER, "");
    CHECK(said_among(run, "A jackal comes into view."));
    CHECK(said_among(run, "A shrieker comes into view."));
    CHECK(strstr(msg_last(run_log(run)), "jackal") == NULL);   /* named, but not last */
    g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_MONSTER, "Not with the jackal in view.");
    run_free(run);
}

/* A goblin asleep comes near as a goblin archer comes into view: a line
 * naming the goblin archer doesn't name the goblin, so the stop does */
static void test_named_whole(void)
{
    static const char *const ROWS[] = {
        " ###",
        " #a#",
        " #.#",
        " #.#",
        " #.#",
        "##.######",
        "#@b...g.#",
        "#########",
        NULL,
    };
    /* a seed on whose dice the wandering archer steps into view at once */
    Run *run = scene_build(&data, 45, 2, ROWS);
    Point archer = scene_find(ROWS, 'a');
    spawn(run, "goblin", scene_find(ROWS, 'g'), MS_ASLEEP);
    CHECK(run_command(run, cmd_make(CMD_SEARCH, 0)));   /* the goblin named, a turn ago */
    spawn(run, "goblin_archer", archer, MS_WANDERING);
    CHECK(!run_sees(run, archer));
    Explorer e;
    e.marked = false;
    Go g = go(run, &e, EXPLORE_TRAVEL, scene_find(ROWS, 'b'), HEED_TAKE_DEFAULT);
    CHECK_INT(g.commands, 1);
    CHECK(said_among(run, "A goblin archer comes into view."));
    CHECK(!said_among(run, "A goblin comes into view."));
    EXPECT_STOP(g, EXPLORE_MONSTER, "Not with the goblin in view.");
    run_free(run);
}

/* Exploring up to a sleeping rat in its way: the going stops 4 steps
 * off, saying why, the rat having said nothing */
static void test_sleeper_near(void)
{
    static const char *const HALL[] = {
        "################################",
        "#@.............................#",
        "################################",
        NULL,
    };
    /* a rat too short-sighted to stir as the player comes */
    int rat = data_find_monster(&data, "giant_white_rat");
    int sight = data.monsters[rat].sight;
    data.monsters[rat].sight = 2;
    Run *run = scene_build(&data, 39, 2, HALL);
    spawn(run, "giant_white_rat", (Point){15, 1}, MS_ASLEEP);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    CHECK_INT(g.why, EXPLORE_MONSTER);
    CHECK_STR(g.message, "Not with the giant white rat in view.");
    CHECK_INT(run_player(run)->pos.x, 15 - HEED_SLEEPER_NEAR);
    CHECK_INT(run_level(run)->monsters[0].state, MS_ASLEEP);
    run_free(run);
    data.monsters[rat].sight = sight;
}

/* ---- Gold, travel, and one line for a step and its pick-up ------------------ */

static const char *const BEND[] = {
    "###########",
    "#@.$.....b#",
    "#########.#",
    "        #g#",
    "        #.#",
    "        ###",
    NULL,
};

/* Walking onto gold takes it, one line said; travel goes over gold, and
 * on past gold coming into view */
static void test_gold_and_travel(void)
{
    Run *run = scene_build(&data, 34, 2, BEND);
    lay(run, "gold", 5, scene_find(BEND, '$'));
    lay(run, "gold", 7, scene_find(BEND, 'g'));
    int purse = run_player(run)->gold;
    CHECK(run_command(run, cmd_make(CMD_MOVE, 2)));
    CHECK(run_command(run, cmd_make(CMD_MOVE, 2)));
    EXPECT_SAID(run, "You pick up 5 gold pieces.");
    CHECK_INT(run_player(run)->gold, purse + 5);
    CHECK_INT(lvl_item_at(run_level(run), scene_find(BEND, '$')), -1);
    CHECK(run_command(run, cmd_make(CMD_MOVE, 6)));
    CHECK(run_command(run, cmd_make(CMD_MOVE, 6)));
    lay(run, "gold", 3, scene_find(BEND, '$'));
    /* travel to the bend, over the new gold, and on as gold round it
     * comes into view */
    Explorer e;
    e.marked = false;
    Go g = go(run, &e, EXPLORE_TRAVEL, scene_find(BEND, 'b'), HEED_TAKE_DEFAULT);
    CHECK_INT(g.why, EXPLORE_ARRIVED);
    CHECK(point_eq(run_player(run)->pos, scene_find(BEND, 'b')));
    CHECK_INT(run_player(run)->gold, purse + 8);
    CHECK(run_sees(run, scene_find(BEND, 'g')));
    CHECK_INT(said_lines(run, "You see 3 gold pieces here."), 0);
    CHECK_INT(said_lines(run, "You pick up 3 gold pieces."), 1);
    run_free(run);

    /* a dagger stepped onto and picked up: one line; let lie, it's said */
    static const char *const ROWS[] = {"#####", "#@d.#", "#####", NULL};
    run = scene_build(&data, 35, 2, ROWS);
    lay(run, "dagger", 1, scene_find(ROWS, 'd'));
    CHECK(run_command(run, cmd_make(CMD_MOVE, 2)));
    EXPECT_SAID(run, "You see a dagger here.");
    CHECK(run_command(run, cmd_make(CMD_PICK_UP, 0)));
    CHECK_INT(said_lines(run, "You see a dagger here."), 0);
    CHECK_INT(said_lines(run, "You pick up a dagger."), 1);
    CHECK_STR(msg_last(run_log(run)), "You pick up a dagger.");
    run_free(run);
}

/* ---- What o takes ------------------------------------------------------------- */

static const char *const SHELF[] = {
    "##########",
    "#@.a.b.c.#",
    "##########",
    NULL,
};

/* By default: the potion, and the arrows only for one who carries
 * them; told by the input's choice, what it names */
static void test_autopickup(void)
{
    for (int archer = 0; archer < 2; ++archer) {
        Run *run = scene_build(&data, 36, 2, SHELF);
        lay(run, "healing", 1, scene_find(SHELF, 'a'));
        lay(run, "arrow", 4, scene_find(SHELF, 'b'));
        lay(run, "chain_mail", 1, scene_find(SHELF, 'c'));
        if (archer) CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("arrow"), 2}));
        Explorer e;
        e.marked = false;
        explore(run, &e);
        const Pack *pack = &run_player(run)->pack;
        CHECK(pack_find(pack, item("healing")) >= 0);
        CHECK_INT(pack_find(pack, item("arrow")) >= 0, archer);
        CHECK(pack_find(pack, item("chain_mail")) < 0);
        run_free(run);
    }
    /* through the input, as options.txt names it: armor only */
    Run *run = scene_build(&data, 37, 2, SHELF);
    lay(run, "healing", 1, scene_find(SHELF, 'a'));
    lay(run, "chain_mail", 1, scene_find(SHELF, 'c'));
    InputSetup setup = {.data = &data, .seed = 1, .start_floor = 1};
    Input input;
    CHECK(input_open(&input, &setup));
    run_free(input.session.run);
    session_start(&input.session, NULL, run);
    unsigned armor = HEED_TAKE_ARMOR;
    input.autopickup = &armor;
    int keys[] = {'o', 'o'};
    input_play(&input, keys, 2);
    CHECK(pack_find(&run_player(run)->pack, item("healing")) < 0);
    CHECK(pack_find(&run_player(run)->pack, item("chain_mail")) >= 0);
    input_free(&input);
}

/* The player's own missiles are fetched with a harmless shrieker in
 * view (seed 202's rogue left 10 of 12 daggers for less); a heedless
 * going (the bot's) leaves them while a jackal that could harm the
 * player is in view */
static void test_missiles_fetched(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#@.....a..#",
        "#.........#",
        "###########",
        NULL,
    };
    Point a = scene_find(ROWS, 'a');
    Run *run = scene_build(&data, 38, 2, ROWS);
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("throwing_dagger"), 3}));
    lay(run, "throwing_dagger", 2, a);
    spawn(run, "shrieker", (Point){9, 1}, MS_WANDERING);
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    CHECK(g.why != EXPLORE_MONSTER);
    CHECK_INT(lvl_item_at(run_level(run), a), -1);
    CHECK_INT(run_player(run)->pack.slots[pack_find(&run_player(run)->pack, item("throwing_dagger"))].count, 5);
    run_free(run);

    run = scene_build(&data, 38, 2, ROWS);
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item("throwing_dagger"), 3}));
    lay(run, "throwing_dagger", 2, a);
    spawn(run, "jackal", (Point){3, 2}, MS_ASLEEP);
    e.marked = false;
    explore_start(&e, run, EXPLORE_FLOOR, run_player(run)->pos);
    e.heedless = true;
    Command command;
    char message[160];
    for (int i = 0; i < 50 && explore_next(&e, run, &command, message, sizeof message) == EXPLORE_GO; ++i) {
        CHECK(command.kind != CMD_PICK_UP);
        CHECK(run_command(run, command));
    }
    CHECK(lvl_item_at(run_level(run), a) >= 0);
    run_free(run);
}

/* A dagger thrown after o was pressed, and walked onto: the pack holds
 * fewer than at o, but the player didn't drop it there, and the next o
 * picks it up. One dropped there after is left, however often o is
 * pressed */
static void test_thrown_not_dropped(void)
{
    static const char *const ROWS[] = {
        "##########",
        "#@.......#",
        "##########",
        NULL,
    };
    Run *run = scene_build(&data, 45, 2, ROWS);
    int knife = item("throwing_dagger");
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){knife, 5}));
    run_debug_player(run)->quiver = knife;
    Explorer e;
    e.marked = false;
    Go g = explore(run, &e);
    EXPECT_STOP(g, EXPLORE_EXPLORED, "There is nothing left to explore.");
    Point start = run_player(run)->pos;
    CHECK(run_command(run, cmd_at(cmd_make(CMD_FIRE, 0), (Point){start.x + 3, start.y})));
    const Level *level = run_level(run);
    CHECK_INT(level->item_count, 1);
    Point landed = level->items[0].pos;
    CHECK(landed.x > start.x);
    while (run_player(run)->pos.x < landed.x) CHECK(run_command(run, cmd_make(CMD_MOVE, 2)));
    CHECK(point_eq(run_player(run)->pos, landed));
    const Pack *pack = &run_player(run)->pack;
    CHECK_INT(pack->slots[pack_find(pack, knife)].count, 4);
    g = explore(run, &e);
    CHECK_INT(lvl_item_at(level, landed), -1);
    CHECK_INT(pack->slots[pack_find(pack, knife)].count, 5);

    /* dropped where the player stands: left */
    Point here = run_player(run)->pos;
    CHECK(run_command(run, cmd_make(CMD_DROP, pack_find(pack, knife))));
    CHECK(lvl_item_at(level, here) >= 0);
    for (int i = 0; i < 3; ++i) explore(run, &e);
    CHECK(lvl_item_at(level, here) >= 0);
    CHECK(pack_find(pack, knife) < 0);
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    test_monsters_let_be();
    test_monster_blocks();
    test_never_into_a_monster();
    test_round_a_monster();
    test_sleeper_near();
    test_named_once();
    test_named_whole();
    test_gold_and_travel();
    test_autopickup();
    test_missiles_fetched();
    test_thrown_not_dropped();
    data_free(&data);
    return check_done("test_heed");
}
