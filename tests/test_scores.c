/* The high scores: their order, the cap of 100, the text read back, a
 * table written whole or not at all whatever step fails or is killed,
 * each way a scores.txt can be damaged set aside with its message and
 * the game still starting and playing, a debugged run never entered, and
 * the screen H shows from the title and the class choice. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include "files.h"
#include "input.h"
#include "rng.h"
#include "run_debug.h"
#include "runtest.h"
#include "scores.h"
#include "screen_scores.h"
#include "session.h"
#include "slot.h"
#include "slottest.h"

enum { DEATH_SEED = 12, DEATH_FLOOR = 9 };

static GameData data;
static char root[PATH_SIZE];

static void make_slot(Slot *slot, const char *name) { make_slot_in(slot, root, name); }

static Score score_of(bool won, int amulets, int floor, int gold, int turns, const char *date)
{
    Score s;
    memset(&s, 0, sizeof s);
    snprintf(s.class_name, sizeof s.class_name, "Rogue");
    s.won = won;
    if (!won) snprintf(s.cause, sizeof s.cause, "a kobold");
    s.amulets = amulets;
    s.floor = floor;
    s.gold = gold;
    s.turns = turns;
    s.seed = 5;
    snprintf(s.date, sizeof s.date, "%s", date);
    return s;
}

/* A run over, dead on its floor with so much gold */
static Run *dead_run(int gold, bool debugged)
{
    Run *run = run_new(&data, 11, 2);
    if (debugged) CHECK(run_command(run, cmd_make(CMD_DEBUG, 0)));
    runtest_kill(run, gold);
    return run;
}

static void scores_file(const Slot *slot, char out[PATH_SIZE], const char *name)
{
    path_of(out, "%s/%s", slot->dir, name);
}

static bool sorted(const ScoreTable *table)
{
    for (int i = 1; i < table->count; ++i) {
        if (scores_better(&table->entries[i], &table->entries[i - 1])) return false;
    }
    return true;
}

/* ---- The order, and the cap ------------------------------------------------------ */

static void test_the_order(void)
{
    Score won = score_of(true, 3, 9, 10, 900, ""), dead = score_of(false, 2, 9, 900, 100, "");
    CHECK(scores_better(&won, &dead) && !scores_better(&dead, &won));
    Score more_amulets = score_of(false, 2, 4, 0, 500, ""), deeper = score_of(false, 1, 9, 999, 10, "");
    CHECK(scores_better(&more_amulets, &deeper));
    Score deep = score_of(false, 1, 5, 0, 10, ""), shallow = score_of(false, 1, 4, 999, 10, "");
    CHECK(scores_better(&deep, &shallow));
    Score rich = score_of(false, 1, 5, 50, 900, ""), poor = score_of(false, 1, 5, 49, 10, "");
    CHECK(scores_better(&rich, &poor));
    Score quick = score_of(true, 3, 9, 50, 800, ""), slow = score_of(true, 3, 9, 50, 801, "");
    CHECK(scores_better(&quick, &slow));
    CHECK(!scores_better(&quick, &quick));

    /* equals: the one that ended first stays ahead */
    ScoreTable table = {0};
    Score first = score_of(false, 0, 3, 5, 50, "2026-01-01 00:00");
    Score second = score_of(false, 0, 3, 5, 50, "2026-01-02 00:00");
    CHECK_INT(scores_insert(&table, &first), 0);
    CHECK_INT(scores_insert(&table, &second), 1);
    CHECK_STR(table.entries[0].date, "2026-01-01 00:00");
}

