/* amulets: the command-line entry. For now it checks the data files and
 * prints a generated floor; the game's own modes join it as they land. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cave.h"
#include "data.h"
#include "rooms.h"
#include "tune.h"

static const char *default_data_dir(void)
{
    const char *env = getenv("AMULETS_DATA");
    return env != NULL && env[0] != '\0' ? env : AMULETS_DATA_DIR;
}

static void usage(FILE *out)
{
    fputs("usage: amulets [--seed N] [--floor N]\n"
          "       amulets --check-data [DIR]\n", out);
}

/* Prints every mistake in the data files; exit status 1 if there are any */
static int check_data(const char *dir)
{
    GameData data = {0};
    Errors errors = {0};
    bool ok = data_load_dir(&data, dir, &errors);
    for (int i = 0; i < errors.count; ++i) {
        printf("%s\n", errors.lines[i]);
    }
    if (ok) {
        printf("%s: %d monsters, %d items, %d vaults, no mistakes\n", dir,
               data.monster_count, data.item_count, data.vault_count);
    } else {
        printf("%d mistake%s\n", errors.count, errors.count == 1 ? "" : "s");
    }
    errors_clear(&errors);
    data_free(&data);
    return ok ? 0 : 1;
}

static void print_floor(unsigned long long seed, int depth)
{
    static const char glyphs[T_COUNT] = {'#', '.', '>', ',', '+', '\'', '#'};
    Rng rng;
    rng_seed(&rng, seed);
    Map map;
    if (tune_is_cave_floor(depth)) {
        Rect areas[CAVE_AREAS_MAX];
        cave_generate(&map, &rng, areas);
    } else {
        Rect rooms[ROOMS_MAX];
        rooms_generate(&map, &rng, rooms);
    }
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            putchar(glyphs[map_at(&map, x, y)]);
        }
        putchar('\n');
    }
}

static bool parse_number(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    long long value = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || value < lo || value > hi) return false;
    *out = value;
    return true;
}

int main(int argc, char **argv)
{
    long long seed = 1, floor = 1;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (strcmp(arg, "--check-data") == 0) {
            const char *dir = i + 1 < argc ? argv[i + 1] : default_data_dir();
            return check_data(dir);
        } else if (strcmp(arg, "--seed") == 0 && i + 1 < argc) {
            if (!parse_number(argv[++i], 0, 4294967295LL, &seed)) {
                fprintf(stderr, "amulets: --seed takes a whole number from 0 to 4294967295\n");
                return 2;
            }
        } else if (strcmp(arg, "--floor") == 0 && i + 1 < argc) {
            if (!parse_number(argv[++i], 1, LAST_FLOOR, &floor)) {
                fprintf(stderr, "amulets: --floor takes a whole number from 1 to %d\n", LAST_FLOOR);
                return 2;
            }
        } else if (strcmp(arg, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "amulets: unknown option '%s'\n", arg);
            usage(stderr);
            return 2;
        }
    }
    print_floor((unsigned long long)seed, (int)floor);
    return 0;
}
