/* The record format: see records.h. Decisions the header leaves open:
 *
 * - A line is a comment when its first character, after any spaces, is
 *   '#'; a row when it is '|'. A '#' anywhere else is text.
 * - A NUL, a control character other than a tab, or a byte that isn't
 *   part of valid UTF-8 is reported, once for its line ("there's a byte
 *   that isn't text, at column 7"), and the line is then read with a ? in
 *   place of each such byte, so the rest of its record is still checked.
 *   A UTF-8 byte order mark at the very start is skipped.
 * - Rows carry on a key whose value on its own line is empty ("map ="),
 *   so rows always begin on the line after their key. A blank line or a
 *   comment between rows is reported, once, and the rows after it still
 *   carry on the same key, so a vault's map keeps its shape.
 * - A line that is none of the kinds is reported and left out, and so are
 *   the rows straight after it, quietly, as part of it. A key given twice
 *   is reported, and the first value stands. The record itself is kept,
 *   so every other mistake in it is found too.
 * - A missing key is "[monster] needs 'name'", at the record's [type] line.
 * - Quoted pieces of the file are cut to 40 bytes and "...", so a line of
 *   10 MB never makes a message of 10 MB. */
#include "records.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "invariant.h"

enum {
    QUOTE_BYTES = 40,
    MESSAGE_SIZE = 256,
    MAX_FIELDS = 256   /* far more than any record needs; keeps a garbage
                          file's duplicate checks from growing quadratic */
};

typedef struct Span { const char *start; size_t len; } Span;

typedef enum NumberRead { NUMBER_OK, NOT_A_NUMBER, NUMBER_TOO_BIG, NUMBER_TOO_SMALL } NumberRead;

/* ---- Bits of text ---- */

static bool is_blank_char(char c)
{
    return c == ' ' || c == '\t';
}

static bool is_id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_id(Span text)
{
    for (size_t i = 0; i < text.len; ++i) {
        if (!is_id_char(text.start[i])) return false;
    }
    return text.len > 0;
}

static Span trim(Span text)
{
    while (text.len > 0 && is_blank_char(text.start[0])) {
        ++text.start;
        --text.len;
    }
    while (text.len > 0 && is_blank_char(text.start[text.len - 1])) --text.len;
    return text;
}

static Span trim_end(Span text)
{
    while (text.len > 0 && is_blank_char(text.start[text.len - 1])) --text.len;
    return text;
}

static Span span_of(const char *text)
{
    return (Span){text, strlen(text)};
}

static bool span_is(Span text, const char *word)
{
    return strlen(word) == text.len && memcmp(text.start, word, text.len) == 0;
}

static char *copy_span(Span text)
{
    char *copy = malloc(text.len + 1);
    if (copy != NULL) {
        memcpy(copy, text.start, text.len);
        copy[text.len] = '\0';
    }
    return copy;
}

static const char *quote_span(Span text, char out[REC_QUOTE_SIZE])
{
    size_t len = text.len;
    bool cut = len > QUOTE_BYTES;
    if (cut) {
        len = QUOTE_BYTES;
        /* never split a UTF-8 character: back up over continuation bytes */
        while (len > 0 && ((unsigned char)text.start[len] & 0xC0) == 0x80) --len;
    }
    memcpy(out, text.start, len);
    strcpy(out + len, cut ? "..." : "");
    return out;
}

const char *rec_quote(const char *text, char out[REC_QUOTE_SIZE])
{
    /* look no further than needed: the text may be megabytes long */
    size_t len = 0;
    while (len <= QUOTE_BYTES && text[len] != '\0') ++len;
    return quote_span((Span){text, len}, out);
}

static NumberRead read_number(Span text, int *out)
{
    size_t i = text.len > 0 && text.start[0] == '-' ? 1 : 0;
    if (i == text.len) return NOT_A_NUMBER;
    long long value = 0;
    bool big = false;
    for (; i < text.len; ++i) {
        char c = text.start[i];
        if (c < '0' || c > '9') return NOT_A_NUMBER;
        if (!big) {
            value = value * 10 + (c - '0');
            big = value > REC_NUMBER_MAX;
        }
    }
    bool negative = text.start[0] == '-';
    if (big) return negative ? NUMBER_TOO_SMALL : NUMBER_TOO_BIG;
    *out = (int)(negative ? -value : value);
    return NUMBER_OK;
}

