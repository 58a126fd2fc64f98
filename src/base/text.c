#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <stdbool.h>

#include "text.h"

#include <stdlib.h>
#include <string.h>

bool text_open(TextOut *t)
{
    t->text = NULL;
    t->size = 0;
    t->out = open_memstream(&t->text, &t->size);
    return t->out != NULL;
}

char *text_close(TextOut *t, size_t *length)
{
    bool failed = ferror(t->out) != 0;
    if (fclose(t->out) != 0 || failed) {
        free(t->text);
        return NULL;
    }
    if (length != NULL) *length = t->size;
    return t->text;
}

void text_put_barred(FILE *out, const char *key, const char *text, size_t length)
{
    fprintf(out, "%s =\n", key);
    const char *p = text, *end = text + length;
    while (p < end) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = newline != NULL ? newline : end;
        fprintf(out, "||%.*s|\n", (int)(line_end - p), p);
        p = newline != NULL ? newline + 1 : end;
    }
}

char *text_unbar(const char *rows, size_t *length, int *bad_row)
{
    char *text = malloc(strlen(rows) + 2), *out = text;
    *bad_row = -1;
    if (text == NULL) return NULL;
    for (const char *p = rows; *p != '\0'; ++*bad_row) {
        size_t row = strcspn(p, "\n");
        if (row < 2 || p[0] != '|' || p[row - 1] != '|') {
            *bad_row += 1;
            free(text);
            return NULL;
        }
        memcpy(out, p + 1, row - 2);
        out += row - 2;
        *out++ = '\n';
        p += row;
        if (*p == '\n') ++p;
    }
    *out = '\0';
    *length = (size_t)(out - text);
    return text;
}
