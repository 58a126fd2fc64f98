/* The record format shared by the data files and the save:
 *
 *   # a comment (a line whose first non-space character is #; a # anywhere
 *     else is text, since walls are drawn with it)
 *   [type]           starts a record
 *   key = value      spaces around key and value are trimmed
 *   map =            a value of rows: each following line that starts
 *   |row one         with | adds a row (what follows the |, leading
 *   |row two         spaces too; trailing spaces trimmed)
 *
 * rec_parse reads a whole text (any bytes at all: NULs, binary, huge
 * lines) and reports every line it can't make sense of as
 * "file:line: what's wrong", carrying on after each. The Fields reader
 * then takes a record's values one key at a time, checking each, and
 * finishes by reporting keys nobody asked for. */
#ifndef AMULETS_RECORDS_H
#define AMULETS_RECORDS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "color.h"
#include "errors.h"

/* The longest id a record can give, with its NUL */
enum { ID_SIZE = 32 };

typedef struct RecField {
    char *key;
    char *value;      /* rows are joined with '\n' */
    int line;         /* the key's line */
    int row_count;    /* rows given with |, 0 for a plain value */
    bool asked;       /* set when a reader asked for it */
} RecField;

typedef struct Record {
    char *type;
    int line;
    RecField *fields;
    int field_count;
} Record;

typedef struct RecFile {
    Record *records;
    int count;
} RecFile;

/* Reads text (len bytes) into out. file names it in the mistakes. Returns
 * true if there were no mistakes; out holds every record it could read
 * either way, and must be freed with rec_free. */
bool rec_parse(RecFile *out, const char *text, size_t len, const char *file,
               Errors *errors);
void rec_free(RecFile *file);

/* Reads one record's values, reporting each mistake with its line */
typedef struct Fields {
    const Record *record;
    const char *file;
    Errors *errors;
    int mistakes;     /* mistakes reported for this record */
} Fields;

void fld_init(Fields *fields, const Record *record, const char *file, Errors *errors);

/* True if the key is there (and notes it as asked for) */
bool fld_has(Fields *fields, const char *key);
/* The line of a key, or the record's own line if it isn't there */
int fld_line(const Fields *fields, const char *key);

/* Each reader reports a missing key or a bad value and then gives a safe
 * default ("" for text, least for numbers, and so on). */
const char *fld_text(Fields *fields, const char *key);
/* Text of at most size - 1 bytes, copied into out */
void fld_text_into(Fields *fields, const char *key, char *out, size_t size);
int fld_number(Fields *fields, const char *key, int least);
/* A whole number 0 to 2^64 - 1, for what outgrows the records' own
 * numbers (a seed): "'seed' should be a whole number", and 0 */
uint64_t fld_u64(Fields *fields, const char *key);
/* A whole number from least to most ("'sight' should be at most 64") */
int fld_number_in(Fields *fields, const char *key, int least, int most);
/* Exactly n whole numbers, each at least least, into out. */
bool fld_numbers(Fields *fields, const char *key, int n, int least, int *out);
bool fld_numbers_in(Fields *fields, const char *key, int n, int least, int most, int *out);
Color fld_color(Fields *fields, const char *key);
char fld_glyph(Fields *fields, const char *key);
/* Lowercase letters, digits and _, at most ID_SIZE - 1 of them */
void fld_id(Fields *fields, const char *key, char out[ID_SIZE]);
/* yes or no; a missing key is no */
bool fld_yes_no(Fields *fields, const char *key);
/* The rows of a value given with |; NULL and 0 if there are none */
const char *fld_rows(Fields *fields, const char *key, int *row_count);

/* Reports a mistake on a line of this record's file */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void fld_report(Fields *fields, int line, const char *format, ...);

/* Reports every key nobody asked for. True if the record had no mistakes
 * at all. */
bool fld_finish(Fields *fields);

/* The biggest whole number a value may be; more is "too big". It's far
 * past anything the game can reach in play (a turn a second for sixty
 * years), and a data file's numbers have smaller ranges of their own */
enum { REC_NUMBER_MAX = 2000000000 };
/* After this many mistakes in one file the rest of it isn't read, so a
 * file of garbage gives a list that can be read, not millions of lines */
enum { REC_MAX_MISTAKES = 1000 };
/* Room for a piece of a file quoted in a message: at most 40 bytes of it,
 * and "..." when it was longer */
enum { REC_QUOTE_SIZE = 48 };

/* True if len bytes of text are a whole number, an optional - and digits
 * only, from -REC_NUMBER_MAX to REC_NUMBER_MAX; the number goes in out */
bool rec_whole_number(const char *text, size_t len, int *out);
/* text, cut short to quote it in a message; returns out */
const char *rec_quote(const char *text, char out[REC_QUOTE_SIZE]);

#endif
