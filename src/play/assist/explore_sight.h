/* What the player knows of the floor, as auto-explore, travel and the
 * kept route read it (explore.c, explore_route.c): the map padded with a
 * border of wall, and the Sight worked out whole once a command. Private
 * to the assist room's explore files; explore.h is the story for others. */
#ifndef AMULETS_EXPLORE_SIGHT_H
#define AMULETS_EXPLORE_SIGHT_H

#include <stdbool.h>
#include <stdint.h>

#include "level.h"
#include "memory.h"
#include "run.h"

/* A step onto a closed door costs the bump that opens it too */
/* Besides the terrains, what a known trap is to a way: BLOCKED is
 * crossed only over traps; MOVES_AWAY (it takes the player elsewhere)
 * never, unless it is ONTO, the cell a way may end on. OCCUPIED: a
 * monster in sight, gone round while there's a way round, led into (a
 * step costing a door's) only with none: never stepped into, it stops
 * the going there (a step into it would attack) */
enum { DOOR_COST = 2, BLOCKED = 0xfe, MOVES_AWAY = 0xfd, ONTO = 0xfc, OCCUPIED = 0xfb };

/* The map with a border of wall all round, as the search reads it, so
 * that no step needs a test for the map's edge */
enum { PAD_W = MAP_W + 2, PAD_CELLS = PAD_W * (MAP_H + 2) };

static inline int padded(Point p) { return (p.y + 1) * PAD_W + p.x + 1; }
static inline Point unpadded(int i) { return (Point){i % PAD_W - 1, i / PAD_W - 1}; }

static const int PAD_STEP[8] = {
    -PAD_W, -PAD_W + 1, 1, PAD_W + 1, PAD_W, PAD_W - 1, -1, -PAD_W - 1,
};

/* What a cell is to the search: no way, ground (a step costs 1), or a
 * closed door (the step and the bump) */
enum { NO_WAY = 0, GROUND = 1, DOOR = 2 };

/* What the player knows of the floor, worked out whole once a command:
 * a whole floor costs less than looking cells up one by one as the
 * search reaches them */
typedef struct Sight {
    const Run *run;
    const Level *level;
    const Memory *memory;
    uint8_t terrain[PAD_CELLS];    /* by padded cell: a Terrain as the player knows
                                      it, or a known trap (BLOCKED, MOVES_AWAY, ONTO) */
    uint8_t unknown[PAD_CELLS];    /* by padded cell: never seen (nor mapped) */
    uint8_t goal[PAD_CELLS];       /* by padded cell: where exploring goes (explore_goals) */
    uint8_t item[MAP_CELLS];       /* an item in sight there */
    int known_traps;
    bool threat_in_view;           /* one the going stops for (heed.h) */
    uint8_t kind[256];             /* for each terrain byte: PASSABLE, WALKABLE */
    uint8_t way[256];              /* for each terrain byte: NO_WAY, GROUND, DOOR */
} Sight;

enum { PASSABLE = 1, WALKABLE = 2 };


/* What the player knows of the run's floor, into sight: a way may cross
 * known traps if over_traps, and end on the cell onto (a cell index, or
 * -1) even where it is one that moves the player away */
void explore_look(const Run *run, Sight *sight, bool over_traps, int onto);

#endif
