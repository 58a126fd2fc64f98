/* Fuzzing recordings: any bytes as a recording, read and played back
 * against the shipped data. A recording that's refused says why; one
 * that reads must write the same text back and play to an end or to a
 * reason, never a crash. */
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "fuzz.h"
#include "playback.h"
#include "replay.h"

/* Enough to reach every kind of command; a longer recording stops here */
enum { STEPS_PLAYED = 3000 };

/* Written out and read again, a recording is the same */
static void check_round_trip(const Replay *replay)
{
    size_t length;
    char *text = rep_text(replay, &length);
    if (text == NULL) return;
    Replay again;
    Errors errors = {0};
    if (!rep_parse(&again, text, length, "again.txt", &errors) || again.count != replay->count ||
        again.check_count != replay->check_count || again.seed != replay->seed ||
        /* a recording of no commands has none to compare (and NULL
         * may not go to memcmp) */
        (replay->count > 0 &&
         memcmp(again.commands, replay->commands, (size_t)replay->count * sizeof(Command)) != 0)) {
        abort();
    }
    rep_free(&again);
    errors_clear(&errors);
    free(text);
}

static void play(const Replay *replay)
{
    Errors errors = {0};
    Playback playback;
    if (playback_start(&playback, replay, fuzz_shipped_data(), &errors)) {
        PlaybackStep step = PLAYBACK_STEPPED;
        for (int i = 0; i < STEPS_PLAYED && step == PLAYBACK_STEPPED; ++i) {
            step = playback_step(&playback, &errors);
        }
        if (step == PLAYBACK_FAILED && errors.count == 0) abort();
        playback_stop(&playback);
    } else if (errors.count == 0) {
        abort();   /* a recording that can't begin says why */
    }
    errors_clear(&errors);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Replay replay;
    Errors errors = {0};
    if (rep_parse(&replay, (const char *)input, size, "replay.txt", &errors)) {
        if (errors.count != 0) abort();
        check_round_trip(&replay);
        play(&replay);
        rep_free(&replay);
    } else if (errors.count == 0 || replay.count != 0 || replay.commands != NULL) {
        abort();   /* a refused recording gives reasons and nothing else */
    }
    errors_clear(&errors);
    return 0;
}
