/* The bot's figures: turns a second on one thread over whole runs, runs a
 * second on all the machine's threads, and how runs a second scale from
 * one thread to two (the goals: >= 50,000 turns/s, >= 1.8).
 *
 * Both thread counts play the same runs (seeds 7000 on, the classes in
 * turn), so the ratio compares the same work. The one-thread pass learns
 * each run's length; the passes on more threads hand the runs out longest
 * first, as a batch runner with known job lengths would, so that the
 * figure measures how the play scales and not how unevenly a few dozen
 * runs happen to split (a long run taken last leaves the other thread
 * idle: a sweep of thousands of runs hardly ever has that tail). Each
 * figure is the best of PASSES passes, one thread and two taken in turn,
 * so that a moment's load on a shared machine tilts neither.
 *
 * The turns a second on one thread are turns per CPU-second of that
 * thread (the machine's other work doesn't count against them). The
 * share of the bot's time in flee maps is taken in the first pass on
 * one thread: the linker sends the rules' calls to world_map_from_player
 * (which finishes the search toward the player and makes the flee map as
 * far as asked) through a wrapper here that only says it is inside, and
 * a second thread looks every SAMPLE_NS whether it is, as a sampling
 * profiler does, so the rules themselves are the ones every build plays.
 * The wrapper once read the clock on the way in and out instead: three
 * calls in four are answered from the map already made, in less time
 * than a clock read takes, so the share then counted the probe's own
 * reads (about 0.005 of it). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "bench.h"
#include "bot.h"
#include "dmap.h"

enum { BOT_RUNS = 48, MOST_TURNS = 60000, MOST_THREADS = 64, PASSES = 3 };

/* The gap the sampler sleeps between two looks: 8,000-20,000 looks a
 * second here (a sleep runs over on a busy machine), so the share of a
 * pass of about a second is good to about +-0.004 */
enum { SAMPLE_NS = 50000 };

/* The flee maps' wrapper (CMakeLists.txt links the bench with
 * --wrap=world_map_from_player): while probing, inside says the worker
 * is in it. The fences keep the compiler from moving the flag's stores
 * into the call, and cost nothing at run time */
static _Thread_local bool probing;
static atomic_int inside;

const Dmap *__real_world_map_from_player(Run *run, Point from);
const Dmap *__wrap_world_map_from_player(Run *run, Point from);

const Dmap *__wrap_world_map_from_player(Run *run, Point from)
{
    if (!probing) return __real_world_map_from_player(run, from);
    atomic_store_explicit(&inside, 1, memory_order_relaxed);
    atomic_signal_fence(memory_order_seq_cst);
    const Dmap *map = __real_world_map_from_player(run, from);
    atomic_signal_fence(memory_order_seq_cst);
    atomic_store_explicit(&inside, 0, memory_order_relaxed);
    return map;
}

/* The sampler: how many looks, and how many found the worker inside */
typedef struct Sampler {
    atomic_bool stop;
    long looks, inside;
    pthread_t id;
} Sampler;

static void *sample(void *arg)
{
    Sampler *s = arg;
    const struct timespec gap = {0, SAMPLE_NS};
#if defined(__linux__)
    prctl(PR_SET_TIMERSLACK, 1000UL);   /* else a sleep may run 50 us over */
#endif
    while (!atomic_load(&s->stop)) {
        nanosleep(&gap, NULL);
        ++s->looks;
        s->inside += atomic_load_explicit(&inside, memory_order_relaxed);
    }
    return NULL;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One whole run by the bot: its turns */
static long bot_run(uint64_t seed, int class_index)
{
    Run *run = run_new_as(bench_shipped_data(), seed, 1, class_index);
    Bot *bot = malloc(sizeof *bot);
    if (run == NULL || bot == NULL) exit(EXIT_FAILURE);
    bot_start(bot);
    Command command;
    int idle = 0, last = 0;
    while (run_turn(run) < MOST_TURNS && idle < 300 && bot_next(bot, run, &command)) {
        run_command(run, command);
        idle = run_turn(run) == last ? idle + 1 : 0;
        last = run_turn(run);
    }
    long turns = run_turn(run);
    free(bot);
    run_free(run);
    return turns;
}

/* What a pass over every job took: seconds, a lone worker's CPU-seconds,
 * and, probing, the share of its seconds in flee maps and the looks that
 * share is of */
typedef struct Pass {
    double wall, cpu, flee_share;
    long looks;
} Pass;

typedef struct Share {
    pthread_mutex_t lock;
    int next;
    const int *order;        /* the jobs in the order they are handed out */
    long turns[BOT_RUNS];    /* each job's, as played */
    bool lone, probe;        /* one worker; timing its flee maps */
    Pass pass;               /* the lone worker's */
} Share;

static void *worker(void *arg)
{
    Share *s = arg;
    double cpu = cpu_now(), wall = bench_now();
    probing = s->probe;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int job = s->next < BOT_RUNS ? s->order[s->next++] : -1;
        pthread_mutex_unlock(&s->lock);
        if (job < 0) break;
        /* each job writes only its own slot */
        s->turns[job] = bot_run(7000 + (uint64_t)job, job % bench_shipped_data()->class_count);
    }
    probing = false;
    if (s->lone) {
        wall = bench_now() - wall;
        s->pass = (Pass){wall, cpu_now() - cpu, 0, 0};
    }
    return NULL;
}

