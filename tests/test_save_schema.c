/* Every field of every record the game writes, from each file's own
 * schema (schema.h), changed in turn in real files (changes.h): the
 * save's rules part (save_schema) and the play layer's part of it
 * (resume_schema: [screen], [explorer]), the recording's header
 * (rep_schema), the high scores (scores_schema) and ended.txt
 * (ending_schema). The reader must notice each change, and then the
 * writer and, for the rules' records, the fingerprint. A field added to
 * any of them is covered without a word here: this fails until some
 * sample file holds it and a change to it is read back. And a real file
 * of every older version of each still loads. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>

#include "changes.h"
#include "ending.h"
#include "fingerprint.h"
#include "input.h"
#include "keyrun.h"
#include "keys.h"
#include "pack.h"
#include "replay.h"
#include "resume.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "savetext.h"
#include "scores.h"
#include "slot.h"

enum { MAX_SAMPLES = 48, FILE_SIZE = 1 << 22 };

typedef struct Samples {
    ChangeSample at[MAX_SAMPLES];
    int count;
} Samples;

static GameData shipped;   /* the game's own data */

static long long fixed_clock(void) { return 1796126400; }   /* 2026-12-01 12:00 UTC */

/* A file of the source tree, whole, without the store's mark if it has
 * one; NULL if there's none */
static char *source_file(const char *path)
{
    char full[1024];
    snprintf(full, sizeof full, "%s/%s", AMULETS_SOURCE_DIR, path);
    FILE *file = fopen(full, "rb");
    if (file == NULL) return NULL;
    char *text = malloc(FILE_SIZE);
    if (text == NULL) exit(EXIT_FAILURE);
    size_t length = fread(text, 1, FILE_SIZE - 1, file);
    fclose(file);
    text[length] = '\0';
    char why[256];
    if (store_has_mark(text, length) && store_unmark(text, &length, why, sizeof why) != STORE_MARK_OK) {
        free(text);
        return NULL;
    }
    text[length] = '\0';
    return text;
}

/* ---- The save's rules part ------------------------------------------------ */

static const int KEYS[] = {
    'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n', 'h', 'j', 'k', 'l', 'y', 'u', 'b', 'n',
    '.', 'g', 's', '>', '>',
};

static void add_sample(Samples *samples, char *text, const char *name)
{
    if (text == NULL) exit(EXIT_FAILURE);
    if (samples->count == MAX_SAMPLES) {
        free(text);
        return;
    }
    samples->at[samples->count++] = (ChangeSample){text, name};
}

/* Whether a save holds a kind of monster killed more than once: a
 * [killed] count a change can lower and still be read back */
static bool killed_twice(const char *text)
{
    for (const char *at = strstr(text, "\n[killed]\n"); at != NULL; at = strstr(at + 1, "\n[killed]\n")) {
        const char *count = strstr(at, "\ncount = ");
        if (count != NULL && atoi(count + 9) >= 2) return true;
    }
    return false;
}

/* What only some runs played at random hold, and a change must be
 * tried on: a monster remembered out of sight, one seen where it
 * stands, a kind killed twice */
enum { RARE_REMEMBERED = 1, RARE_SEEN_AT = 2, RARE_KILLED_TWICE = 4, ALL_RARE = 7,
       PLAYED_SEEDS = 24, MOST_SEEDS = 400 };

static unsigned rare_things(const char *text)
{
    unsigned rare = 0;
    if (strstr(text, "\n[remembered_monster]\n") != NULL) rare |= RARE_REMEMBERED;
    if (strstr(text, "\nseen_at = ") != NULL) rare |= RARE_SEEN_AT;
    if (killed_twice(text)) rare |= RARE_KILLED_TWICE;
    return rare;
}

/* Runs played at random on many floors and classes, saved as the player
 * leaves: monsters hunting and fleeing, kills, things remembered. The
 * first PLAYED_SEEDS seeds, and past them the runs that hold a rare
 * thing no sample holds yet, till some sample holds each (which seeds
 * do depends on everything the rules roll, so it isn't left to chance
 * that the first few do) */
