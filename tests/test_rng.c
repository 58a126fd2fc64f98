/* The dice: seeded sequences repeat, the state survives a trip through
 * text, bad text changes nothing, roll is fair, and a seed's streams
 * (rng_seed_stream) are made as rng.h says and are each their own. */
#include "check.h"
#include "rng.h"

static void same_seed_same_sequence(void)
{
    Rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int differ = 0;
    for (int i = 0; i < 1000; ++i) {
        uint64_t x = rng_next(&a);
        CHECK(x == rng_next(&b));
        differ += x != rng_next(&c);
    }
    CHECK(differ > 990);
}

static void text_round_trip_continues(void)
{
    Rng a, b;
    rng_seed(&a, 7);
    for (int i = 0; i < 123; ++i) rng_roll(&a, 1, 20);
    char text[RNG_TEXT_SIZE];
    rng_to_text(&a, text);
    CHECK_INT(strlen(text), RNG_TEXT_SIZE - 1);
    rng_seed(&b, 999);
    CHECK(rng_from_text(&b, text));
    for (int i = 0; i < 1000; ++i) {
        CHECK_INT(rng_roll(&a, -50, 50), rng_roll(&b, -50, 50));
    }
    /* Spaces around are fine, and capitals */
    char padded[RNG_TEXT_SIZE + 8];
    rng_to_text(&a, text);
    snprintf(padded, sizeof padded, "  %s \t", text);
    for (char *p = padded; *p; ++p) if (*p >= 'a' && *p <= 'f') *p = (char)(*p - 'a' + 'A');
    CHECK(rng_from_text(&b, padded));
    CHECK(rng_next(&a) == rng_next(&b));
}

static void bad_text_changes_nothing(void)
{
    static const char *bad[] = {
        "",
        "0123",
        "1 2 3",
        "1 2 3 4 5",
        "1 2 3 x",
        "1 2 3 4x",
        "0 0 0 0",
        "00000000000000001 2 3 4",  /* 17 digits */
        "1,2,3,4",
        "-1 2 3 4",
        "1 2 3 4\n",
    };
    Rng rng, before;
    rng_seed(&rng, 5);
    before = rng;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        CHECK(!rng_from_text(&rng, bad[i]));
        CHECK(memcmp(&rng, &before, sizeof rng) == 0);
    }
    CHECK(rng_from_text(&rng, "1 2 3 4"));
    CHECK(rng.s[0] == 1 && rng.s[3] == 4);
}

/* Pearson's chi-square over a small range: 600,000 rolls of 1 to 6 and of
 * 0 to 9. The critical value at p = 0.001 is 20.5 for 5 degrees of
 * freedom and 27.9 for 9; a fair die passes from this fixed seed. */
static double chi_square(Rng *rng, int lo, int hi, int rolls)
{
    int counts[16] = {0};
    int sides = hi - lo + 1;
    for (int i = 0; i < rolls; ++i) {
        int r = rng_roll(rng, lo, hi);
        CHECK(r >= lo && r <= hi);
        ++counts[r - lo];
    }
    double expected = (double)rolls / sides, sum = 0;
    for (int i = 0; i < sides; ++i) {
        double d = counts[i] - expected;
        sum += d * d / expected;
    }
    return sum;
}

static void roll_is_fair(void)
{
    Rng rng;
    rng_seed(&rng, 2024);
    double six = chi_square(&rng, 1, 6, 600000);
    double ten = chi_square(&rng, 0, 9, 600000);
    printf("chi-square: d6 %.2f (df 5), d10 %.2f (df 9)\n", six, ten);
    CHECK(six < 20.5);
    CHECK(ten < 27.9);
}

static void roll_edges(void)
{
    Rng rng;
    rng_seed(&rng, 1);
    CHECK_INT(rng_roll(&rng, 3, 3), 3);
    int seen_lo = 0, seen_hi = 0;
    for (int i = 0; i < 10000; ++i) {
        int r = rng_roll(&rng, -2, 2);
        CHECK(r >= -2 && r <= 2);
        seen_lo += r == -2;
        seen_hi += r == 2;
    }
    CHECK(seen_lo > 0 && seen_hi > 0);
    for (int i = 0; i < 1000; ++i) {
        int r = rng_roll(&rng, -2147483647 - 1, 2147483647);
        (void)r;
        int s = rng_roll(&rng, 0, 2147483647);
        CHECK(s >= 0);
    }
    int ones = 0;
    for (int i = 0; i < 30000; ++i) ones += rng_one_in(&rng, 3);
    CHECK(ones > 9000 && ones < 11000);
}

/* rng.h's derivation, worked by hand (in Python) for these: every build
 * must make the same streams, or a seed is another dungeon elsewhere */
static void streams_as_documented(void)
{
    static const struct {
        uint64_t seed, purpose, index, first, second;
    } known[] = {
        {0, 0, 0, 0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull},
        {42, 0xD0C4E2A7F15B3895ull, 4, 0x112587c67de0cb95ull, 0x90599ac54ad1e40full},
        {4294967295ull, 0x5A1F0C3D9E2B7461ull, 0, 0xc0ea3d010e834455ull, 0xd475a9051b46b4f3ull},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
        Rng rng;
        rng_seed_stream(&rng, known[i].seed, known[i].purpose, known[i].index);
        CHECK(rng_next(&rng) == known[i].first);
        CHECK(rng_next(&rng) == known[i].second);
    }
}

/* Streams of other purposes, indexes or seeds share no first numbers
 * (nor with the plain seeding of the same seed) */
static void streams_apart(void)
{
    enum { SEEDS = 64, INDEXES = 12, PURPOSES = 3, ALL = SEEDS * (INDEXES * PURPOSES + 1) };
    static const uint64_t purposes[PURPOSES] = {
        0x5A1F0C3D9E2B7461ull, 0xD0C4E2A7F15B3895ull, 0x3B7E91C5A4D02F67ull,
    };
    static uint64_t firsts[ALL];
    int n = 0;
    for (uint64_t seed = 0; seed < SEEDS; ++seed) {
        Rng rng;
        rng_seed(&rng, seed);
        firsts[n++] = rng_next(&rng);
        for (int p = 0; p < PURPOSES; ++p) {
            for (uint64_t index = 0; index < INDEXES; ++index) {
                rng_seed_stream(&rng, seed, purposes[p], index);
                firsts[n++] = rng_next(&rng);
            }
        }
    }
    int same = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < i; ++j) same += firsts[i] == firsts[j];
    }
    CHECK_INT(n, ALL);
    CHECK_INT(same, 0);
}

int main(void)
{
    same_seed_same_sequence();
    text_round_trip_continues();
    bad_text_changes_nothing();
    roll_is_fair();
    roll_edges();
    streams_as_documented();
    streams_apart();
    return check_done("test_rng");
}