bool rec_whole_number(const char *text, size_t len, int *out)
{
    return read_number((Span){text, len}, out) == NUMBER_OK;
}

/* The length of the UTF-8 character starting at p, with n bytes left, or
 * 0 if the bytes there aren't one (overlong forms and surrogates aren't) */
static size_t utf8_length(const unsigned char *p, size_t n)
{
    size_t len = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : 2;
    if (p[0] < 0xC2 || p[0] > 0xF4 || n < len) return 0;
    for (size_t i = 1; i < len; ++i) {
        if ((p[i] & 0xC0) != 0x80) return 0;
    }
    bool bad = (p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) ||
               (p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F);
    return bad ? 0 : len;
}

/* The column (from 1) of the line's first byte that isn't text, or 0 */
static size_t first_bad_byte(Span line)
{
    const unsigned char *p = (const unsigned char *)line.start;
    size_t i = 0;
    while (i < line.len) {
        if (p[i] == '\t' || (p[i] >= 0x20 && p[i] < 0x7F)) {
            ++i;
            continue;
        }
        size_t len = p[i] >= 0x80 ? utf8_length(p + i, line.len - i) : 0;
        if (len == 0) return i + 1;
        i += len;
    }
    return 0;
}

/* ---- Messages ---- */

static void add_message(Errors *errors, const char *file, int line,
                        const char *format, va_list args)
{
    char text[MESSAGE_SIZE];
    vsnprintf(text, sizeof text, format, args);
    errors_add(errors, "%s:%d: %s", file, line, text);
}

/* ---- Reading a text ---- */

typedef struct Parser {
    RecFile *out;
    int record_capacity;
    int field_capacity;    /* of the record being read */
    const char *file;
    Errors *errors;
    int mistakes;
    int line;
    bool in_record;        /* a good [type] line has started a record */
    bool skipping;         /* keys are dropped until the next [type] line */
    bool told_too_many_keys;
    bool line_told;        /* this line's mistake is reported already */
    int row_owner;         /* the field rows carry on, or -1 */
    size_t row_length, row_capacity;   /* of the row owner's value */
    int last_line;         /* the line of the last key or row */
    bool drop_rows;        /* the rows carrying on now belong to a broken line */
    bool stopped;          /* out of memory, or too many mistakes */
} Parser;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void parser_report(Parser *p, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    add_message(p->errors, p->file, p->line, format, args);
    va_end(args);
    ++p->mistakes;
}

static void parser_out_of_memory(Parser *p)
{
    errors_add(p->errors, "%s: out of memory", p->file);
    ++p->mistakes;
    p->stopped = true;
}

static Record *current_record(Parser *p)
{
    return &p->out->records[p->out->count - 1];
}

static void free_record(Record *record)
{
    for (int i = 0; i < record->field_count; ++i) {
        free(record->fields[i].key);
        free(record->fields[i].value);
    }
    free(record->fields);
    free(record->type);
}

/* The rows straight after this line belong to a line that wasn't taken,
 * and go with it */
static void drop_following_rows(Parser *p)
{
    p->row_owner = -1;
    p->drop_rows = true;
    p->last_line = p->line;
}

/* A line that can't be read: reported (unless its bytes were), and any
 * rows straight after it are taken as its own */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void broken_line(Parser *p, const char *format, ...)
{
    if (!p->line_told) {
        va_list args;
        va_start(args, format);
        add_message(p->errors, p->file, p->line, format, args);
        va_end(args);
        ++p->mistakes;
    }
    drop_following_rows(p);
}

