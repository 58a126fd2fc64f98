/* amulets: the command-line entry. */
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include "app.h"
#include "bots.h"
#include "front.h"
#include "slot.h"
#include "terminal.h"
#include "tilecheck.h"
#include "tune.h"

enum { MISTAKES_SHOWN = 10 };

static void usage(FILE *out)
{
    fputs("usage: amulets [--seed N] [--floor N] [--data DIR] [--tiles|--glyphs]\n"
          "               [--font FILE] [--tiles-dir DIR] [--size WxH] [--debug]\n"
          "       amulets --term [--seed N] [--floor N] [--data DIR]   (in the terminal)\n"
          "       amulets --seed N [--floor N] [--class ID] --play KEYS --screenshot FILE.png [--tiles|--glyphs] [--digest]\n"
          "       amulets --seed N [--floor N] [--class ID] --play KEYS [--digest] [--show | --show-all]\n"
          "               [--home DIR]\n"
          "       amulets --continue --play KEYS [--digest] [--show | --show-all]\n"
          "       amulets --replay FILE              (watch it in the window)\n"
          "       amulets --replay FILE [--digest] [--headless]\n"
          "       amulets --verify FILE|- [--ranked] [--data DIR]   (one line of JSON)\n"
          "       amulets --catalog FIRST COUNT\n"
          "       amulets --duel [CLASS|all] [MONSTER|all] [FIGHTS]\n"
          "       amulets --bot --runs N [--seeds FIRST] [--class ID|all] [-j THREADS] [--out DIR] [--turns MOST]\n"
          "       amulets --bot-report DIR|FILE... [--html FILE]\n"
          "       amulets --check-data [DIR] [--deep]   (--deep: decode the atlases too)\n"
          "       amulets --version                 (and the window's SDL)\n"
          "KEYS are the game's own keys; <esc> <enter> <up> <down> <left> <right>\n"
          "<kp1>..<kp9> <f1>..<f12> <lt> <gt> name the special ones.\n"
          "--debug lets F1, F3, F4, F6 and F7 show the debugging views (in the window, a\n"
          "screenshot or --play); a run they're used in is marked so, and kept off the high scores.\n"
          "The save lives in $AMULETS_HOME, or the user's data folder; keys.txt and\n"
          "options.txt in $XDG_CONFIG_HOME/AmuletsOfSDL (else ~/.config/AmuletsOfSDL).\n", out);
}

bool app_load_data(const char *dir, GameData *data, FILE *out)
{
    Errors errors = {0};
    bool ok = data_load_dir(data, dir, &errors);
    if (!ok) {
        fprintf(out, "The game can't start: its data files have mistakes.\n");
        errors_print(&errors, out, MISTAKES_SHOWN);
    }
    errors_clear(&errors);
    return ok;
}

static const FrontWindowApi *window_api(void)
{
    const FrontWindowApi *api = app_module_present(FRONT_WINDOW_MODULE)
                                    ? app_module_table(FRONT_WINDOW_MODULE, "front_window_api") : NULL;
    if (api == NULL && !app_module_present(FRONT_WINDOW_MODULE)) {
        fprintf(stderr, "amulets: built without the window: SDL3, SDL3_ttf and SDL3_image weren't "
                        "found or built (make play builds them)\n");
    }
    return api;
}

/* --version: the game's file versions, and the SDL the window was linked
 * with (loading the window's module, which only this and a window do) */
static int app_version(void)
{
    printf("Amulets of SDL: saves version %d, recordings version %d\n", SAVE_VERSION, REP_GAME_VERSION);
    if (!app_module_present(FRONT_WINDOW_MODULE)) {
        printf("The window: not built (SDL3 wasn't found or built)\n");
        return 0;
    }
    const FrontWindowApi *api = app_module_table(FRONT_WINDOW_MODULE, "front_window_api");
    if (api == NULL) return 1;
    char versions[128];
    api->versions(versions, sizeof versions);
    printf("The window: %s\n", versions);
    return 0;
}

/* tiles.txt and its atlases' sizes, without the window; deep, the
 * window's own reading too, which decodes the atlases and finds blank
 * pictures (only where the window is built) */
static bool check_tiles(const char *dir, const GameData *data, Errors *errors, bool deep)
{
    char tiles_txt[4096];
    snprintf(tiles_txt, sizeof tiles_txt, "%s/tiles.txt", dir);
    TileList list;
    bool ok = tilecheck_read(&list, data, tiles_txt, tilecheck_dir(NULL), errors);
    bool builtin = list.builtin;
    tilecheck_free(&list);
    if (ok && deep && app_module_present(FRONT_WINDOW_MODULE)) {
        const FrontWindowApi *api = app_module_table(FRONT_WINDOW_MODULE, "front_window_api");
        FrontOptions front = {.game = {.data_dir = dir}};
        ok = api != NULL && api->check_tiles(&front, data, errors, &builtin);
    }
    if (ok && builtin) {
        printf("%s/tiles.txt: checked without the pictures, which aren't installed "
               "(Debian's crawl-tiles-data), so the tile view draws its own\n", dir);
    }
    return ok;
}

