#define _POSIX_C_SOURCE 200809L
/* The fuzz corpora reach the code they are for: an entry standing for a
 * file the game makes (a run's recording, a save, the shipped data and
 * tiles) is still taken by today's game as one, and each damaged entry
 * is refused for the one thing it was made with, not for something it
 * went stale on. Every recording in fuzz/corpus/replay/run-* must get to
 * playback (today's data digest, its class, its start save) and play its
 * first PLAYED_AT_LEAST commands (or those before its first checkpoint),
 * so a change to the rules that parts a run from its recording later on
 * doesn't fail here; a change to the data, or to what the run takes
 * first, does. Then run tools/regen-fuzz-corpus.sh, which makes the
 * entries again. */
#include <dirent.h>

#include "check.h"
#include "data.h"
#include "playback.h"
#include "replay.h"
#include "save.h"
#include "scores.h"
#include "slot.h"
#include "tilecheck.h"

enum { PLAYED_AT_LEAST = 10, RUNS_AT_LEAST = 8, LIMIT = 1 << 22 };

#define CORPUS AMULETS_SOURCE_DIR "/fuzz/corpus/"
#define REGEN "run tools/regen-fuzz-corpus.sh"

/* A file's bytes (NUL after them), or NULL and a failed check */
static char *whole_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    char *text = file != NULL ? malloc(LIMIT) : NULL;
    *length = text != NULL ? fread(text, 1, LIMIT - 1, file) : 0;
    if (file != NULL) fclose(file);
    if (!CHECK(text != NULL)) {
        fprintf(stderr, "    %s can't be read: %s\n", path, REGEN);
        free(text);
        return NULL;
    }
    text[*length] = '\0';
    return text;
}

static char *corpus_file(const char *name, size_t *length)
{
    char path[1024];
    snprintf(path, sizeof path, CORPUS "%s", name);
    return whole_file(path, length);
}

/* Every mistake says word (a key, a name): the entry fails for what it
 * was made with, and for nothing else */
static void only_mistakes_of(const char *name, const Errors *errors, const char *word)
{
    bool only = errors->count > 0;
    for (int i = 0; i < errors->count; ++i) only = only && strstr(errors->lines[i], word) != NULL;
    if (!CHECK(only)) {
        fprintf(stderr, "    %s should fail only for %s, but says:\n", name, word);
        for (int i = 0; i < errors->count && i < 4; ++i) fprintf(stderr, "      %s\n", errors->lines[i]);
        fprintf(stderr, "    %s\n", REGEN);
    }
}

/* ---- recordings ---------------------------------------------------------- */

/* Read as the fuzz target reads it, false if it isn't */
static bool read_recording(const char *name, Replay *replay, Errors *errors)
{
    size_t length;
    char *text = corpus_file(name, &length);
    bool read = text != NULL && rep_parse(replay, text, length, name, errors);
    free(text);
    return read;
}

static void tell(const char *name, const char *what, const Errors *errors)
{
    fprintf(stderr, "    %s %s: %s; %s\n", name, what, errors->count ? errors->lines[0] : "(no reason)",
            REGEN);
}

/* Starts its playback and plays up to most commands: how many it played,
 * or -1 if it didn't start */
static int played(const Replay *replay, const GameData *data, int most,
                  Errors *errors)
{
    Playback playback;
    if (!playback_start(&playback, replay, data, errors)) return -1;
    PlaybackStep step = PLAYBACK_STEPPED;
    while (step == PLAYBACK_STEPPED && playback_position(&playback) < most) {
        step = playback_step(&playback, errors);
    }
    int position = playback_position(&playback);
    playback_stop(&playback);
    return position;
}

/* A real run's recording gets to playback and plays its first commands */
static void run_plays(const char *name, const GameData *data)
{
    Replay replay;
    Errors errors = {0};
    if (!CHECK(read_recording(name, &replay, &errors))) {
        tell(name, "can't be read", &errors);
    } else {
        /* up to its first checkpoint at most: a rule changed since may
         * part the run from its recording there, and that's no matter */
        int most = replay.count < PLAYED_AT_LEAST ? replay.count : PLAYED_AT_LEAST;
        if (replay.check_count > 0 && replay.checks[0].position < most) most = replay.checks[0].position;
        int count = played(&replay, data, most, &errors);
        if (!CHECK(count >= most)) {
            tell(name, count < 0 ? "doesn't get to playback" : "stops before its first commands",
                 &errors);
        }
        rep_free(&replay);
    }
    errors_clear(&errors);
}