static void read_type(Parser *p, Span type)
{
    p->in_record = false;
    if (!is_id(type)) {
        /* its keys and rows are dropped quietly, as all part of the one mistake */
        char quoted[REC_QUOTE_SIZE];
        broken_line(p, "'%s' isn't a record type: use lowercase letters, digits and _",
                    quote_span(type, quoted));
        p->skipping = true;
        return;
    }
    p->row_owner = -1;
    p->last_line = p->line;
    p->drop_rows = false;
    RecFile *out = p->out;
    if (out->count == p->record_capacity) {
        int capacity = p->record_capacity ? p->record_capacity * 2 : 16;
        Record *records = realloc(out->records, (size_t)capacity * sizeof *records);
        if (records == NULL) {
            parser_out_of_memory(p);
            return;
        }
        out->records = records;
        p->record_capacity = capacity;
    }
    Record *record = &out->records[out->count];
    *record = (Record){copy_span(type), p->line, NULL, 0};
    if (record->type == NULL) {
        parser_out_of_memory(p);
        return;
    }
    ++out->count;
    p->field_capacity = 0;
    p->in_record = true;
    p->skipping = false;
    p->told_too_many_keys = false;
}

static int field_index(const Record *record, Span key)
{
    for (int i = 0; i < record->field_count; ++i) {
        if (span_is(key, record->fields[i].key)) return i;
    }
    return -1;
}

static bool add_field(Parser *p, Record *record, Span key, Span value)
{
    if (record->field_count == p->field_capacity) {
        int capacity = p->field_capacity ? p->field_capacity * 2 : 8;
        RecField *fields = realloc(record->fields, (size_t)capacity * sizeof *fields);
        if (fields == NULL) return false;
        record->fields = fields;
        p->field_capacity = capacity;
    }
    RecField field = {copy_span(key), copy_span(value), p->line, 0, false};
    if (field.key == NULL || field.value == NULL) {
        free(field.key);
        free(field.value);
        return false;
    }
    record->fields[record->field_count++] = field;
    return true;
}

static void read_key(Parser *p, Span line, const char *equals)
{
    Span key = trim((Span){line.start, (size_t)(equals - line.start)});
    Span value = trim((Span){equals + 1, (size_t)(line.start + line.len - (equals + 1))});
    char quoted[REC_QUOTE_SIZE];
    if (key.len == 0) {
        broken_line(p, "'%s' has no key before its =", quote_span(line, quoted));
        return;
    }
    if (p->skipping) {
        drop_following_rows(p);
        return;
    }
    if (!p->in_record) {
        broken_line(p, "'%s' comes before the first [record] line", quote_span(key, quoted));
        p->skipping = true;
        return;
    }
    Record *record = current_record(p);
    if (field_index(record, key) >= 0) {
        /* the first value stands; nothing of this line is used */
        broken_line(p, "'%s' is given twice", quote_span(key, quoted));
        return;
    }
    if (record->field_count == MAX_FIELDS) {
        if (p->told_too_many_keys) {
            drop_following_rows(p);
            return;
        }
        broken_line(p, "a record can't have more than %d keys", MAX_FIELDS);
        p->told_too_many_keys = true;
        return;
    }
    if (!add_field(p, record, key, value)) {
        parser_out_of_memory(p);
        return;
    }
    p->row_owner = record->field_count - 1;
    p->row_length = value.len;
    p->row_capacity = value.len + 1;
    p->drop_rows = false;
    p->last_line = p->line;
}

static bool append_row(Parser *p, RecField *field, Span row)
{
    size_t joiner = field->row_count > 0 ? 1 : 0;
    size_t needed = p->row_length + joiner + row.len + 1;
    if (needed > p->row_capacity) {
        size_t capacity = p->row_capacity * 2 > needed ? p->row_capacity * 2 : needed;
        char *value = realloc(field->value, capacity);
        if (value == NULL) return false;
        field->value = value;
        p->row_capacity = capacity;
    }
    if (joiner) field->value[p->row_length++] = '\n';
    memcpy(field->value + p->row_length, row.start, row.len);
    p->row_length += row.len;
    field->value[p->row_length] = '\0';
    ++field->row_count;
    return true;
}

static void read_row(Parser *p, Span row)
{
    bool follows = p->last_line == p->line - 1;
    if (follows && p->drop_rows) {
        p->last_line = p->line;
        return;
    }
    if (p->row_owner < 0) {
        broken_line(p, "a | row follows its key, or another row");
        return;
    }
    RecField *field = &current_record(p)->fields[p->row_owner];
    if (field->row_count == 0 && field->value[0] != '\0') {
        char quoted[REC_QUOTE_SIZE];
        broken_line(p, "'%s' has a value after its =, so it can't take | rows",
                    quote_span(span_of(field->key), quoted));
        return;
    }
    if (!follows && !p->line_told) {
        /* a gap: the rows still carry on their key, so a map keeps its shape */
        parser_report(p, "a | row follows its key, or another row");
    }
    if (!append_row(p, field, row)) {
        parser_out_of_memory(p);
        return;
    }
    p->last_line = p->line;
}

