/* The player's own files: keys.txt rebinds any of the game's keys,
 * options.txt holds the view, the window's size, the terminal's colours,
 * what auto-explore picks up and how long a flight's frame shows
 * (data/keys.txt and data/options.txt are documented copies of the
 * defaults). They live in the player's config folder ($XDG_CONFIG_HOME/
 * AmuletsOfSDL, else ~/.config/AmuletsOfSDL), or in the page's own store
 * (the browser's, where its Files page edits them): read once as a game
 * by hand starts, the same for every frontend (PlayerConfig, below).
 * Both are in the data files' record format (records.h), read with
 * file:line mistakes that are never fatal: each mistake is reported and
 * what it would have changed keeps its default. The window writes
 * options.txt back (whole or not at all) so the view and its size last
 * from one launch to the next. */
#ifndef AMULETS_CONFIG_H
#define AMULETS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "errors.h"
#include "keys.h"
#include "store.h"

enum { CONFIG_PATH_SIZE = 2048 };
#define CONFIG_KEYS "keys.txt"
#define CONFIG_OPTIONS "options.txt"

/* How many colours the terminal paints with */
typedef enum ColorMode {
    COLORS_AUTO,    /* as many as the terminal has; none with NO_COLOR set */
    COLORS_256,
    COLORS_16,
    COLORS_8,
    COLORS_NONE,
    COLORS_COUNT
} ColorMode;

typedef struct Settings {
    bool tile_view;       /* view = tiles (else glyphs) */
    int width, height;    /* window = WxH: the window's size; 0 for the default */
    ColorMode colors;     /* colors = auto | 256 | 16 | 8 | none */
    unsigned autopickup;  /* autopickup = what o picks up besides gold and
                             the Amulets: heed.h's HEED_TAKE_* words, or none */
    int flight_delay;     /* flight_delay = how long each frame of a
                             missile's flight, a bolt or a burst shows, in
                             milliseconds (DCSS's view_delay); 0 shows none */
} Settings;

enum { SETTINGS_MIN_W = 320, SETTINGS_MIN_H = 200, SETTINGS_MAX_SIDE = 8192 };
enum { SETTINGS_FLIGHT_DELAY = 22, SETTINGS_FLIGHT_MOST = 1000 };

/* The config folder from the environment's values as given (NULL or ""
 * when unset); false if neither is set */
bool config_dir(char *out, size_t size, const char *xdg_config_home, const char *home);

void config_default_settings(Settings *out);

/* Reads the config store's options.txt over the defaults in *out. A missing file is no
 * mistake. True if the file was read without a mistake (or is missing),
 * so that writing it back loses nothing the player wrote. */
bool config_read_settings(Store store, Settings *out, Errors *errors);

/* Writes options.txt, whole or not at all, with the head and mark of
 * every file the game writes (store.h; config_read_settings reads a file
 * changed by hand as it is), making the folder if it's missing; false
 * with the player's words in error */
bool config_write_settings(Store store, const Settings *settings, char *error, size_t error_size);

/* Reads keys.txt over the default keys in *out. A binding with a
 * mistake keeps its default keys, and so do two that would share a key
 * on a screen. A missing file is no mistake. */
void config_read_keys(Store store, KeyMap *out, Errors *errors);

/* The name options.txt gives colors, and the reverse (COLORS_COUNT if
 * the name is none of them) */
const char *config_colors_name(ColorMode colors);
ColorMode config_colors_named(const char *name);

/* ---- The player's config, as a game by hand starts ------------------------- */

/* keys.txt and options.txt, read once through a store: the config
 * folder's (a link in a file's place read through, as the player may keep
 * them elsewhere), or one given (the page's). Never moved once loaded:
 * its store may be its own folder's. */
typedef struct PlayerConfig {
    PosixStore folder;     /* the config folder, when that's where they are */
    Store store;           /* where they were read (.ops NULL: nowhere, the
                              defaults), and where options.txt is written */
    bool clean;            /* options.txt had no mistake: writing it back
                              loses nothing the player wrote */
    Settings settings;
    KeyMap keys;
    Errors mistakes;       /* each "FOLDER/keys.txt:3: ..." */
    Errors notes;          /* the same for the game's log, without the
                              folder: "Mistake, kept as it was: keys.txt:3: ..." */
} PlayerConfig;

/* The game's own keys and options, read from nowhere */
void config_defaults(PlayerConfig *config);
/* Reads both files from store, or (store.ops NULL) from the folder dir
 * (NULL: none, the defaults); a folder that can't be opened is the
 * defaults too, as a missing file is */
void config_load(PlayerConfig *config, const char *dir, Store store);
void config_free(PlayerConfig *config);
/* A frontend closed in this view at this size (0 x 0: it has none): the
 * store's options.txt keeps them for the next start, written only if
 * they changed, and never over a file with mistakes (the player's to
 * mend). False, with the player's words in error, if it couldn't be */
bool config_remember(const PlayerConfig *config, bool tile_view, int width, int height, char *error,
                     size_t error_size);

#endif
