/* Recordings of runs (replay.h, playback.h, recorder.h): the text reads
 * back as written; a damaged recording, one from other data, one with a
 * command the run refuses or a checkpoint the run doesn't reach is refused
 * with FILE:LINE and why; and a session records a run across saves,
 * continues (with its recording, without it, with a damaged one, after a
 * crash), deaths (into runs/, the last 100 kept) and a full disk. Files
 * go in a fresh folder under /tmp, removed at the end. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "file.h"
#include "playback.h"
#include "replay.h"
#include "rng.h"
#include "run_debug.h"
#include "runtest.h"
#include "save.h"
#include "press.h"
#include "session.h"
#include "store.h"

static GameData data;
static char home[256];

/* ---- Helpers ------------------------------------------------------------- */

static bool any_error_is(const Errors *errors, const char *expected)
{
    for (int i = 0; i < errors->count; ++i) {
        if (strcmp(errors->lines[i], expected) == 0) return true;
    }
    for (int i = 0; i < errors->count; ++i) fprintf(stderr, "    error: %s\n", errors->lines[i]);
    fprintf(stderr, "    expected: %s\n", expected);
    return false;
}

static bool log_has(const Run *run, const char *text)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        if (strcmp(msg_get(log, i)->text, text) == 0) return true;
    }
    return false;
}

static bool log_mentions(const Run *run, const char *piece)
{
    const MsgLog *log = run_log(run);
    for (int i = 0; i < msg_count(log); ++i) {
        if (strstr(msg_get(log, i)->text, piece) != NULL) return true;
    }
    return false;
}

/* The header of a recording of seed 1 from floor 1 with the shipped data */
static void header(char *out, size_t size, const char *more)
{
    snprintf(out, size, "[replay]\nformat = 3\nrules = 4\nseed = 1\nfloor = 1\ndata = %016llx\n%s",
             (unsigned long long)rep_data_digest(&data), more);
}

/* Parses text; true if it was refused with expected among the reasons */
static bool refused_with(const char *text, const char *expected)
{
    Replay replay;
    Errors errors = {0};
    bool parsed = rep_parse(&replay, text, strlen(text), "t.txt", &errors);
    bool ok = !parsed && any_error_is(&errors, expected);
    rep_free(&replay);
    errors_clear(&errors);
    return ok;
}

/* Plays text back to its end; true if it was refused with expected */
static bool playback_refused_with(const char *text, const char *expected)
{
    Replay replay;
    Errors errors = {0};
    Playback playback = {0};
    bool parsed = rep_parse(&replay, text, strlen(text), "t.txt", &errors);
    bool played = parsed && playback_start(&playback, &replay, &data, &errors) &&
                  playback_finish(&playback, &errors) == PLAYBACK_END;
    bool ok = parsed && !played && any_error_is(&errors, expected);
    playback_stop(&playback);
    rep_free(&replay);
    errors_clear(&errors);
    return ok;
}

/* ---- The text ------------------------------------------------------------ */

static void test_text_reads_back(void)
{
    Replay replay;
    const char start[] = "[save]\n\nversion = 1\n  spaced  \n";
    rep_init(&replay, 18446744073709551615ull, 4, 0x0123456789abcdefull, "rogue", start,
             sizeof start - 1);
    /* every kind, with every part it may have: any argument, a cell, a
     * slot, a yes (what the rules take is playback's to judge) */
    for (int kind = 0; kind < CMD_COUNT; ++kind) {
        for (int arg = -128; arg <= 127; arg += 17) {
            rep_add(&replay, cmd_make((CommandKind)kind, arg));
            Command parts = cmd_at(cmd_make((CommandKind)kind, arg), (Point){arg & 63, (arg & 31) + 4});
            parts.on = (uint8_t)(1 + (arg & 15));
            parts.yes = 1;
            rep_add(&replay, parts);
        }
        rep_add(&replay, cmd_make((CommandKind)kind, 0));
    }
    rep_add(&replay, cmd_at(cmd_make(CMD_FIRE, 0), (Point){MAP_W - 1, MAP_H - 1}));
    rep_add(&replay, cmd_at(cmd_make(CMD_THROW, 0), (Point){0, 0}));
    rep_add_check(&replay, 0xfedcba9876543210ull);
    rep_add(&replay, cmd_make(CMD_WAIT, 0));
    rep_add_check(&replay, 1);
    replay.ended = MODE_WON;
    size_t length;
    char *text = rep_text(&replay, &length);
    Replay back;
    Errors errors = {0};
    CHECK(rep_parse(&back, text, length, "t.txt", &errors));
    CHECK_INT(errors.count, 0);
    CHECK(back.seed == replay.seed);
    CHECK_INT(back.floor, 4);
    CHECK(back.data_digest == replay.data_digest);
    CHECK_INT(back.count, replay.count);
    bool same = back.count == replay.count;
    for (int i = 0; same && i < back.count; ++i) {
        same = memcmp(&back.commands[i], &replay.commands[i], sizeof(Command)) == 0;
    }
    CHECK(same);
    CHECK_INT(back.check_count, 2);
    CHECK(back.check_count == 2 && back.checks[0].digest == 0xfedcba9876543210ull &&
          back.checks[0].position == replay.count - 1 && back.checks[1].position == replay.count);
    CHECK(back.start != NULL && strcmp(back.start, start) == 0);
    CHECK_STR(back.class_id, "rogue");
    CHECK(strstr(text, "\nclass = rogue\n") != NULL);
    CHECK_INT(back.ended, MODE_WON);
    free(text);
    rep_free(&back);
    rep_free(&replay);
    errors_clear(&errors);
}

