/* Verifying recordings (verify.h): the golden whole run verifies, ranked,
 * to the figures and digest its playing gives; each golden replay
 * verifies to its stored digest, and ranked is refused for what a high
 * score mustn't take; a forgery of each kind, made from the whole run
 * through replay.h (never by its tokens), is refused for its reason at
 * its line; the JSON is one valid line whatever the message holds; and
 * the dearest recordings of the most bytes are verified in bounded time. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "file.h"
#include "playback.h"
#include "replay.h"
#include "runtest.h"
#include "save.h"
#include "store.h"
#include "verify.h"

static GameData data;

static const VerifyOptions RANKED = {.ranked = true};
static const VerifyOptions UNRANKED = {.ranked = false};

/* A file of the source tree, whole (its mark and all); exits if it's not there */
static char *source_file(const char *path, size_t *length)
{
    char full[1024], error[256], *text;
    snprintf(full, sizeof full, "%s/%s", AMULETS_SOURCE_DIR, path);
    if (file_read_all(file_system_ops(), full, 1 << 24, &text, length, error, sizeof error) != FILE_READ_OK) {
        fprintf(stderr, "%s: %s\n", full, error);
        exit(EXIT_FAILURE);
    }
    return text;
}

/* The golden replay's stored digest (tests/replays/digests) */
static uint64_t stored_digest(const char *name)
{
    size_t length;
    char *text = source_file("tests/replays/digests", &length), want[128];
    snprintf(want, sizeof want, "%s ", name);
    unsigned long long digest = 0;
    for (char *line = text; line != NULL && *line != '\0'; line = strchr(line, '\n'), line += line != NULL) {
        if (strncmp(line, want, strlen(want)) == 0) digest = strtoull(line + strlen(want), NULL, 16);
    }
    free(text);
    if (digest == 0) fprintf(stderr, "no digest stored for %s\n", name);
    return digest;
}

/* The golden whole run, read */
static void read_genuine(Replay *replay)
{
    Errors errors = {0};
    if (!rep_read_file(replay, AMULETS_SOURCE_DIR "/tests/replays/whole-run-death.txt", &errors)) {
        errors_print(&errors, stderr, 3);
        exit(EXIT_FAILURE);
    }
}

/* Verifies the recording written out from replay */
static bool verify_replay(const Replay *replay, VerifyOptions options, VerifyResult *result)
{
    size_t length;
    char *text = rep_text(replay, &length);
    if (text == NULL) exit(EXIT_FAILURE);
    bool good = verify_recording(text, length, &data, options, result);
    free(text);
    return good;
}

/* True if result is a refusal for reason; says what it was if not */
static bool refused_for(const VerifyResult *result, VerifyReason reason, int line, const char *what)
{
    if (result->reason == reason && (line < 0 || result->line == line)) return true;
    fprintf(stderr, "    %s: %s at line %d (%s), not %s at line %d\n", what, verify_reason_name(result->reason),
            result->line, result->message, verify_reason_name(reason), line);
    return false;
}

/* The line of "key =" in text, counted from 1, or 0 */
static int line_of(const char *text, const char *key)
{
    size_t n = strlen(key);
    int line = 1;
    for (const char *p = text; *p != '\0'; ++p) {
        if ((p == text || p[-1] == '\n') && strncmp(p, key, n) == 0 && strncmp(p + n, " =", 2) == 0) return line;
        if (*p == '\n') ++line;
    }
    return 0;
}

/* ---- The genuine run ---------------------------------------------------- */

static void test_genuine(void)
{
    size_t length;
    char *text = source_file("tests/replays/whole-run-death.txt", &length);
    VerifyResult result;
    CHECK(verify_recording(text, length, &data, RANKED, &result));
    CHECK_INT(result.reason, VERIFY_OK);
    Replay replay;
    read_genuine(&replay);
    Playback playback;
    Errors errors = {0};
    CHECK(playback_start(&playback, &replay, &data, &errors) && playback_finish(&playback, &errors) == PLAYBACK_END);
    const Run *run = playback_run(&playback);
    CHECK_INT(result.commands, replay.count);
    CHECK_INT(result.outcome, MODE_DEAD);
    CHECK_INT(run_mode(run), MODE_DEAD);
    CHECK_INT(result.floor, run_level(run)->depth);
    CHECK_INT(result.amulets, run_player(run)->amulets);
    CHECK_INT(result.gold, run_player(run)->gold);
    CHECK_INT(result.turns, run_turn(run));
    CHECK(result.turns > 0 && result.floor >= 1);
    CHECK(result.digest == save_digest(run));
    CHECK(result.digest == stored_digest("whole-run-death"));
    CHECK_STR(result.class_id, replay.class_id);
    CHECK(result.seed == replay.seed && result.data_digest == rep_data_digest(&data));
    CHECK_INT(result.start_floor, 1);
    CHECK_INT(result.rules, REP_GAME_VERSION);
    playback_stop(&playback);
    errors_clear(&errors);
    rep_free(&replay);
    /* the same run as the game would write it now, and with no mark */
    read_genuine(&replay);
    VerifyResult again;
    CHECK(verify_replay(&replay, RANKED, &again) && again.digest == result.digest);
    rep_free(&replay);
    free(text);
}

