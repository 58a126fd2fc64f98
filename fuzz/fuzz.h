/* What the fuzz targets share: the shipped data files, read once. */
#ifndef AMULETS_FUZZ_H
#define AMULETS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The text of a shipped data file (monsters.txt, items.txt, vaults.txt) */
const char *fuzz_shipped(const char *name, size_t *length);

/* The shipped data, loaded once (aborts if it has mistakes) */
const GameData *fuzz_shipped_data(void);

#endif
