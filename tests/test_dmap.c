/* Distance maps: equal, cell for cell, to a brute-force relaxation over
 * the same rules (every cell offers each neighbour its distance plus the
 * step's cost, again and again until nothing changes), on random maps of
 * walls, ground and doors of every kind, with several goals and door
 * costs; the flee map likewise from the same seeds; and the farthest cell
 * equal to a plain scan. */
#include "check.h"

#include <stdint.h>
#include <string.h>

#include "cave.h"
#include "dmap.h"
#include "map.h"
#include "rng.h"
#include "rooms.h"
#include "tune.h"

/* ---- maps ---------------------------------------------------------- */

static Terrain random_terrain(Rng *rng, int wall_percent)
{
    static const Terrain other[] = {
        T_FLOOR, T_FLOOR, T_FLOOR, T_CAVE_FLOOR, T_STAIRS,
        T_CLOSED_DOOR, T_CLOSED_DOOR, T_OPEN_DOOR, T_SECRET_DOOR,
    };
    return rng_roll(rng, 1, 100) <= wall_percent ? T_WALL : other[rng_roll(rng, 0, 8)];
}

static void random_map(Map *map, Rng *rng, int round)
{
    Rect rects[ROOMS_MAX + CAVE_AREAS_MAX];   /* room for either */
    if (round % 5 == 3) {
        rooms_generate(map, rng, rects);
        return;
    }
    if (round % 5 == 4) {
        cave_generate(map, rng, rects);
        return;
    }
    int wall_percent = rng_roll(rng, 0, 60);
    map_fill(map, T_WALL);
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        map_set(map, p.x, p.y, random_terrain(rng, wall_percent));
    }
}

/* ---- the brute-force reference ---------------------------------------- */

static int32_t step_cost(const Map *map, int x, int y, int door_cost)
{
    if (map_at(map, x, y) == T_CLOSED_DOOR) {
        return door_cost;
    }
    return map_walkable(map, x, y) ? 1 : 0;
}

/* Relaxes every cell against every neighbour until nothing changes,
 * sweeping forward and back in turn. Only cells below ceiling can be
 * bettered. */
static void relax_all(int32_t d[MAP_CELLS], const Map *map, int door_cost, int32_t ceiling)
{
    int32_t cost[MAP_CELLS];
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        cost[i] = step_cost(map, p.x, p.y, door_cost);
    }
    bool changed = true;
    for (int sweep = 0; changed; ++sweep) {
        changed = false;
        for (int k = 0; k < MAP_CELLS; ++k) {
            int i = sweep % 2 ? MAP_CELLS - 1 - k : k;
            if (d[i] == DMAP_UNREACHED) {
                continue;
            }
            Point p = cell_point(i);
            for (int dir = 0; dir < 8; ++dir) {
                Point n = point_add(p, DIRS[dir]);
                if (!in_bounds(n.x, n.y)) continue;
                int j = cell_index(n.x, n.y);
                if (cost[j] != 0 && d[j] < ceiling && d[i] + cost[j] < d[j]) {
                    d[j] = d[i] + cost[j];
                    changed = true;
                }
            }
        }
    }
}

static void brute_compute(int32_t d[MAP_CELLS], const Map *map, const Point *goals, int n,
                          int door_cost)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        d[i] = DMAP_UNREACHED;
    }
    for (int g = 0; g < n; ++g) {
        if (in_bounds(goals[g].x, goals[g].y)) {
            d[cell_index(goals[g].x, goals[g].y)] = 0;
        }
    }
    relax_all(d, map, door_cost, INT32_MAX);
}

static void brute_flee(int32_t f[MAP_CELLS], const int32_t toward[MAP_CELLS], const Map *map,
                       int door_cost)
{
    for (int i = 0; i < MAP_CELLS; ++i) {
        f[i] = toward[i] == DMAP_UNREACHED ? DMAP_UNREACHED
                                           : (int32_t)((int64_t)toward[i] * FLEE_FACTOR_TENTHS / 10);
    }
    relax_all(f, map, door_cost, DMAP_UNREACHED);
}

