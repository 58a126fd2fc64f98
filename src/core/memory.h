/* What the player remembers of the floor they're on: each cell's terrain
 * as last seen (a door seen closed stays closed until seen again; a
 * secret door is a wall until found), the item last seen on it, and where
 * each monster was last seen. What's in sight now is always known as it
 * is; the memory is what stays once it's out of sight. It's part of the
 * run and of the save.
 *
 * The memory is brought up to date as the player looks (mem_look), just
 * before what they see changes (a sight update) and before the monsters
 * move: so it always holds things as they were last shown. The queries
 * put sight and memory together. Explored cells are the map's own
 * (Map.explored), and known traps the traps' own (Trap.known). */
#ifndef AMULETS_MEMORY_H
#define AMULETS_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "level.h"

typedef struct Run Run;

typedef struct Memory {
    uint8_t terrain[MAP_CELLS];    /* Terrain as last seen, where explored */
    Stack item[MAP_CELLS];         /* the item last seen there; count 0 for none */
    uint16_t monster[MAP_CELLS];   /* the kind of a monster last seen there, plus 1;
                                      0 for none */
    uint64_t item_rows[MAP_H];     /* a bit a cell, the cells an item was remembered
                                      on since the memory was reset (some may have
                                      none now): all mem_item_cells looks at */
} Memory;

/* The cells that remember an item (out of sight or not), in cell order:
 * their count. Few do, so a look over them costs far less than one over
 * every cell */
int mem_item_cells(const Memory *memory, int16_t cells[MAP_CELLS]);

/* The run's memory, for reading (defined with the run's queries in
 * run.c, which alone knows where a run keeps it) */
const Memory *mem_of(const Run *run);

/* A new floor: nothing remembered */
void mem_reset(Memory *memory);

/* The player takes in everything in sight now, as it is now: each cell's
 * terrain and item, and each monster's place (kept on the monster, so one
 * seen somewhere new isn't remembered where it was) */
void mem_look(Memory *memory, Level *level);

/* A monster is about to be taken off the floor, dead. One that dies in
 * the player's sight is known to be gone from where they last saw it
 * too, as a look would have taken in had it lived (and a save, which
 * holds the memory as of the next look, already has); one that dies out
 * of sight is remembered where it was seen until that cell is seen empty */
void mem_forget_dead(Memory *memory, const Level *level, const Monster *monster);

/* The player learns a cell's terrain, or an item, as they really are,
 * without seeing them: a magic map, a secret door found */
void mem_learn_terrain(Memory *memory, const Map *map, Point cell);
void mem_learn_item(Memory *memory, const FloorItem *item);

/* A cell (on the map) remembers a stack: what a save read back holds */
void mem_remember_item(Memory *memory, int cell, Stack stack);

/* ---- What the player knows now (sight and memory together) ------------ */

/* A cell's terrain as the player knows it: as it is if in sight (what it
 * looks like: a secret door is a wall), as remembered if explored, and
 * wall if never seen */
Terrain mem_terrain(const Memory *memory, const Map *map, Point cell);
/* The item known on a cell (count 0 for none) */
Stack mem_item(const Memory *memory, const Level *level, Point cell);
/* The kind of the monster the player last saw on a cell that's out of
 * sight now, or -1 */
int mem_monster(const Memory *memory, const Level *level, Point cell);
/* Where the player last saw a monster, as of when they next look: where
 * it is if it's in sight; false if never seen, or seen gone from there */
bool mem_monster_seen_at(const Level *level, const Monster *monster, Point *out);

/* The memory as it will be when the player next looks: what a save
 * holds, so that a saved run and the run that goes on save the same */
void mem_now(const Memory *memory, const Level *level, Memory *out);

/* True if a cell that is `truth` can be remembered as `known`: as it
 * looks, or, for a door, as any door or (found since) as a wall */
bool mem_may_remember(Terrain truth, Terrain known);

/* What a save from before there was a memory leaves to work out: every
 * explored cell as it looks now, and every item seen where it lies */
void mem_rebuild(Memory *memory, const Level *level);

#endif
