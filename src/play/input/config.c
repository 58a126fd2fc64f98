/* The player's keys.txt and options.txt. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heed.h"
#include "records.h"

enum { CONFIG_FILE_LIMIT = 64 * 1024 };

bool config_dir(char *out, size_t size, const char *xdg_config_home, const char *home)
{
    int n;
    if (xdg_config_home != NULL && xdg_config_home[0] != '\0') {
        n = snprintf(out, size, "%s/AmuletsOfSDL", xdg_config_home);
    } else if (home != NULL && home[0] != '\0') {
        n = snprintf(out, size, "%s/.config/AmuletsOfSDL", home);
    } else {
        return false;
    }
    return n > 0 && (size_t)n < size;
}

/* Where the store's name is, for the messages */
static void path_of(Store store, const char *name, char out[CONFIG_PATH_SIZE + 32])
{
    snprintf(out, CONFIG_PATH_SIZE + 32, "%s/%s", store.ops->where(store.self), name);
}

/* Reads name into records; false (with nothing to free) if it's
 * missing, or can't be read (a mistake then). The player's files are
 * read as they are, whatever their mark says: the game's head and mark
 * are comments, so the lines keep the numbers the player sees; one
 * without the head is the player's own; and one whose mark doesn't fit
 * what's before it was changed after the game wrote it, most likely by
 * the player's hand, whose change wins (each line is checked as in any
 * file the player writes, and a mistake keeps its default). Refusing it
 * would put back the defaults over what the player chose: NetHack's,
 * DCSS's and Angband's option files are the player's, never checked
 * for a mark. */
static bool read_records(Store store, const char *name, RecFile *records, Errors *errors)
{
    char path[CONFIG_PATH_SIZE + 32], why[256];
    path_of(store, name, path);
    char *text = NULL;
    size_t length = 0;
    FileRead read = store.ops->read(store.self, name, CONFIG_FILE_LIMIT, &text, &length, why, sizeof why);
    if (read == FILE_READ_MISSING) return false;
    if (read != FILE_READ_OK) {
        errors_add(errors, "%s: %s", path, why);
        return false;
    }
    rec_parse(records, text, length, path, errors);
    free(text);
    return true;
}

/* Each record must be [type], and there is one: a second would win
 * without a word, so it's a mistake, and only the first is read */
static bool right_type(const RecFile *records, int i, const char *type, const char *file, Errors *errors)
{
    const Record *record = &records->records[i];
    if (strcmp(record->type, type) != 0) {
        errors_add(errors, "%s:%d: [%s] isn't one of this file's records (it has [%s])", file,
                   record->line, record->type, type);
        return false;
    }
    for (int j = 0; j < i; ++j) {
        if (strcmp(records->records[j].type, type) != 0) continue;
        errors_add(errors, "%s:%d: a second [%s] record (the first is on line %d): only the first is read",
                   file, record->line, type, records->records[j].line);
        return false;
    }
    return true;
}

/* ---- options.txt -------------------------------------------------------- */

static const char *const COLOR_NAMES[COLORS_COUNT] = {
    [COLORS_AUTO] = "auto", [COLORS_256] = "256", [COLORS_16] = "16",
    [COLORS_8] = "8",       [COLORS_NONE] = "none",
};

const char *config_colors_name(ColorMode colors)
{
    return (unsigned)colors < COLORS_COUNT ? COLOR_NAMES[colors] : "auto";
}

ColorMode config_colors_named(const char *name)
{
    for (int i = 0; i < COLORS_COUNT; ++i) {
        if (strcmp(COLOR_NAMES[i], name) == 0) return (ColorMode)i;
    }
    return COLORS_COUNT;
}

void config_default_settings(Settings *out)
{
    memset(out, 0, sizeof *out);
    out->colors = COLORS_AUTO;
    out->autopickup = HEED_TAKE_DEFAULT;
    out->flight_delay = SETTINGS_FLIGHT_DELAY;
}

static void read_view(Fields *f, Settings *out)
{
    if (!fld_has(f, "view")) return;
    const char *view = fld_text(f, "view");
    if (strcmp(view, "tiles") == 0 || strcmp(view, "glyphs") == 0) out->tile_view = view[0] == 't';
    else fld_report(f, fld_line(f, "view"), "'view' should be glyphs or tiles, not '%.40s'", view);
}

static void read_window(Fields *f, Settings *out)
{
    if (!fld_has(f, "window")) return;
    const char *text = fld_text(f, "window");
    int w, h;
    char end;
    if (sscanf(text, "%dx%d%c", &w, &h, &end) != 2 || w < SETTINGS_MIN_W || h < SETTINGS_MIN_H ||
        w > SETTINGS_MAX_SIDE || h > SETTINGS_MAX_SIDE) {
        fld_report(f, fld_line(f, "window"), "'window' should be WIDTHxHEIGHT, from %dx%d to %dx%d",
                   SETTINGS_MIN_W, SETTINGS_MIN_H, SETTINGS_MAX_SIDE, SETTINGS_MAX_SIDE);
        return;
    }
    out->width = w;
    out->height = h;
}

