/* What the shooting tests (test_ranged.c, test_aim.c) share: monsters and
 * missiles put on a floor built by hand, commands whose run must keep its
 * invariants, and an input playing a run that saves nowhere. */
#ifndef AMULETS_SHOTTEST_H
#define AMULETS_SHOTTEST_H

#include "gen.h"
#include "run_debug.h"
#include "input.h"
#include "runtest.h"
#include "scene.h"

/* A monster of the kind, in the state; already seen, as "comes into view"
 * has its own test. Returns its index */
static inline int shot_spawn(const GameData *data, Run *run, const char *id, Point pos,
                             MonsterState state)
{
    int kind = data_find_monster(data, id);
    CHECK(kind >= 0);
    Monster m = gen_monster(data, kind, pos, 0, state != MS_ASLEEP);
    m.state = state;
    m.in_view = true;
    if (state == MS_HUNTING) {
        m.has_last_seen = true;
        m.last_seen = run_player(run)->pos;
    }
    CHECK(lvl_add_monster(run_debug_level(run), &m));
    run_debug_refresh(run);
    return run_level(run)->monster_count - 1;
}

static inline bool shot_order(Run *run, Command command)
{
    bool accepted = run_command(run, command);
    CHECK(run_invariants_hold(run));
    return accepted;
}

/* How many of the kind the pack holds */
static inline int shot_carried(const GameData *data, const Run *run, const char *id)
{
    const Pack *pack = &run_player(run)->pack;
    int slot = pack_find(pack, scene_item(data, id));
    return slot < 0 ? 0 : pack->slots[slot].count;
}

/* An input playing a run built by hand, saving nowhere */
static inline void shot_open_input(const GameData *data, Input *input, Run *run)
{
    InputSetup setup = {.data = data, .seed = 1, .start_floor = 1};
    if (!input_open(input, &setup)) exit(EXIT_FAILURE);
    run_free(input->session.run);
    session_start(&input->session, NULL, run);
}

/* ---- The short names both tests use, over their one GameData --------- */

static GameData data;

static inline int item(const char *id) { return scene_item(&data, id); }

static inline int spawn(Run *run, const char *id, Point pos, MonsterState state)
{
    return shot_spawn(&data, run, id, pos, state);
}

static inline Monster *monster(Run *run, int index) { return &run_debug_level(run)->monsters[index]; }

static inline void give(Run *run, const char *id, int count)
{
    CHECK(pack_add(&run_debug_player(run)->pack, (Stack){item(id), count}));
}

static inline bool order(Run *run, Command command) { return shot_order(run, command); }

static inline bool simple(Run *run, CommandKind kind) { return order(run, cmd_make(kind, 0)); }

static inline int carried(const Run *run, const char *id) { return shot_carried(&data, run, id); }

#endif
