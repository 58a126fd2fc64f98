#define _POSIX_C_SOURCE 200809L
/* Replaying recorded whole runs headless: the golden replays of
 * tests/replays, each from its seed (or its start save) through every
 * command, every checkpoint verified and the final digest compared with
 * the stored one, as amulets --replay does. Commands a second, over all
 * of them.
 *
 * And verifying them (verify.h), as the server verifies an upload: the
 * CPU time of verify_recording on a recording's bytes, from reading its
 * text to the run's digest at its end, a run at a time. On whole runs
 * the bot plays (recorded as the game records one, a checkpoint at each
 * new floor and at the end), and on the golden replays, most of them a
 * floor or three. The goal: a whole run in 40 ms or less (25 runs a
 * second a core). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bot.h"
#include "playback.h"
#include "replay.h"
#include "save.h"
#include "verify.h"

enum { MAX_REPLAYS = 64, VERIFY_BOT_RUNS = 24, VERIFY_MOST_TURNS = 60000, VERIFY_STUCK = 300 };

typedef struct Golden {
    Replay replay;
    uint64_t digest;
} Golden;

/* The recordings named in tests/replays/digests, with their digests */
static int load_goldens(Golden *goldens)
{
    FILE *list = fopen(AMULETS_SOURCE_DIR "/tests/replays/digests", "r");
    if (list == NULL) return 0;
    int count = 0;
    char name[128];
    unsigned long long digest;
    while (count < MAX_REPLAYS && fscanf(list, "%127s %llx", name, &digest) == 2) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/replays/%s.txt", AMULETS_SOURCE_DIR, name);
        Errors errors = {0};
        if (rep_read_file(&goldens[count].replay, path, &errors)) {
            goldens[count++].digest = digest;
        }
        errors_clear(&errors);
    }
    fclose(list);
    return count;
}

/* Plays every golden once; the commands played, or -1 if one failed */
static long play_all(const Golden *goldens, int count, const GameData *data)
{
    long commands = 0;
    for (int i = 0; i < count; ++i) {
        Playback playback;
        Errors errors = {0};
        bool good = playback_start(&playback, &goldens[i].replay, data, &errors) &&
                    playback_finish(&playback, &errors) == PLAYBACK_END &&
                    save_digest(playback_run(&playback)) == goldens[i].digest;
        commands += playback_total(&playback);
        playback_stop(&playback);
        errors_clear(&errors);
        if (!good) {
            fprintf(stderr, "bench: %s doesn't replay to its digest\n", goldens[i].replay.file);
            return -1;
        }
    }
    return commands;
}

void bench_replay(const BenchFloors *floors)
{
    (void)floors;
    const GameData *data = bench_shipped_data();
    static Golden goldens[MAX_REPLAYS];
    int count = load_goldens(goldens);
    double rates[BENCH_BATCHES];
    bool good = count > 0;
    for (int b = 0; b < BENCH_BATCHES && good; ++b) {
        double t0 = bench_now();
        long commands = play_all(goldens, count, data);
        rates[b] = (double)commands / (bench_now() - t0);
        good = commands > 0;
    }
    if (good) {
        printf("RATE replay_commands_per_s %.0f commands/s\n", bench_median(rates, BENCH_BATCHES));
    } else {
        fprintf(stderr, "bench: the golden replays can't be replayed\n");
    }
    for (int i = 0; i < count; ++i) rep_free(&goldens[i].replay);
}

/* ---- Verifying -------------------------------------------------------------- */

typedef struct Recording {
    char *text;
    size_t length;
} Recording;

/* A whole run the bot plays (seeds 7000 on, the classes in turn, as the
 * bot's own figures), recorded as a session records one: its text, for
 * the caller to free */
static Recording bot_recording(const GameData *data, int i)
{
    Recording out = {0};
    int class_index = i % data->class_count;
    uint64_t seed = 7000 + (uint64_t)i;
    Run *run = run_new_as(data, seed, 1, class_index);
    Bot *bot = malloc(sizeof *bot);
    if (run == NULL || bot == NULL) exit(EXIT_FAILURE);
    Replay replay;
    rep_init(&replay, seed, 1, rep_data_digest(data), data->classes[class_index].id, NULL, 0);
    bot_start(bot);
    Command command;
    int idle = 0;
    while (run_turn(run) < VERIFY_MOST_TURNS && idle < VERIFY_STUCK && bot_next(bot, run, &command)) {
        int arrivals = run_arrivals(run), turn = run_turn(run);
        if (!run_command(run, command)) continue;
        rep_add(&replay, command);
        if (run_arrivals(run) != arrivals) rep_add_check(&replay, save_digest(run));
        idle = run_turn(run) == turn ? idle + 1 : 0;
    }
    Mode mode = run_mode(run);
    replay.ended = mode == MODE_DEAD || mode == MODE_WON ? mode : MODE_PLAYING;
    rep_add_check(&replay, save_digest(run));
    out.text = rep_text(&replay, &out.length);
    rep_free(&replay);
    free(bot);
    run_free(run);
    return out;
}

