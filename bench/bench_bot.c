/* The bot's figures: turns a second on one thread over whole runs, runs a
 * second on all the machine's threads, and how runs a second scale from
 * one thread to two (the goals: >= 50,000 turns/s, >= 1.8). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"
#include "bot.h"

enum { BOT_RUNS = 24, MOST_TURNS = 60000 };


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

typedef struct Share {
    pthread_mutex_t lock;
    int next, runs;
    long turns;
} Share;

static void *worker(void *arg)
{
    Share *s = arg;
    for (;;) {
        pthread_mutex_lock(&s->lock);
        int job = s->next < s->runs ? s->next++ : -1;
        pthread_mutex_unlock(&s->lock);
        if (job < 0) return NULL;
        long turns = bot_run(7000 + (uint64_t)job, job % bench_shipped_data()->class_count);
        pthread_mutex_lock(&s->lock);
        s->turns += turns;
        pthread_mutex_unlock(&s->lock);
    }
}

/* Runs a second on threads, and the turns played */
static double runs_per_s(int threads, int runs, long *turns)
{
    Share s = {PTHREAD_MUTEX_INITIALIZER, 0, runs, 0};
    pthread_t ids[64];
    if (threads > 64) threads = 64;
    double start = bench_now();
    for (int i = 0; i < threads; ++i) pthread_create(&ids[i], NULL, worker, &s);
    for (int i = 0; i < threads; ++i) pthread_join(ids[i], NULL);
    double took = bench_now() - start;
    *turns = s.turns;
    return runs / took;
}

void bench_bot(const BenchFloors *floors)
{
    (void)floors;
    long turns;
    double start = bench_now();
    runs_per_s(1, BOT_RUNS, &turns);
    printf("RATE bot_turns_per_s %.0f turns/s\n", turns / (bench_now() - start));
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cores > 0 ? (int)cores : 1;
    printf("RATE bot_runs_per_s_all_threads %.2f runs/s (%d threads)\n",
           runs_per_s(threads, BOT_RUNS * threads, &turns), threads);
    double one = runs_per_s(1, BOT_RUNS, &turns), two = runs_per_s(2, BOT_RUNS * 2, &turns);
    printf("RATIO bot_thread_scaling %.2f\n", two / one);
}
