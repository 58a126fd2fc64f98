#define _POSIX_C_SOURCE 200809L
/* Replaying recorded whole runs headless: the golden replays of
 * tests/replays, each from its seed (or its start save) through every
 * command, every checkpoint verified and the final digest compared with
 * the stored one, as amulets --replay does. Commands a second, over all
 * of them. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "playback.h"
#include "replay.h"
#include "save.h"

enum { MAX_REPLAYS = 64 };

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
