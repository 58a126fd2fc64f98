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

/* The first few commands of a bot on the run */
static int first_commands(Run *run, Command *out, int count)
{
    Bot *bot = malloc(sizeof *bot);
    CHECK(bot != NULL);
    bot_start(bot);
    int n = 0;
    while (n < count && bot_next(bot, run, &out[n])) {
        run_command(run, out[n]);
        ++n;
    }
    free(bot);
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
    /* the player sees the same in both */
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        KnownCell a = known_cell(plain, p), b = known_cell(hiding, p);
        CHECK(a.explored == b.explored && a.visible == b.visible && a.terrain == b.terrain &&
              a.item == b.item && a.monster == b.monster && a.trap == b.trap);
    }
    /* the walk out of the room is the same, up to the corridor */
    Command a[3], b[3];
    int na = first_commands(plain, a, 3), nb = first_commands(hiding, b, 3);
    CHECK_INT(na, 3);
    CHECK_INT(nb, na);
    for (int i = 0; i < na && i < nb; ++i) CHECK(a[i].kind == b[i].kind && a[i].arg == b[i].arg);
    run_free(plain);
    run_free(hiding);
}

int main(void)
{
    load_shipped_data(&data);
    test_hidden();
    test_same_game();
    bool sanitized = check_sanitized();
    test_many_runs(50, sanitized ? 600 : 1500, sanitized ? 5 : 35);
    data_free(&data);
    return check_done("test_bot");
}
