/* What the fuzz targets share: the shipped data files, read once. */
#ifndef AMULETS_FUZZ_H
#define AMULETS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "data.h"
#include "run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The text of a shipped data file (monsters.txt, items.txt, vaults.txt,
 * tiles.txt) */
const char *fuzz_shipped(const char *name, size_t *length);

/* The shipped data, loaded once (it must load) */
const GameData *fuzz_shipped_data(void);

/* Plays up to commands random commands on the run, chosen by dice seeded
 * from the input, then checks that it saves and reads back as itself
 * (aborting if not, for the fuzzer to report) */
void fuzz_play(Run *run, const uint8_t *input, size_t size, int commands);

#endif
