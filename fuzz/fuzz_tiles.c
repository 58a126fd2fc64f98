/* Fuzzing the tiles.txt reader: any bytes as tiles.txt, against the
 * shipped monsters and items (whose tiles it must name). Mistakes or a
 * clean read, never a crash, a hang or an overread. */
#include <stdlib.h>

#include "data.h"
#include "fuzz.h"
#include "tilecheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    Errors errors = {0};
    bool clean = tilecheck_text(fuzz_shipped_data(), (const char *)input, size, &errors);
    if (clean != (errors.count == 0)) abort();
    errors_clear(&errors);
    return 0;
}
