/* The game's numbers, in one place. Those GAME.md marks (tune) are
 * starting values: change them here if play says so. */
#ifndef AMULETS_TUNE_H
#define AMULETS_TUNE_H

enum {
    /* The dungeon */
    LAST_FLOOR = 9,
    AMULETS = 3,

    /* Sight and distance maps */
    SIGHT_RADIUS = 8,
    DOOR_STEPS = 2,        /* a closed door in a distance map: open, step */
    DOOR_MUFFLE = 4,       /* a closed door in a noise's way */

    /* Rooms (ch2, ch19) */
    CLOSED_DOOR_PERCENT = 60,

    /* Caves (ch18) */
    CAVE_FILL_PERCENT = 50,  /* rock in the first random fill */
    CAVE_STEPS = 4,          /* automaton steps */
    CAVE_ROCK_AT = 5,        /* a cell becomes rock with this many rock neighbours */
    MIN_CAVE_CELLS = 400,
    CAVE_AREA_W = 8,
    CAVE_AREA_H = 6,
    CAVE_MONSTERS_PERCENT = 80,

    /* Data files */
    MAX_POTION_KINDS = 10
};

/* The floors that are caves, and those with an Amulet's vault */
static inline int tune_is_cave_floor(int depth) { return depth == 4 || depth == 7; }
static inline int tune_is_amulet_floor(int depth) { return depth == 3 || depth == 6 || depth == 9; }

#endif
