/* The benchmark's shared parts: a fixed set of floors, a clock, and
 * medians of batches. Each figure is a function in the table in bench.c;
 * a module adds its own figures in a bench/bench_*.c of its own and one
 * line in that table. Output lines take three forms:
 *   RATIO <name> <ours / theirs>
 *   RATE <name> <number> <unit>
 *   NOTE <name> <how the figure of that name is measured>
 */
#ifndef AMULETS_BENCH_H
#define AMULETS_BENCH_H

#include <stdint.h>

#include "map.h"

enum {
    BENCH_ROOM_FLOORS = 200,
    BENCH_CAVE_FLOORS = 100,
    BENCH_FLOORS = BENCH_ROOM_FLOORS + BENCH_CAVE_FLOORS,
    BENCH_BATCHES = 9      /* each figure is a median over this many */
};

/* The floors every figure is measured on, made from fixed seeds: room
 * floors first, then caves */
typedef struct BenchFloors {
    Map maps[BENCH_FLOORS];
} BenchFloors;

typedef struct BenchFigure {
    const char *name;
    void (*run)(const BenchFloors *floors);
} BenchFigure;

/* The shipped data, read once for the whole benchmark (a mistake in it
 * ends the benchmark) */
struct GameData;
const struct GameData *bench_shipped_data(void);

/* Seconds on a monotonic clock */
double bench_now(void);

/* The median of n values (reorders them) */
double bench_median(double *values, int n);

/* Results fed here can't be optimised away */
void bench_consume(uint64_t value);

/* libtcod's Dijkstra map on the bench's floors, in microseconds a map:
 * code that never changes, so a figure divided by it reads the same on a
 * faster or a slower machine. A figure times its own batches between
 * batches of the reference, so that a slow moment hits both */
typedef struct BenchReference BenchReference;
BenchReference *bench_reference_new(const BenchFloors *floors);
double bench_reference_batch_us(BenchReference *ref);   /* one batch */
void bench_reference_free(BenchReference *ref);

/* Prints the NOTE that a ratio against libtcod compares two builds */
void bench_build_note(const char *ratio_name);

/* The figures */
void bench_sight(const BenchFloors *floors);       /* fov vs libtcod */
void bench_distance(const BenchFloors *floors);    /* dmap vs libtcod */
void bench_line(const BenchFloors *floors);        /* a shot's path, 8 cells */
void bench_generators(const BenchFloors *floors);  /* floors per second */
void bench_game(const BenchFloors *floors);        /* turns, new floors, saves */
void bench_journal(const BenchFloors *floors);     /* one command made durable */
void bench_replay(const BenchFloors *floors);      /* recorded runs replayed */
void bench_verify(const BenchFloors *floors);      /* recorded runs verified, a run's CPU ms */
void bench_explore(const BenchFloors *floors);     /* one auto-explore step */
void bench_bot(const BenchFloors *floors);         /* whole runs by the bot */
void bench_startup(const BenchFloors *floors);     /* headless commands vs /bin/true */
#ifdef AMULETS_HAVE_SDL
void bench_frames(const BenchFloors *floors);      /* a frame in each view */
#endif
#ifdef AMULETS_HAVE_X11
void bench_window(const BenchFloors *floors);      /* start to the window's first frame */
#endif
#ifdef AMULETS_HAVE_TERM
void bench_term(const BenchFloors *floors);        /* the terminal's frame and bytes */
#endif

#endif
