/* Fuzzing recordings: any bytes as a recording, read and played back
 * against the shipped data. A recording that's refused says why; one
 * that reads must write the same text back and play to an end or to a
 * reason, never a crash. And verified (verify.h), ranked and not, as an
 * upload would be: always a reason and one line of JSON, never a
 * recording ranked that isn't verified unranked, and in bounded time
 * (the fuzzer's timeout). */
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "fuzz.h"
#include "playback.h"
#include "replay.h"
#include "verify.h"

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

/* One verify's result holds together */
static void check_verified(const VerifyResult *result, bool good)
{
    char json[VERIFY_JSON_SIZE];
    size_t length = verify_json(result, json, sizeof json);
    if (good != (result->reason == VERIFY_OK) || result->reason >= VERIFY_REASON_COUNT ||
        (!good && result->message[0] == '\0') || result->line < 0 || length >= sizeof json ||
        strchr(json, '\n') != json + length - 1) {
        abort();
    }
}

static void verify(const uint8_t *input, size_t size)
{
    VerifyResult ranked, unranked;
    const GameData *data = fuzz_shipped_data();
    bool good = verify_recording((const char *)input, size, data, (VerifyOptions){.ranked = true}, &ranked);
    check_verified(&ranked, good);
    bool fair = verify_recording((const char *)input, size, data, (VerifyOptions){.ranked = false}, &unranked);
    check_verified(&unranked, fair);
    /* ranked refuses more, never less, and sees the same run */
    if (good && (!fair || ranked.digest != unranked.digest)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    verify(input, size);
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
