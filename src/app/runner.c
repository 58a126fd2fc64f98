/* The scripted runner: plays a string of the game's own keys headless and
 * prints the log, a line about the run, and its digest. It keeps the save
 * as the game does: a checkpoint on each new floor, Esc's menu saves and
 * quits, death and victory delete it, and --continue starts from it.
 * It plays in a throwaway save folder of its own, so a scripted run never
 * touches the player's saved run, unless --home DIR names a folder or
 * --continue asks for the waiting save. Golden tests and bug reports are
 * made of these. */
#define _XOPEN_SOURCE 700   /* nftw, mkdtemp */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "input.h"
#include "known.h"
#include "run.h"
#include "save.h"
#include "slot.h"

enum { MAX_KEYS = 1 << 20 };

/* --show: the floor as the player knows it, each row cut after its last
 * known cell */
static void print_known_floor(const Run *run)
{
    for (int y = 0; y < MAP_H; ++y) {
        char row[MAP_W + 1];
        int end = 0;
        for (int x = 0; x < MAP_W; ++x) {
            row[x] = known_glyph(run, (Point){x, y});
            if (row[x] != ' ') end = x + 1;
        }
        row[end] = '\0';
        puts(row);
    }
}

/* --show-all: the whole floor as F1 shows it, every monster, item and
 * trap, and secret doors as doors */
static void print_floor(const Run *run)
{
    const Level *level = run_level(run);
    for (int y = 0; y < MAP_H; ++y) {
        for (int x = 0; x < MAP_W; ++x) {
            Point p = {x, y};
            int m = lvl_monster_at(level, p), item = lvl_item_at(level, p);
            int trap = lvl_trap_at(level, p);
            Terrain t = map_at(&level->map, x, y);
            char c = map_terrain_def(t == T_SECRET_DOOR ? T_CLOSED_DOOR : t)->glyph;
            if (point_eq(p, run_player(run)->pos)) c = '@';
            else if (m >= 0) c = run_data(run)->monsters[level->monsters[m].kind].glyph;
            else if (item >= 0) c = run_item_glyph(run, level->items[item].stack.kind);
            else if (trap >= 0) c = '^';
            putchar(c);
        }
        putchar('\n');
    }
}

/* Continues the waiting save, as the title's C does; says why not */
static bool continue_run(Input *input)
{
    if (!slot_has_run(input->setup.slot)) {
        fprintf(stderr, "amulets: there's no saved run in %s\n", input->setup.slot->dir);
        return false;
    }
    if (input_continue(input)) return true;
    for (int i = 0; i < input->title.line_count; ++i) fprintf(stderr, "%s\n", input->title.lines[i]);
    return false;
}

/* The runner's save folder. A scripted run is a test or a bug report,
 * not the player's game: it gets a throwaway folder of its own, and
 * touches the player's saved run only when asked to (--continue, or an
 * explicit --home), and then holds the folder's lock like the window */
typedef struct RunnerHome {
    Slot slot;
    char throwaway[APP_THROWAWAY_SIZE];   /* the folder made for this run, or "" */
} RunnerHome;

bool app_throwaway_folder(char out[APP_THROWAWAY_SIZE], char *error, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(out, APP_THROWAWAY_SIZE, "%s/amulets-run-XXXXXX",
             tmp != NULL && tmp[0] == '/' && strlen(tmp) < 200 ? tmp : "/tmp");
    if (mkdtemp(out) != NULL) return true;
    file_explain(error, size, "a throwaway save folder can't be made", errno);
    out[0] = '\0';
    return false;
}

static bool make_throwaway(RunnerHome *home, char *error, size_t size)
{
    return app_throwaway_folder(home->throwaway, error, size);
}

static bool open_home(RunnerHome *home, const Options *options)
{
    char error[SLOT_ERROR_SIZE];
    memset(home, 0, sizeof *home);
    bool real = options->resume || options->home != NULL;
    bool ok = real || make_throwaway(home, error, sizeof error);
    const char *dir = options->home != NULL ? options->home : real ? getenv("AMULETS_HOME") : home->throwaway;
    ok = ok && slot_init(&home->slot, dir, getenv("XDG_DATA_HOME"), getenv("HOME"), error, sizeof error);
    ok = ok && (!real || slot_lock(&home->slot, error, sizeof error));
    if (!ok) fprintf(stderr, "amulets: %s\n", error);
    return ok;
}

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *ftw)
{
    (void)info, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void app_remove_throwaway(const char *folder)
{
    if (folder[0] != '\0') nftw(folder, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void close_home(RunnerHome *home)
{
    slot_unlock(&home->slot);
    app_remove_throwaway(home->throwaway);
}

int app_play_keys(const Options *options, const GameData *data)
{
    int *keys = malloc(MAX_KEYS * sizeof *keys);
    char error[160];
    int count = keys ? key_parse(options->play, keys, MAX_KEYS, error, sizeof error) : -1;
    if (count < 0) {
        fprintf(stderr, "amulets: --play: %s\n", keys ? error : "out of memory");
        free(keys);
        return 2;
    }
    RunnerHome home;
    Input input;
    InputSetup setup = {.data = data, .slot = &home.slot, .seed = options->seed, .start_floor = options->floor,
                        .class_index = options->class_index, .debug = options->debug, .clock = session_wall_clock};
    bool had_home = open_home(&home, options);
    bool opened = had_home && input_open(&input, &setup);
    if (!opened || (options->resume && !continue_run(&input))) {
        if (opened) input_free(&input);
        if (had_home) close_home(&home);
        free(keys);
        return 1;
    }
    if (input_play(&input, keys, count) && input_screen(&input) == SCREEN_PLAYING) {
        printf("saved\n");   /* the runner has no title: a quit mid-run is the menu's S */
    }
    const Run *run = input.session.run;
    app_print_log(run);
    app_print_summary(run, input_screen_name(input_screen(&input)));
    if (options->show) print_known_floor(run);
    if (options->show_all) print_floor(run);
    if (options->digest) printf("digest %016llx\n", (unsigned long long)save_digest(run));
    input_free(&input);
    close_home(&home);
    free(keys);
    return 0;
}
