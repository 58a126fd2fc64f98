/* Rate limits: see limit.h */
#define _GNU_SOURCE
#include "limit.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT_COUNT(name, count, window) count,
static const int COUNTS[] = {LIMITS(LIMIT_COUNT)};
#undef LIMIT_COUNT
#define LIMIT_WINDOW(name, count, window) window,
static const uint64_t WINDOWS[] = {LIMITS(LIMIT_WINDOW)};
#undef LIMIT_WINDOW
_Static_assert(sizeof COUNTS / sizeof COUNTS[0] == LIMIT_KIND_COUNT, "a count for every limit");

enum { PROBES = 16 };

int limits_count(LimitKind kind)
{
    return COUNTS[kind];
}

uint64_t limits_window(LimitKind kind)
{
    return WINDOWS[kind];
}

bool limits_init(Limits *limits)
{
    limits->entries = calloc(LIMIT_KEYS, sizeof *limits->entries);
    randombytes_buf(limits->hash_key, sizeof limits->hash_key);
    return limits->entries != NULL;
}

void limits_free(Limits *limits)
{
    free(limits->entries);
    limits->entries = NULL;
}

static size_t slot_of(const Limits *limits, LimitKind kind, const char *key)
{
    uint8_t input[LIMIT_KEY_SIZE + 1], hash[crypto_shorthash_BYTES];
    size_t n = strnlen(key, LIMIT_KEY_SIZE - 1);
    input[0] = (uint8_t)kind;
    memcpy(input + 1, key, n);
    crypto_shorthash(hash, input, n + 1, limits->hash_key);
    uint64_t h = 0;
    for (int i = 0; i < 8; ++i) h = h << 8 | hash[i];
    return (size_t)(h % LIMIT_KEYS);
}

bool limits_take(Limits *limits, LimitKind kind, const char *key, uint64_t now)
{
    size_t home = slot_of(limits, kind, key);
    LimitEntry *found = NULL, *oldest = NULL;
    for (int p = 0; p < PROBES && found == NULL; ++p) {
        LimitEntry *e = &limits->entries[(home + (size_t)p) % LIMIT_KEYS];
        bool same = e->kind == kind + 1 && strncmp(e->key, key, LIMIT_KEY_SIZE - 1) == 0;
        bool stale = e->kind == 0 || now - e->window_start >= WINDOWS[e->kind - 1];
        if (same) found = e;
        else if (stale && (oldest == NULL || oldest->kind != 0)) oldest = e;
        else if (oldest == NULL || (oldest->kind != 0 && e->window_start < oldest->window_start)) oldest = e;
    }
    if (found == NULL) {
        /* a new key takes an empty or stale entry, else the oldest window:
         * flooding the table with keys only forgets the oldest counts */
        found = oldest;
        memset(found, 0, sizeof *found);
        found->kind = (uint8_t)(kind + 1);
        strncpy(found->key, key, LIMIT_KEY_SIZE - 1);
        found->window_start = now;
    }
    if (now - found->window_start >= WINDOWS[kind]) {
        found->window_start = now;
        found->count = 0;
    }
    if (found->count >= COUNTS[kind]) return false;
    ++found->count;
    return true;
}

bool keys_take(KeyBucket *bucket, uint64_t now)
{
    if (bucket->at == 0) bucket->tokens = KEYS_BURST;
    else bucket->tokens += (double)(now - bucket->at) * KEYS_PER_SECOND / 1000.0;
    if (bucket->tokens > KEYS_BURST) bucket->tokens = KEYS_BURST;
    bucket->at = now;
    if (bucket->tokens < 1) return false;
    bucket->tokens -= 1;
    return true;
}