/* Every golden replay verifies to its stored digest; ranked, those that
 * aren't a whole run from floor 1 are refused for what they are */
static void test_goldens(void)
{
    static const struct { const char *name, *key; VerifyReason ranked; } GOLDENS[] = {
        {"whole-run-death", NULL, VERIFY_OK},
        {"victory-floor-3", "start", VERIFY_FROM_SAVE},
        {"continue-without-recording", "start", VERIFY_FROM_SAVE},
        {"death-floor-6", "floor", VERIFY_BELOW_FLOOR_1},
        {"death-floor-9", "floor", VERIFY_BELOW_FLOOR_1},
        {"descend-1-to-3", "ended", VERIFY_CUT_SHORT},
        {"random-keys-floor-1", "ended", VERIFY_CUT_SHORT},
    };
    for (size_t i = 0; i < sizeof GOLDENS / sizeof GOLDENS[0]; ++i) {
        char path[256];
        snprintf(path, sizeof path, "tests/replays/%s.txt", GOLDENS[i].name);
        size_t length;
        char *text = source_file(path, &length);
        VerifyResult result;
        bool good = verify_recording(text, length, &data, UNRANKED, &result);
        if (!check_at(good && result.digest == stored_digest(GOLDENS[i].name), GOLDENS[i].name, __FILE__, __LINE__)) {
            fprintf(stderr, "    %s: %s\n", verify_reason_name(result.reason), result.message);
        }
        verify_recording(text, length, &data, RANKED, &result);
        /* the line is the file's own, its mark's head counted: an absent
         * key's is its [replay] line's */
        int line = GOLDENS[i].key == NULL ? 0 : line_of(text, GOLDENS[i].key);
        if (line == 0 && GOLDENS[i].key != NULL) line = line_of(text, "format") - 1;
        check_at(refused_for(&result, GOLDENS[i].ranked, line, GOLDENS[i].name), GOLDENS[i].name, __FILE__, __LINE__);
        free(text);
    }
}

/* ---- Forgeries ---------------------------------------------------------- */

typedef enum Forgery {
    CLAIMED_VICTORY, OTHER_DATA, OTHER_SEED, CUT_SHORT, DEBUG_HEADER, DEBUG_PLAYED, OLD_RULES,
    NO_CLASS, UNKNOWN_CLASS, DEEPER, FORGERY_COUNT
} Forgery;

/* The genuine run, forged one way */
static void forge(Replay *replay, Forgery forgery)
{
    read_genuine(replay);
    switch (forgery) {
    case CLAIMED_VICTORY: replay->ended = MODE_WON; break;
    case OTHER_DATA: replay->data_digest ^= 1; break;
    case OTHER_SEED: replay->seed += 1; break;
    case CUT_SHORT:
        replay->ended = MODE_PLAYING;
        replay->count /= 2;
        while (replay->check_count > 0 && replay->checks[replay->check_count - 1].position > replay->count) {
            --replay->check_count;
        }
        break;
    case DEBUG_HEADER: replay->debug = true; break;
    case DEBUG_PLAYED:
        /* a debugging view first thing, the header not saying so: the
         * checkpoints go (the debug mark is in the digest), the play is
         * the same */
        rep_add(replay, cmd_make(CMD_WAIT, 0));
        memmove(replay->commands + 1, replay->commands, (size_t)(replay->count - 1) * sizeof(Command));
        replay->commands[0] = cmd_make(CMD_DEBUG, 0);
        replay->check_count = 0;
        break;
    case OLD_RULES: replay->rules = REP_GAME_VERSION - 1; break;
    case NO_CLASS: replay->class_id[0] = '\0'; break;
    case UNKNOWN_CLASS: snprintf(replay->class_id, sizeof replay->class_id, "necromancer"); break;
    case DEEPER: replay->floor = 2; break;
    case FORGERY_COUNT: break;
    }
}

