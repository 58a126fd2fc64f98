/* A very small test harness. CHECK records a failure with its file and
 * line and carries on, so one run shows every failure; check_done()
 * prints the tally and gives main its exit status. A test that made no
 * checks at all fails: it tested nothing, whatever it meant to. */
#ifndef AMULETS_CHECK_H
#define AMULETS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond) check_at((cond) != 0, #cond, __FILE__, __LINE__)

#define CHECK_INT(actual, expected) do { \
        long long check_a_ = (long long)(actual), check_e_ = (long long)(expected); \
        if (!check_at(check_a_ == check_e_, #actual " == " #expected, __FILE__, __LINE__)) \
            fprintf(stderr, "    got %lld, expected %lld\n", check_a_, check_e_); \
    } while (0)

#define CHECK_STR(actual, expected) do { \
        const char *check_a_ = (actual), *check_e_ = (expected); \
        int check_ok_ = check_a_ && check_e_ && strcmp(check_a_, check_e_) == 0; \
        if (!check_at(check_ok_, #actual " == " #expected, __FILE__, __LINE__)) \
            fprintf(stderr, "    got      \"%s\"\n    expected \"%s\"\n", \
                    check_a_ ? check_a_ : "(null)", check_e_ ? check_e_ : "(null)"); \
    } while (0)

static inline int check_at(int ok, const char *what, const char *file, int line)
{
    ++check_count;
    if (!ok) {
        ++check_failures;
        if (check_failures <= 50) {
            fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
        }
    }
    return ok;
}

static inline int check_done(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    if (check_count == 0) {
        fprintf(stderr, "%s: no check was made, so nothing was tested\n", name);
        return EXIT_FAILURE;
    }
    return check_failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* Under the sanitizers everything is several times slower, so the long
 * loops run fewer rounds (never fewer than the issue asks for) */
static inline int check_sanitized(void)
{
    const char *value = getenv("AMULETS_SANITIZED");
    return value != NULL && value[0] == '1';
}

#endif
