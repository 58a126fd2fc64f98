/* Accounts: what a name and a password must be, and the secrets the
 * server hands out (session tokens, recovery codes, seed tokens), each
 * stored only as a hash. No database and no threads here: the routes
 * (api.h) put these together, and the slow part, argon2id, runs on a
 * worker (work.h).
 *
 *   names      ^[A-Za-z0-9_-]{3,20}$, unique whatever their case (the
 *              database keys them in lower case)
 *   passwords  8 to 1024 bytes, not the name (in any case) nor one of the
 *              commonest passwords (in any case): DCSS's players complain
 *              of accounts taken through weak ones
 *   tokens     32 random bytes (libsodium's randombytes_buf), base64url
 *              in the cookie __Host-amulets; the database keeps their
 *              SHA-256 in hex, so a copy of it opens no session
 *   recovery   ACCOUNT_RECOVERY_CODES codes of ACCOUNT_CODE_LENGTH base32
 *              characters (50 bits each), shown once; kept as BLAKE2b of
 *              the player's id and the code keyed with the server's
 *              secret (meta's 'secret'), each usable once */
#ifndef AMULETS_ACCOUNT_H
#define AMULETS_ACCOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    ACCOUNT_PASSWORD_LEAST = 8,
    ACCOUNT_PASSWORD_MOST = 1024,
    ACCOUNT_TOKEN_BYTES = 32,
    ACCOUNT_TOKEN_TEXT = 44,        /* base64url of 32 bytes (43) and a NUL */
    ACCOUNT_HASH_TEXT = 65,         /* a hash in hex and a NUL */
    ACCOUNT_RECOVERY_CODES = 8,
    ACCOUNT_CODE_LENGTH = 10,
    ACCOUNT_SECRET_BYTES = 32,
    ACCOUNT_WHY_SIZE = 128,
    ACCOUNT_SESSION_DAYS = 30,      /* a session (its cookie and its row) lasts */
};

#define ACCOUNT_COOKIE "__Host-amulets"

/* The argon2id settings a password is hashed with */
typedef struct AccountHashing {
    unsigned long long ops;         /* crypto_pwhash's opslimit: 2 */
    size_t mem;                     /* its memlimit in bytes: 19 MiB */
} AccountHashing;

AccountHashing account_hashing_default(void);

/* True if name is one an account may have */
bool account_name_ok(const char *name);

/* True if the password (length bytes) is one an account may have; else
 * why, in the game's words */
bool account_password_ok(const char *name, const char *password, size_t length, char *why, size_t why_size);

/* A fresh token: its text (for the cookie) and its hash (for the database) */
void account_token_new(char text[ACCOUNT_TOKEN_TEXT], char hash[ACCOUNT_HASH_TEXT]);
/* The hash of a token's text: false if the text isn't a token's */
bool account_token_hash(const char *text, char hash[ACCOUNT_HASH_TEXT]);

/* The Set-Cookie header's value for a token's text ("" ends the session) */
void account_cookie(const char *token, char *out, size_t size);

/* A fresh recovery code (ACCOUNT_CODE_LENGTH base32 characters) */
void account_code_new(char code[ACCOUNT_CODE_LENGTH + 1]);
/* A code's hash for player under the server's secret: false if code
 * isn't one (after upper-casing; spaces and dashes are ignored) */
bool account_code_hash(const uint8_t secret[ACCOUNT_SECRET_BYTES], int64_t player, const char *code,
                       char hash[ACCOUNT_HASH_TEXT]);

/* The secret in hex (meta's value) and back */
void account_secret_text(const uint8_t secret[ACCOUNT_SECRET_BYTES], char text[2 * ACCOUNT_SECRET_BYTES + 1]);
bool account_secret_read(const char *text, uint8_t secret[ACCOUNT_SECRET_BYTES]);

/* The daily's seed for a day ("YYYY-MM-DD"): a keyed hash of the day
 * under the secret, below 2^53 so a page's JavaScript holds it exactly */
uint64_t account_daily_seed(const uint8_t secret[ACCOUNT_SECRET_BYTES], const char *day);

/* A fresh seed for a run, below 2^53 as the daily's */
uint64_t account_fresh_seed(void);

/* True if day is a date "YYYY-MM-DD" */
bool account_day_ok(const char *day);
/* The UTC day of a time (seconds since 1970) */
void account_day_of(int64_t seconds, char day[11]);

#endif
