/* The record of a run that ended, in DCSS's manner: a text file in the
 * save folder's morgue/ (written by the run's ending, ending.h), one for each death and each victory, named
 * NNNNNN-seed-S-floor-F-dead.txt (or -won.txt), NNNNNN counting up, as
 * the recordings in runs/ are. It says, in sections: who (the class, the
 * seed, the date), how it ended (the cause, the turn, the floor), the
 * run's figures (floor, turns, gold, Amulets, health, strength, defense,
 * what was wielded and worn), the kills by kind, the pack as the player
 * knew it, the last MORGUE_MESSAGES messages, the last floor as the
 * player knew it in glyphs, and the recording's file name. A run in
 * which a debugging view was used says so at the top. It tells nothing
 * the player didn't know. */
#ifndef AMULETS_MORGUE_H
#define AMULETS_MORGUE_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"
#include "slot.h"

enum { MORGUE_MESSAGES = 30, MORGUE_NO_DATE = -1 };

/* The record's text, NUL-terminated, for the caller to free (NULL if out
 * of memory). recording is the recording's path, or "" if none was kept;
 * now is seconds since 1970 (the date it ended), or MORGUE_NO_DATE */
char *morgue_text(const Run *run, const char *recording, long long now, size_t *length);

#endif
