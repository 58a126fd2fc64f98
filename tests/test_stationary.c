/* A monster of a kind that never moves (monsters.txt's stationary: the
 * shrieker) stays on its cell whatever state it's in: asleep, wandering
 * toward a target or a noise, hunting the player in sight, hunting them
 * blind toward where it last saw them (hunt_blind once walked it there),
 * searching, and fleeing, afraid or wounded. Each state is set up on a
 * floor built by hand and played as the player comes, goes out of sight
 * and comes back; then the stationary monsters of real floors are
 * watched through runs played at random. */
#include "runtest.h"
#include "scene.h"

static GameData data;

/* A room, and a corridor east out of it through a door the player
 * closes behind them: S the stationary monster, T where it last saw
 * the player, W a target to wander to */
static const char *const ROOM[] = {
    "############",
    "#..........#",
    "#..S....W..#",
    "#..........#",
    "#.....T..@.+......",
    "############",
    NULL,
};

enum { DIR_E = 2, DIR_W = 6 };

static int stationary_kind(void)
{
    for (int kind = 0; kind < data.monster_count; ++kind) {
        if (data.monsters[kind].traits & TRAIT_STATIONARY) return kind;
    }
    fprintf(stderr, "no stationary kind in the shipped data\n");
    exit(EXIT_FAILURE);
}

/* What the monster is set to before the player's first command */
typedef enum Setup {
    ASLEEP, WANDERING, HUNTING, HUNTING_BLIND, SEARCHING, AFRAID, WOUNDED, SETUP_COUNT
} Setup;

static const char *const SETUP_NAMES[SETUP_COUNT] = {
    "asleep", "wandering", "hunting", "hunting blind", "searching", "afraid", "wounded",
};

static Monster monster_in(Setup setup)
{
    int kind = stationary_kind();
    Monster m = {.kind = kind, .pos = scene_find(ROOM, 'S'), .hp = data.monsters[kind].hp,
                 .last_shriek = -1, .last_breath = -1};
    m.state = setup == ASLEEP ? MS_ASLEEP : setup == WANDERING ? MS_WANDERING
            : setup == AFRAID || setup == WOUNDED ? MS_FLEEING : MS_HUNTING;
    m.has_target = setup == WANDERING;
    m.target = scene_find(ROOM, 'W');
    m.has_last_seen = setup != ASLEEP && setup != WANDERING;
    m.last_seen = scene_find(ROOM, 'T');
    m.search_turns = setup == SEARCHING ? 1 : 0;
    m.status.afraid = setup == AFRAID ? 50 : 0;
    if (setup == WOUNDED && m.hp > 1) m.hp = 1;
    return m;
}

/* Out through the door, shut it, wait out of sight, and come back: the
 * monster is watched after every command. How many commands it stayed
 * put through, or -1 once it moved (or died: nothing here hurts it) */
static int watch(Run *run, Point home, const char *what)
{
#define DO(kind_, arg_) {.kind = (kind_), .arg = (arg_)}
    static const Command OUT_AND_BACK[] = {
        DO(CMD_WAIT, 0), DO(CMD_MOVE, DIR_E), DO(CMD_MOVE, DIR_E), DO(CMD_MOVE, DIR_E), DO(CMD_CLOSE_DOOR, DIR_W),
    };
    static const Command BACK[] = {DO(CMD_MOVE, DIR_W), DO(CMD_MOVE, DIR_W), DO(CMD_MOVE, DIR_W)};
#undef DO
    enum { OUT = sizeof OUT_AND_BACK / sizeof OUT_AND_BACK[0], WAITS = 40, BACK_STEPS = 3 };
    for (int steps = 0; steps < OUT + WAITS + BACK_STEPS; ++steps) {
        /* out, then waiting out of sight (searched for, given up on,
         * wandering), then back in sight */
        Command command = steps < OUT ? OUT_AND_BACK[steps]
                        : steps < OUT + WAITS ? cmd_make(CMD_WAIT, 0) : BACK[steps - OUT - WAITS];
        run_command(run, command);
        const Level *level = run_level(run);
        if (level->monster_count != 1 || !point_eq(level->monsters[0].pos, home)) {
            fprintf(stderr, "  %s: it moved after %d commands (%s)\n", what, steps + 1,
                    level->monster_count == 1 ? run_state_name(level->monsters[0].state) : "gone");
            return -1;
        }
    }
    return OUT + WAITS + BACK_STEPS;
}

