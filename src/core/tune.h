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
    MAX_POTION_KINDS = 10,

    /* What a floor holds (ch15, ch19, ch20) */
    MONSTERS_BASE = 16,
    MONSTERS_PER_FLOOR = 1,
    DEEPER_ONE_IN = 10,      /* a monster from three floors deeper */
    AWAKE_ONE_IN = 4,        /* a monster (or pack) starts wandering */
    ITEMS_BASE = 6,          /* and one more for every two floors down */
    GOLD_PILES_MIN = 3,
    GOLD_PILES_MAX = 6,
    GOLD_MIN = 5,            /* pieces in a pile, times the depth */
    GOLD_MAX = 20,
    SECRET_DOORS_MIN = 1,
    SECRET_DOORS_MAX = 2,
    TRAPS_BASE = 2,          /* and one more for every two floors down */
    VAULT_ONE_IN = 3,        /* a treasure vault, when one fits */

    /* The player (ch6, ch12, ch13, ch14) */
    PLAYER_HP = 30,
    HEAL_EVERY = 10,         /* natural healing: +1 this often */
    HEAL_AMOUNT = 15,        /* a potion of healing */
    POISON_TURNS = 6,
    REGENERATION_TURNS = 20,
    CONFUSION_TURNS = 8,
    FEAR_TURNS = 10,
    FIND_ONE_IN = 3,         /* searching finds a secret door or trap */

    /* Monsters (ch5 to ch11, ch15) */
    STIR_ONE_IN = 3,         /* a sleeper that sees the player wakes */
    SEARCH_TURNS = 10,
    WANDER_PATIENCE = 3,     /* turns a wanderer waits to get by before it goes elsewhere */
    WOUNDED_QUARTERS = 1,    /* flees at hp <= this many quarters of its most */
    SHRIEK_EVERY = 5,
    REGENERATION = 1,        /* a regenerating monster's hp a turn */
    FLEE_FACTOR_TENTHS = -12,/* the flee map: distances times -1.2 */

    /* Noise loudness */
    FIGHT_LOUDNESS = 6,
    DOOR_OPEN_LOUDNESS = 5,
    DOOR_CLOSE_LOUDNESS = 3,
    SHRIEK_LOUDNESS = 20,
    ALARM_LOUDNESS = 30,
    PLATE_STEP_LOUDNESS = 3,

    /* Ranged combat (ch21) */
    LIGHTNING_RANGE = 8,
    LIGHTNING_MIN = 4,
    LIGHTNING_MAX = 10,
    FIREBALL_RANGE = 8,
    FIREBALL_MIN = 3,
    FIREBALL_MAX = 8,
    MONSTER_SHOT_TO_HIT = 70,  /* an archer's chance in 100 */

    /* Traps */
    DART_MIN = 2,
    DART_MAX = 6,
    FALL_MIN = 2,
    FALL_MAX = 5
};

/* The floors that are caves, and those with an Amulet's vault */
static inline int tune_is_cave_floor(int depth) { return depth == 4 || depth == 7; }
static inline int tune_is_amulet_floor(int depth) { return depth == 3 || depth == 6 || depth == 9; }

#endif
