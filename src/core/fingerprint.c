/* The fingerprint takes exactly what save.c writes, field for field, from
 * the same schema (saveschema.h) and the same views, and nothing the
 * save leaves out (the log, the caches, the layer above's records): the
 * values themselves, never their text. */
#include "fingerprint.h"

#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "saveschema.h"

typedef struct Hash {
    uint64_t h;
} Hash;

/* One 64-bit word mixed in (the multiply-xorshift of a good finaliser) */
static void mix(Hash *hash, uint64_t word)
{
    uint64_t h = (hash->h ^ word) * 0x9e3779b97f4a7c15ull;
    hash->h = h ^ (h >> 29);
}

static void mix_point(Hash *hash, Point p)
{
    mix(hash, (uint64_t)(uint32_t)p.x << 32 | (uint32_t)p.y);
}

static void mix_bytes(Hash *hash, const void *bytes, size_t size)
{
    const unsigned char *b = bytes;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, b + i, 8);
        mix(hash, word);
    }
    uint64_t rest = 0;
    memcpy(&rest, b + i, size - i);
    mix(hash, rest ^ (uint64_t)size << 56);
}

/* A field's value, as it's kept in its view */
static void mix_value(Hash *hash, const SaveField *field, const void *view)
{
    const char *at = (const char *)view + field->at;
    switch (field->as) {
    case AS_U64: mix(hash, *(const uint64_t *)at); break;
    case AS_DICE:
        for (int i = 0; i < 4; ++i) mix(hash, ((const Rng *)at)->s[i]);
        break;
    case AS_YES: mix(hash, *(const bool *)at); break;
    case AS_POINT:
    case AS_CELL: mix_point(hash, *(const Point *)at); break;
    case AS_TEXT: {
        const char *text = *(const char *const *)at;
        mix_bytes(hash, text, strlen(text));
        break;
    }
    case AS_COLOR: {
        const Color *c = (const Color *)at;
        mix(hash, (uint64_t)c->r << 16 | (uint64_t)c->g << 8 | c->b);
        break;
    }
    default: {
        int number;
        memcpy(&number, at, sizeof number);
        mix(hash, (uint32_t)number);
        break;
    }
    }
}

/* The record's fields that the save writes, each marked as there */
static void mix_record(void *context, SaveRecordId record, const void *view, const SaveField *fields,
                       int count)
{
    Hash *hash = context;
    mix(hash, (uint64_t)record << 56);
    for (int i = 0; i < count; ++i) {
        bool written = schema_field_written(&fields[i], view);
        mix(hash, written);
        if (written) mix_value(hash, &fields[i], view);
    }
}

uint64_t fingerprint_run(const Run *run)
{
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return 0;   /* out of memory: no fingerprint */
    mem_now(&run->memory, &run->level, memory);
    Hash hash = {0x6a09e667f3bcc908ull};
    schema_each(run, memory, mix_record, &hash);
    free(memory);
    return hash.h;
}
