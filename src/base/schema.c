/* Records of typed fields: see schema.h. The kinds of value are in
 * schema_types.c. */
#include "schema.h"

#include <stdlib.h>
#include <string.h>

#include "invariant.h"

/* ---- The text written -------------------------------------------------- */

bool schema_out_room(SchemaOut *out, size_t length)
{
    if (out->failed) return false;
    if (out->length + length < out->capacity) return true;
    /* a save is about 16 KB: one allocation for most */
    size_t capacity = out->capacity ? out->capacity * 2 : 16384;
    while (capacity <= out->length + length) capacity *= 2;
    char *text = realloc(out->text, capacity);
    if (text == NULL) {
        out->failed = true;
        return false;
    }
    out->text = text;
    out->capacity = capacity;
    return true;
}

void schema_out_u64(SchemaOut *out, uint64_t value)
{
    char digits[20];
    int n = 0;
    do {
        digits[sizeof digits - 1 - n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    schema_out_bytes(out, digits + sizeof digits - n, (size_t)n);
}

void schema_out_int(SchemaOut *out, int value)
{
    if (out->length + 12 >= out->capacity && !schema_out_room(out, 12)) return;
    char *at = out->text + out->length;
    unsigned magnitude = value < 0 ? 0u - (unsigned)value : (unsigned)value;
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    if (value < 0) *at++ = '-';
    while (n > 0) *at++ = digits[--n];
    out->length = (size_t)(at - out->text);
}

void schema_out_hex(SchemaOut *out, uint64_t value)
{
    static const char DIGITS[] = "0123456789abcdef";
    char hex[16];
    for (int i = 15; i >= 0; --i, value >>= 4) hex[i] = DIGITS[value & 15];
    schema_out_bytes(out, hex, sizeof hex);
}

void schema_out_row(SchemaOut *out, const char *row, size_t length)
{
    schema_out_bytes(out, "|", 1);
    schema_out_bytes(out, row, length);
    schema_out_bytes(out, "\n", 1);
}

void schema_out_barred(SchemaOut *out, const char *text, size_t length)
{
    const char *p = text, *end = text + length;
    while (p < end) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = newline != NULL ? newline : end;
        schema_out_bytes(out, "||", 2);
        schema_out_bytes(out, p, (size_t)(line_end - p));
        schema_out_bytes(out, "|\n", 2);
        p = newline != NULL ? newline + 1 : end;
    }
}

char *schema_out_take(SchemaOut *out, size_t *length)
{
    /* there's always room for the NUL, once there's a text at all */
    if (schema_out_room(out, 0)) out->text[out->length] = '\0';
    char *text = out->failed ? NULL : out->text;
    if (out->failed) free(out->text);
    if (text != NULL && length != NULL) *length = out->length;
    *out = (SchemaOut){0};
    return text;
}

/* ---- A fingerprint ------------------------------------------------------- */

void schema_mix(SchemaHash *hash, uint64_t word)
{
    uint64_t h = (hash->h ^ word) * 0x9e3779b97f4a7c15ull;
    hash->h = h ^ (h >> 29);
}

void schema_mix_bytes(SchemaHash *hash, const void *bytes, size_t size)
{
    const unsigned char *b = bytes;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        memcpy(&word, b + i, 8);
        schema_mix(hash, word);
    }
    uint64_t rest = 0;
    memcpy(&rest, b + i, size - i);
    schema_mix(hash, rest ^ (uint64_t)size << 56);
}

/* ---- A field's presence -------------------------------------------------- */

static int int_at(const void *view, size_t at)
{
    int value;
    memcpy(&value, (const char *)view + at, sizeof value);
    return value;
}

static bool bool_at(const void *view, size_t at)
{
    bool value;
    memcpy(&value, (const char *)view + at, sizeof value);
    return value;
}

static bool is_none(const SchemaField *field, const void *view)
{
    if (field->type->is_none != NULL) return field->type->is_none(field, view);
    return int_at(view, field->at) == field->none;
}

/* A field missing, or not in the file's version, is its none */
static void set_none(const SchemaField *field, void *view)
{
    if (field->presence == SCHEMA_FLAGGED) {
        *(bool *)((char *)view + field->flag) = false;
    } else if (field->presence == SCHEMA_UNLESS && field->type->set_none != NULL) {
        field->type->set_none(field, view);
    } else if (field->presence == SCHEMA_UNLESS) {
        memcpy((char *)view + field->at, &field->none, sizeof field->none);
    }
}

bool schema_written(const SchemaField *field, const void *view)
{
    if (field->until != 0) return false;
    if (field->when != NULL && !field->when(view)) return false;
    switch (field->presence) {
    case SCHEMA_ALWAYS: return true;
    case SCHEMA_UNLESS: return !is_none(field, view);
    case SCHEMA_FLAGGED: return bool_at(view, field->flag);
    }
    return true;
}

/* ---- Writing -------------------------------------------------------------- */