/* 300 runs in a random order: the best 100 are kept, best first */
static void test_sorted_and_capped(void)
{
    static ScoreTable table;
    static Score all[300];
    Rng rng;
    rng_seed(&rng, 13);
    memset(&table, 0, sizeof table);
    for (int i = 0; i < 300; ++i) {
        bool won = rng_roll(&rng, 0, 9) == 0;
        all[i] = score_of(won, won ? 3 : rng_roll(&rng, 0, 2), rng_roll(&rng, 1, 9),
                          rng_roll(&rng, 0, 400), rng_roll(&rng, 1, 5000), "");
        int place = scores_insert(&table, &all[i]);
        CHECK(place < 0 || memcmp(&table.entries[place], &all[i], sizeof all[i]) == 0);
    }
    CHECK_INT(table.count, SCORES_KEPT);
    CHECK(sorted(&table));
    /* none left out is better than the last kept */
    int better_than_last = 0;
    for (int i = 0; i < 300; ++i) better_than_last += scores_better(&all[i], &table.entries[SCORES_KEPT - 1]);
    CHECK(better_than_last < SCORES_KEPT);
    Score worst = score_of(false, 0, 1, 0, 9999, "");
    CHECK_INT(scores_insert(&table, &worst), -1);
    CHECK_INT(table.count, SCORES_KEPT);

    /* and the text reads back as the same table */
    size_t length;
    char *text = scores_text(&table, &length);
    static ScoreTable again;
    Errors errors = {0};
    CHECK_INT(scores_parse(text, length, &again, &errors), SCORES_READ_OK);
    CHECK_INT(errors.count, 0);
    size_t again_length;
    char *again_text = scores_text(&again, &again_length);
    CHECK(again_length == length && memcmp(text, again_text, length) == 0);
    free(text);
    free(again_text);
    errors_clear(&errors);
}

/* Through the folder: 105 deaths, each entered in its place, at most 100
 * kept; a debugged run never enters */
static void test_entered_through_the_folder(void)
{
    Slot slot;
    make_slot(&slot, "entered");
    char message[SCORES_MESSAGE_SIZE], path[PATH_SIZE];
    scores_file(&slot, path, "scores.txt");
    for (int gold = 1; gold <= 105; ++gold) {
        Run *run = dead_run(gold, false);
        CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_ENTERED);
        CHECK_STR(message, "The run is number 1 of the high scores.");
        run_free(run);
    }
    Run *run = dead_run(50, false);
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_ENTERED);
    CHECK_STR(message, "The run is number 57 of the high scores.");   /* after 105..50 */
    run_free(run);
    run = dead_run(2, false);
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_NOT_GOOD_ENOUGH);
    CHECK_STR(message, "");
    run_free(run);
    ScoreTable table;
    ScoresLoad load;
    scores_load(&slot, &table, &load);
    CHECK_INT(load.result, SCORES_READ_OK);
    CHECK_INT(table.count, SCORES_KEPT);
    CHECK(sorted(&table));
    CHECK_INT(table.entries[0].gold, 105);
    CHECK_INT(table.entries[SCORES_KEPT - 1].gold, 7);
    CHECK_STR(table.entries[0].class_name, "Fighter");
    CHECK_STR(table.entries[0].cause, "a kobold");
    CHECK_STR(table.entries[0].date, "2026-12-01 12:00");
    CHECK_INT(table.entries[0].floor, 2);
    CHECK_INT(table.entries[0].turns, 40);

    size_t length;
    char *before = contents(path, &length);
    run = dead_run(1000, true);
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_DEBUGGED);
    CHECK_STR(message, "This run used the debugging views, so it isn't on the high scores.");
    CHECK(same_file(path, before, length));
    run_free(run);
    free(before);
}

/* ---- Whole or nothing ------------------------------------------------------------ */

static int calls, fail_at, kill_at;

static bool failing(void)
{
    ++calls;
    if (calls == kill_at) raise(SIGKILL);
    if (calls != fail_at) return false;
    errno = ENOSPC;
    return true;
}
static int f_openat(int folder, const char *name, int flags, int mode)
{
    return failing() ? -1 : openat(folder, name, flags, (mode_t)mode);
}
static ssize_t f_write(int fd, const void *bytes, size_t size)
{
    return failing() ? -1 : write(fd, bytes, size < 1024 ? size : 1024);   /* a few calls */
}
static int f_fsync(int fd) { return failing() ? -1 : fsync(fd); }
static int f_close(int fd)
{
    bool fail = failing();
    close(fd);
    return fail ? -1 : 0;
}
static int f_renameat(int from_folder, const char *from, int to_folder, const char *to)
{
    return failing() ? -1 : renameat(from_folder, from, to_folder, to);
}
static int f_unlinkat(int folder, const char *name, int flags)
{
    return failing() ? -1 : unlinkat(folder, name, flags);
}
static ssize_t f_read(int fd, void *bytes, size_t size) { return failing() ? -1 : read(fd, bytes, size); }
static int f_mkdirat(int folder, const char *name, int mode)
{
    return failing() ? -1 : mkdirat(folder, name, (mode_t)mode);
}
static int f_fstatat(int folder, const char *name, struct stat *info, int flags)
{
    return failing() ? -1 : fstatat(folder, name, info, flags);
}
static const FileOps FAILING_OPS = {
    .openat = f_openat, .write = f_write,       .fsync = f_fsync,
    .close = f_close,   .renameat = f_renameat, .unlinkat = f_unlinkat,
    .read = f_read,     .mkdirat = f_mkdirat,   .fstatat = f_fstatat,
};

