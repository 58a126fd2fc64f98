/* The line a shot flies (line.h): one path to a target 8 cells away, on
 * the bench's floors, from open cells toward open cells. */
#include <stdio.h>

#include "bench.h"
#include "line.h"
#include "rng.h"

enum { LINE_PATHS = 200000, LINE_REACH = 8 };

void bench_line(const BenchFloors *floors)
{
    static Point from[1024], to[1024];
    static int floor_of[1024];
    Rng rng;
    rng_seed(&rng, 88);
    int made = 0;
    while (made < 1024) {
        int f = rng_roll(&rng, 0, BENCH_FLOORS - 1);
        Point a = {rng_roll(&rng, 0, MAP_W - 1), rng_roll(&rng, 0, MAP_H - 1)};
        Point b = {a.x + rng_roll(&rng, -LINE_REACH, LINE_REACH), a.y + rng_roll(&rng, -LINE_REACH, LINE_REACH)};
        bool far = b.x - a.x == LINE_REACH || a.x - b.x == LINE_REACH || b.y - a.y == LINE_REACH ||
                   a.y - b.y == LINE_REACH;
        const Map *map = &floors->maps[f];
        if (!far || !in_bounds(b.x, b.y) || map_blocks_sight(map, a.x, a.y)) continue;
        from[made] = a, to[made] = b, floor_of[made++] = f;
    }
    double times[BENCH_BATCHES];
    for (int batch = 0; batch < BENCH_BATCHES; ++batch) {
        uint64_t sum = 0;
        double t0 = bench_now();
        for (int i = 0; i < LINE_PATHS; ++i) {
            int k = i & 1023;
            Point cells[LINE_REACH];
            sum += (uint64_t)line_cells(&floors->maps[floor_of[k]], from[k], to[k], LINE_REACH, cells);
        }
        times[batch] = bench_now() - t0;
        bench_consume(sum);
    }
    printf("RATE target_path_us %.3f us/path\n", bench_median(times, BENCH_BATCHES) / LINE_PATHS * 1e6);
}