static bool brute_farthest(const int32_t d[MAP_CELLS], const Map *map, const Rect *avoid,
                           Point *out)
{
    bool found = false;
    int32_t best = 0;
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            int32_t v = d[cell_index(x, y)];
            Terrain t = map_at(map, x, y);
            bool fits = v != DMAP_UNREACHED && t != T_OPEN_DOOR && t != T_CLOSED_DOOR &&
                        map_walkable(map, x, y) && !(avoid && rect_contains(*avoid, (Point){x, y}));
            if (fits && (!found || v > best)) {
                found = true;
                best = v;
                *out = (Point){x, y};
            }
        }
    }
    return found;
}

static int differences(const int32_t *a, const int32_t *b)
{
    int wrong = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        wrong += a[i] != b[i];
    }
    return wrong;
}

/* ---- random maps ----------------------------------------------------- */

static int random_door_cost(Rng *rng)
{
    static const int large[] = {DOOR_STEPS, DOOR_MUFFLE, 7, 8, 100, 5000};
    return rng_one_in(rng, 8) ? large[rng_roll(rng, 0, 5)] : rng_roll(rng, 1, 5);
}

/* Goals anywhere, walls and doors included, now and then twice over or
 * off the map */
static int random_goals(Rng *rng, Point goals[8])
{
    int n = rng_roll(rng, 1, 6);
    for (int g = 0; g < n; ++g) {
        goals[g] = (Point){rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
    }
    if (rng_one_in(rng, 10)) {
        goals[n++] = goals[0];
    }
    if (rng_one_in(rng, 10)) {
        goals[n++] = (Point){rng_roll(rng, -3, MAP_W + 2), rng_one_in(rng, 2) ? -1 : MAP_H};
    }
    return n;
}

static void check_farthest(const Dmap *dmap, const Map *map, Rng *rng)
{
    Rect avoid = {rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1),
                  rng_roll(rng, 1, 30), rng_roll(rng, 1, 20)};
    for (int pass = 0; pass < 2; ++pass) {
        const Rect *r = pass ? &avoid : NULL;
        Point got = {-1, -1}, want = {-2, -2};
        bool found = dmap_farthest(dmap, map, r, &got);
        CHECK_INT(found, brute_farthest(dmap->d, map, r, &want));
        if (found) {
            CHECK(point_eq(got, want));
            CHECK(map_walkable(map, got.x, got.y) && !map_is_door(map, got.x, got.y));
        }
    }
}

static void test_random_maps(int maps)
{
    Rng rng;
    rng_seed(&rng, 0xD1A1u);
    static Dmap dmap, flee, other;
    int32_t want[MAP_CELLS], want_flee[MAP_CELLS];
    int wrong = 0, wrong_flee = 0, reached = 0;
    for (int m = 0; m < maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        Point goals[8];
        int n = random_goals(&rng, goals);
        int door_cost = random_door_cost(&rng);
        dmap_compute(&dmap, &map, goals, n, door_cost);
        brute_compute(want, &map, goals, n, door_cost);
        wrong += differences(dmap.d, want) != 0;
        dmap_flee(&flee, &dmap, &map, door_cost);
        brute_flee(want_flee, want, &map, door_cost);
        wrong_flee += differences(flee.d, want_flee) != 0;
        for (int i = 0; i < MAP_CELLS; ++i) {
            reached += dmap.d[i] != DMAP_UNREACHED;
        }
        check_farthest(&dmap, &map, &rng);
        /* the same Dmap used again must forget everything before */
        dmap_compute(&other, &map, goals, 0, door_cost);
        dmap_compute(&other, &map, goals, n, door_cost);
        wrong += differences(other.d, want) != 0;
    }
    CHECK_INT(wrong, 0);
    CHECK_INT(wrong_flee, 0);
    CHECK(reached > maps * 100);   /* the maps weren't all walled in */
}

/* A flee map from a distance map of another map, where 40 random cells
 * have become terrain since: what the distance map never reached stays
 * unreached, and a cell it reached that can't be entered now keeps its
 * seed's value (the sowing tests such cells on every level, not only
 * the goals'). The maps that came out wrong */
static int flee_stale_wrongly(int maps, unsigned seed, Terrain terrain)
{
    Rng rng;
    rng_seed(&rng, seed);
    static Dmap toward, flee;
    int32_t want[MAP_CELLS];
    int wrong = 0;
    for (int m = 0; m < maps; ++m) {
        Map map;
        random_map(&map, &rng, m);
        Point goals[8];
        int n = random_goals(&rng, goals);
        dmap_compute(&toward, &map, goals, n, DOOR_STEPS);
        for (int k = 0; k < 40; ++k) {
            map_set(&map, rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1), terrain);
        }
        dmap_flee(&flee, &toward, &map, DOOR_STEPS);
        brute_flee(want, toward.d, &map, DOOR_STEPS);
        wrong += differences(flee.d, want) != 0;
    }
    return wrong;
}

