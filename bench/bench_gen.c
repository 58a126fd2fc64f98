/* How many floors a second each generator makes, from fixed seeds */
#include "bench.h"

#include <stdio.h>

#include "cave.h"
#include "rng.h"
#include "rooms.h"

enum { ROOMS_PER_BATCH = 400, CAVES_PER_BATCH = 100 };

static double rooms_batch(int batch)
{
    static Map map;
    Rect rooms[ROOMS_MAX];
    uint64_t sum = 0;
    double t0 = bench_now();
    for (int i = 0; i < ROOMS_PER_BATCH; ++i) {
        Rng rng;
        rng_seed(&rng, (uint64_t)(batch * ROOMS_PER_BATCH + i));
        sum += (uint64_t)rooms_generate(&map, &rng, rooms);
    }
    double t = bench_now() - t0;
    bench_consume(sum);
    return t;
}

static double caves_batch(int batch)
{
    static Map map;
    Rect areas[CAVE_AREAS_MAX];
    uint64_t sum = 0;
    double t0 = bench_now();
    for (int i = 0; i < CAVES_PER_BATCH; ++i) {
        Rng rng;
        rng_seed(&rng, (uint64_t)(batch * CAVES_PER_BATCH + i));
        sum += (uint64_t)cave_generate(&map, &rng, areas);
    }
    double t = bench_now() - t0;
    bench_consume(sum);
    return t;
}

static void rate(double (*batch)(int), int per_batch, const char *name)
{
    double seconds[BENCH_BATCHES];
    batch(-1);   /* warm up */
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        seconds[b] = batch(b);
    }
    printf("RATE %s %.0f floors/s\n", name, per_batch / bench_median(seconds, BENCH_BATCHES));
}

void bench_generators(const BenchFloors *floors)
{
    (void)floors;
    rate(rooms_batch, ROOMS_PER_BATCH, "rooms_floors_per_s");
    rate(caves_batch, CAVES_PER_BATCH, "caves_floors_per_s");
}
