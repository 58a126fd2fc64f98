/* A run's dice, as streams of its seed (rng_seed_stream), one for each
 * part of the run, so that what one part rolls never moves another:
 * - play: everything rolled while the run is played (blows, the
 *   monsters' choices, searching, traps' and items' effects);
 * - a floor's: everything the floor is made with (its ground, vault,
 *   doors and secret doors, stairs, traps, and the monsters, items and
 *   gold put on it), one stream for each floor's number;
 * - the looks: the potions' colours and the scrolls' titles.
 * So a seed is a dungeon: floor 4 of seed 42 is the same whatever was
 * played on floors 1 to 3, and whichever floor the run started on
 * (docs/seeds.md says why, where the book made every floor from the
 * play's own dice). */
#ifndef AMULETS_STREAMS_H
#define AMULETS_STREAMS_H

#include <stdint.h>

#include "rng.h"

void streams_play(Rng *rng, uint64_t seed);
void streams_floor(Rng *rng, uint64_t seed, int depth);
void streams_looks(Rng *rng, uint64_t seed);

#endif