static void runs_play(const GameData *data)
{
    DIR *dir = opendir(CORPUS "replay");
    CHECK(dir != NULL);
    int runs = 0;
    struct dirent *entry;
    while (dir != NULL && (entry = readdir(dir)) != NULL) {
        if (strncmp(entry->d_name, "run-", 4) != 0) continue;
        char name[600];
        snprintf(name, sizeof name, "replay/%s", entry->d_name);
        run_plays(name, data);
        ++runs;
    }
    if (dir != NULL) closedir(dir);
    if (!CHECK(runs >= RUNS_AT_LEAST)) {
        fprintf(stderr, "    %d recordings of runs in the corpus, not %d: %s\n", runs, RUNS_AT_LEAST,
                REGEN);
    }
}

/* The hand-shaped recordings: each gets as far as it was made to */
static void damaged_recordings(const GameData *data)
{
    Replay replay;
    Errors errors = {0};

    /* every kind of command: played, its first ones taken */
    if (CHECK(read_recording("replay/every-kind.txt", &replay, &errors))) {
        if (!CHECK(played(&replay, data, PLAYED_AT_LEAST, &errors) >= PLAYED_AT_LEAST)) {
            tell("replay/every-kind.txt", "doesn't play its first commands", &errors);
        }
        rep_free(&replay);
    }
    errors_clear(&errors);

    /* a wrong checkpoint: played toward it (all the way, unless the rules
     * changed since), and parted from the recording there at the latest */
    if (CHECK(read_recording("replay/wrong-checkpoint.txt", &replay, &errors))) {
        int first = replay.check_count > 0 ? replay.checks[0].position : -1;
        int count = played(&replay, data, replay.count, &errors);
        int least = first < PLAYED_AT_LEAST ? first : PLAYED_AT_LEAST;
        if (!CHECK(first > 0 && count >= least && count <= first)) {
            fprintf(stderr, "    played %d commands, its first checkpoint after %d\n", count, first);
            tell("replay/wrong-checkpoint.txt", "doesn't stop at its checkpoint", &errors);
        }
        rep_free(&replay);
    }
    errors_clear(&errors);

    /* other data: refused at the start for that alone */
    if (CHECK(read_recording("replay/other-data.txt", &replay, &errors))) {
        CHECK(played(&replay, data, 1, &errors) < 0);
        errors_clear(&errors);
        replay.data_digest = rep_data_digest(data);
        if (!CHECK(played(&replay, data, 1, &errors) == 1)) {
            tell("replay/other-data.txt", "with today's digest still doesn't play", &errors);
        }
        rep_free(&replay);
    }
    errors_clear(&errors);

    static const struct { const char *name, *word; } REFUSED[] = {
        {"replay/huge-seed.txt", "'seed'"},
        {"replay/bad-token.txt", "'q9'"},
        {"replay/no-commands.txt", "'commands'"},
    };
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; ++i) {
        CHECK(!read_recording(REFUSED[i].name, &replay, &errors));
        only_mistakes_of(REFUSED[i].name, &errors, REFUSED[i].word);
        errors_clear(&errors);
    }
}

/* ---- the data files, tiles.txt, saves, high scores ------------------------- */

/* Loads the data with the entry standing for the file its first byte
 * picks, as fuzz_data does */
