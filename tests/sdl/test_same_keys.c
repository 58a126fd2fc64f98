#define _POSIX_C_SOURCE 200809L
/* Same keys, same run, everywhere: each key string is played by the
 * scripted runner (amulets --play KEYS --digest) and by the window's
 * headless mode (amulets --play KEYS --screenshot FILE --digest), and the
 * two must end on the same digest and the same screen. The strings are
 * the ones the drivers once read apart (x while looking, Esc in and out
 * of looking, the pack and the menu), death and R, save and quit, the
 * debugging keys, and many made at random from every key the game has. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rng.h"

enum { RANDOM_STRINGS = 48, RANDOM_SANITIZED = 12, KEYS_SIZE = 2048, OUTPUT_SIZE = 1 << 16 };

#define DEATH "........................................"

typedef struct Case {
    int seed, floor;
    const char *keys;
} Case;

static const Case CASES[] = {
    {1, 1, "xx."},                      /* the issue's: one turn, in both */
    {1, 1, "x<esc>."},
    {1, 1, "xlljjx.."},
    {1, 1, "xhhh<esc>hh"},
    {21, 1, "x<kp6><kp6><up><right><esc>jj"},
    {21, 1, "xyubn<enter>g.x"},         /* looking: only the cursor moves */
    {3, 1, "i<esc>hh"},
    {3, 1, "ix<esc>.xi"},               /* no looking from the pack */
    {3, 1, "<esc><esc>ll"},
    {3, 1, "<esc>x.<esc>j"},            /* the menu's keys are S and Esc */
    {3, 1, "c<esc>cl.ch"},
    {3, 1, "hh<esc>S"},
    {3, 1, "hh<esc>Sjjjj"},             /* saved and quit: the rest unplayed */
    {3, 1, "hh<esc>sjjjj<esc>j"},       /* s and j do nothing in the menu */
    {3, 9, DEATH "R.."},                /* the next seed's run */
    {3, 9, DEATH "xhR<esc>j"},
    {3, 9, DEATH "<esc>jj"},            /* quit from the death screen */
    {7, 3, "<f1><f3><f4>jj<f6><f6><f7>ll<f2>"},
    {2, 4, "xl<f1>l<esc>.i<esc>"},
};

/* Every key the game reads, the moving keys more often */
static const char *const TOKENS[] = {
    "h", "j", "k", "l", "y", "u", "b", "n", "h", "j", "k", "l", "y", "u", "b", "n",
    ".", ".", "g", "g", "i", "d", "c", "s", ">", "x", "x", "<esc>", "<esc>", "a", "a", "b",
    "S", "R", "<up>", "<down>", "<left>", "<right>", "<kp1>", "<kp5>", "<kp9>", "<enter>",
    "<f1>", "<f3>", "<f6>", "<f7>", "Y", "N", "e",
};

static const char *home(void)
{
    /* beside the build, not in /tmp: another build's run of this test
     * (another work tree's, the sanitizers') may share the machine */
    static char path[512];
    snprintf(path, sizeof path, "%s", AMULETS_BINARY);
    char *slash = strrchr(path, '/');
    size_t at = slash != NULL ? (size_t)(slash + 1 - path) : 0;
    snprintf(path + at, sizeof path - at, "same-keys-home");
    return path;
}

/* The digest and the screen a run of the program ended on */
typedef struct Ending {
    char digest[32];
    char screen[16];
} Ending;

/* Runs amulets with args, from no save; reads the digest and the screen
 * (the summary's last word, or the screenshot's "mode") */
static bool play(const char *args, Ending *out)
{
    static char output[OUTPUT_SIZE];
    char command[KEYS_SIZE + 1024];
    /* no run waits: neither a save nor the journal of one */
    snprintf(command, sizeof command, "rm -f '%s/save.txt' '%s/journal.txt' && AMULETS_HOME='%s' '%s' %s", home(),
             home(), home(),
             AMULETS_BINARY, args);
    memset(out, 0, sizeof *out);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) return false;
    size_t got = fread(output, 1, sizeof output - 1, pipe);
    output[got] = '\0';
    if (!CHECK(pclose(pipe) == 0)) return false;
    for (char *line = strtok(output, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        sscanf(line, "digest %31s", out->digest);
        sscanf(line, "mode %15s", out->screen);
        const char *last = strrchr(line, ' ');
        if (strncmp(line, "floor ", 6) == 0 && strstr(line, ", turn ") != NULL && last != NULL) {
            snprintf(out->screen, sizeof out->screen, "%s", last + 1);
        }
    }
    return CHECK(out->digest[0] != '\0' && out->screen[0] != '\0');
}

static void same_run(int seed, int floor, const char *keys)
{
    char args[KEYS_SIZE + 256];
    Ending runner, window;
    snprintf(args, sizeof args, "--seed %d --floor %d --debug --play '%s' --digest", seed, floor, keys);
    bool played = play(args, &runner);
    /* the window small and with its own tiles, to be quick */
    snprintf(args, sizeof args, "--seed %d --floor %d --debug --play '%s' --digest --size 320x200 --tiles-dir '%s' "
             "--screenshot '%s/shot.png'", seed, floor, keys, home(), home());
    played = play(args, &window) && played;
    if (!played) return;
    if (!CHECK(strcmp(runner.digest, window.digest) == 0 && strcmp(runner.screen, window.screen) == 0)) {
        fprintf(stderr, "    --seed %d --floor %d --play '%s': the runner ends on %s (%s), "
                "the window on %s (%s)\n", seed, floor, keys, runner.digest, runner.screen, window.digest,
                window.screen);
    }
}

/* A key string of every kind of key, of 10 to 150 keys */
static void random_keys(Rng *rng, char *out, size_t size)
{
    int count = rng_roll(rng, 10, 150);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count; ++i) {
        const char *token = TOKENS[rng_roll(rng, 0, (int)(sizeof TOKENS / sizeof TOKENS[0]) - 1)];
        if (used + strlen(token) + 1 > size) break;
        memcpy(out + used, token, strlen(token) + 1);
        used += strlen(token);
    }
}

int main(void)
{
    char make[600];
    snprintf(make, sizeof make, "mkdir -p '%s'", home());
    if (system(make) != 0) return EXIT_FAILURE;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; ++i) {
        same_run(CASES[i].seed, CASES[i].floor, CASES[i].keys);
    }
    Rng rng;
    rng_seed(&rng, 0x5A3EC0DEull);
    int strings = check_sanitized() ? RANDOM_SANITIZED : RANDOM_STRINGS;
    for (int i = 0; i < strings; ++i) {
        char keys[KEYS_SIZE];
        int seed = rng_roll(&rng, 1, 5000), floor = rng_roll(&rng, 1, 9);
        random_keys(&rng, keys, sizeof keys);
        same_run(seed, floor, keys);
    }
    snprintf(make, sizeof make, "rm -rf '%s'", home());
    if (system(make) != 0) return EXIT_FAILURE;
    return check_done("test_same_keys");
}
