/* The fingerprint takes exactly what save.c writes, field for field, from
 * the same schema (saveschema.h) and the same views, and nothing the
 * save leaves out (the log, the caches, the layer above's records): the
 * values themselves, never their text (schema.h's schema_mix_record). */
#include "fingerprint.h"

#include <stdlib.h>

#include "memory.h"
#include "saveschema.h"

/* The record's fields that the save writes, each marked as there */
static void mix_record(void *context, SaveRecordId id, const SchemaRecord *record, const void *view)
{
    schema_mix_record(context, (uint64_t)id << 56, record, view);
}

uint64_t fingerprint_run(const Run *run)
{
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return 0;   /* out of memory: no fingerprint */
    mem_now(&run->memory, &run->level, memory);
    SchemaHash hash = {0x6a09e667f3bcc908ull};
    saveschema_each(run, memory, mix_record, &hash);
    free(memory);
    return hash.h;
}