static void read_colors(Fields *f, Settings *out)
{
    if (!fld_has(f, "colors")) return;
    const char *text = fld_text(f, "colors");
    ColorMode colors = config_colors_named(text);
    if (colors == COLORS_COUNT) {
        fld_report(f, fld_line(f, "colors"), "'colors' should be auto, 256, 16, 8 or none, not '%.40s'", text);
    } else {
        out->colors = colors;
    }
}

static void read_flight_delay(Fields *f, Settings *out)
{
    if (!fld_has(f, "flight_delay")) return;
    const char *text = fld_text(f, "flight_delay");
    int ms;
    char end;
    if (sscanf(text, "%d%c", &ms, &end) != 1 || ms < 0 || ms > SETTINGS_FLIGHT_MOST) {
        fld_report(f, fld_line(f, "flight_delay"), "'flight_delay' should be a number of milliseconds from 0 "
                   "(no flights shown) to %d, not '%.40s'", SETTINGS_FLIGHT_MOST, text);
        return;
    }
    out->flight_delay = ms;
}

/* autopickup = words (heed.h's), or none: all or nothing, so a word
 * mistaken never leaves half a choice */
static void read_autopickup(Fields *f, Settings *out)
{
    if (!fld_has(f, "autopickup")) return;
    const char *p = fld_text(f, "autopickup");
    if (p[0] == '\0') return;   /* fld_text said so */
    unsigned take = 0;
    char word[24];
    bool none = false;
    for (int n = 0; sscanf(p, " %23s%n", word, &n) == 1; p += n) {
        unsigned bit = heed_take_named(word);
        none = none || strcmp(word, "none") == 0;
        if (bit == 0 && strcmp(word, "none") != 0) {
            fld_report(f, fld_line(f, "autopickup"), "'autopickup' takes potions scrolls weapons armor "
                       "missiles own_missiles, or none, not '%.40s'", word);
            return;
        }
        take |= bit;
    }
    if (none && take != 0) {
        fld_report(f, fld_line(f, "autopickup"), "'autopickup' is none, or a list of what to take: not both");
        return;
    }
    out->autopickup = take;
}

bool config_read_settings(Store store, Settings *out, Errors *errors)
{
    RecFile records = {0};
    int before = errors->count;
    if (!read_records(store, "options.txt", &records, errors)) return errors->count == before;
    char file[CONFIG_PATH_SIZE + 32];
    path_of(store, "options.txt", file);
    for (int i = 0; i < records.count; ++i) {
        if (!right_type(&records, i, "options", file, errors)) continue;
        Fields f;
        fld_init(&f, &records.records[i], file, errors);
        read_view(&f, out);
        read_window(&f, out);
        read_colors(&f, out);
        read_autopickup(&f, out);
        read_flight_delay(&f, out);
        fld_finish(&f);
    }
    rec_free(&records);
    return errors->count == before;
}

bool config_write_settings(Store store, const Settings *s, char *error, size_t error_size)
{
    char text[1024], window[48] = "", take[128];
    if (s->width > 0 && s->height > 0) snprintf(window, sizeof window, "window = %dx%d\n", s->width, s->height);
    heed_take_words(s->autopickup, take, sizeof take);
    int n = snprintf(text, sizeof text,
                     "# Amulets of SDL's options, written by the game when it closes (it\n"
                     "# keeps the view and the window's size); data/options.txt explains them\n"
                     "[options]\n"
                     "view = %s\n%scolors = %s\nautopickup = %s\nflight_delay = %d\n",
                     s->tile_view ? "tiles" : "glyphs", window, config_colors_name(s->colors), take,
                     s->flight_delay);
    return store_write_marked(store, "options.txt", text, (size_t)n, error, error_size);
}

/* ---- keys.txt -------------------------------------------------------------- */

/* The next word of text at *p (at most size - 1 bytes), or false */
static bool next_word(const char **p, char *out, size_t size)
{
    while (**p == ' ' || **p == '\t') ++*p;
    size_t n = 0;
    for (; **p != '\0' && **p != ' ' && **p != '\t'; ++*p) {
        if (n + 1 < size) out[n++] = **p;
    }
    out[n] = '\0';
    return n > 0;
}

/* One binding's keys from its value; false (reported) if a word is wrong */
static bool read_binding(Fields *f, KeyBinding binding, int keys[KEYS_PER_BINDING])
{
    const char *name = key_binding_name(binding);
    int line = fld_line(f, name), count = 0;
    const char *p = fld_text(f, name);
    char word[24];
    memset(keys, 0, KEYS_PER_BINDING * sizeof keys[0]);
    while (next_word(&p, word, sizeof word)) {
        int key = key_named(word);
        if (key < 0) {
            fld_report(f, line, "'%s' isn't a key: a character, or one of esc enter space up down left "
                       "right kp1..kp9 lt gt", word);
            return false;
        }
        if (key >= AK_F1 && key <= AK_F12) {
            fld_report(f, line, "'%s' is kept for the debugging views (F1 to F12)", word);
            return false;
        }
        /* the pack's letters choose its items */
        if (binding == KB_BACK && key >= 'a' && key < 'a' + PACK_SLOTS) {
            fld_report(f, line, "'%c' is an item's letter in the pack, so 'back' can't have it", key);
            return false;
        }
        if (count == KEYS_PER_BINDING) {
            fld_report(f, line, "'%s' has more than %d keys", name, KEYS_PER_BINDING);
            return false;
        }
        keys[count++] = key;
    }
    return count > 0;   /* an empty value fld_text reported */
}

