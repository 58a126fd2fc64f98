#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <stdbool.h>

#include "text.h"

#include <stdlib.h>

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
