/* What the player knows of the floor they're on, cell by cell: the only
 * view of a floor the frontends (the glyph and tile views, the look
 * panel, --show), auto-explore, a bot or a terminal need, and one that
 * never sees past what the player has seen. Terrain is as last seen (a
 * secret door is a wall until found), items as last seen, monsters only
 * while in sight, with a mark where one was last seen, and traps only
 * once found. */
#ifndef AMULETS_KNOWN_H
#define AMULETS_KNOWN_H

#include <stdbool.h>

#include "run.h"

typedef struct KnownCell {
    bool explored;        /* seen, or magic-mapped, at some time */
    bool visible;         /* in sight now */
    Terrain terrain;      /* as the player knows it; a wall if never seen */
    int item;             /* the kind of the item known there, or -1 */
    int item_count;       /* how many of it (0 for none) */
    int monster;          /* the monster there (an index into the level's
                             monsters), only while in sight; or -1 */
    int remembered;       /* the kind of a monster last seen there, now out
                             of sight; or -1 */
    int trap;             /* the TrapKind of a known trap there, or -1 */
} KnownCell;

/* What the player knows of a cell; off the map is an unknown wall */
KnownCell known_cell(const Run *run, Point cell);
/* The cells where the player knows of an item of a class (known_cell's
 * item), in cell order, at most `most` of them: how many. The same as
 * asking known_cell of every cell, far quicker */
int known_item_cells(const Run *run, ItemClass item_class, Point *out, int most);
/* Only its terrain, as known_cell gives it: quicker, for drawing walls */
Terrain known_terrain(const Run *run, Point cell);
/* Its glyph in plain text (a morgue file, --show): ' ' never seen, '@'
 * the player, a monster only in sight, then an item, a known trap '^',
 * the terrain */
char known_glyph(const Run *run, Point cell);


/* The look panel's lines for a cell, from what the player knows only:
 * the creature in sight there ("A jackal (asleep)."), or where one was
 * last seen, with its kind's description; the item known there; the
 * ground or a known trap */
void known_look(const Run *run, Point cell, LookInfo *out);

#endif