/* --class's id, as an index into the classes; false (having said which
 * there are) if there's no such class */
static bool find_class(const GameData *data, Options *o)
{
    o->class_index = o->class_id != NULL ? data_find_class(data, o->class_id) : 0;
    if (o->class_index >= 0) return true;
    fprintf(stderr, "amulets: --class: no class is called '%s'; the classes are", o->class_id);
    for (int i = 0; i < data->class_count; ++i) {
        fprintf(stderr, "%s %s", i > 0 ? "," : "", data->classes[i].id);
    }
    fputc('\n', stderr);
    return false;
}

int app_check_data(const char *dir, bool deep)
{
    GameData data = {0};
    Errors errors = {0};
    bool ok = data_load_dir(&data, dir, &errors);
    /* tiles.txt names the kinds' tiles, so it's read once they're known */
    ok = ok && check_tiles(dir, &data, &errors, deep);
    errors_print(&errors, stdout, -1);
    if (ok) {
        printf("%s: %d monsters, %d items, %d vaults, %d classes, their tiles, no mistakes\n", dir,
               data.monster_count, data.item_count, data.vault_count, data.class_count);
    } else {
        printf("%d mistake%s\n", errors.count, errors.count == 1 ? "" : "s");
    }
    errors_clear(&errors);
    data_free(&data);
    return ok ? 0 : 1;
}

static bool parse_number(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    long long value = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || value < lo || value > hi) return false;
    *out = value;
    return true;
}

static bool option_number(int argc, char **argv, int *i, const char *name, long long lo,
                          long long hi, long long *out)
{
    if (*i + 1 >= argc || !parse_number(argv[*i + 1], lo, hi, out)) {
        fprintf(stderr, "amulets: %s takes a whole number from %lld to %lld\n", name, lo, hi);
        return false;
    }
    ++*i;
    return true;
}

/* The options that are a switch, or take one word: set by name */
static bool simple_option(int argc, char **argv, int *i, Options *o)
{
    const char *arg = argv[*i];
    const struct { const char *name; bool *flag; } SWITCHES[] = {
        {"--headless", &o->headless}, {"--digest", &o->digest}, {"--continue", &o->resume},
        {"--show", &o->show}, {"--show-all", &o->show_all}, {"--term", &o->term},
        {"--debug", &o->debug}, {"--deep", &o->deep},
    };
    const struct { const char *name; const char **value; } WORDS[] = {
        {"--data", &o->data_dir}, {"--play", &o->play}, {"--replay", &o->replay},
        {"--screenshot", &o->screenshot}, {"--font", &o->font_path},
        {"--tiles-dir", &o->tiles_dir}, {"--home", &o->home}, {"--class", &o->class_id},
    };
    for (size_t k = 0; k < sizeof SWITCHES / sizeof SWITCHES[0]; ++k) {
        if (strcmp(arg, SWITCHES[k].name) == 0) return *SWITCHES[k].flag = true;
    }
    for (size_t k = 0; k < sizeof WORDS / sizeof WORDS[0]; ++k) {
        if (strcmp(arg, WORDS[k].name) == 0 && *i + 1 < argc) {
            *WORDS[k].value = argv[++*i];
            return true;
        }
    }
    if (strcmp(arg, "--tiles") == 0 || strcmp(arg, "--glyphs") == 0) {
        o->tile_view = strcmp(arg, "--tiles") == 0;
        o->view_given = true;
        return true;
    }
    return false;
}

/* --duel's words, each left out for all (or 200 fights): a class, a
 * monster, and a number of fights */
static bool duel_options(int argc, char **argv, int *i, Options *o)
{
    o->duel = true;
    o->duel_fights = 200;
    const char **words[] = {&o->duel_class, &o->duel_monster};
    for (int w = 0; w < 2 && *i + 1 < argc && argv[*i + 1][0] != '-' &&
                    !(argv[*i + 1][0] >= '0' && argv[*i + 1][0] <= '9'); ++w) {
        *words[w] = argv[++*i];
    }
    if (*i + 1 < argc && argv[*i + 1][0] >= '0' && argv[*i + 1][0] <= '9') {
        long long n;
        if (!option_number(argc, argv, i, "--duel FIGHTS", 1, 1000000, &n)) return false;
        o->duel_fights = (int)n;
    }
    return true;
}