static Recording golden_recording(const char *name)
{
    Recording out = {0};
    char path[512], error[160];
    snprintf(path, sizeof path, "%s/tests/replays/%s.txt", AMULETS_SOURCE_DIR, name);
    if (rep_read_bytes(path, VERIFY_MAX_BYTES, &out.text, &out.length, error, sizeof error) != FILE_READ_OK) {
        out.text = NULL;
    }
    return out;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Verifies each recording once: the mean CPU milliseconds a run and the
 * most any took, or -1 if one didn't verify */
static double verify_all(const Recording *recordings, int count, const GameData *data, double *most)
{
    double total = 0;
    *most = 0;
    for (int i = 0; i < count; ++i) {
        VerifyResult result;
        double t0 = cpu_now();
        bool good = verify_recording(recordings[i].text, recordings[i].length, data, (VerifyOptions){0}, &result);
        double took = cpu_now() - t0;
        bench_consume(result.digest);
        if (!good) {
            fprintf(stderr, "bench: recording %d doesn't verify: %s\n", i, result.message);
            return -1;
        }
        total += took;
        if (took > *most) *most = took;
    }
    return total / count * 1000.0;
}

void bench_verify(const BenchFloors *floors)
{
    (void)floors;
    const GameData *data = bench_shipped_data();
    static Recording bots[VERIFY_BOT_RUNS], goldens[MAX_REPLAYS];
    long commands = 0;
    for (int i = 0; i < VERIFY_BOT_RUNS; ++i) {
        bots[i] = bot_recording(data, i);
        if (bots[i].text == NULL) return;
    }
    static Golden named[MAX_REPLAYS];
    int golden_count = load_goldens(named);
    for (int i = 0; i < golden_count; ++i) {
        const char *slash = strrchr(named[i].replay.file, '/');
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(slash + 1, "."), slash + 1);
        goldens[i] = golden_recording(name);
        commands += named[i].replay.count;
        rep_free(&named[i].replay);
        if (goldens[i].text == NULL) return;
    }
    double bot_ms[BENCH_BATCHES], golden_ms[BENCH_BATCHES], longest[BENCH_BATCHES], golden_most;
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        bot_ms[b] = verify_all(bots, VERIFY_BOT_RUNS, data, &longest[b]);
        golden_ms[b] = verify_all(goldens, golden_count, data, &golden_most);
        longest[b] *= 1000.0;
        if (bot_ms[b] < 0 || golden_ms[b] < 0) return;
    }
    size_t bytes = 0;
    int won = 0, dead = 0;
    for (int i = 0; i < VERIFY_BOT_RUNS; ++i) {
        bytes += bots[i].length;
        VerifyResult result;
        verify_recording(bots[i].text, bots[i].length, data, (VerifyOptions){.ranked = true}, &result);
        won += result.reason == VERIFY_OK && result.outcome == MODE_WON;
        dead += result.reason == VERIFY_OK && result.outcome == MODE_DEAD;
    }
    printf("RATE verify_run_ms %.2f ms\n", bench_median(bot_ms, BENCH_BATCHES));
    printf("RATE verify_longest_run_ms %.2f ms\n", bench_median(longest, BENCH_BATCHES));
    printf("RATE verify_golden_ms %.2f ms\n", bench_median(golden_ms, BENCH_BATCHES));
    printf("NOTE verify_run_ms CPU milliseconds of verify_recording on a whole run the bot played (%d runs, "
           "seeds 7000 on, the classes in turn, %zu bytes a run on average, %d won and %d dead, each verified "
           "ranked too), the mean a run; "
           "verify_longest_run_ms the longest of them; verify_golden_ms the mean over the %d golden replays "
           "(%ld commands in all); each the median of %d batches; the goal is 40 ms or less\n",
           VERIFY_BOT_RUNS, bytes / VERIFY_BOT_RUNS, won, dead, golden_count, commands, BENCH_BATCHES);
    for (int i = 0; i < VERIFY_BOT_RUNS; ++i) free(bots[i].text);
    for (int i = 0; i < golden_count; ++i) free(goldens[i].text);
}
