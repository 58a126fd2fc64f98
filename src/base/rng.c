#include "rng.h"

#include <stdio.h>

#include "invariant.h"

#define GOLDEN_GAMMA 0x9E3779B97F4A7C15ull

/* splitmix64's finaliser: every bit of the result hangs on every bit of z */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t splitmix64(uint64_t *x)
{
    return mix(*x += GOLDEN_GAMMA);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(Rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; ++i) {
        rng->s[i] = splitmix64(&seed);
    }
}

void rng_seed_stream(Rng *rng, uint64_t seed, uint64_t purpose, uint64_t index)
{
    uint64_t key = mix(seed ^ purpose);
    rng_seed(rng, mix(key + index * GOLDEN_GAMMA));
}

uint64_t rng_next(Rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject: the high half of a 32 x 32 bit product is
 * a number below range, and the rare low halves that would favour some
 * results are thrown away and rolled again. */
int rng_roll(Rng *rng, int lo, int hi)
{
    INVARIANT(lo <= hi);
    uint64_t range = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;
    if (range <= 1) {
        return lo;
    }
    uint32_t r32 = (uint32_t)range;
    uint64_t product = (rng_next(rng) >> 32) * range;
    uint32_t low = (uint32_t)product;
    if (low < r32) {
        uint32_t threshold = (uint32_t)(-r32) % r32;
        while (low < threshold) {
            product = (rng_next(rng) >> 32) * range;
            low = (uint32_t)product;
        }
    }
    return (int)((int64_t)lo + (int64_t)(product >> 32));
}

static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    for (size_t i = 0; i < size; ++i) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

void rng_shuffle(Rng *rng, void *items, int count, size_t size)
{
    INVARIANT(count >= 0 && (count == 0 || items != NULL));
    unsigned char *bytes = items;
    for (int i = count - 1; i > 0; --i) {
        int j = rng_roll(rng, 0, i);
        if (j != i) swap_bytes(bytes + (size_t)i * size, bytes + (size_t)j * size, size);
    }
}

bool rng_one_in(Rng *rng, int n)
{
    return n <= 1 || rng_roll(rng, 1, n) == 1;
}

void rng_to_text(const Rng *rng, char out[RNG_TEXT_SIZE])
{
    snprintf(out, RNG_TEXT_SIZE, "%016llx %016llx %016llx %016llx",
             (unsigned long long)rng->s[0], (unsigned long long)rng->s[1],
             (unsigned long long)rng->s[2], (unsigned long long)rng->s[3]);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool is_space(char c) { return c == ' ' || c == '\t'; }

bool rng_from_text(Rng *rng, const char *text)
{
    uint64_t s[4];
    const char *p = text;
    for (int i = 0; i < 4; ++i) {
        while (is_space(*p)) ++p;
        int digits = 0;
        uint64_t value = 0;
        for (; hex_digit(*p) >= 0; ++p, ++digits) {
            if (digits == 16) return false;
            value = value << 4 | (uint64_t)hex_digit(*p);
        }
        if (digits == 0 || (*p != '\0' && !is_space(*p))) return false;
        s[i] = value;
    }
    while (is_space(*p)) ++p;
    if (*p != '\0' || (s[0] | s[1] | s[2] | s[3]) == 0) {
        return false;
    }
    for (int i = 0; i < 4; ++i) rng->s[i] = s[i];
    return true;
}
