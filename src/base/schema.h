/* Records of typed fields, each field declared once with the version of
 * its file it arrived in, so that a file's writer, its reader (every value
 * checked, each mistake "file:line: what's wrong") and a fingerprint of
 * its values all walk one table, and a test can change every field of
 * real files in turn. No words of any game: a layer declares its records,
 * the struct each is written from and read into (its view), and any kind
 * of value of its own (a SchemaType).
 *
 * A record is a [type] line and its fields, each "key = value", or
 * "key =" and rows of "|..." (records.h). A field is written when its
 * presence says so; it is read from a file of a version that has it (it
 * arrived by then and hasn't gone), and a field a file's version doesn't
 * have, or one left out, is its none. Adding a field is one line in its
 * record's table with a new version of the file. */
#ifndef AMULETS_SCHEMA_H
#define AMULETS_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "errors.h"
#include "records.h"

/* ---- The text written, growing as it's written -------------------------- */

typedef struct SchemaOut {
    char *text;
    size_t length, capacity;
    bool failed;      /* out of memory: the text is lost */
} SchemaOut;

/* Room for length more bytes (and the NUL at the end); false, the text
 * lost, if there's no memory for it */
bool schema_out_room(SchemaOut *out, size_t length);
static inline void schema_out_bytes(SchemaOut *out, const char *bytes, size_t length)
{
    if (out->length + length >= out->capacity && !schema_out_room(out, length)) return;
    memcpy(out->text + out->length, bytes, length);
    out->length += length;
}
static inline void schema_out_text(SchemaOut *out, const char *text)
{
    schema_out_bytes(out, text, strlen(text));
}
void schema_out_int(SchemaOut *out, int value);
void schema_out_u64(SchemaOut *out, uint64_t value);
/* 16 lowercase hex digits */
void schema_out_hex(SchemaOut *out, uint64_t value);
/* A row of a value of rows: "|", the row, and a newline */
void schema_out_row(SchemaOut *out, const char *row, size_t length);
/* A text as rows, each of its lines between two bars (text.h's
 * text_put_barred): leading and trailing spaces and a line beginning with
 * # or [ survive */
void schema_out_barred(SchemaOut *out, const char *text, size_t length);
/* The text, NUL-terminated, for the caller to free, and its length; NULL
 * (with nothing left to free) if any write failed */
char *schema_out_take(SchemaOut *out, size_t *length);

/* ---- A fingerprint of values ----------------------------------------------- */

typedef struct SchemaHash { uint64_t h; } SchemaHash;

/* One 64-bit word mixed in (the multiply-xorshift of a good finaliser) */
void schema_mix(SchemaHash *hash, uint64_t word);
/* Bytes, eight at a time, and their count */
void schema_mix_bytes(SchemaHash *hash, const void *bytes, size_t size);

/* ---- Fields and records ---------------------------------------------------- */

typedef struct SchemaField SchemaField;

/* A kind of value: how it is kept in a view (at field->at), written, read
 * (each mistake reported through fields, with a safe value put in its
 * place) and hashed. context is what the layer hands the walk (its data,
 * to name things by id). Each may be NULL where an int serves: mix the
 * int, an int equal to field->none is none, set it to none. */
typedef struct SchemaType {
    bool rows;        /* written as "key =" and rows, which put writes */
    void (*put)(SchemaOut *out, const SchemaField *field, const void *view, const void *context);
    void (*get)(Fields *fields, const SchemaField *field, void *view, const void *context);
    void (*mix)(SchemaHash *hash, const SchemaField *field, const void *view);
    bool (*is_none)(const SchemaField *field, const void *view);
    void (*set_none)(const SchemaField *field, void *view);
} SchemaType;

/* When a field is in its record */
typedef enum SchemaPresence {
    SCHEMA_ALWAYS,    /* always written; missing is a mistake (a yes: no) */
    SCHEMA_UNLESS,    /* left out when its value is its none, read as none when missing */
    SCHEMA_FLAGGED,   /* there when the bool at flag is, which says so */
} SchemaPresence;

struct SchemaField {
    const char *key;
    int since;                    /* the version it came in */
    int until;                    /* the last version with it; 0 while it's written */
    const SchemaType *type;
    size_t at;                    /* the value's offset in the view */
    SchemaPresence presence;
    int none;                     /* SCHEMA_UNLESS, for an int or a yes */
    size_t flag;                  /* SCHEMA_FLAGGED: a bool's offset in the view */
    /* if set, the field is there only when this says so, by the fields
     * before it (read already) */
    bool (*when)(const void *view);
    int least, most;              /* an int's (most 0: no most); a text's most */
    const char *const *names;     /* SCHEMA_NAMES': an enum's names, by value */
    int name_count;
    const char *what;             /* words a type's messages use */
    bool listed;                  /* SCHEMA_NAMES: a wrong one is told the names */
    size_t size;                  /* SCHEMA_CHARS': the room for it */
    const void *table;            /* a type's own (SCHEMA_LOOKUP's SchemaLookup) */
    const char *comment;          /* a comment written before it ("# ..."), or NULL */
};

