#include "save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "invariant.h"
#include "run_internal.h"
#include "saveschema.h"

/* ---- Records, as the schema has them (saveschema.h) -------------------- */

typedef struct Writing {
    SchemaOut *out;
    const GameData *data;
} Writing;

static void add_record(void *context, SaveRecordId id, const SchemaRecord *record, const void *view)
{
    Writing *w = context;
    if (id == SR_SAVE) schema_out_text(w->out, "# A saved run of Amulets of SDL. The run's end deletes it.\n");
    schema_out_bytes(w->out, "\n", 1);
    schema_put(w->out, record, view, w->data);
}

/* The records of the layer above, as its writer gave them: whole
 * records, each starting on a line of its own */
static void add_above(SchemaOut *out, const char *above, size_t length)
{
    if (above == NULL || length == 0) return;
    schema_out_bytes(out, "\n", 1);
    schema_out_bytes(out, above, length);
}

static char *write_text(const Run *run, bool with_log, const char *above, size_t above_length,
                        size_t *length)
{
    SchemaOut out = {0};
    /* big, and a save is written rarely */
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return NULL;
    mem_now(&run->memory, &run->level, memory);
    Writing writing = {&out, run->data};
    saveschema_each(run, memory, add_record, &writing);
    free(memory);
    add_above(&out, above, above_length);
    if (with_log) saveschema_each_message(run, add_record, &writing);
    return schema_out_take(&out, length);
}

char *save_write(const Run *run, size_t *length)
{
    return write_text(run, true, NULL, 0, length);
}

char *save_write_with(const Run *run, const char *above, size_t above_length, size_t *length)
{
    return write_text(run, true, above, above_length, length);
}

/* Where a record of this type starts in the text ("\n[type]\n"), or length */
static size_t record_start(const char *text, size_t length, const char *type)
{
    char marker[ID_SIZE + 8];
    int n = snprintf(marker, sizeof marker, "\n[%s]\n", type);
    if (n <= 0 || (size_t)n >= sizeof marker) return length;
    for (size_t at = 0; at + (size_t)n <= length; ++at) {
        if (text[at] == '\n' && memcmp(text + at, marker, (size_t)n) == 0) return at;
    }
    return length;
}

uint64_t save_digest_text(const char *text, size_t length, const char *const *above_types)
{
    size_t end = record_start(text, length, saveschema_record(SR_MESSAGE)->type);
    for (int i = 0; above_types != NULL && above_types[i] != NULL; ++i) {
        size_t at = record_start(text, end, above_types[i]);
        if (at < end) end = at;
    }
    return hash_bytes(HASH_START, text, end);
}

uint64_t save_digest(const Run *run)
{
    size_t length;
    char *text = write_text(run, false, NULL, 0, &length);
    uint64_t hash = text != NULL ? hash_bytes(HASH_START, text, length) : HASH_START;
    free(text);
    return hash;
}