static void played_samples(const GameData *data, Samples *samples)
{
    unsigned held = 0;
    for (int seed = 1; seed <= MOST_SEEDS && (seed <= PLAYED_SEEDS || held != ALL_RARE); ++seed) {
        Run *run = run_new_as(data, (uint64_t)seed, 1 + seed % LAST_FLOOR, seed % data->class_count);
        Rng chooser;
        rng_seed(&chooser, (uint64_t)seed * 7);
        KeyRun keys = keyrun_start();
        for (int i = 0; i < 400 && run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON; ++i) {
            int key = KEYS[rng_roll(&chooser, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
            keyrun_press(&keys, run, key);
        }
        if (run_mode(run) != MODE_DEAD && run_mode(run) != MODE_WON) {
            if (samples->count == 0) {   /* the first run saved */
                Level *level = run_debug_level(run);
                for (int i = 0; i < level->monster_count; ++i) level->monsters[i].last_breath = 3 + i;
                /* two kinds thrown by hand, to aim one and then the other */
                for (int kind = 0, added = 0; kind < data->item_count && added < 2; ++kind) {
                    const ItemDef *def = &data->items[kind];
                    if (def->item_class != IC_MISSILE || def->launcher >= 0) continue;
                    added += pack_add(&run_debug_player(run)->pack, (Stack){kind, 3});
                }
            }
            char *text = save_write(run, NULL);
            unsigned rare = rare_things(text);
            if (seed <= PLAYED_SEEDS || (rare & ~held) != 0) {
                held |= rare;
                add_sample(samples, text, "played");
            } else {
                free(text);
            }
        }
        run_free(run);
    }
    CHECK_INT(held, ALL_RARE);
}

/* A copy of text with lines put after the first line of its [type] */
static char *with_lines(const char *text, const char *type, const char *lines)
{
    char header[64];
    snprintf(header, sizeof header, "\n[%s]\n", type);
    const char *at = strstr(text, header);
    if (at == NULL) return NULL;
    at += strlen(header);
    size_t head = (size_t)(at - text), extra = strlen(lines);
    char *out = malloc(strlen(text) + extra + 1);
    if (out == NULL) exit(EXIT_FAILURE);
    memcpy(out, text, head);
    memcpy(out + head, lines, extra);
    strcpy(out + head + extra, at);
    return out;
}

/* The first sample marked as debugged, with its hand's letters, and
 * aimed at: what random play seldom leaves. (The screens a choice is
 * made on are the play layer's records since version 7: play_samples) */
static void choice_samples(Samples *samples)
{
    if (samples->count == 0) return;
    const char *base = samples->at[0].text;
    add_sample(samples, with_lines(base, "run", "debug = yes\n"), "debugged");
    add_sample(samples, with_lines(base, "player", "weapon_letter = c\narmor_letter = d\n"), "taken from letters");
    add_sample(samples, with_lines(base, "monster", "targeted = yes\n"), "a monster aimed at");
}


static char *save_again(const char *text, Errors *errors, uint64_t *fingerprint)
{
    Run *run = NULL;
    if (save_read(&shipped, text, strlen(text), &run, errors) != LOAD_OK) return NULL;
    char *again = save_write(run, NULL);
    *fingerprint = fingerprint_run(run);
    run_free(run);
    return again;
}

static bool same_state(const char *a, const char *b) { return same_state_text(a, b); }

static const char *const SAVE_FIXED[] = {
    "save.version",   /* another version is read as that version, or not */
    "row.y",          /* each row is given once */
    "look.kind",      /* each potion and scroll has one look */
};
static const ChangeKind SAVE_KIND = {"save.txt", NULL, save_again, true, same_state, SAVE_FIXED,
                                     SCHEMA_COUNT(SAVE_FIXED)};

/* The real saves of every version (the fuzzers' corpus): each loads, and
 * each version from 1 to this game's has one, so a version added to the
 * schema needs a save of it kept */
static void every_save_version_loads(void)
{
    static const char *const FILES[] = {
        "save-floor1.txt", "save-floor4.txt", "save-floor6.txt", "save-floor9.txt",
        "save-v2-floor1.txt", "save-v2-floor4.txt", "save-v2-floor6.txt", "save-v2-floor8.txt",
        "save-v2-floor9.txt", "save-v3-rogue-floor3.txt", "save-v4-fighter-floor1.txt",
        "save-v4-ranger-floor8.txt", "save-v4-rogue-floor2.txt", "save-v4-rogue-floor5.txt",
        "save-v5-ranger-aiming.txt", "save-v5-rogue-throwing.txt", "save-v6-ranger-quiver.txt",
        "save-v6-ranger-dagger-in-hand.txt", "save-v6-aiming-fire.txt", "save-v6-aiming-fireball.txt",
        "save-v6-aiming-lightning.txt", "save-v6-aiming-throw.txt", "save-v6-closing.txt",
        "save-v6-confirming-descend.txt", "save-v6-confirming-step.txt", "save-v6-inventory-drop.txt",
        "save-v6-inventory-identify.txt", "save-v6-inventory-quiver.txt", "save-v6-inventory-throw.txt",
        "save-v6-inventory-use.txt", "save-v6-menu-quit-asked.txt", "save-v6-menu.txt", "save-now.txt",
        "save-v7-ranger-aiming-fire.txt",
    };
    static const char *const ABOVE[] = {"screen", "explorer", NULL};
    int loaded[SAVE_VERSION + 1] = {0};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; ++i) {
        char path[1024];
        snprintf(path, sizeof path, "%s/fuzz/corpus/save/%s", AMULETS_SOURCE_DIR, FILES[i]);
        FILE *file = fopen(path, "rb");
        static char text[1 << 20];
        size_t length = file != NULL ? fread(text, 1, sizeof text - 1, file) : 0;
        if (file != NULL) fclose(file);
        text[length] = '\0';
        const char *at = strstr(text, "\n[save]\nversion = ");
        int version = at != NULL ? atoi(at + strlen("\n[save]\nversion = ")) : 0;
        Errors errors = {0};
        Run *run = NULL;
        bool good = save_read_with(&shipped, text, length, ABOVE, &run, &errors) == LOAD_OK;
        if (!check_at(good && version >= 1 && version <= SAVE_VERSION, FILES[i], __FILE__, __LINE__)) {
            for (int e = 0; e < errors.count && e < 3; ++e) fprintf(stderr, "    %s\n", errors.lines[e]);
        }
        if (good && version >= 1 && version <= SAVE_VERSION) ++loaded[version];
        errors_clear(&errors);
        run_free(run);
    }
    for (int version = 1; version <= SAVE_VERSION; ++version) {
        if (!check_at(loaded[version] > 0, "a real save of every version loads", __FILE__, __LINE__)) {
            fprintf(stderr, "    none of version %d\n", version);
        }
        printf("version %d: %d real saves load\n", version, loaded[version]);
    }
}

/* ---- The play layer's part of the save ----------------------------------- */

static char *play_again(const char *text, Errors *errors, uint64_t *fingerprint)
{
    (void)fingerprint;
    size_t length = strlen(text);
    Run *run = NULL;
    if (save_read_with(&shipped, text, length, SLOT_ABOVE_TYPES, &run, errors) != LOAD_OK) return NULL;
    RecFile file;
    Errors ignored = {0};
    rec_parse(&file, text, length, "save.txt", &ignored);
    errors_clear(&ignored);
    Resumed *resumed = malloc(sizeof *resumed);
    if (resumed == NULL) exit(EXIT_FAILURE);
    char *again = resume_read(resumed, run, &file, errors) ? resume_text(resumed, run, NULL) : NULL;
    rec_free(&file);
    free(resumed);
    run_free(run);
    return again;
}

/* marked = no, or left out, with the marks still there: refused. An
 * aim's letter holds what that aim lets fly, and the rules ask their
 * question of that step or descent only: another aim, question or step
 * doesn't fit the run, and is refused */
static const char *const PLAY_FIXED[] = {"explorer.marked", "screen.aim", "screen.question", "screen.step"};
static const ChangeKind PLAY_KIND = {"save.txt", NULL, play_again, false, NULL, PLAY_FIXED,
                                     SCHEMA_COUNT(PLAY_FIXED)};

/* What's set up before the keys: a floor made quiet, things given, a trap
 * or the stairs underfoot. A key of LETTER stands for the letter of what
 * was given last, DIRECTION for the way to the trap */
typedef enum Setup { SET_NONE, SET_QUIET, SET_IDENTIFY, SET_DARTS, SET_LIGHTNING, SET_TRAP, SET_STAIRS } Setup;
enum { LETTER = 1, DIRECTION = 2 };

static int given(Input *input, const char *id, int count)
{
    int kind = data_find_item(&shipped, id);
    CHECK(pack_add(&run_debug_player(input->session.run)->pack, (Stack){kind, count}));
    return 'a' + pack_find(&run_player(input->session.run)->pack, kind);
}

/* A known trap on a free cell beside the player: the direction's key */
static int trap_beside(Input *input)
{
    static const int KEYS_OF[] = {'k', 'u', 'l', 'n', 'j', 'b', 'h', 'y'};
    Run *run = input->session.run;
    Level *level = run_debug_level(run);
    for (int d = 0; d < 8; ++d) {
        Point p = point_add(run_player(run)->pos, DIRS[d]);
        if (!map_walkable(&level->map, p.x, p.y) || lvl_monster_at(level, p) >= 0 || lvl_item_at(level, p) >= 0 ||
            lvl_trap_at(level, p) >= 0 || map_at(&level->map, p.x, p.y) == T_STAIRS) {
            continue;
        }
        CHECK(lvl_add_trap(level, &(Trap){p, TRAP_DART, true}));
        run_debug_refresh(run);
        return KEYS_OF[d];
    }
    CHECK(!"a free cell beside the player");
    return 0;
}

static void set_up(Input *input, Setup setup, int *letter, int *direction)
{
    Run *run = input->session.run;
    switch (setup) {
    case SET_NONE: break;
    case SET_QUIET:
        run_debug_level(run)->monster_count = 0;
        run_debug_refresh(run);
        break;
    case SET_IDENTIFY:
        given(input, "confusion", 1);
        *letter = given(input, "identify", 2);
        break;
    case SET_DARTS: *letter = given(input, "dart", 6); break;
    case SET_LIGHTNING: *letter = given(input, "lightning", 2); break;
    case SET_TRAP: *direction = trap_beside(input); break;
    case SET_STAIRS:
        run_debug_player(run)->pos = run_level(run)->stairs;
        run_debug_refresh(run);
        break;
    }
}

/* A run played by keys (0 ends them; auto-explore, travel and rest go
 * their whole way), after what setup sets up, and left as a signal
 * leaves it: the save's text. On a quiet floor its monsters are gone
 * first, so exploring goes on to the end of the floor and its searching */
static char *left_save(uint64_t seed, int floor, const char *class_id, const int *keys, Setup setup)
{
    MemStore mem;
    store_mem_init(&mem, "/mem");
    Slot slot;
    char error[SLOT_ERROR_SIZE];
    if (!slot_init_store(&slot, store_mem(&mem), error, sizeof error)) exit(EXIT_FAILURE);
    Input input;
    Setup set = setup;
    InputSetup setup_of = {.data = &shipped, .slot = &slot, .seed = seed, .start_floor = floor,
                           .class_index = data_find_class(&shipped, class_id)};
    if (!input_open(&input, &setup_of)) exit(EXIT_FAILURE);
    int letter = 0, direction = 0;
    set_up(&input, set, &letter, &direction);
    for (const int *key = keys; *key != 0; ++key) {
        input_key(&input, *key == LETTER ? letter : *key == DIRECTION ? direction : *key);
        while (input_auto_going(&input)) input_auto_step(&input);
    }
    CHECK_INT(input_stop(&input), INPUT_QUIT);
    input_free(&input);
    size_t length;
    const char *saved = store_mem_get(&mem, "save.txt", &length);
    char *text = saved != NULL ? malloc(length + 1) : NULL, why[256];
    if (text != NULL) {
        memcpy(text, saved, length);
        if (store_unmark(text, &length, why, sizeof why) != STORE_MARK_OK) exit(EXIT_FAILURE);
        text[length] = '\0';
    }
    store_mem_free(&mem);
    return text;
}

/* 36 rows of the map, of . (or 0) but for a few cells */
static void map_rows(char *out, const char *key, char blank, char mark)
{
    out += sprintf(out, "%s =\n", key);
    for (int y = 0; y < MAP_H; ++y) {
        *out++ = '|';
        for (int x = 0; x < MAP_W; ++x) *out++ = (x * 7 + y * 3) % 97 == 5 ? mark : blank;
        *out++ = '\n';
    }
    *out = '\0';
}

/* A real save's explorer with what play as a person seldom leaves there:
 * traps and doors it knew of, the bot's choices (a run of auto-explore is stopped by leaving, so
 * going is set only when the bot saves), statuses, searching under way,
 * an item underfoot, items skipped and walls searched */
static char *bot_marked(const char *base)
{
    const char *at = strstr(base, "\n[explorer]\nmarked = yes\n");
    if (!CHECK(at != NULL)) exit(EXIT_FAILURE);
    at += strlen("\n[explorer]\nmarked = yes\n");
    int dart = -1;
    for (int kind = 0; kind < shipped.item_count && dart < 0; ++kind) {
        if (shipped.items[kind].item_class == IC_MISSILE) dart = kind;
    }
    char *lines = malloc(2 * MAP_CELLS + 1024), *text = malloc(strlen(base) + 2 * MAP_CELLS + 1024);
    if (lines == NULL || text == NULL) exit(EXIT_FAILURE);
    int n = sprintf(lines, "going = yes\nheedless = yes\nover_traps = yes\npoisoned = 3\nregenerating = 2\n"
                           "confused = 1\nafraid = 4\nsearched_last = yes\npicked_last = yes\nsearch_left = 2\n"
                           "under = %s 2\n", shipped.items[dart].id);
    lines[n] = '\0';
    /* traps found beside the way: play on a floor that has none leaves it out */
    if (strstr(base, "\nknown_traps = ") == NULL) n += sprintf(lines + n, "known_traps = 2\n");
    if (strstr(base, "\nknown_doors = ") == NULL) n += sprintf(lines + n, "known_doors = 1\n");
    if (strstr(base, "\nskipped =\n") == NULL) map_rows(lines + n, "skipped", '.', 'x');
    if (strstr(base, "\nsearched =\n") == NULL) map_rows(lines + strlen(lines), "searched", '0', '3');
    sprintf(text, "%.*s%s%s", (int)(at - base), base, lines, at);
    free(lines);
    return text;
}

/* Runs left on each of the input's screens over a run, with the explorer
 * marked as far as exploring, searching, travel and rest take it */
static void play_samples(Samples *samples)
{
    static const int LOOKING[] = {'o', 'o', 'o', 'o', 'o', 's', 's', 's', 's', 's', 'x', 'l', 'l', 'l', 'j', 0};
    static const int HISTORY[] = {'o', 'o', 'o', AK_CTRL_P, 'k', 'k', 0};
    static const int HELP[] = {'o', '?', 'j', 'j', 'j', 0};
    static const int GUIDE[] = {'o', 'o', '?', '?', 0};
    static const int CHARACTER[] = {'o', '@', 0};
    static const int EXAMINED[] = {'o', 'o', 'e', 'b', 0};
    static const int IN_HAND[] = {'o', 'e', ')', 0};
    static const int QUITTING[] = {'o', 'o', AK_ESC, 'Q', 0};
    static const int RESTED[] = {'o', 'o', 'o', 'o', 'Z', 'G', 0};
    static const int SEARCHED[] = {'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o',
                                   'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 'o', 0};
    static const int PACK[] = {'o', 'i', 0}, DROP[] = {'o', 'd', 0}, IDENTIFY[] = {'o', 'i', LETTER, 0};
    static const int THROW[] = {'o', 't', LETTER, 0}, FIRE[] = {'o', 'f', 0}, LIGHTNING[] = {'o', 'i', LETTER, 0};
    static const int CLOSING[] = {'o', 'c', 0}, MENU[] = {'o', AK_ESC, 0}, STEP[] = {DIRECTION, 0};
    static const int DESCEND[] = {'>', 0};
    static const struct {
        const char *name, *class_id;
        uint64_t seed;
        int floor;
        const int *keys;
        Setup setup;
    } PLAYS[] = {
        {"the pack", "fighter", 22, 1, PACK, SET_NONE},       {"dropping", "ranger", 23, 2, DROP, SET_NONE},
        {"identifying", "rogue", 24, 1, IDENTIFY, SET_IDENTIFY}, {"throwing", "rogue", 25, 2, THROW, SET_DARTS},
        {"firing", "ranger", 26, 1, FIRE, SET_NONE},          {"lightning aimed", "fighter", 27, 1, LIGHTNING, SET_LIGHTNING},
        {"closing", "ranger", 28, 3, CLOSING, SET_NONE},      {"the menu", "fighter", 29, 1, MENU, SET_NONE},
        {"a step asked", "rogue", 30, 1, STEP, SET_TRAP},     {"a descent asked", "fighter", 31, 3, DESCEND, SET_STAIRS},
        {"looking", "fighter", 8, 2, LOOKING, SET_NONE},      {"the history", "rogue", 11, 1, HISTORY, SET_NONE},
        {"the help", "ranger", 12, 3, HELP, SET_NONE},        {"the guide", "fighter", 13, 1, GUIDE, SET_NONE},
        {"the character", "rogue", 14, 4, CHARACTER, SET_NONE}, {"examining", "ranger", 15, 2, EXAMINED, SET_NONE},
        {"examining in hand", "fighter", 16, 1, IN_HAND, SET_NONE}, {"quitting", "rogue", 17, 5, QUITTING, SET_NONE},
        {"rested", "fighter", 18, 3, RESTED, SET_NONE},       {"searched", "ranger", 19, 1, SEARCHED, SET_QUIET},
        {"searched again", "rogue", 20, 2, SEARCHED, SET_QUIET}, {"looking again", "ranger", 21, 6, LOOKING, SET_NONE},
    };
    for (size_t i = 0; i < sizeof PLAYS / sizeof PLAYS[0]; ++i) {
        char *text = left_save(PLAYS[i].seed, PLAYS[i].floor, PLAYS[i].class_id, PLAYS[i].keys, PLAYS[i].setup);
        if (CHECK(text != NULL)) add_sample(samples, text, PLAYS[i].name);
    }
    if (samples->count > 0) add_sample(samples, bot_marked(samples->at[samples->count - 3].text), "the bot's marks");
}

/* ---- The recording's header ------------------------------------------------- */

static char *rep_again(const char *text, Errors *errors, uint64_t *fingerprint)
{
    (void)fingerprint;
    Replay replay;
    if (!rep_parse(&replay, text, strlen(text), "replay.txt", errors)) return NULL;
    char *again = rep_text(&replay, NULL);
    rep_free(&replay);
    return again;
}

static const char *const REP_FIXED[] = {"replay.format"};   /* another format is refused */
static const ChangeKind REP_KIND = {"replay.txt", NULL, rep_again, false, NULL, REP_FIXED,
                                    SCHEMA_COUNT(REP_FIXED)};

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

/* The recordings the game made, of a folder: name-*.txt */
static void recordings_in(Samples *samples, const char *folder, const char *prefix)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", AMULETS_SOURCE_DIR, folder);
    DIR *dir = opendir(path);
    if (dir == NULL) return;
    char names[64][256];
    int count = 0;
    for (struct dirent *entry; (entry = readdir(dir)) != NULL && count < 64;) {
        size_t n = strlen(entry->d_name);
        if (strncmp(entry->d_name, prefix, strlen(prefix)) == 0 && n > 4 && strcmp(entry->d_name + n - 4, ".txt") == 0) {
            snprintf(names[count++], sizeof names[0], "%s", entry->d_name);
        }
    }
    closedir(dir);
    qsort(names, (size_t)count, sizeof names[0], by_name);
    for (int i = 0; i < count; ++i) {
        snprintf(path, sizeof path, "%.200s/%.255s", folder, names[i]);
        char *text = source_file(path);
        if (CHECK(text != NULL)) add_sample(samples, text, "a recording");
    }
}

/* The golden replays and the fuzzers' recordings of real runs, the
 * golden ones as this game writes them (in its format, which a golden
 * one recorded before it isn't), and one marked as debugged, which no
 * real one is */
static void recording_samples(Samples *samples)
{
    recordings_in(samples, "tests/replays", "");
    int golden = samples->count;
    for (int i = 0; i < golden; ++i) {
        Errors errors = {0};
        char *again = rep_again(samples->at[i].text, &errors, NULL);
        if (CHECK(again != NULL)) add_sample(samples, again, "a recording written again");
        errors_clear(&errors);
    }
    recordings_in(samples, "fuzz/corpus/replay", "run-");
    if (samples->count > 0) {
        const char *base = samples->at[0].text, *after = strstr(base, "\ncommands =\n");
        if (CHECK(after != NULL)) {
            size_t head = (size_t)(after - base) + 1;
            char *text = malloc(strlen(base) + 16);
            if (text == NULL) exit(EXIT_FAILURE);
            sprintf(text, "%.*sdebug = yes\n%s", (int)head, base, after + 1);
            add_sample(samples, text, "debugged");
        }
    }
}

/* ---- The high scores ------------------------------------------------------- */

static char *scores_again(const char *text, Errors *errors, uint64_t *fingerprint)
{
    (void)fingerprint;
    ScoreTable *table = malloc(sizeof *table);
    if (table == NULL) exit(EXIT_FAILURE);
    char *again = scores_parse(text, strlen(text), table, errors) == SCORES_READ_OK ? scores_text(table, NULL) : NULL;
    free(table);
    return again;
}

/* another version is this game's once read, or refused */
static const char *const SCORES_FIXED[] = {"scores.version"};
static const ChangeKind SCORES_KIND = {"scores.txt", NULL, scores_again, false, NULL, SCORES_FIXED,
                                       SCHEMA_COUNT(SCORES_FIXED)};

/* Runs played a while at random, as the rules' samples are, and ended:
 * died, or (one) won */
static void ended_run(uint64_t seed, bool won, Score *out)
{
    Run *run = run_new_as(&shipped, seed, 1 + (int)(seed % LAST_FLOOR), (int)(seed % (uint64_t)shipped.class_count));
    Rng chooser;
    rng_seed(&chooser, seed * 7);
    KeyRun keys = keyrun_start();
    for (int i = 0; i < 300 && run_mode(run) == MODE_PLAYING; ++i) {
        int key = KEYS[rng_roll(&chooser, 0, (int)(sizeof KEYS / sizeof KEYS[0]) - 1)];
        keyrun_press(&keys, run, key);
    }
    if (won) {
        run_debug_player(run)->amulets = AMULETS;
        run_debug_set_mode(run, MODE_WON);
    } else if (run_mode(run) != MODE_DEAD) {
        runtest_kill(run, run_player(run)->gold);
    }
    scores_from_run(run, 1796126400 + (long long)seed * 3600, out);
    out->key = seed * 0x9e3779b97f4a7c15ull;
    run_free(run);
}

/* Tables the game wrote, of runs with and without their dates and keys
 * (a run ended before either was kept), and the fuzzers' table of
 * version 1 */
static void scores_samples(Samples *samples)
{
    ScoreTable *table = calloc(1, sizeof *table);
    if (table == NULL) exit(EXIT_FAILURE);
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        Score score;
        ended_run(seed, seed == 5, &score);
        if (seed % 4 == 3) score.date[0] = '\0';
        if (seed % 4 == 2) score.key = 0;
        scores_insert(table, &score);
        if (seed % 4 == 0) add_sample(samples, scores_text(table, NULL), "a table");
    }
    free(table);
    char *old = source_file("fuzz/corpus/scores/good.txt");
    if (CHECK(old != NULL)) add_sample(samples, old, "a table of version 1");
}