typedef struct SchemaRecord {
    const char *type;
    int since;                    /* the version it came in */
    const SchemaField *fields;
    int field_count;
    bool unhashed;                /* never in a digest or a fingerprint (a log) */
} SchemaRecord;

/* A file's records (or, for a layer's part of a file, that part's). A
 * file with a head ([save], [scores]) has it first: its "version" says
 * the file's version (schema_read_version) */
typedef struct Schema {
    const char *file;             /* what its mistakes call it: "save.txt" */
    int version;                  /* the version written now */
    int oldest;                   /* the oldest read */
    const SchemaRecord *const *records;
    int record_count;
} Schema;

#define SCHEMA_COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

/* ---- The kinds of value every layer has ------------------------------------ */

extern const SchemaType SCHEMA_INT;      /* int, least (to most, if not 0) */
extern const SchemaType SCHEMA_U64;      /* uint64_t, a whole number */
extern const SchemaType SCHEMA_HEX;      /* uint64_t, 16 hex digits; none: 0 */
extern const SchemaType SCHEMA_YES;      /* bool, yes or no (missing: no) */
extern const SchemaType SCHEMA_DICE;     /* Rng, as rng_to_text has it */
extern const SchemaType SCHEMA_POINT;    /* Point, "x y", each 0 or more */
extern const SchemaType SCHEMA_CELL;     /* Point on the map; none: 0 0 */
extern const SchemaType SCHEMA_COLOR;    /* Color, "r g b" */
extern const SchemaType SCHEMA_TEXT;     /* const char *, at most most bytes if most isn't 0 */
extern const SchemaType SCHEMA_CHARS;    /* char[size]; none: "" */
extern const SchemaType SCHEMA_ID;       /* char[ID_SIZE], records.h's id; none: "" */
extern const SchemaType SCHEMA_LETTER;   /* int n, the letter a + n up to a + most (-1 if unread) */
/* int, an enum by one of names (a NULL one is never written nor read):
 * "'key' can't be 'x'"; with what, "no WHAT is called 'x'"; listed,
 * "'key' should be a, b or c" (-1 if unread) */
extern const SchemaType SCHEMA_NAMES;
/* int, an index into what context holds, named by its id: the field's
 * table is a SchemaLookup */
extern const SchemaType SCHEMA_LOOKUP;

typedef struct SchemaLookup {
    const char *what;             /* "no WHAT is called 'x'" */
    int (*find)(const void *context, const char *name);    /* -1 if none */
    const char *(*name)(const void *context, int index);
    int unread;                   /* the value of one that couldn't be read */
    bool ids;                     /* names are ids (fld_id), not any text */
} SchemaLookup;

/* ---- Writing, reading, hashing ------------------------------------------- */

/* Whether a field is written from this view */
bool schema_written(const SchemaField *field, const void *view);

/* "[type]" and each field written, "key = value" */
void schema_put(SchemaOut *out, const SchemaRecord *record, const void *view, const void *context);

/* Reads the record's fields that a file of this version has into view,
 * each checked on its own, every mistake reported by fields (fld_finish
 * is the caller's). A mask of the record's fields (by their place in it)
 * that couldn't be read */
uint64_t schema_get(Fields *fields, const SchemaRecord *record, int version, void *view, const void *context);
/* A field's bit in schema_get's mask (0 if none) */
uint64_t schema_bit(const SchemaRecord *record, const char *key);

/* Mixes in tag and then every field, whether it's written and its value */
void schema_mix_record(SchemaHash *hash, uint64_t tag, const SchemaRecord *record, const void *view);

/* The record of a type a file of this version may have: its place in
 * the schema, or -1 */
int schema_record_of(const Schema *schema, const char *type, int version);

typedef enum SchemaVersionRead {
    SCHEMA_VERSION_OK,
    SCHEMA_VERSION_LATER,         /* a later game's file: not damaged */
    SCHEMA_VERSION_BAD,           /* no head, or a version that isn't one */
} SchemaVersionRead;

/* The file's head (its first record, of the schema's first type) and its
 * version, first: "FILE: starts" when there's none (starts: "a save
 * starts with [save]"), "FILE: it's version N, and this game reads
 * versions up to M" for a later one */
SchemaVersionRead schema_read_version(const Schema *schema, const RecFile *file, const char *starts,
                                      Errors *errors, int *version);

/* ---- For the test that changes every field of real files in turn ------- */

/* Every field of every record, in order: i from 0 to schema_field_total */
typedef struct SchemaFieldName {
    const char *record;
    const SchemaField *field;
    bool unhashed;
} SchemaFieldName;
int schema_field_total(const Schema *schema);
SchemaFieldName schema_field_name(const Schema *schema, int i);

#endif
