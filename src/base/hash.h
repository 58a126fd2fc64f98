/* FNV-1a, 64 bits: the one hash of bytes the project uses for digests (a
 * save's text, a recording file, the data files, a fuzz input's dice).
 * Start from HASH_START and feed it bytes in order. */
#ifndef AMULETS_HASH_H
#define AMULETS_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_START 0xcbf29ce484222325ull

static inline uint64_t hash_bytes(uint64_t hash, const void *bytes, size_t length)
{
    const unsigned char *p = bytes;
    for (size_t i = 0; i < length; ++i) hash = (hash ^ p[i]) * 0x100000001b3ull;
    return hash;
}

#endif
