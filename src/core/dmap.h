/* Distance maps (Dijkstra maps): every cell's walking distance, in eight
 * directions, to the nearest of some goal cells. A step onto walkable
 * ground costs 1, onto a closed door door_cost; nothing else is entered.
 * Costs are whole numbers, so the cells can be settled level by level
 * (Dial's algorithm), a whole row of the map at a time. */
#ifndef AMULETS_DMAP_H
#define AMULETS_DMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "map.h"

enum { DMAP_UNREACHED = 0x3fffffff };

typedef struct Dmap {
    int32_t d[MAP_CELLS];
} Dmap;

/* Distances to the nearest goal (goals off the map are ignored) */
void dmap_compute(Dmap *dmap, const Map *map, const Point *goals, int goal_count,
                  int door_cost);

/* The same from one goal, but only as far as limit: every cell within
 * limit steps gets its distance, and most farther ones stay UNREACHED.
 * A noise needs no more, and costs far less. */
void dmap_compute_within(Dmap *dmap, const Map *map, Point goal, int door_cost, int limit);

/* A row of the map is one 64-bit word, a bit a cell, in a bitboard of
 * DMAP_ROWS words: the map's rows, and an empty row above and below */
enum { DMAP_ROWS = MAP_H + 2 };

/* A map's cells as a spreading sees them: the ground and doors it may
 * enter, and the closed doors among them. Worked out once, it serves
 * every search on the map while the map stays as it is (the _on forms) */
typedef struct DmapTerrain {
    uint64_t enter[DMAP_ROWS], door[DMAP_ROWS];
} DmapTerrain;

void dmap_terrain_of(DmapTerrain *terrain, const Map *map);
void dmap_compute_within_on(Dmap *dmap, const DmapTerrain *terrain, Point goal, int door_cost,
                            int limit);

/* The cells a search settled, level by level in order of distance: level
 * i's cells are at distance value[i], in the rows row[e] with the cells
 * bits[e] for first[i] <= e < first[i + 1] (a row may have several
 * entries in a level, one for each row of the front that reached it) */
typedef struct DmapLevels {
    int count, entries;
    int32_t value[MAP_CELLS];
    int16_t first[MAP_CELLS + 1];
    uint8_t row[MAP_CELLS + 3];     /* three past the last, as four rows */
    uint64_t bits[MAP_CELLS + 3];   /* are written down at once */
} DmapLevels;

/* A row of a wave's bitboards, as the spreading reads them together */
typedef struct DmapRow {
    uint64_t open;                 /* may be entered, and not yet claimed */
    uint64_t door;                 /* entered at the door cost */
    uint64_t front[2];             /* the cells at distance level, not yet spread
                                      from, in front[wave's front]; the other empty */
    uint64_t doors;                /* doors claimed by a spreading (empty after it) */
} DmapRow;

/* A wave spreading level by level (dmap.c says how): the search's own */
typedef struct DmapWave {
    DmapRow row[DMAP_ROWS];
    uint64_t enter[DMAP_ROWS];     /* may be entered */
    uint64_t waiting[DMAP_ROWS];   /* doors claimed, not yet settled */
    uint64_t rows;                 /* the rows the front has cells in */
    int32_t level, door_cost;
    int front;
    bool over;                     /* nothing left to spread to */
    int queue_head, queue_tail;
    int16_t queue[MAP_CELLS];      /* the waiting doors, in order of distance */
} DmapWave;

/* A search toward one goal that can be taken up where it stopped. It
 * spreads only as far as it's asked: a walker near its goal costs only
 * the cells nearer the goal than itself, and the next walker toward the
 * same goal carries on from there. */
typedef struct DmapSearch {
    Dmap dmap;                  /* the distances found so far, UNREACHED elsewhere */
    DmapWave wave;              /* the rest is the search's own */
    DmapLevels levels;
    int goal;                   /* its cell, -1 if off the map */
    int pending;                /* the first level whose distances aren't
                                   written in dmap yet (dmap_search_settle),
                                   -1 if none */
    bool stale;                 /* dmap still holds what was there before the
                                   search began: cleared at its first reach or
                                   finish, as a search only settled for a
                                   flee map's sake never reads it */
} DmapSearch;

void dmap_search_start(DmapSearch *search, const Map *map, Point goal, int door_cost);
void dmap_search_start_on(DmapSearch *search, const DmapTerrain *terrain, Point goal,
                          int door_cost);

/* Spreads until the cell has its distance and so has every cell nearer
 * the goal; so its neighbours nearer the goal have theirs, which is all a
 * step downhill reads. A cell off the map, or never reached, spreads the
 * search over everything it can reach, as dmap_compute would */
void dmap_search_reach(DmapSearch *search, Point cell);

/* Spreads as far as it can: then search->dmap is dmap_compute's map */
void dmap_search_finish(DmapSearch *search);

/* The same for a flee map's sake, which reads only the levels: the
 * distances of the cells settled now are written in search->dmap only
 * when the search is next reached or finished, so a search that only a
 * flee map reads never writes most of them (an update reads what the
 * search reached off the wave) */