static void test_tokens(void)
{
    Command identify = cmd_on(3, 5), onto_trap = cmd_yes(cmd_make(CMD_MOVE, 4));
    Command odd = cmd_make(CMD_WAIT, 0);
    odd.at = MAP_CELLS + 1;
    static const char letters[] = "mwgs>udtfQCD";
    _Static_assert(sizeof letters - 1 == CMD_COUNT, "a letter for each kind");
    const struct { Command command; const char *token; } cases[] = {
        {cmd_make(CMD_MOVE, 0), "m0"}, {cmd_make(CMD_USE, 12), "u12"}, {cmd_make(CMD_WAIT, 0), "w"},
        {cmd_make(CMD_DESCEND, -3), ">-3"}, {cmd_make(CMD_COUNT, 0), "?"}, {cmd_make(CMD_DROP, 0), "d0"},
        {cmd_at(cmd_make(CMD_THROW, 1), (Point){38, 9}), "t1:38,9"}, {cmd_at(cmd_make(CMD_FIRE, 0), (Point){0, 35}), "f:0,35"},
        {identify, "u3/5"}, {onto_trap, "m4!"}, {cmd_yes(cmd_make(CMD_DESCEND, 0)), ">!"}, {odd, "w:?"},
        {cmd_make(CMD_QUIVER, 2), "Q2"}, {cmd_make(CMD_CLOSE_DOOR, 6), "C6"}, {cmd_make(CMD_DEBUG, 0), "D"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char token[REP_TOKEN_SIZE];
        rep_command_token(cases[i].command, token);
        CHECK_STR(token, cases[i].token);
    }
    /* each kind by its own letter */
    for (int kind = 0; kind < CMD_COUNT; ++kind) {
        char token[REP_TOKEN_SIZE];
        rep_command_token(cmd_make((CommandKind)kind, 1), token);
        CHECK(token[0] == letters[kind]);
    }
}

static void test_damaged_text(void)
{
    /* after a good header */
    static const struct { const char *rest, *expected; } after_header[] = {
        {"commands =\n|m2 w\n|m2 q7\n", "t.txt:9: 'q7' isn't a command"},
        {"commands =\n|m40000\n", "t.txt:8: 'm40000' isn't a command"},
        {"commands =\n|t1:64,3\n", "t.txt:8: 't1:64,3' isn't a command"},
        {"commands =\n|t1:3\n", "t.txt:8: 't1:3' isn't a command"},
        {"commands =\n|u1/20\n", "t.txt:8: 'u1/20' isn't a command"},
        {"commands =\n|m1!!\n", "t.txt:8: 'm1!!' isn't a command"},
        {"commands =\n|m!1\n", "t.txt:8: 'm!1' isn't a command"},
        {"commands =\n|u1/2:3,4\n", "t.txt:8: 'u1/2:3,4' isn't a command"},
        {"commands =\n|i c0\n", "t.txt:8: 'i' isn't a command"},
        {"commands =\n|w @12ab\n", "t.txt:8: '@12ab' should be @ and 16 hex digits, a checkpoint"},
        {"class = Mage\ncommands =\n|\n", "t.txt:7: 'class' should be lowercase letters, digits and _"},
        {"start =\n||[save]|\n|version = 1\ncommands =\n|\n",
         "t.txt:9: a row of the start save should be between two bars"},
        {"commands =\n|\n[replay]\n", "t.txt:9: a recording is one [replay] record"},
        {"commands =\n|w\nended = lost\n", "t.txt:9: 'ended' should be dead or won"},
    };
    char text[1024];
    for (size_t i = 0; i < sizeof after_header / sizeof after_header[0]; ++i) {
        header(text, sizeof text, after_header[i].rest);
        CHECK(refused_with(text, after_header[i].expected));
    }
    /* headers gone wrong */
    static const struct { const char *text, *expected; } whole[] = {
        {"[replay]\nformat = 4\n", "t.txt:2: it's format 4, and this game reads formats 1 to 3"},
        {"[replay]\nformat = 0\n", "t.txt:2: it's format 0, and this game reads formats 1 to 3"},
        {"[replay]\nformat = 3\nrules = 4\nseed = 18446744073709551616\nfloor = 1\n"
         "data = 0123456789abcdef\ncommands =\n|\n",
         "t.txt:4: 'seed' should be a whole number from 0 to 18446744073709551615"},
        {"[replay]\nformat = 3\nrules = 4\nseed = 1\nfloor = 12\ndata = 0123456789abcdef\n"
         "commands =\n|\n", "t.txt:5: 'floor' should be 1 to 9"},
        {"[replay]\nformat = 3\nrules = 4\nseed = 1\nfloor = 1\ndata = 0123456789ABCDEF\n"
         "commands =\n|\n", "t.txt:6: 'data' should be 16 hex digits"},
        {"", "t.txt:1: a recording is one [replay] record"},
    };
    for (size_t i = 0; i < sizeof whole / sizeof whole[0]; ++i) {
        CHECK(refused_with(whole[i].text, whole[i].expected));
    }
    /* a NUL in the middle is the record format's to refuse, with its line */
    header(text, sizeof text, "commands =\n|w w\n");
    size_t length = strlen(text);
    text[length - 2] = '\0';
    Replay replay;
    Errors errors = {0};
    CHECK(!rep_parse(&replay, text, length, "t.txt", &errors));
    CHECK(errors.count > 0 && strncmp(errors.lines[0], "t.txt:8: ", 9) == 0);
    errors_clear(&errors);
}

/* A recording names the rules version it was made under, as "rules"
 * (format 1 called it "game"); one of a format before choices (1 or 2,
 * the dialogs' keys) is refused, naming its version and this game's */
static void test_rules_version(void)
{
    Replay replay;
    rep_init(&replay, 5, 1, 0x0123456789abcdefull, "fighter", NULL, 0);
    char *text = rep_text(&replay, NULL), expected[64];
    snprintf(expected, sizeof expected, "\nformat = 3\nrules = %d\nseed = 5\n", REP_GAME_VERSION);
    CHECK(text != NULL && strstr(text, expected) != NULL && strstr(text, "\ngame = ") == NULL);
    free(text);
    rep_free(&replay);
    /* another rules version read, and written again as it was */
    static const struct { const char *head, *again; } cases[] = {
        {"[replay]\nformat = 3\nrules = 1\n", "\nformat = 3\nrules = 1\nseed = 1\n"},
        {"[replay]\nformat = 3\nrules = 7\n", "\nformat = 3\nrules = 7\nseed = 1\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        char input[512];
        snprintf(input, sizeof input, "%sseed = 1\nfloor = 1\ndata = 0123456789abcdef\ncommands =\n|w\n",
                 cases[i].head);
        Errors errors = {0};
        bool read = rep_parse(&replay, input, strlen(input), "t.txt", &errors);
        char *again = read ? rep_text(&replay, NULL) : NULL;
        if (!CHECK(again != NULL && strstr(again, cases[i].again) != NULL)) {
            fprintf(stderr, "    %s\n", again != NULL ? again : errors.count > 0 ? errors.lines[0] : "?");
        }
        free(again);
        rep_free(&replay);
        errors_clear(&errors);
    }
    /* the formats of the dialogs' keys, each its version named */
    CHECK(refused_with("[replay]\nformat = 1\ngame = 2\nseed = 1\nfloor = 1\ndata = 0123456789abcdef\n"
                       "commands =\n|w\n", "t.txt:2: it was played under version 2 of the rules, whose commands "
                       "were the keys of the dialogs (format 1), and this game plays version 4's, choices made "
                       "whole (format 3)"));
    CHECK(refused_with("[replay]\nformat = 2\nrules = 3\nseed = 1\nfloor = 1\ndata = 0123456789abcdef\n"
                       "commands =\n|i c0\n", "t.txt:2: it was played under version 3 of the rules, whose commands "
                       "were the keys of the dialogs (format 2), and this game plays version 4's, choices made "
                       "whole (format 3)"));
    CHECK(refused_with("[replay]\nformat = 3\ngame = 3\nseed = 1\nfloor = 1\ndata = 0123456789abcdef\n"
                       "commands =\n|w\n", "t.txt:1: [replay] needs 'rules'"));
    CHECK(refused_with("[replay]\nformat = 3\nrules = -1\nseed = 1\nfloor = 1\ndata = 0123456789abcdef\n"
                       "commands =\n|w\n", "t.txt:3: 'rules' should be at least 0"));
}

/* ---- Playing back -------------------------------------------------------- */

static void test_refused_in_playback(void)
{
    char text[1024];
    /* no pack slot 5 on the first turn */
    header(text, sizeof text, "commands =\n|w w\n|u5\n");
    CHECK(playback_refused_with(text, "t.txt:9: the run refuses command 3, 'u5'"));
    /* a yes where the rules asked nothing, a throw without its cell */
    header(text, sizeof text, "commands =\n|m2!\n");
    CHECK(playback_refused_with(text, "t.txt:8: the run refuses command 1, 'm2!'"));
    header(text, sizeof text, "commands =\n|f\n");
    CHECK(playback_refused_with(text, "t.txt:8: the run refuses command 1, 'f'"));
    /* a header without a class: a run of none, as before classes */
    header(text, sizeof text, "commands =\n|w @0000000000000000\n");
    Run *run = run_new_as(&data, 1, 1, RUN_NO_CLASS);
    run_command(run, cmd_make(CMD_WAIT, 0));
    char expected[256];
    snprintf(expected, sizeof expected, "t.txt:8: the run parts from the recording here, after 1 "
             "commands (its digest is %016llx, the recording's 0000000000000000)",
             (unsigned long long)save_digest(run));
    CHECK(playback_refused_with(text, expected));
    run_free(run);
    header(text, sizeof text, "class = mage\ncommands =\n|w\n");
    CHECK(playback_refused_with(text, "t.txt:7: no class is called 'mage'"));
    header(text, sizeof text, "commands =\n|w\nended = won\n");
    CHECK(playback_refused_with(text, "t.txt: the recording says the run was won, but it goes on"));
    /* the data it was played with: one monster's hit points changed */
    GameData other = {0};
    load_shipped_data(&other);
    other.monsters[0].hp += 1;
    Replay replay;
    Errors errors = {0};
    header(text, sizeof text, "commands =\n|w\n");
    CHECK(rep_parse(&replay, text, strlen(text), "t.txt", &errors));
    Playback playback;
    CHECK(!playback_start(&playback, &replay, &other, &errors));
    snprintf(expected, sizeof expected, "t.txt: it was played with other data files (theirs "
             "%016llx, these %016llx)", (unsigned long long)rep_data_digest(&data),
             (unsigned long long)rep_data_digest(&other));
    CHECK(any_error_is(&errors, expected));
    CHECK(rep_data_digest(&other) != rep_data_digest(&data));
    rep_free(&replay);
    errors_clear(&errors);
    data_free(&other);
}

/* A failed playback says why, and at which line */
static void test_playback_faults(void)
{
    Run *run = run_new_as(&data, 1, 1, RUN_NO_CLASS);
    run_command(run, cmd_make(CMD_WAIT, 0));
    char parted[128];
    snprintf(parted, sizeof parted, "commands =\n|w @%016llx\n|w\n|w @0000000000000000\n",
             (unsigned long long)save_digest(run));
    run_free(run);
    static const struct { const char *rest; PlaybackFault fault; int line; } CASES[] = {
        {"commands =\n|w w\n|u5\n", PLAYBACK_REFUSED, 9},
        {NULL, PLAYBACK_PARTED, 10},
        {"commands =\n|w\n\nended = won\n", PLAYBACK_WRONG_END, 10},
        {"commands =\n|w\nended = dead\n", PLAYBACK_WRONG_END, 9},
        {"class = mage\ncommands =\n|w\n", PLAYBACK_CANT_BEGIN, 7},
        {"commands =\n|w\n", PLAYBACK_NO_FAULT, 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; ++i) {
        char text[1024];
        header(text, sizeof text, CASES[i].rest != NULL ? CASES[i].rest : parted);
        Replay replay;
        Errors errors = {0};
        Playback playback;
        CHECK(rep_parse(&replay, text, strlen(text), "t.txt", &errors));
        bool began = playback_start(&playback, &replay, &data, &errors);
        PlaybackStep step = began ? playback_finish(&playback, &errors) : PLAYBACK_FAILED;
        CHECK(step == (CASES[i].fault == PLAYBACK_NO_FAULT ? PLAYBACK_END : PLAYBACK_FAILED));
        CHECK_INT(playback.fault, CASES[i].fault);
        CHECK_INT(playback.fault_line, CASES[i].line);
        playback_stop(&playback);
        rep_free(&replay);
        errors_clear(&errors);
    }
}

/* The data's digest is of what the files say, not how they spell it */
static void test_data_digest(void)
{
    static const char *const names[] = {"monsters.txt", "items.txt", "vaults.txt", "classes.txt"};
    char *texts[4], *spaced[4], error[256];
    size_t lengths[4];
    for (int i = 0; i < 4; ++i) {
        char path[512];
        snprintf(path, sizeof path, "%s/data/%s", AMULETS_SOURCE_DIR, names[i]);
        CHECK(file_read_all(file_system_ops(), path, 1 << 22, &texts[i], &lengths[i], error, sizeof error) == FILE_READ_OK);
        spaced[i] = malloc(lengths[i] + 64);
        int n = snprintf(spaced[i], lengths[i] + 64, "# a comment\n\n%s\n# another\n", texts[i]);
        lengths[i] = (size_t)n;
    }
    GameData again = {0};
    Errors errors = {0};
    CHECK(data_load_texts(&again, spaced[0], lengths[0], spaced[1], lengths[1], spaced[2],
                          lengths[2], spaced[3], lengths[3], &errors));
    CHECK(rep_data_digest(&again) == rep_data_digest(&data));
    again.items[again.item_count - 1].frequency += 1;
    CHECK(rep_data_digest(&again) != rep_data_digest(&data));
    again.items[again.item_count - 1].frequency -= 1;
    again.vaults[0].rows[0][0] = again.vaults[0].rows[0][0] == '#' ? '.' : '#';
    CHECK(rep_data_digest(&again) != rep_data_digest(&data));
    data_free(&again);
    errors_clear(&errors);
    for (int i = 0; i < 4; ++i) {
        free(texts[i]);
        free(spaced[i]);
    }
}

/* The header's class is the run's: each class, and none, plays its own
 * run, and a recording made by the recorder names the class it began as */
static void test_header_class(void)
{
    for (int c = RUN_NO_CLASS; c < data.class_count; ++c) {
        Run *run = run_new_as(&data, 9, 3, c);
        run_command(run, cmd_make(CMD_WAIT, 0));
        char text[1024], more[256];
        snprintf(more, sizeof more, "%s%s%scommands =\n|w @%016llx\n", c >= 0 ? "class = " : "",
                 c >= 0 ? data.classes[c].id : "", c >= 0 ? "\n" : "",
                 (unsigned long long)save_digest(run));
        snprintf(text, sizeof text, "[replay]\nformat = 3\nrules = 4\nseed = 9\nfloor = 3\n"
                 "data = %016llx\n%s", (unsigned long long)rep_data_digest(&data), more);
        Replay replay;
        Errors errors = {0};
        Playback playback = {0};
        CHECK(rep_parse(&replay, text, strlen(text), "t.txt", &errors));
        CHECK(playback_start(&playback, &replay, &data, &errors));
        CHECK(playback_finish(&playback, &errors) == PLAYBACK_END);
        CHECK_INT(run_class(playback_run(&playback)), c);
        for (int i = 0; i < errors.count; ++i) fprintf(stderr, "  %s\n", errors.lines[i]);
        playback_stop(&playback);
        rep_free(&replay);
        errors_clear(&errors);
        run_free(run);
    }
}

/* Steps one at a time, as a window would, to the same end as the run */
static void test_stepping(void)
{
    Replay replay;
    rep_init(&replay, 5, 2, rep_data_digest(&data), data.classes[0].id, NULL, 0);
    Run *run = run_new(&data, 5, 2);
    static const char keys[] = "hhjjkkllyubn..s";
    for (int i = 0; keys[i]; ++i) {
        Command command = cmd_make(CMD_WAIT, 0);
        int dir = key_direction(keys[i]);
        if (dir >= 0) command = cmd_make(CMD_MOVE, dir);
        if (keys[i] == 's') command.kind = CMD_SEARCH;
        if (run_command(run, command)) rep_add(&replay, command);
    }
    rep_add_check(&replay, save_digest(run));
    Playback playback;
    Errors errors = {0};
    CHECK(playback_start(&playback, &replay, &data, &errors));
    CHECK_INT(playback_total(&playback), replay.count);
    int steps = 0;
    while (playback_step(&playback, &errors) == PLAYBACK_STEPPED) {
        ++steps;
        CHECK_INT(playback_position(&playback), steps);
    }
    CHECK_INT(steps, replay.count);
    CHECK_INT(errors.count, 0);
    CHECK(save_digest(playback_run(&playback)) == save_digest(run));
    CHECK_INT(playback_step(&playback, &errors), PLAYBACK_END);
    playback_stop(&playback);
    run_free(run);
    rep_free(&replay);
    errors_clear(&errors);
}

/* Every prefix of a golden recording is refused, with its file named, or
 * played; play_whole plays each to its end, else only begins it */
static void cut_short(const char *name, size_t stride, bool play_whole)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/replays/%s", AMULETS_SOURCE_DIR, name);
    char *text, error[256];
    size_t length;
    CHECK(file_read_all(file_system_ops(), path, REP_FILE_LIMIT, &text, &length, error, sizeof error) == FILE_READ_OK);
    if (text == NULL) return;
    int refused = 0;
    for (size_t cut = 0; cut < length; cut += stride) {
        Replay replay;
        Errors errors = {0};
        Playback playback = {0};
        bool good = rep_parse(&replay, text, cut, "t.txt", &errors) &&
                    playback_start(&playback, &replay, &data, &errors) &&
                    (!play_whole || playback_finish(&playback, &errors) == PLAYBACK_END);
        if (!good) {
            ++refused;
            CHECK(errors.count > 0 && strncmp(errors.lines[0], "t.txt", 5) == 0);
        }
        playback_stop(&playback);
        rep_free(&replay);
        errors_clear(&errors);
    }
    CHECK(refused > 0);
    free(text);
}

/* A mistake in a file the game wrote whole is at the file's own line,
 * its mark's head counted */
static void test_marked_lines(void)
{
    char text[1024], path[512], error[256];
    header(text, sizeof text, "commands =\n|w w\n|q7\n");
    char mark[STORE_MARK_SIZE], whole[2048];
    int n = store_mark(text, strlen(text), mark);
    snprintf(whole, sizeof whole, "%s%s%.*s", STORE_MARK_HEAD, text, n, mark);
    snprintf(path, sizeof path, "%s-marked.txt", home);
    CHECK(file_write_whole(file_system_ops(), path, whole, strlen(whole), error, sizeof error));
    Replay replay;
    Errors errors = {0};
    CHECK(!rep_read_file(&replay, path, &errors));
    char expected[600];
    snprintf(expected, sizeof expected, "%s:10: 'q7' isn't a command", path);   /* line 9 of text */
    CHECK(any_error_is(&errors, expected));
    errors_clear(&errors);
    remove(path);
}

static void test_truncated(void)
{
    cut_short("collect-floor-1.txt", check_sanitized() ? 23 : 3, true);
    cut_short("victory-floor-3.txt", check_sanitized() ? 97 : 7, false);
}

/* ---- Recording: the session ---------------------------------------------- */

typedef struct Game {
    Slot slot;
    Session session;
    Run *run;
    Presser presser;
} Game;

static void open_game(Game *game, uint64_t seed, int floor)
{
    char error[256];
    CHECK(slot_init(&game->slot, home, NULL, NULL, error, sizeof error));
    game->run = run_new(&data, seed, floor);
    session_start(&game->session, &game->slot, game->run);
    game->presser = press_start();
}

/* Continue from the save as a new process would */
static void continue_game(Game *game)
{
    run_free(game->run);
    SlotLoad load;
    game->run = slot_load(&game->slot, &data, &load);
    errors_clear(&load.reasons);
    CHECK(game->run != NULL);
    session_start(&game->session, &game->slot, game->run);
    game->presser = press_start();   /* a session's save keeps no dialog */
}

static void save_and_continue(Game *game)
{
    CHECK(session_save(&game->session));
    continue_game(game);
}

static void play(Game *game, const char *keys)
{
    for (int i = 0; keys[i]; ++i) press_key(&game->presser, &game->session, keys[i]);
}

static void read_replay(const char *path, Replay *out)
{
    Errors errors = {0};
    CHECK(rep_read_file(out, path, &errors));
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    errors_clear(&errors);
}

/* The recording plays back to the run as it is */
static bool plays_to(const char *path, const Run *run)
{
    Replay replay;
    read_replay(path, &replay);
    Errors errors = {0};
    Playback playback;
    bool good = playback_start(&playback, &replay, &data, &errors) &&
                playback_finish(&playback, &errors) == PLAYBACK_END &&
                save_digest(playback_run(&playback)) == save_digest(run);
    for (int i = 0; i < errors.count; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    playback_stop(&playback);
    rep_free(&replay);
    errors_clear(&errors);
    return good;
}

/* A recording of 300,000 checkpoints at one place verifies in moments:
 * the run's digest is taken once there, not once a checkpoint (it took
 * minutes, and the window didn't answer meanwhile) */
static void test_many_checks_at_one_place(void)
{
    Replay replay;
    rep_init(&replay, 5, 1, rep_data_digest(&data), NULL, NULL, 0);
    Errors errors = {0};
    Playback playback;
    CHECK(playback_start(&playback, &replay, &data, &errors));
    uint64_t digest = save_digest(playback_run(&playback));
    for (int i = 0; i < 300000; ++i) rep_add_check(&replay, digest);
    clock_t start = clock();
    CHECK_INT(playback_finish(&playback, &errors), PLAYBACK_END);
    for (int i = 0; i < errors.count && i < 3; ++i) fprintf(stderr, "    %s\n", errors.lines[i]);
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("300,000 checkpoints at one place verified in %.2f s\n", seconds);
    CHECK(seconds < 5.0);
    playback_stop(&playback);
    errors_clear(&errors);
    rep_free(&replay);
}

static void close_game(Game *game)
{
    run_free(game->run);
    unlink(game->slot.save);
    unlink(game->slot.replay);
}

static void test_recorded_across_continues(void)
{
    Game game;
    open_game(&game, 3, 1);
    play(&game, "hhhh");
    CHECK(!file_exists(game.slot.replay));   /* nothing's written before the first save */
    save_and_continue(&game);
    CHECK(!log_mentions(game.run, "recording"));
    play(&game, "..");
    CHECK(session_save(&game.session));
    Replay replay;
    read_replay(game.slot.replay, &replay);
    CHECK(replay.start == NULL);
    CHECK_INT(replay.check_count, 2);
    CHECK(replay.check_count == 2 && replay.checks[1].digest == save_digest(game.run));
    /* a save takes the run as it is: it adds no command of its own */
    CHECK_INT(replay.count, 6);
    rep_free(&replay);
    close_game(&game);
}

static void test_continue_without_recording(void)
{
    static const struct { const char *damage; const char *told; } cases[] = {
        {NULL, "This run's recording is missing, so a new one begins here."},
        {"garbage\n", "This run's recording is damaged, so it's set aside as replay.bad, and a new one begins here."},
        {"other run", "This run's recording doesn't match its save, so it's set aside as replay.bad, and a new "
                      "one begins here."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        Game game;
        open_game(&game, 4, 2);
        play(&game, "jjj");
        CHECK(session_save(&game.session));
        unlink(game.slot.replay);
        if (cases[i].damage != NULL && strcmp(cases[i].damage, "other run") == 0) {
            Game other;
            open_game(&other, 9, 1);   /* the same slot: its save is replaced... */
            play(&other, "k");
            CHECK(session_save(&other.session));
            run_free(other.run);
            CHECK(slot_write(&game.slot, game.run, (char[64]){0}, 64));   /* ...and put back */
        } else if (cases[i].damage != NULL) {
            CHECK(file_write_whole(file_system_ops(), game.slot.replay, cases[i].damage,
                                   strlen(cases[i].damage), (char[64]){0}, 64));
        }
        continue_game(&game);
        CHECK(log_has(game.run, cases[i].told));
        char bad[4096], *kept = NULL, error[160];
        size_t kept_length = 0;
        snprintf(bad, sizeof bad, "%s/replay.bad", game.slot.dir);
        if (cases[i].damage != NULL && strcmp(cases[i].damage, "garbage\n") == 0) {   /* kept, not written over */
            CHECK(file_read_all(file_system_ops(), bad, 64, &kept, &kept_length, error, sizeof error) == FILE_READ_OK);
            CHECK(kept != NULL && strcmp(kept, "garbage\n") == 0);
            free(kept);
        }
        CHECK(file_exists(bad) == (cases[i].damage != NULL));
        unlink(bad);
        play(&game, "kk");
        CHECK(session_save(&game.session));
        Replay replay;
        read_replay(game.slot.replay, &replay);
        CHECK(replay.start != NULL);
        rep_free(&replay);
        CHECK(plays_to(game.slot.replay, game.run));
        close_game(&game);
    }
}

/* Commands past the last save, written early when too many wait, are
 * dropped when the save is continued: they never happened */
static void test_crash_after_early_write(void)
{
    Game game;
    open_game(&game, 7, 1);   /* a seed on which searching that long is safe */
    play(&game, "ll");
    CHECK(session_save(&game.session));
    uint64_t saved = save_digest(game.run);
    for (int i = 0; i < RECORDER_PENDING + 10; ++i) press_key(&game.presser, &game.session, 's');
    CHECK_INT(run_mode(game.run), MODE_PLAYING);
    Replay replay;
    read_replay(game.slot.replay, &replay);
    CHECK(replay.count >= RECORDER_PENDING);
    rep_free(&replay);
    run_free(game.run);   /* the crash: no save */
    SlotLoad load;
    game.run = slot_load(&game.slot, &data, &load);
    errors_clear(&load.reasons);
    CHECK(game.run != NULL && save_digest(game.run) == saved);
    session_start(&game.session, &game.slot, game.run);
    CHECK(!log_mentions(game.run, "recording"));
    play(&game, "hh");
    CHECK(session_save(&game.session));
    read_replay(game.slot.replay, &replay);
    CHECK(replay.count < 12);
    rep_free(&replay);
    CHECK(plays_to(game.slot.replay, game.run));
    /* something else writes the recording: the next save begins anew */
    CHECK(file_write_whole(file_system_ops(), game.slot.replay, "x", 1, (char[64]){0}, 64));
    play(&game, "jj");
    CHECK(session_save(&game.session));
    CHECK(log_has(game.run, "This run's recording was lost, so a new one begins here."));
    CHECK(plays_to(game.slot.replay, game.run));
    close_game(&game);
}

static int count_runs(const char *dir, char *newest, size_t size)
{
    DIR *folder = opendir(dir);
    struct dirent *entry;
    int count = 0;
    if (newest != NULL) newest[0] = '\0';
    while (folder != NULL && (entry = readdir(folder)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        ++count;
        if (newest != NULL && strcmp(entry->d_name, newest) > 0) {
            snprintf(newest, size, "%s", entry->d_name);
        }
    }
    if (folder != NULL) closedir(folder);
    return count;
}

static void die(Game *game)
{
    for (int i = 0; i < 3000 && run_mode(game->run) != MODE_DEAD; ++i) {
        press_key(&game->presser, &game->session, 's');
    }
    CHECK_INT(run_mode(game->run), MODE_DEAD);
}

static void test_death_kept_in_runs(void)
{
    Game game;
    open_game(&game, 1, 9);
    play(&game, "ss");
    CHECK(session_save(&game.session));
    save_and_continue(&game);
    die(&game);
    CHECK(!file_exists(game.slot.replay));
    CHECK(!file_exists(game.slot.save));
    char newest[256], path[4096];
    CHECK_INT(count_runs(game.slot.runs, newest, sizeof newest), 1);
    CHECK_STR(newest, "000001-seed-1-floor-9-dead.txt");
    snprintf(path, sizeof path, "%s/%s", game.slot.runs, newest);
    Replay replay;
    read_replay(path, &replay);
    CHECK_INT(replay.ended, MODE_DEAD);
    rep_free(&replay);
    CHECK(plays_to(path, game.run));
    run_free(game.run);
    /* 105 more: the oldest go, the last 100 stay */
    for (int i = 2; i <= 105; ++i) {
        snprintf(path, sizeof path, "%s/%06d-seed-7-floor-1-dead.txt", game.slot.runs, i);
        CHECK(file_write_whole(file_system_ops(), path, "x", 1, (char[64]){0}, 64));
    }
    open_game(&game, 3, 9);
    die(&game);
    CHECK_INT(count_runs(game.slot.runs, newest, sizeof newest), RECORDER_RUNS_KEPT);
    CHECK_STR(newest, "000106-seed-3-floor-9-dead.txt");
    snprintf(path, sizeof path, "%s/000006-seed-7-floor-1-dead.txt", game.slot.runs);
    CHECK(!file_exists(path));
    snprintf(path, sizeof path, "%s/000007-seed-7-floor-1-dead.txt", game.slot.runs);
    CHECK(file_exists(path));
    close_game(&game);
}

/* Random keys on many seeds, every floor: the recording, saved at the
 * end, plays back to the very run that was played */
static void test_random_runs_replay_exactly(void)
{
    static const char keys[] = "hjklyubn..gsicd>yynabc";
    int seeds = check_sanitized() ? 12 : 120, exact = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        Game game;
        open_game(&game, (uint64_t)seed * 31, 1 + seed % LAST_FLOOR);
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        for (int i = 0; i < 300 && run_mode(game.run) != MODE_DEAD; ++i) {
            int key = rng_one_in(&rng, 40) ? AK_ESC : keys[rng_roll(&rng, 0, (int)sizeof keys - 2)];
            if (game.presser.dialog.kind == DIALOG_MENU) key = AK_ESC;   /* no quitting */
            press_key(&game.presser, &game.session, key);
        }
        char path[4096], newest[256];
        if (run_mode(game.run) == MODE_DEAD) {
            count_runs(game.slot.runs, newest, sizeof newest);
            snprintf(path, sizeof path, "%s/%s", game.slot.runs, newest);
        } else {
            CHECK(session_save(&game.session));
            snprintf(path, sizeof path, "%s", game.slot.replay);
        }
        exact += CHECK(plays_to(path, game.run));
        close_game(&game);
    }
    CHECK_INT(exact, seeds);
}

static ssize_t full_disk(int fd, const void *bytes, size_t size)
{
    (void)fd, (void)bytes, (void)size;
    errno = ENOSPC;
    return -1;
}

static void test_full_disk(void)
{
    Game game;
    open_game(&game, 2, 1);
    FileOps ops = *file_system_ops();
    ops.write = full_disk;
    game.slot.posix.fs = &ops;
    play(&game, "hh");
    CHECK(!session_save(&game.session));
    CHECK(log_has(game.run, "The run's recording couldn't be saved: the disk is full."));
    game.slot.posix.fs = file_system_ops();   /* room again: nothing was lost */
    play(&game, "l");
    CHECK(session_save(&game.session));
    CHECK(plays_to(game.slot.replay, game.run));
    close_game(&game);
}

static void remove_home(void)
{
    char path[512];
    DIR *folder;
    struct dirent *entry;
    snprintf(path, sizeof path, "%s/runs", home);
    if ((folder = opendir(path)) != NULL) {
        while ((entry = readdir(folder)) != NULL) {
            if (entry->d_name[0] == '.') continue;
            char file[800];
            snprintf(file, sizeof file, "%s/%s", path, entry->d_name);
            unlink(file);
        }
        closedir(folder);
    }
    rmdir(path);
    rmdir(home);
}

int main(void)
{
    load_shipped_data(&data);
    snprintf(home, sizeof home, "/tmp/amulets-test-replay-%d", (int)getpid());
    test_tokens();
    test_text_reads_back();
    test_damaged_text();
    test_rules_version();
    test_refused_in_playback();
    test_playback_faults();
    test_many_checks_at_one_place();
    test_data_digest();
    test_header_class();
    test_stepping();
    test_truncated();
    test_marked_lines();
    test_recorded_across_continues();
    test_continue_without_recording();
    test_crash_after_early_write();
    test_death_kept_in_runs();
    test_full_disk();
    test_random_runs_replay_exactly();
    remove_home();
    data_free(&data);
    return check_done("test_replay");
}
