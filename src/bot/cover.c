#include "cover.h"

#include <string.h>

#include "fov.h"
#include "known.h"
#include "bot_sees.h"

bool cover_archer(const Run *run, const SeenMonster *m)
{
    const MonsterDef *kind = &run_data(run)->monsters[m->kind];
    return kind->range > 0 && kind->breath == 0 && m->state != MS_ASLEEP && m->state != MS_FLEEING;
}

bool cover_exposed(const Run *run, const SeenMonster *seen, int count)
{
    Point me = run_player(run)->pos;
    for (int i = 0; i < count; ++i) {
        int sight = run_data(run)->monsters[seen[i].kind].sight;
        if (cover_archer(run, &seen[i]) && fov_in_radius(seen[i].pos.x - me.x, seen[i].pos.y - me.y, sight)) {
            return true;
        }
    }
    return false;
}

/* The floor as the player knows it, for the sight to be worked out on:
 * what was never seen is rock */
static void known_map(const Run *run, Map *map)
{
    memset(map, 0, sizeof *map);
    for (int c = 0; c < MAP_CELLS; ++c) map->terrain[c] = (uint8_t)known_terrain(run, cell_point(c));
}

/* Every cell an archer in sight can see, on that map */
static void archers_sight(const Run *run, const Map *map, const SeenMonster *seen, int count,
                          unsigned char out[MAP_CELLS])
{
    memset(out, 0, MAP_CELLS);
    for (int i = 0; i < count; ++i) {
        if (!cover_archer(run, &seen[i])) continue;
        fov_compute_into(map, seen[i].pos, run_data(run)->monsters[seen[i].kind].sight, out);
    }
}

/* A cell a step may enter on the way: known ground or a door (a bump
 * opens it), with no known trap and no monster in sight on it */
static bool way_through(const Run *run, const Map *map, Point p)
{
    if (p.x < 0 || p.y < 0 || p.x >= MAP_W || p.y >= MAP_H) return false;
    if (!map_terrain_def((Terrain)map->terrain[cell_index(p.x, p.y)])->passable) return false;
    KnownCell k = known_cell(run, p);
    return k.trap < 0 && k.monster < 0;
}

/* The nearest cell out of every archer's sight, by a breadth-first walk
 * from the player; false if none is near */
static bool nearest_cover(const Run *run, const Map *map, const unsigned char *watched, Point *out)
{
    static const int UNSEEN = -1;
    int steps[MAP_CELLS], queue[MAP_CELLS], head = 0, tail = 0;
    for (int c = 0; c < MAP_CELLS; ++c) steps[c] = UNSEEN;
    Point me = run_player(run)->pos;
    steps[cell_index(me.x, me.y)] = 0;
    queue[tail++] = cell_index(me.x, me.y);
    while (head < tail) {
        int c = queue[head++];
        Point p = cell_point(c);
        bool stand = map_terrain_def((Terrain)map->terrain[c])->walkable;
        if (steps[c] > 0 && stand && !watched[c]) {
            *out = p;
            return true;
        }
        if (steps[c] >= COVER_MOST_STEPS) continue;
        for (int d = 0; d < 8; ++d) {
            Point next = point_add(p, DIRS[d]);
            if (!way_through(run, map, next) || steps[cell_index(next.x, next.y)] != UNSEEN) continue;
            steps[cell_index(next.x, next.y)] = steps[c] + 1;
            queue[tail++] = cell_index(next.x, next.y);
        }
    }
    return false;
}

int cover_step(const Run *run, const SeenMonster *seen, int count)
{
    Map map;
    unsigned char watched[MAP_CELLS];
    known_map(run, &map);
    archers_sight(run, &map, seen, count, watched);
    Point cover;
    if (!nearest_cover(run, &map, watched, &cover)) return -1;
    return explore_step_toward(run, cover, false);
}