/* A door opened since, and walls built where the distance map reached */
static void test_flee_stale(int maps)
{
    CHECK_INT(flee_stale_wrongly(maps, 0xF1EEu, T_FLOOR), 0);
    CHECK_INT(flee_stale_wrongly(maps, 0xF1EFu, T_WALL), 0);
}

/* ---- hand-built cases ------------------------------------------------ */

/* A corridor along row 5 from x = 1 to x = 30, walls all round */
static void corridor(Map *map)
{
    map_fill(map, T_WALL);
    for (int x = 1; x <= 30; ++x) {
        map_set(map, x, 5, T_FLOOR);
    }
}

static void test_corridor_and_doors(void)
{
    Map map;
    Dmap dmap;
    corridor(&map);
    Point goal = {1, 5};
    dmap_compute(&dmap, &map, &goal, 1, DOOR_STEPS);
    CHECK_INT(dmap_at(&dmap, (Point){1, 5}), 0);
    CHECK_INT(dmap_at(&dmap, (Point){30, 5}), 29);
    CHECK_INT(dmap_at(&dmap, (Point){5, 4}), DMAP_UNREACHED);   /* wall */
    CHECK_INT(dmap_at(&dmap, (Point){-1, 5}), DMAP_UNREACHED);  /* off the map */

    map_set(&map, 10, 5, T_CLOSED_DOOR);
    for (int cost = 1; cost <= 6; ++cost) {
        dmap_compute(&dmap, &map, &goal, 1, cost);
        CHECK_INT(dmap_at(&dmap, (Point){9, 5}), 8);
        CHECK_INT(dmap_at(&dmap, (Point){10, 5}), 8 + cost);
        CHECK_INT(dmap_at(&dmap, (Point){30, 5}), 28 + cost);
    }
    map_set(&map, 10, 5, T_OPEN_DOOR);
    dmap_compute(&dmap, &map, &goal, 1, 5);
    CHECK_INT(dmap_at(&dmap, (Point){30, 5}), 29);
    map_set(&map, 10, 5, T_SECRET_DOOR);
    dmap_compute(&dmap, &map, &goal, 1, 5);
    CHECK_INT(dmap_at(&dmap, (Point){10, 5}), DMAP_UNREACHED);
    CHECK_INT(dmap_at(&dmap, (Point){30, 5}), DMAP_UNREACHED);

    /* a way round a closed door, (8,5) (9,6) (10,7) (11,6): longer than
     * through a cheap door, shorter than through a dear one */
    map_set(&map, 10, 5, T_CLOSED_DOOR);
    map_set(&map, 9, 6, T_FLOOR);
    map_set(&map, 10, 7, T_FLOOR);
    map_set(&map, 11, 6, T_FLOOR);
    dmap_compute(&dmap, &map, &goal, 1, 4);
    CHECK_INT(dmap_at(&dmap, (Point){11, 5}), 11);
    CHECK_INT(dmap_at(&dmap, (Point){10, 5}), 12);
    dmap_compute(&dmap, &map, &goal, 1, 1);
    CHECK_INT(dmap_at(&dmap, (Point){11, 5}), 10);
    CHECK_INT(dmap_at(&dmap, (Point){10, 5}), 9);
}

