/* The seed catalog, as Brogue CE's: for each seed, every floor from 1 to
 * 9 as a run arriving there finds it, whatever was played before (each
 * floor is made from its own dice, streams.h), with its kind, the
 * player's start, the stairs, its vault, a digest of its ground (every
 * cell's terrain, so walls, doors and secret doors too), and every
 * monster as placed, item and trap with its cell. A stored copy in tests/
 * catches accidental changes to generation; test_seed_floors checks the
 * bot's runs arrive on exactly these floors. */
#include "app.h"
#include "hash.h"
#include "run.h"
#include "run_debug.h"
#include "tune.h"

static void print_floor(const Run *run)
{
    const Level *level = run_level(run);
    const GameData *data = run_data(run);
    const Player *player = run_player(run);
    printf("  floor %d: %s, start %d %d", level->depth,
           tune_is_cave_floor(level->depth) ? "cave" : "rooms", player->pos.x, player->pos.y);
    if (level->has_stairs) printf(", stairs %d %d", level->stairs.x, level->stairs.y);
    if (level->has_vault) {
        printf(", vault %d %d %dx%d", level->vault.x, level->vault.y, level->vault.w, level->vault.h);
    }
    uint64_t ground = hash_bytes(HASH_START, level->map.terrain, sizeof level->map.terrain);
    printf(", ground %016llx\n", (unsigned long long)ground);
    for (int i = 0; i < level->monster_count; ++i) {
        const Monster *m = &level->monsters[i];
        printf("    monster %s %d %d %s", data->monsters[m->kind].id, m->pos.x, m->pos.y,
               run_state_name(m->state));
        if (m->pack_id) printf(" pack %d", m->pack_id);
        printf("\n");
    }
    for (int i = 0; i < level->item_count; ++i) {
        const FloorItem *item = &level->items[i];
        printf("    item %s x%d %d %d\n", data->items[item->stack.kind].id, item->stack.count,
               item->pos.x, item->pos.y);
    }
    for (int i = 0; i < level->trap_count; ++i) {
        const Trap *trap = &level->traps[i];
        printf("    trap %s %d %d\n", trap_def(trap->kind)->id, trap->pos.x, trap->pos.y);
    }
}

/* The seeds --seed takes (main.c): a catalog describes no others */
static const uint64_t LAST_SEED = UINT32_MAX;

int app_catalog(const Options *options, const GameData *data)
{
    uint64_t first = options->catalog_first, last = first + (uint64_t)options->catalog_count - 1;
    if (first > LAST_SEED || last > LAST_SEED) {
        fprintf(stderr, "amulets: --catalog %llu %d would go past seed %llu, the last there is\n",
                (unsigned long long)first, options->catalog_count, (unsigned long long)LAST_SEED);
        return 2;
    }
    for (int n = 0; n < options->catalog_count; ++n) {
        uint64_t seed = first + (uint64_t)n;
        Run *run = run_new(data, seed, 1);
        if (run == NULL) return 1;
        printf("seed %llu\n", (unsigned long long)seed);
        for (int depth = 1; depth <= LAST_FLOOR; ++depth) {
            print_floor(run);
            run_debug_next_floor(run);
        }
        run_free(run);
    }
    return 0;
}
