/* The identification game: each run, every kind of potion gets a colour
 * at random and every kind of scroll a title of nonsense, so the player
 * can't tell a potion of healing by its look until they know it. */
#ifndef AMULETS_IDENT_H
#define AMULETS_IDENT_H

#include <stdbool.h>

#include "data.h"
#include "rng.h"

enum { IDENT_MAX_KINDS = MAX_ITEM_KINDS, LOOK_SIZE = 32 };

typedef struct Look {
    char name[LOOK_SIZE];     /* "crimson", or "ZELMOR THIKA" */
    Color color;
} Look;

typedef struct Ident {
    Look looks[IDENT_MAX_KINDS];
    bool has_look[IDENT_MAX_KINDS];
    bool known[IDENT_MAX_KINDS];
} Ident;

/* Gives every potion and scroll of data a new look, in the order of the
 * kinds, and forgets every kind known */
void ident_randomize(Ident *ident, const GameData *data, Rng *rng);

bool ident_has_look(const Ident *ident, int kind);
const Look *ident_look(const Ident *ident, int kind);
bool ident_known(const Ident *ident, int kind);
void ident_learn(Ident *ident, int kind);
/* Gives each potion and scroll without a look one no other kind has:
 * for a save written before its kind was in the data */
void ident_fill_missing(Ident *ident, const GameData *data, Rng *rng);
/* Gives a kind the look it had in a saved run */
void ident_set_look(Ident *ident, int kind, const Look *look);

#endif
