/* Cave floors (ch18): a cellular automaton grows rock and earth, a flood
 * fill keeps the biggest cave, and a grid laid over it gives the areas
 * that play the part rooms play elsewhere. */
#ifndef AMULETS_CAVE_H
#define AMULETS_CAVE_H

#include "map.h"
#include "rng.h"

enum { CAVE_AREAS_MAX = (MAP_W / 8 + 1) * (MAP_H / 6 + 1) };

/* Makes a cave floor in map (every cell overwritten), growing again until
 * it has at least MIN_CAVE_CELLS cells and two areas, and writes its areas
 * into areas. Returns how many there are (at least 2). */
int cave_generate(Map *map, Rng *rng, Rect areas[CAVE_AREAS_MAX]);

/* Keeps only the biggest cave: a flood fill in eight directions through
 * passable cells (so a vault joins the cave through its door); every
 * other passable cell becomes wall. Returns the biggest cave's size. */
int cave_keep_biggest(Map *map);

/* The squares of a CAVE_AREA_W x CAVE_AREA_H grid that hold walkable
 * ground, each shrunk to the ground's bounding box, in reading order.
 * Returns how many. */
int cave_areas(const Map *map, Rect areas[CAVE_AREAS_MAX]);

/* Where the player starts in an area: the walkable cell nearest its middle
 * that isn't inside avoid (when avoid isn't NULL). False if none. */
bool cave_start_in(const Map *map, Rect area, const Rect *avoid, Point *out);

/* Growing a cave one step at a time, for the F6 debugging aid: a growth
 * starts from the random fill, each step applies the automaton rule once,
 * and the last step keeps the biggest cave. */
typedef struct CaveGrowth {
    Map map;
    int step;   /* 0 after the fill; CAVE_STEPS + 1 once finished */
} CaveGrowth;

void cave_growth_start(CaveGrowth *growth, Rng *rng);
/* False once there are no more steps */
bool cave_growth_step(CaveGrowth *growth);

#endif