/* A copy of the line with ? in place of each byte that isn't text */
static char *text_only_copy(Span line)
{
    char *copy = copy_span(line);
    const unsigned char *p = (const unsigned char *)line.start;
    size_t i = 0;
    while (copy != NULL && i < line.len) {
        size_t len = p[i] == '\t' || (p[i] >= 0x20 && p[i] < 0x7F) ? 1
                   : p[i] >= 0x80 ? utf8_length(p + i, line.len - i) : 0;
        if (len == 0) {
            copy[i] = '?';
            len = 1;
        }
        i += len;
    }
    return copy;
}

static void read_text_line(Parser *p, Span line)
{
    Span body = trim(line);
    if (body.len == 0 || body.start[0] == '#') return;
    if (body.start[0] == '|') {
        read_row(p, trim_end((Span){body.start + 1, body.len - 1}));
        return;
    }
    if (body.len >= 2 && body.start[0] == '[' && body.start[body.len - 1] == ']') {
        read_type(p, (Span){body.start + 1, body.len - 2});
        return;
    }
    const char *equals = memchr(body.start, '=', body.len);
    if (equals != NULL) {
        read_key(p, body, equals);
        return;
    }
    char quoted[REC_QUOTE_SIZE];
    broken_line(p, "'%s' isn't a [record] line, a key = value, a | row or a # comment",
                quote_span(body, quoted));
}

static void read_line(Parser *p, Span line)
{
    size_t bad = first_bad_byte(line);
    if (bad == 0) {
        read_text_line(p, line);
        return;
    }
    parser_report(p, "there's a byte that isn't text, at column %zu", bad);
    char *text = text_only_copy(line);
    if (text == NULL) {
        parser_out_of_memory(p);
        return;
    }
    p->line_told = true;
    read_text_line(p, (Span){text, line.len});
    p->line_told = false;
    free(text);
}

bool rec_parse(RecFile *out, const char *text, size_t len, const char *file,
               Errors *errors)
{
    *out = (RecFile){NULL, 0};
    Parser p = {.out = out, .file = file, .errors = errors, .row_owner = -1};
    if (text == NULL) len = 0;
    size_t at = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    /* a line count past INT_MAX would need gigabytes of newlines; stop there */
    while (at < len && !p.stopped && p.line < INT_MAX) {
        const char *start = text + at;
        const char *newline = memchr(start, '\n', len - at);
        size_t line_len = newline ? (size_t)(newline - start) : len - at;
        at += line_len + 1;
        if (line_len > 0 && start[line_len - 1] == '\r') --line_len;
        ++p.line;
        read_line(&p, (Span){start, line_len});
        if (p.mistakes >= REC_MAX_MISTAKES && !p.stopped) {
            parser_report(&p, "too many mistakes: the rest of the file isn't read");
            p.stopped = true;
        }
    }
    return p.mistakes == 0;
}

void rec_free(RecFile *file)
{
    for (int i = 0; i < file->count; ++i) free_record(&file->records[i]);
    free(file->records);
    *file = (RecFile){NULL, 0};
}

/* ---- Reading a record's values ---- */

void fld_init(Fields *fields, const Record *record, const char *file, Errors *errors)
{
    *fields = (Fields){record, file, errors, 0};
}

void fld_report(Fields *fields, int line, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    add_message(fields->errors, fields->file, line, format, args);
    va_end(args);
    ++fields->mistakes;
}

static RecField *find_field(const Fields *fields, const char *key)
{
    int i = field_index(fields->record, span_of(key));
    return i < 0 ? NULL : &fields->record->fields[i];
}

/* The key's field, noted as asked for; NULL if it isn't there */
static RecField *ask(Fields *fields, const char *key)
{
    RecField *field = find_field(fields, key);
    if (field != NULL) field->asked = true;
    return field;
}

