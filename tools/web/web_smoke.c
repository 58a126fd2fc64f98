/* web_smoke: the scripted runner and the replay runner, built to
 * WebAssembly (tools/web/web.cmake) to show that the rules, the play layer
 * and the session run there as they do natively. It runs the program's
 * own runners (src/app/runner.c, replayer.c), so its output can be
 * compared line for line with build/amulets. It also builds natively,
 * to time the same loop on both.
 *
 *   web_smoke [--data DIR] STEP [-- STEP]...
 *
 * Each STEP is one of
 *   [--home DIR] [--continue] [--seed N] [--floor N] [--class ID] --play KEYS [--digest]
 *   --replay FILE [--digest]        as amulets --replay FILE --headless
 *   --bench N FILE...               each recording played back N times:
 *                                   commands per second
 *   --cat FILE                      the file's text on stdout (a save or a
 *                                   recording made in the in-memory folders)
 * and the steps share one process, so one step's save is the next one's
 * --continue: in the browser (and a Node build) the folders live in
 * memory and are gone when the program ends. */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "playback.h"
#include "replay.h"

enum { MISTAKES_SHOWN = 10 };

static bool number(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    long long value = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || value < lo || value > hi) return false;
    *out = value;
    return true;
}

/* A runner's step's options, from argv[*i] up to the next "--" */
static bool parse_step(int argc, char **argv, int *i, Options *o)
{
    for (; *i < argc && strcmp(argv[*i], "--") != 0; ++*i) {
        const char *arg = argv[*i];
        if (strcmp(arg, "--digest") == 0) {
            o->digest = true;
            continue;
        }
        if (strcmp(arg, "--continue") == 0) {
            o->resume = true;
            continue;
        }
        if (*i + 1 >= argc) return false;
        const char *value = argv[++*i];
        long long n;
        if (strcmp(arg, "--play") == 0) o->play = value;
        else if (strcmp(arg, "--replay") == 0) o->replay = value;
        else if (strcmp(arg, "--home") == 0) o->home = value;
        else if (strcmp(arg, "--class") == 0) o->class_id = value;
        else if (strcmp(arg, "--seed") == 0 && number(value, 0, INT64_MAX, &n)) o->seed = (uint64_t)n;
        else if (strcmp(arg, "--floor") == 0 && number(value, 1, 99, &n)) o->floor = (int)n;
        else return false;
    }
    return o->play != NULL || o->replay != NULL;
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* One recording played back rounds times: commands per second in all,
 * and apart from making the first floor (playback_start), which a long
 * recording pays for once. The seconds are the wall clock's (under
 * emscripten every clock is): on a loaded machine time the whole
 * program's CPU from outside as well. */
static bool bench_one(const char *path, int rounds, const GameData *data, long long *total)
{
    Replay replay;
    Errors errors = {0};
    bool ok = rep_read_file(&replay, path, &errors);
    long long commands = 0;
    double start = seconds_now(), starting = 0;
    for (int round = 0; ok && round < rounds; ++round) {
        Playback playback;
        double before = seconds_now();
        ok = playback_start(&playback, &replay, data, &errors);
        starting += seconds_now() - before;
        ok = ok && playback_finish(&playback, &errors) == PLAYBACK_END;
        commands += playback_total(&playback);
        playback_stop(&playback);
    }
    double spent = seconds_now() - start;
    if (ok) {
        printf("%s: %lld commands in %d playbacks, %.3f s: %.0f commands/s; "
               "%.2f ms to start, then %.0f commands/s\n", path, commands, rounds, spent,
               (double)commands / spent, 1000 * starting / rounds,
               (double)commands / (spent - starting));
        rep_free(&replay);
        *total += commands;
    }
    errors_print(&errors, stderr, MISTAKES_SHOWN);
    errors_clear(&errors);
    return ok;
}

static int cat_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        perror(path);
        return 1;
    }
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) fwrite(buffer, 1, n, stdout);
    fclose(file);
    return 0;
}

static int run_step(int argc, char **argv, int *i, const GameData *data)
{
    if (strcmp(argv[*i], "--cat") == 0 && *i + 1 < argc) {
        *i += 2;
        return cat_file(argv[*i - 1]);
    }
    long long rounds;
    if (strcmp(argv[*i], "--bench") == 0 && *i + 1 < argc && number(argv[*i + 1], 1, 1000000, &rounds)) {
        int status = 0;
        long long total = 0;
        double start = seconds_now();
        for (*i += 2; *i < argc && strcmp(argv[*i], "--") != 0; ++*i) {
            if (!bench_one(argv[*i], (int)rounds, data, &total)) status = 1;
        }
        printf("%lld commands in %.3f s\n", total, seconds_now() - start);
        return status;
    }
    Options options = {.seed = 1, .floor = 1};
    if (!parse_step(argc, argv, i, &options)) {
        fprintf(stderr, "web_smoke: a step is --play KEYS or --replay FILE with their options "
                        "(see tools/web/web_smoke.c), --bench N FILE... or --cat FILE\n");
        return 2;
    }
    if (options.class_id != NULL) options.class_index = data_find_class(data, options.class_id);
    if (options.class_index < 0) {
        fprintf(stderr, "web_smoke: --class: no class is called '%s'\n", options.class_id);
        return 2;
    }
    return options.replay != NULL ? app_replay(&options, data) : app_play_keys(&options, data);
}

int main(int argc, char **argv)
{
    int i = 1;
    const char *dir = "data";
    if (argc > 2 && strcmp(argv[1], "--data") == 0) {
        dir = argv[2];
        i = 3;
    }
    GameData data = {0};
    Errors errors = {0};
    if (!data_load_dir(&data, dir, &errors)) {
        fprintf(stderr, "web_smoke: the data files in %s have mistakes\n", dir);
        errors_print(&errors, stderr, MISTAKES_SHOWN);
        errors_clear(&errors);
        return 1;
    }
    /* every step runs, as each would in a process of its own (a replay
     * that parts from its recording doesn't stop the next one); the
     * status is the last failing step's, and a mistake in the steps
     * stops at once */
    int status = i < argc ? 0 : 2;
    while (status != 2 && i < argc) {
        int step = run_step(argc, argv, &i, &data);
        if (step != 0) status = step;
        if (i < argc && strcmp(argv[i], "--") == 0) ++i;
    }
    data_free(&data);
    return status;
}
