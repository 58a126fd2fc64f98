/* The map of one floor: what each cell is made of, and what the player
 * has seen of it. Off the map counts as wall. */
#ifndef AMULETS_MAP_H
#define AMULETS_MAP_H

#include <stdbool.h>
#include <stdint.h>

#include "geom.h"

/* Every terrain, once, with everything about it: the enum, map.c's
 * table (map_terrain_def), the sight's and the searches' own tables
 * (fov.c, dmap.c) are all made from this list, and every table or
 * switch elsewhere (the screen's colours) names each terrain by its own
 * name, so a terrain one of them misses doesn't compile (tests/tables.sh
 * adds one to see). The columns: name as the look text says it; glyph in
 * the glyph view and --show; letter in a save's rows; tile; walkable
 * (can be stood on); passable (a way can lead through: walkable, or a
 * door, a secret one too); blocks sight; what the player takes it for;
 * and what the monsters' searches take it for (ground, a door they may
 * open, or shut) */
#define TERRAINS(X) \
    /* id          name             glyph save tile          walk   pass   blocks seen as      search */ \
    X(WALL,        "a wall",        '#',  '#', "wall",       false, false, true,  WALL,        SHUT)   \
    X(FLOOR,       "floor",         '.',  '.', "floor",      true,  true,  false, FLOOR,       GROUND) \
    X(STAIRS,      "stairs down",   '>',  '>', "stairs",     true,  true,  false, STAIRS,      GROUND) \
    X(CAVE_FLOOR,  "cave floor",    '.',  ':', "cave-floor", true,  true,  false, CAVE_FLOOR,  GROUND) \
    X(CLOSED_DOOR, "a closed door", '+',  '+', "door",       false, true,  true,  CLOSED_DOOR, DOOR)   \
    X(OPEN_DOOR,   "an open door",  '\'', '/', "open-door",  true,  true,  false, OPEN_DOOR,   GROUND) \
    X(SECRET_DOOR, "a secret door", '#',  'S', "wall",       false, true,  true,  WALL,        SHUT)

/* T_FLOOR is a room's worked stone, T_CAVE_FLOOR a cave's earth, T_STAIRS
 * the stairs down; a secret door is a wall to everything but searching
 * and F1 */
#define MAP_TERRAIN_ENUM(id, ...) T_##id,
typedef enum Terrain { TERRAINS(MAP_TERRAIN_ENUM) T_COUNT } Terrain;
#undef MAP_TERRAIN_ENUM

/* Everything about one terrain, in one table (map_terrain_def) */
typedef struct TerrainDef {
    const char *name;       /* as the look text says it: "a wall", "floor" */
    char glyph;             /* drawn in the glyph view and by --show */
    char save_letter;       /* in a save's rows */
    const char *tile;       /* the tile it's drawn with */
    bool walkable;          /* can be stood on */
    bool passable;          /* a way can lead through: walkable, or a door */
    bool blocks_sight;
    Terrain seen_as;        /* what the player takes it for: a secret door
                               looks like a wall until it's found */
} TerrainDef;

typedef struct Map {
    uint8_t terrain[MAP_CELLS];
    uint8_t explored[MAP_CELLS];   /* ever seen or magic-mapped */
    uint8_t visible[MAP_CELLS];    /* in sight now */
} Map;

/* A terrain's row of the table; anything out of range reads as wall */
const TerrainDef *map_terrain_def(Terrain terrain);
/* The terrain whose save letter this is, or -1 */
int map_terrain_by_letter(char letter);

/* Every cell the given terrain, nothing explored or visible */
void map_fill(Map *map, Terrain terrain);

/* True if any cell of row y is in sight: all that is in sight is near the
 * player, so a look over it skips the rows with none (the loop is
 * vectorised) */
static inline bool map_row_in_sight(const Map *map, int y)
{
    uint8_t any = 0;
    for (int x = 0; x < MAP_W; ++x) any |= map->visible[y * MAP_W + x];
    return any != 0;
}

Terrain map_at(const Map *map, int x, int y);
void map_set(Map *map, int x, int y, Terrain terrain);

/* Floor, cave floor, stairs and an open door can be walked on */
bool map_walkable(const Map *map, int x, int y);
/* A way can lead through: walkable, or any door, a secret one included */
bool map_passable(const Map *map, int x, int y);
/* Wall, closed door and secret door block sight */
bool map_blocks_sight(const Map *map, int x, int y);
/* A door the player knows is a door: closed or open, never a secret one */
bool map_is_door(const Map *map, int x, int y);
/* A wall (or secret door) with walkable ground beside it, diagonals too:
 * the only walls worth drawing or mapping */
bool map_borders_ground(const Map *map, int x, int y);

bool map_explored(const Map *map, int x, int y);
bool map_visible(const Map *map, int x, int y);
void map_set_explored(Map *map, int x, int y);

static inline bool map_walkable_at(const Map *map, Point p) { return map_walkable(map, p.x, p.y); }
static inline Terrain map_at_point(const Map *map, Point p) { return map_at(map, p.x, p.y); }

#endif
