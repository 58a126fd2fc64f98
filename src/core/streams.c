#include "streams.h"

/* rng_seed_stream's purposes: arbitrary odd constants, each different
 * from the others in its high 32 bits, which keeps every seed's streams
 * apart from every other seed's (rng.h). Changing one changes every run */
#define STREAM_PLAY  0x5A1F0C3D9E2B7461ull
#define STREAM_FLOOR 0xD0C4E2A7F15B3895ull
#define STREAM_LOOKS 0x3B7E91C5A4D02F67ull

_Static_assert((STREAM_PLAY >> 32) != (STREAM_FLOOR >> 32) &&
               (STREAM_PLAY >> 32) != (STREAM_LOOKS >> 32) &&
               (STREAM_FLOOR >> 32) != (STREAM_LOOKS >> 32),
               "each purpose differs from the others in its high half");

void streams_play(Rng *rng, uint64_t seed)
{
    rng_seed_stream(rng, seed, STREAM_PLAY, 0);
}

void streams_floor(Rng *rng, uint64_t seed, int depth)
{
    rng_seed_stream(rng, seed, STREAM_FLOOR, (uint64_t)depth);
}

void streams_looks(Rng *rng, uint64_t seed)
{
    rng_seed_stream(rng, seed, STREAM_LOOKS, 0);
}
