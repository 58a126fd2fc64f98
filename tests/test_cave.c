/* Cave floors, over thousands of seeds: one connected cave of at least
 * MIN_CAVE_CELLS, at least two areas, no doors, a rock border, a start on
 * its ground, and the growth's steps ending in the same cave. */
#include "cave.h"
#include "check.h"
#include "dmap.h"
#include "maptest.h"
#include "tune.h"

static void check_areas(const Map *map, const Rect *areas, int count)
{
    for (int i = 0; i < count; ++i) {
        Rect a = areas[i];
        CHECK(a.w >= 1 && a.h >= 1 && a.w <= CAVE_AREA_W && a.h <= CAVE_AREA_H);
        /* inside one square of the grid */
        CHECK(a.x / CAVE_AREA_W == (a.x + a.w - 1) / CAVE_AREA_W);
        CHECK(a.y / CAVE_AREA_H == (a.y + a.h - 1) / CAVE_AREA_H);
        int ground = 0;
        for (int y = a.y; y < a.y + a.h; ++y)
            for (int x = a.x; x < a.x + a.w; ++x)
                ground += map_walkable(map, x, y);
        CHECK(ground > 0);
        /* the box is tight: ground on each of its edges */
        int top = 0, bottom = 0, left = 0, right = 0;
        for (int x = a.x; x < a.x + a.w; ++x) {
            top += map_walkable(map, x, a.y);
            bottom += map_walkable(map, x, a.y + a.h - 1);
        }
        for (int y = a.y; y < a.y + a.h; ++y) {
            left += map_walkable(map, a.x, y);
            right += map_walkable(map, a.x + a.w - 1, y);
        }
        CHECK(top && bottom && left && right);
    }
}

static void check_cave(uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    Map map;
    Rect areas[CAVE_AREAS_MAX];
    int count = cave_generate(&map, &rng, areas);
    CHECK(count >= 2);
    check_areas(&map, areas, count);
    int cells = 0;
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Terrain t = map_at(&map, x, y);
            CHECK(t == T_WALL || t == T_CAVE_FLOOR);
            cells += t == T_CAVE_FLOOR;
            bool edge = x == 0 || y == 0 || x == MAP_W - 1 || y == MAP_H - 1;
            if (edge) CHECK(t == T_WALL);
        }
    }
    CHECK(cells >= MIN_CAVE_CELLS);
    Point start;
    CHECK(cave_start_in(&map, areas[0], NULL, &start));
    CHECK(rect_contains(areas[0], start) && map_walkable(&map, start.x, start.y));
    unsigned char reached[MAP_CELLS];
    CHECK_INT(reach_passable(&map, start, reached), cells);
    CHECK_INT(cave_keep_biggest(&map), cells);   /* nothing left to fill */
    Dmap dmap;
    dmap_compute(&dmap, &map, &start, 1, DOOR_STEPS);
    Point far;
    CHECK(dmap_farthest(&dmap, &map, NULL, &far));
    CHECK(map_walkable(&map, far.x, far.y) && !map_is_door(&map, far.x, far.y));
}

/* The start is the walkable cell nearest the area's middle, and never in
 * the rectangle to avoid */
static void start_cell(void)
{
    Map map;
    map_fill(&map, T_WALL);
    for (int x = 2; x <= 9; ++x) map_set(&map, x, 5, T_CAVE_FLOOR);
    Rect area = {2, 2, 8, 6};   /* middle (5.5, 4.5) */
    Point p;
    CHECK(cave_start_in(&map, area, NULL, &p));
    CHECK(p.x == 5 && p.y == 5);
    Rect avoid = {4, 5, 4, 1};
    CHECK(cave_start_in(&map, area, &avoid, &p));
    CHECK(p.x == 3 && p.y == 5);
    Rect all = {0, 0, 20, 20};
    CHECK(!cave_start_in(&map, area, &all, &p));
}

/* A vault's closed door joins it to the cave: the flood fill goes through
 * every kind of door */
static void keep_biggest_through_doors(void)
{
    Map map;
    map_fill(&map, T_WALL);
    for (int x = 1; x <= 30; ++x) map_set(&map, x, 1, T_CAVE_FLOOR);   /* 30 cells */
    map_set(&map, 10, 2, T_CLOSED_DOOR);
    for (int x = 5; x <= 15; ++x) map_set(&map, x, 3, T_FLOOR);       /* 11 behind it */
    for (int x = 40; x <= 45; ++x) map_set(&map, x, 10, T_CAVE_FLOOR); /* a pocket */
    CHECK_INT(cave_keep_biggest(&map), 42);
    CHECK(map_at(&map, 10, 2) == T_CLOSED_DOOR);
    CHECK(map_at(&map, 5, 3) == T_FLOOR);
    CHECK(map_at(&map, 40, 10) == T_WALL);
}

/* Stepping through the growth ends where the generator's own growing
 * would, step by step */
static void growth_steps(void)
{
    Rng rng;
    rng_seed(&rng, 11);
    CaveGrowth growth;
    cave_growth_start(&growth, &rng);
    int steps = 0;
    unsigned char before[MAP_CELLS];
    while (true) {
        memcpy(before, growth.map.terrain, sizeof before);
        if (!cave_growth_step(&growth)) break;
        ++steps;
    }
    CHECK_INT(steps, CAVE_STEPS + 1);
    CHECK(memcmp(before, growth.map.terrain, sizeof before) == 0);
    /* the finished growth is one cave */
    int cells = 0;
    Point any = {-1, -1};
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (growth.map.terrain[i] == T_CAVE_FLOOR) {
            ++cells;
            any = cell_point(i);
        }
    }
    unsigned char reached[MAP_CELLS];
    CHECK(cells > 0);
    CHECK_INT(reach_passable(&growth.map, any, reached), cells);
}

int main(void)
{
    const int seeds = check_sanitized() ? 2000 : 3000;
    for (int seed = 1; seed <= seeds; ++seed) {
        check_cave((uint64_t)seed * 104729u);
    }
    start_cell();
    keep_biggest_through_doors();
    growth_steps();
    return check_done("test_cave");
}