static bool data_entry_loads(const char *name, Errors *errors)
{
    static const char *const FILES[] = {"monsters.txt", "items.txt", "vaults.txt", "classes.txt"};
    size_t lengths[4], length;
    char *texts[4];
    char *entry = corpus_file(name, &length);
    if (entry == NULL || length == 0) {
        free(entry);
        return false;
    }
    int which = (unsigned char)entry[0] % 4;
    for (int i = 0; i < 4; ++i) {
        char path[1024];
        snprintf(path, sizeof path, AMULETS_SOURCE_DIR "/data/%s", FILES[i]);
        texts[i] = i == which ? NULL : whole_file(path, &lengths[i]);
    }
    texts[which] = entry + 1;
    lengths[which] = length - 1;
    GameData data = {0};
    bool loaded = data_load_texts(&data, texts[0], lengths[0], texts[1], lengths[1], texts[2],
                                  lengths[2], texts[3], lengths[3], errors);
    data_free(&data);
    for (int i = 0; i < 4; ++i) {
        if (i != which) free(texts[i]);
    }
    free(entry);
    return loaded;
}

static void data_entries(void)
{
    static const char *const GOOD[] = {"data/monsters.txt", "data/items.txt", "data/vaults.txt",
                                       "data/classes.txt"};
    Errors errors = {0};
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; ++i) {
        if (!CHECK(data_entry_loads(GOOD[i], &errors))) tell(GOOD[i], "doesn't load", &errors);
        errors_clear(&errors);
    }
    static const struct { const char *name, *word; } BAD[] = {
        {"data/monsters-bad.txt", "'hp'"},
        {"data/amulet-found-at-random", "'amulet'"},
        {"data/vaults-truncated.txt", "vaults.txt"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; ++i) {
        CHECK(!data_entry_loads(BAD[i].name, &errors));
        only_mistakes_of(BAD[i].name, &errors, BAD[i].word);
        errors_clear(&errors);
    }
    /* the class's hp, and its kit's three wrong items */
    CHECK(!data_entry_loads("data/classes-bad.txt", &errors));
    CHECK_INT(errors.count, 4);
    only_mistakes_of("data/classes-bad.txt", &errors, "classes.txt:");
    errors_clear(&errors);
}

static void tiles_entries(const GameData *data)
{
    Errors errors = {0};
    size_t length;
    char *text = corpus_file("tiles/tiles.txt", &length);
    if (text != NULL && !CHECK(tilecheck_text(data, text, length, &errors))) {
        tell("tiles/tiles.txt", "isn't clean", &errors);
    }
    errors_clear(&errors);
    free(text);
    text = corpus_file("tiles/truncated.txt", &length);
    if (text != NULL) CHECK(!tilecheck_text(data, text, length, &errors));
    errors_clear(&errors);
    free(text);
}

static LoadResult save_entry(const char *name, const GameData *data, Errors *errors)
{
    size_t length;
    char *text = corpus_file(name, &length);
    Run *run = NULL;
    LoadResult result = text != NULL ? save_read_with(data, text, length, SLOT_ABOVE_TYPES, &run, errors)
                                     : LOAD_DAMAGED;
    run_free(run);
    free(text);
    return result;
}

static void save_and_scores_entries(const GameData *data)
{
    Errors errors = {0};
    if (!CHECK(save_entry("save/save-now.txt", data, &errors) == LOAD_OK)) {
        tell("save/save-now.txt", "doesn't load", &errors);
    }
    errors_clear(&errors);
    CHECK_INT(save_entry("save/other-version.txt", data, &errors), LOAD_OTHER_VERSION);
    errors_clear(&errors);

    static ScoreTable table;
    size_t length;
    char *text = corpus_file("scores/good.txt", &length);
    if (text != NULL) {
        CHECK_INT(scores_parse(text, length, &table, &errors), SCORES_READ_OK);
        CHECK(table.count > 0);
    }
    errors_clear(&errors);
    free(text);
    text = corpus_file("scores/later.txt", &length);
    if (text != NULL) CHECK_INT(scores_parse(text, length, &table, &errors), SCORES_READ_OTHER_VERSION);
    errors_clear(&errors);
    free(text);
}

int main(void)
{
    GameData data = {0};
    Errors errors = {0};
    if (!data_load_dir(&data, AMULETS_SOURCE_DIR "/data", &errors)) {
        fprintf(stderr, "the shipped data doesn't load\n");
        return EXIT_FAILURE;
    }
    runs_play(&data);
    damaged_recordings(&data);
    data_entries();
    tiles_entries(&data);
    save_and_scores_entries(&data);
    data_free(&data);
    return check_done("test_corpus");
}
