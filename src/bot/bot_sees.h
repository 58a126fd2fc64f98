/* Included by every file of the bot, after its other headers: what a
 * player can't see is out of the bot's reach. The floor is read only
 * through known.h and explore.h; the run's own floor queries are
 * poisoned, so using one is a compile error. */
#ifndef AMULETS_BOT_SEES_H
#define AMULETS_BOT_SEES_H

#include "explore.h"
#include "known.h"
#include "memory.h"
#include "run.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC poison run_level lvl_monster_at lvl_item_at lvl_trap_at map_at map_at_point
#pragma GCC poison map_walkable map_walkable_at map_passable mem_of run_rng
#endif

#endif
