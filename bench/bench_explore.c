/* Auto-explore's figure: one step (the next command worked out) on a
 * floor 5 half explored, the goal <= 15 us. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "explore.h"
#include "run_debug.h"

enum { EXPLORE_RUNS = 20, STEPS_PER_RUN = 200 };


static int explored_ground(const Run *run, int *ground)
{
    const Map *map = &run_level(run)->map;
    int explored = 0;
    *ground = 0;
    for (int i = 0; i < MAP_CELLS; ++i) {
        if (!map_terrain_def((Terrain)map->terrain[i])->walkable) continue;
        ++*ground;
        explored += map->explored[i] != 0;
    }
    return explored;
}

/* Explores until half the floor's ground is explored (stepping past a
 * stop with a search), as a player pressing o would */
static void half_explore(Run *run, Explorer *e)
{
    int ground;
    for (int i = 0; i < 3000 && run_mode(run) == MODE_PLAYING; ++i) {
        if (explored_ground(run, &ground) * 2 >= ground) break;
        Command command;
        char message[160];
        if (!e->going) explore_start(e, run, EXPLORE_FLOOR, run_player(run)->pos);
        if (explore_next(e, run, &command, message, sizeof message) != EXPLORE_GO) {
            command = cmd_make(CMD_SEARCH, 0);
        }
        run_command(run, command);
    }
}

void bench_explore(const BenchFloors *floors)
{
    (void)floors;
    static Explorer e, trial;
    double batches[BENCH_BATCHES];
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        double total = 0;
        int steps = 0, going = 0;
        for (int r = 0; r < EXPLORE_RUNS; ++r) {
            Run *run = run_new(bench_shipped_data(), 5000 + (uint64_t)r, 5);
            /* no monster to stop it: the figure is the pathing's */
            run_debug_level(run)->monster_count = 0;
            run_debug_refresh(run);
            e.marked = false;
            half_explore(run, &e);
            explore_start(&e, run, EXPLORE_FLOOR, run_player(run)->pos);
            uint64_t sum = 0;
            double start = bench_now();
            for (int s = 0; s < STEPS_PER_RUN; ++s) {
                trial = e;
                Command command;
                char message[160];
                ExploreStop why = explore_next(&trial, run, &command, message, sizeof message);
                going += why == EXPLORE_GO;
                sum += (uint64_t)why;
                sum += (uint64_t)command.arg;
            }
            total += bench_now() - start;
            steps += STEPS_PER_RUN;
            bench_consume(sum);
            run_free(run);
        }
        batches[b] = total / steps * 1e6;
        if (going < steps / 2) fprintf(stderr, "bench: only %d of %d explore steps went on\n", going, steps);
    }
    printf("RATE explore_step_us %.2f us\n", bench_median(batches, BENCH_BATCHES));
}