static void test_forgeries(void)
{
    /* a reason, and the header's key its line is (NULL: any line) */
    static const struct { const char *name, *key; VerifyReason ranked, unranked; } FORGERIES[FORGERY_COUNT] = {
        [CLAIMED_VICTORY] = {"claimed victory", "ended", VERIFY_WRONG_END, VERIFY_WRONG_END},
        [OTHER_DATA] = {"other data", "data", VERIFY_OTHER_DATA, VERIFY_OTHER_DATA},
        [OTHER_SEED] = {"other seed", NULL, VERIFY_PARTED, VERIFY_PARTED},
        [CUT_SHORT] = {"cut short", NULL, VERIFY_CUT_SHORT, VERIFY_OK},
        [DEBUG_HEADER] = {"debug", "debug", VERIFY_DEBUG, VERIFY_OK},
        [DEBUG_PLAYED] = {"debug in play", NULL, VERIFY_DEBUG, VERIFY_OK},
        [OLD_RULES] = {"old rules", "rules", VERIFY_OTHER_RULES, VERIFY_OK},
        [NO_CLASS] = {"no class", NULL, VERIFY_NO_CLASS, VERIFY_PARTED},
        [UNKNOWN_CLASS] = {"unknown class", "class", VERIFY_UNKNOWN_CLASS, VERIFY_UNKNOWN_CLASS},
        [DEEPER] = {"begun deeper", "floor", VERIFY_BELOW_FLOOR_1, VERIFY_PARTED},
    };
    for (int f = 0; f < FORGERY_COUNT; ++f) {
        Replay replay;
        forge(&replay, (Forgery)f);
        char *text = rep_text(&replay, NULL);
        int line = FORGERIES[f].key != NULL ? line_of(text, FORGERIES[f].key) : -1;
        for (int ranked = 0; ranked < 2; ++ranked) {
            VerifyResult result;
            bool good = verify_replay(&replay, ranked ? RANKED : UNRANKED, &result);
            VerifyReason want = ranked ? FORGERIES[f].ranked : FORGERIES[f].unranked;
            /* a run parted from its recording shows it wherever it first
             * can: a checkpoint, a command refused, or its end */
            bool parted = want == VERIFY_PARTED;
            if (parted && (result.reason == VERIFY_REFUSED || result.reason == VERIFY_WRONG_END)) want = result.reason;
            CHECK(good == (want == VERIFY_OK));
            int at = want == VERIFY_OK ? 0 : parted ? -1 : line;
            check_at(refused_for(&result, want, at, FORGERIES[f].name), FORGERIES[f].name, __FILE__, __LINE__);
            CHECK(want == VERIFY_OK || result.message[0] != '\0');
        }
        free(text);
        rep_free(&replay);
    }
}

/* What was played before a refusal is told: the claimed victory's run
 * died, all of it played */
static void test_played_before_refused(void)
{
    Replay replay;
    forge(&replay, CLAIMED_VICTORY);
    VerifyResult result;
    CHECK(!verify_replay(&replay, RANKED, &result));
    CHECK_INT(result.outcome, MODE_DEAD);
    CHECK_INT(result.commands, replay.count);
    CHECK(result.digest == stored_digest("whole-run-death"));
    CHECK(strcmp(result.message, "the recording says the run was won, but it died") == 0);
    rep_free(&replay);
}

/* The bytes: a mark that doesn't fit, bytes that aren't text, text that
 * isn't a recording, too many bytes, too many commands */
