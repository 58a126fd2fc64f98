/* What the run tests share: the shipped data, and the invariants every
 * run must keep after every command. */
#ifndef AMULETS_RUNTEST_H
#define AMULETS_RUNTEST_H

#include "check.h"

#include <string.h>

#include "data.h"
#include "run.h"
#include "run_debug.h"
#include "tune.h"

/* Ends a run as a death on turn 40 by a kobold, with so much gold: what
 * the records of a run over (scores, runs/, morgue/) are made from */
static inline void runtest_kill(Run *run, int gold)
{
    Player *player = run_debug_player(run);
    player->gold = gold;
    player->hp = 0;
    snprintf(player->killed_by, sizeof player->killed_by, "a kobold");
    run_debug_set_turn(run, 40);
    run_debug_set_mode(run, MODE_DEAD);
}

/* data as it comes (a local, say) is made empty first, as data_load_dir
 * asks: its garbage would be freed */
static inline void load_shipped_data(GameData *data)
{
    Errors errors = {0};
    memset(data, 0, sizeof *data);
    bool ok = data_load_dir(data, AMULETS_SOURCE_DIR "/data", &errors);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
    errors_clear(&errors);
    if (!ok) {
        fprintf(stderr, "the shipped data doesn't load\n");
        exit(EXIT_FAILURE);
    }
}

/* The vault of that id in the data: a missing one (renamed, say) fails
 * the test here, rather than leaving the checks of it unmade */
static inline const VaultDef *vault_named(const GameData *data, const char *id)
{
    int i = data_find_vault(data, id);
    if (i < 0) {
        fprintf(stderr, "no vault is called '%s'\n", id);
        exit(EXIT_FAILURE);
    }
    return &data->vaults[i];
}

/* Returns true if every invariant holds; reports the first few broken */
static inline bool run_invariants_hold(const Run *run)
{
    int before = check_failures;
    const Level *level = run_level(run);
    const Player *player = run_player(run);
    const GameData *data = run_data(run);
    CHECK(level->depth >= 1 && level->depth <= LAST_FLOOR);
    CHECK(map_walkable(&level->map, player->pos.x, player->pos.y));
    CHECK(player->hp <= player->max_hp);
    CHECK((run_mode(run) == MODE_DEAD) == (player->hp <= 0));
    CHECK(player->amulets >= 0 && player->amulets <= AMULETS);
    CHECK(player->pack.count >= 0 && player->pack.count <= PACK_SLOTS);
    int held = 0;
    for (int i = 0; i < PACK_SLOTS; ++i) {
        if (!pack_holds(&player->pack, i)) continue;
        ++held;
        Stack s = player->pack.slots[i];
        CHECK(s.count >= 1 && s.kind >= 0 && s.kind < data->item_count);
        ItemClass c = data->items[s.kind].item_class;
        CHECK(c != IC_GOLD && c != IC_AMULET);
        for (int j = 0; j < i; ++j) CHECK(!pack_holds(&player->pack, j) || player->pack.slots[j].kind != s.kind);
    }
    CHECK_INT(held, player->pack.count);
    CHECK(level->has_stairs == (level->depth < LAST_FLOOR));
    if (level->has_stairs) CHECK(map_at(&level->map, level->stairs.x, level->stairs.y) == T_STAIRS);
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        CHECK(m->kind >= 0 && m->kind < data->monster_count);
        CHECK(map_walkable(&level->map, m->pos.x, m->pos.y));
        CHECK(!point_eq(m->pos, player->pos));
        CHECK(m->hp >= 1 && m->hp <= data->monsters[m->kind].hp);
        CHECK(m->state >= MS_ASLEEP && m->state < MS_COUNT);
        for (int j = 0; j < i; ++j) CHECK(!point_eq(level->monsters[j].pos, m->pos));
    }
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        CHECK(item->stack.count >= 1 && item->stack.kind >= 0 && item->stack.kind < data->item_count);
        CHECK(map_walkable(&level->map, item->pos.x, item->pos.y));
        for (int j = 0; j < i; ++j) CHECK(!point_eq(level->items[j].pos, item->pos));
    }
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        CHECK(map_walkable(&level->map, trap->pos.x, trap->pos.y));
        CHECK(!(trap->kind == TRAP_TRAPDOOR && tune_is_amulet_floor(level->depth)));
        for (int j = 0; j < i; ++j) CHECK(!point_eq(level->traps[j].pos, trap->pos));
    }
    return check_failures == before;
}

#endif
