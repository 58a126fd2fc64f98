/* A list of mistakes, each one line of text such as
 * "monsters.txt:12: 'hp' should be a whole number". */
#ifndef AMULETS_ERRORS_H
#define AMULETS_ERRORS_H

#include <stdarg.h>
#include <stdio.h>

typedef struct Errors {
    char **lines;
    int count;
    int capacity;
} Errors;

/* Adds a mistake, formatted as printf does. Never fails: if memory runs
 * out, the mistake is counted but its text is a fixed one. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void errors_add(Errors *errors, const char *format, ...);
void errors_addv(Errors *errors, const char *format, va_list args);

/* Moves every mistake of src onto the end of dst, leaving src empty */
void errors_append(Errors *dst, Errors *src);

void errors_clear(Errors *errors);

/* Prints the first max mistakes a line each, and "and N more" for the
 * rest (max below 0: all of them) */
void errors_print(const Errors *errors, FILE *out, int max);

#endif
