/* The player's keys.txt and options.txt (config.h): where they live, a
 * rebinding that takes effect in the input layer, every kind of mistake
 * with its file:line words and the default kept, and options.txt written
 * back whole and read again. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "config.h"
#include "files.h"
#include "heed.h"
#include "mistakes.h"

static char root[PATH_SIZE];

static void put(const char *name, const char *text)
{
    char path[PATH_SIZE];
    path_of(path, "%s/%s", root, name);
    put_file(path, text, strlen(text));
}

/* The errors' lines, the errors cleared, each "ROOT/keys.txt:3: ..."
 * read as "keys.txt:3: ..." */
static char *without_root(Errors *errors)
{
    char *all = joined(errors);
    errors_clear(errors);
    size_t cut = strlen(root) + 1;
    char *out = calloc(strlen(all) + 1, 1), *w = out;
    for (char *line = all; *line != '\0';) {
        char *end = strchr(line, '\n');
        if (strncmp(line, root, cut - 1) == 0) line += cut;
        memcpy(w, line, (size_t)(end - line) + 1);
        w += end - line + 1;
        line = end + 1;
    }
    free(all);
    return out;
}

/* The config folder dir as a store (the last asked for: one at a time) */
static Store folder(const char *dir)
{
    static PosixStore posix;
    char error[256];
    store_posix_close(&posix);   /* the one before */
    if (!store_posix_open(&posix, dir, false, error, sizeof error)) {
        fprintf(stderr, "%s: %s\n", dir, error);
        exit(EXIT_FAILURE);
    }
    return store_posix(&posix);
}

/* keys.txt's mistakes, one to a line, with the folder's name cut off */
static char *key_mistakes(const char *text, KeyMap *map)
{
    put("keys.txt", text);
    Errors errors = {0};
    config_read_keys(folder(root), map, &errors);
    return without_root(&errors);
}

static void test_folder(void)
{
    char dir[CONFIG_PATH_SIZE];
    CHECK(config_dir(dir, sizeof dir, "/x/config", "/home/p"));
    CHECK_STR(dir, "/x/config/AmuletsOfSDL");
    CHECK(config_dir(dir, sizeof dir, "", "/home/p"));
    CHECK_STR(dir, "/home/p/.config/AmuletsOfSDL");
    CHECK(config_dir(dir, sizeof dir, NULL, "/home/p"));
    CHECK_STR(dir, "/home/p/.config/AmuletsOfSDL");
    CHECK(!config_dir(dir, sizeof dir, NULL, NULL));
}

