/* Random play: many seeds, spread over all nine starting floors, each for
 * thousands of random commands, with every invariant checked after every
 * command. Same seed and commands must give the same digest. */
#include "keys.h"
#include "keyrun.h"
#include "runtest.h"
#include "save.h"

/* Keys that mean something in some mode: moving, waiting, the pack's
 * letters, the yes and no, Esc, and the actions */
static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 'g', 'i', 'd', 'c', 's', '>', '>', 'a', 'b', 'c', 'd', 'e', 'y', 'n',
    AK_ESC, AK_UP, AK_KP3,
};

static int random_key(Rng *rng)
{
    return KEYS[rng_roll(rng, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
}

/* Plays commands chosen by a second generator (so the run's own dice are
 * untouched by the choosing); returns the digest at the end */
static uint64_t soak(const GameData *data, uint64_t seed, int floor, int commands, bool check)
{
    Run *run = run_new(data, seed, floor);
    Rng chooser;
    rng_seed(&chooser, seed ^ 0x5eed);
    KeyRun keys = keyrun_start();
    for (int i = 0; i < commands; ++i) {
        KeyAction action = keyrun_press(&keys, run, random_key(&chooser));
        if (action == KA_NEW_RUN || run_mode(run) == MODE_WON) {
            run_free(run);
            run = run_new(data, seed + (uint64_t)i, floor);
            keys = keyrun_start();
        }
        if (check && !run_invariants_hold(run)) {
            fprintf(stderr, "seed %llu floor %d: broken after command %d\n",
                    (unsigned long long)seed, floor, i);
            break;
        }
    }
    uint64_t digest = save_digest(run);
    run_free(run);
    return digest;
}

int main(void)
{
    GameData data = {0};
    load_shipped_data(&data);
    const int seeds = 200, commands = 2000;
    for (int i = 0; i < seeds; ++i) {
        soak(&data, 1000 + (uint64_t)i, 1 + i % LAST_FLOOR, commands, true);
    }
    /* Deterministic: the same seed and commands, the same digest */
    for (int i = 0; i < 9; ++i) {
        uint64_t a = soak(&data, 77 + (uint64_t)i, 1 + i, 500, false);
        uint64_t b = soak(&data, 77 + (uint64_t)i, 1 + i, 500, false);
        CHECK(a == b);
    }
    data_free(&data);
    return check_done("test_soak");
}