/* The old table (40 runs) with one run more entered, failing at each
 * system call in turn, then killed at each: scores.txt is always the old
 * table or the new one, whole */
static void test_whole_or_nothing(void)
{
    Slot slot;
    make_slot(&slot, "whole");
    char path[PATH_SIZE], message[SCORES_MESSAGE_SIZE];
    scores_file(&slot, path, "scores.txt");
    for (int gold = 1; gold <= 40; ++gold) {
        Run *run = dead_run(gold * 10, false);
        scores_enter(&slot, run, WHEN, message, sizeof message);
        run_free(run);
    }
    size_t old_length, new_length;
    char *old_text = contents(path, &old_length);
    Run *run = dead_run(205, false);
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_ENTERED);
    char *new_text = contents(path, &new_length);
    CHECK(old_text != NULL && new_text != NULL && new_length > old_length);

    int failures = 0;
    for (int n = 1; n < 200; ++n) {
        put_file(path, old_text, old_length);
        slot.posix.fs = &FAILING_OPS;
        calls = 0, fail_at = n, kill_at = 0;
        ScoresEnter entered = scores_enter(&slot, run, WHEN, message, sizeof message);
        slot.posix.fs = file_system_ops();
        bool whole_new = same_file(path, new_text, new_length);
        CHECK(whole_new || same_file(path, old_text, old_length));
        if (n > calls) {   /* past the last call: nothing failed */
            CHECK_INT(entered, SCORES_ENTERED);
            break;
        }
        ++failures;
        CHECK(entered == SCORES_ENTERED ? whole_new : !whole_new);
        if (entered != SCORES_ENTERED) CHECK(strstr(message, "The high scores") == message);
    }
    CHECK(failures >= 8);   /* the read, the unlink, open, writes, fsync, close, rename, ... */

    int killed = 0;
    for (int n = 1; n < 200; ++n) {
        put_file(path, old_text, old_length);
        pid_t child = fork();
        if (child == 0) {
            slot.posix.fs = &FAILING_OPS;
            calls = 0, fail_at = 0, kill_at = n;
            _exit(scores_enter(&slot, run, WHEN, message, sizeof message) == SCORES_ENTERED ? 0 : 1);
        }
        int status = 0;
        waitpid(child, &status, 0);
        CHECK(same_file(path, new_text, new_length) || same_file(path, old_text, old_length));
        if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)) break;
        ++killed;
    }
    CHECK(killed >= 8);
    printf("the high scores failed at each of %d system calls, and were killed at each of %d\n",
           failures, killed);
    free(old_text);
    free(new_text);
    run_free(run);
}

/* ---- Damage ------------------------------------------------------------------------- */

static const char GOOD_HEAD[] = "# The high scores of Amulets of SDL, best first\n[scores]\nversion = 1\n";
static const char ENTRY[] = "\n[score]\nclass = Rogue\noutcome = dead\ncause = a kobold\nfloor = 3\n"
                            "amulets = 0\ngold = 12\nturns = 300\nseed = 5\ndate = 2026-11-30 10:00\n";

typedef struct Damage {
    const char *name;
    const char *text;       /* NULL: made by the test */
    const char *reason;     /* the first reason told */
} Damage;

