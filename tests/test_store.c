/* The store (store.h): its in-memory implementation failing at every
 * step of every write of every file the game keeps (a full disk, a disk
 * error, a crash between steps) leaves each file the old one or the new
 * one, never torn or lost; a damaged file set aside loses none of the
 * earlier ones; and every file the game reads back is known whole by its
 * marks. The disk's store has test_store_disk and test_store_race. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>

#include "files.h"

#include "check.h"
#include "config.h"
#include "ending.h"
#include "morgue.h"
#include "replay.h"
#include "runtest.h"
#include "save.h"
#include "scores.h"
#include "session.h"
#include "slot.h"
#include "run_debug.h"
#include "store.h"

static GameData data;
static const long long WHEN = 1796126400;   /* 2026-12-01 12:00 UTC */

/* ---- Every step of a write -------------------------------------------- */

/* One write of the game's, on a slot in the store, with what it needs */
typedef void (*Writer)(Slot *slot, void *context);

static void slot_on(Slot *slot, MemStore *mem)
{
    char error[SLOT_ERROR_SIZE];
    if (!slot_init_store(slot, store_mem(mem), error, sizeof error)) {
        fprintf(stderr, "slot_init_store: %s\n", error);
        exit(EXIT_FAILURE);
    }
}

static bool is_temporary(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".tmp") == 0;
}

static bool same_text(const char *a, size_t a_length, const char *b, size_t b_length)
{
    if (a == NULL || b == NULL) return a == b;
    return a_length == b_length && memcmp(a, b, a_length) == 0;
}

/* name is as it was before, or as the write left it */
static bool old_or_new(const MemStore *now, const MemStore *before, const MemStore *after,
                       const char *name)
{
    size_t n = 0, b = 0, a = 0;
    const char *text = store_mem_get(now, name, &n), *was = store_mem_get(before, name, &b),
               *would_be = store_mem_get(after, name, &a);
    return same_text(text, n, was, b) || same_text(text, n, would_be, a);
}

/* A save or a recording that differs from both, as an early failure
 * changes what comes after (a recording that couldn't be read is begun
 * again, and the save says so), is still whole: its reader takes it */
static bool whole_anyway(const MemStore *now, const char *name)
{
    size_t length = 0;
    const char *text = store_mem_get(now, name, &length);
    if (text == NULL) return false;
    Errors errors = {0};
    bool whole = false;
    if (strcmp(name, "save.txt") == 0 && strncmp(text, "# This run is over", 18) == 0) {
        whole = true;   /* the save of a run that ended, that couldn't be deleted */
    } else if (strcmp(name, "save.txt") == 0) {
        Run *run = NULL;
        whole = save_read_with(&data, text, length, SLOT_ABOVE_TYPES, &run, &errors) == LOAD_OK;
        run_free(run);
    } else if (strcmp(name, "replay.txt") == 0 || strncmp(name, "runs/", 5) == 0) {
        Replay replay;
        whole = rep_parse(&replay, text, length, name, &errors);
        if (whole) rep_free(&replay);
    } else if (strcmp(name, "scores.txt") == 0 || strcmp(name, "ended.txt") == 0) {
        /* a run's ending that met a failure early names it otherwise */
        char *copy = malloc(length + 1), why[SLOT_ERROR_SIZE];
        size_t kept = length;
        ScoreTable table;
        memcpy(copy, text, length + 1);
        whole = store_unmark(copy, &kept, why, sizeof why) == STORE_MARK_OK &&
                (name[0] == 'e' || scores_parse(copy, kept, &table, &errors) == SCORES_READ_OK);
        free(copy);
    } else if (strcmp(name, "journal.txt") == 0) {
        /* the head a save begins, naming the save as an early failure made it */
        whole = strncmp(text, "# The run's journal", 19) == 0 && text[length - 1] == '\n';
    } else if (strncmp(name, "morgue/", 7) == 0) {
        whole = strstr(text, "The recording") != NULL;   /* its last section: written whole */
    }
    errors_clear(&errors);
    return whole;
}

