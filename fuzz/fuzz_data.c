/* Fuzzing the data-file reader: the first byte chooses which of the four
 * files the rest of the input replaces; the others are the shipped
 * ones. Any bytes must give mistakes or a clean load, never a crash, a
 * hang or an overread; data that loads is played: a run on the floor the
 * second byte chooses, a few hundred commands, saved and read back. */
#include "data.h"
#include "fuzz.h"
#include "tune.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size == 0) return 0;
    size_t lengths[4];
    const char *texts[4] = {
        fuzz_shipped("monsters.txt", &lengths[0]),
        fuzz_shipped("items.txt", &lengths[1]),
        fuzz_shipped("vaults.txt", &lengths[2]),
        fuzz_shipped("classes.txt", &lengths[3]),
    };
    int which = input[0] % 4;
    texts[which] = (const char *)input + 1;
    lengths[which] = size - 1;
    GameData data = {0};
    Errors errors = {0};
    bool loaded = data_load_texts(&data, texts[0], lengths[0], texts[1], lengths[1], texts[2],
                                  lengths[2], texts[3], lengths[3], &errors);
    errors_clear(&errors);
    if (loaded) {
        int floor = size > 1 ? 1 + input[1] % LAST_FLOOR : 1;
        Run *run = run_new_as(&data, size, floor, (int)(size % (size_t)data.class_count));
        if (run != NULL) fuzz_play(run, input, size, 300);
        run_free(run);
    }
    data_free(&data);
    return 0;
}