/* The first key two bindings share, or 0 */
static int shared_key(const KeyMap *map, int a, int b)
{
    for (int i = 0; i < KEYS_PER_BINDING; ++i) {
        if (map->keys[a][i] != 0 && key_bound(map, (KeyBinding)b, map->keys[a][i])) return map->keys[a][i];
    }
    return 0;
}

/* Two bindings read on one screen that share a key: the player's go back
 * to their defaults, again until none do (the defaults share none) */
static void settle(KeyMap *map, int *lines, const char *file, Errors *errors)
{
    KeyMap defaults;
    key_defaults(&defaults);
    for (bool changed = true; changed;) {
        changed = false;
        for (int a = 0; a < KB_COUNT && !changed; ++a) {
            for (int b = a + 1; b < KB_COUNT && !changed; ++b) {
                int key = shared_key(map, a, b);
                if (key == 0 || !key_share_screen((KeyBinding)a, (KeyBinding)b)) continue;
                int undo = lines[b] > 0 ? b : a;   /* the player's own, the later first */
                if (lines[a] > lines[b] && lines[a] > 0) undo = a;
                char name[16];
                key_spelling(key, name, sizeof name);
                errors_add(errors, "%s:%d: '%s' is both %s and %s, on the same screen: %s keeps its own keys",
                           file, lines[undo], name, key_binding_name((KeyBinding)a),
                           key_binding_name((KeyBinding)b), key_binding_name((KeyBinding)undo));
                memcpy(map->keys[undo], defaults.keys[undo], sizeof map->keys[undo]);
                lines[undo] = 0;
                changed = true;
            }
        }
    }
}

void config_read_keys(Store store, KeyMap *out, Errors *errors)
{
    key_defaults(out);
    RecFile records = {0};
    if (!read_records(store, "keys.txt", &records, errors)) return;
    char file[CONFIG_PATH_SIZE + 32];
    path_of(store, "keys.txt", file);
    int lines[KB_COUNT] = {0};   /* where the player rebound each, or 0 */
    for (int i = 0; i < records.count; ++i) {
        if (!right_type(&records, i, "keys", file, errors)) continue;
        Fields f;
        fld_init(&f, &records.records[i], file, errors);
        for (int b = 0; b < KB_COUNT; ++b) {
            const char *name = key_binding_name((KeyBinding)b);
            int keys[KEYS_PER_BINDING];
            if (!fld_has(&f, name) || !read_binding(&f, (KeyBinding)b, keys)) continue;
            memcpy(out->keys[b], keys, sizeof keys);
            lines[b] = fld_line(&f, name);
        }
        fld_finish(&f);
    }
    rec_free(&records);
    settle(out, lines, file, errors);
}

/* ---- The player's config, as a game by hand starts ------------------------- */

void config_defaults(PlayerConfig *config)
{
    memset(config, 0, sizeof *config);
    config_default_settings(&config->settings);
    key_defaults(&config->keys);
    config->clean = true;
}

void config_load(PlayerConfig *config, const char *dir, Store store)
{
    config_defaults(config);
    char error[256];
    if (store.ops == NULL && dir != NULL && store_posix_open(&config->folder, dir, false, error, sizeof error)) {
        config->folder.read_links = true;   /* the player may keep them elsewhere, linked */
        store = store_posix(&config->folder);
    }
    config->store = store;
    if (store.ops == NULL) return;
    config->clean = config_read_settings(store, &config->settings, &config->mistakes);
    config_read_keys(store, &config->keys, &config->mistakes);
    /* the log names the files as the player knows them, without the folder */
    const char *where = store.ops->where(store.self);
    size_t folder = strlen(where);
    for (int i = 0; i < config->mistakes.count; ++i) {
        const char *line = config->mistakes.lines[i];
        if (strncmp(line, where, folder) == 0 && line[folder] == '/') line += folder + 1;
        errors_add(&config->notes, "Mistake, kept as it was: %s", line);
    }
}

void config_free(PlayerConfig *config)
{
    errors_clear(&config->mistakes);
    errors_clear(&config->notes);
    store_posix_close(&config->folder);
}

bool config_remember(const PlayerConfig *config, bool tile_view, int width, int height, char *error,
                     size_t error_size)
{
    if (config->store.ops == NULL || !config->clean) return true;
    Settings now = config->settings;
    now.tile_view = tile_view;
    if (width > 0 && height > 0) {
        now.width = width;
        now.height = height;
    }
    const Settings *was = &config->settings;
    if (now.tile_view == was->tile_view && now.width == was->width && now.height == was->height) return true;
    /* the store changes only by its lock, never taken here */
    return config_write_settings(config->store, &now, error, error_size);
}
