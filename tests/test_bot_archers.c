/* The bot against archers (issue 31), on floors drawn by hand: it never
 * rests where an archer can shoot it; what it let be on one floor it
 * doesn't let be on the next; it doesn't run for far stairs from an
 * archer, but for near ones; weak, it rests rather than goes after a
 * monster just gone; it reaches a monster standing on a known trap, and
 * an archer past one (or, past one no way crosses, takes cover); it
 * shoots an archer beside it rather than change weapons; it takes cover
 * round a corner and kills the archer that comes after it; and it
 * doesn't chase an archer round and round for ever. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "known.h"
#include "shottest.h"

/* A bot that has arrived on the run's floor: its first command given
 * (and returned, for the test to look at), its floor's marks made */
static Bot *arrived(const Run *run, Command *first)
{
    Bot *bot = malloc(sizeof *bot);
    CHECK(bot != NULL);
    bot_start(bot);
    CHECK(bot_next(bot, run, first));
    return bot;
}

/* Its next command in play, a choice whole */
static Command next(Bot *bot, Run *run)
{
    Command command = cmd_make(CMD_WAIT, 0);
    CHECK(bot_next(bot, run, &command));
    return command;
}

static int seen_archers(const Run *run)
{
    int count = 0;
    for (int i = 0; i < run_level(run)->monster_count; ++i) {
        const Monster *m = &run_level(run)->monsters[i];
        count += data.monsters[m->kind].range > 0 && run_sees(run, m->pos);
    }
    return count;
}

static void hurt(Run *run, int hp) { run_debug_player(run)->hp = hp; }

/* Letting an archer be (as after chasing it in vain), hurt: it goes on
 * exploring, never stands resting (searching) where the archer can shoot
 * it; it used to rest to full under its arrows, and die there */
static void test_no_rest_under_fire(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#.........#",
        "#.@....a..+.......",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = scene_build(&data, 51, 2, ROWS);
    hurt(run, 12);
    spawn(run, "goblin_archer", scene_find(ROWS, 'a'), MS_HUNTING);
    Command command;
    Bot *bot = arrived(run, &command);
    bot->archers_let_be_until = 1000;
    int rests = 0;
    for (int i = 0; i < 12 && run_mode(run) == MODE_PLAYING; ++i) {
        rests += command.kind == CMD_SEARCH && seen_archers(run) > 0;
        order(run, command);
        command = next(bot, run);
    }
    CHECK_INT(rests, 0);
    free(bot);
    run_free(run);
}

/* What it let be on the floor above (monsters that kept off, archers, the
 * cover it kept to) is forgotten on a new floor: it once let an archer
 * shoot it to death on floor 2 for a fleeing orc of floor 1 */
static void test_new_floor_forgets(void)
{
    static const char *const ROWS[] = {
        "#######",
        "#.@...#",
        "#######",
        NULL,
    };
    Run *run = scene_build(&data, 52, 2, ROWS);
    Bot *bot = malloc(sizeof *bot);
    CHECK(bot != NULL);
    bot_start(bot);
    bot->depth = run_arrivals(run) + 7;   /* its marks are another floor's */
    bot->heedless_until = bot->archers_let_be_until = bot->cover_until = 900;
    bot->archer_give_ups = 2;
    next(bot, run);
    CHECK_INT(bot->heedless_until, 0);
    CHECK_INT(bot->archers_let_be_until, 0);
    CHECK_INT(bot->cover_until, 0);
    CHECK_INT(bot->archer_give_ups, 0);
    free(bot);
    run_free(run);
}

/* Weak, with nothing to drink or read, an archer three steps off: stairs
 * seven steps the other way aren't run for (arrows in the back all the
 * way); stairs a step away are */
static void test_stairs_from_an_archer(void)
{
    static const char *const FAR[] = {
        "#############",
        "#>..........#",
        "#...........#",
        "#.......@..a#",
        "#############",
        NULL,
    };
    static const char *const NEAR[] = {
        "#############",
        "#>@.........#",
        "#...........#",
        "#.......a...#",
        "#############",
        NULL,
    };
    const char *const *scenes[] = {FAR, NEAR};
    for (int s = 0; s < 2; ++s) {
        Run *run = scene_build(&data, 53, 2, scenes[s]);
        hurt(run, 6);
        spawn(run, "goblin_archer", scene_find(scenes[s], 'a'), MS_HUNTING);
        Point stairs = scene_find(scenes[s], '>'), me = run_player(run)->pos;
        Command command;
        Bot *bot = arrived(run, &command);
        CHECK(command.kind == CMD_MOVE);
        int nearer = chebyshev(point_add(me, DIRS[command.arg]), stairs) < chebyshev(me, stairs);
        CHECK_INT(nearer, s == 1);
        free(bot);
        run_free(run);
    }
}

