#include "map.h"

#include <string.h>

#define MAP_TERRAIN_DEF(id, name, glyph, save, tile, walk, pass, blocks, seen_as, search) \
    [T_##id] = {name, glyph, save, tile, walk, pass, blocks, T_##seen_as},
static const TerrainDef TERRAIN_DEFS[T_COUNT] = {TERRAINS(MAP_TERRAIN_DEF)};
#undef MAP_TERRAIN_DEF

const TerrainDef *map_terrain_def(Terrain terrain)
{
    return &TERRAIN_DEFS[(unsigned)terrain < T_COUNT ? terrain : T_WALL];
}

int map_terrain_by_letter(char letter)
{
    for (int i = 0; i < T_COUNT; ++i) {
        if (TERRAIN_DEFS[i].save_letter == letter) return i;
    }
    return -1;
}

void map_fill(Map *map, Terrain terrain)
{
    memset(map->terrain, (int)terrain, sizeof map->terrain);
    memset(map->explored, 0, sizeof map->explored);
    memset(map->visible, 0, sizeof map->visible);
}

Terrain map_at(const Map *map, int x, int y)
{
    return in_bounds(x, y) ? (Terrain)map->terrain[cell_index(x, y)] : T_WALL;
}

void map_set(Map *map, int x, int y, Terrain terrain)
{
    if (in_bounds(x, y)) {
        map->terrain[cell_index(x, y)] = (uint8_t)terrain;
    }
}

bool map_walkable(const Map *map, int x, int y)
{
    return map_terrain_def(map_at(map, x, y))->walkable;
}

bool map_passable(const Map *map, int x, int y)
{
    return map_terrain_def(map_at(map, x, y))->passable;
}

bool map_blocks_sight(const Map *map, int x, int y)
{
    return map_terrain_def(map_at(map, x, y))->blocks_sight;
}

bool map_is_door(const Map *map, int x, int y)
{
    Terrain t = map_at(map, x, y);
    return t == T_CLOSED_DOOR || t == T_OPEN_DOOR;
}

bool map_borders_ground(const Map *map, int x, int y)
{
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (map_walkable(map, x + dx, y + dy)) {
                return true;
            }
        }
    }
    return false;
}

bool map_explored(const Map *map, int x, int y)
{
    return in_bounds(x, y) && map->explored[cell_index(x, y)];
}

bool map_visible(const Map *map, int x, int y)
{
    return in_bounds(x, y) && map->visible[cell_index(x, y)];
}

void map_set_explored(Map *map, int x, int y)
{
    if (in_bounds(x, y)) {
        map->explored[cell_index(x, y)] = 1;
    }
}
