/* How many floors a second each generator makes, from fixed seeds */
#include "bench.h"

#include <stdio.h>

#include "cave.h"
#include "rng.h"
#include "rooms.h"

enum { ROOMS_PER_BATCH = 400, CAVES_PER_BATCH = 100 };

typedef int (*Generator)(Map *map, Rng *rng);

static int make_rooms(Map *map, Rng *rng)
{
    Rect rooms[ROOMS_MAX];
    return rooms_generate(map, rng, rooms);
}

static int make_cave(Map *map, Rng *rng)
{
    Rect areas[CAVE_AREAS_MAX];
    return cave_generate(map, rng, areas);
}

/* Seconds for one batch of floors, each from its own seed */
static double batch(Generator generate, int per_batch, int number)
{
    static Map map;
    uint64_t sum = 0;
    double t0 = bench_now();
    for (int i = 0; i < per_batch; ++i) {
        Rng rng;
        rng_seed(&rng, (uint64_t)(number * per_batch + i));
        sum += (uint64_t)generate(&map, &rng);
    }
    double t = bench_now() - t0;
    bench_consume(sum);
    return t;
}

static void rate(Generator generate, int per_batch, const char *name)
{
    double seconds[BENCH_BATCHES];
    batch(generate, per_batch, -1);   /* warm up */
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        seconds[b] = batch(generate, per_batch, b);
    }
    printf("RATE %s %.0f floors/s\n", name, per_batch / bench_median(seconds, BENCH_BATCHES));
}

void bench_generators(const BenchFloors *floors)
{
    (void)floors;
    rate(make_rooms, ROOMS_PER_BATCH, "rooms_floors_per_s");
    rate(make_cave, CAVES_PER_BATCH, "caves_floors_per_s");
}
