/* The explore tests' floors drawn by hand (scene.h): monsters and items
 * put on them, and a go of o, G or Z played to its stop as the key would
 * play it, checking the invariants after each command. */
#ifndef AMULETS_GOES_H
#define AMULETS_GOES_H

#include "explore.h"
#include "gen.h"
#include "runtest.h"
#include "scene.h"

static inline void goes_spawn(const GameData *data, Run *run, const char *id, Point pos, MonsterState state)
{
    int kind = data_find_monster(data, id);
    CHECK(kind >= 0);
    Monster m = gen_monster(data, kind, pos, 0, state != MS_ASLEEP);
    m.state = state;
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
}

static inline void goes_lay(const GameData *data, Run *run, const char *id, int count, Point pos)
{
    FloorItem it = {pos, {scene_item(data, id), count}, false};
    CHECK(lvl_add_item(run_debug_level(run), &it));
    run_debug_refresh(run);
}

/* What one go said when it stopped, and how */
typedef struct Go {
    ExploreStop why;
    char message[160];
    int commands;
    bool on_trap;     /* the player stood on a known trap after a step */
} Go;

/* True if the command steps onto a trap the player knows of */
static inline bool goes_onto_known_trap(const Run *run, Command command)
{
    if (command.kind != CMD_MOVE) return false;
    const Level *level = run_level(run);
    int t = lvl_trap_at(level, point_add(run_player(run)->pos, DIRS[command.arg]));
    return t >= 0 && level->traps[t].known;
}

/* Explores (travels, rests) until a stop, taking what take names */
static inline Go goes_go(Run *run, Explorer *e, ExploreKind kind, Point target, unsigned take)
{
    Go result = {EXPLORE_GO, "", 0, false};
    explore_start(e, run, kind, target);
    e->take = take;
    for (;;) {
        Command command;
        result.why = explore_next(e, run, &command, result.message, sizeof result.message);
        if (result.why != EXPLORE_GO) break;
        if (goes_onto_known_trap(run, command)) result.on_trap = true;
        CHECK(run_command(run, command));
        CHECK(run_invariants_hold(run));
        ++result.commands;
    }
    return result;
}

#define EXPECT_STOP(g, reason, text) do { \
    CHECK_INT((g).why, (reason)); \
    CHECK_STR((g).message, (text)); \
} while (0)

#endif