/* Reads the options; false (having said why) if they're wrong */
static bool parse_options(int argc, char **argv, Options *o)
{
    long long n;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (simple_option(argc, argv, &i, o)) continue;
        if (strcmp(arg, "--check-data") == 0) {
            o->check_data = true;
            if (i + 1 < argc && argv[i + 1][0] != '-') o->check_dir = argv[++i];
        } else if (strcmp(arg, "--seed") == 0) {
            if (!option_number(argc, argv, &i, "--seed", 0, 4294967295LL, &n)) return false;
            o->seed = (uint64_t)n;
            o->seed_given = true;
        } else if (strcmp(arg, "--floor") == 0) {
            if (!option_number(argc, argv, &i, "--floor", 1, LAST_FLOOR, &n)) return false;
            o->floor = (int)n;
        } else if (strcmp(arg, "--size") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &o->width, &o->height) != 2 || o->width < 320 ||
                o->height < 200 || o->width > 8192 || o->height > 8192) {
                fprintf(stderr, "amulets: --size takes WIDTHxHEIGHT, from 320x200 to 8192x8192\n");
                return false;
            }
        } else if (strcmp(arg, "--catalog") == 0) {
            o->catalog = true;
            if (!option_number(argc, argv, &i, "--catalog FIRST", 0, 4294967295LL, &n)) return false;
            o->catalog_first = (uint64_t)n;
            if (!option_number(argc, argv, &i, "--catalog COUNT", 1, 100000, &n)) return false;
            o->catalog_count = (int)n;
        } else if (strcmp(arg, "--duel") == 0) {
            if (!duel_options(argc, argv, &i, o)) return false;
        } else {
            fprintf(stderr, "amulets: unknown option '%s'\n", arg);
            return false;
        }
    }
    return true;
}

static const char *default_data_dir(void)
{
    const char *env = getenv("AMULETS_DATA");
    return env != NULL && env[0] != '\0' ? env : AMULETS_DATA_DIR;
}

/* The folder of the game's files: $AMULETS_HOME, or the user's data
 * folder (slot.h); NULL if there's none */
static const char *store_root(char *out, size_t size)
{
    Slot probe;
    char error[SLOT_ERROR_SIZE];
    bool found = slot_init(&probe, getenv("AMULETS_HOME"), getenv("XDG_DATA_HOME"), getenv("HOME"), error,
                           sizeof error);
    snprintf(out, size, "%s", found ? probe.dir : "");
    return found ? out : NULL;
}

/* The folders a game names from the environment: the save's and the
 * player's config folder (keys.txt, options.txt), for every frontend */
typedef struct Folders {
    char store[SLOT_PATH_SIZE];
    char config[CONFIG_PATH_SIZE];
} Folders;

/* What a game by hand opens with, in the window or the terminal alike:
 * the save's folder, locked; the player's keys.txt and options.txt; a
 * new run starts by choosing its class */
static LoopConfig game_by_hand(const Options *o, Folders *folders)
{
    bool have_config = config_dir(folders->config, sizeof folders->config, getenv("XDG_CONFIG_HOME"),
                                  getenv("HOME"));
    return (LoopConfig){.data_dir = o->data_dir, .store_root = store_root(folders->store, sizeof folders->store),
                        .lock = true, .config = LOOP_CONFIG_FOLDER,
                        .config_dir = have_config ? folders->config : NULL, .seed = o->seed, .floor = o->floor,
                        .choose_class = true, .view_given = o->view_given, .tile_view = o->tile_view,
                        .debug = o->debug};
}

/* The game in the terminal */
static int app_term(const Options *o)
{
    const TermApi *api = app_module_present(TERM_MODULE) ? app_module_table(TERM_MODULE, "term_api") : NULL;
    if (api == NULL) {
        if (!app_module_present(TERM_MODULE)) {
            fprintf(stderr, "amulets: built without the terminal; install libncurses-dev and build "
                            "again (make play does it)\n");
        }
        return 1;
    }
    Folders folders;
    LoopConfig game = game_by_hand(o, &folders);
    return api->play(&game);
}

/* A game by hand goes in the terminal where no window can be shown
 * (the window isn't built, or there's no display, as over SSH) */
static bool no_window(void)
{
    const char *x = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    bool no_display = (x == NULL || x[0] == '\0') && (wayland == NULL || wayland[0] == '\0');
    return (no_display || !app_module_present(FRONT_WINDOW_MODULE)) && app_module_present(TERM_MODULE);
}

/* A screenshot's run is a script's, as the runner's is: in the folder
 * --home or AMULETS_HOME names, locked as a game by hand locks it, or
 * else in a throwaway folder of its own, so it never writes into the
 * player's saved run (its journal would take a waiting run's place) */
