/* A run's fingerprint: a quick hash of everything its save holds, taken
 * from the values themselves rather than from the save's text. Two runs
 * that would write the same save have the same fingerprint, and two that
 * wouldn't have different ones (but for a one-in-2^64 collision). It is
 * for checking runs against each other after every command, where
 * save_digest, which writes the whole save, would be too slow; the tests
 * check the two agree. */
#ifndef AMULETS_FINGERPRINT_H
#define AMULETS_FINGERPRINT_H

#include <stdint.h>

#include "run.h"

uint64_t fingerprint_run(const Run *run);

#endif
