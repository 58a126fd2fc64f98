/* The screens about the run, over the map, as DCSS and NetHack have them:
 * help (every key from the key map itself, so a rebinding shows, and a
 * page on how to play), the history of messages (Ctrl-P), the character,
 * every kind of potion and scroll (\), and examining a thing carried,
 * wielded or worn (e). None of them takes a turn or reaches the run.
 * Their words are pages.h's, their dialog screen_info's. */
#ifndef AMULETS_INFO_H
#define AMULETS_INFO_H

#include "input.h"

/* Lines a page shows at once; the moving keys scroll by one, and the
 * history starts at its newest */
enum { INFO_PAGE_LINES = 18 };

/* Examining: InfoState's slot is a pack slot, or one of these, chosen
 * with their keys (NetHack's for the weapon and the armor) */
enum { INFO_IN_HAND = -2, INFO_WORN = -3 };
#define INFO_KEY_IN_HAND ')'
#define INFO_KEY_WORN '['


/* A key while playing that none of the run's bindings took: a screen's
 * key opens it; any other printable key is said to be unknown, once a
 * press ("Unknown key: w. Press ? for help."). True if it was one of
 * those, with *out what the input must do */
bool info_playing_key(Input *input, int key, InputResult *out);

/* A key while one of the screens is up */
InputResult info_key(Input *input, int key);

/* The furthest the page that's up scrolls: its last lines in view */
int info_most_scroll(const Input *input);

#endif