void schema_put(SchemaOut *out, const SchemaRecord *record, const void *view, const void *context)
{
    schema_out_bytes(out, "[", 1);
    schema_out_text(out, record->type);
    schema_out_bytes(out, "]\n", 2);
    for (int i = 0; i < record->field_count; ++i) {
        const SchemaField *field = &record->fields[i];
        if (!schema_written(field, view)) continue;
        if (field->comment != NULL) {
            schema_out_bytes(out, "# ", 2);
            schema_out_text(out, field->comment);
            schema_out_bytes(out, "\n", 1);
        }
        schema_out_text(out, field->key);
        if (field->type->rows) {
            schema_out_bytes(out, " =\n", 3);
            field->type->put(out, field, view, context);
        } else {
            schema_out_bytes(out, " = ", 3);
            field->type->put(out, field, view, context);
            schema_out_bytes(out, "\n", 1);
        }
    }
}

/* ---- Reading ---------------------------------------------------------------- */

static bool in_version(const SchemaField *field, int version)
{
    return version >= field->since && (field->until == 0 || version <= field->until);
}

uint64_t schema_get(Fields *fields, const SchemaRecord *record, int version, void *view, const void *context)
{
    INVARIANT(record->field_count <= 64);
    uint64_t bad = 0;
    for (int i = 0; i < record->field_count; ++i) {
        const SchemaField *field = &record->fields[i];
        if (!in_version(field, version)) {
            set_none(field, view);
            continue;
        }
        if (field->when != NULL && !field->when(view)) continue;
        if (field->presence != SCHEMA_ALWAYS && !fld_has(fields, field->key)) {
            set_none(field, view);
            continue;
        }
        if (field->presence == SCHEMA_FLAGGED) *(bool *)((char *)view + field->flag) = true;
        int mistakes = fields->mistakes;
        field->type->get(fields, field, view, context);
        if (fields->mistakes > mistakes) bad |= (uint64_t)1 << i;
    }
    return bad;
}

uint64_t schema_bit(const SchemaRecord *record, const char *key)
{
    for (int i = 0; i < record->field_count && i < 64; ++i) {
        if (strcmp(record->fields[i].key, key) == 0) return (uint64_t)1 << i;
    }
    return 0;
}

/* ---- Hashing -------------------------------------------------------------- */

void schema_mix_record(SchemaHash *hash, uint64_t tag, const SchemaRecord *record, const void *view)
{
    schema_mix(hash, tag);
    for (int i = 0; i < record->field_count; ++i) {
        const SchemaField *field = &record->fields[i];
        bool written = schema_written(field, view);
        schema_mix(hash, written);
        if (!written) continue;
        if (field->type->mix != NULL) field->type->mix(hash, field, view);
        else schema_mix(hash, (uint32_t)int_at(view, field->at));
    }
}

/* ---- The file ------------------------------------------------------------- */

int schema_record_of(const Schema *schema, const char *type, int version)
{
    for (int i = 0; i < schema->record_count; ++i) {
        const SchemaRecord *record = schema->records[i];
        if (version >= record->since && strcmp(record->type, type) == 0) return i;
    }
    return -1;
}

SchemaVersionRead schema_read_version(const Schema *schema, const RecFile *file, const char *starts,
                                      Errors *errors, int *version)
{
    if (file->count == 0 || strcmp(file->records[0].type, schema->records[0]->type) != 0) {
        errors_add(errors, "%s: %s", schema->file, starts);
        return SCHEMA_VERSION_BAD;
    }
    Fields fields;
    fld_init(&fields, &file->records[0], schema->file, errors);
    /* digits too many for a number are a later game's version, not
     * damage: newer games may number their files as they like */
    const char *text = fld_has(&fields, "version") ? fld_text(&fields, "version") : "";
    int number = 0;
    bool digits = text[0] != '\0' && text[strspn(text, "0123456789")] == '\0';
    if (digits && (!rec_whole_number(text, strlen(text), &number) || number > schema->version)) {
        /* its other keys are that version's own, not mistakes */
        errors_add(errors, "%s: it's version %s, and this game reads versions up to %d", schema->file, text,
                   schema->version);
        return SCHEMA_VERSION_LATER;
    }
    number = fld_number_in(&fields, "version", schema->oldest, schema->version);
    if (!fld_finish(&fields)) return SCHEMA_VERSION_BAD;
    *version = number;
    return SCHEMA_VERSION_OK;
}

/* ---- Every field, for the tests ---------------------------------------- */

int schema_field_total(const Schema *schema)
{
    int total = 0;
    for (int i = 0; i < schema->record_count; ++i) total += schema->records[i]->field_count;
    return total;
}

SchemaFieldName schema_field_name(const Schema *schema, int i)
{
    INVARIANT(i >= 0 && i < schema_field_total(schema));
    int r = 0;
    while (i >= schema->records[r]->field_count) i -= schema->records[r++]->field_count;
    const SchemaRecord *record = schema->records[r];
    return (SchemaFieldName){record->type, &record->fields[i], record->unhashed};
}
