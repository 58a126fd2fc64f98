/* Reaching inside a run, for the scenario tests (which build floors by
 * hand), the seed catalog and the debugging aids. Play never uses it:
 * a run in play changes only by commands. */
#ifndef AMULETS_RUN_DEBUG_H
#define AMULETS_RUN_DEBUG_H

#include "run.h"

Level *run_debug_level(Run *run);
Player *run_debug_player(Run *run);
Rng *run_debug_rng(Run *run);
Ident *run_debug_ident(Run *run);
void run_debug_set_turn(Run *run, int turn);
void run_debug_set_mode(Run *run, Mode mode);

/* After changing the level or the player by hand: sight, maps and caches
 * worked out again */
void run_debug_refresh(Run *run);

/* Caches on (as every run starts) or off. Off, every distance map and
 * every sight is worked out afresh each time it's used: slower, and
 * exactly the same run, which test_exact checks */
void run_debug_set_caching(Run *run, bool on);

/* Makes the next floor down at once, as the stairs would, without asking
 * or checking anything (the catalog walks down with it) */
void run_debug_next_floor(Run *run);

/* A level with nothing on it: walls all round and floor inside, for
 * building a scenario on */
void run_debug_clear_level(Run *run, int depth);

#endif