static void test_goals(void)
{
    Map map;
    Dmap dmap;
    map_fill(&map, T_FLOOR);
    dmap_compute(&dmap, &map, NULL, 0, DOOR_STEPS);
    int reached = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        reached += dmap.d[i] != DMAP_UNREACHED;
    }
    CHECK_INT(reached, 0);

    /* diagonals cost 1: the distance is Chebyshev's on open ground */
    Point goals[2] = {{3, 3}, {60, 30}};
    dmap_compute(&dmap, &map, goals, 2, DOOR_STEPS);
    int wrong = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        Point p = cell_point(i);
        int a = chebyshev(p, goals[0]), b = chebyshev(p, goals[1]);
        wrong += dmap.d[i] != (a < b ? a : b);
    }
    CHECK_INT(wrong, 0);

    /* a goal inside a wall is still 0, and its ground neighbours 1 */
    map_fill(&map, T_WALL);
    map_set(&map, 6, 5, T_FLOOR);
    map_set(&map, 7, 5, T_FLOOR);
    Point in_wall = {5, 5};
    dmap_compute(&dmap, &map, &in_wall, 1, DOOR_STEPS);
    CHECK_INT(dmap_at(&dmap, in_wall), 0);
    CHECK_INT(dmap_at(&dmap, (Point){6, 5}), 1);
    CHECK_INT(dmap_at(&dmap, (Point){7, 5}), 2);
    CHECK_INT(dmap_at(&dmap, (Point){4, 5}), DMAP_UNREACHED);

    /* a byte that is no terrain is shut, whatever its value: a row of
     * it across the floor cuts the map in two */
    wrong = 0;
    for (int b = T_COUNT; b < 256; ++b) {
        map_fill(&map, T_FLOOR);
        memset(map.terrain + MAP_W, b, MAP_W);
        Point top = {0, 0};
        dmap_compute(&dmap, &map, &top, 1, DOOR_STEPS);
        for (int i = 0; i < MAP_CELLS; ++i) {
            wrong += dmap.d[i] != (i < MAP_W ? i : DMAP_UNREACHED);
        }
    }
    CHECK_INT(wrong, 0);
}

/* A flee seed, the distance times the factor, rounded toward zero, is
 * pinned by what rounding means, not by the factor's value (which is
 * tuned): the seed times ten is the exact product or up to 9 above it.
 * For FLEE_FACTOR_TENTHS = -12 that is 0, -1, -2, -3, -4, -6, -7, -8,
 * -9, -10, -12, -14 and -1200 for the distances below. */
static bool rounded_toward_zero(int32_t seed, int32_t dist)
{
    int64_t above = (int64_t)seed * 10 - (int64_t)dist * FLEE_FACTOR_TENTHS;
    return above >= 0 && above <= 9;
}

