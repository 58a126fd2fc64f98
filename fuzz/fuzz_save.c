/* Fuzzing the save loader: any bytes as save.txt, read against the
 * shipped data, the play layer's records too (resume.h). A save that
 * loads must make a run that can be saved again, played a few hundred
 * commands, and saved and read back. */
#include <stdlib.h>

#include "data.h"
#include "fuzz.h"
#include "resume.h"
#include "save.h"
#include "slot.h"

/* The play layer's records, read as the slot reads them once the run is */
static bool resume_reads(const Run *run, const uint8_t *input, size_t size)
{
    static Resumed resumed;   /* an Explorer: big */
    RecFile file;
    Errors ignored = {0}, errors = {0};
    rec_parse(&file, (const char *)input, size, "save.txt", &ignored);
    bool read = resume_read(&resumed, run, &file, &errors);
    if (read != (errors.count == 0)) abort();   /* false exactly when it says why */
    rec_free(&file);
    errors_clear(&ignored);
    errors_clear(&errors);
    return read;
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Errors errors = {0};
    Run *run = NULL;
    LoadResult result = save_read_with(fuzz_shipped_data(), (const char *)input, size, SLOT_ABOVE_TYPES,
                                       &run, &errors);
    if (result == LOAD_OK) {
        if (run == NULL || errors.count != 0) abort();
        resume_reads(run, input, size);
        free(save_write(run, NULL));
        fuzz_play(run, input, size, 300);
        run_free(run);
    } else if (run != NULL || errors.count == 0) {
        abort();   /* a failed load gives reasons and no run */
    }
    errors_clear(&errors);
    return 0;
}
