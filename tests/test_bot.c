/* The bot (ch27): the same seed and class give the same game; short whole
 * runs of every class end without a broken invariant or a stuck bot; and
 * two floors that look the same to the player but hide different things
 * (a monster out of sight, a trap not found, a secret door) get the same
 * first commands from it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "fingerprint.h"
#include "gen.h"
#include "known.h"
#include "run_debug.h"
#include "runtest.h"
#include "scene.h"

enum { STUCK = 300 };

static GameData data;

typedef struct Played {
    uint64_t fingerprint;
    int turns, commands;
    Mode mode;
    bool stuck;
} Played;

/* Plays the bot until the run ends or most_turns pass, checking the
 * invariants every tenth command */
static Played play(Run *run, int most_turns)
{
    Bot *bot = malloc(sizeof *bot);
    CHECK(bot != NULL);
    bot_start(bot);
    Played p = {0, 0, 0, MODE_PLAYING, false};
    int idle = 0, last = run_turn(run);
    Command command;
    while (run_turn(run) < most_turns && bot_next(bot, run, &command)) {
        run_command(run, command);
        if (++p.commands % 10 == 0) CHECK(run_invariants_hold(run));
        idle = run_turn(run) == last ? idle + 1 : 0;
        last = run_turn(run);
        if (idle >= STUCK || bot->lost) {
            p.stuck = true;
            break;
        }
    }
    CHECK(run_invariants_hold(run));
    p.fingerprint = fingerprint_run(run);
    p.turns = run_turn(run);
    p.mode = run_mode(run);
    free(bot);
    return p;
}

static void test_same_game(void)
{
    for (int c = 0; c < data.class_count; ++c) {
        Run *a = run_new_as(&data, 900 + (uint64_t)c, 1, c), *b = run_new_as(&data, 900 + (uint64_t)c, 1, c);
        Played x = play(a, 2500), y = play(b, 2500);
        CHECK(x.fingerprint == y.fingerprint);
        CHECK_INT(x.turns, y.turns);
        CHECK_INT(x.commands, y.commands);
        CHECK(x.turns > 50);     /* it played, and didn't just stand */
        run_free(a);
        run_free(b);
    }
}

/* Short whole runs of each class: none stuck; some go down the stairs */
static void test_many_runs(int runs, int most_turns, int fewest_deeper)
{
    for (int c = 0; c < data.class_count; ++c) {
        int stuck = 0, deeper = 0, over = 0;
        for (int i = 0; i < runs; ++i) {
            Run *run = run_new_as(&data, 1000 + (uint64_t)i, 1, c);
            Played p = play(run, most_turns);
            stuck += p.stuck;
            deeper += run_level(run)->depth > 1;
            over += p.mode == MODE_DEAD || p.mode == MODE_WON;
            run_free(run);
        }
        CHECK_INT(stuck, 0);
        CHECK(deeper >= fewest_deeper);
        printf("%s: %d runs of at most %d turns, %d went deeper, %d ended\n", data.classes[c].id, runs,
               most_turns, deeper, over);
    }
}

/* ---- What the bot can't see ----------------------------------------------- */

static void spawn(Run *run, const char *id, Point pos)
{
    int kind = data_find_monster(&data, id);
    CHECK(kind >= 0);
    Monster m = gen_monster(&data, kind, pos, 0, false);
    m.state = MS_ASLEEP;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
}

/* True if the player knows the same of every cell of both runs, and of
 * themselves */
static bool same_to_the_player(const Run *a, const Run *b)
{
    const Player *pa = run_player(a), *pb = run_player(b);
    if (!point_eq(pa->pos, pb->pos) || pa->hp != pb->hp || pa->pack.count != pb->pack.count) return false;
    for (int i = 0; i < MAP_CELLS; ++i) {
        KnownCell x = known_cell(a, cell_point(i)), y = known_cell(b, cell_point(i));
        /* a monster by its kind: its index is the level's own */
        int mx = x.monster >= 0 ? run_level(a)->monsters[x.monster].kind : -1;
        int my = y.monster >= 0 ? run_level(b)->monsters[y.monster].kind : -1;
        if (x.explored != y.explored || x.visible != y.visible || x.terrain != y.terrain ||
            x.item != y.item || mx != my || x.trap != y.trap) {
            return false;
        }
    }
    return true;
}

/* Two bots play the runs side by side while the player would know the
 * same of both: their commands must be the same. Returns how many */
static int same_commands(Run *a, Run *b)
{
    Bot *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    CHECK(x != NULL && y != NULL);
    bot_start(x);
    bot_start(y);
    int n = 0;
    Command ca, cb;
    while (n < 200 && same_to_the_player(a, b) && bot_next(x, a, &ca) && bot_next(y, b, &cb)) {
        if (!CHECK(ca.kind == cb.kind && ca.arg == cb.arg)) break;
        run_command(a, ca);
        run_command(b, cb);
        ++n;
    }
    free(x);
    free(y);
    return n;
}