bool fld_has(Fields *fields, const char *key)
{
    return ask(fields, key) != NULL;
}

int fld_line(const Fields *fields, const char *key)
{
    const RecField *field = find_field(fields, key);
    return field != NULL ? field->line : fields->record->line;
}

static void report_missing(Fields *fields, const char *key)
{
    char quoted[REC_QUOTE_SIZE];
    fld_report(fields, fields->record->line, "[%s] needs '%s'",
               rec_quote(fields->record->type, quoted), key);
}

/* The value of a key given on its own line, or NULL after reporting why
 * there isn't one */
static const char *line_value(Fields *fields, const char *key)
{
    const RecField *field = ask(fields, key);
    if (field == NULL) {
        report_missing(fields, key);
        return NULL;
    }
    if (field->row_count > 0) {
        fld_report(fields, field->line, "'%s' should be on one line, not in | rows", key);
        return NULL;
    }
    return field->value;
}

const char *fld_text(Fields *fields, const char *key)
{
    const char *value = line_value(fields, key);
    if (value == NULL) return "";
    if (value[0] == '\0') {
        fld_report(fields, fld_line(fields, key), "'%s' is empty", key);
    }
    return value;
}

void fld_text_into(Fields *fields, const char *key, char *out, size_t size)
{
    INVARIANT(size > 0);
    if (size == 0) return;
    const char *text = fld_text(fields, key);
    out[0] = '\0';
    if (strlen(text) > size - 1) {
        fld_report(fields, fld_line(fields, key), "'%s' is longer than %zu characters",
                   key, size - 1);
        return;
    }
    strcpy(out, text);
}

static void report_number(Fields *fields, const char *key, NumberRead read, int least, int most)
{
    int line = fld_line(fields, key);
    if (read == NOT_A_NUMBER) {
        fld_report(fields, line, "'%s' should be a whole number", key);
    } else if (read == NUMBER_TOO_BIG && most < REC_NUMBER_MAX) {
        fld_report(fields, line, "'%s' should be at most %d", key, most);
    } else if (read == NUMBER_TOO_BIG) {
        fld_report(fields, line, "'%s' is too big", key);
    } else {
        fld_report(fields, line, "'%s' should be at least %d", key, least);
    }
}

/* One number against its bounds */
static NumberRead bounded(NumberRead read, int number, int least, int most)
{
    if (read != NUMBER_OK) return read;
    if (number < least) return NUMBER_TOO_SMALL;
    if (number > most) return NUMBER_TOO_BIG;
    return NUMBER_OK;
}

int fld_number_in(Fields *fields, const char *key, int least, int most)
{
    const char *value = line_value(fields, key);
    if (value == NULL) return least;
    int number = least;
    NumberRead read = read_number(span_of(value), &number);
    read = bounded(read, number, least, most);
    if (read != NUMBER_OK) {
        report_number(fields, key, read, least, most);
        return least;
    }
    return number;
}

uint64_t fld_u64(Fields *fields, const char *key)
{
    const char *text = fld_text(fields, key);
    uint64_t value = 0;
    bool good = text[0] != '\0' && strlen(text) <= 20;
    for (const char *p = text; good && *p; ++p) {
        uint64_t digit = (uint64_t)(*p - '0');
        good = *p >= '0' && *p <= '9' && value <= (UINT64_MAX - digit) / 10;
        value = value * 10 + digit;
    }
    if (!good && text[0] != '\0') {
        fld_report(fields, fld_line(fields, key), "'%s' should be a whole number", key);
    }
    return good ? value : 0;
}

int fld_number(Fields *fields, const char *key, int least)
{
    return fld_number_in(fields, key, least, REC_NUMBER_MAX);
}

/* Reads up to n whole numbers separated by spaces into out. Returns how
 * far it got: NOT_A_NUMBER also for too few or too many, else the worst
 * of the numbers against their bounds. */
