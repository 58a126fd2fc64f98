/* Text built in memory, as a FILE: a recording's, the high scores' and a
 * morgue file's writers print into one, and take the whole text at the
 * end, or nothing if any write failed (out of memory). */
#ifndef AMULETS_TEXT_H
#define AMULETS_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct TextOut {
    FILE *out;      /* print here; NULL if it couldn't be opened */
    char *text;
    size_t size;
} TextOut;

/* Opens one: false (and out NULL) if there's no memory for it */
bool text_open(TextOut *t);

/* Closes it: the text, NUL-terminated, for the caller to free, and its
 * length in *length (when length isn't NULL); or NULL if any write or the
 * close failed, with nothing left to free */
char *text_close(TextOut *t, size_t *length);

/* A text kept inside a records file as a value of rows (records.h), each
 * of its lines a row between two bars ("||line|"), so leading and
 * trailing spaces and a line beginning with # or [ survive */
void text_put_barred(FILE *out, const char *key, const char *text, size_t length);

/* The text back from such rows (fld_rows' value): a new NUL-terminated
 * buffer for the caller to free and its length, or NULL with *bad_row
 * the first row (0 the first) that isn't between bars (-1: no memory) */
char *text_unbar(const char *rows, size_t *length, int *bad_row);

#endif
