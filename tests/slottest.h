/* Save slots for the tests of the morgue, the high scores and hostile
 * files: a slot in a folder of the test's root, and a clock fixed at one
 * moment, for what a slot dates. Include files.h first. */
#ifndef AMULETS_TEST_SLOTTEST_H
#define AMULETS_TEST_SLOTTEST_H

#include "slot.h"

static const long long WHEN = 1796126400;   /* 2026-12-01 12:00 UTC */
static inline long long fixed_clock(void) { return WHEN; }

/* A slot in root/name; the test ends if it can't be made */
static inline void make_slot_in(Slot *slot, const char *root, const char *name)
{
    char dir[PATH_SIZE], error[SLOT_ERROR_SIZE];
    path_of(dir, "%s/%s", root, name);
    if (!slot_init(slot, dir, NULL, NULL, error, sizeof error)) {
        fprintf(stderr, "slot_init: %s\n", error);
        exit(EXIT_FAILURE);
    }
}

#endif
