/* The debugging aids and the tests' hands on a run (run_debug.h). */
#include "run_debug.h"

#include <string.h>

#include "run_internal.h"
#include "tune.h"

Level *run_debug_level(Run *run) { return &run->level; }
Player *run_debug_player(Run *run) { return &run->player; }
Rng *run_debug_rng(Run *run) { return &run->rng; }
Ident *run_debug_ident(Run *run) { return &run->ident; }
void run_debug_set_turn(Run *run, int turn) { run->turn = turn; }
void run_debug_set_mode(Run *run, Mode mode) { run->mode = mode; }

void run_debug_refresh(Run *run)
{
    ++run->map_version;
    world_update_sight(run);
}

/* Turned back on, the caches start empty, and the sight is swept again
 * as far as the keenest monster sees */
void run_debug_set_caching(Run *run, bool on)
{
    if (run->bypass_caches == !on) return;
    run->bypass_caches = !on;
    world_clear_paths(run->paths);
    world_update_sight(run);
}

void run_debug_next_floor(Run *run)
{
    if (run->level.depth < LAST_FLOOR) world_make_floor(run, run->level.depth + 1);
}

void run_debug_clear_level(Run *run, int depth)
{
    Level *level = &run->level;
    memset(level, 0, sizeof *level);
    mem_reset(&run->memory);
    level->depth = depth;
    map_fill(&level->map, T_WALL);
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) map_set(&level->map, x, y, T_FLOOR);
    }
    run_debug_refresh(run);
}
