/* What every store shares: names, setting aside, marks, numbers (store.h) */
#include "store.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "records.h"

bool store_name_ok(const char *name)
{
    size_t length = strlen(name);
    if (length == 0 || length >= STORE_NAME_SIZE || name[0] == '/' || name[length - 1] == '/') {
        return false;
    }
    const char *slash = strchr(name, '/');
    if (slash != NULL && strchr(slash + 1, '/') != NULL) return false;
    /* no part may be "." or "..", the folder or the one above */
    const char *part = name;
    for (;;) {
        size_t n = strcspn(part, "/");
        if (n == 0 || (n == 1 && part[0] == '.') || (n == 2 && part[0] == '.' && part[1] == '.')) {
            return false;
        }
        if (part[n] == '\0') return true;
        part += n + 1;
    }
}

/* ---- Setting aside ------------------------------------------------------- */

/* STEM.bad when i is 0, else STEM.i.bad; false if it won't fit */
static bool bad_name(const char *stem, int i, char out[STORE_NAME_SIZE])
{
    int n = i == 0 ? snprintf(out, STORE_NAME_SIZE, "%s.bad", stem)
                   : snprintf(out, STORE_NAME_SIZE, "%s.%d.bad", stem, i);
    return n > 0 && n < STORE_NAME_SIZE;
}

bool store_set_aside(Store store, const char *name, const char *stem, int kept, int *older)
{
    char from[STORE_NAME_SIZE], to[STORE_NAME_SIZE];
    if (older != NULL) *older = 0;
    if (!bad_name(stem, kept - 1, to)) return false;
    store.ops->remove(store.self, to);
    /* each moves a place older; if one that's there can't, nothing more
     * is renamed, so no damaged file is ever written over */
    for (int i = kept - 2; i >= 0; --i) {
        if (!bad_name(stem, i, from) || !bad_name(stem, i + 1, to)) return false;
        int failed = store.ops->rename(store.self, from, to);
        if (failed != 0 && failed != ENOENT) return false;
    }
    if (!bad_name(stem, 0, to) || store.ops->rename(store.self, name, to) != 0) return false;
    for (int i = 1; older != NULL && i < kept; ++i) {
        if (bad_name(stem, i, to) && store.ops->exists(store.self, to)) ++*older;
    }
    return true;
}

/* ---- Marks ------------------------------------------------------------------ */

static const char MARK_START[] = "# whole: ";
static const char MARK_HEAD[] = STORE_MARK_HEAD;
/* "# whole: " then at most 20 digits, " bytes, ", 16 hex digits, "\n" */
enum { MARK_SIZE = STORE_MARK_SIZE };

int store_mark(const char *text, size_t length, char out[STORE_MARK_SIZE])
{
    return snprintf(out, MARK_SIZE, "%s%zu bytes, %016" PRIx64 "\n", MARK_START, length,
                    hash_bytes(HASH_START, text, length));
}

bool store_write_marked(Store store, const char *name, const char *text, size_t length,
                        char *error, size_t error_size)
{
    char mark[MARK_SIZE];
    int n = store_mark(text, length, mark);
    size_t head = sizeof MARK_HEAD - 1;
    char *whole = malloc(head + length + (size_t)n);
    if (whole == NULL) {
        snprintf(error, error_size, "there's not enough memory to write it");
        return false;
    }
    memcpy(whole, MARK_HEAD, head);
    memcpy(whole + head, text, length);
    memcpy(whole + head + length, mark, (size_t)n);
    bool written = store.ops->write(store.self, name, whole, head + length + (size_t)n, error, error_size);
    free(whole);
    return written;
}

/* Where the last line begins, if it's a mark; else length */
static size_t mark_start(const char *text, size_t length)
{
    /* the mark is the last line, and the file ends with its newline */
    size_t start = length > 0 && text[length - 1] == '\n' ? length - 1 : length;
    while (start > 0 && text[start - 1] != '\n') --start;
    if (length == 0 || text[length - 1] != '\n' || length - start >= MARK_SIZE ||
        strncmp(text + start, MARK_START, sizeof MARK_START - 1) != 0) {
        return length;
    }
    return start;
}

static bool has_head(const char *text, size_t length)
{
    return length >= sizeof MARK_HEAD - 1 && memcmp(text, MARK_HEAD, sizeof MARK_HEAD - 1) == 0;
}

bool store_has_mark(const char *text, size_t length)
{
    return has_head(text, length) || mark_start(text, length) < length;
}

StoreMarked store_unmark(char *text, size_t *length, char *error, size_t error_size)
{
    bool head = has_head(text, *length);
    if (head) {
        size_t skip = sizeof MARK_HEAD - 1;
        memmove(text, text + skip, *length - skip);
        *length -= skip;
        text[*length] = '\0';
    }
    size_t end = *length, start = mark_start(text, end);
    if (start == end && !head) {
        snprintf(error, error_size, "it was written before the game marked its files");
        return STORE_MARK_NONE;
    }
    if (start == end) {
        snprintf(error, error_size, "it doesn't end as the game ends it (it was cut short?)");
        return STORE_MARK_MISSING;
    }
    char mark[MARK_SIZE];
    int n = store_mark(text, start, mark);
    if ((size_t)n != end - start || memcmp(mark, text + start, (size_t)n) != 0) {
        snprintf(error, error_size, "its last line doesn't fit what comes before it");
        return STORE_MARK_WRONG;
    }
    text[start] = '\0';
    *length = start;
    return STORE_MARK_OK;
}

int store_version_of(const char *text, size_t length, const char *type)
{
    RecFile file;
    Errors ignored = {0};   /* the file's reader tells of its mistakes */
    rec_parse(&file, text, length, "", &ignored);
    errors_clear(&ignored);
    int version = 0;
    const Record *first = file.count > 0 ? &file.records[0] : NULL;
    for (int i = 0; first != NULL && strcmp(first->type, type) == 0 && i < first->field_count; ++i) {
        const RecField *field = &first->fields[i];
        if (strcmp(field->key, "version") != 0) continue;
        if (!rec_whole_number(field->value, strlen(field->value), &version) || version < 0) version = 0;
        break;
    }
    rec_free(&file);
    return version;
}

/* ---- Numbers ------------------------------------------------------------- */

int64_t store_number(const char *name)
{
    int64_t number = 0;
    int digits = 0;
    for (; name[digits] >= '0' && name[digits] <= '9'; ++digits) {
        if (digits == STORE_NUMBER_DIGITS) return -1;
        number = number * 10 + (name[digits] - '0');
    }
    if (digits == 0 || strncmp(name + digits, "-seed-", 6) != 0) return -1;
    return number;
}

static bool note_largest(void *context, const char *name)
{
    int64_t *largest = context, number = store_number(name);
    if (number > *largest) *largest = number;
    return true;
}

int64_t store_next_number(Store store, const char *folder)
{
    int64_t largest = 0;
    char error[STORE_ERROR_SIZE];
    /* a folder that can't be read may hold any number: none is given,
     * rather than one that may be taken. Past the last number a name may
     * have, the next would be no one's, and be written over the time after */
    if (!store.ops->list(store.self, folder, note_largest, &largest, error, sizeof error)) return -1;
    return largest >= STORE_NUMBER_LAST ? -1 : largest + 1;
}