static const Damage DAMAGES[] = {
    {"empty", "", "scores.txt: the high scores start with [scores]"},
    {"garbage", "\x01\x7f\xfe\xff garbage\n", "scores.txt: the high scores start with [scores]"},
    {"no head", "\n[score]\nclass = Rogue\n", "scores.txt: the high scores start with [scores]"},
    {"bad version", "[scores]\nversion = one\n", "scores.txt:2: 'version' should be a whole number"},
    {"a word for a number", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = dead\nfloor = 3\n"
                            "amulets = 0\ngold = lots\nturns = 300\nseed = 5\n",
     "scores.txt:8: 'gold' should be a whole number"},
    {"a key missing", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = dead\nfloor = 3\n"
                      "amulets = 0\nturns = 300\nseed = 5\n",
     "scores.txt:3: [score] needs 'gold'"},
    {"a key unknown", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = won\nfloor = 3\n"
                      "amulets = 0\ngold = 1\nturns = 300\nseed = 5\nhat = red\n",
     "scores.txt:11: unknown key 'hat'"},
    {"a record unknown", "[scores]\nversion = 1\n[hat]\ncolour = red\n", "scores.txt:3: unknown record [hat]"},
    {"a floor too deep", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = dead\nfloor = 12\n"
                         "amulets = 0\ngold = 1\nturns = 300\nseed = 5\n",
     "scores.txt:6: 'floor' should be at most 9"},
    {"an outcome unknown", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = fled\nfloor = 2\n"
                           "amulets = 0\ngold = 1\nturns = 300\nseed = 5\n",
     "scores.txt:5: 'outcome' should be dead or won"},
    {"a bad date", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = won\nfloor = 2\n"
                   "amulets = 3\ngold = 1\nturns = 300\nseed = 5\ndate = yesterday\n",
     "scores.txt:11: 'date' should be YEAR-MM-DD HH:MM"},
    {"out of order", "[scores]\nversion = 1\n[score]\nclass = Rogue\noutcome = dead\nfloor = 2\n"
                     "amulets = 0\ngold = 1\nturns = 300\nseed = 5\n[score]\nclass = Rogue\noutcome = won\n"
                     "floor = 9\namulets = 3\ngold = 1\nturns = 300\nseed = 5\n",
     "scores.txt:11: this run is better than the one before it"},
    /* cut short, so without the mark the game ends the table with */
    {"cut short", NULL, "scores.txt: it doesn't end as the game ends it (it was cut short?)"},
    {"too many", NULL, "scores.txt:1105: the high scores hold at most 100 runs"},
    {"too big", NULL, "scores.txt: it's far too big to be the high scores"},
};

/* The text of a damage the test makes */
static char *damaged_text(const Damage *damage, size_t *length)
{
    size_t size = strlen(GOOD_HEAD) + 101 * strlen(ENTRY) + (2u << 20);
    char *text = malloc(size);
    if (text == NULL) exit(EXIT_FAILURE);
    if (damage->text != NULL) {
        snprintf(text, size, "%s", damage->text);
    } else if (strcmp(damage->name, "cut short") == 0) {
        snprintf(text, size, "%s%s%.*s", GOOD_HEAD, ENTRY, (int)strlen(ENTRY) / 2, ENTRY);
    } else if (strcmp(damage->name, "too many") == 0) {
        size_t at = (size_t)snprintf(text, size, "%s", GOOD_HEAD);
        for (int i = 0; i < 101; ++i) at += (size_t)snprintf(text + at, size - at, "%s", ENTRY);
    } else {   /* too big: a comment of 2 MB */
        size_t at = (size_t)snprintf(text, size, "%s#", GOOD_HEAD);
        memset(text + at, 'x', 2u << 20);
        text[at + (2u << 20)] = '\0';
    }
    *length = strlen(text);
    return text;
}

/* Each damage set aside, its message told on the scores screen, and the
 * game starting (at the class choice, as the window does) and playing
 * a run that enters a new table */