/* ---- ended.txt ---------------------------------------------------------------- */

static char *ended_again(const char *text, Errors *errors, uint64_t *fingerprint)
{
    (void)fingerprint;
    Ending ending;
    if (ending_parse(text, strlen(text), &ending, errors) != ENDING_FOUND) return NULL;
    char *again = ending_text(&ending, NULL);
    ending_free(&ending);
    return again;
}

static const char *const ENDED_FIXED[] = {"ended.version"};   /* there's one */
static const ChangeKind ENDED_KIND = {"ended.txt", NULL, ended_again, false, NULL, ENDED_FIXED,
                                      SCHEMA_COUNT(ENDED_FIXED)};

/* A run that dies while the folder it records into (runs/ or morgue/)
 * can't be used: ended.txt stays, holding its ending, as a game killed
 * at that moment would leave it */
static char *ended_left(uint64_t seed, const char *folder)
{
    MemStore mem;
    store_mem_init(&mem, "/mem");
    Slot slot;
    char error[SLOT_ERROR_SIZE];
    if (!slot_init_store(&slot, store_mem(&mem), error, sizeof error)) exit(EXIT_FAILURE);
    Input input;
    InputSetup setup = {.data = &shipped, .slot = &slot, .seed = seed, .start_floor = LAST_FLOOR, .clock = fixed_clock};
    if (!input_open(&input, &setup)) exit(EXIT_FAILURE);
    snprintf(mem.linked, sizeof mem.linked, "%s", folder);
    for (int i = 0; i < 400 && run_mode(input.session.run) == MODE_PLAYING; ++i) input_key(&input, '.');
    CHECK_INT(run_mode(input.session.run), MODE_DEAD);
    input_free(&input);
    size_t length;
    const char *left = store_mem_get(&mem, SLOT_ENDED, &length);
    char *text = left != NULL ? malloc(length + 1) : NULL, why[256];
    if (text != NULL) {
        memcpy(text, left, length);
        if (store_unmark(text, &length, why, sizeof why) != STORE_MARK_OK) exit(EXIT_FAILURE);
        text[length] = '\0';
    }
    store_mem_free(&mem);
    return text;
}

