/* Rate limits: how many times a key (a name, an address, a socket) may
 * do a thing in a window of time, each thing's count and window one row
 * of LIMITS. Counted in fixed windows per key, in a table of at most
 * LIMIT_KEYS keys (the oldest windows are let go first), hashed with a
 * random key (SipHash, libsodium's crypto_shorthash) so no one can choose
 * keys that collide. The time is the caller's (monotonic ms). */
#ifndef AMULETS_LIMIT_H
#define AMULETS_LIMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Each limited thing: its enum, how many in a window, the window (ms) */
#define LIMITS(X)                                                                   \
    X(LIMIT_LOGIN_NAME, 5, 60 * 1000)       /* login attempts for a name */      \
    X(LIMIT_LOGIN_ADDRESS, 5, 60 * 1000)    /* login attempts from an address */ \
    X(LIMIT_REGISTER, 10, 10 * 60 * 1000)   /* registrations from an address */  \
    X(LIMIT_RECOVER, 5, 60 * 1000)          /* recovery attempts for a name */   \
    X(LIMIT_SEED, 10, 60 * 60 * 1000)       /* offline seeds for an account */   \
    X(LIMIT_UPLOAD, 10, 60 * 60 * 1000)     /* uploads from an account */

#define LIMIT_ENUM(name, count, window) name,
typedef enum LimitKind { LIMITS(LIMIT_ENUM) LIMIT_KIND_COUNT } LimitKind;
#undef LIMIT_ENUM

enum { LIMIT_KEYS = 4096, LIMIT_KEY_SIZE = 48 };

typedef struct LimitEntry {
    uint8_t kind;               /* LimitKind + 1; 0: empty */
    char key[LIMIT_KEY_SIZE];
    uint64_t window_start;
    int count;
} LimitEntry;

typedef struct Limits {
    LimitEntry *entries;        /* LIMIT_KEYS of them */
    uint8_t hash_key[16];
} Limits;

bool limits_init(Limits *limits);
void limits_free(Limits *limits);

/* One more of kind for key at now: true if it is within the limit (and
 * counted), false if it's one too many */
bool limits_take(Limits *limits, LimitKind kind, const char *key, uint64_t now);

/* The limit's count and window */
int limits_count(LimitKind kind);
uint64_t limits_window(LimitKind kind);

/* A socket's keys: a bucket of KEYS_BURST that fills at KEYS_PER_SECOND.
 * A page typing faster than any player (key repeat is ~30 a second) has
 * its keys refused, and its game waits: the other games go on */
enum { KEYS_PER_SECOND = 30, KEYS_BURST = 60 };
typedef struct KeyBucket {
    double tokens;
    uint64_t at;                /* 0: full */
} KeyBucket;
bool keys_take(KeyBucket *bucket, uint64_t now);

#endif