static void test_bytes(void)
{
    size_t length;
    char *text = source_file("tests/replays/whole-run-death.txt", &length);
    VerifyResult result;
    /* the mark kept over a change */
    char *changed = strstr(text, "ended = dead");
    CHECK(changed != NULL);
    memcpy(changed, "ended = won ", 12);
    CHECK(!verify_recording(text, length, &data, UNRANKED, &result));
    CHECK(refused_for(&result, VERIFY_DAMAGED, 0, "damaged"));
    free(text);
    /* without the mark, as a forger would send it */
    Replay replay;
    read_genuine(&replay);
    text = rep_text(&replay, &length);
    rep_free(&replay);
    /* a NUL in the seventh line, a broken UTF-8 in the eighth, a carriage return */
    static const struct { const char *bytes; int line; } BINARY[] = {
        {"\0", 7}, {"\xC3(", 8}, {"\r", 7}, {"\xED\xA0\x80", 8},
    };
    for (size_t i = 0; i < sizeof BINARY / sizeof BINARY[0]; ++i) {
        char *copy = malloc(length + 8);
        const char *at = text;
        for (int line = 1; line < BINARY[i].line; ++line) at = strchr(at, '\n') + 1;
        size_t before = (size_t)(at - text), n = strlen(BINARY[i].bytes) + (BINARY[i].bytes[0] == '\0');
        memcpy(copy, text, before);
        memcpy(copy + before, BINARY[i].bytes, n);
        memcpy(copy + before + n, at, length - before);
        CHECK(!verify_recording(copy, length + n, &data, UNRANKED, &result));
        CHECK(refused_for(&result, VERIFY_BINARY, BINARY[i].line, "binary"));
        free(copy);
    }
    /* UTF-8 in a comment is text */
    static const char COMMENTED[] = "# Un enregistrement — ça va\n";
    char *commented = malloc(length + sizeof COMMENTED);
    snprintf(commented, length + sizeof COMMENTED, "%s%s", COMMENTED, text);
    CHECK(verify_recording(commented, strlen(commented), &data, RANKED, &result));
    free(commented);
    /* one of the rules before choices, its commands the dialogs' keys:
     * other rules, ranked or not, both versions named */
    static const char OLDER[] = "[replay]\nformat = 2\nrules = 3\nseed = 1\nfloor = 1\n"
                                "data = 0123456789abcdef\nclass = rogue\ncommands =\n|i c0 w\nended = dead\n";
    for (int ranked = 0; ranked < 2; ++ranked) {
        CHECK(!verify_recording(OLDER, strlen(OLDER), &data, ranked ? RANKED : UNRANKED, &result));
        CHECK(refused_for(&result, VERIFY_OTHER_RULES, 2, "an older format"));
        CHECK_INT(result.rules, 3);
        CHECK(strstr(result.message, "version 3") != NULL && strstr(result.message, "version 4") != NULL);
    }
    /* not a recording */
    CHECK(!verify_recording("hello\n", 6, &data, UNRANKED, &result));
    CHECK(refused_for(&result, VERIFY_UNREADABLE, 1, "hello"));
    CHECK(!verify_recording("", 0, &data, UNRANKED, &result));
    CHECK(refused_for(&result, VERIFY_UNREADABLE, 1, "nothing"));
    /* one byte too many, not looked at */
    CHECK(!verify_recording(NULL, VERIFY_MAX_BYTES + 1, &data, UNRANKED, &result));
    CHECK(refused_for(&result, VERIFY_TOO_BIG, 0, "too big"));
    free(text);
}

/* The genuine run with waits after its commands up to count in all: more
 * than VERIFY_MAX_BYTES whenever count is more than VERIFY_MAX_COMMANDS */
static void test_too_many_commands(void)
{
    Replay replay;
    read_genuine(&replay);
    int genuine = replay.count;
    while (replay.count <= VERIFY_MAX_COMMANDS) rep_add(&replay, cmd_make(CMD_WAIT, 0));
    size_t length;
    char *text = rep_text(&replay, &length);
    CHECK(length > VERIFY_MAX_BYTES);
    VerifyResult result;
    CHECK(!verify_recording(text, length, &data, UNRANKED, &result));
    CHECK(refused_for(&result, VERIFY_TOO_BIG, 0, "too many commands"));
    /* given room for the bytes, the count refuses it, at the first past it */
    VerifyOptions roomy = {.max_bytes = 4 * VERIFY_MAX_BYTES};
    CHECK(!verify_recording(text, length, &data, roomy, &result));
    int line = line_of(text, "commands") + 1 + (VERIFY_MAX_COMMANDS - genuine) / 20 +
               (genuine + 19) / 20;   /* rows of 20 tokens, checkpoints among them */
    CHECK(refused_for(&result, VERIFY_TOO_MANY_COMMANDS, -1, "too many commands, roomy"));
    CHECK(result.line > line - 3 && result.line <= line + 3);
    CHECK_INT(result.commands, 0);
    replay.count = VERIFY_MAX_COMMANDS;   /* the most: played (to the death, and no further) */
    free(text);
    text = rep_text(&replay, &length);
    roomy.max_commands = VERIFY_MAX_COMMANDS;
    CHECK(!verify_recording(text, length, &data, roomy, &result));
    CHECK(refused_for(&result, VERIFY_REFUSED, -1, "the most commands"));
    CHECK_INT(result.commands, genuine);
    free(text);
    rep_free(&replay);
}

/* ---- The JSON ----------------------------------------------------------- */