static void test_missing_files(void)
{
    KeyMap map, defaults;
    key_defaults(&defaults);
    char *m = key_mistakes("", &map);
    CHECK_STR(m, "");
    free(m);
    char path[PATH_SIZE];
    path_of(path, "%s/keys.txt", root);
    remove(path);
    Errors errors = {0};
    config_read_keys(folder(root), &map, &errors);
    CHECK_INT(errors.count, 0);
    CHECK(memcmp(&map, &defaults, sizeof map) == 0);
    Settings s;
    config_default_settings(&s);
    CHECK(config_read_settings(folder(root), &s, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(!s.tile_view);
    CHECK_INT(s.colors, COLORS_AUTO);
}

/* A rebinding: w walks east, l no longer does, and the other keys stay */
static void test_rebinding(void)
{
    KeyMap map;
    char *m = key_mistakes("# my keys\n[keys]\neast = w <right> kp6\nwait = space\nsave_quit = x\n", &map);
    CHECK_STR(m, "");
    free(m);
    CHECK_INT(key_direction_in(&map, 'w'), 2);
    CHECK_INT(key_direction_in(&map, AK_RIGHT), 2);
    CHECK_INT(key_direction_in(&map, 'l'), -1);
    CHECK_INT(key_direction_in(&map, 'h'), 6);
    Command command;
    CHECK_INT(key_action_in(&map, KEYS_PLAYING, ' ', &command), KA_COMMAND);
    CHECK_INT(command.kind, CMD_WAIT);
    CHECK_INT(key_action_in(&map, KEYS_PLAYING, '.', &command), KA_NONE);
    /* x in the menu saves; x while playing still looks: other screens */
    CHECK_INT(key_action_in(&map, KEYS_MENU, 'x', &command), KA_SAVE_QUIT);
    CHECK_INT(key_action_in(&map, KEYS_MENU, 's', &command), KA_NONE);
    CHECK_INT(key_action_in(&map, KEYS_PLAYING, 'x', &command), KA_LOOK);
}

/* Each kind of mistake: its line, its words, and the default kept */
static void test_key_mistakes(void)
{
    KeyMap map;
    char *m = key_mistakes("[keys]\n"
                           "north = w\n"
                           "eats = e\n"
                           "south = banana\n"
                           "west = <f1>\n"
                           "back = a\n"
                           "wait = 1 2 3 4 5\n"
                           "drop =\n"
                           "no equals sign here\n"
                           "[shortcuts]\n"
                           "east = e\n",
                           &map);
    CHECK_STR(m, "keys.txt:9: 'no equals sign here' isn't a [record] line, a key = value, a | row "
                 "or a # comment\n"
                 "keys.txt:4: 'banana' isn't a key: a character, or one of esc enter space up down "
                 "left right kp1..kp9 lt gt\n"
                 "keys.txt:5: '<f1>' is kept for the debugging views (F1 to F12)\n"
                 "keys.txt:7: 'wait' has more than 4 keys\n"
                 "keys.txt:8: 'drop' is empty\n"
                 "keys.txt:6: 'a' is an item's letter in the pack, so 'back' can't have it\n"
                 "keys.txt:3: unknown key 'eats'\n"
                 "keys.txt:10: [shortcuts] isn't one of this file's records (it has [keys])\n");
    free(m);
    CHECK_INT(key_direction_in(&map, 'w'), 0);      /* the good line counts */
    CHECK_INT(key_direction_in(&map, 'j'), 4);      /* the bad ones don't */
    CHECK_INT(key_direction_in(&map, 'h'), 6);
    CHECK(key_bound(&map, KB_WAIT, '.'));
    CHECK(key_bound(&map, KB_DROP, 'd'));
    CHECK(key_bound(&map, KB_BACK, AK_ESC));
    CHECK_INT(key_direction_in(&map, 'e'), -1);
}

/* Two commands of one screen on one key: the player's goes back to its
 * default; commands of different screens may share a key */
static void test_key_clashes(void)
{
    KeyMap map;
    char *m = key_mistakes("[keys]\nwait = k\nyes = s\n", &map);
    CHECK_STR(m, "keys.txt:2: 'k' is both north and wait, on the same screen: wait keeps its own keys\n");
    free(m);
    CHECK(key_bound(&map, KB_WAIT, '.'));
    CHECK(!key_bound(&map, KB_WAIT, 'k'));
    CHECK(key_bound(&map, KB_YES, 's'));         /* s searches, but not on a question */
    /* swapping two keys is no clash */
    m = key_mistakes("[keys]\nwest = l\neast = h\n", &map);
    CHECK_STR(m, "");
    free(m);
    CHECK_INT(key_direction_in(&map, 'l'), 6);
    CHECK_INT(key_direction_in(&map, 'h'), 2);
}

static char *option_mistakes(const char *text, Settings *s, bool *clean)
{
    put("options.txt", text);
    Errors errors = {0};
    config_default_settings(s);
    *clean = config_read_settings(folder(root), s, &errors);
    return without_root(&errors);
}

static void test_options(void)
{
    Settings s;
    bool clean;
    char *m = option_mistakes("[options]\nview = tiles\nwindow = 1024x600\ncolors = 16\n", &s, &clean);
    CHECK_STR(m, "");
    free(m);
    CHECK(clean);
    CHECK(s.tile_view);
    CHECK_INT(s.width, 1024);
    CHECK_INT(s.height, 600);
    CHECK_INT(s.colors, COLORS_16);
    CHECK_INT(s.autopickup, HEED_TAKE_DEFAULT);
    /* a second record is told of, and only the first is read */
    m = option_mistakes("[options]\nview = tiles\n\n[options]\nview = glyphs\n", &s, &clean);
    CHECK_STR(m, "options.txt:4: a second [options] record (the first is on line 1): only the first is read\n");
    free(m);
    CHECK(!clean);
    CHECK(s.tile_view);
    KeyMap map;
    m = key_mistakes("[keys]\neast = w\n[keys]\neast = x\n", &map);
    CHECK_STR(m, "keys.txt:3: a second [keys] record (the first is on line 1): only the first is read\n");
    free(m);
    CHECK_INT(key_direction_in(&map, 'w'), 2);
    m = option_mistakes("[options]\nautopickup = armor  missiles\n", &s, &clean);
    CHECK_STR(m, "");
    free(m);
    CHECK_INT(s.autopickup, HEED_TAKE_ARMOR | HEED_TAKE_MISSILES);
    m = option_mistakes("[options]\nautopickup = none\n", &s, &clean);
    CHECK_STR(m, "");
    free(m);
    CHECK_INT(s.autopickup, 0);
    m = option_mistakes("[options]\nautopickup = potions wands\n", &s, &clean);
    CHECK_STR(m, "options.txt:2: 'autopickup' takes potions scrolls weapons armor missiles own_missiles, "
                 "or none, not 'wands'\n");
    free(m);
    CHECK_INT(s.autopickup, HEED_TAKE_DEFAULT);
    m = option_mistakes("[options]\nautopickup = none scrolls\n", &s, &clean);
    CHECK_STR(m, "options.txt:2: 'autopickup' is none, or a list of what to take: not both\n");
    free(m);
    CHECK_INT(s.autopickup, HEED_TAKE_DEFAULT);
    m = option_mistakes("[options]\nview = pictures\nwindow = 10x10\ncolors = lots\nsound = on\n", &s, &clean);
    CHECK_STR(m, "options.txt:2: 'view' should be glyphs or tiles, not 'pictures'\n"
                 "options.txt:3: 'window' should be WIDTHxHEIGHT, from 320x200 to 8192x8192\n"
                 "options.txt:4: 'colors' should be auto, 256, 16, 8 or none, not 'lots'\n"
                 "options.txt:5: unknown key 'sound'\n");
    free(m);
    CHECK(!clean);
    CHECK(!s.tile_view);
    CHECK_INT(s.width, 0);
    CHECK_INT(s.colors, COLORS_AUTO);
    /* how long a flight's frame shows: 0 shows none */
    CHECK_INT(s.flight_delay, SETTINGS_FLIGHT_DELAY);
    m = option_mistakes("[options]\nflight_delay = 0\n", &s, &clean);
    CHECK_STR(m, "");
    free(m);
    CHECK_INT(s.flight_delay, 0);
    m = option_mistakes("[options]\nflight_delay = 1001\n", &s, &clean);
    CHECK_STR(m, "options.txt:2: 'flight_delay' should be a number of milliseconds from 0 (no flights shown) "
                 "to 1000, not '1001'\n");
    free(m);
    CHECK_INT(s.flight_delay, SETTINGS_FLIGHT_DELAY);
    m = option_mistakes("[options]\nflight_delay = 40ms\n", &s, &clean);
    CHECK(!clean);
    CHECK_INT(s.flight_delay, SETTINGS_FLIGHT_DELAY);
    free(m);
}

/* What the window keeps at its close reads back the same */
static void test_options_written(void)
{
    char dir[PATH_SIZE];
    path_of(dir, "%s/new/AmuletsOfSDL", root);
    Settings s = {true, 1100, 700, COLORS_8, HEED_TAKE_SCROLLS | HEED_TAKE_WEAPONS, 150}, back;
    char error[256];
    CHECK(config_write_settings(folder(dir), &s, error, sizeof error));
    Errors errors = {0};
    config_default_settings(&back);
    CHECK(config_read_settings(folder(dir), &back, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(back.tile_view);
    CHECK_INT(back.width, 1100);
    CHECK_INT(back.height, 700);
    CHECK_INT(back.colors, COLORS_8);
    CHECK_INT(back.autopickup, HEED_TAKE_SCROLLS | HEED_TAKE_WEAPONS);
    CHECK_INT(back.flight_delay, 150);
    s.autopickup = 0;   /* none is written as none, and read back so */
    CHECK(config_write_settings(folder(dir), &s, error, sizeof error));
    config_default_settings(&back);
    CHECK(config_read_settings(folder(dir), &back, &errors));
    CHECK_INT(back.autopickup, 0);
    errors_clear(&errors);
}

/* text with its first from made to, in a new buffer */
static char *swapped(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    CHECK(at != NULL);
    if (at == NULL) exit(EXIT_FAILURE);
    char *out = malloc(strlen(text) + strlen(to) + 1);
    sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* options.txt as the game writes it begins with the head and ends with
 * the mark (store.h), as every file the game writes does. The player may
 * still edit it: one without the head is the player's own, and one whose
 * mark no longer fits was changed after the game wrote it. Either is read
 * as it is, each line checked as ever, so the player's change wins and a
 * mistake is told with the line number the player sees in the file */
static void test_options_marked(void)
{
    char dir[PATH_SIZE], path[PATH_SIZE];
    path_of(dir, "%s/marked", root);
    path_of(path, "%s/options.txt", dir);
    Settings s = {true, 1100, 700, COLORS_8, HEED_TAKE_SCROLLS, SETTINGS_FLIGHT_DELAY}, back;
    char error[256];
    CHECK(config_write_settings(folder(dir), &s, error, sizeof error));
    char *text = contents(path, NULL);
    if (text == NULL) exit(EXIT_FAILURE);
    CHECK(strncmp(text, STORE_MARK_HEAD, strlen(STORE_MARK_HEAD)) == 0);
    char *copy = swapped(text, "", ""), why[256];
    size_t length = strlen(copy);
    CHECK_INT(store_unmark(copy, &length, why, sizeof why), STORE_MARK_OK);
    free(copy);

    /* changed by hand after the game wrote it: the mark no longer fits */
    char *edited = swapped(text, "view = tiles\n", "view = glyphs\n");
    put_file(path, edited, strlen(edited));
    Errors errors = {0};
    config_default_settings(&back);
    CHECK(config_read_settings(folder(dir), &back, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(!back.tile_view);
    CHECK_INT(back.width, 1100);

    /* a mistake in it is told on the line it's on in the file */
    char *mistaken = swapped(edited, "view = glyphs\n", "view = pictures\n");
    int line = 1;
    for (const char *p = mistaken; p < strstr(mistaken, "view = "); ++p) line += *p == '\n';
    put_file(path, mistaken, strlen(mistaken));
    config_default_settings(&back);
    CHECK(!config_read_settings(folder(dir), &back, &errors));
    char want[128];
    snprintf(want, sizeof want, "marked/options.txt:%d: 'view' should be glyphs or tiles, not 'pictures'\n", line);
    char *m = without_root(&errors);
    CHECK_STR(m, want);
    free(m);

    /* the head taken off: the player's own file, read as it is */
    const char *body = strchr(edited, '\n') + 1;
    put_file(path, body, strlen(body));
    config_default_settings(&back);
    CHECK(config_read_settings(folder(dir), &back, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(!back.tile_view);
    CHECK_INT(back.colors, COLORS_8);
    errors_clear(&errors);
    free(mistaken);
    free(edited);
    free(text);
}

/* The player's files may be links to where the player keeps them (a
 * dotfiles folder): the config folder's store reads through them, but
 * never writes through one or replaces it. The save folder's reads none */
static void test_linked_config(void)
{
    char dir[PATH_SIZE], kept[PATH_SIZE], path[PATH_SIZE], error[256];
    path_of(dir, "%s/linked", root);
    path_of(kept, "%s/dotfiles", root);
    CHECK(mkdir(dir, 0755) == 0 && mkdir(kept, 0755) == 0);
    const char *names[] = {"keys.txt", "options.txt"};
    const char *texts[] = {"[keys]\nnorth = w\n", "[options]\nview = tiles\n"};
    for (int i = 0; i < 2; ++i) {
        char target[PATH_SIZE];
        path_of(target, "%s/%s", kept, names[i]);
        put_file(target, texts[i], strlen(texts[i]));
        path_of(path, "%s/%s", dir, names[i]);
        CHECK(symlink(target, path) == 0);
    }
    static PosixStore posix;
    CHECK(store_posix_open(&posix, dir, false, error, sizeof error));
    posix.read_links = true;
    Store store = store_posix(&posix);
    Errors errors = {0};
    KeyMap map;
    config_read_keys(store, &map, &errors);
    Settings s;
    config_default_settings(&s);
    CHECK(config_read_settings(store, &s, &errors));
    CHECK_INT(errors.count, 0);
    CHECK(key_bound(&map, KB_NORTH, 'w'));
    CHECK(s.tile_view);
    s.tile_view = false;
    CHECK(!config_write_settings(store, &s, error, sizeof error));
    CHECK_STR(error, "there's a link in its place, which the game never makes: it's left as it is");
    struct stat info;
    CHECK(lstat(path, &info) == 0 && S_ISLNK(info.st_mode));
    path_of(path, "%s/options.txt", kept);
    CHECK(same_file(path, texts[1], strlen(texts[1])));
    store_posix_close(&posix);

    /* a store that reads no links (the save folder's) says it's one */
    CHECK(store_posix_open(&posix, dir, false, error, sizeof error));
    config_default_settings(&s);
    CHECK(!config_read_settings(store_posix(&posix), &s, &errors));
    char *m = without_root(&errors);
    CHECK_STR(m, "linked/options.txt: it can't be read: it's a link, which the game never makes\n");
    free(m);
    store_posix_close(&posix);
}

/* The documented defaults shipped in data/ are the defaults, mistake-free */
static void test_shipped_examples(void)
{
    Errors errors = {0};
    KeyMap map, defaults;
    key_defaults(&defaults);
    config_read_keys(folder(AMULETS_SOURCE_DIR "/data"), &map, &errors);
    Settings s, plain;
    config_default_settings(&s);
    config_default_settings(&plain);
    CHECK(config_read_settings(folder(AMULETS_SOURCE_DIR "/data"), &s, &errors));
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "%s\n", errors.lines[i]);
    CHECK_INT(errors.count, 0);
    CHECK(memcmp(&map, &defaults, sizeof map) == 0);
    CHECK(memcmp(&s, &plain, sizeof s) == 0);
    errors_clear(&errors);
}

int main(void)
{
    make_test_root(root, "config");
    test_folder();
    test_missing_files();
    test_rebinding();
    test_key_mistakes();
    test_key_clashes();
    test_options();
    test_options_written();
    test_options_marked();
    test_linked_config();
    test_shipped_examples();
    remove_tree(root);
    return check_done("test_config");
}