static void test_hidden(void)
{
    /* what the player sees from @: the room; the corridor beyond the door
     * and the rooms past the walls are unknown */
    static const char *const SEEN[] = {
        "###########      ",
        "#.........#      ",
        "#....@....+..... ",
        "#.........#    . ",
        "#####.#####    . ",
        "    #.#        . ",
        "    #.#........  ",
        NULL,
    };
    static const char *const HIDING[] = {
        "###########      ",
        "#.........*....  ",     /* a secret door */
        "#....@....+..... ",
        "#.........#    . ",
        "#####.#####    . ",
        "    #a#        . ",     /* a trap not found */
        "    #.#......m.  ",     /* a monster out of sight */
        NULL,
    };
    Run *plain = scene_build(&data, 40, 3, SEEN);
    Run *hiding = scene_build(&data, 40, 3, HIDING);
    Level *level = run_debug_level(hiding);
    Trap trap = {scene_find(HIDING, 'a'), TRAP_DART, false};
    CHECK(lvl_add_trap(level, &trap));
    spawn(hiding, "goblin", scene_find(HIDING, 'm'));
    run_debug_refresh(hiding);
    /* the first commands are the same, and every one after while the
     * player would know the same of both */
    CHECK(same_to_the_player(plain, hiding));
    int same = same_commands(plain, hiding);
    printf("the same %d commands on floors that look the same\n", same);
    CHECK(same >= 3);
    run_free(plain);
    run_free(hiding);
}

/* Generated floors with what the player can't see taken away (the
 * monsters out of sight, the traps not found, the items never seen, and
 * the secret doors made walls): the bot plays the same while the player
 * would know the same */
static void test_hidden_taken_away(int seeds)
{
    int total = 0;
    for (int s = 0; s < seeds; ++s) {
        Run *a = run_new_as(&data, 300 + (uint64_t)s, 1 + s % 5, s % data.class_count);
        Run *b = run_clone(a);
        Level *level = run_debug_level(b);
        for (int i = level->monster_count - 1; i >= 0; --i) {
            if (!run_sees(b, level->monsters[i].pos)) lvl_remove_monster(level, i);
        }
        int kept = 0;
        for (int i = 0; i < level->trap_count; ++i) {
            if (level->traps[i].known) level->traps[kept++] = level->traps[i];
        }
        level->trap_count = kept;
        for (int i = level->item_count - 1; i >= 0; --i) {
            if (!level->items[i].seen) lvl_remove_item(level, i);
        }
        for (int i = 0; i < MAP_CELLS; ++i) {
            if (level->map.terrain[i] == T_SECRET_DOOR) level->map.terrain[i] = T_WALL;
        }
        run_debug_refresh(b);
        CHECK(same_to_the_player(a, b));
        total += same_commands(a, b);
        run_free(a);
        run_free(b);
    }
    printf("%d commands the same over %d floors with their hidden parts taken away\n", total, seeds);
    CHECK(total >= seeds * 2);
}

/* ---- The way to the stairs, kept ----------------------------------------------- */

/* A route kept between commands gives the step a fresh one would, at
 * every command of whole bot runs, as what the player knows grows */
static void test_route_kept(int runs)
{
    ExploreRoute *kept = malloc(2 * sizeof *kept);
    Bot *bot = malloc(sizeof *bot);
    CHECK(kept != NULL && bot != NULL);
    int compared = 0, wrong = 0;
    for (int i = 0; i < runs; ++i) {
        Run *run = run_new_as(&data, 5000 + (uint64_t)i, 1, i % data.class_count);
        bot_start(bot);
        kept[0].made = kept[1].made = false;
        Command command;
        while (run_turn(run) < 1500 && bot_next(bot, run, &command)) {
            Point stairs;
            if (run_mode(run) == MODE_PLAYING && explore_known_stairs(run, &stairs)) {
                for (int over = 0; over < 2; ++over) {
                    int with = explore_step_along(run, stairs, over, &kept[over]);
                    wrong += with != explore_step_along(run, stairs, over, NULL);
                    ++compared;
                }
            }
            run_command(run, command);
        }
        run_free(run);
    }
    printf("%d steps to the stairs with a kept route and a fresh one\n", compared);
    CHECK_INT(wrong, 0);
    CHECK(compared > runs * 100);
    free(kept);
    free(bot);
}

/* ---- Traps that move the player ---------------------------------------------- */

static void known_trap(Run *run, TrapKind kind, Point pos)
{
    Trap trap = {pos, kind, true};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
}

/* Plays until the player is on a floor below the scene's, at most
 * most_turns; the commands that stepped onto a known trap of the kind */