/* text with its first line that starts with from made to (to NULL: left
 * out) */
static char *line_changed(const char *text, const char *from, const char *to)
{
    char wanted[64];
    snprintf(wanted, sizeof wanted, "\n%s", from);
    const char *at = strstr(text, wanted);
    if (!CHECK(at != NULL)) exit(EXIT_FAILURE);
    const char *end = strchr(++at, '\n') + 1;
    char *out = malloc(strlen(text) + (to != NULL ? strlen(to) : 0) + 2);
    if (out == NULL) exit(EXIT_FAILURE);
    sprintf(out, "%.*s%s%s%s", (int)(at - text), text, to != NULL ? to : "", to != NULL ? "\n" : "", end);
    return out;
}

/* Runs that died as the records couldn't be kept, and one of them as
 * though it had won (no test wins a run by play quickly enough) */
static void ended_samples(Samples *samples)
{
    static const char *const FOLDERS[] = {"runs", "morgue"};
    for (int i = 0; i < 4; ++i) {
        char *text = ended_left(3 + (uint64_t)i, FOLDERS[i % 2]);
        if (CHECK(text != NULL)) add_sample(samples, text, i % 2 ? "no morgue/" : "no runs/");
    }
    if (samples->count == 0) return;
    char *won = line_changed(samples->at[0].text, "how = ", "how = Won");
    char *outcome = line_changed(won, "outcome = dead", "outcome = won");
    char *whole = line_changed(outcome, "cause = ", NULL);
    add_sample(samples, whole, "won");
    free(won);
    free(outcome);
}


