/* SHA-1: see sha1.h */
#include "sha1.h"

#include <string.h>

static uint32_t rol(uint32_t x, int n) { return x << n | x >> (32 - n); }

static void block(uint32_t h[5], const uint8_t *p)
{
    uint32_t w[80];
    for (int i = 0; i < 16; ++i) {
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    }
    for (int i = 16; i < 80; ++i) w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
        uint32_t f, k;
        if (i < 20) f = (b & c) | (~b & d), k = 0x5a827999u;
        else if (i < 40) f = b ^ c ^ d, k = 0x6ed9eba1u;
        else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdcu;
        else f = b ^ c ^ d, k = 0xca62c1d6u;
        uint32_t t = rol(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = rol(b, 30);
        b = a;
        a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
}

void sha1(const void *bytes, size_t length, uint8_t out[SHA1_SIZE])
{
    uint32_t h[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
    const uint8_t *p = bytes;
    size_t left = length;
    for (; left >= 64; left -= 64, p += 64) block(h, p);
    uint8_t last[128] = {0};
    memcpy(last, p, left);
    last[left] = 0x80;
    size_t blocks = left + 9 > 64 ? 2 : 1;
    uint64_t bits = (uint64_t)length * 8;
    for (int i = 0; i < 8; ++i) last[blocks * 64 - 1 - (size_t)i] = (uint8_t)(bits >> (8 * i));
    for (size_t b = 0; b < blocks; ++b) block(h, last + 64 * b);
    for (int i = 0; i < 5; ++i) {
        out[4 * i] = (uint8_t)(h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(h[i] >> 8);
        out[4 * i + 3] = (uint8_t)h[i];
    }
}