static void test_each_damage(void)
{
    for (size_t d = 0; d < sizeof DAMAGES / sizeof DAMAGES[0]; ++d) {
        const Damage *damage = &DAMAGES[d];
        Slot slot;
        char name[64], path[PATH_SIZE], bad[PATH_SIZE];
        snprintf(name, sizeof name, "damage-%zu", d);
        make_slot(&slot, name);
        scores_file(&slot, path, "scores.txt");
        scores_file(&slot, bad, "scores.bad");
        size_t length;
        char *text = damaged_text(damage, &length);
        /* as the game would have written it, but for the one cut short:
         * its head, but not its end */
        bool cut = strcmp(damage->name, "cut short") == 0;
        if (cut) {
            size_t head = strlen(STORE_MARK_HEAD);
            char *headed = malloc(head + length + 1);
            memcpy(headed, STORE_MARK_HEAD, head);
            memcpy(headed + head, text, length + 1);
            free(text);
            text = headed;
            length += head;
        }
        if (cut) put_file(path, text, length);
        else put_marked(path, text, length);

        InputSetup setup = {.data = &data, .slot = &slot, .seed = DEATH_SEED, .start_floor = DEATH_FLOOR,
                            .choose_class = true, .clock = fixed_clock};
        Input input;
        CHECK(input_open(&input, &setup));
        CHECK_INT(input_screen(&input), SCREEN_CLASS);
        CHECK_INT(input_key(&input, 'H'), INPUT_REDRAW);
        CHECK_INT(input_screen(&input), SCREEN_SCORES);
        char want[SCORES_MESSAGE_SIZE];
        snprintf(want, sizeof want, "The high scores were damaged, so they've been set aside as scores.bad (%s",
                 damage->reason);
        if (strncmp(input.scores.message, want, strlen(want)) != 0) {
            fprintf(stderr, "%s: told \"%s\"\n", damage->name, input.scores.message);
            CHECK(false);
        }
        CHECK(!exists(path));
        CHECK(cut ? same_file(bad, text, length) : same_marked(bad, text, length));
        CHECK_INT(input.scores.table.count, 0);
        ScreenScores lines;
        screen_scores(&input.scores, 200, 40, &lines);
        CHECK(lines.count >= 4 && strncmp(lines.lines[2].text, "The high scores were damaged", 28) == 0);

        CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
        CHECK_INT(input_screen(&input), SCREEN_CLASS);
        CHECK_INT(input_key(&input, '1'), INPUT_NEW_RUN);
        for (int i = 0; i < 200 && input_screen(&input) != SCREEN_DEAD; ++i) input_key(&input, '.');
        CHECK_INT(input_screen(&input), SCREEN_DEAD);
        const MsgLog *log = run_log(input.session.run);
        CHECK_STR(msg_last(log), "The run is number 1 of the high scores.");
        ScoreTable table;
        ScoresLoad load;
        scores_load(&slot, &table, &load);
        CHECK_INT(load.result, SCORES_READ_OK);
        CHECK_INT(table.count, 1);
        input_free(&input);
        free(text);
    }
}

/* Damage found as a run ends: set aside, told, and a new table begun
 * with the run, each said on a line of its own */
static void test_damage_at_the_end(void)
{
    Slot slot;
    make_slot(&slot, "at-the-end");
    char path[PATH_SIZE];
    scores_file(&slot, path, "scores.txt");
    put_marked(path, "[scores]\nversion = 1\n[hat]\n", 27);
    InputSetup setup = {.data = &data, .slot = &slot, .seed = DEATH_SEED, .start_floor = DEATH_FLOOR,
                        .clock = fixed_clock};
    Input input;
    CHECK(input_open(&input, &setup));
    for (int i = 0; i < 200 && input_screen(&input) != SCREEN_DEAD; ++i) input_key(&input, '.');
    const MsgLog *log = run_log(input.session.run);
    CHECK(msg_count(log) >= 2);
    CHECK_STR(msg_get(log, msg_count(log) - 2)->text,
              "The high scores were damaged, so they've been set aside as scores.bad (scores.txt:3: "
              "unknown record [hat]).");
    CHECK_STR(msg_last(log), "The run is number 1 of the high scores.");
    input_free(&input);
}

/* A table set aside while an older one waits: each moves along */
static void test_older_damage_kept(void)
{
    Slot slot;
    make_slot(&slot, "older");
    char path[PATH_SIZE], bad[PATH_SIZE], older[PATH_SIZE];
    scores_file(&slot, path, "scores.txt");
    scores_file(&slot, bad, "scores.bad");
    scores_file(&slot, older, "scores.1.bad");
    ScoreTable table;
    ScoresLoad load;
    put_file(path, "first\n", 6);
    scores_load(&slot, &table, &load);
    CHECK(load.set_aside);
    put_file(path, "second\n", 7);
    scores_load(&slot, &table, &load);
    CHECK(load.set_aside);
    CHECK(same_file(bad, "second\n", 7));
    CHECK(same_file(older, "first\n", 6));
}

/* A folder as scores.txt, or a later version's table: left as they are,
 * never written over, said so; the run just isn't entered */
static void test_left_as_they_are(void)
{
    Slot slot;
    make_slot(&slot, "left");
    char path[PATH_SIZE], message[SCORES_MESSAGE_SIZE];
    scores_file(&slot, path, "scores.txt");
    CHECK(mkdir(path, 0755) == 0);
    Run *run = dead_run(10, false);
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_NOT_WRITTEN);
    CHECK(strncmp(message, "The high scores couldn't be read, and are left as they are (scores.txt: ", 71) == 0);
    CHECK(strstr(message, "). This run isn't on them.") != NULL);
    CHECK(is_folder(path));
    CHECK(rmdir(path) == 0);

    static const char LATER[] = "[scores]\nversion = 7\n[champion]\nwho = you\n";
    put_file(path, LATER, strlen(LATER));
    CHECK_INT(scores_enter(&slot, run, WHEN, message, sizeof message), SCORES_NOT_WRITTEN);
    CHECK_STR(message, "The high scores are from another version of the game, and are left as they are "
                       "(scores.txt: it's version 7, and this game reads versions up to 2). This run isn't on them.");
    CHECK(same_file(path, LATER, strlen(LATER)));
    run_free(run);
}

