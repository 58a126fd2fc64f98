/* Fuzzing the save loader: any bytes as save.txt, read against the
 * shipped data. A save that loads must make a run that can be saved
 * again and played a few turns. */
#include <stdlib.h>

#include "data.h"
#include "fuzz.h"
#include "save.h"

static const GameData *shipped_data(void)
{
    static GameData data;
    static int loaded;
    if (!loaded) {
        size_t m, i, v;
        const char *monsters = fuzz_shipped("monsters.txt", &m);
        const char *items = fuzz_shipped("items.txt", &i);
        const char *vaults = fuzz_shipped("vaults.txt", &v);
        Errors errors = {0};
        if (!data_load_texts(&data, monsters, m, items, i, vaults, v, &errors)) abort();
        errors_clear(&errors);
        loaded = 1;
    }
    return &data;
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read(shipped_data(), (const char *)input, size, &run, &errors);
    if (result == LOAD_OK) {
        if (run == NULL || errors.count != 0) abort();
        free(save_write(run, NULL));
        for (int turn = 0; turn < 3; ++turn) {
            run_command(run, (Command){CMD_WAIT, 0});
        }
        run_free(run);
    } else if (run != NULL || errors.count == 0) {
        abort();   /* a failed load gives reasons and no run */
    }
    errors_clear(&errors);
    return 0;
}