static NumberRead split_numbers(const char *value, int n, int least, int most, int *out)
{
    Span rest = trim(span_of(value));
    NumberRead worst = NUMBER_OK;
    for (int i = 0; i < n; ++i) {
        if (rest.len == 0) return NOT_A_NUMBER;
        size_t len = 0;
        while (len < rest.len && !is_blank_char(rest.start[len])) ++len;
        NumberRead read = read_number((Span){rest.start, len}, &out[i]);
        read = bounded(read, out[i], least, most);
        if (read == NOT_A_NUMBER) return NOT_A_NUMBER;
        if (worst == NUMBER_OK) worst = read;
        rest = trim((Span){rest.start + len, rest.len - len});
    }
    return rest.len > 0 ? NOT_A_NUMBER : worst;
}

bool fld_numbers_in(Fields *fields, const char *key, int n, int least, int most, int *out)
{
    INVARIANT(n >= 1 && out != NULL);
    const char *value = line_value(fields, key);
    NumberRead read = value != NULL ? split_numbers(value, n, least, most, out) : NOT_A_NUMBER;
    if (read == NUMBER_OK) return true;
    for (int i = 0; i < n; ++i) out[i] = least;
    if (value == NULL) return false;
    if (read == NOT_A_NUMBER) {
        fld_report(fields, fld_line(fields, key), "'%s' should be %d whole number%s",
                   key, n, n == 1 ? "" : "s");
    } else {
        report_number(fields, key, read, least, most);
    }
    return false;
}

bool fld_numbers(Fields *fields, const char *key, int n, int least, int *out)
{
    return fld_numbers_in(fields, key, n, least, REC_NUMBER_MAX, out);
}

Color fld_color(Fields *fields, const char *key)
{
    Color white = {255, 255, 255, 255};
    const char *value = line_value(fields, key);
    if (value == NULL) return white;
    int rgb[3];
    bool good = split_numbers(value, 3, 0, 255, rgb) == NUMBER_OK;
    if (!good) {
        fld_report(fields, fld_line(fields, key),
                   "'%s' should be 3 whole numbers from 0 to 255: red, green and blue", key);
        return white;
    }
    return (Color){(uint8_t)rgb[0], (uint8_t)rgb[1], (uint8_t)rgb[2], 255};
}

char fld_glyph(Fields *fields, const char *key)
{
    const char *value = line_value(fields, key);
    if (value == NULL) return '?';
    bool good = value[0] > ' ' && value[0] < 0x7F && value[1] == '\0';
    if (!good) {
        fld_report(fields, fld_line(fields, key),
                   "'%s' should be one printable ASCII character", key);
        return '?';
    }
    return value[0];
}

void fld_id(Fields *fields, const char *key, char out[ID_SIZE])
{
    out[0] = '\0';
    const char *value = line_value(fields, key);
    if (value == NULL) return;
    Span id = span_of(value);
    if (!is_id(id)) {
        fld_report(fields, fld_line(fields, key),
                   "'%s' should be lowercase letters, digits and _", key);
    } else if (id.len > ID_SIZE - 1) {
        fld_report(fields, fld_line(fields, key), "'%s' is longer than %d characters",
                   key, ID_SIZE - 1);
    } else {
        memcpy(out, value, id.len + 1);
    }
}

bool fld_yes_no(Fields *fields, const char *key)
{
    const RecField *field = find_field(fields, key);
    if (field == NULL) return false;
    const char *value = line_value(fields, key);
    if (value == NULL) return false;
    if (strcmp(value, "yes") == 0) return true;
    if (strcmp(value, "no") != 0) {
        fld_report(fields, field->line, "'%s' should be yes or no", key);
    }
    return false;
}

const char *fld_rows(Fields *fields, const char *key, int *row_count)
{
    *row_count = 0;
    const RecField *field = ask(fields, key);
    if (field == NULL) {
        report_missing(fields, key);
        return NULL;
    }
    if (field->row_count == 0) {
        fld_report(fields, field->line, "'%s' needs rows, each on a line starting with |", key);
        return NULL;
    }
    *row_count = field->row_count;
    return field->value;
}

bool fld_finish(Fields *fields)
{
    const Record *record = fields->record;
    for (int i = 0; i < record->field_count; ++i) {
        if (!record->fields[i].asked) {
            char quoted[REC_QUOTE_SIZE];
            fld_report(fields, record->fields[i].line, "unknown key '%s'",
                       rec_quote(record->fields[i].key, quoted));
        }
    }
    return fields->mistakes == 0;
}