/* Every sample of a kind is read whole; the versions of the scores' */
static void every_sample_loads(const ChangeKind *kind, const Samples *samples)
{
    for (int i = 0; i < samples->count; ++i) {
        Errors errors = {0};
        uint64_t fingerprint;
        char *again = kind->again(samples->at[i].text, &errors, &fingerprint);
        if (!check_at(again != NULL, samples->at[i].name, __FILE__, __LINE__)) {
            for (int e = 0; e < errors.count && e < 3; ++e) fprintf(stderr, "    %s\n", errors.lines[e]);
        }
        free(again);
        errors_clear(&errors);
    }
}

static void every_scores_version_loads(const Samples *samples)
{
    int loaded[SCORES_VERSION + 1] = {0};
    for (int i = 0; i < samples->count; ++i) {
        const char *at = strstr(samples->at[i].text, "\n[scores]\nversion = ");
        int version = at != NULL ? atoi(at + strlen("\n[scores]\nversion = ")) : 0;
        if (version >= 1 && version <= SCORES_VERSION) ++loaded[version];
    }
    for (int version = SCORES_OLDEST_VERSION; version <= SCORES_VERSION; ++version) {
        if (!check_at(loaded[version] > 0, "a real table of every version loads", __FILE__, __LINE__)) {
            fprintf(stderr, "    none of version %d\n", version);
        }
        printf("scores version %d: %d real tables load\n", version, loaded[version]);
    }
}

