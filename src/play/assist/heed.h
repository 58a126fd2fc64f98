/* What auto-explore, travel and rest heed (explore.h), as DCSS has them:
 * which monsters in view could harm the player now, so that the going
 * waits for them, which items exploring picks up (the autopickup
 * option, data/options.txt), and whether what lies underfoot was
 * dropped there. Read from what the player knows: a monster
 * in sight and its kind's table, the player's own pack, quiver and
 * class. */
#ifndef AMULETS_HEED_H
#define AMULETS_HEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explore.h"

/* A sleeping monster this many steps off, or nearer, stops the going: it
 * may wake as the player passes */
enum { HEED_SLEEPER_NEAR = 4 };

/* True if a kind of monster does no harm at all: no blow, no shot (the
 * shrieker, whose shriek only calls others) */
bool heed_harmless(const Run *run, int kind);

/* True if a monster in sight could harm the player now. Not: one that
 * does no harm at all (the shrieker: those its shriek calls stop the
 * going as they come); one that can't move, isn't beside the player and
 * doesn't shoot; one fleeing and not beside them (at bay, a fleeing
 * monster fights); one asleep more than HEED_SLEEPER_NEAR steps off */
bool heed_threat(const Run *run, const SeenMonster *m);

/* The nearest of the monsters in sight (heed_monsters_in_view's) that
 * could harm the player now: its index into seen, or -1 */
int heed_nearest_threat(const Run *run, const SeenMonster *seen, int count);

/* True if a line the last command said (one still unread: a command
 * marks what was said before it read) names the kind of monster: its
 * name whole, not part of a word or of a longer name ("kobold" isn't in
 * "A zombified kobold comes into view.") */
bool heed_just_named(const Run *run, int kind);

/* What exploring picks up besides gold and the Amulets, which it always
 * takes: a set of these bits */
enum {
    HEED_TAKE_POTIONS = 1u << IC_POTION,
    HEED_TAKE_SCROLLS = 1u << IC_SCROLL,
    HEED_TAKE_WEAPONS = 1u << IC_WEAPON,
    HEED_TAKE_ARMOR = 1u << IC_ARMOR,
    HEED_TAKE_MISSILES = 1u << IC_MISSILE,    /* of every kind */
    HEED_TAKE_OWN_MISSILES = 1u << IC_COUNT,  /* of the kinds the player uses:
                                                 carried, quivered, or in
                                                 their class's kit */
    HEED_TAKE_DEFAULT = HEED_TAKE_POTIONS | HEED_TAKE_SCROLLS | HEED_TAKE_OWN_MISSILES,
    HEED_TAKE_ALL = HEED_TAKE_DEFAULT | HEED_TAKE_WEAPONS | HEED_TAKE_ARMOR | HEED_TAKE_MISSILES,
};

/* True if exploring takes an item of the kind. Missiles wait while a
 * monster that could harm the player now is in view (threat_in_view:
 * heed_threat's, one the going stops for, unless heedless); one that
 * lets the going be lets the fetching be too */
bool heed_takes(const Run *run, unsigned take, int kind, bool threat_in_view);

/* How many of each kind the pack holds (an Explorer's carried) */
void heed_count_carried(const Run *run, int16_t out[MAX_ITEM_KINDS]);

/* True if what the player stands on as the going starts was dropped
 * there, to be left alone. A drop puts a whole stack down where the
 * player stands, so: it isn't what lay there at the explorer's last
 * look (under_at, under); the pack held some of its kind then (carried)
 * and holds none now; and at least as many as it held have come to lie
 * there. Anything else underfoot the going takes: an item it stopped on
 * (for a monster, a hurt, a key), and one the player walked onto since,
 * a missile they fired or thrown (they hold the rest of its kind, or it
 * isn't all they held) or a potion like one they drank */
bool heed_dropped_underfoot(const Explorer *e, const Run *run);

/* The word options.txt names a bit by ("potions", "scrolls", "weapons",
 * "armor", "missiles", "own_missiles"): the bit, or 0 if it's none */
unsigned heed_take_named(const char *word);

/* The set as options.txt writes it: its words, or "none" */
void heed_take_words(unsigned take, char *out, size_t size);

/* The monsters in sight, nearest first (at most max) */
int heed_monsters_in_view(const Run *run, SeenMonster *out, int max);

#endif
