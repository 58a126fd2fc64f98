/* A save's text without the log at its end ([message] records, version
 * 4 on): what a round trip must keep byte for byte, since reading a save
 * back says "Welcome back" and so adds to the log. */
#ifndef AMULETS_SAVETEXT_H
#define AMULETS_SAVETEXT_H

#include <stdlib.h>
#include <string.h>

/* A copy to free; the whole text if there's no log */
static inline char *save_state_text(const char *text)
{
    const char *log = strstr(text, "\n[message]\n");
    size_t length = log != NULL ? (size_t)(log - text) : strlen(text);
    /* a text the log was cut from ends as one without it does: one newline */
    while (length > 1 && text[length - 1] == '\n' && text[length - 2] == '\n') --length;
    char *out = malloc(length + 1);
    if (out == NULL) exit(EXIT_FAILURE);
    memcpy(out, text, length);
    out[length] = '\0';
    return out;
}

/* True if two saves hold the same run, whatever was said */
static inline int same_state_text(const char *a, const char *b)
{
    char *x = save_state_text(a), *y = save_state_text(b);
    int same = strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

/* CHECK_STR of the two saves' runs, whatever was said (check.h's) */
#define CHECK_SAME_STATE(a, b)                                            \
    do {                                                                  \
        char *state_a_ = save_state_text(a), *state_b_ = save_state_text(b); \
        CHECK_STR(state_a_, state_b_);                                    \
        free(state_a_);                                                   \
        free(state_b_);                                                   \
    } while (0)

#endif