static int32_t smaller(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static void test_flee_rounding(void)
{
    Map map;
    Dmap toward, flee;
    /* cells on their own, two apart: nothing to relax, so each keeps its
     * seed */
    map_fill(&map, T_WALL);
    for (int i = 0; i < MAP_CELLS; ++i) {
        toward.d[i] = DMAP_UNREACHED;
    }
    const int32_t dist[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 1000};
    for (int k = 0; k < 13; ++k) {
        map_set(&map, 2 + 2 * k, 3, T_FLOOR);
        toward.d[cell_index(2 + 2 * k, 3)] = dist[k];
    }
    dmap_flee(&flee, &toward, &map, DOOR_STEPS);
    for (int k = 0; k < 13; ++k) {
        int32_t seed = dmap_at(&flee, (Point){2 + 2 * k, 3});
        if (!CHECK(rounded_toward_zero(seed, dist[k]))) {
            fprintf(stderr, "    distance %d gave %d\n", (int)dist[k], (int)seed);
        }
    }
    CHECK_INT(dmap_at(&flee, (Point){3, 3}), DMAP_UNREACHED);

    Point goal = {1, 5};
    corridor(&map);
    /* a dead end off the middle of the corridor. Each cell's flee value is
     * the lower of its own seed and the far end's seed plus the steps from
     * there (the far end, 29 away, has the lowest seed of all, so it keeps
     * it): with the factor -12 the far end is -34, the dead end's mouth is
     * bettered by it (-15, -14) and its bottom keeps its seed (-18) */
    for (int y = 6; y <= 12; ++y) {
        map_set(&map, 10, y, T_FLOOR);
    }
    dmap_compute(&toward, &map, &goal, 1, DOOR_STEPS);
    dmap_flee(&flee, &toward, &map, DOOR_STEPS);
    CHECK_INT(dmap_at(&toward, (Point){10, 12}), 15);
    CHECK_INT(dmap_at(&toward, (Point){11, 5}), 10);
    CHECK_INT(dmap_at(&toward, (Point){10, 6}), 9);
    int32_t far = dmap_at(&flee, (Point){30, 5});
    CHECK(rounded_toward_zero(far, 29));
    CHECK_INT(dmap_at(&flee, (Point){11, 5}), smaller(10 * FLEE_FACTOR_TENTHS / 10, far + 19));
    CHECK_INT(dmap_at(&flee, (Point){10, 6}), smaller(9 * FLEE_FACTOR_TENTHS / 10, far + 20));
    CHECK_INT(dmap_at(&flee, (Point){10, 12}), smaller(15 * FLEE_FACTOR_TENTHS / 10, far + 26));
    int32_t want[MAP_CELLS];
    brute_flee(want, toward.d, &map, DOOR_STEPS);
    CHECK_INT(differences(flee.d, want), 0);
}

static void test_farthest(void)
{
    Map map;
    Dmap dmap;
    corridor(&map);
    map_set(&map, 30, 5, T_OPEN_DOOR);
    map_set(&map, 29, 5, T_CLOSED_DOOR);
    Point goal = {1, 5}, far;
    dmap_compute(&dmap, &map, &goal, 1, DOOR_STEPS);
    CHECK(dmap_farthest(&dmap, &map, NULL, &far));
    CHECK(point_eq(far, (Point){28, 5}));   /* never a door */
    Rect avoid = {20, 0, 20, 10};
    CHECK(dmap_farthest(&dmap, &map, &avoid, &far));
    CHECK(point_eq(far, (Point){19, 5}));
    Rect all = {0, 0, MAP_W, MAP_H};
    CHECK(!dmap_farthest(&dmap, &map, &all, &far));

    /* ties: the first in reading order */
    map_fill(&map, T_WALL);
    map_set(&map, 5, 5, T_FLOOR);
    map_set(&map, 4, 6, T_FLOOR);
    map_set(&map, 6, 6, T_FLOOR);
    map_set(&map, 5, 7, T_FLOOR);
    goal = (Point){5, 5};
    dmap_compute(&dmap, &map, &goal, 1, DOOR_STEPS);
    CHECK(dmap_farthest(&dmap, &map, NULL, &far));
    CHECK(point_eq(far, (Point){5, 7}));
    map_set(&map, 5, 7, T_WALL);
    dmap_compute(&dmap, &map, &goal, 1, DOOR_STEPS);
    CHECK(dmap_farthest(&dmap, &map, NULL, &far));
    CHECK(point_eq(far, (Point){4, 6}));
}

/* Whether a cell the full map puts farther than the limit has a distance
 * on the map within it: only a closed door next to a cell nearer than the
 * limit has, as a level spread from claims it (at its full distance) */
static bool claimed_past(const Map *map, const Dmap *full, int cell, int door_cost, int limit)
{
    Point p = cell_point(cell);
    if (map_at(map, p.x, p.y) != T_CLOSED_DOOR || door_cost < 2) {
        return false;
    }
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (in_bounds(p.x + dx, p.y + dy) && dmap_at(full, (Point){p.x + dx, p.y + dy}) < limit) {
                return true;
            }
        }
    }
    return false;
}

/* A map within a limit: every cell the full map puts within the limit has
 * the same distance, every other cell none, but the doors claimed from
 * within it (the noise reads them, so they must be the same each time) */
static void test_within(int maps)
{
    Rng rng;
    rng_seed(&rng, 0x717Eu);
    static Map map;
    static Dmap full, near;
    int past = 0;
    for (int round = 0; round < maps; ++round) {
        random_map(&map, &rng, round);
        Point goal = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
        int door_cost = random_door_cost(&rng);
        int limit = rng_roll(&rng, 0, 40);
        dmap_compute(&full, &map, &goal, 1, door_cost);
        dmap_compute_within(&near, &map, goal, door_cost, limit);
        int wrong = 0;
        for (int i = 0; i < MAP_CELLS; ++i) {
            bool has = full.d[i] <= limit || claimed_past(&map, &full, i, door_cost, limit);
            wrong += near.d[i] != (has ? full.d[i] : DMAP_UNREACHED);
            past += has && full.d[i] > limit;
        }
        CHECK_INT(wrong, 0);
    }
    CHECK(past > maps);   /* doors past the limit were claimed */
}

/* Reaches a cell; how many cells then differ from what the full map
 * says they must be: the cell and every nearer cell as on the full map,
 * and no other nearer than the cell */
