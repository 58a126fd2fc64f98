/* Accounts' names, passwords and secrets: see account.h */
#define _POSIX_C_SOURCE 200809L
#include "account.h"

#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* The commonest passwords of 8 bytes or more (the lists of leaked
 * passwords' top entries), compared in any case */
static const char *const COMMONEST[] = {
    "password", "password1", "password123", "12345678", "123456789", "1234567890", "11111111", "00000000",
    "qwertyuiop", "qwerty123", "1q2w3e4r", "1qaz2wsx", "iloveyou", "sunshine", "princess", "football",
    "baseball", "welcome1", "abc12345", "abcd1234", "letmein1", "trustno1", "superman", "starwars",
    "passw0rd", "p@ssw0rd", "whatever", "dragon123", "monkey123", "123123123", "87654321", "qwertyui",
    "amulets1", "roguelike", "amuletsofsdl", "nethack1", "crawl123",
};

AccountHashing account_hashing_default(void)
{
    return (AccountHashing){2, (size_t)19 * 1024 * 1024};
}

bool account_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 3 || n > 20) return false;
    for (size_t i = 0; i < n; ++i) {
        unsigned char c = (unsigned char)name[i];
        if (!(isalnum(c) && c < 128) && c != '_' && c != '-') return false;
    }
    return true;
}

bool account_password_ok(const char *name, const char *password, size_t length, char *why, size_t why_size)
{
    if (length < ACCOUNT_PASSWORD_LEAST || length > ACCOUNT_PASSWORD_MOST) {
        snprintf(why, why_size, "A password is %d to %d bytes long.", ACCOUNT_PASSWORD_LEAST, ACCOUNT_PASSWORD_MOST);
        return false;
    }
    if (memchr(password, '\0', length) != NULL) {
        snprintf(why, why_size, "A password can't hold a NUL byte.");
        return false;
    }
    if (length == strlen(name) && strncasecmp(password, name, length) == 0) {
        snprintf(why, why_size, "Your password can't be your name.");
        return false;
    }
    for (size_t i = 0; i < sizeof COMMONEST / sizeof COMMONEST[0]; ++i) {
        if (strlen(COMMONEST[i]) == length && strncasecmp(password, COMMONEST[i], length) == 0) {
            snprintf(why, why_size, "That password is one of the commonest: anyone would guess it.");
            return false;
        }
    }
    return true;
}

static void hex(const uint8_t *bytes, size_t n, char *out)
{
    sodium_bin2hex(out, 2 * n + 1, bytes, n);
}

void account_token_new(char text[ACCOUNT_TOKEN_TEXT], char hash[ACCOUNT_HASH_TEXT])
{
    uint8_t token[ACCOUNT_TOKEN_BYTES];
    randombytes_buf(token, sizeof token);
    sodium_bin2base64(text, ACCOUNT_TOKEN_TEXT, token, sizeof token, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    account_token_hash(text, hash);
    sodium_memzero(token, sizeof token);
}

bool account_token_hash(const char *text, char hash[ACCOUNT_HASH_TEXT])
{
    uint8_t token[ACCOUNT_TOKEN_BYTES], digest[crypto_hash_sha256_BYTES];
    size_t length = 0;
    if (strlen(text) != ACCOUNT_TOKEN_TEXT - 1 ||
        sodium_base642bin(token, sizeof token, text, strlen(text), NULL, &length, NULL,
                          sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
        length != sizeof token) {
        return false;
    }
    crypto_hash_sha256(digest, token, sizeof token);
    hex(digest, sizeof digest, hash);
    return true;
}

void account_cookie(const char *token, char *out, size_t size)
{
    snprintf(out, size, ACCOUNT_COOKIE "=%s; Secure; HttpOnly; SameSite=Lax; Path=/; Max-Age=%d", token,
             token[0] != '\0' ? ACCOUNT_SESSION_DAYS * 86400 : 0);
}

static const char BASE32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

void account_code_new(char code[ACCOUNT_CODE_LENGTH + 1])
{
    for (int i = 0; i < ACCOUNT_CODE_LENGTH; ++i) code[i] = BASE32[randombytes_uniform(32)];
    code[ACCOUNT_CODE_LENGTH] = '\0';
}

bool account_code_hash(const uint8_t secret[ACCOUNT_SECRET_BYTES], int64_t player, const char *code,
                       char hash[ACCOUNT_HASH_TEXT])
{
    char clean[ACCOUNT_CODE_LENGTH + 1];
    int n = 0;
    for (const char *p = code; *p != '\0'; ++p) {
        if (*p == ' ' || *p == '-') continue;
        char c = (char)toupper((unsigned char)*p);
        if (n == ACCOUNT_CODE_LENGTH || strchr(BASE32, c) == NULL) return false;
        clean[n++] = c;
    }
    if (n != ACCOUNT_CODE_LENGTH) return false;
    char input[48];
    int length = snprintf(input, sizeof input, "%lld:%.*s", (long long)player, n, clean);
    uint8_t digest[32];
    crypto_generichash(digest, sizeof digest, (const uint8_t *)input, (size_t)length, secret, ACCOUNT_SECRET_BYTES);
    hex(digest, sizeof digest, hash);
    return true;
}

void account_secret_text(const uint8_t secret[ACCOUNT_SECRET_BYTES], char text[2 * ACCOUNT_SECRET_BYTES + 1])
{
    hex(secret, ACCOUNT_SECRET_BYTES, text);
}

bool account_secret_read(const char *text, uint8_t secret[ACCOUNT_SECRET_BYTES])
{
    size_t length = 0;
    return strlen(text) == 2 * ACCOUNT_SECRET_BYTES &&
           sodium_hex2bin(secret, ACCOUNT_SECRET_BYTES, text, strlen(text), NULL, &length, NULL) == 0 &&
           length == ACCOUNT_SECRET_BYTES;
}

static const uint64_t SEED_MASK = ((uint64_t)1 << 53) - 1;

uint64_t account_daily_seed(const uint8_t secret[ACCOUNT_SECRET_BYTES], const char *day)
{
    char input[32];
    int length = snprintf(input, sizeof input, "daily %s", day);
    uint8_t digest[8];
    crypto_generichash(digest, sizeof digest, (const uint8_t *)input, (size_t)length, secret, ACCOUNT_SECRET_BYTES);
    uint64_t seed = 0;
    for (int i = 0; i < 8; ++i) seed = seed << 8 | digest[i];
    return seed & SEED_MASK;
}

uint64_t account_fresh_seed(void)
{
    uint64_t seed;
    randombytes_buf(&seed, sizeof seed);
    return seed & SEED_MASK;
}

bool account_day_ok(const char *day)
{
    int y, m, d;
    char tail;
    if (strlen(day) != 10 || sscanf(day, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3) return false;
    for (int i = 0; i < 10; ++i) {
        if ((i == 4 || i == 7) != (day[i] == '-')) return false;
    }
    return y >= 2000 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

void account_day_of(int64_t seconds, char day[11])
{
    time_t t = (time_t)seconds;
    struct tm utc;
    gmtime_r(&t, &utc);
    strftime(day, 11, "%Y-%m-%d", &utc);
}
