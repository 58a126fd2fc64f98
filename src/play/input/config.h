/* The player's own files, in their config folder ($XDG_CONFIG_HOME/
 * AmuletsOfSDL, else ~/.config/AmuletsOfSDL): keys.txt rebinds any of
 * the game's keys, options.txt holds the view, the window's size, the
 * terminal's colours and what auto-explore picks up (data/keys.txt and data/options.txt are documented
 * copies of the defaults). Both are in the data files' record format
 * (records.h), read with file:line mistakes that are never fatal: each
 * mistake is reported and what it would have changed keeps its default.
 * The window writes options.txt back (whole or not at all) so the view
 * and its size last from one launch to the next. */
#ifndef AMULETS_CONFIG_H
#define AMULETS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "errors.h"
#include "keys.h"
#include "store.h"

enum { CONFIG_PATH_SIZE = 2048 };

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
} Settings;

enum { SETTINGS_MIN_W = 320, SETTINGS_MIN_H = 200, SETTINGS_MAX_SIDE = 8192 };

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

#endif