/* Plays every job on threads, in the order given, probing the flee maps
 * if asked (on one thread): what it took, and each job's turns */
static Pass play_all(int threads, const int *order, long turns[BOT_RUNS], bool probe)
{
    if (threads > MOST_THREADS) threads = MOST_THREADS;
    Share s = {PTHREAD_MUTEX_INITIALIZER, 0, order, {0}, threads == 1, probe && threads == 1,
               {0, 0, 0, 0}};
    pthread_t ids[MOST_THREADS];
    Sampler sampler = {false, 0, 0, 0};
    if (s.probe) pthread_create(&sampler.id, NULL, sample, &sampler);
    double start = bench_now();
    for (int i = 0; i < threads; ++i) pthread_create(&ids[i], NULL, worker, &s);
    for (int i = 0; i < threads; ++i) pthread_join(ids[i], NULL);
    double took = bench_now() - start;
    if (s.probe) {
        atomic_store(&sampler.stop, true);
        pthread_join(sampler.id, NULL);
        s.pass.looks = sampler.looks;
        s.pass.flee_share = sampler.looks > 0 ? (double)sampler.inside / (double)sampler.looks : 0;
    }
    for (int i = 0; i < BOT_RUNS; ++i) turns[i] = s.turns[i];
    if (!s.lone) s.pass = (Pass){took, 0, 0, 0};
    return s.pass;
}

/* The jobs longest first (a tie in seed order) */
static void longest_first(const long turns[BOT_RUNS], int order[BOT_RUNS])
{
    for (int i = 0; i < BOT_RUNS; ++i) {
        int j = i;
        while (j > 0 && turns[order[j - 1]] < turns[i]) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
    }
}

/* The same jobs again on threads: the quicker of the two (wall and CPU
 * each), and every job must play as it did before */
static Pass replay_all(int threads, const int *order, const long turns[BOT_RUNS], Pass best)
{
    long again[BOT_RUNS];
    Pass pass = play_all(threads, order, again, false);
    for (int i = 0; i < BOT_RUNS; ++i) {
        if (again[i] != turns[i]) {
            fprintf(stderr, "bench bot: run %d played %ld turns, then %ld on %d threads\n", i,
                    turns[i], again[i], threads);
            exit(EXIT_FAILURE);
        }
    }
    best.wall = pass.wall < best.wall ? pass.wall : best.wall;
    best.cpu = pass.cpu < best.cpu ? pass.cpu : best.cpu;
    return best;
}

void bench_bot(const BenchFloors *floors)
{
    (void)floors;
    int by_seed[BOT_RUNS], by_length[BOT_RUNS];
    long turns[BOT_RUNS], total = 0;
    for (int i = 0; i < BOT_RUNS; ++i) by_seed[i] = i;
    Pass probed = play_all(1, by_seed, turns, true);
    Pass none = {1e30, 1e30, 0, 0}, one = none, two = none;
    longest_first(turns, by_length);
    for (int pass = 0; pass < PASSES; ++pass) {
        two = replay_all(2, by_length, turns, two);
        if (pass + 1 < PASSES) one = replay_all(1, by_length, turns, one);
    }
    for (int i = 0; i < BOT_RUNS; ++i) total += turns[i];
    printf("NOTE bot_turns_per_s turns per CPU-second of the one thread playing %d whole runs "
           "(seeds 7000 on, the classes in turn), the best of %d passes\n", BOT_RUNS, PASSES - 1);
    printf("RATE bot_turns_per_s %.0f turns/s\n", total / one.cpu);
    printf("NOTE flee_share_of_bot the share of the seconds of the same %d runs on one thread "
           "spent inside world_map_from_player (finishing the search toward the player, and the "
           "flee map as far as asked), sampled: %ld looks, one every %d us, at a flag a wrapper "
           "the bench is linked with sets on the way in\n", BOT_RUNS, probed.looks, SAMPLE_NS / 1000);
    printf("RATIO flee_share_of_bot %.3f\n", probed.flee_share);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores > 0 ? (int)cores : 1;
    Pass all = threads == 2 ? two : replay_all(threads, by_length, turns, none);
    printf("RATE bot_runs_per_s_all_threads %.2f runs/s (%d threads)\n", BOT_RUNS / all.wall,
           threads);
    printf("RATIO bot_thread_scaling %.2f\n", one.wall / two.wall);
}
