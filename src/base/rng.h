/* The run's dice: xoshiro256**, seeded through splitmix64. One generator
 * belongs to each run; nothing else rolls. Its exact state can be written
 * as text and read back, so a saved run rolls on as it would have. */
#ifndef AMULETS_RNG_H
#define AMULETS_RNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Rng { uint64_t s[4]; } Rng;

/* Room for the state as text, the terminating NUL included */
enum { RNG_TEXT_SIZE = 4 * 16 + 3 + 1 };

void rng_seed(Rng *rng, uint64_t seed);
uint64_t rng_next(Rng *rng);

/* A whole number from lo to hi, both included, every one equally likely
 * (no modulo bias). lo must not be above hi. */
int rng_roll(Rng *rng, int lo, int hi);

/* Shuffles count items of size bytes each into a random order, every order
 * as likely (Fisher-Yates) */
void rng_shuffle(Rng *rng, void *items, int count, size_t size);

/* True one time in n */
bool rng_one_in(Rng *rng, int n);

/* The state as four 16-digit hex numbers with spaces between */
void rng_to_text(const Rng *rng, char out[RNG_TEXT_SIZE]);

/* Sets the state from rng_to_text's form. Leading and trailing spaces are
 * allowed; anything else wrong (too few or too many numbers, a bad digit,
 * the all-zero state xoshiro can't leave) changes nothing and returns
 * false. */
bool rng_from_text(Rng *rng, const char *text);

#endif
