/* The replay runner: amulets --replay FILE [--digest] plays a recording
 * headless, checking each checkpoint, and prints what the scripted runner
 * does: the log, a line about the run, and its digest. A recording that
 * can't be played (damaged, from other data files, parting from the run)
 * is refused with FILE:LINE and what's wrong, and nothing of it printed
 * but that. */
#include <stdlib.h>

#include "app.h"
#include "playback.h"
#include "replay.h"
#include "save.h"

enum { REASONS_SHOWN = 10 };

static int refuse(const Errors *errors)
{
    errors_print(errors, stderr, REASONS_SHOWN);
    return 1;
}

int app_replay(const Options *options, const GameData *data)
{
    Replay replay;
    Errors errors = {0};
    int status = 0;
    if (!rep_read_file(&replay, options->replay, &errors)) {
        status = refuse(&errors);
        errors_clear(&errors);
        return status;
    }
    if (replay.rules != REP_GAME_VERSION) {
        fprintf(stderr, "%s: it was recorded under version %d of the rules, and these are version %d; "
                "its checkpoints will tell if it plays the same\n", replay.file, replay.rules,
                REP_GAME_VERSION);
    }
    Playback playback;
    if (!playback_start(&playback, &replay, data, &errors) ||
        playback_finish(&playback, &errors) != PLAYBACK_END) {
        status = refuse(&errors);
    } else {
        const Run *run = playback_run(&playback);
        app_print_log(run);
        app_print_summary(run, NULL);
        printf("replayed %d commands, %d checkpoints\n", playback_total(&playback),
               replay.check_count);
        if (options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(run));
    }
    playback_stop(&playback);
    rep_free(&replay);
    errors_clear(&errors);
    return status;
}