/* Every file of before and after (but temporary ones) is one or the other */
static bool each_old_or_new(const MemStore *now, const MemStore *before, const MemStore *after,
                            const char *what, int step, int fault)
{
    const MemStore *both[] = {before, after, now};
    for (int s = 0; s < 3; ++s) {
        for (int i = 0; i < both[s]->count; ++i) {
            const char *name = both[s]->files[i].name;
            /* an ending stopped part way leaves ended.txt, for the next start */
            bool known = store_mem_get(before, name, NULL) != NULL || store_mem_get(after, name, NULL) != NULL ||
                         strcmp(name, "ended.txt") == 0;
            if (is_temporary(name) || old_or_new(now, before, after, name) || (known && whole_anyway(now, name))) {
                continue;
            }
            fprintf(stderr, "%s, failing at step %d (%s): %s is neither the old nor the new\n", what,
                    step, fault ? strerror(fault) : "a crash", name);
            return false;
        }
    }
    return true;
}

static const int FAULTS[] = {ENOSPC, EIO, 0 /* a crash */};

/* The write done cleanly, then failing at each of its steps with each
 * fault in turn, each time from the files of before; returns how many
 * steps it has */
static int every_step(const char *what, const MemStore *before, Writer write, void *context)
{
    MemStore mem, after;
    store_mem_init(&mem, "/mem");
    store_mem_init(&after, "/mem");
    Slot slot;
    store_mem_copy(&mem, before);
    slot_on(&slot, &mem);
    write(&slot, context);
    int steps = mem.steps;
    store_mem_copy(&after, &mem);
    for (int step = 1; step <= steps; ++step) {
        for (size_t f = 0; f < sizeof FAULTS / sizeof FAULTS[0]; ++f) {
            store_mem_copy(&mem, before);
            store_mem_restart(&mem);
            store_mem_fail(&mem, step, FAULTS[f]);
            slot_on(&slot, &mem);
            write(&slot, context);
            store_mem_restart(&mem);
            CHECK(each_old_or_new(&mem, before, &after, what, step, FAULTS[f]));
        }
    }
    store_mem_free(&mem);
    store_mem_free(&after);
    return steps;
}

/* ---- The files ----------------------------------------------------------- */

static Run *played(uint64_t seed, int waits)
{
    Run *run = run_new(&data, seed, 1);
    for (int i = 0; i < waits && run_mode(run) == MODE_PLAYING; ++i) run_command(run, cmd_make(CMD_WAIT, 0));
    return run;
}

static void write_save(Slot *slot, void *context)
{
    char error[SLOT_ERROR_SIZE];
    slot_write(slot, context, error, sizeof error);
}

static void write_class(Slot *slot, void *context)
{
    slot_write_class(slot, context);
}

/* The saved run continued in a session, or NULL if it can't be read */
static Run *continued(Slot *slot, Session *session)
{
    SlotLoad load;
    Run *run = slot_load(slot, &data, &load);
    errors_clear(&load.reasons);
    if (run != NULL) session_start(session, slot, run);
    return run;
}

/* The saved run continued for a few turns, and saved: the recording
 * first, then the save */
