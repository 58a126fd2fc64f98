/* What the data and record tests share: a list of mistakes as one text,
 * so a test can compare the whole list with what it expects. */
#ifndef AMULETS_MISTAKES_H
#define AMULETS_MISTAKES_H

#include <stdlib.h>
#include <string.h>

#include "errors.h"

/* Every mistake, one to a line, each ended with \n; the caller frees it */
static inline char *joined(const Errors *errors)
{
    size_t size = 1;
    for (int i = 0; i < errors->count; ++i) size += strlen(errors->lines[i]) + 1;
    char *text = malloc(size);
    if (text == NULL) abort();
    text[0] = '\0';
    for (int i = 0; i < errors->count; ++i) {
        strcat(text, errors->lines[i]);
        strcat(text, "\n");
    }
    return text;
}

#endif
