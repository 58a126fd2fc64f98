/* INVARIANT(cond): a check on what one module hands another (a slot, a
 * kind, a monster's index). On in the Debug, sanitizer and fuzz builds
 * (AMULETS_CHECKS), where a broken one stops the program with its file and
 * line, so a fuzzer reports silent corruption; compiled out elsewhere. */
#ifndef AMULETS_INVARIANT_H
#define AMULETS_INVARIANT_H

#ifdef AMULETS_CHECKS
#include <stdio.h>
#include <stdlib.h>
#define INVARIANT(cond)                                                        \
    ((cond) ? (void)0                                                          \
            : (fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__,      \
                       __LINE__, #cond),                                       \
               abort()))
#else
#define INVARIANT(cond) ((void)0)
#endif

#endif
