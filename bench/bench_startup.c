/* Start-up: each headless command, as a test script, a replay check or a
 * bot shard starts it, against /bin/true, in CPU time (user + system, the
 * children's rusage), timed in turns (A B A B) so a slow moment hits
 * both. The window's and the terminal's libraries are loaded only when a
 * frontend is asked for (src/app/modules.c), so none of these pays for
 * them. RATIO startup_vs_true is the worst command's. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

enum { STARTS = 10 };   /* starts in a batch */

/* CPU seconds the children used */
static double children_cpu(void)
{
    struct rusage usage;
    getrusage(RUSAGE_CHILDREN, &usage);
    return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6 +
           (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
}

static void start(char *const argv[])
{
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    if (child > 0) waitpid(child, &status, 0);
}

/* CPU seconds of STARTS starts */
static double batch(char *const argv[])
{
    double before = children_cpu();
    for (int i = 0; i < STARTS; ++i) start(argv);
    return children_cpu() - before;
}

static double ratio_of(char *const argv[])
{
    char *true_argv[] = {"/bin/true", NULL};
    double ratios[BENCH_BATCHES];
    for (int b = 0; b < BENCH_BATCHES; ++b) {
        double ours = batch(argv), theirs = batch(true_argv);
        ratios[b] = theirs > 0 ? ours / theirs : 0;
    }
    return bench_median(ratios, BENCH_BATCHES);
}

void bench_startup(const BenchFloors *floors)
{
    (void)floors;
    char home[] = "/tmp/amulets-bench-startup-XXXXXX";
    if (mkdtemp(home) == NULL) return;
    char out[sizeof home + 8];
    snprintf(out, sizeof out, "%s/bot", home);
    setenv("AMULETS_HOME", home, 1);
    char *replay = AMULETS_SOURCE_DIR "/tests/replays/trapdoor-fall.txt";
    struct { const char *name; char *argv[12]; } COMMANDS[] = {
        {"play", {AMULETS_BINARY, "--seed", "1", "--play", "", NULL}},
        {"replay", {AMULETS_BINARY, "--replay", replay, "--digest", NULL}},
        {"bot", {AMULETS_BINARY, "--bot", "--runs", "1", "--turns", "1", "--out", out, NULL}},
        {"check_data", {AMULETS_BINARY, "--check-data", NULL}},
        {"catalog", {AMULETS_BINARY, "--catalog", "1", "1", NULL}},
        {"term", {AMULETS_BINARY, "--term", NULL}},
    };
    double worst = 0;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; ++i) {
        double ratio = ratio_of(COMMANDS[i].argv);
        printf("RATIO startup_vs_true_%s %.2f\n", COMMANDS[i].name, ratio);
        if (ratio > worst) worst = ratio;
    }
    printf("RATIO startup_vs_true %.2f\n", worst);
    printf("NOTE startup_vs_true CPU time (the children's rusage) of %d starts of each headless "
           "command against %d of /bin/true, interleaved, the median of %d batches; the worst "
           "command's\n", STARTS, STARTS, BENCH_BATCHES);
    char command[sizeof home + 16];
    snprintf(command, sizeof command, "rm -rf %s", home);
    if (system(command) != 0) fprintf(stderr, "bench: %s left behind\n", home);
}