static void write_checkpoint(Slot *slot, void *context)
{
    (void)context;
    Session session;
    Run *run = continued(slot, &session);
    if (run == NULL) return;   /* a failed read: nothing more is done */
    for (int i = 0; i < 5; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
    session_save(&session);
    run_free(run);
}

/* The saved run ended: its ending recorded (ended.txt, runs/, morgue/,
 * the high scores), then its save, recording and ended.txt removed */
static void write_ending(Slot *slot, void *context)
{
    (void)context;
    Session session;
    Run *run = continued(slot, &session);
    if (run == NULL) return;
    run_debug_set_mode(run, MODE_WON);
    session.end_due = true;
    session_settle(&session, NULL);
    run_free(run);
}

static void write_scores(Slot *slot, void *context)
{
    char message[SCORES_MESSAGE_SIZE];
    scores_enter(slot, context, WHEN, message, sizeof message);
}

static void write_options(Slot *slot, void *context)
{
    char error[SLOT_ERROR_SIZE];
    config_write_settings(slot_store(slot), context, error, sizeof error);
}

static Run *dead_run(int gold)
{
    Run *run = run_new(&data, 11, 2);
    runtest_kill(run, gold);
    return run;
}

/* A folder with a saved run, its recording, three runs on the high
 * scores, a class, two runs in runs/ and morgue/ */
static void make_folder(MemStore *mem)
{
    store_mem_init(mem, "/mem");
    Slot slot;
    slot_on(&slot, mem);
    Run *run = played(5, 3);
    Session session;
    session_start(&session, &slot, run);
    for (int i = 0; i < 4; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
    CHECK(session_save(&session));
    run_free(run);
    char message[SCORES_MESSAGE_SIZE];
    for (int gold = 10; gold <= 30; gold += 10) {
        Run *dead = dead_run(gold);
        CHECK_INT(scores_enter(&slot, dead, WHEN, message, sizeof message), SCORES_ENTERED);
        run_free(dead);
    }
    slot_write_class(&slot, "fighter");
    CHECK(store_mem_put(mem, "runs/000001-seed-1-floor-1-dead.txt", "x\n", 2));
    CHECK(store_mem_put(mem, "morgue/000007-seed-1-floor-1-dead.txt", "y\n", 2));
    CHECK(store_mem_put(mem, "options.txt", "[options]\nview = tiles\n", 23));
    store_mem_restart(mem);
}

static void test_every_write(void)
{
    MemStore before;
    make_folder(&before);
    CHECK(store_mem_get(&before, "save.txt", NULL) != NULL);
    CHECK(store_mem_get(&before, "replay.txt", NULL) != NULL);
    CHECK(store_mem_get(&before, "scores.txt", NULL) != NULL);
    Run *run = played(9, 20), *dead = dead_run(25);
    Settings settings;
    config_default_settings(&settings);
    settings.width = 900;
    settings.height = 600;
    struct {
        const char *what;
        Writer write;
        void *context;
        int least;   /* steps it has at least */
    } writes[] = {
        {"the save", write_save, run, 5},
        {"the class", write_class, "rogue", 5},
        {"a checkpoint (replay.txt, then save.txt)", write_checkpoint, NULL, 12},
        {"the high scores", write_scores, dead, 6},
        {"a run's ending (ended.txt, runs/, morgue/, the scores, the save gone)", write_ending, NULL, 30},
        {"options.txt", write_options, &settings, 5},
    };
    for (size_t i = 0; i < sizeof writes / sizeof writes[0]; ++i) {
        int steps = every_step(writes[i].what, &before, writes[i].write, writes[i].context);
        if (!CHECK(steps >= writes[i].least)) fprintf(stderr, "    %s: %d steps\n", writes[i].what, steps);
        printf("%s: failed at each of %d steps with ENOSPC, EIO and a crash\n", writes[i].what, steps);
    }
    run_free(run);
    run_free(dead);
    store_mem_free(&before);
}

/* A damaged save set aside, failing at every step: none of the earlier
 * damaged saves (save.bad up to save.3.bad) nor the damaged one is lost */
static void test_set_aside(void)
{
    MemStore before, mem;
    store_mem_init(&before, "/mem");
    store_mem_init(&mem, "/mem");
    const char *texts[] = {"damaged now", "bad 0", "bad 1", "bad 2", "bad 3"};
    const char *names[] = {"save.txt", "save.bad", "save.1.bad", "save.2.bad", "save.3.bad"};
    for (int i = 0; i < 5; ++i) store_mem_put(&before, names[i], texts[i], strlen(texts[i]));
    int steps = 0;
    for (int step = 1; step < 40; ++step) {
        for (size_t f = 0; f < sizeof FAULTS / sizeof FAULTS[0]; ++f) {
            store_mem_copy(&mem, &before);
            store_mem_restart(&mem);
            store_mem_fail(&mem, step, FAULTS[f]);
            Slot slot;
            slot_on(&slot, &mem);
            SlotLoad load;
            CHECK(slot_load(&slot, &data, &load) == NULL);
            errors_clear(&load.reasons);
            steps = mem.steps;
            store_mem_restart(&mem);
            /* every text is still there, under one name or another */
            for (int i = 0; i < 5; ++i) {
                bool kept = false;
                for (int j = 0; j < mem.count; ++j) kept = kept || strcmp(mem.files[j].text, texts[i]) == 0;
                if (!CHECK(kept)) fprintf(stderr, "    at step %d, \"%s\" is lost\n", step, texts[i]);
            }
        }
        if (step > steps) break;
    }
    CHECK(steps >= 6);
    store_mem_free(&before);
    store_mem_free(&mem);
}

/* The words a failed write says: the reason, once, and for a rename
 * words that fit every file, not only the save */
static void test_words(void)
{
    MemStore mem;
    make_folder(&mem);
    Slot slot;
    slot_on(&slot, &mem);
    Run *dead = dead_run(99);
    char message[SCORES_MESSAGE_SIZE], error[SLOT_ERROR_SIZE];
    store_mem_fail(&mem, 3, ENOSPC);   /* the read, the temporary file made, filled */
    CHECK_INT(scores_enter(&slot, dead, WHEN, message, sizeof message), SCORES_NOT_WRITTEN);
    CHECK_STR(message, "The high scores couldn't be written: the disk is full.");
    store_mem_fail(&mem, 5, EIO);      /* the read, made, filled, flushed, renamed */
    CHECK_INT(scores_enter(&slot, dead, WHEN, message, sizeof message), SCORES_NOT_WRITTEN);
    CHECK_STR(message, "The high scores couldn't be written: the new file couldn't be put in its place: "
                       "the disk reported an error.");
    store_mem_fail(&mem, 2, EDQUOT);   /* made, filled */
    CHECK(!ending_mark(&slot, &(Ending){.how = "Won"}, error, sizeof error));
    CHECK_STR(error, "the disk quota is used up");
    run_free(dead);
    store_mem_free(&mem);
}

/* A recording that can't be read (permissions, a disk error) is left as
 * it is: the session saves, but replay.txt isn't written over */
static void test_unreadable_recording(void)
{
    static const int errors_tried[] = {EACCES, EIO};
    for (size_t e = 0; e < 2; ++e) {
        MemStore mem;
        make_folder(&mem);
        size_t length;
        const char *was = store_mem_get(&mem, "replay.txt", &length);
        char *old = malloc(length + 1);
        memcpy(old, was, length + 1);
        Slot slot;
        slot_on(&slot, &mem);
        SlotLoad load;
        Run *run = slot_load(&slot, &data, &load);
        errors_clear(&load.reasons);
        CHECK(run != NULL);
        store_mem_fail(&mem, 1, errors_tried[e]);   /* the recording's read */
        Session session;
        session_start(&session, &slot, run);
        for (int i = 0; i < 3; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
        CHECK(session_save(&session));
        size_t now_length;
        const char *now = store_mem_get(&mem, "replay.txt", &now_length);
        CHECK(same_text(now, now_length, old, length));
        const MsgLog *log = run_log(run);
        bool told = false;
        for (int i = 0; i < msg_count(log); ++i) {
            told = told || strcmp(msg_get(log, i)->text,
                                  e == 0 ? "This run's recording can't be read: it isn't readable (permission denied), "
                                           "so it's left as it is, and this session isn't recorded."
                                         : "This run's recording can't be read: the disk reported an error while "
                                           "reading it, so it's left as it is, and this session isn't recorded.") == 0;
        }
        CHECK(told);
        free(old);
        run_free(run);
        store_mem_free(&mem);
    }
}

/* A save or a high-scores table cut at any line (just after a record,
 * say) is damaged and set aside, never read as a good, smaller one: the
 * game ends every file it reads back with a mark that says it's whole */
static void test_cut_files(void)
{
    MemStore mem;
    make_folder(&mem);
    const char *names[] = {"save.txt", "scores.txt"};
    for (int f = 0; f < 2; ++f) {
        size_t length;
        const char *was = store_mem_get(&mem, names[f], &length);
        char *whole = malloc(length + 1);
        memcpy(whole, was, length + 1);
        int cuts = 0, read_as_good = 0;
        for (size_t at = 0; at + 1 < length; ++at) {
            if (whole[at] != '\n') continue;
            ++cuts;
            store_mem_put(&mem, names[f], whole, at + 1);
            Slot slot;
            slot_on(&slot, &mem);
            if (f == 0) {
                SlotLoad load;
                Run *run = slot_load(&slot, &data, &load);
                read_as_good += run != NULL;
                CHECK(run != NULL || (load.result == LOAD_DAMAGED && load.set_aside));
                run_free(run);
                errors_clear(&load.reasons);
            } else {
                ScoreTable table;
                ScoresLoad load;
                scores_load(&slot, &table, &load);
                read_as_good += load.result == SCORES_READ_OK;
                CHECK(load.result == SCORES_READ_OK || (load.result == SCORES_READ_DAMAGED && load.set_aside));
            }
        }
        CHECK_INT(read_as_good, 0);
        printf("%s cut at each of its %d lines: %d read as good\n", names[f], cuts, read_as_good);
        store_mem_put(&mem, names[f], whole, length);
        free(whole);
    }
    store_mem_free(&mem);
}

/* A file's text as the game wrote it, less its head and its mark: as a
 * game before the marks wrote it, or as one whose first and last lines
 * were taken off (a new buffer, length in *plain_length) */
static char *unmarked(const MemStore *mem, const char *name, size_t *plain_length)
{
    size_t length, head = strlen(STORE_MARK_HEAD);
    const char *was = store_mem_get(mem, name, &length);
    CHECK(was != NULL && length > head && memcmp(was, STORE_MARK_HEAD, head) == 0);
    if (was == NULL || length <= head) exit(EXIT_FAILURE);
    char *plain = malloc(length + 1), error[SLOT_ERROR_SIZE];
    *plain_length = length - head;
    memcpy(plain, was + head, *plain_length);
    plain[*plain_length] = '\0';
    CHECK_INT(store_unmark(plain, plain_length, error, sizeof error), STORE_MARK_OK);
    return plain;
}

/* text with the first "from" made "to", in a new buffer */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    CHECK(at != NULL);
    if (at == NULL) exit(EXIT_FAILURE);
    char *out = malloc(strlen(text) + strlen(to) + 1);
    size_t before = (size_t)(at - text);
    memcpy(out, text, before);
    strcpy(out + before, to);
    strcat(out, at + strlen(from));
    return out;
}

/* A real save of version 4, from the fuzzers' corpus: written before
 * the marks, so it has neither head nor mark */
static char *version_4_save(size_t *length)
{
    char path[PATH_SIZE];
    path_of(path, "%s/fuzz/corpus/save/save-v4-rogue-floor5.txt", AMULETS_SOURCE_DIR);
    char *text = contents(path, length);
    CHECK(text != NULL && !store_has_mark(text, *length));
    if (text == NULL) exit(EXIT_FAILURE);
    return text;
}

/* A save, a table of scores and a recording kept from a game before the
 * marks (no head, no mark: a save of version 4 or before, a table of
 * version 1) are read as they always were: a player's run and scores
 * survive the upgrade. One with the head but cut short of its mark is
 * damaged, as test_cut_files finds for every line */
static void test_before_marks(void)
{
    MemStore mem;
    make_folder(&mem);
    size_t length;
    char *save = version_4_save(&length);
    store_mem_put(&mem, "save.txt", save, length);
    store_mem_put(&mem, "replay.txt", NULL, 0);   /* the run's recording was another run's */
    free(save);
    char *table = unmarked(&mem, "scores.txt", &length);
    char *first = replaced(table, "\nversion = 2\n", "\nversion = 1\n");
    store_mem_put(&mem, "scores.txt", first, strlen(first));
    free(table);
    free(first);
    Slot slot;
    slot_on(&slot, &mem);
    SlotLoad load;
    Run *run = slot_load(&slot, &data, &load);
    CHECK(run != NULL);
    CHECK_INT(load.result, LOAD_OK);
    CHECK(!load.set_aside);
    errors_clear(&load.reasons);
    ScoreTable scores;
    ScoresLoad scores_read;
    scores_load(&slot, &scores, &scores_read);
    CHECK_INT(scores_read.result, SCORES_READ_OK);
    CHECK_INT(scores.count, 3);
    /* played on: every file marked again */
    if (run != NULL) {
        Session session;
        session_start(&session, &slot, run);
        session_command(&session, cmd_make(CMD_WAIT, 0));
        CHECK(session_save(&session));
        run_free(run);
    }
    size_t head = strlen(STORE_MARK_HEAD);
    const char *now = store_mem_get(&mem, "save.txt", &length);
    CHECK(now != NULL && length > head && memcmp(now, STORE_MARK_HEAD, head) == 0);
    store_mem_free(&mem);
}

/* A recording kept from a game before the marks is taken up as it was
 * (the recorder's reading, the session's own, is left as it is) */
static void test_recording_before_marks(void)
{
    MemStore mem;
    make_folder(&mem);
    size_t length;
    char *plain = unmarked(&mem, "replay.txt", &length);
    store_mem_put(&mem, "replay.txt", plain, length);
    free(plain);
    Slot slot;
    slot_on(&slot, &mem);
    Session session;
    Run *run = continued(&slot, &session);
    CHECK(run != NULL);
    if (run != NULL) {
        CHECK(session.recorder.on_disk);   /* the old recording taken up */
        session_command(&session, cmd_make(CMD_WAIT, 0));
        CHECK(session_save(&session));
        run_free(run);
    }
    CHECK(store_mem_get(&mem, "replay.bad", &length) == NULL);
    store_mem_free(&mem);
}

/* Puts text as save.txt and continues it: true if a run loaded; a save
 * that didn't load must be damaged and set aside, its first reason in
 * reason (if not NULL) */
static bool save_loads(MemStore *mem, const char *text, size_t length, char reason[SLOT_ERROR_SIZE])
{
    store_mem_put(mem, "save.txt", text, length);
    Slot slot;
    slot_on(&slot, mem);
    SlotLoad load;
    Run *run = slot_load(&slot, &data, &load);
    if (run == NULL) CHECK(load.result == LOAD_DAMAGED && load.set_aside);
    if (reason != NULL) snprintf(reason, SLOT_ERROR_SIZE, "%s", load.reasons.count > 0 ? load.reasons.lines[0] : "");
    errors_clear(&load.reasons);
    run_free(run);
    return run != NULL;
}

/* A save of this version, or a table of scores, without its head and its
 * mark is damaged: the marks came in with save version 5 and scores
 * version 2, so a file of those versions was written with them, and one
 * without them had its first and last lines taken off. Each number of
 * such a save made ten times bigger (max_hp 34 to 340), as the probe of
 * issue 31 did, is damage found, never a run loaded */
static void test_marks_by_version(void)
{
    MemStore mem;
    make_folder(&mem);
    size_t length;
    char *save = unmarked(&mem, "save.txt", &length);
    char reason[SLOT_ERROR_SIZE];
    CHECK(!save_loads(&mem, save, length, reason));
    CHECK_STR(reason, "save.txt: it doesn't begin and end as the game writes it (its first and last "
                      "lines are missing)");
    int edits = 0, loaded = 0;
    char *changed = malloc(length + 2);
    for (const char *line = save; *line != '\0'; line = strchr(line, '\n') + 1) {
        const char *equals = strstr(line, " = "), *end = strchr(line, '\n');
        const char *value = equals != NULL && equals < end ? equals + 3 : NULL;
        size_t digits = value != NULL ? strspn(value, "0123456789") : 0;
        if (digits == 0 || value + digits != end || strncmp(line, "version", 7) == 0) continue;
        size_t at = (size_t)(end - save);
        memcpy(changed, save, at);
        changed[at] = '0';
        memcpy(changed + at + 1, save + at, length - at);
        loaded += save_loads(&mem, changed, length + 1, NULL);
        ++edits;
    }
    free(changed);
    CHECK(edits > 100);
    CHECK_INT(loaded, 0);
    printf("this version's save without its head and mark: %d of %d numbers made ten times bigger "
           "loaded\n", loaded, edits);

    char *table = unmarked(&mem, "scores.txt", &length);
    store_mem_put(&mem, "scores.txt", table, length);
    Slot slot;
    slot_on(&slot, &mem);
    ScoreTable scores;
    ScoresLoad read;
    scores_load(&slot, &scores, &read);
    CHECK_INT(read.result, SCORES_READ_DAMAGED);
    CHECK(read.set_aside);
    CHECK_STR(read.message, "The high scores were damaged, so they've been set aside as scores.bad "
                            "(scores.txt: it doesn't begin and end as the game writes it (its first and "
                            "last lines are missing)).");
    free(save);
    free(table);
    store_mem_free(&mem);
}

/* ---- A death ------------------------------------------------------------- */

/* A run that dies waiting on floor 9, as test_morgue's */
enum { DEATH_SEED = 12, DEATH_FLOOR = 9 };

/* The saved run continued till it dies */
static void write_death(Slot *slot, void *context)
{
    (void)context;
    Session session;
    Run *run = continued(slot, &session);
    if (run == NULL) return;
    session.clock = NULL;
    for (int i = 0; i < 300 && run_mode(run) == MODE_PLAYING; ++i) session_command(&session, cmd_make(CMD_WAIT, 0));
    CHECK_INT(run_mode(run), MODE_DEAD);
    run_free(run);
}

static bool numbered(const char *name, const char *folder)
{
    size_t n = strlen(folder);
    return strncmp(name, folder, n) == 0 && name[n] == '/' && store_number(name + n + 1) >= 0;
}

/* How many files of folder there are, and runs on the high scores */
static int count_in(const MemStore *mem, const char *folder)
{
    int count = 0;
    for (int i = 0; i < mem->count; ++i) count += numbered(mem->files[i].name, folder);
    return count;
}

static int scores_count(const MemStore *mem)
{
    size_t length = 0;
    const char *text = store_mem_get(mem, "scores.txt", &length);
    if (text == NULL) return 0;
    ScoreTable table;
    Errors errors = {0};
    scores_parse(text, length, &table, &errors);
    errors_clear(&errors);
    return table.count;
}

/* A death stopped at every step (a full disk, a disk error, a crash):
 * the dead run can never be continued, and a start after it doesn't put
 * the death on the high scores, in runs/ or in morgue/ a second time */
static void ignore_line(void *context, const char *line)
{
    (void)context, (void)line;
}

static void test_death_every_step(void)
{
    MemStore before, mem;
    store_mem_init(&before, "/mem");
    store_mem_init(&mem, "/mem");
    Slot slot;
    slot_on(&slot, &before);
    Run *run = run_new(&data, DEATH_SEED, DEATH_FLOOR);
    Session session;
    session_start(&session, &slot, run);
    CHECK(session_save(&session));
    run_free(run);
    store_mem_restart(&before);

    store_mem_copy(&mem, &before);
    slot_on(&slot, &mem);
    write_death(&slot, NULL);
    int steps = mem.steps, undone = 0;
    CHECK_INT(count_in(&mem, "runs"), 1);
    CHECK_INT(count_in(&mem, "morgue"), 1);
    CHECK_INT(scores_count(&mem), 1);
    CHECK(store_mem_get(&mem, "save.txt", NULL) == NULL);
    for (int step = 1; step <= steps; ++step) {
        for (size_t f = 0; f < sizeof FAULTS / sizeof FAULTS[0]; ++f) {
            store_mem_copy(&mem, &before);
            store_mem_restart(&mem);
            store_mem_fail(&mem, step, FAULTS[f]);
            slot_on(&slot, &mem);
            write_death(&slot, NULL);
            store_mem_restart(&mem);
            /* the next start: an ending left part way is finished first
             * (ending.h), then the run is over, on every record once, or
             * it never died */
            bool finished = true;
            ending_finish_left(&slot, ignore_line, NULL, &finished);
            SlotLoad load;
            Run *again = finished ? slot_load(&slot, &data, &load) : NULL;
            if (finished) errors_clear(&load.reasons);
            bool died = count_in(&mem, "runs") + count_in(&mem, "morgue") + scores_count(&mem) > 0;
            /* (runs/ has none when the recording couldn't be read at the start) */
            if (!CHECK(!died || (count_in(&mem, "runs") <= 1 && count_in(&mem, "morgue") == 1 &&
                                 scores_count(&mem) == 1))) {
                fprintf(stderr, "    stopped at step %d (%s): %d in runs/, %d in morgue/, %d scores\n", step,
                        FAULTS[f] ? strerror(FAULTS[f]) : "a crash", count_in(&mem, "runs"),
                        count_in(&mem, "morgue"), scores_count(&mem));
            }
            CHECK(died || again != NULL);
            if (again != NULL && died) {
                if (++undone <= 3) {
                    fprintf(stderr, "a death stopped at step %d of %d (%s) can be continued\n", step, steps,
                            FAULTS[f] ? strerror(FAULTS[f]) : "a crash");
                }
            }
            run_free(again);
            CHECK(count_in(&mem, "runs") <= 1 && count_in(&mem, "morgue") <= 1 && scores_count(&mem) <= 1);
        }
    }
    CHECK_INT(undone, 0);
    printf("a death: stopped at each of %d steps with ENOSPC, EIO and a crash, %d could be undone\n",
           steps, undone);
    store_mem_free(&before);
    store_mem_free(&mem);
}

int main(void)
{
    load_shipped_data(&data);
    test_every_write();
    test_set_aside();
    test_words();
    test_unreadable_recording();
    test_cut_files();
    test_before_marks();
    test_recording_before_marks();
    test_marks_by_version();
    test_death_every_step();
    data_free(&data);
    return check_done("test_store");
}
