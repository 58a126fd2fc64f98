/* Cover from what shoots, as a player takes it: the cells an archer in
 * sight can see, worked out on the floor as the player knows it (the
 * sight is symmetric: fov.h), and the nearest cell out of all their
 * sight. An archer that can't see the player doesn't shoot; it walks to
 * where it saw them last, round the corner, where a blade waits (the
 * answer to a monster that keeps its distance in DCSS and Brogue: fight
 * it round a corner).
 *
 * "Shoots" is the kind's table, which the player reads in its
 * description; a shooter asleep or fleeing doesn't shoot, and a dragon's
 * breath is not an archer's arrow (it never steps back). */
#ifndef AMULETS_BOT_COVER_H
#define AMULETS_BOT_COVER_H

#include <stdbool.h>

#include "explore.h"
#include "run.h"

/* Farthest a cover is looked for, in steps */
enum { COVER_MOST_STEPS = 3 };

/* A monster in sight that shoots arrows and is awake and not fleeing */
bool cover_archer(const Run *run, const SeenMonster *m);

/* True if an archer among those in sight (seen, count) can see the
 * player: they are in its sight's radius */
bool cover_exposed(const Run *run, const SeenMonster *seen, int count);

/* The first step toward the nearest cell the player knows that no
 * archer in sight can see, over known ground and round known traps and
 * monsters, at most COVER_MOST_STEPS away; -1 if there is none (or the
 * player is there) */
int cover_step(const Run *run, const SeenMonster *seen, int count);

#endif
