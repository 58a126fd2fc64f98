/* The game's own figures: one player turn on floor 9 with every monster
 * awake and hunting (median and 99th percentile), making a new floor at
 * each depth, and saving and loading a floor-9 run.
 *
 * A turn's time is the fastest of TURN_ROUNDS plays of the same turn:
 * the runs are played again from their seeds, and the same commands make
 * the same turns. Timed once, the slowest 1% of turns of about 10 us is
 * mostly the machine's own interruptions (a timer tick, another process
 * on a shared core: a few per thousand turns), and the figure swung from
 * 1.1 to 1.5 between runs of the same build; the fastest of five leaves
 * the game's own slow turns (those whose monsters start searches across
 * the floor). The once-timed figure is printed beside it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "gen.h"
#include "run_debug.h"
#include "save.h"
#include "tune.h"

enum {
    TURN_RUNS = 40, TURN_BATCHES = 8, TURNS_PER_RUN = 250, TURN_ROUNDS = 5,
    FLOORS_PER_DEPTH = 300, SAVES = 400
};


static double percentile(double *values, int n, int percent)
{
    bench_median(values, n);   /* sorts them */
    int index = (n - 1) * percent / 100;
    return values[index];
}

/* Every monster hunts the player, who can't die, so each turn is the
 * whole floor's worth of hunting */
static Run *hunted_run(uint64_t seed)
{
    Run *run = run_new(bench_shipped_data(), seed, LAST_FLOOR);
    Level *level = run_debug_level(run);
    Player *player = run_debug_player(run);
    for (int i = 0; i < level->monster_count; ++i) {
        Monster *m = &level->monsters[i];
        m->state = MS_HUNTING;
        m->has_last_seen = true;
        m->last_seen = player->pos;
    }
    player->max_hp = player->hp = 1000000;
    run_debug_refresh(run);
    return run;
}

/* One batch of runs from the first seed, played TURN_ROUNDS times: the
 * seconds each turn took at its fastest, and in the first play (once) */
static int turn_batch(uint64_t first_seed, double *fastest, double *once)
{
    int n = 0;
    for (int round = 0; round < TURN_ROUNDS; ++round) {
        n = 0;
        for (int r = 0; r < TURN_RUNS / TURN_BATCHES; ++r) {
            Run *run = hunted_run(first_seed + (uint64_t)r);
            for (int t = 0; t < TURNS_PER_RUN; ++t) {
                /* a wait takes no direction: one given would be refused */
                Command command = t % 3 == 0 ? cmd_make(CMD_WAIT, 0) : cmd_make(CMD_MOVE, t % 8);
                double t0 = bench_now();
                run_command(run, command);
                double took = bench_now() - t0;
                if (round == 0) once[n] = fastest[n] = took;
                if (took < fastest[n]) fastest[n] = took;
                ++n;
                run_debug_player(run)->hp = 1000000;
            }
            bench_consume(save_digest(run));
            run_free(run);
        }
    }
    return n;
}

/* The turn's goals (median <= 20 us, p99 <= 100 us) were set on a machine
 * where libtcod's Dijkstra map took 34.3 us: against it they are ratios of
 * 0.58 and 2.9, which hold on any machine. Each batch of turns is timed
 * between two batches of the reference (A B A B ... A), and divided by
 * their mean; each ratio is the median over batches */
