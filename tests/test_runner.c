/* The scripted runner's lines: a dead player's summary says hp 0 however
 * far below 0 the last blow took the run's count (it said "hp -1/30"),
 * and keys play as the input layer reads them ("xx." looks, stops looking
 * and waits a turn; R after death is the next seed's run); --show prints
 * only what the player knows. Runs the
 * program itself, with its saves in a fresh folder under /tmp. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <unistd.h>

#include "keys.h"
#include "known.h"
#include "keyrun.h"
#include "runtest.h"
#include "save.h"

enum { WAITS = 60, OUTPUT_SIZE = 1 << 16, DEATHS_CHECKED = 4 };

static char home[64];

/* The program's whole output for these arguments */
static bool amulets(const char *args, char *out, size_t size)
{
    char command[512];
    snprintf(command, sizeof command, "AMULETS_HOME='%s' '%s' %s", home, AMULETS_BINARY, args);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) return false;
    size_t got = fread(out, 1, size - 1, pipe);
    out[got] = '\0';
    return CHECK(pclose(pipe) == 0);
}

/* The line of text that starts with start, or NULL */
static const char *line_starting(const char *text, const char *start)
{
    for (const char *p = text; *p != '\0'; ++p) {
        if ((p == text || p[-1] == '\n') && strncmp(p, start, strlen(start)) == 0) return p;
    }
    return NULL;
}

/* Seeds whose run dies waiting on floor 9 with its hp below 0 */
static void dead_below_zero(const GameData *data)
{
    static char out[OUTPUT_SIZE];
    char args[128], expected[64];
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && found < DEATHS_CHECKED; ++seed) {
        Run *run = run_new(data, seed, 9);
        for (int i = 0; i < WAITS && run_mode(run) != MODE_DEAD; ++i) {
            run_command(run, cmd_make(CMD_WAIT, 0));
        }
        const Player *p = run_player(run);
        if (run_mode(run) == MODE_DEAD && p->hp < 0) {
            ++found;
            snprintf(args, sizeof args, "--seed %llu --floor 9 --play '%.*s'", (unsigned long long)seed,
                     WAITS, "............................................................");
            snprintf(expected, sizeof expected, "floor 9, turn %d, hp 0/%d,", run_turn(run), p->max_hp);
            if (amulets(args, out, sizeof out)) {
                const char *summary = line_starting(out, "floor 9, turn");
                CHECK(summary != NULL && strncmp(summary, expected, strlen(expected)) == 0);
                CHECK(strstr(out, ", dead\nKilled by ") != NULL);
            }
        }
        run_free(run);
    }
    CHECK(found == DEATHS_CHECKED);   /* the case this is about happened */
}

static void keys_as_the_input_reads_them(const GameData *data)
{
    static char out[OUTPUT_SIZE];
    char expected[128];
    int hp = data->classes[0].hp;   /* the default class's */
    if (amulets("--seed 1 --play 'xx.'", out, sizeof out)) {
        snprintf(expected, sizeof expected, "floor 1, turn 1, hp %d/%d, gold 0, amulets 0, playing",
                 hp, hp);
        CHECK(line_starting(out, expected) != NULL);
    }
    if (amulets("--seed 1 --play 'xlljj'", out, sizeof out)) {
        snprintf(expected, sizeof expected, "floor 1, turn 0, hp %d/%d, gold 0, amulets 0, looking",
                 hp, hp);
        CHECK(line_starting(out, expected) != NULL);
    }
    /* R on the death screen: the next seed's run, as the window plays it */
    static char fresh[OUTPUT_SIZE];
    if (amulets("--seed 12 --floor 9 --play '........................................R' --digest", out,
                sizeof out) &&
        amulets("--seed 13 --floor 9 --play '' --digest", fresh, sizeof fresh)) {
        const char *a = line_starting(out, "digest "), *b = line_starting(fresh, "digest ");
        CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    }
}

/* The cell's character in --show's rows (a row is cut after its last
 * known cell, so a missing one is blank) */
static char shown_at(const char *rows, int x, int y)
{
    const char *row = rows;
    for (int i = 0; i < y && row != NULL; ++i) {
        row = strchr(row, '\n');
        if (row != NULL) ++row;
    }
    if (row == NULL) return ' ';
    for (int i = 0; i < x; ++i) {
        if (row[i] == '\n' || row[i] == '\0') return ' ';
    }
    return row[x] == '\n' || row[x] == '\0' ? ' ' : row[x];
}

/* --show prints the floor as the player knows it: blank where never seen,
 * a monster only in sight, a trap only found, a secret door as a wall.
 * The same keys are played here to know what the program's run holds */
static void show_is_what_the_player_knows(const GameData *data)
{
    static char out[OUTPUT_SIZE];
    static const char KEYS[] = "hjklhjklhjkl....s";
    int checked = 0;
    for (uint64_t seed = 1; seed <= 18; ++seed) {
        int floor = 1 + (int)(seed % LAST_FLOOR);
        char keys[64];
        Rng chooser;
        rng_seed(&chooser, seed);
        for (int i = 0; i < 40; ++i) keys[i] = KEYS[rng_roll(&chooser, 0, (int)sizeof KEYS - 2)];
        keys[40] = '\0';
        Run *run = run_new(data, seed, floor);
        KeyRun pressed = keyrun_start();
        for (int i = 0; keys[i] != '\0'; ++i) keyrun_press(&pressed, run, keys[i]);
        char args[160], digest[32];
        snprintf(args, sizeof args, "--seed %llu --floor %d --play '%s' --digest --show",
                 (unsigned long long)seed, floor, keys);
        snprintf(digest, sizeof digest, "digest %016llx", (unsigned long long)save_digest(run));
        const char *summary = amulets(args, out, sizeof out) ? line_starting(out, "floor ") : NULL;
        const char *rows = summary != NULL ? strchr(summary, '\n') : NULL;
        if (CHECK(rows != NULL && strstr(out, digest) != NULL)) {
            ++rows;
            if (strncmp(rows, "Killed by ", 10) == 0) rows = strchr(rows, '\n') + 1;
            const Level *level = run_level(run);
            for (int i = 0; i < MAP_CELLS; ++i) {
                Point p = cell_point(i);
                KnownCell k = known_cell(run, p);
                char c = shown_at(rows, p.x, p.y);
                int m = lvl_monster_at(level, p), trap = lvl_trap_at(level, p);
                CHECK((c == ' ') == (!k.explored && !k.visible && !point_eq(p, run_player(run)->pos)));
                if (m >= 0 && !k.visible) CHECK(c != data->monsters[level->monsters[m].kind].glyph);
                if (c == '^') CHECK(trap >= 0 && level->traps[trap].known);
                if (map_at_point(&level->map, p) == T_SECRET_DOOR && k.explored) CHECK(c == '#');
            }
            ++checked;
        }
        run_free(run);
    }
    CHECK(checked == 18);
}

int main(void)
{
    GameData data;
    load_shipped_data(&data);
    snprintf(home, sizeof home, "/tmp/amulets-test-runner-XXXXXX");
    if (mkdtemp(home) == NULL) return EXIT_FAILURE;
    dead_below_zero(&data);
    keys_as_the_input_reads_them(&data);
    show_is_what_the_player_knows(&data);
    char save[128];
    snprintf(save, sizeof save, "%s/save.txt", home);
    unlink(save);
    rmdir(home);
    data_free(&data);
    return check_done("test_runner");
}
