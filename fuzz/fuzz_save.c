/* Fuzzing the save loader: any bytes as save.txt, read against the
 * shipped data. A save that loads must make a run that can be saved
 * again, played a few hundred commands, and saved and read back. */
#include <stdlib.h>

#include "data.h"
#include "fuzz.h"
#include "save.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read(fuzz_shipped_data(), (const char *)input, size, &run, &errors);
    if (result == LOAD_OK) {
        if (run == NULL || errors.count != 0) abort();
        free(save_write(run, NULL));
        fuzz_play(run, input, size, 300);
        run_free(run);
    } else if (run != NULL || errors.count == 0) {
        abort();   /* a failed load gives reasons and no run */
    }
    errors_clear(&errors);
    return 0;
}