/* The kind's fields changed in its samples, loaded whole first */
static int change_every_field(ChangeKind kind, const Schema *schema, const Samples *samples)
{
    kind.schema = schema;
    every_sample_loads(&kind, samples);
    return changes_every_field(&kind, samples->at, samples->count);
}

static void free_samples(Samples *samples)
{
    for (int i = 0; i < samples->count; ++i) free(samples->at[i].text);
    samples->count = 0;
}

int main(void)
{
    load_shipped_data(&shipped);
    Samples samples = {0};
    played_samples(&shipped, &samples);
    choice_samples(&samples);
    CHECK(samples.count >= 10);
    int fields = change_every_field(SAVE_KIND, save_schema(), &samples);
    printf("%d fields of the save's rules part changed in %d sample saves\n", fields, samples.count);
    CHECK(fields >= 64);
    free_samples(&samples);
    every_save_version_loads();

    play_samples(&samples);
    fields = change_every_field(PLAY_KIND, resume_schema(), &samples);
    printf("%d fields of the save's play part changed in %d sample saves\n", fields, samples.count);
    CHECK(fields >= 32);
    free_samples(&samples);

    recording_samples(&samples);
    fields = change_every_field(REP_KIND, rep_schema(), &samples);
    printf("%d fields of the recording changed in %d recordings\n", fields, samples.count);
    CHECK(fields >= 10 && samples.count >= 20);
    free_samples(&samples);

    scores_samples(&samples);
    fields = change_every_field(SCORES_KIND, scores_schema(), &samples);
    printf("%d fields of the high scores changed in %d tables\n", fields, samples.count);
    CHECK(fields >= 11);
    every_scores_version_loads(&samples);
    free_samples(&samples);

    ended_samples(&samples);
    fields = change_every_field(ENDED_KIND, ending_schema(), &samples);
    printf("%d fields of ended.txt changed in %d files\n", fields, samples.count);
    CHECK(fields >= 19);
    free_samples(&samples);
    data_free(&shipped);
    return check_done("test_save_schema");
}