static int reach_wrongly(DmapSearch *search, const Dmap *full, Point from)
{
    dmap_search_reach(search, from);
    int32_t here = dmap_at(full, from);
    int wrong = dmap_at(&search->dmap, from) != here;
    for (int i = 0; i < MAP_CELLS; ++i) {
        wrong += full->d[i] < here ? search->dmap.d[i] != full->d[i] : search->dmap.d[i] < here;
    }
    return wrong;
}

/* The flee map from a finished search, sown in the search's own order,
 * against the brute force's from the full map: the cells that differ */
static int flee_wrongly(const DmapSearch *search, const Dmap *full, const Map *map, int door_cost)
{
    static Dmap flee;
    static int32_t want[MAP_CELLS];
    dmap_search_flee(&flee, search, map);
    brute_flee(want, full->d, map, door_cost);
    return differences(flee.d, want);
}

/* A flee map made as far as asked, again and again, the way asked: after
 * each reach, the cell and every cell lower on the whole flee map have
 * their values, and the rest show no lower value than the cell;
 * finished, it is the whole flee map. Nothing wrong if the machine
 * can't go that way */
static int fleeing_wrongly(const DmapSearch *search, Rng *rng, const Map *map, DmapWay way)
{
    static DmapFleeing fleeing;
    static Dmap whole;
    dmap_search_flee(&whole, search, map);
    if (!dmap_fleeing_start_way(&fleeing, search, map, way)) return 0;
    int wrong = 0;
    for (int walker = 0; walker < 6; ++walker) {
        Point from = {rng_roll(rng, -1, MAP_W), rng_roll(rng, 0, MAP_H - 1)};
        dmap_fleeing_reach(&fleeing, from);
        int32_t here = dmap_at(&whole, from);
        wrong += dmap_at(&fleeing.dmap, from) != here;
        for (int i = 0; i < MAP_CELLS; ++i) {
            int32_t got = fleeing.dmap.d[i];
            wrong += whole.d[i] < here ? got != whole.d[i] : got < here;
        }
    }
    dmap_fleeing_finish(&fleeing);
    return wrong + differences(fleeing.dmap.d, whole.d);
}

/* A random map, goal and door cost: the full map toward the goal, and a
 * search toward it just started. The door cost */
static int start_random_search(Map *map, Rng *rng, int round, Dmap *full, DmapSearch *search,
                               Point *goal)
{
    random_map(map, rng, round);
    *goal = (Point){rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
    int door_cost = random_door_cost(rng);
    dmap_compute(full, map, goal, 1, door_cost);
    dmap_search_start(search, map, *goal, door_cost);
    return door_cost;
}

/* A search taken up again and again: after each reach, the cell and every
 * cell the full map puts nearer the goal have their full distances, and
 * the rest are no nearer than the cell; finished, it is the full map, and
 * its flee map the full map's */
static void test_search(int maps)
{
    Rng rng;
    rng_seed(&rng, 0x5EA4Cu);
    static Map map;
    static Dmap full;
    static DmapSearch search;
    for (int round = 0; round < maps; ++round) {
        Point goal;
        int door_cost = start_random_search(&map, &rng, round, &full, &search, &goal);
        int wrong = 0;
        for (int walker = 0; walker < 6; ++walker) {
            Point from = {rng_roll(&rng, -1, MAP_W), rng_roll(&rng, 0, MAP_H - 1)};
            wrong += reach_wrongly(&search, &full, from);
        }
        dmap_search_finish(&search);
        CHECK_INT(wrong, 0);
        CHECK_INT(differences(search.dmap.d, full.d), 0);
        CHECK_INT(flee_wrongly(&search, &full, &map, door_cost), 0);
        CHECK_INT(fleeing_wrongly(&search, &rng, &map, DMAP_ANY_WAY), 0);
        CHECK_INT(fleeing_wrongly(&search, &rng, &map, DMAP_ROW_WAY), 0);
    }
}

/* A settled search told of a change at a random cell: it must be kept
 * exactly when the cell is unreached (the full map says) and either the
 * search may enter it or none of its neighbours is reached, and then the
 * change is made to the map and its full map. 1 if judged wrongly */
static int settled_update_wrongly(DmapSearch *search, Map *map, Dmap *full, Rng *rng, Point goal,
                                  int door_cost)
{
    Point cell = {rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
    Terrain terrain = (Terrain)rng_roll(rng, 0, T_COUNT - 1);
    bool near_reached = false;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            near_reached |= dmap_at(full, (Point){cell.x + dx, cell.y + dy}) != DMAP_UNREACHED;
        }
    }
    bool enters = map_walkable(map, cell.x, cell.y) || map_at(map, cell.x, cell.y) == T_CLOSED_DOOR;
    bool keep = dmap_at(full, cell) == DMAP_UNREACHED && (enters || !near_reached);
    bool kept = dmap_search_update(search, cell, terrain);
    if (kept) {
        map_set(map, cell.x, cell.y, terrain);
        dmap_compute(full, map, &goal, 1, door_cost);
    }
    return kept != keep;
}

