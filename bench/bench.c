/* The benchmark: makes the floors once, then runs each figure of the
 * table in turn. Run it with no arguments for every figure, or with
 * names to run only those (e.g. "bench sight distance"). */
#include "bench.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cave.h"
#include "data.h"
#include "rng.h"
#include "rooms.h"

/* Add new figures here */
static const BenchFigure FIGURES[] = {
    {"sight", bench_sight},
    {"distance", bench_distance},
    {"line", bench_line},
    {"generators", bench_generators},
    {"game", bench_game},
    {"journal", bench_journal},
    {"replay", bench_replay},
    {"verify", bench_verify},
    {"explore", bench_explore},
    {"bot", bench_bot},
    {"startup", bench_startup},
#ifdef AMULETS_HAVE_SDL
    {"frames", bench_frames},
#endif
#ifdef AMULETS_HAVE_X11
    {"window", bench_window},
#endif
#ifdef AMULETS_HAVE_TERM
    {"term", bench_term},
#endif
};

enum { FIGURE_COUNT = (int)(sizeof FIGURES / sizeof FIGURES[0]) };

const GameData *bench_shipped_data(void)
{
    static GameData data;   /* the benchmark's own program: one load for all */
    static bool loaded;
    if (!loaded) {
        Errors errors = {0};
        if (!data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors)) {
            fprintf(stderr, "bench: the data has mistakes\n");
            exit(EXIT_FAILURE);
        }
        errors_clear(&errors);
        loaded = true;
    }
    return &data;
}

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *values, int n)
{
    qsort(values, (size_t)n, sizeof values[0], compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void bench_consume(uint64_t value)
{
    static volatile uint64_t sink;
    sink += value;
}

void bench_build_note(const char *ratio_name)
{
    printf("NOTE %s ours is built -O3 and linked statically, Debian's libtcod is built -O2 "
           "and linked as a shared library\n", ratio_name);
}

static void make_floors(BenchFloors *floors)
{
    Rect rects[ROOMS_MAX + CAVE_AREAS_MAX];
    for (int i = 0; i < BENCH_FLOORS; ++i) {
        Rng rng;
        rng_seed(&rng, 1000u + (uint64_t)i);
        if (i < BENCH_ROOM_FLOORS) {
            rooms_generate(&floors->maps[i], &rng, rects);
        } else {
            cave_generate(&floors->maps[i], &rng, rects);
        }
    }
}

static int wanted(int argc, char **argv, const char *name)
{
    if (argc < 2) {
        return 1;
    }
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], name) == 0) {
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    BenchFloors *floors = malloc(sizeof *floors);
    if (floors == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        return EXIT_FAILURE;
    }
    make_floors(floors);
    for (int i = 0; i < FIGURE_COUNT; ++i) {
        if (wanted(argc, argv, FIGURES[i].name)) {
            FIGURES[i].run(floors);
            fflush(stdout);
        }
    }
    free(floors);
    return EXIT_SUCCESS;
}