/* Weak, a monster just gone out of sight: it rests, rather than go after
 * it (and turn to run from it as it comes back in sight, and after it
 * again as it goes, step by step) */
static void test_weak_rests(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#.@...m.#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 54, 2, ROWS);
    hurt(run, 6);
    Command command;
    Bot *bot = arrived(run, &command);
    bot->chase = scene_find(ROWS, 'm');
    bot->chasing = 6;
    CHECK_INT(next(bot, run).kind, CMD_SEARCH);
    free(bot);
    run_free(run);
}

/* A monster standing on a known trap is gone for: the last step onto its
 * cell is a blow, not a step onto the trap. It used to stand and search */
static void test_monster_on_a_trap(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#@...t..#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 55, 2, ROWS);
    Trap trap = {scene_find(ROWS, 't'), TRAP_DART, true};
    CHECK(lvl_add_trap(run_debug_level(run), &trap));
    spawn(run, "kobold", scene_find(ROWS, 't'), MS_ASLEEP);
    Command command;
    Bot *bot = arrived(run, &command);
    CHECK_INT(command.kind, CMD_MOVE);
    CHECK_INT(command.arg, 2);   /* east */
    free(bot);
    run_free(run);
}

/* An archer past a known dart trap, the player in a dead end behind it:
 * it goes over the trap at the archer (asked, it says yes) rather than
 * stand under its arrows; past a teleport trap, which no way crosses, it
 * goes out of its sight round the corner */
static void test_archer_past_a_trap(void)
{
    static const char *const DART[] = {
        "##########",
        "#a...t@..#",
        "##########",
        NULL,
    };
    static const char *const TELEPORT[] = {
        "########",
        "#a..t@.#",
        "######.#",
        "     #.#",
        "     #..",
        NULL,
    };
    const char *const *scenes[] = {DART, TELEPORT};
    TrapKind kinds[] = {TRAP_DART, TRAP_TELEPORT};
    for (int s = 0; s < 2; ++s) {
        Run *run = scene_build(&data, 59, 4, scenes[s]);
        Point trap_at = scene_find(scenes[s], 't');
        Trap trap = {trap_at, kinds[s], true};
        CHECK(lvl_add_trap(run_debug_level(run), &trap));
        spawn(run, "goblin_archer", scene_find(scenes[s], 'a'), MS_HUNTING);
        Point me = run_player(run)->pos;
        Command command;
        Bot *bot = arrived(run, &command);
        CHECK(command.kind == CMD_MOVE);
        Point to = point_add(me, DIRS[command.arg < 0 ? 0 : command.arg]);
        if (s == 0) {
            CHECK(point_eq(to, trap_at));
            CHECK(run_asks(run, cmd_make(CMD_MOVE, command.arg), NULL, 0));
            CHECK_INT(command.yes, 1);   /* asked, and the yes is in the choice */
            CHECK(order(run, command));
        } else {
            CHECK(chebyshev(to, scene_find(scenes[s], 'a')) > chebyshev(me, scene_find(scenes[s], 'a')));
        }
        free(bot);
        run_free(run);
    }
}

/* A bow in hand and arrows quivered, an archer beside it: a shot, not a
 * turn spent taking the dagger (the archer steps back at once, and the
 * bow comes back out when it's gone: the two went on for ever) */
static void test_shoots_archer_beside(void)
{
    static const char *const ROWS[] = {
        "#########",
        "#..@a...#",
        "#########",
        NULL,
    };
    Run *run = scene_build(&data, 56, 5, ROWS);
    Player *p = run_debug_player(run);
    give(run, "dagger", 1);
    give(run, "arrow", 10);
    p->weapon = item("short_bow");
    p->quiver = item("arrow");
    spawn(run, "orc_archer", scene_find(ROWS, 'a'), MS_HUNTING);
    Command command;
    Bot *bot = arrived(run, &command);
    CHECK_INT(command.kind, CMD_FIRE);
    free(bot);
    run_free(run);
}