static int play_down(Run *run, int most_turns, TrapKind kind, bool *went_down)
{
    Bot *bot = malloc(sizeof *bot);
    CHECK(bot != NULL);
    bot_start(bot);
    int depth = run_level(run)->depth, leaps = 0;
    Command command;
    while (run_turn(run) < most_turns && run_level(run)->depth == depth && !bot->lost &&
           bot_next(bot, run, &command)) {
        Point me = run_player(run)->pos;
        if (command.kind == CMD_MOVE) {
            KnownCell k = known_cell(run, point_add(me, DIRS[command.arg]));
            leaps += k.trap == (int)kind;
        }
        run_command(run, command);
    }
    *went_down = run_level(run)->depth > depth;
    free(bot);
    return leaps;
}

/* The only way to the stairs is over a known teleport trap: with nothing
 * left to explore or search, the bot steps onto it, as a last resort, and
 * explores from wherever it lands, until it finds the way down */
static void test_teleport_trap_only_way(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#.........#",
        "#....@....#",
        "#.........#",
        "#####t#####",
        "    #.#    ",
        "#####.#####",
        "#.........#",
        "#.........#",
        "#....>....#",
        "###########",
        NULL,
    };
    Run *run = scene_build(&data, 41, 2, ROWS);
    known_trap(run, TRAP_TELEPORT, scene_find(ROWS, 't'));
    run_debug_refresh(run);
    bool down;
    int leaps = play_down(run, 20000, TRAP_TELEPORT, &down);
    printf("over the teleport trap %d times to find the stairs\n", leaps);
    CHECK(down);
    CHECK(leaps >= 1);
    run_free(run);
}

/* An item past a known teleport trap, in a dead end, and the stairs out
 * of sight past a known dart trap: once the bot crosses traps, as it must
 * for the stairs, no way across the teleport trap ever leads to the item
 * (it would land it elsewhere, to come back and step on it again), so it
 * finds the stairs and goes down, never onto that trap */
static void test_teleport_trap_no_way_across(void)
{
    static const char *const ROWS[] = {
        "###########     ",
        "#.........#     ",
        "#....@....#     ",
        "#.........#     ",
        "#####t###d#     ",
        "    #i#  #.#    ",
        "    ###  #.#### ",
        "         #....> ",
        "         ###### ",
        NULL,
    };
    Run *run = scene_build(&data, 42, 2, ROWS);
    known_trap(run, TRAP_TELEPORT, scene_find(ROWS, 't'));
    known_trap(run, TRAP_DART, scene_find(ROWS, 'd'));
    FloorItem item = {scene_find(ROWS, 'i'), {data_find_item(&data, "gold"), 5}, false};
    CHECK(lvl_add_item(run_debug_level(run), &item));
    run_debug_refresh(run);
    CHECK(known_cell(run, scene_find(ROWS, 'i')).item >= 0);
    CHECK(known_terrain(run, scene_find(ROWS, '>')) != T_STAIRS);
    bool down;
    int leaps = play_down(run, 5000, TRAP_TELEPORT, &down);
    CHECK(down);
    CHECK_INT(leaps, 0);
    run_free(run);
}

/* An Amulet's room past two known dart traps, out of sight behind a door,
 * off a big room with the stairs: told by the stairs that the Amulet is
 * here, the bot crosses the traps for it before it searches the walls
 * (it gave up searching first, and left the Amulet behind); and one
 * seen across the traps it fetches without asking the stairs */
static void test_amulet_past_traps(void)
{
    static const char *const ROWS[] = {
        "########################################",
        "#@.....................................#",
        "#......................................#",
        "#......................................#",
        "#......................................#",
        "#......................................#",
        "#...................>..................#",
        "#......................................#",
        "#......................................#",
        "#......................................#",
        "#......................................#########",
        "#......................................ab.....+.A#",
        "#......................................#########",
        "########################################",
        NULL,
    };
    for (int shut = 0; shut < 2; ++shut) {
        Run *run = scene_build(&data, 43, 3, ROWS);
        Level *level = run_debug_level(run);
        known_trap(run, TRAP_DART, scene_find(ROWS, 'a'));
        known_trap(run, TRAP_DART, scene_find(ROWS, 'b'));
        if (!shut) map_set(&level->map, 47, 11, T_OPEN_DOOR);
        FloorItem amulet = {scene_find(ROWS, 'A'), {data_find_item(&data, "amulet"), 1}, false};
        CHECK(lvl_add_item(level, &amulet));
        run_debug_player(run)->max_hp = run_debug_player(run)->hp = 500;
        run_debug_refresh(run);
        bool down;
        play_down(run, 20000, TRAP_DART, &down);
        CHECK(down);
        CHECK_INT(run_player(run)->amulets, 1);
        run_free(run);
    }
}

int main(void)
{
    load_shipped_data(&data);
    test_hidden();
    test_hidden_taken_away(check_sanitized() ? 6 : 30);
    test_route_kept(check_sanitized() ? 3 : 12);
    test_teleport_trap_only_way();
    test_teleport_trap_no_way_across();
    test_amulet_past_traps();
    test_same_game();
    bool sanitized = check_sanitized();
    test_many_runs(50, sanitized ? 600 : 1500, sanitized ? 5 : 35);
    data_free(&data);
    return check_done("test_bot");
}