void dmap_search_settle(DmapSearch *search);

/* The same by a way of the settling's own: a row of the map at a time,
 * as every machine can; four at a time, on a machine with x86's AVX2; or
 * the whole map at once, eight rows a vector, with x86's AVX-512. They
 * settle alike (test_dmap makes sure), and dmap_search_settle takes the
 * fastest the machine has. False, and nothing done, if the machine has
 * no such way */
typedef enum { DMAP_ANY_WAY, DMAP_ROW_WAY, DMAP_WIDE_WAY, DMAP_WHOLE_WAY } DmapWay;
bool dmap_search_settle_way(DmapSearch *search, DmapWay way);

/* The map has changed at one cell to terrain: true if the search is
 * still good, and goes on with the new terrain, which is so wherever it
 * hasn't reached yet; false if it must start again */
bool dmap_search_update(DmapSearch *search, Point cell, Terrain terrain);

/* A flee map from a map toward the player: each reached distance times
 * -1.2 (rounded toward zero), relaxed again with the same costs, so a
 * monster stepping downhill runs far from the player and out of dead
 * ends. Unreached cells stay unreached. */
void dmap_flee(Dmap *flee, const Dmap *toward, const Map *map, int door_cost);

/* The same from a search spread as far as it can (dmap_search_finish),
 * with the search's own door cost, taking the levels the search settled
 * the cells in for the seeds' order */
void dmap_search_flee(Dmap *flee, const DmapSearch *toward, const Map *map);

/* The flee map's seeds: a search's levels, the next one to sow */
typedef struct DmapSeeds {
    const DmapLevels *levels;
    int next;       /* counting down, the farthest first; -1 when all are sown */
    int32_t value;  /* next's value (dmap_flee.c), INT32_MAX when all are sown */
    bool shut;      /* a seed past the first level may be a cell never entered
                       (not so for a search's: it entered all it reached but
                       its goal) */
} DmapSeeds;

/* A flee map's flood, level by level as a wave, over the rows a level's
 * front spans (dmap_flee.c says how) */
typedef struct DmapFlow {
    uint64_t ground[DMAP_ROWS + 3], door[DMAP_ROWS + 3];   /* not yet claimed;
                                                              empty past the map */
    uint64_t fronts[2][DMAP_ROWS + 5];   /* row y in [y + 1]: the level's front in
                                            fronts[front] (and cells of levels
                                            before, which claim nothing) */
    uint64_t enter[DMAP_ROWS];           /* may be entered */
    uint64_t waiting[DMAP_ROWS];         /* doors claimed, not yet settled */
    int front, top, bottom;              /* the front's first and last rows (top
                                            past bottom when it's empty) */
    int32_t level, door_cost;
    bool over;                           /* nothing left to spread to */
    DmapWay way;                         /* how it spreads (dmap_search_settle_way),
                                            never DMAP_ANY_WAY */
    unsigned joins;                      /* cells joined to a front, counted: the
                                            whole way keeps the front in vectors */
    int queue_head, queue_tail;
    int16_t queue[MAP_CELLS];            /* the waiting doors, in order of distance */
} DmapFlow;

/* A flee map made only as far as it's asked, as a search is: one monster
 * fleeing needs it only about itself. It reads the levels of the search
 * it's made from, which must stay as they are while it's used */
typedef struct DmapFleeing {
    Dmap dmap;                  /* the values found so far, UNREACHED elsewhere */
    DmapFlow flow;              /* the rest is its own */
    DmapSeeds seeds;
} DmapFleeing;

/* Starts one from a search spread as far as it can */
void dmap_fleeing_start(DmapFleeing *flee, const DmapSearch *toward, const Map *map);

/* The same by a way of its own (dmap_search_settle_way): false, and
 * nothing done, if the machine has no such way */
bool dmap_fleeing_start_way(DmapFleeing *flee, const DmapSearch *toward, const Map *map,
                            DmapWay way);

/* Spreads until the cell has its value and so has every cell lower; the
 * rest show no lower value than the cell, which is all a step downhill
 * reads. A cell off the map, or never reached, spreads it over everything
 * it can reach, as dmap_search_flee would */
void dmap_fleeing_reach(DmapFleeing *flee, Point cell);

/* Spreads as far as it can: then flee->dmap is dmap_search_flee's map */
void dmap_fleeing_finish(DmapFleeing *flee);

static inline int32_t dmap_at(const Dmap *dmap, Point p)
{
    return in_bounds(p.x, p.y) ? dmap->d[cell_index(p.x, p.y)] : DMAP_UNREACHED;
}

/* The reached, walkable cell that isn't a door (open or closed) and isn't
 * inside avoid (when avoid isn't NULL) with the greatest distance; the
 * first in reading order wins a tie. False if there is none. */
bool dmap_farthest(const Dmap *dmap, const Map *map, const Rect *avoid, Point *out);

#endif