/* A monster stepping in beside it and out of its sight again: the bot
 * takes up its sword beside it and keeps it a while, rather than change
 * back to the bow as soon as the monster is gone (seed 513's fighter
 * changed weapons each turn for 60,000 turns, an orc archer in and out
 * of sight on floor 7) */
static void test_keeps_hand_weapon(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#..@j.....#",
        "###########",
        "#.........#",
        "###########",
        NULL,
    };
    Run *run = scene_build(&data, 56, 5, ROWS);
    Player *p = run_debug_player(run);
    give(run, "long_sword", 1);
    give(run, "arrow", 10);
    give(run, "short_bow", 1);
    p->weapon = item("short_bow");
    p->quiver = item("arrow");
    int jackal = spawn(run, "jackal", scene_find(ROWS, 'j'), MS_HUNTING);
    Command command;
    Bot *bot = arrived(run, &command);
    /* the sword, for the jackal beside it */
    CHECK(command.kind == CMD_USE && command.arg == pack_find(&p->pack, item("long_sword")));
    CHECK(order(run, command));
    CHECK_INT(p->weapon, item("long_sword"));
    monster(run, jackal)->pos = (Point){5, 3};   /* gone, out of its sight */
    for (int turn = 0; turn < 5; ++turn) {
        command = next(bot, run);
        CHECK(command.kind != CMD_USE);   /* not the bow again at once */
        CHECK(order(run, command));
    }
    CHECK_INT(p->weapon, item("long_sword"));
    free(bot);
    run_free(run);
}

/* Waiting in cover: out of the archer's sight round the corridor's
 * corner, it rests there until the archer comes round after it, and
 * kills it beside the corner, taking few arrows */
static void test_cover_round_a_corner(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#...a.....#",
        "#.........#",
        "#.........#",
        "####.######",
        "   #@#     ",
        "   #.#     ",
        "   #.....# ",
        "   #######",
        NULL,
    };
    Run *run = scene_build(&data, 57, 5, ROWS);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 60;
    int archer = spawn(run, "orc_archer", scene_find(ROWS, 'a'), MS_HUNTING);
    Command command;
    Bot *bot = arrived(run, &command);
    bot->cover_until = 400;
    command = next(bot, run);
    /* away from it, down the corridor, not at it */
    Point me = run_player(run)->pos, at = monster(run, archer)->pos;
    CHECK(command.kind == CMD_MOVE && chebyshev(point_add(me, DIRS[command.arg]), at) > chebyshev(me, at));
    bool hidden = false;
    for (int i = 0; i < 300 && run_mode(run) == MODE_PLAYING && monster(run, archer)->hp > 0; ++i) {
        order(run, command);
        hidden = hidden || seen_archers(run) == 0;
        command = next(bot, run);
    }
    CHECK(hidden);
    CHECK(run_level(run)->monster_count == 0 || monster(run, archer)->hp <= 0);
    printf("the archer killed round the corner, %d hp of 60 left\n", run_player(run)->hp);
    CHECK(run_player(run)->hp >= 40);
    free(bot);
    run_free(run);
}

/* An archer round a block of rock keeps stepping back, round and round:
 * the bot gives up the chase, waits in cover a few times, and then lets
 * it be, rather than chase it for ever */
static void test_no_endless_chase(void)
{
    static const char *const ROWS[] = {
        "###########",
        "#.........#",
        "#.#######.#",
        "#.#######.#",
        "#@...a....#",
        "###########",
        NULL,
    };
    Run *run = scene_build(&data, 58, 5, ROWS);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 500;
    spawn(run, "goblin_archer", scene_find(ROWS, 'a'), MS_HUNTING);
    Command command;
    Bot *bot = arrived(run, &command);
    bool let_be = false;
    for (int i = 0; i < 2000 && run_mode(run) == MODE_PLAYING && !let_be; ++i) {
        order(run, command);
        command = next(bot, run);
        let_be = bot->archers_let_be_until > run_turn(run);
    }
    CHECK(let_be || run_level(run)->monster_count == 0);
    free(bot);
    run_free(run);
}

int main(void)
{
    load_shipped_data(&data);
    test_no_rest_under_fire();
    test_new_floor_forgets();
    test_stairs_from_an_archer();
    test_weak_rests();
    test_monster_on_a_trap();
    test_shoots_archer_beside();
    test_keeps_hand_weapon();
    test_archer_past_a_trap();
    test_cover_round_a_corner();
    test_no_endless_chase();
    data_free(&data);
    return check_done("test_bot_archers");
}