/* A search settled for a flee map's sake (dmap_search_settle), after
 * walkers reached into it or not: its flee map, whole or as far as
 * asked, is the brute force's; the distances it left unwritten are all
 * there once it's reached or finished, and told of a change it judges
 * it as the finished search would, and if it survives it, reaches the
 * new map's distances */
static void test_search_settle(int maps)
{
    Rng rng;
    rng_seed(&rng, 0x5E77u);
    static Map map;
    static Dmap full;
    static DmapSearch search;
    int wrong = 0;
    for (int round = 0; round < maps; ++round) {
        Point goal;
        int door_cost = start_random_search(&map, &rng, round, &full, &search, &goal);
        for (int walker = rng_roll(&rng, 0, 2); walker > 0; --walker) {
            Point from = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
            wrong += reach_wrongly(&search, &full, from);
        }
        if (round % 2 == 0) {
            dmap_search_settle(&search);
        } else {
            CHECK(dmap_search_settle_way(&search, DMAP_ROW_WAY));
        }
        dmap_search_settle(&search);   /* again: nothing left to do */
        wrong += flee_wrongly(&search, &full, &map, door_cost);
        static const DmapWay ways[] = {DMAP_WIDE_WAY, DMAP_ROW_WAY, DMAP_WHOLE_WAY};
        wrong += fleeing_wrongly(&search, &rng, &map, ways[round % 3]);
        switch (round % 3) {
        case 0: {
            Point from = {rng_roll(&rng, -1, MAP_W), rng_roll(&rng, 0, MAP_H - 1)};
            dmap_search_reach(&search, from);
            break;
        }
        case 1: dmap_search_finish(&search); break;
        default:
            wrong += settled_update_wrongly(&search, &map, &full, &rng, goal, door_cost);
            dmap_search_reach(&search, (Point){-1, 0});
            break;
        }
        wrong += differences(search.dmap.d, full.d);
    }
    CHECK_INT(wrong, 0);
}

/* Where two searches' levels or waves differ, as a count */
static int searches_differ(const DmapSearch *a, const DmapSearch *b)
{
    const DmapLevels *la = &a->levels, *lb = &b->levels;
    const DmapWave *wa = &a->wave, *wb = &b->wave;
    int wrong = differences(a->dmap.d, b->dmap.d) + (la->count != lb->count) +
                (la->entries != lb->entries) + (a->pending != b->pending);
    for (int i = 0; wrong == 0 && i < la->count; ++i) {
        wrong += la->value[i] != lb->value[i] || la->first[i + 1] != lb->first[i + 1];
    }
    for (int e = 0; wrong == 0 && e < la->entries; ++e) {
        wrong += la->row[e] != lb->row[e] || la->bits[e] != lb->bits[e];
    }
    for (int y = 0; y < DMAP_ROWS; ++y) {
        const DmapRow *ra = &wa->row[y], *rb = &wb->row[y];
        wrong += ra->open != rb->open || ra->door != rb->door || ra->front[0] != rb->front[0] ||
                 ra->front[1] != rb->front[1] || wa->waiting[y] != wb->waiting[y];
    }
    wrong += wa->level != wb->level || wa->over != wb->over || wa->rows != wb->rows ||
             wa->queue_tail != wb->queue_tail;
    for (int i = 0; wrong == 0 && i < wa->queue_tail; ++i) {
        wrong += wa->queue[i] != wb->queue[i];
    }
    return wrong;
}

/* The flee flood's ways, from the same search, reach the same values as
 * far as each reach goes, and finish the same: a row at a time, and the
 * way asked */
