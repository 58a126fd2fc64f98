/* The player's config folder for the ways to play by hand (the window
 * and the terminal): keys.txt and options.txt, read once at the start,
 * their mistakes said on stderr and in the game's log. The scripted ways
 * (--play, --screenshot, replays) never read them, so a string of keys
 * plays the same run on every machine. */
#include <stdlib.h>
#include <string.h>

#include "app.h"

void app_prefs_load(Prefs *prefs)
{
    memset(prefs, 0, sizeof *prefs);
    config_default_settings(&prefs->settings);
    key_defaults(&prefs->keys);
    prefs->have_dir = config_dir(prefs->dir, sizeof prefs->dir, getenv("XDG_CONFIG_HOME"), getenv("HOME"));
    char error[512];
    prefs->have_dir = prefs->have_dir && store_posix_open(&prefs->store, prefs->dir, false, error, sizeof error);
    if (!prefs->have_dir) return;
    prefs->store.read_links = true;   /* the player may keep them elsewhere, linked */
    Store store = store_posix(&prefs->store);
    prefs->settings_clean = config_read_settings(store, &prefs->settings, &prefs->mistakes);
    config_read_keys(store, &prefs->keys, &prefs->mistakes);
    if (prefs->mistakes.count == 0) return;
    fprintf(stderr, "amulets: mistakes in the config files (each keeps its default):\n");
    errors_print(&prefs->mistakes, stderr, -1);
    /* the log names the files as the player knows them, without the folder */
    size_t folder = strlen(prefs->dir);
    for (int i = 0; i < prefs->mistakes.count; ++i) {
        const char *line = prefs->mistakes.lines[i];
        if (strncmp(line, prefs->dir, folder) == 0 && line[folder] == '/') line += folder + 1;
        errors_add(&prefs->notes, "Mistake, kept as it was: %s", line);
    }
}

void app_prefs_free(Prefs *prefs)
{
    errors_clear(&prefs->mistakes);
    errors_clear(&prefs->notes);
}

bool app_prefs_remember(const Prefs *prefs, bool tile_view, int width, int height)
{
    if (!prefs->have_dir || !prefs->settings_clean) return true;   /* a file with mistakes is the player's to mend */
    Settings now = prefs->settings;
    now.tile_view = tile_view;
    now.width = width;
    now.height = height;
    const Settings *was = &prefs->settings;
    if (now.tile_view == was->tile_view && now.width == was->width && now.height == was->height) return true;
    char error[512];
    /* the store changes only by its lock, never taken here */
    if (config_write_settings(store_posix((PosixStore *)&prefs->store), &now, error, sizeof error)) return true;
    fprintf(stderr, "amulets: the options weren't kept: %s\n", error);
    return false;
}
