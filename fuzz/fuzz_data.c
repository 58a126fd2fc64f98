/* Fuzzing the data-file reader: the first byte chooses which of the three
 * files the rest of the input replaces; the other two are the shipped
 * ones. Any bytes must give mistakes or a clean load, never a crash, a
 * hang or an overread. */
#include "data.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    if (size == 0) return 0;
    size_t lengths[3];
    const char *texts[3] = {
        fuzz_shipped("monsters.txt", &lengths[0]),
        fuzz_shipped("items.txt", &lengths[1]),
        fuzz_shipped("vaults.txt", &lengths[2]),
    };
    int which = input[0] % 3;
    texts[which] = (const char *)input + 1;
    lengths[which] = size - 1;
    GameData data = {0};
    Errors errors = {0};
    data_load_texts(&data, texts[0], lengths[0], texts[1], lengths[1], texts[2], lengths[2], &errors);
    errors_clear(&errors);
    data_free(&data);
    return 0;
}