static int fleeing_ways_differ(const DmapSearch *search, const Map *map, Rng *rng, DmapWay way)
{
    static DmapFleeing row, wide;
    CHECK(dmap_fleeing_start_way(&row, search, map, DMAP_ROW_WAY));
    CHECK(dmap_fleeing_start_way(&wide, search, map, way));
    int wrong = 0;
    for (int walker = 0; walker < 4; ++walker) {
        Point from = {rng_roll(rng, 0, MAP_W - 1), rng_roll(rng, 0, MAP_H - 1)};
        dmap_fleeing_reach(&row, from);
        dmap_fleeing_reach(&wide, from);
        wrong += differences(row.dmap.d, wide.dmap.d);
    }
    dmap_fleeing_finish(&row);
    dmap_fleeing_finish(&wide);
    return wrong + differences(row.dmap.d, wide.dmap.d);
}

/* The settling's ways, a row at a time and the way asked (four rows at a
 * time, or the whole map at once), leave a search just the same: its
 * levels in the same order, the same doors waiting in the same order;
 * and so do the flee flood's. The others only on a machine that has them
 * (x86's AVX2, AVX-512), which the test says */
static void test_settle_way(int maps, DmapWay way, const char *needs)
{
    Rng rng;
    rng_seed(&rng, 0xA77u);
    static Map map;
    static Dmap full;
    static DmapSearch row, wide;
    int wrong = 0, compared = 0;
    for (int round = 0; round < maps; ++round) {
        Point goal;
        start_random_search(&map, &rng, round, &full, &row, &goal);
        for (int walker = rng_roll(&rng, 0, 2); walker > 0; --walker) {
            Point from = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
            dmap_search_reach(&row, from);
        }
        wide = row;
        CHECK(dmap_search_settle_way(&row, DMAP_ROW_WAY));
        if (!dmap_search_settle_way(&wide, way)) continue;
        ++compared;
        wrong += searches_differ(&row, &wide);
        wrong += fleeing_ways_differ(&row, &map, &rng, way);
    }
    CHECK_INT(wrong, 0);
    if (compared == 0) {
        printf("test_dmap: no %s here: the settling and the flee flood were not tested that "
               "way\n", needs);
    } else {
        CHECK_INT(compared, maps);
    }
}

static void test_settle_ways(int maps)
{
    test_settle_way(maps, DMAP_WIDE_WAY, "AVX2");
    test_settle_way(maps, DMAP_WHOLE_WAY, "AVX-512");
}

/* A search the map changed under: when it says it's still good, it goes
 * on to the full map of the map as it is now, at every reach and at the
 * end. Doors opening and closing and secret doors found, as in play, and
 * anything else besides */
static void test_search_update(int maps)
{
    Rng rng;
    rng_seed(&rng, 0xD004u);
    static Map map;
    static Dmap full;
    static DmapSearch search;
    int kept = 0, restarted = 0, wrong = 0;
    for (int round = 0; round < maps; ++round) {
        random_map(&map, &rng, round);
        Point goal = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
        int door_cost = random_door_cost(&rng);
        dmap_search_start(&search, &map, goal, door_cost);
        Point walker = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
        dmap_search_reach(&search, walker);
        for (int change = 0; change < 4; ++change) {
            Point cell = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
            Terrain terrain = (Terrain)rng_roll(&rng, 0, T_COUNT - 1);
            map_set(&map, cell.x, cell.y, terrain);
            if (!dmap_search_update(&search, cell, terrain)) {
                ++restarted;
                dmap_search_start(&search, &map, goal, door_cost);
            } else {
                ++kept;
            }
            dmap_compute(&full, &map, &goal, 1, door_cost);
            Point from = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
            wrong += reach_wrongly(&search, &full, from);
        }
        dmap_search_finish(&search);
        wrong += differences(search.dmap.d, full.d);
        wrong += flee_wrongly(&search, &full, &map, door_cost);
    }
    CHECK_INT(wrong, 0);
    CHECK(kept > maps / 2 && restarted > maps / 2);
}

int main(void)
{
    bool slow = check_sanitized();
    test_within(slow ? 200 : 2000);
    test_search(slow ? 200 : 2000);
    test_search_update(slow ? 200 : 2000);
    test_search_settle(slow ? 200 : 2000);
    test_settle_ways(slow ? 200 : 2000);
    test_corridor_and_doors();
    test_goals();
    test_flee_rounding();
    test_farthest();
    test_random_maps(slow ? 400 : 4000);
    test_flee_stale(slow ? 100 : 500);
    return check_done("test_dmap");
}
