/* Sight and distance side by side with libtcod, on the same floors and
 * interleaved batch by batch, so a slow moment of the machine hits both:
 *   our symmetric fov_compute vs libtcod's FOV_SHADOW (recursive, not
 *     symmetric), radius SIGHT_RADIUS, walls lit, from every FOV_EVERY-th
 *     walkable cell;
 *   our dmap_compute (one goal) vs TCOD_dijkstra_compute, diagonals
 *     costing 1 and closed doors walkable in libtcod's map.
 * Each RATIO is the median over batches of ours / libtcod's. Ours is
 * built -O3 and linked statically; Debian's libtcod is -O2, a shared
 * library (bench_build_note says so in the output). */
#include "bench.h"

#include <libtcod.h>
#include <stdio.h>
#include <stdlib.h>

#include "dmap.h"
#include "fov.h"
#include "tune.h"

enum {
    FOV_EVERY = 5,      /* a view from every this-many-th walkable cell */
    DMAP_EVERY = 61,    /* a distance map to every this-many-th one */
    MAX_STARTS = BENCH_FLOORS * MAP_CELLS / FOV_EVERY + BENCH_FLOORS
};

/* The floors as libtcod sees them, and where to look or walk from */
typedef struct Side {
    Map maps[BENCH_FLOORS];             /* ours to mark visible */
    TCOD_Map *tcod[BENCH_FLOORS];
    TCOD_Dijkstra *dijkstra[BENCH_FLOORS];
    int starts, floor_of[MAX_STARTS];
    Point start[MAX_STARTS];
} Side;

static TCOD_Map *tcod_map_of(const Map *map)
{
    TCOD_Map *tcod = TCOD_map_new(MAP_W, MAP_H);
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            bool walk = map_walkable(map, x, y) || map_at(map, x, y) == T_CLOSED_DOOR;
            TCOD_map_set_properties(tcod, x, y, !map_blocks_sight(map, x, y), walk);
        }
    }
    return tcod;
}

static Side *side_new(const BenchFloors *floors, int every)
{
    Side *side = malloc(sizeof *side);
    if (side == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(EXIT_FAILURE);
    }
    side->starts = 0;
    for (int f = 0; f < BENCH_FLOORS; ++f) {
        side->maps[f] = floors->maps[f];
        side->tcod[f] = tcod_map_of(&floors->maps[f]);
        side->dijkstra[f] = TCOD_dijkstra_new(side->tcod[f], 1.0f);
        int walkable = 0;
        for (int i = 0; i < MAP_CELLS; ++i) {
            Point p = cell_point(i);
            if (map_walkable(&floors->maps[f], p.x, p.y) && walkable++ % every == 0) {
                side->floor_of[side->starts] = f;
                side->start[side->starts++] = p;
            }
        }
    }
    return side;
}

static void side_free(Side *side)
{
    for (int f = 0; f < BENCH_FLOORS; ++f) {
        TCOD_dijkstra_delete(side->dijkstra[f]);
        TCOD_map_delete(side->tcod[f]);
    }
    free(side);
}

/* One batch of one side: the seconds it took */
typedef double (*BatchFn)(Side *side);

static double fov_ours(Side *side)
{
    double t0 = bench_now();
    for (int i = 0; i < side->starts; ++i) {
        fov_compute(&side->maps[side->floor_of[i]], side->start[i], SIGHT_RADIUS);
    }
    return bench_now() - t0;
}

static double fov_libtcod(Side *side)
{
    double t0 = bench_now();
    for (int i = 0; i < side->starts; ++i) {
        TCOD_map_compute_fov(side->tcod[side->floor_of[i]], side->start[i].x, side->start[i].y,
                             SIGHT_RADIUS, true, FOV_SHADOW);
    }
    return bench_now() - t0;
}

static double dmap_ours(Side *side)
{
    static Dmap dmap;
    uint64_t sum = 0;
    double t0 = bench_now();
    for (int i = 0; i < side->starts; ++i) {
        dmap_compute(&dmap, &side->maps[side->floor_of[i]], &side->start[i], 1, DOOR_STEPS);
        sum += (uint64_t)dmap.d[i % MAP_CELLS];
    }
    double t = bench_now() - t0;
    bench_consume(sum);
    return t;
}

static double dmap_libtcod(Side *side)
{
    uint64_t sum = 0;
    double t0 = bench_now();
    for (int i = 0; i < side->starts; ++i) {
        TCOD_dijkstra_compute(side->dijkstra[side->floor_of[i]], side->start[i].x, side->start[i].y);
        sum += (uint64_t)TCOD_dijkstra_get_distance(side->dijkstra[side->floor_of[i]], 1, 1);
    }
    double t = bench_now() - t0;
    bench_consume(sum);
    return t;
}

/* Batches of both sides in turn, the first to go swapping each time;
 * prints the ratio of medians and each side's time per call */
static void race(Side *side, BatchFn ours, BatchFn theirs, const char *ratio_name,
                 const char *our_name, const char *their_name, const char *unit)
{
    double mine[BENCH_BATCHES], other[BENCH_BATCHES], ratio[BENCH_BATCHES];
    ours(side);   /* warm the caches and the clock */
    theirs(side);
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        if (b % 2) {
            other[b] = theirs(side);
            mine[b] = ours(side);
        } else {
            mine[b] = ours(side);
            other[b] = theirs(side);
        }
        ratio[b] = mine[b] / other[b];
    }
    double calls = side->starts;
    bench_build_note(ratio_name);
    printf("RATIO %s %.2f\n", ratio_name, bench_median(ratio, BENCH_BATCHES));
    printf("RATE %s %.3f %s\n", our_name, bench_median(mine, BENCH_BATCHES) / calls * 1e6, unit);
    printf("RATE %s %.3f %s\n", their_name, bench_median(other, BENCH_BATCHES) / calls * 1e6, unit);
}

void bench_sight(const BenchFloors *floors)
{
    Side *side = side_new(floors, FOV_EVERY);
    race(side, fov_ours, fov_libtcod, "fov_vs_libtcod_shadow", "fov_us", "libtcod_shadow_us",
         "us/view");
    side_free(side);
}

void bench_distance(const BenchFloors *floors)
{
    Side *side = side_new(floors, DMAP_EVERY);
    race(side, dmap_ours, dmap_libtcod, "dmap_vs_libtcod_dijkstra", "dmap_us",
         "libtcod_dijkstra_us", "us/map");
    side_free(side);
}

struct BenchReference {
    Side *side;
};

BenchReference *bench_reference_new(const BenchFloors *floors)
{
    BenchReference *ref = malloc(sizeof *ref);
    if (ref == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(EXIT_FAILURE);
    }
    ref->side = side_new(floors, DMAP_EVERY);
    dmap_libtcod(ref->side);   /* warm the caches */
    return ref;
}

double bench_reference_batch_us(BenchReference *ref)
{
    return dmap_libtcod(ref->side) / ref->side->starts * 1e6;
}

void bench_reference_free(BenchReference *ref)
{
    side_free(ref->side);
    free(ref);
}
