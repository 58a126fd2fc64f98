/* Dice: xoshiro256**, seeded through splitmix64. A generator's exact
 * state can be written as text and read back, so a saved run rolls on as
 * it would have. One seed gives many independent streams
 * (rng_seed_stream), so what one roll decides never moves another: a
 * run's floors don't depend on the blows struck before them. */
#ifndef AMULETS_RNG_H
#define AMULETS_RNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Rng { uint64_t s[4]; } Rng;

/* Room for the state as text, the terminating NUL included */
enum { RNG_TEXT_SIZE = 4 * 16 + 3 + 1 };

void rng_seed(Rng *rng, uint64_t seed);

/* Seeds the stream of a purpose and an index (a floor's number, say) of
 * one seed. purpose is the caller's own constant, a different one for
 * each use of the seed. The derivation, which every build must give
 * alike (test_rng holds a few states it must make):
 *     key   = mix(seed ^ purpose)
 *     key   = mix(key + index * 0x9E3779B97F4A7C15)
 *     state = rng_seed(key)
 * where mix is splitmix64's finaliser (a bijection of 64 bits). Each
 * step is a bijection, so two seeds of one purpose never share a key,
 * nor two indexes of one key a stream; keys of two purposes meet only
 * where seed ^ seed' == purpose ^ purpose', never for seeds below 2^32
 * when the purposes differ in their high 32 bits. Any other meeting of
 * two streams is a coincidence of 64 random bits. */
void rng_seed_stream(Rng *rng, uint64_t seed, uint64_t purpose, uint64_t index);
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
