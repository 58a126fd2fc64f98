/* Floors built by hand for the scenario tests: a run on a floor drawn
 * as rows of characters, and finding a marked cell in them. */
#ifndef AMULETS_SCENE_H
#define AMULETS_SCENE_H

#include <stdio.h>
#include <stdlib.h>

#include "run_debug.h"
#include "tune.h"

/* The rows' characters: # wall (and a space), . floor, + closed door,
 * ' open door, * secret door, > stairs, : cave floor, @ the player on
 * floor. Any other character is floor too, a mark to find the cell by */
static inline Terrain scene_terrain(char c)
{
    switch (c) {
    case '#': case ' ': return T_WALL;
    case '+': return T_CLOSED_DOOR;
    case '\'': return T_OPEN_DOOR;
    case '*': return T_SECRET_DOOR;
    case '>': return T_STAIRS;
    case ':': return T_CAVE_FLOOR;
    default: return T_FLOOR;
    }
}

/* A run on a floor of the rows (NULL-terminated), drawn from the map's
 * top left corner, with rock everywhere else, on turn 0 */
static inline Run *scene_build(const GameData *game_data, uint64_t seed, int depth, const char *const rows[])
{
    /* the book's player, whom the scenes' numbers were worked out for */
    Run *run = run_new_as(game_data, seed, 1, RUN_NO_CLASS);
    if (run == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    run_debug_clear_level(run, depth);
    Level *level = run_debug_level(run);
    map_fill(&level->map, T_WALL);
    for (int y = 0; rows[y] != NULL; ++y) {
        for (int x = 0; rows[y][x] != '\0'; ++x) {
            map_set(&level->map, x, y, scene_terrain(rows[y][x]));
            if (rows[y][x] == '@') run_debug_player(run)->pos = (Point){x, y};
            if (rows[y][x] == '>') {
                level->has_stairs = true;
                level->stairs = (Point){x, y};
            }
        }
    }
    if (!level->has_stairs && depth < LAST_FLOOR) {
        /* Every floor but the last has stairs: these are walled in, out
         * of every scene's way */
        level->has_stairs = true;
        level->stairs = (Point){MAP_W - 2, MAP_H - 2};
        map_set(&level->map, MAP_W - 2, MAP_H - 2, T_STAIRS);
    }
    run_debug_set_turn(run, 0);
    run_debug_refresh(run);
    return run;
}

/* A kind of item by its id; a test's data without it is a mistake in
 * the test, and ends it */
static inline int scene_item(const GameData *game_data, const char *id)
{
    int kind = data_find_item(game_data, id);
    if (kind < 0) {
        fprintf(stderr, "no item %s\n", id);
        exit(EXIT_FAILURE);
    }
    return kind;
}

/* The cell of the one character c in the rows */
static inline Point scene_find(const char *const rows[], char c)
{
    Point found = {-1, -1};
    int count = 0;
    for (int y = 0; rows[y] != NULL; ++y) {
        for (int x = 0; rows[y][x] != '\0'; ++x) {
            if (rows[y][x] == c) {
                found = (Point){x, y};
                ++count;
            }
        }
    }
    if (count != 1) {
        fprintf(stderr, "the scene has %d '%c', not one\n", count, c);
        exit(EXIT_FAILURE);
    }
    return found;
}

#endif