static int screenshot(const FrontWindowApi *api, FrontOptions *front, const Options *o, Folders *folders)
{
    const char *named = o->home != NULL ? o->home : getenv("AMULETS_HOME");
    char throwaway[APP_THROWAWAY_SIZE] = "", error[SLOT_ERROR_SIZE];
    if (named != NULL && named[0] != '\0') {
        snprintf(folders->store, sizeof folders->store, "%s", named);
        front->game.store_root = folders->store;
        front->game.lock = true;
    } else if (app_throwaway_folder(throwaway, error, sizeof error)) {
        front->game.store_root = throwaway;
    } else {
        fprintf(stderr, "amulets: %s\n", error);
        return 1;
    }
    int status = api->screenshot(front);
    app_remove_throwaway(throwaway);
    return status;
}

/* The game in its window, a screenshot of a scripted run, or a recording
 * watched (which plays no run of the player's: no save folder is looked
 * for, or made) */
static int app_window(const Options *o)
{
    bool by_hand = o->screenshot == NULL && o->replay == NULL;
    if (by_hand && no_window()) return app_term(o);
    const FrontWindowApi *api = window_api();
    if (api == NULL) return 1;
    Folders folders;
    FrontOptions front = {.font_path = o->font_path, .tiles_dir = o->tiles_dir, .play = o->play,
                          .screenshot = o->screenshot, .digest = o->digest, .width = o->width,
                          .height = o->height, .replay = o->replay};
    if (by_hand) {
        front.game = game_by_hand(o, &folders);
        return api->window(&front);
    }
    /* scripted, and the same on every machine: the game's own keys and
     * options, a class given or the first; a recording's run in no folder */
    front.game = (LoopConfig){.data_dir = o->data_dir, .config = LOOP_CONFIG_NONE, .seed = o->seed,
                              .floor = o->floor, .class_id = o->class_id, .view_given = true,
                              .tile_view = o->tile_view, .debug = o->debug};
    if (o->replay != NULL) return api->watch(&front);
    return screenshot(api, &front, o, &folders);
}

/* --bot (bots.h): the data is read once, and shared by every thread */
static int bot_main(int argc, char **argv, const char *data_dir)
{
    GameData data = {0};
    if (!app_load_data(data_dir, &data, stderr)) return 1;
    int status = app_bot(argc, argv, &data);
    data_free(&data);
    return status;
}

int main(int argc, char **argv)
{
    Options options = {.seed = 1, .floor = 1};
    if (argc >= 2 && strcmp(argv[1], "--bot-report") == 0) return app_bot_report(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "--bot") == 0) return bot_main(argc - 1, argv + 1, default_data_dir());
    if (argc >= 2 && strcmp(argv[1], "--verify") == 0) return app_verify(argc - 1, argv + 1, default_data_dir());
    if (argc == 2 && strcmp(argv[1], "--version") == 0) return app_version();
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return 0;
    }
    if (!parse_options(argc, argv, &options)) {
        usage(stderr);
        return 2;
    }
    if (options.class_id != NULL && options.play == NULL) {
        /* the window asks for the class on its title */
        fprintf(stderr, "amulets: --class is for scripted runs (--play, and --screenshot)\n");
        return 2;
    }
    if (options.data_dir == NULL) options.data_dir = default_data_dir();
    if (!options.seed_given && options.play == NULL && !options.catalog && !options.duel) {
        /* a new game of one's own: the clock only picks the seed */
        options.seed = (uint64_t)time(NULL);
    }
    if (options.screenshot != NULL) return app_window(&options);
    /* a recording is watched in the window, unless asked for its digest */
    if (options.replay != NULL && !options.digest && !options.headless &&
        app_module_present(FRONT_WINDOW_MODULE)) {
        return app_window(&options);
    }
    if (options.check_data) {
        return app_check_data(options.check_dir ? options.check_dir : options.data_dir, options.deep);
    }
    /* a game by hand: in the terminal if asked, else in the window */
    bool by_hand = options.play == NULL && !options.catalog && !options.resume && !options.replay &&
                   !options.duel;
    if (by_hand) return options.term ? app_term(&options) : app_window(&options);
    GameData data = {0};
    if (!app_load_data(options.data_dir, &data, stderr)) {
        return 1;
    }
    if (!find_class(&data, &options)) {
        data_free(&data);
        return 2;
    }
    if (options.class_id != NULL && (options.resume || options.replay != NULL || options.catalog)) {
        fprintf(stderr, "amulets: --class starts a new run: a saved run or a recording has its own\n");
        data_free(&data);
        return 2;
    }
    int status;
    if (options.replay != NULL) {
        status = app_replay(&options, &data);
    } else if (options.catalog) {
        status = app_catalog(&options, &data);
    } else if (options.duel) {
        status = app_duel(&options, &data);
    } else {
        if (options.play == NULL) options.play = "";
        options.digest = options.digest || options.play[0] == '\0';
        status = app_play_keys(&options, &data);
    }
    data_free(&data);
    return status;
}