static void bench_turns(const BenchFloors *floors)
{
    enum { PER_BATCH = TURN_RUNS / TURN_BATCHES * TURNS_PER_RUN };
    static double all[TURN_RUNS * TURNS_PER_RUN], all_once[TURN_RUNS * TURNS_PER_RUN];
    static double batch[PER_BATCH], once[PER_BATCH];
    double median_ratio[TURN_BATCHES], p99_ratio[TURN_BATCHES];
    BenchReference *ref = bench_reference_new(floors);
    double before = bench_reference_batch_us(ref);
    int n = 0;
    for (int b = 0; b < TURN_BATCHES; ++b) {
        int count = turn_batch(9000 + (uint64_t)(b * (TURN_RUNS / TURN_BATCHES)), batch, once);
        double after = bench_reference_batch_us(ref), reference = (before + after) / 2;
        for (int i = 0; i < count; ++i) {
            all_once[n] = once[i];
            all[n++] = batch[i];
        }
        p99_ratio[b] = percentile(batch, count, 99) * 1e6 / reference;
        median_ratio[b] = bench_median(batch, count) * 1e6 / reference;
        before = after;
    }
    bench_reference_free(ref);
    printf("NOTE turn_p99_us a turn's time is the fastest of %d plays of the same turn (the runs "
           "replayed from their seeds); turn_p99_once_us times each turn once\n", TURN_ROUNDS);
    printf("RATE turn_median_us %.1f us\n", bench_median(all, n) * 1e6);
    printf("RATE turn_p99_us %.1f us\n", percentile(all, n, 99) * 1e6);
    printf("RATE turn_p99_once_us %.1f us\n", percentile(all_once, n, 99) * 1e6);
    printf("NOTE turn_median_vs_libtcod_dijkstra each of %d batches of turns timed between two "
           "batches of the reference, libtcod's Dijkstra map, and divided by their mean; the "
           "median of the batches' ratios\n", TURN_BATCHES);
    bench_build_note("turn_median_vs_libtcod_dijkstra");
    printf("RATIO turn_median_vs_libtcod_dijkstra %.2f\n",
           bench_median(median_ratio, TURN_BATCHES));
    printf("RATIO turn_p99_vs_libtcod_dijkstra %.2f\n", bench_median(p99_ratio, TURN_BATCHES));
}

static void bench_new_floors(void)
{
    static double all[LAST_FLOOR * FLOORS_PER_DEPTH];
    int n = 0;
    for (int depth = 1; depth <= LAST_FLOOR; ++depth) {
        static double times[FLOORS_PER_DEPTH];
        static Level level;
        for (int i = 0; i < FLOORS_PER_DEPTH; ++i) {
            Rng rng;
            rng_seed(&rng, (uint64_t)(depth * 100000 + i));
            Point start;
            double t0 = bench_now();
            gen_level(&level, bench_shipped_data(), &rng, depth, &start);
            times[i] = all[n++] = bench_now() - t0;
            bench_consume((uint64_t)level.monster_count);
        }
        printf("RATE newfloor_floor%d_median_us %.1f us\n", depth,
               bench_median(times, FLOORS_PER_DEPTH) * 1e6);
    }
    printf("RATE newfloor_median_us %.1f us\n", bench_median(all, n) * 1e6);
    printf("RATE newfloor_p99_us %.1f us\n", percentile(all, n, 99) * 1e6);
}

static void bench_save_load(void)
{
    static double writes[SAVES], reads[SAVES];
    Run *run = hunted_run(77);
    run_debug_player(run)->hp = run_debug_player(run)->max_hp = 30;
    size_t length = 0;
    for (int i = 0; i < SAVES; ++i) {
        double t0 = bench_now();
        char *text = save_write(run, &length);
        writes[i] = bench_now() - t0;
        Errors errors = {0};
        Run *loaded = NULL;
        t0 = bench_now();
        save_read(bench_shipped_data(), text, length, &loaded, &errors);
        reads[i] = bench_now() - t0;
        if (loaded == NULL) {
            fprintf(stderr, "bench: the save didn't load: %s\n", errors.count ? errors.lines[0] : "");
            exit(EXIT_FAILURE);
        }
        run_free(loaded);
        errors_clear(&errors);
        free(text);
    }
    run_free(run);
    printf("RATE save_bytes %zu bytes\n", length);
    printf("RATE save_median_us %.1f us\n", bench_median(writes, SAVES) * 1e6);
    printf("RATE load_median_us %.1f us\n", bench_median(reads, SAVES) * 1e6);
}

void bench_game(const BenchFloors *floors)
{
    bench_turns(floors);
    bench_new_floors();
    bench_save_load();
}
