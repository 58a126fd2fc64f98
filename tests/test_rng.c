/* The dice: seeded sequences repeat, the state survives a trip through
 * text, bad text changes nothing, and roll is fair. */
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

int main(void)
{
    same_seed_same_sequence();
    text_round_trip_continues();
    bad_text_changes_nothing();
    roll_is_fair();
    roll_edges();
    return check_done("test_rng");
}