static void test_json(void)
{
    VerifyResult result = {.reason = VERIFY_UNREADABLE, .line = 3, .outcome = MODE_PLAYING, .seed = 18446744073709551615ull,
                           .data_digest = 0x0123456789abcdefull, .rules = 3, .digest = 1};
    snprintf(result.message, sizeof result.message, "'a\"b\\c' \x01 caf\xC3\xA9 \xFF!");
    char json[VERIFY_JSON_SIZE];
    size_t length = verify_json(&result, json, sizeof json);
    CHECK_INT((int)length, (int)strlen(json));
    CHECK_STR(json, "{\"ok\":false,\"reason\":\"unreadable\",\"line\":3,\"message\":\"'a\\\"b\\\\c' \\u0001 caf\xC3\xA9 "
                    "\\ufffd!\",\"commands\":0,\"outcome\":\"unfinished\",\"floor\":0,\"amulets\":0,\"gold\":0,\"turns\":0,"
                    "\"class\":null,\"seed\":18446744073709551615,\"start_floor\":0,\"data\":\"0123456789abcdef\","
                    "\"rules\":3,\"digest\":\"0000000000000001\"}\n");
    /* a short buffer: cut, NUL-terminated, the whole length told */
    char small[16];
    CHECK_INT((int)verify_json(&result, small, sizeof small), (int)length);
    CHECK_INT((int)strlen(small), 15);
    /* the longest message, every byte escaped, still fits */
    memset(result.message, '\x01', sizeof result.message - 1);
    result.message[sizeof result.message - 1] = '\0';
    snprintf(result.class_id, sizeof result.class_id, "%s", "abcdefghijklmnopqrstuvwxyz01234");
    CHECK(verify_json(&result, json, sizeof json) < sizeof json);
    /* every reason has a name, and one only ranked refuses */
    for (int r = 1; r < VERIFY_REASON_COUNT; ++r) {
        CHECK(verify_reason_name((VerifyReason)r)[0] != '\0');
        for (int s = 1; s < r; ++s) CHECK(strcmp(verify_reason_name((VerifyReason)r), verify_reason_name((VerifyReason)s)) != 0);
    }
    CHECK(verify_reason_ranked(VERIFY_CUT_SHORT) && !verify_reason_ranked(VERIFY_PARTED));
}

/* ---- Bounded ------------------------------------------------------------ */

static double cpu_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* A recording of floor 1 of as many commands as VERIFY_MAX_BYTES holds,
 * made by playing: the two dearest kinds found (tried on floors 1, 5 and
 * 9, each class, with waits, searches, steps, steps into walls, and
 * dialogs opened and closed): a wait a turn, which a fighter on floor 1
 * lives through (deeper, the run soon dies, and a command after it is
 * refused), and the same with a checkpoint after each (a save's digest
 * worked out each time) */
static char *dearest(bool checked, size_t *length)
{
    Replay replay;
    rep_init(&replay, 7, 1, rep_data_digest(&data), "fighter", NULL, 0);
    Run *run = run_new_as(&data, 7, 1, 0);
    for (int i = 0; ; ++i) {
        Command command = cmd_make(CMD_WAIT, 0);
        if (!run_command(run, command)) break;
        rep_add(&replay, command);
        if (checked) rep_add_check(&replay, save_digest(run));
        if (i % 1000 == 0) {
            char *text = rep_text(&replay, length);
            free(text);
            if (*length > VERIFY_MAX_BYTES - (checked ? 20 : 2) * 1000) break;
        }
    }
    run_free(run);
    char *text = rep_text(&replay, length);
    rep_free(&replay);
    return text;
}

static void test_bounded(void)
{
    double most = check_sanitized() ? 30.0 : 2.0;
    for (int checked = 0; checked < 2; ++checked) {
        size_t length;
        char *text = dearest(checked, &length);
        VerifyResult result;
        double start = cpu_seconds();
        CHECK(verify_recording(text, length, &data, UNRANKED, &result));
        double took = cpu_seconds() - start;
        printf("%zu bytes, %d commands%s: verified in %.3f s of CPU\n", length, result.commands,
               checked ? ", a checkpoint after each" : "", took);
        CHECK(length <= VERIFY_MAX_BYTES && result.commands > (checked ? 10000 : 100000));
        CHECK(took < most);
        free(text);
    }
}

int main(void)
{
    load_shipped_data(&data);
    test_genuine();
    test_goldens();
    test_forgeries();
    test_played_before_refused();
    test_bytes();
    test_too_many_commands();
    test_json();
    test_bounded();
    data_free(&data);
    return check_done("test_verify");
}
