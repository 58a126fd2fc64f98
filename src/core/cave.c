#include "cave.h"

#include <string.h>

#include "tune.h"

/* How many of a cell's eight neighbours are rock; off the map is rock */
static int rock_around(const Map *map, int x, int y)
{
    int rock = 0;
    for (int i = 0; i < 8; ++i) {
        rock += map_at(map, x + DIRS[i].x, y + DIRS[i].y) == T_WALL;
    }
    return rock;
}

static void random_fill(Map *map, Rng *rng)
{
    map_fill(map, T_WALL);
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) {
            if (rng_roll(rng, 1, 100) > CAVE_FILL_PERCENT) {
                map_set(map, x, y, T_CAVE_FLOOR);
            }
        }
    }
}

/* One step of the rule: a cell becomes rock with CAVE_ROCK_AT or more rock
 * neighbours, and stays rock with one fewer; the rest is earth. The map's
 * edge stays rock. */
static void automaton_step(Map *map)
{
    uint8_t next[MAP_CELLS];
    memcpy(next, map->terrain, sizeof next);
    for (int y = 1; y < MAP_H - 1; ++y) {
        for (int x = 1; x < MAP_W - 1; ++x) {
            int around = rock_around(map, x, y);
            bool was_rock = map->terrain[cell_index(x, y)] == T_WALL;
            bool rock = around >= CAVE_ROCK_AT || (was_rock && around >= CAVE_ROCK_AT - 1);
            next[cell_index(x, y)] = (uint8_t)(rock ? T_WALL : T_CAVE_FLOOR);
        }
    }
    memcpy(map->terrain, next, sizeof map->terrain);
}

/* Marks every passable cell joined to start through passable cells (eight
 * directions) with label; returns how many */
static int flood(const Map *map, int start, int label, int labels[MAP_CELLS])
{
    int stack[MAP_CELLS];
    int top = 0, size = 0;
    labels[start] = label;
    stack[top++] = start;
    while (top > 0) {
        int cell = stack[--top];
        ++size;
        int x = cell % MAP_W, y = cell / MAP_W;
        for (int i = 0; i < 8; ++i) {
            int nx = x + DIRS[i].x, ny = y + DIRS[i].y;
            if (!map_passable(map, nx, ny)) continue;
            int next = cell_index(nx, ny);
            if (labels[next] == 0) {
                labels[next] = label;
                stack[top++] = next;
            }
        }
    }
    return size;
}

int cave_keep_biggest(Map *map)
{
    int labels[MAP_CELLS] = {0};
    int best_label = 0, best_size = 0, label = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (labels[i] != 0 || !map_passable(map, i % MAP_W, i / MAP_W)) continue;
        int size = flood(map, i, ++label, labels);
        if (size > best_size) {
            best_size = size;
            best_label = label;
        }
    }
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (labels[i] != 0 && labels[i] != best_label) {
            map->terrain[i] = T_WALL;
        }
    }
    return best_size;
}

int cave_areas(const Map *map, Rect areas[CAVE_AREAS_MAX])
{
    int count = 0;
    for (int gy = 0; gy < MAP_H; gy += CAVE_AREA_H) {
        for (int gx = 0; gx < MAP_W; gx += CAVE_AREA_W) {
            int x0 = MAP_W, y0 = MAP_H, x1 = -1, y1 = -1;
            for (int y = gy; y < gy + CAVE_AREA_H && y < MAP_H; ++y) {
                for (int x = gx; x < gx + CAVE_AREA_W && x < MAP_W; ++x) {
                    if (!map_walkable(map, x, y)) continue;
                    x0 = x < x0 ? x : x0;
                    y0 = y < y0 ? y : y0;
                    x1 = x > x1 ? x : x1;
                    y1 = y > y1 ? y : y1;
                }
            }
            if (x1 >= 0 && count < CAVE_AREAS_MAX) {
                areas[count++] = (Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
            }
        }
    }
    return count;
}

bool cave_start_in(const Map *map, Rect area, const Rect *avoid, Point *out)
{
    /* Twice the middle, so an even width's middle lies between cells */
    int mx2 = 2 * area.x + area.w - 1, my2 = 2 * area.y + area.h - 1;
    int best = -1;
    for (int y = area.y; y < area.y + area.h; ++y) {
        for (int x = area.x; x < area.x + area.w; ++x) {
            if (!map_walkable(map, x, y)) continue;
            if (avoid != NULL && rect_contains(*avoid, (Point){x, y})) continue;
            int dx = 2 * x - mx2, dy = 2 * y - my2;
            int distance = dx * dx + dy * dy;
            if (best < 0 || distance < best) {
                best = distance;
                *out = (Point){x, y};
            }
        }
    }
    return best >= 0;
}

void cave_growth_start(CaveGrowth *growth, Rng *rng)
{
    random_fill(&growth->map, rng);
    growth->step = 0;
}

bool cave_growth_step(CaveGrowth *growth)
{
    if (growth->step > CAVE_STEPS) {
        return false;
    }
    if (growth->step < CAVE_STEPS) {
        automaton_step(&growth->map);
    } else {
        cave_keep_biggest(&growth->map);
    }
    ++growth->step;
    return true;
}

int cave_generate(Map *map, Rng *rng, Rect areas[CAVE_AREAS_MAX])
{
    for (;;) {
        random_fill(map, rng);
        for (int step = 0; step < CAVE_STEPS; ++step) {
            automaton_step(map);
        }
        int cells = cave_keep_biggest(map);
        int count = cave_areas(map, areas);
        if (cells >= MIN_CAVE_CELLS && count >= 2) {
            /* The player may start in any area, not always the top left */
            int start = rng_roll(rng, 0, count - 1);
            Rect swap = areas[0];
            areas[0] = areas[start];
            areas[start] = swap;
            return count;
        }
    }
}
