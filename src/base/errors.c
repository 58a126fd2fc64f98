#include "errors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char out_of_memory[] = "(out of memory: a mistake's text was lost)";

static void push(Errors *errors, char *line)
{
    if (errors->count == errors->capacity) {
        int capacity = errors->capacity ? errors->capacity * 2 : 16;
        char **lines = realloc(errors->lines, (size_t)capacity * sizeof *lines);
        if (lines == NULL) {
            if (line != out_of_memory) free(line);
            return;
        }
        errors->lines = lines;
        errors->capacity = capacity;
    }
    errors->lines[errors->count++] = line;
}

void errors_addv(Errors *errors, const char *format, va_list args)
{
    va_list copy;
    va_copy(copy, args);
    int length = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    char *line = length < 0 ? NULL : malloc((size_t)length + 1);
    if (line == NULL) {
        push(errors, out_of_memory);
        return;
    }
    vsnprintf(line, (size_t)length + 1, format, args);
    push(errors, line);
}

void errors_add(Errors *errors, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    errors_addv(errors, format, args);
    va_end(args);
}

void errors_append(Errors *dst, Errors *src)
{
    for (int i = 0; i < src->count; ++i) {
        push(dst, src->lines[i]);
    }
    free(src->lines);
    src->lines = NULL;
    src->count = src->capacity = 0;
}

void errors_clear(Errors *errors)
{
    for (int i = 0; i < errors->count; ++i) {
        if (errors->lines[i] != out_of_memory) free(errors->lines[i]);
    }
    free(errors->lines);
    errors->lines = NULL;
    errors->count = errors->capacity = 0;
}

void errors_print(const Errors *errors, FILE *out, int max)
{
    int shown = max < 0 || errors->count < max ? errors->count : max;
    for (int i = 0; i < shown; ++i) fprintf(out, "%s\n", errors->lines[i]);
    if (errors->count > shown) fprintf(out, "and %d more\n", errors->count - shown);
}
