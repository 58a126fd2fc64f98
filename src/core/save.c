#include "save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "invariant.h"
#include "run_internal.h"
#include "saveschema.h"

/* ---- A growing text -------------------------------------------------- */

typedef struct Text {
    char *data;
    size_t length, capacity;
    bool failed;
} Text;

/* Adds length bytes (and a NUL after them) */
static void add_bytes(Text *text, const char *bytes, size_t length)
{
    if (text->failed) return;
    if (text->length + length + 1 > text->capacity) {
        size_t capacity = text->capacity ? text->capacity * 2 : 16384;
        while (capacity < text->length + length + 1) capacity *= 2;
        char *data = realloc(text->data, capacity);
        if (data == NULL) {
            text->failed = true;
            return;
        }
        text->data = data;
        text->capacity = capacity;
    }
    memcpy(text->data + text->length, bytes, length);
    text->length += length;
    text->data[text->length] = '\0';
}

/* ---- Records, as the schema has them (saveschema.h) -------------------- */

typedef struct Writing {
    Text *text;
    const GameData *data;
} Writing;

static void add_text(Text *text, const char *words)
{
    add_bytes(text, words, strlen(words));
}

static void add_record(void *context, SaveRecordId record, const void *view, const SaveField *fields,
                       int count)
{
    Writing *w = context;
    if (record == SR_SAVE) add_text(w->text, "# A saved run of Amulets of SDL. The run's end deletes it.\n");
    add_text(w->text, "\n[");
    add_text(w->text, schema_record(record)->type);
    add_text(w->text, "]\n");
    for (int i = 0; i < count; ++i) {
        if (!schema_field_written(&fields[i], view)) continue;
        char value[MSG_SIZE + 64];
        int length = schema_value_text(&fields[i], view, w->data, value, sizeof value);
        if (length < 0) {
            w->text->failed = true;
            return;
        }
        add_text(w->text, fields[i].key);
        add_bytes(w->text, " = ", 3);
        value[length] = '\n';
        add_bytes(w->text, value, (size_t)length + 1);
    }
}

/* The records of the layer above, as its writer gave them: whole
 * records, each starting on a line of its own */
static void add_above(Text *text, const char *above, size_t length)
{
    if (above == NULL || length == 0) return;
    add_bytes(text, "\n", 1);
    add_bytes(text, above, length);
}

static char *write_text(const Run *run, bool with_log, const char *above, size_t above_length,
                        size_t *length)
{
    Text text = {0};
    /* big, and a save is written rarely */
    Memory *memory = malloc(sizeof *memory);
    if (memory == NULL) return NULL;
    mem_now(&run->memory, &run->level, memory);
    Writing writing = {&text, run->data};
    schema_each(run, memory, add_record, &writing);
    free(memory);
    add_above(&text, above, above_length);
    if (with_log) schema_each_message(run, add_record, &writing);
    if (text.failed) {
        free(text.data);
        return NULL;
    }
    if (length != NULL) *length = text.length;
    return text.data;
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
    size_t end = record_start(text, length, schema_record(SR_MESSAGE)->type);
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

int save_field_count(void)
{
    int count;
    schema_fields(&count);
    return count;
}

SaveFieldName save_field_name(int i)
{
    int count;
    const SaveField *fields = schema_fields(&count);
    INVARIANT(i >= 0 && i < count);
    const SaveRecordDef *record = schema_record(fields[i].record);
    return (SaveFieldName){record->type, fields[i].key, fields[i].since, fields[i].until, record->talk,
                           fields[i].names, fields[i].name_count};
}