/* ---- The screen ---------------------------------------------------------------------- */

static void test_the_screen(void)
{
    Score s = score_of(false, 0, 9, 12, 26, "2026-12-01 12:00");
    snprintf(s.class_name, sizeof s.class_name, "Fighter");
    snprintf(s.cause, sizeof s.cause, "a vampire");
    char line[SCREEN_LINE_SIZE];
    screen_score_line(&s, 0, line, sizeof line);
    CHECK_STR(line, "  1  Fighter      Killed by a vampire            9       0     12     26  2026-12-01 12:00");
    s = score_of(true, 3, 9, 400, 5000, "");
    screen_score_line(&s, 41, line, sizeof line);
    CHECK_STR(line, " 42  Rogue        Won                            9       3    400   5000  ");

    /* H from the title, with a save waiting: the entries, Esc back */
    Slot slot;
    make_slot(&slot, "screen");
    char message[SCORES_MESSAGE_SIZE];
    for (int gold = 1; gold <= 30; ++gold) {
        Run *run = dead_run(gold, false);
        scores_enter(&slot, run, WHEN, message, sizeof message);
        run_free(run);
    }
    Run *saved = run_new(&data, 4, 1);
    char error[SLOT_ERROR_SIZE];
    CHECK(slot_write(&slot, saved, error, sizeof error));
    run_free(saved);
    InputSetup setup = {.data = &data, .slot = &slot, .seed = 4, .start_floor = 1, .offer_title = true,
                        .clock = fixed_clock};
    Input input;
    CHECK(input_open(&input, &setup));
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_key(&input, 'H'), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_SCORES);
    CHECK_STR(input_screen_name(SCREEN_SCORES), "scores");
    ScreenScores lines;
    screen_scores(&input.scores, 100, 20, &lines);
    CHECK_STR(lines.lines[0].text, "HIGH SCORES");
    CHECK_STR(lines.lines[2].text, "  #  Class        Outcome                    Floor Amulets   Gold  Turns  Date");
    CHECK_STR(lines.lines[3].text, "  1  Fighter      Killed by a kobold             2       0     30     40  2026-12-01 12:00");
    CHECK_INT(lines.count, 20);   /* 14 entries of the 30 fit, then the keys */
    CHECK_STR(lines.lines[19].text, "Up/Down: scroll   Esc: back");
    CHECK_INT(input_key(&input, 'j'), INPUT_REDRAW);
    screen_scores(&input.scores, 100, 20, &lines);
    CHECK(strncmp(lines.lines[3].text, "  2  Fighter", 12) == 0);
    CHECK_INT(input_key(&input, 'k'), INPUT_REDRAW);
    CHECK_INT(input_key(&input, 'k'), INPUT_NOTHING);   /* at the top */
    CHECK_INT(input_key(&input, 'n'), INPUT_NOTHING);   /* the title's keys wait */
    CHECK(slot_has_save(&slot));
    CHECK_INT(input_key(&input, AK_ESC), INPUT_REDRAW);
    CHECK_INT(input_screen(&input), SCREEN_TITLE);
    CHECK_INT(input_leave(&input), INPUT_QUIT);   /* nothing is saved from the title */
    input_free(&input);

    /* an empty table says so */
    ScoresScreen empty;
    scores_show(&empty, NULL);
    screen_scores(&empty, 100, 20, &lines);
    CHECK_STR(lines.lines[2].text, "No run has ended yet.");
    CHECK_STR(lines.lines[lines.count - 1].text, "Esc: back");
}

int main(void)
{
    load_shipped_data(&data);
    make_test_root(root, "scores");
    test_the_order();
    test_sorted_and_capped();
    test_entered_through_the_folder();
    test_whole_or_nothing();
    test_each_damage();
    test_damage_at_the_end();
    test_older_damage_kept();
    test_left_as_they_are();
    test_the_screen();
    char command[PATH_SIZE + 16];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    if (system(command) != 0) fprintf(stderr, "couldn't remove %s\n", root);
    data_free(&data);
    return check_done("test_scores");
}
