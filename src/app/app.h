/* The command-line program's parts: each mode of amulets is a function
 * here, given what the options said. */
#ifndef AMULETS_APP_H
#define AMULETS_APP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "data.h"
#include "run.h"

typedef struct Options {
    const char *data_dir;
    uint64_t seed;
    int floor;
    const char *play;        /* --play KEYS, or NULL */
    const char *replay;      /* --replay FILE, or NULL */
    bool digest;             /* --digest */
    bool show;               /* --show: print the floor as the player knows it at the end */
    bool show_all;           /* --show-all: print the whole floor, as F1 shows it */
    bool headless;           /* --headless: a replay without the window */
    bool debug;              /* --debug: the debugging views work */
    bool resume;             /* --continue: the waiting save first */
    const char *home;        /* --home DIR: the save folder the runner uses
                                (else a throwaway one, or with --continue
                                the player's own) */
    bool seed_given;
    const char *class_id;    /* --class ID, or NULL: classes.txt's first */
    int class_index;         /* the class, once the data is loaded */
    const char *screenshot;  /* --screenshot FILE */
    bool tile_view;          /* --tiles (or --glyphs, the default) */
    bool view_given;         /* one of them was given: options.txt's view is not used */
    bool term;               /* --term: play in the terminal */
    const char *font_path;   /* --font FILE */
    const char *tiles_dir;   /* --tiles-dir DIR */
    int width, height;       /* --size WxH */
    bool check_data;
    bool deep;               /* --check-data --deep: decode the atlases */
    const char *check_dir;
    bool catalog;
    uint64_t catalog_first;  /* --catalog FIRST COUNT: a seed, as --seed takes */
    int catalog_count;
    bool duel;               /* --duel [CLASS] [MONSTER] [N] */
    const char *duel_class, *duel_monster;   /* an id, or NULL for all */
    int duel_fights;
} Options;

/* The frontends' shared objects (modules.c), beside the program: whether
 * one is there, and its table (NULL, said on stderr, if it won't load) */
bool app_module_present(const char *file);
const void *app_module_table(const char *file, const char *table);

/* Loads the data, printing the mistakes (the first few, and "and N more")
 * to out; false if there were any */
bool app_load_data(const char *dir, GameData *data, FILE *out);

int app_check_data(const char *dir, bool deep);
int app_play_keys(const Options *options, const GameData *data);
int app_catalog(const Options *options, const GameData *data);
int app_replay(const Options *options, const GameData *data);
int app_duel(const Options *options, const GameData *data);
/* --verify FILE|- [--ranked] [--data DIR] (verify.c): its own words
 * after --verify, and the data's folder unless --data says another */
int app_verify(int argc, char **argv, const char *data_dir);

/* A run's log, and a line about it (and how it ended), on stdout */
void app_print_log(const Run *run);
/* screen: the input layer's name for what's up, or NULL for the run's mode */
void app_print_summary(const Run *run, const char *screen);

/* A scripted run's own save folder, made fresh in the system's temporary
 * folder (a script is a test or a bug report, never the player's game),
 * and removed with all it holds after */
enum { APP_THROWAWAY_SIZE = 256 };
bool app_throwaway_folder(char out[APP_THROWAWAY_SIZE], char *error, size_t size);
void app_remove_throwaway(const char *folder);

#endif