static void test_each_state(void)
{
    for (int setup = 0; setup < SETUP_COUNT; ++setup) {
        for (uint64_t seed = 1; seed <= 20; ++seed) {
            Run *run = scene_build(&data, seed, 1, ROOM);
            Monster m = monster_in((Setup)setup);
            CHECK(lvl_add_monster(run_debug_level(run), &m));
            run_debug_player(run)->hp = run_debug_player(run)->max_hp = 500;
            run_debug_refresh(run);
            char what[64];
            snprintf(what, sizeof what, "%s, seed %llu", SETUP_NAMES[setup], (unsigned long long)seed);
            if (!check_at(watch(run, m.pos, what) > 0, what, __FILE__, __LINE__)) seed = 20;
            run_free(run);
        }
    }
}

/* Runs played at random on the floors a stationary kind is found on:
 * each stationary monster stays where it was made while the player is
 * on its floor */
static void test_played(void)
{
    static const int DIRECTIONS = 8;
    int watched = 0, woken = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        Run *run = run_new_as(&data, seed, 1 + (int)(seed % 4), (int)(seed % (uint64_t)data.class_count));
        run_debug_player(run)->hp = run_debug_player(run)->max_hp = 1000;
        Rng chooser;
        rng_seed(&chooser, seed * 31);
        Point home[MAX_MONSTERS];
        int depth = 0;
        for (int i = 0; i < 600 && run_mode(run) == MODE_PLAYING; ++i) {
            const Level *level = run_level(run);
            if (level->depth != depth) {
                depth = level->depth;
                for (int k = 0; k < level->monster_count; ++k) home[k] = level->monsters[k].pos;
            }
            int roll = rng_roll(&chooser, 0, DIRECTIONS + 1);
            Command command = roll < DIRECTIONS ? cmd_make(CMD_MOVE, roll)
                                                : cmd_make(roll == DIRECTIONS ? CMD_WAIT : CMD_SEARCH, 0);
            int before = level->monster_count;
            run_command(run, command);   /* a step onto a known trap isn't taken unasked */
            level = run_level(run);
            if (level->depth != depth) continue;
            /* a monster killed moves the later ones up a place */
            if (level->monster_count < before) {
                for (int k = 0; k < level->monster_count; ++k) home[k] = level->monsters[k].pos;
                continue;
            }
            for (int k = 0; k < level->monster_count; ++k) {
                const Monster *m = &level->monsters[k];
                if (!(data.monsters[m->kind].traits & TRAIT_STATIONARY)) continue;
                ++watched;
                woken += m->state != MS_ASLEEP;
                if (!check_at(point_eq(m->pos, home[k]), "a stationary monster stays put", __FILE__, __LINE__)) {
                    fprintf(stderr, "  seed %llu, command %d: the %s went from %d,%d to %d,%d (%s)\n",
                            (unsigned long long)seed, i, data.monsters[m->kind].id, home[k].x, home[k].y,
                            m->pos.x, m->pos.y, run_state_name(m->state));
                    i = 600;
                    break;
                }
            }
            for (int k = 0; k < level->monster_count; ++k) home[k] = level->monsters[k].pos;
        }
        run_free(run);
    }
    printf("stationary monsters watched %d times after a command, %d of them awake\n", watched, woken);
    CHECK(watched > 1000);
    CHECK(woken > 100);
}

int main(void)
{
    load_shipped_data(&data);
    test_each_state();
    test_played();
    data_free(&data);
    return check_done("test_stationary");
}
