/* Fuzzing the high scores' reader: any bytes as scores.txt. A table
 * read as good is sorted, at most SCORES_KEPT long, and written again
 * reads back to the same text; one that isn't gives reasons and an
 * empty table. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "scores.h"

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size)
{
    static ScoreTable table, again;
    Errors errors = {0};
    ScoresRead result = scores_parse((const char *)input, size, &table, &errors);
    if (result == SCORES_READ_OK) {
        if (errors.count != 0 || table.count > SCORES_KEPT) abort();
        for (int i = 1; i < table.count; ++i) {
            if (scores_better(&table.entries[i], &table.entries[i - 1])) abort();
        }
        size_t length, again_length;
        char *text = scores_text(&table, &length);
        if (text == NULL || scores_parse(text, length, &again, &errors) != SCORES_READ_OK) abort();
        char *again_text = scores_text(&again, &again_length);
        if (again_text == NULL || again_length != length || memcmp(text, again_text, length) != 0) abort();
        free(text);
        free(again_text);
    } else if (errors.count == 0 || table.count != 0) {
        abort();   /* a table refused says why, and holds nothing */
    }
    errors_clear(&errors);
    return 0;
}
