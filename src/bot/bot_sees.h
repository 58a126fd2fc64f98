/* Included by every file of the bot, after its other headers: what a
 * player can't see is out of the bot's reach. The floor is read only
 * through known.h and explore.h; the run's own floor queries, and every
 * other way to what the player can't know, are poisoned: using one is a
 * compile error. */
#ifndef AMULETS_BOT_SEES_H
#define AMULETS_BOT_SEES_H

#include "explore.h"
#include "known.h"
#include "memory.h"
#include "run.h"

#if defined(__GNUC__) || defined(__clang__)
/* the floor as it is */
#pragma GCC poison run_level lvl_monster_at lvl_item_at lvl_trap_at map_at map_at_point
#pragma GCC poison map_walkable map_walkable_at map_passable mem_of
/* ways round it: the dice, the seed (the floor could be made again), the
 * names unknown kinds go by, a copy to try things on, the save's text,
 * the debugging back doors */
#pragma GCC poison run_rng run_seed run_ident run_clone run_new run_new_as gen_level gen_floor streams_play streams_floor streams_looks
#pragma GCC poison save_write save_read run_debug_level run_debug_player run_debug_rng
#pragma GCC poison run_debug_ident
#endif

#endif
