/* Playing what a fuzz target loaded: commands chosen by dice seeded from
 * the input itself (so a crash replays from its input alone), every kind
 * of command with arguments in and out of range, and at the end the run
 * saved and read back, which must give the same run. */
#include <stdlib.h>

#include "fuzz.h"
#include "hash.h"
#include "rng.h"
#include "save.h"

static Command random_command(Rng *rng)
{
    /* half of them steps, so the run goes somewhere */
    if (rng_roll(rng, 0, 1) == 0) return cmd_make(CMD_MOVE, rng_roll(rng, 0, 7));
    Command command = cmd_make((CommandKind)rng_roll(rng, 0, CMD_COUNT), rng_roll(rng, -2, 21));
    /* some aimed at any cell (on the map, or just off it: 0 is none), some
     * read on any slot, some with a yes, in or out of place */
    if (rng_roll(rng, 0, 2) == 0) command.at = (uint16_t)rng_roll(rng, 0, MAP_CELLS + 2);
    if (rng_roll(rng, 0, 7) == 0) command.on = (uint8_t)rng_roll(rng, 0, PACK_SLOTS + 2);
    if (rng_roll(rng, 0, 7) == 0) command.yes = (uint8_t)rng_roll(rng, 0, 2);
    return command;
}

/* A run still going must save and read back as itself */
static void check_round_trip(const Run *run)
{
    Mode mode = run_mode(run);
    if (mode == MODE_DEAD || mode == MODE_WON) return;
    size_t length;
    char *text = save_write(run, &length);
    if (text == NULL) abort();
    Run *again = NULL;
    Errors errors = {0};
    if (save_read(run_data(run), text, length, &again, &errors) != LOAD_OK) abort();
    if (save_digest(again) != save_digest(run)) abort();
    run_free(again);
    errors_clear(&errors);
    free(text);
}

void fuzz_play(Run *run, const uint8_t *input, size_t size, int commands)
{
    Rng rng;
    rng_seed(&rng, hash_bytes(HASH_START, input, size));
    for (int i = 0; i < commands; ++i) {
        Mode mode = run_mode(run);
        if (mode == MODE_DEAD || mode == MODE_WON) break;
        run_command(run, random_command(&rng));
    }
    check_round_trip(run);
}
